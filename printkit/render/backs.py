"""Card backs: printkit's pattern (a colour, a faint repeating motif, an optional title band
and frame), and the backs a definition draws itself with a layout or a picture
(:mod:`printkit.definition.backs` fills them in for each card; :func:`render_drawn` places
the shapes).

Three things matter on paper.  The motif is faint through a *fill* opacity on each of its
shapes (``opacity``), not a group ``opacity``, which svglib drops on the way into the PDF
(the motif then printed solid white); each fill opacity becomes a graphics state (``/ca``)
of the card's PDF form.  The title sits on a band that runs across the whole card, bleed
included, and no motif shape is cut by it: shapes that would touch the band are left out.
A frame, when asked for, lies on the safe line with the motif continuing past it into the
bleed, so a cut a millimetre off shows as nothing (a thin frame near the cut would show
every error).

The motif is laid out symmetrically about the card's centre, so a back looks the same
whichever way round it is cut or held.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

import svgwrite

from printkit.definition.options import option
from printkit.definition.schema import Colour, Length, Number, Text
from printkit.definition.shapes import LayoutFace, LayoutOptions
from printkit.render.elements import layout_svg
from printkit.render.kindtypes import BackKind
from printkit.render.svg import (
    Box,
    Frame,
    fill_bleed,
    new_drawing,
    num,
    star_box,
    star_points,
    text,
)
from printkit.render.svgtext import svg_text
from printkit.render.text import title_svg
from printkit.units import MM

BAND_CLEARANCE = 0.8
"""Room (mm) kept between the title band and the nearest motif shape."""


@dataclass(frozen=True)
class PatternOptions:
    """How a patterned back looks (``border`` in points)."""

    background: str = option(Colour("back colour"), "#1f3a6e")
    ink: str = option(Colour("motif and title colour"), "#ffffff")
    motif: str = option(Text("the repeating motif", choices=("stars", "stripes", "dots", "none")),
                        "stars")
    title: str = option(Text("words on a band across the middle (empty: none)"), "")
    band: str = option(Colour("colour of the title band (empty: the back colour)"), "")
    border: float = option(Length("width of a frame line on the safe line (0: no frame)",
                                  maximum=3 * MM), 0.0)
    density: int = option(Number("motifs across the card", minimum=2, maximum=20), 6)
    opacity: float = option(Number("how strongly the motif shows, from 0.05 to 1",
                                   minimum=0.05, maximum=1.0, integer=False), 0.28)


def _band(frame: Frame, options: PatternOptions) -> Box | None:
    """The title band: full width, bleed included, centred on the card; None without a title."""
    if not options.title:
        return None
    height = frame.height * 0.17
    return Box(-frame.bleed, (frame.height - height) / 2, frame.width + 2 * frame.bleed, height)


def _clear_of(box: Box, band: Box | None) -> bool:
    """True if ``box`` keeps :data:`BAND_CLEARANCE` away from the band."""
    if band is None:
        return True
    room = Box(band.x, band.y - BAND_CLEARANCE, band.w, band.h + 2 * BAND_CLEARANCE)
    return not box.overlaps(room)


def _motifs(drawing: svgwrite.Drawing, frame: Frame, options: PatternOptions,
            band: Box | None) -> list[svgwrite.base.BaseElement]:
    """The motif shapes, each with its fill opacity, none touching the band."""
    ink, alpha = options.ink, num(options.opacity)
    across = int(options.density)
    pitch = frame.width / across
    rows = max(1, round(frame.height / pitch))
    pitch_y = frame.height / rows
    shapes: list[svgwrite.base.BaseElement] = []
    if options.motif == "stripes":
        for row in range(rows):
            if row % 2:
                continue
            top, bottom = row * pitch_y, row * pitch_y + pitch_y / 2
            spans = [(top, bottom)]
            if band is not None:  # cut the stripe where it would run under the band
                low, high = band.y - BAND_CLEARANCE, band.y + band.h + BAND_CLEARANCE
                spans = [(a, b) for a, b in ((top, min(bottom, low)), (max(top, high), bottom))
                         if b - a > 0.3]
            for a, b in spans:
                shapes.append(drawing.rect((num(-frame.bleed), num(a)),
                                           (num(frame.width + 2 * frame.bleed), num(b - a)),
                                           fill=ink, fill_opacity=alpha))
    elif options.motif in ("stars", "dots"):
        view = Box(-frame.bleed, -frame.bleed, frame.width + 2 * frame.bleed,
                   frame.height + 2 * frame.bleed)
        for row in range(-1, rows + 1):
            for col in range(-1, across + 1):
                cx = (col + 0.5 + (0.5 if row % 2 else 0)) * pitch
                cy = (row + 0.5) * pitch_y
                if options.motif == "stars":
                    radius = pitch * 0.28
                    box = star_box(cx, cy, radius)
                    if box.overlaps(view) and _clear_of(box, band):
                        shapes.append(drawing.path(d=star_points(cx, cy, radius), fill=ink,
                                                   fill_opacity=alpha))
                else:
                    radius = pitch * 0.15
                    box = Box(cx - radius, cy - radius, 2 * radius, 2 * radius)
                    if box.overlaps(view) and _clear_of(box, band):
                        shapes.append(drawing.circle((num(cx), num(cy)), num(radius),
                                                     fill=ink, fill_opacity=alpha))
    return shapes


def render_pattern(frame: Frame, options: PatternOptions, title: str) -> str:
    """SVG text of a patterned card back."""
    drawing = new_drawing(frame, f"back of {title}")
    fill_bleed(drawing, frame, options.background)
    band = _band(frame, options)
    for shape in _motifs(drawing, frame, options, band):
        drawing.add(shape)
    border = options.border / MM
    if border > 0:  # on the safe line: a slightly uneven cut leaves it looking straight
        inset = frame.safe
        drawing.add(drawing.rect((num(inset), num(inset)),
                                 (num(frame.width - 2 * inset), num(frame.height - 2 * inset)),
                                 fill="none", stroke=options.ink, stroke_width=num(border)))
    if band is not None:
        rule = max(0.25, band.h * 0.035)
        drawing.add(drawing.rect((num(band.x), num(band.y)), (num(band.w), num(band.h)),
                                 fill=options.band or options.background))
        for y in (band.y + rule * 1.5, band.y + band.h - rule * 2.5):
            drawing.add(drawing.rect((num(band.x), num(y)), (num(band.w), num(rule)),
                                     fill=options.ink))
        label = options.title
        room = frame.width - 2 * frame.safe - 2
        size = min(band.h * 0.42, room / (0.66 * len(label)))
        # in the game's font stack; the house font's title is drawn as it always was
        stacked = title_svg(label, frame.width / 2, frame.height / 2, size, options.ink)
        if stacked is None:
            text(drawing, drawing, label, frame.width / 2, frame.height / 2, size, options.ink)
        else:
            head, tail = svg_text(drawing).rsplit("</svg>", 1)
            return head + stacked + "</svg>" + tail
    return svg_text(drawing)


def render_drawn(frame: Frame, options: LayoutOptions, title: str) -> str:
    """SVG text of a back the definition draws: a layout filled in with a card's fields, or
    a picture over the whole card (the loader made either into shapes)."""
    if not isinstance(options, LayoutFace):
        raise TypeError("a back drawn by a layout or an image was not filled in by the loader")
    return layout_svg(options.shapes, frame, f"back of {escape(title)}")


PATTERN = BackKind("pattern", "A back with a faint repeating motif, an optional title band "
                   "and an optional frame on the safe line.", PatternOptions, render_pattern)
LAYOUT = BackKind("layout", "A back drawn from a layout of the definition (layout: NAME), "
                  "filled in with each card's fields as a face is; it takes no options.",
                  LayoutOptions, render_drawn)
IMAGE = BackKind("image", "A picture beside the definition (image: FILE) over the whole card "
                 "and its bleed (fit: cover, contain or stretch); it takes no options.",
                 LayoutOptions, render_drawn)
GENERIC_BACK_KINDS = (PATTERN, LAYOUT, IMAGE)
"""The back kinds every definition may use."""
