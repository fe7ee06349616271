"""Stars and Stripes faces: the 36 cards and the Trump.

A card shows stars on a field on the left and stripes on the right.

Stars sit on a two-column, three-row grid in the pattern of a die, so every count from 1
to 6 reads at a glance; stripes have one fixed thickness and spacing whatever their count,
so that a card with more stripes is visibly taller.  The star count is repeated small in
the top-left corner and the stripe count in the bottom-right corner.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, Flag, ListOf, Text
from printkit.render.kinds import FaceKind
from printkit.render.svg import (
    Box,
    Frame,
    deck_mark,
    fill_bleed,
    new_drawing,
    num,
    star_box,
    star_points,
    text,
)
from printkit.render.svgtext import svg_text

STARS_MAX = 6
"""The most stars (and stripes) a card shows."""

# Die patterns on a grid of 2 columns x 3 rows; (column, row), 0.5 is the middle column.
DIE_PATTERNS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 1),),
    2: ((0, 0), (1, 2)),
    3: ((0, 0), (0.5, 1), (1, 2)),
    4: ((0, 0), (1, 0), (0, 2), (1, 2)),
    5: ((0, 0), (1, 0), (0.5, 1), (0, 2), (1, 2)),
    6: ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)),
}

GAP = 3.0
"""Half the clear space (mm) between the star field's content and the stripes."""
NUMERAL_SIZE = 4.6
"""Font size (mm) of the corner numerals."""


@dataclass(frozen=True)
class PipLayout:
    """Where everything on a face goes, in trim millimetres."""

    field: Box
    stars: tuple[tuple[float, float, float], ...]
    """(centre x, centre y, outer radius) of each star."""
    stripes: tuple[Box, ...]
    numerals: tuple[tuple[str, float, float, Box], ...]
    """(digits, centre x, centre y, box) of each corner numeral."""
    mark: Box | None

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn symbol's box (stars, stripes, numerals, deck mark)."""
        boxes = [star_box(x, y, r) for x, y, r in self.stars]
        boxes += list(self.stripes)
        boxes += [b for *_, b in self.numerals]
        if self.mark is not None:
            boxes.append(self.mark)
        return tuple(boxes)


def layout(stars: int, stripes: int, frame: Frame, *, numerals: bool = True,
           marked: bool = False) -> PipLayout:
    """The positions of the pips of a (stars, stripes) card; counts from 1 to 6."""
    if stars not in DIE_PATTERNS or stripes not in DIE_PATTERNS:
        raise ValueError(f"stars and stripes must be 1..6, not {stars} and {stripes}")
    w, h, s = frame.width, frame.height, frame.safe
    middle = w / 2
    field = Box(-frame.bleed, -frame.bleed, middle + frame.bleed, h + 2 * frame.bleed)
    corner = NUMERAL_SIZE + 2.0  # corner square kept for the numeral and the deck mark
    # star grid: the left half inside the safe line, clear of the corner squares
    left, right = s, middle - GAP
    top, bottom = s + corner, h - s - corner
    cell_w = (right - left) / 2
    cell_h = (bottom - top) / 3
    radius = min(cell_w, cell_h) * 0.46
    star_list = tuple(
        (left + cell_w * (col + 0.5), top + cell_h * (row + 0.5), radius)
        for col, row in DIE_PATTERNS[stars])
    # stripes: fixed thickness, centred in the right half
    x0, x1 = middle + GAP, w - s
    band_top, band_bottom = s + corner, h - s - corner
    pitch = (band_bottom - band_top) / 6
    thickness = pitch * 0.62
    total = pitch * (stripes - 1) + thickness
    start = band_top + (band_bottom - band_top - total) / 2
    stripe_list = tuple(Box(x0, start + i * pitch, x1 - x0, thickness) for i in range(stripes))
    numeral_list: list[tuple[str, float, float, Box]] = []
    if numerals:
        half = corner / 2
        for digits, cx, cy in ((str(stars), s + half, s + half),
                               (str(stripes), w - s - half, h - s - half)):
            box = Box(cx - NUMERAL_SIZE * 0.35 * len(digits), cy - NUMERAL_SIZE * 0.365,
                      NUMERAL_SIZE * 0.7 * len(digits), NUMERAL_SIZE * 0.73)
            numeral_list.append((digits, cx, cy, box))
    mark = Box(s, h - s - 4.8, 4.8, 4.8) if marked else None
    return PipLayout(field, star_list, stripe_list, tuple(numeral_list), mark)


@dataclass(frozen=True)
class CardOptions:
    """How the 36 cards look."""

    background: str = option(Colour("card background"), "#fbf8f0")
    field: str = option(Colour("the field behind the stars"), "#1f3a6e")
    star: str = option(Colour("the stars"), "#ffffff")
    stripe: str = option(Colour("the stripes"), "#b22234")
    ink: str = option(Colour("corner numerals"), "#1d2a44")
    corner_numerals: bool = option(Flag("print small counts in two corners"), True)


def render_card(face: CardFace, frame: Frame, options: CardOptions) -> str:
    """SVG text of one Stars and Stripes face."""
    stars, stripes = int(face.attr("stars")), int(face.attr("stripes"))
    plan = layout(stars, stripes, frame, numerals=options.corner_numerals,
                  marked=bool(face.deck_mark))
    drawing = new_drawing(frame, f"{stars} stars, {stripes} stripes")
    fill_bleed(drawing, frame, options.background)
    f = plan.field
    drawing.add(drawing.rect((num(f.x), num(f.y)), (num(f.w), num(f.h)), fill=options.field))
    star_colour = options.star
    for cx, cy, r in plan.stars:
        drawing.add(drawing.path(d=star_points(cx, cy, r), fill=star_colour))
    for box in plan.stripes:
        drawing.add(drawing.rect((num(box.x), num(box.y)), (num(box.w), num(box.h)),
                                 fill=options.stripe))
    colours = (star_colour, options.ink)
    for (digits, cx, cy, _), colour in zip(plan.numerals, colours, strict=False):
        text(drawing, drawing, digits, cx, cy, NUMERAL_SIZE, colour)
    if face.deck_mark:
        deck_mark(drawing, frame, face.deck_mark, star_colour)
    return svg_text(drawing)


@dataclass(frozen=True)
class TrumpOptions:
    """How the Trump looks."""

    background: str = option(Colour("card colour"), "#9a9a9a")
    ink: str = option(Colour("colour of the emblem"), "#ffffff")
    label: str = option(Text("words printed across the card (empty: none)"), "")
    label_ink: str = option(Colour("colour of the words (empty: the emblem's colour)"), "")
    emblem: str = option(Text("a symbol in the middle", choices=("none", "star", "sun")),
                         "none")
    ring: bool = option(Flag("a seal around the emblem: a double ring and small stars"),
                        False)


def _ring(drawing: svgwrite.Drawing, cx: float, cy: float, room: float, ink: str,
          background: str) -> None:
    """A double ring with small stars around it: the Trump's seal."""
    drawing.add(drawing.circle((num(cx), num(cy)), num(room * 0.66), fill="none", stroke=ink,
                               stroke_width=num(room * 0.035)))
    drawing.add(drawing.circle((num(cx), num(cy)), num(room * 0.58), fill=ink))
    drawing.add(drawing.circle((num(cx), num(cy)), num(room * 0.52), fill=background))
    for i in range(12):
        angle = i * math.pi / 6
        x, y = cx + room * 0.8 * math.sin(angle), cy - room * 0.8 * math.cos(angle)
        if i % 3:  # leave the four points of the compass clear for the words
            drawing.add(drawing.path(d=star_points(x, y, room * 0.07), fill=ink))


def render_trump(face: CardFace, frame: Frame, options: TrumpOptions) -> str:
    """SVG text of the Trump face.

    With a label and an emblem the label is printed twice, above and upside down below the
    emblem, so it reads from either side of the table (the Trump lies in the middle).
    """
    del face
    drawing = new_drawing(frame, "the Trump")
    fill_bleed(drawing, frame, options.background)
    ink = options.ink
    cx, cy = frame.width / 2, frame.height / 2
    room = min(frame.width, frame.height) / 2 - frame.safe
    if options.ring:
        _ring(drawing, cx, cy, room, ink, options.background)
    emblem = options.emblem
    scale = 0.76 if options.ring else 1.0  # inside the ring
    if emblem == "star":
        drawing.add(drawing.path(d=star_points(cx, cy, room * 0.55 * scale), fill=ink))
    elif emblem == "sun":
        drawing.add(drawing.circle((num(cx), num(cy)), num(room * 0.3 * scale), fill=ink))
        for i in range(12):
            angle = i * math.pi / 6
            inner, outer = room * 0.4 * scale, room * 0.6 * scale
            drawing.add(drawing.line(
                (num(cx + inner * math.cos(angle)), num(cy + inner * math.sin(angle))),
                (num(cx + outer * math.cos(angle)), num(cy + outer * math.sin(angle))),
                stroke=ink, stroke_width=num(room * 0.06 * scale), stroke_linecap="round"))
    label = options.label
    if label:
        colour = options.label_ink or ink
        size = min(6.0, (frame.width - 2 * frame.safe) / (0.68 * len(label)))
        if emblem == "none" and not options.ring:
            text(drawing, drawing, label, cx, cy, size, colour)
        else:
            offset = room * (0.93 if options.ring else 0.78)
            text(drawing, drawing, label, cx, cy - offset, size * 0.8, colour)
            upside_down = drawing.g(transform=f"rotate(180 {num(cx)} {num(cy)})")
            text(drawing, upside_down, label, cx, cy - offset, size * 0.8, colour)
            drawing.add(upside_down)
    return svg_text(drawing)


@dataclass(frozen=True)
class ReferenceOptions:
    """How the quick reference card looks, and what it says."""

    background: str = option(Colour("card colour"), "#fbf8f0")
    band: str = option(Colour("colour of the title band"), "#1f3a6e")
    band_ink: str = option(Colour("colour of the title"), "#ffffff")
    ink: str = option(Colour("colour of the text"), "#1d2a44")
    accent: str = option(Colour("colour of the headings"), "#b22234")
    title: str = option(Text("the card's title"), "Quick reference")
    lines: tuple[str, ...] = option(ListOf(Text("a line of the card; '#' before a heading"),
                                           description="the card's text, line by line"), ())


REFERENCE_WIDTH = 0.6
"""Average width of a character of Vera, as a share of the font size (for fitting)."""


def render_reference(face: CardFace, frame: Frame, options: ReferenceOptions) -> str:
    """SVG text of a quick reference card: a title band, then the lines, as large as fits.

    Lines starting with ``#`` are headings, set bold in the accent colour; a line's
    leading spaces indent it (a continuation under a numbered point).
    """
    del face
    drawing = new_drawing(frame, options.title)
    fill_bleed(drawing, frame, options.background)
    s = frame.safe
    band = frame.height * 0.15
    drawing.add(drawing.rect((num(-frame.bleed), num(-frame.bleed)),
                             (num(frame.width + 2 * frame.bleed), num(band + frame.bleed)),
                             fill=options.band))
    room = frame.width - 2 * s
    title = min(band * 0.45, room / (REFERENCE_WIDTH * 1.15 * max(1, len(options.title))))
    text(drawing, drawing, options.title, frame.width / 2, band / 2 + s * 0.3, title,
         options.band_ink)
    lines = options.lines
    if not lines:
        return svg_text(drawing)
    top, bottom = band + 2.0, frame.height - s
    pitch = (bottom - top) / len(lines)
    longest = max(len(line.lstrip("#")) for line in lines)
    size = min(3.2, pitch / 1.28, room / (REFERENCE_WIDTH * longest))
    for i, line in enumerate(lines):
        heading = line.startswith("#")
        words = line.lstrip("#").strip() if heading else line.rstrip()
        indent = len(words) - len(words.lstrip(" "))  # SVG would collapse the spaces
        y = top + pitch * (i + 0.5)
        text(drawing, drawing, words.strip(), s + indent * REFERENCE_WIDTH * size, y, size,
             options.accent if heading else options.ink, bold=heading, anchor="start")
    return svg_text(drawing)


def check_card(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a card's attributes: it needs 'stars' and 'stripes' from 1 to 6."""
    for name in ("stars", "stripes"):
        value = attributes.get(name)
        if value is None:
            return f"a Stars and Stripes card needs a '{name}' attribute (e.g. {name}: 1..6)"
        if not isinstance(value, int) or not 1 <= value <= STARS_MAX:
            return f"{name} must be whole numbers from 1 to {STARS_MAX}, not {value!r}"
    return None


CARD = FaceKind("stars-and-stripes", "A domino-like card: stars on a field beside stripes, "
                "counted by the card's 'stars' and 'stripes'.", CardOptions, render_card,
                check_attributes=check_card)
REFERENCE = FaceKind("stars-and-stripes-reference", "A quick reference card: a title and "
                     "lines of text, for the card sheet.", ReferenceOptions, render_reference)
TRUMP = FaceKind("trump", "The Trump: grey and blank unless given a label and an emblem.",
                 TrumpOptions, render_trump)
FACE_KINDS = (CARD, TRUMP, REFERENCE)
"""The face kinds this game declares (its plugin's ``face_kinds``)."""
