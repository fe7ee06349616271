"""The symbols of Stars and Bars cards and the patterns that fill them, as plain geometry.

A symbol is a polygon in a unit box (1 high, centred on the origin, y down): a star, a
bar, or one of a few more shapes a teacher's deck may name.  A pattern says how the
inside is inked, so that the colour of a card is told by its pattern too (solid, stripes,
dots...) when the card is printed in grey or looked at by a child who does not see red
and green apart.  Stripes and dots are cut to the polygon here, in plain arithmetic, so
no clip path or pattern fill is left to an SVG or PDF reader that might drop it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]


def _star(points: int = 5, inner: float = 0.5) -> tuple[Point, ...]:
    raw = []
    for i in range(2 * points):
        radius = 1.0 if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        raw.append((radius * math.cos(angle), radius * math.sin(angle)))
    return _unit(raw)


def _rounded_rect(width: float, radius: float) -> tuple[Point, ...]:
    """A ``width`` x 1 rectangle whose corners are quarter circles of ``radius``."""
    half_w, half_h = width / 2, 0.5
    pts: list[Point] = []
    corners = ((half_w - radius, -half_h + radius, -90), (half_w - radius, half_h - radius, 0),
               (-half_w + radius, half_h - radius, 90), (-half_w + radius, -half_h + radius, 180))
    for cx, cy, start in corners:
        for step in range(7):
            angle = math.radians(start + 15 * step)
            pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(pts)


def _regular(sides: int, turn: float = 0.0) -> tuple[Point, ...]:
    return _unit([(math.cos(turn + 2 * math.pi * i / sides),
                   math.sin(turn + 2 * math.pi * i / sides)) for i in range(sides)])


def _unit(points: Sequence[Point]) -> tuple[Point, ...]:
    """``points`` scaled to 1 high and centred on the origin."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    scale = 1 / (max(ys) - min(ys))
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return tuple(((x - mx) * scale, (y - my) * scale) for x, y in points)


_ARM = 0.17
SHAPES: dict[str, tuple[Point, ...]] = {
    "star": _star(),
    "bar": _rounded_rect(0.42, 0.07),
    "circle": _regular(48),
    "triangle": _regular(3, -math.pi / 2),
    "square": _unit([(-1, -1), (1, -1), (1, 1), (-1, 1)]),
    "diamond": _unit([(0, -1), (0.72, 0), (0, 1), (-0.72, 0)]),
    "hexagon": _regular(6),
    "cross": _unit([(-_ARM, -0.5), (_ARM, -0.5), (_ARM, -_ARM), (0.5, -_ARM), (0.5, _ARM),
                    (_ARM, _ARM), (_ARM, 0.5), (-_ARM, 0.5), (-_ARM, _ARM), (-0.5, _ARM),
                    (-0.5, -_ARM), (-_ARM, -_ARM)]),
}
"""Every shape a card can draw, by the word a deck writes for it."""
SHAPE_WORDS = {**{name: name for name in SHAPES}, "stars": "star", "bars": "bar",
               "stripe": "bar", "line": "bar", "dot": "circle", "round": "circle",
               "ring": "circle", "box": "square", "rhombus": "diamond", "plus": "cross"}
"""Other words for the shapes."""

PATTERNS = ("solid", "stripes", "dots", "outline", "crosshatch", "bands")
"""The fillings, in the order a colour attribute's values take them."""


def aspect(shape: str) -> float:
    """Width over height of a shape."""
    xs = [x for x, _ in SHAPES[shape]]
    return max(xs) - min(xs)


@dataclass(frozen=True)
class Placed:
    """A shape drawn ``size`` mm high, centred on (x, y)."""

    shape: str
    x: float
    y: float
    size: float

    def polygon(self) -> tuple[Point, ...]:
        """Its corners on the card."""
        return tuple((self.x + px * self.size, self.y + py * self.size)
                     for px, py in SHAPES[self.shape])

    def path(self) -> str:
        """SVG path data of its outline."""
        return "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in self.polygon()) + " Z"


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def hatch(polygon: Sequence[Point], angle: float, pitch: float
          ) -> list[tuple[Point, Point]]:
    """Parallel lines ``pitch`` apart at ``angle`` (radians from the x axis) across the
    inside of ``polygon``, cut to it: each as (start, end)."""
    cos, sin = math.cos(angle), math.sin(angle)
    # turn the polygon so the lines run along x, cut them there, turn the pieces back
    turned = [(x * cos + y * sin, -x * sin + y * cos) for x, y in polygon]
    ys = [y for _, y in turned]
    low, high = min(ys), max(ys)
    segments = []
    for k in range(math.floor(low / pitch) - 1, math.ceil(high / pitch) + 1):
        y = (k + 0.5) * pitch
        crossings = []
        for (ax, ay), (bx, by) in zip(turned, turned[1:] + turned[:1], strict=True):
            if (ay <= y < by) or (by <= y < ay):
                crossings.append(ax + (y - ay) * (bx - ax) / (by - ay))
        crossings.sort()
        for a, b in zip(crossings[::2], crossings[1::2], strict=True):
            segments.append(((a * cos - y * sin, a * sin + y * cos),
                             (b * cos - y * sin, b * sin + y * cos)))
    return segments


def inside(polygon: Sequence[Point], point: Point, margin: float) -> bool:
    """Whether ``point`` lies inside ``polygon`` and at least ``margin`` from its edges."""
    px, py = point
    crossings = 0
    for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (ay <= py < by or by <= py < ay) and ax + (py - ay) * (bx - ax) / (by - ay) > px:
            crossings += 1
        length = math.hypot(bx - ax, by - ay)
        t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length ** 2))
        if math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay)) < margin:
            return False
    return crossings % 2 == 1


def dots(polygon: Sequence[Point], pitch: float, radius: float) -> list[Point]:
    """Centres of dots of ``radius`` on a staggered grid ``pitch`` apart, every dot whole
    inside ``polygon``."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    rows = int((max(ys) - min(ys)) / pitch / 2) + 2
    cols = int((max(xs) - min(xs)) / pitch / 2) + 2
    found = []
    for row in range(-rows, rows + 1):
        shift = pitch / 2 if row % 2 else 0.0
        for col in range(-cols, cols + 1):
            point = (cx + col * pitch + shift, cy + row * pitch * 0.87)
            if inside(polygon, point, radius * 1.6):
                found.append(point)
    return found
