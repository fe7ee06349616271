"""The suit symbols of the Stars deck: a skull, a shield, a wand and a leaf, as vector paths.

Each symbol is told apart by its outline before its colour, so the suits stay distinct in
greyscale print and for players who do not see red and green apart: the skull is round
on top with a square jaw, the shield flat on top and pointed below, the wand a star on a
thin staff, the leaf pointed at both ends on a stem.  The holes (eyes, teeth, the shield's
inner border, the leaf's veins) are wound against the outline, so the default non-zero
fill rule leaves them open in every SVG and PDF reader; no hole overlaps a second piece of
outline, where the windings would cancel.

The shapes use :class:`printkit.render.faces.suits.Shape`: 1 high, centred on the origin,
so they scale, move and turn like the French suits.
"""

from __future__ import annotations

import math

from printkit.render.faces.suits import Point, Segment, Shape

_K = 0.5523
"""Control distance of a quarter circle drawn as a cubic Bezier curve (radius 1)."""


def _ellipse(cx: float, cy: float, rx: float, ry: float, *, hole: bool = False
             ) -> tuple[Segment, ...]:
    """An ellipse, clockwise on the page (anticlockwise when it is a ``hole``)."""
    sx = -1.0 if hole else 1.0
    kx, ky = _K * rx * sx, _K * ry
    ex = rx * sx
    return (
        ("M", ((cx, cy - ry),)),
        ("C", ((cx + kx, cy - ry), (cx + ex, cy - ky), (cx + ex, cy))),
        ("C", ((cx + ex, cy + ky), (cx + kx, cy + ry), (cx, cy + ry))),
        ("C", ((cx - kx, cy + ry), (cx - ex, cy + ky), (cx - ex, cy))),
        ("C", ((cx - ex, cy - ky), (cx - kx, cy - ry), (cx, cy - ry))),
        ("Z", ()),
    )


def _polygon(points: list[Point], *, hole: bool = False) -> tuple[Segment, ...]:
    """A closed polygon wound clockwise on the page (anticlockwise for a ``hole``),
    whichever way ``points`` run."""
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
               in zip(points, points[1:] + points[:1], strict=True))
    clockwise = area > 0  # y grows downwards, so a positive area turns clockwise
    if clockwise == hole:
        points = points[::-1]
    return (("M", (points[0],)), *(("L", (p,)) for p in points[1:]), ("Z", ()))


def _slit(a: Point, b: Point, width: float) -> tuple[Segment, ...]:
    """A thin hole from ``a`` to ``b``, pointed at both ends."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length * width / 2, (bx - ax) / length * width / 2
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return _polygon([a, (mx + nx, my + ny), b, (mx - nx, my - ny)], hole=True)


def _star(cx: float, cy: float, outer: float, inner: float) -> tuple[Segment, ...]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _polygon(points)


SKULL = Shape((
    ("M", ((0.0, -0.5),)),
    ("C", ((0.23, -0.5), (0.41, -0.32), (0.41, -0.09))),
    ("C", ((0.41, 0.03), (0.38, 0.11), (0.32, 0.16))),
    ("C", ((0.27, 0.2), (0.25, 0.22), (0.25, 0.27))),
    ("L", ((0.25, 0.43),)),
    ("C", ((0.25, 0.47), (0.22, 0.5), (0.18, 0.5))),
    ("L", ((-0.18, 0.5),)),
    ("C", ((-0.22, 0.5), (-0.25, 0.47), (-0.25, 0.43))),
    ("L", ((-0.25, 0.27),)),
    ("C", ((-0.25, 0.22), (-0.27, 0.2), (-0.32, 0.16))),
    ("C", ((-0.38, 0.11), (-0.41, 0.03), (-0.41, -0.09))),
    ("C", ((-0.41, -0.32), (-0.23, -0.5), (0.0, -0.5))),
    ("Z", ()),
    *_ellipse(-0.155, -0.05, 0.115, 0.105, hole=True),
    *_ellipse(0.155, -0.05, 0.115, 0.105, hole=True),
    *_polygon([(0.0, 0.08), (0.055, 0.19), (-0.055, 0.19)], hole=True),
    *_polygon([(-0.125, 0.31), (-0.075, 0.31), (-0.075, 0.44), (-0.125, 0.44)], hole=True),
    *_polygon([(-0.025, 0.31), (0.025, 0.31), (0.025, 0.44), (-0.025, 0.44)], hole=True),
    *_polygon([(0.075, 0.31), (0.125, 0.31), (0.125, 0.44), (0.075, 0.44)], hole=True),
))
"""Skulls: a round cranium over a square jaw, with eyes, nose and teeth cut out."""


def _heater(inset: float) -> list[Point]:
    """The outline of a heater shield moved ``inset`` inwards, as a polygon: a flat top,
    straight sides, then two arcs (each centred on the other side) meeting in a point."""
    half = 0.4 - inset
    top, bottom = -0.5 + inset, 0.5 - 2 * inset
    shoulder = bottom - half * math.sqrt(3)
    start = math.atan2(0.0, 2 * half)
    end = math.atan2(bottom - shoulder, half)
    right = []
    steps = 10
    for i in range(steps + 1):  # the right flank: an arc centred on the left shoulder
        angle = start + (end - start) * i / steps
        right.append((-half + 2 * half * math.cos(angle), shoulder + 2 * half * math.sin(angle)))
    left = [(-x, y) for x, y in reversed(right[:-1])]
    return [(-half, top), (half, top), *right, *left]


SHIELD = Shape((
    *_polygon(_heater(0.0)),
    *_polygon(_heater(0.075), hole=True),
    *_polygon(_heater(0.15)),
))
"""Shields: a heater shield, flat on top and pointed below, with an inner border."""

WAND = Shape((
    *_star(0.0, -0.215, 0.285, 0.14),
    *_polygon([(-0.065, -0.14), (0.065, -0.14), (0.065, 0.4), (-0.065, 0.4)]),
    *_polygon([(-0.11, 0.16), (0.11, 0.16), (0.11, 0.25), (-0.11, 0.25)]),
    *_ellipse(0.0, 0.425, 0.075, 0.075),
))
"""Wands: a five-pointed star on a staff with a grip and a knob."""

LEAF = Shape((
    ("M", ((0.0, -0.5),)),
    ("C", ((0.2, -0.36), (0.34, -0.18), (0.33, 0.02))),
    ("C", ((0.32, 0.2), (0.16, 0.3), (0.04, 0.33))),
    ("L", ((0.045, 0.5),)),
    ("L", ((-0.045, 0.5),)),
    ("L", ((-0.04, 0.33),)),
    ("C", ((-0.16, 0.3), (-0.32, 0.2), (-0.33, 0.02))),
    ("C", ((-0.34, -0.18), (-0.2, -0.36), (0.0, -0.5))),
    ("Z", ()),
    *_slit((0.0, -0.36), (0.0, 0.27), 0.05),
    *_slit((0.03, -0.06), (0.2, -0.2), 0.035),
    *_slit((-0.03, -0.06), (-0.2, -0.2), 0.035),
    *_slit((0.03, 0.11), (0.21, -0.01), 0.035),
    *_slit((-0.03, 0.11), (-0.21, -0.01), 0.035),
))
"""Leaves: a leaf pointed at both ends, on a short stem, its veins cut out."""

ICONS: dict[str, Shape] = {"skull": SKULL, "shield": SHIELD, "wand": WAND, "leaf": LEAF}
"""The symbols a suit may name (``icon: skull``)."""
