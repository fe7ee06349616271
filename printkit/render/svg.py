"""Shared pieces of every SVG card face: the canvas with bleed, shapes, text.

All faces are drawn in millimetres in *trim coordinates*: (0, 0) is the top-left corner
of the cut card and the bleed extends to negative coordinates and past the far edges.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import svgwrite
import svgwrite.container

from printkit.units import MM

FONT_FAMILY = "Vera, Bitstream Vera Sans, DejaVu Sans, sans-serif"
"""SVG ``font-family`` of the shipped font: Vera first (the name the PDF writer registers and
the preview serves its file under), then what another viewer may have instead (the same list
as :attr:`printkit.definition.fonts.FontFamily.css` gives the shipped family)."""

CAP_HEIGHT = 0.73
"""Height of a capital or digit of Bitstream Vera, as a fraction of the font size."""


@dataclass(frozen=True)
class Frame:
    """A card's geometry in millimetres."""

    width: float
    height: float
    bleed: float
    safe: float

    @classmethod
    def from_points(cls, width: float, height: float, bleed: float, safe: float) -> Frame:
        """A frame from lengths in points (the model's unit)."""
        return cls(round(width / MM, 4), round(height / MM, 4), round(bleed / MM, 4),
                   round(safe / MM, 4))


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in millimetres (used to test that nothing overlaps)."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
        """True if the two boxes share any area."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)

    def inside(self, other: Box) -> bool:
        """True if this box lies entirely within ``other``."""
        eps = 1e-9
        return (self.x >= other.x - eps and self.y >= other.y - eps
                and self.x + self.w <= other.x + other.w + eps
                and self.y + self.h <= other.y + other.h + eps)


@functools.lru_cache(maxsize=1 << 16)
def num(value: float) -> str:
    """A coordinate written compactly and the same way on every machine (faces repeat the
    same coordinates often enough that remembering them is four times faster)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def new_drawing(frame: Frame, title: str) -> svgwrite.Drawing:
    """An empty face whose view box covers the card and its bleed."""
    full_w = frame.width + 2 * frame.bleed
    full_h = frame.height + 2 * frame.bleed
    drawing = svgwrite.Drawing(
        size=(f"{num(full_w)}mm", f"{num(full_h)}mm"),
        viewBox=f"{num(-frame.bleed)} {num(-frame.bleed)} {num(full_w)} {num(full_h)}",
        profile="full",
        debug=False,
    )
    drawing.set_desc(title=title)
    return drawing


def fill_bleed(drawing: svgwrite.Drawing, frame: Frame, colour: str) -> None:
    """Paint the whole face, bleed included, in one colour."""
    drawing.add(drawing.rect(
        (num(-frame.bleed), num(-frame.bleed)),
        (num(frame.width + 2 * frame.bleed), num(frame.height + 2 * frame.bleed)),
        fill=colour))


def star_points(cx: float, cy: float, outer: float, inner_ratio: float = 0.382) -> str:
    """Path data of a five-pointed star, point up, centred on (cx, cy)."""
    coords = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + i * math.pi / 5
        coords.append(f"{num(cx + radius * math.cos(angle))} {num(cy + radius * math.sin(angle))}")
    return "M" + " L".join(coords) + " Z"


def star_box(cx: float, cy: float, outer: float) -> Box:
    """Bounding box of :func:`star_points` (the top point and the two lower points)."""
    low = outer * math.cos(math.pi / 5)
    half = outer * math.sin(2 * math.pi / 5)
    return Box(cx - half, cy - outer, 2 * half, outer + low)


def text(drawing: svgwrite.Drawing, parent: svgwrite.container.Group | svgwrite.Drawing,
         content: str, x: float, y_centre: float, size: float, colour: str, *,
         bold: bool = True, anchor: str = "middle") -> Box:
    """Text whose digits are centred vertically on ``y_centre``; returns its box."""
    baseline = y_centre + size * CAP_HEIGHT / 2
    element = drawing.text(content, insert=(num(x), num(baseline)), fill=colour,
                           font_family=FONT_FAMILY, font_size=num(size),
                           font_weight="bold" if bold else "normal", text_anchor=anchor)
    parent.add(element)
    width = size * 0.7 * len(content)
    left = {"middle": x - width / 2, "start": x, "end": x - width}[anchor]
    return Box(left, y_centre - size * CAP_HEIGHT / 2, width, size * CAP_HEIGHT)


def deck_mark(drawing: svgwrite.Drawing, frame: Frame, mark: str, colour: str,
              *, corner: str = "bottom-left") -> Box:
    """A small circled letter that tells which deck a card belongs to."""
    radius = 2.4
    cx = frame.safe + radius if "left" in corner else frame.width - frame.safe - radius
    cy = frame.height - frame.safe - radius if "bottom" in corner else frame.safe + radius
    drawing.add(drawing.circle((num(cx), num(cy)), num(radius), fill="none", stroke=colour,
                               stroke_width="0.35"))
    text(drawing, drawing, mark, cx, cy, 2.8, colour)
    return Box(cx - radius, cy - radius, 2 * radius, 2 * radius)
