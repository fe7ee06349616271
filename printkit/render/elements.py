"""The elements of a layout drawn as SVG: shapes, icons, images and text, in millimetres in
trim coordinates (see :mod:`printkit.render.svg`).

Each function takes a settled shape (:mod:`printkit.definition.shapes`) and the card's frame, and
returns SVG text.  Lengths given as percentages are taken of the card's width (x, widths,
radii) or height (y, heights) here, so one layout serves cards of every size.
"""

from __future__ import annotations

import base64
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.definition.layouts import Box, Measure
from printkit.definition.shapes import (
    EllipseShape,
    IconShape,
    ImageShape,
    InlineIcon,
    LineShape,
    Paint,
    Placement,
    PolygonShape,
    RectShape,
    Shape,
    TextShape,
)
from printkit.definition.svgsafe import Drawing
from printkit.errors import DefinitionError, Problem
from printkit.render import picturemarks
from printkit.render.svg import Frame, num
from printkit.render.text import TextDoesNotFit, fit_text, text_svg
from printkit.units import MM

PRINT_DPI = 300
"""Resolution below which a raster image is reported as too coarse for print."""


class ImageResolutionWarning(UserWarning):
    """A raster image prints under :data:`PRINT_DPI` at the size it is placed."""


_WARNED: dict[str | tuple[str, type[Warning], int], int] = {}
"""The warnings registry: each warning is printed once per run."""


@dataclass(frozen=True)
class Area:
    """A box in millimetres."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the box."""
        return self.x + self.w / 2, self.y + self.h / 2


def length(measure: Measure, extent: float) -> float:
    """Millimetres of ``measure`` on a card side ``extent`` millimetres long."""
    return measure.value * extent / 100 if measure.percent else measure.value / MM


def area(box: Box, frame: Frame, *, bleed: bool = False) -> Area:
    """The box in millimetres; with ``bleed``, edges on the card's edge run into the bleed."""
    x, y = length(box.x, frame.width), length(box.y, frame.height)
    w, h = length(box.width, frame.width), length(box.height, frame.height)
    if bleed:
        eps = 1e-6
        right, bottom = x + w, y + h
        if x <= eps:
            x -= frame.bleed
        if y <= eps:
            y -= frame.bleed
        if right >= frame.width - eps:
            right += frame.bleed
        if bottom >= frame.height - eps:
            bottom += frame.bleed
        w, h = right - x, bottom - y
    return Area(x, y, w, h)


def _paint(paint: Paint, opacity: float) -> str:
    stroke = paint.stroke if paint.stroke_width > 0 else "none"
    text = f'fill="{paint.fill}" stroke="{stroke}"'
    if stroke != "none":
        text += f' stroke-width="{num(paint.stroke_width / MM)}"'
    if opacity < 1:
        text += f' fill-opacity="{num(opacity)}" stroke-opacity="{num(opacity)}"'
    return text


def _turned(place: Placement, where: Area, body: str) -> str:
    """``body`` turned about the box's centre when the element asks for it."""
    if not place.rotate or not body:
        return body
    cx, cy = where.centre
    return f'<g transform="rotate({num(place.rotate)} {num(cx)} {num(cy)})">{body}</g>'


def draw_shape(shape: Shape, frame: Frame, index: int) -> str:
    """SVG of one shape (``index`` keeps the names of clipping paths apart)."""
    if isinstance(shape, TextShape):
        return draw_text(shape, frame)
    where = area(shape.place.box, frame, bleed=shape.place.bleed)
    if isinstance(shape, RectShape):
        radius = min(length(shape.radius, frame.width), where.w / 2, where.h / 2)
        rounded = f' rx="{num(radius)}" ry="{num(radius)}"' if radius > 0 else ""
        body = (f'<rect x="{num(where.x)}" y="{num(where.y)}" width="{num(where.w)}" '
                f'height="{num(where.h)}"{rounded} {_paint(shape.paint, shape.place.opacity)}/>')
    elif isinstance(shape, EllipseShape):
        cx, cy = where.centre
        body = (f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(where.w / 2)}" '
                f'ry="{num(where.h / 2)}" {_paint(shape.paint, shape.place.opacity)}/>')
    elif isinstance(shape, PolygonShape):
        corners = (_regular(shape.sides, shape.flat, where) if shape.sides
                   else [_point(p, frame) for p in shape.points])
        body = (f'<polygon points="{_points(corners)}" '
                f'{_paint(shape.paint, shape.place.opacity)}/>')
    elif isinstance(shape, LineShape):
        paint = Paint("none", shape.paint.stroke, shape.paint.stroke_width)
        body = (f'<polyline points="{_points([_point(p, frame) for p in shape.points])}" '
                f'{_paint(paint, shape.place.opacity)}/>')
    elif isinstance(shape, IconShape):
        body = _drawing(shape.icon.drawing, where, shape.fill, shape.place.opacity)
    else:
        body = draw_image(shape, where, index)
    return _turned(shape.place, where, body)


def _point(point: tuple[Measure, Measure], frame: Frame) -> tuple[float, float]:
    return length(point[0], frame.width), length(point[1], frame.height)


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def _regular(sides: int, flat: bool, where: Area) -> list[tuple[float, float]]:
    """The corners of a regular polygon, as large as fits ``where``, centred in it."""
    start = -math.pi / 2 + (math.pi / sides if flat else 0.0)
    unit = [(math.cos(start + 2 * math.pi * i / sides), math.sin(start + 2 * math.pi * i / sides))
            for i in range(sides)]
    xs, ys = [p[0] for p in unit], [p[1] for p in unit]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(where.w / span_x, where.h / span_y)
    cx, cy = where.centre
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [(cx + (x - mid_x) * scale, cy + (y - mid_y) * scale) for x, y in unit]


def _drawing(drawing: Drawing, where: Area, fill: str | None, opacity: float) -> str:
    """A vector drawing as large as fits ``where``, centred (``fill`` colours parts that
    have no colour of their own and stands for ``currentColor``)."""
    vw, vh = drawing.view_box[2:]
    scale = min(where.w / vw, where.h / vh)
    left = where.x + (where.w - vw * scale) / 2
    top = where.y + (where.h - vh * scale) / 2
    return _placed(drawing, left, top, scale, fill, opacity)


def _placed(drawing: Drawing, left: float, top: float, scale: float, fill: str | None,
            opacity: float, *, strokes: bool = True) -> str:
    """The drawing's shapes placed and scaled in a group that gives them ``fill`` and
    ``opacity`` (on strokes too unless ``strokes`` is false), noted so that a PDF draws
    each different picture once (:mod:`printkit.render.picturemarks`)."""
    vx, vy = drawing.view_box[:2]
    body = drawing.body
    colour = ""
    if fill is not None:
        body = body.replace('"currentColor"', f'"{fill}"')
        colour = f' fill="{fill}"'
    if opacity < 1:
        colour += f' fill-opacity="{num(opacity)}"'
        if strokes:
            colour += f' stroke-opacity="{num(opacity)}"'
    tag = (f'<g transform="translate({num(left)} {num(top)}) scale({scale:.6g}) '
           f'translate({num(-vx)} {num(-vy)})"{colour}>')
    return _group(tag, body, drawing)


def _group(tag: str, body: str, drawing: Drawing) -> str:
    """A picture's shapes in the group ``tag`` opens, noted so that a PDF draws the picture
    once however many faces show it (:mod:`printkit.render.picturemarks`)."""
    picturemarks.note(tag, body, drawing.view_box)
    return f"{tag}{body}</g>"


def inline_icon(icon: InlineIcon, x: float, y: float, height: float, fill: str,
                opacity: float = 1.0) -> str:
    """An icon of running text: ``height`` tall, its left edge at ``x``, its top at ``y``.

    The text's group gives its fill an ``opacity``; the icon's own group repeats it (an
    inherited property set again to the same value), so the icon drawn apart from the face
    in a PDF keeps it, and its strokes stay as the text's group left them."""
    drawing = icon.icon.drawing
    return _placed(drawing, x, y, height / drawing.view_box[3], fill, opacity,
                   strokes=False)


def draw_image(shape: ImageShape, where: Area, index: int) -> str:
    """An image placed by its fit, clipped to the box when it covers it; warns when a raster
    image would print under :data:`PRINT_DPI`."""
    picture = shape.picture
    aspect = picture.aspect
    w, h = where.w, where.h
    if shape.fit != "stretch":
        grow = max if shape.fit == "cover" else min
        w = grow(where.w, where.h * aspect)
        h = w / aspect
    x, y = where.x + (where.w - w) / 2, where.y + (where.h - h) / 2
    if picture.drawing is not None:
        vx, vy, vw, vh = picture.drawing.view_box
        if shape.fit != "stretch":
            body = _placed(picture.drawing, x, y, w / vw, None, shape.place.opacity)
        else:
            body = _group(f'<g transform="translate({num(x)} {num(y)}) scale({w / vw:.6g} '
                          f'{h / vh:.6g}) translate({num(-vx)} {num(-vy)})">',
                          picture.drawing.body, picture.drawing)
    else:
        _check_resolution(shape, w, h)
        data = base64.b64encode(picture.data).decode("ascii")
        body = (f'<image x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
                f'preserveAspectRatio="none" '
                f'xlink:href="data:image/{picture.kind};base64,{data}"/>')
    if shape.fit != "cover":
        return body
    clip = f"pk-clip-{index}"
    return (f'<clipPath id="{clip}"><rect x="{num(where.x)}" y="{num(where.y)}" '
            f'width="{num(where.w)}" height="{num(where.h)}"/></clipPath>'
            f'<g clip-path="url(#{clip})">{body}</g>')


def _check_resolution(shape: ImageShape, width: float, height: float) -> None:
    """Warn (once per run and place) when the image prints under :data:`PRINT_DPI`."""
    pixels_w, pixels_h = shape.picture.pixels
    dpi = min(pixels_w / (width / 25.4), pixels_h / (height / 25.4))
    if dpi >= PRINT_DPI - 0.5:
        return
    need_w = math.ceil(width / 25.4 * PRINT_DPI)
    need_h = math.ceil(height / 25.4 * PRINT_DPI)
    message = (f"card {shape.card!r}: {shape.picture.shown} ({pixels_w} x {pixels_h} pixels) "
               f"prints at {dpi:.0f} dpi at {width:.1f} x {height:.1f} mm, under the "
               f"{PRINT_DPI} dpi print needs: use an image of at least {need_w} x {need_h} "
               "pixels")
    warnings.warn_explicit(message, ImageResolutionWarning, shape.where.file,
                           shape.where.line, registry=_WARNED)


def draw_text(shape: TextShape, frame: Frame) -> str:
    """Text fitted in its box; raises :class:`~printkit.render.text.TextDoesNotFit`."""
    where = area(shape.place.box, frame)
    block = fit_text(shape, where.w * MM, where.h * MM)
    fill = shape.fill

    def icon(piece: InlineIcon, x: float, y: float, height: float) -> str:
        return inline_icon(piece, x, y, height, fill, shape.place.opacity)

    body = text_svg(shape, block, (where.x, where.y, where.w, where.h), icon)
    if shape.place.opacity < 1:
        body = f'<g fill-opacity="{num(shape.place.opacity)}">{body}</g>'
    return _turned(shape.place, where, body)


def layout_svg(shapes: Sequence[Shape], frame: Frame, title: str) -> str:
    """SVG text of a card side drawn from filled-in layout shapes (a face, or a back drawn by
    a layout or a picture), over the card and its bleed; ``title`` is the SVG ``<title>``'s
    text as written.  Text that does not fit is one problem per shape, all reported at once."""
    parts: list[str] = []
    problems: list[Problem] = []
    for index, shape in enumerate(shapes):
        try:
            parts.append(draw_shape(shape, frame, index))
        except TextDoesNotFit as exc:
            assert isinstance(shape, TextShape)
            problems.append(Problem(f"card {shape.card!r}: {shape.subject} does not fit its "
                                    f"box: {exc}; {exc.advice}", shape.where))
    if problems:
        raise DefinitionError(problems)
    full_w, full_h = frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'version="1.1" width="{num(full_w)}mm" height="{num(full_h)}mm" '
            f'viewBox="{num(-frame.bleed)} {num(-frame.bleed)} {num(full_w)} {num(full_h)}">'
            f"<title>{title}</title>{''.join(parts)}</svg>")
