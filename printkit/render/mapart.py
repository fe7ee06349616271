"""The icons, pictures and side features (rivers, roads, walls) of a board from YAML, as SVG
fragments in the board's millimetres (:mod:`printkit.render.grids` draws the rest).

An icon or picture stands in the middle of its space, as large as a share of the space
(:data:`ART_SHARE`), with room left above for the space's name and below for its label.
A feature drawn *along* a side is a line over that side of the outline, its ends rounded
so that a river over several sides runs on without a gap; one drawn *across* a side goes
from the space's middle to the middle of the side, so the two halves written for the two
spaces (or a run of rows) meet as one road.  Roads go under the icons (a road reaches a
town's drawing, not over it), rivers and walls over the icons and the spaces' outlines.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from printkit.definition.mapfeatures import Feature
from printkit.definition.mapspaces import Art
from printkit.definition.pictures import Icon
from printkit.definition.shapes import InlineIcon
from printkit.render.elements import inline_icon
from printkit.render.svg import Box, num

if TYPE_CHECKING:
    from printkit.render.mapspace import Space

ART_SHARE = 0.42
"""Height of a space's icon or picture, as a share of the space's size across."""

Point = tuple[float, float]


def middle(outline: Sequence[Point]) -> Point:
    """The middle of a space's outline (the mean of its corners)."""
    return (sum(p[0] for p in outline) / len(outline),
            sum(p[1] for p in outline) / len(outline))


def art_box(box: Box, side: float) -> Box:
    """Where a space's icon or picture goes: centred, :data:`ART_SHARE` of ``side``."""
    size = side * ART_SHARE
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return Box(cx - size / 2, cy - size / 2, size, size)


def art_svg(art: Art, where: Box, ink: str) -> str:
    """The icon (in ``ink``) and picture of a space, each as large as fits ``where``."""
    parts = []
    if art.picture is not None:
        picture = art.picture
        w, h = _fit(picture.aspect, where)
        x, y = where.x + (where.w - w) / 2, where.y + (where.h - h) / 2
        if picture.drawing is not None:
            parts.append(inline_icon(InlineIcon(Icon(picture.shown, picture.drawing)), x, y, h,
                                     ink))
        else:
            data = base64.b64encode(picture.data).decode("ascii")
            parts.append(f'<image x="{num(x)}" y="{num(y)}" width="{num(w)}" '
                         f'height="{num(h)}" preserveAspectRatio="none" '
                         f'xlink:href="data:image/{picture.kind};base64,{data}"/>')
    if art.icon is not None:
        view = art.icon.drawing.view_box
        w, h = _fit(view[2] / view[3], where)
        x, y = where.x + (where.w - w) / 2, where.y + (where.h - h) / 2
        parts.append(inline_icon(InlineIcon(art.icon), x, y, h, ink))
    return "".join(parts)


def _fit(aspect: float, where: Box) -> tuple[float, float]:
    """Width and height of a picture of ``aspect`` (width over height) that fits ``where``."""
    if aspect >= where.w / where.h:
        return where.w, where.w / aspect
    return where.h * aspect, where.h


def side_of(outline: Sequence[Point], angle: float) -> tuple[Point, Point]:
    """The side of ``outline`` whose middle lies in the direction ``angle`` (degrees,
    clockwise from east, y down) from the outline's middle."""
    cx, cy = middle(outline)
    want = math.radians(angle)
    best: tuple[float, Point, Point] | None = None
    for index, start in enumerate(outline):
        end = outline[(index + 1) % len(outline)]
        mx, my = (start[0] + end[0]) / 2 - cx, (start[1] + end[1]) / 2 - cy
        turn = abs(math.atan2(math.sin(math.atan2(my, mx) - want),
                              math.cos(math.atan2(my, mx) - want)))
        if best is None or turn < best[0]:
            best = (turn, start, end)
    assert best is not None
    return best[1], best[2]


def features_svg(features: Sequence[Feature], spaces: Mapping[tuple[str, int, int], Space],
                 *, across: bool) -> str:
    """The features drawn across sides (roads: ``across``) or along them (the others)."""
    lines = []
    for feature in features:
        if feature.style.across != across:
            continue
        outline = spaces[("grid", *feature.at)].outline
        start, end = side_of(outline, feature.angle)
        if across and feature.to is not None:  # from middle to middle
            start, end = middle(outline), middle(spaces[("grid", *feature.to)].outline)
        elif across:  # off the edge of the grid: from the middle to the side
            start, end = middle(outline), ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        style = feature.style
        dash = (f' stroke-dasharray="{num(style.dash)} {num(style.width * 0.6)}"'
                if style.dash > 0 else "")
        cap = "butt" if style.dash > 0 else "round"
        lines.append(f'<line x1="{num(start[0])}" y1="{num(start[1])}" x2="{num(end[0])}" '
                     f'y2="{num(end[1])}" stroke="{style.colour}" '
                     f'stroke-width="{num(style.width)}" stroke-linecap="{cap}"{dash}/>')
    return "".join(lines)
