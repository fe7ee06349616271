"""The cards of Stars (White Star): the 43-card Stars deck, drawn as vectors.

Every card has a corner index (its rank over its suit symbol, over its points in a small
ring) at the top left and again turned round at the bottom right, so it reads from
either end and in a fan held in either hand.  The spot cards (7 to 2) carry the classic
pip patterns; each court (Champion, King, Queen, Scribe, Lady) a double-ended figure of
its own with its name (:mod:`printkit.games.white_star.courts`).  The suit symbols are
paths of our own (:mod:`printkit.games.white_star.icons`), told apart by shape first.

The White Star mark: the seed calls the Star rule "Star/White Trump", the rule by which a
Skull loses to a trick holding one card of every suit.  Every Skull, the trump suit,
carries a white star on a disc in the two corners the indices leave free, so a trump is
known at a glance in a fan and on the table, and the mark says what can beat it.  (The
spec marks no single card: the Skull suit has no Champion, and a Perfect or White Star is
a trick, not a card.)

Options: a tinted border with a frame on the safe line (a cut a little off shows nothing,
as the tint runs on into the bleed), square or rounded corners (rounded: the frame
follows a corner punch's radius and everything keeps clear of the corners), and the
suit and rank tables of :mod:`printkit.games.white_star.tables`.  :func:`card_layout`
says where everything goes, at any card size, and is what the tests measure.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeAlias

import svgwrite
import svgwrite.container

from printkit.definition.model import CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, Flag, Length, Text
from printkit.games.white_star.courts import NAME_BAND, Palette, bust
from printkit.games.white_star.icons import ICONS
from printkit.games.white_star.tables import (
    DEFAULT_RANKS,
    DEFAULT_SUITS,
    TRUMP,
    Card,
    RankStyle,
    RankTable,
    SuitStyle,
    SuitTable,
    check_card,
    read_card,
)
from printkit.render.board import mix
from printkit.render.faces.courts import fit
from printkit.render.faces.playing_cards import PIP_PATTERNS
from printkit.render.kinds import FaceKind
from printkit.render.svg import (
    CAP_HEIGHT,
    FONT_FAMILY,
    Box,
    Frame,
    deck_mark,
    fill_bleed,
    new_drawing,
    num,
    star_points,
)
from printkit.render.svgtext import svg_text
from printkit.units import MM

_BOLD = {**dict.fromkeys("0123456789", 0.696), "A": 0.774, "B": 0.762, "C": 0.734,
         "D": 0.83, "E": 0.683, "F": 0.683, "G": 0.821, "H": 0.837, "I": 0.372, "J": 0.372,
         "K": 0.775, "L": 0.637, "M": 0.995, "N": 0.837, "O": 0.85, "P": 0.733, "Q": 0.85,
         "R": 0.77, "S": 0.72, "T": 0.682, "U": 0.812, "V": 0.774, "W": 1.103, "X": 0.771,
         "Y": 0.724, "Z": 0.725, " ": 0.348}
"""Advance widths of Bitstream Vera Bold, as fractions of the font size."""
_WIDE = 1.11
"""The advance assumed for any other character (wider than any listed one)."""
_DIGIT = 0.636
"""The advance of a digit of Bitstream Vera (regular), which prints the points."""


def bold_width(text: str, size: float) -> float:
    """The printed width of ``text`` in Vera Bold at ``size``."""
    return sum(_BOLD.get(c, _WIDE) for c in text) * size


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class StarsCardOptions:
    """How the cards look, and the suit and rank tables they print."""

    suits: tuple[SuitStyle, ...] = option(SuitTable(), DEFAULT_SUITS)
    ranks: tuple[RankStyle, ...] = option(RankTable(), DEFAULT_RANKS)
    background: str = option(Colour("card colour"), "#fffdf8")
    panel: str = option(Colour("the panel behind the court figures"), "#f7eedb")
    frame: bool = option(Flag("a border tinted with the suit's colour, and a frame line on "
                              "the safe line"), True)
    corners: str = option(Text("square corners, or rounded for cards cut with a corner "
                               "punch", choices=("square", "rounded")), "square")
    corner_radius: float = option(Length("the radius of rounded corners", maximum=8 * MM),
                                  3 * MM)
    points: bool = option(Flag("print each card's points under its index"), True)
    trump_mark: bool = option(Flag("mark every trump (Skull) with the White Star in its free "
                                   "corners"), True)


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Glyph:
    """A suit symbol on the card: centre, height and whether it is turned round."""

    icon: str
    x: float
    y: float
    size: float
    turned: bool = False

    @property
    def box(self) -> Box:
        """The box holding the symbol."""
        return ICONS[self.icon].box(self.x, self.y, self.size)


@dataclass(frozen=True)
class Words:
    """A line of bold text centred on (x, y) (the middle of its capitals)."""

    text: str
    x: float
    y: float
    size: float

    @property
    def box(self) -> Box:
        """The box of its capitals."""
        width = bold_width(self.text, self.size)
        cap = self.size * CAP_HEIGHT
        return Box(self.x - width / 2, self.y - cap / 2, width, cap)


@dataclass(frozen=True)
class CourtPanel:
    """A court's panel, its two halves (the second drawn turned round) and its name."""

    box: Box
    half: Box
    """The upper half, inside the panel's border."""
    name: Words
    band: Box
    """The ribbon the name is written on (in the upper half)."""
    icon: Glyph


@dataclass(frozen=True)
class CardLayout:
    """Where everything on a card goes, in trim millimetres.

    The index, ring and trump mark are given for the top of the card; each is drawn again
    turned round the card's centre (:meth:`turned`).
    """

    frame: Frame
    card: Card
    suit: SuitStyle
    rank: RankStyle
    inset: float
    """How far the content keeps from every trim edge."""
    radius: float
    """The corner radius (0 for square corners)."""
    line: float
    """The width of the frame and panel lines."""
    index: Words
    index_icon: Glyph
    ring: Box | None
    trump: Box | None
    area: Box
    """The room between the index columns."""
    pips: tuple[Glyph, ...]
    court: CourtPanel | None
    mark: Box | None

    def turned(self, box: Box) -> Box:
        """``box`` rotated by 180 degrees about the card's centre."""
        return Box(self.frame.width - box.x - box.w, self.frame.height - box.y - box.h,
                   box.w, box.h)

    def corner_boxes(self) -> tuple[Box, ...]:
        """The index, its ring and the trump mark, at the top of the card."""
        boxes = [self.index.box, self.index_icon.box]
        boxes += [b for b in (self.ring, self.trump) if b is not None]
        return tuple(boxes)

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn element's box (both ends), for tests that nothing leaves the safe
        area or overlaps: the court panel stands for everything drawn inside it."""
        top = self.corner_boxes()
        bottom = tuple(self.turned(b) for b in top)
        if self.mark is not None and self.trump is not None:
            bottom = bottom[:-1]  # the deck mark takes the lower trump mark's corner
        boxes = [*top, *bottom, *(p.box for p in self.pips)]
        boxes += [b for b in (self.court.box if self.court else None, self.mark)
                  if b is not None]
        return tuple(boxes)


def _style(options: StarsCardOptions, card: Card) -> tuple[SuitStyle, RankStyle]:
    suit = next(s for s in options.suits if s.letter == card.suit)
    rank = next(r for r in options.ranks if r.letter == card.rank)
    return suit, rank


def card_of(face: CardFace) -> Card:
    """The card a checked face shows."""
    card = read_card(dict(face.attributes))
    if isinstance(card, str):
        raise ValueError(f"face {face.key!r}: {card}")
    return card


def card_layout(card: Card, frame: Frame, options: StarsCardOptions, *,
                marked: bool = False) -> CardLayout:
    """Lay out ``card`` on ``frame``; ``marked`` keeps the bottom-left corner for a deck
    mark."""
    w, h, s = frame.width, frame.height, frame.safe
    unit = min(w, h / 1.4)
    gap = 0.015 * unit
    radius = options.corner_radius / MM if options.corners == "rounded" else 0.0
    line = max(0.25, 0.006 * unit)
    # a point (d, d) in from a corner of radius r is inside it when d >= 0.293 r; with a
    # frame the corner is the frame's (on the safe line), without one the card's own
    inset = (s + max(line + gap, 0.3 * radius + gap) if options.frame
             else max(s, 0.3 * radius + gap))
    suit, rank = _style(options, card)
    rank_size = 0.125 * unit
    icon_size = 0.08 * unit
    ring_side = 0.068 * unit
    widest = max(ICONS[style.icon].aspect for style in options.suits)
    widest_index = max(bold_width(style.index, rank_size) for style in options.ranks)
    column = max(widest_index, widest * icon_size, ring_side) * 1.08
    cx = inset + column / 2
    cap = rank_size * CAP_HEIGHT
    index = Words(rank.index, cx, inset + cap / 2, rank_size)
    icon_y = inset + cap + 0.3 * icon_size + icon_size / 2
    index_icon = Glyph(suit.icon, cx, icon_y, icon_size)
    ring = None
    if options.points:
        top = icon_y + icon_size / 2 + 0.3 * icon_size
        ring = Box(cx - ring_side / 2, top, ring_side, ring_side)
    trump = None
    if options.trump_mark and card.suit == TRUMP:
        side = min(column, 0.13 * unit)
        trump = Box(w - inset - column / 2 - side / 2, inset, side, side)
    left = inset + column + 2 * gap
    area = Box(left, inset, w - 2 * left, h - 2 * inset)
    pips: tuple[Glyph, ...] = ()
    court = None
    if card.rank in PIP_PATTERNS:
        size = min(area.w / (0.35 + 2.2 * widest), area.h / 4.9, 0.2 * unit)
        fw, fh = min(area.w, 3.6 * size), min(area.h, 6.2 * size)
        field = Box(area.x + (area.w - fw) / 2, area.y + (area.h - fh) / 2, fw, fh)
        width = size * widest
        pips = tuple(Glyph(suit.icon, field.x + width / 2 + col * (field.w - width),
                           field.y + size / 2 + row * (field.h - size), size, turned=row > 0.5)
                     for col, row in PIP_PATTERNS[card.rank])
    else:
        court = _court_panel(area, suit, rank, line)
    mark = Box(inset, h - inset - 4.8, 4.8, 4.8) if marked else None
    return CardLayout(frame, card, suit, rank, inset, radius, line, index, index_icon, ring,
                      trump, area, pips, court, mark)


def _court_panel(area: Box, suit: SuitStyle, rank: RankStyle, line: float) -> CourtPanel:
    pad = 3 * line
    half = Box(area.x + pad, area.y + pad, area.w - 2 * pad, area.h / 2 - pad)
    where = fit(half)
    x0, y0 = where((NAME_BAND[0], NAME_BAND[1]))
    x1, y1 = where((NAME_BAND[2], NAME_BAND[3]))
    band = Box(x0, y0, x1 - x0, y1 - y0)
    name = rank.name.upper()
    size = min(band.h * 0.62 / CAP_HEIGHT, band.w * 0.9 / max(bold_width(name, 1.0), 0.1))
    side = min(half.w, half.h)
    ix, iy = where((0.13, 0.13))
    icon = Glyph(suit.icon, ix, iy, 0.17 * side)
    return CourtPanel(area, half, Words(name, band.x + band.w / 2, band.y + band.h / 2, size),
                      band, icon)


# --------------------------------------------------------------------------- drawing

Parent: TypeAlias = svgwrite.container.Group | svgwrite.Drawing


def _words(drawing: svgwrite.Drawing, parent: Parent, words: Words, colour: str, *,
           bold: bool = True) -> None:
    baseline = words.y + words.size * CAP_HEIGHT / 2
    parent.add(drawing.text(words.text, insert=(num(words.x), num(baseline)), fill=colour,
                            font_family=FONT_FAMILY, font_size=num(words.size),
                            font_weight="bold" if bold else "normal", text_anchor="middle"))


def _glyph(drawing: svgwrite.Drawing, parent: Parent, glyph: Glyph, colour: str) -> None:
    parent.add(drawing.path(d=ICONS[glyph.icon].path(glyph.x, glyph.y, glyph.size,
                                                     turned=glyph.turned), fill=colour))


def _turned(drawing: svgwrite.Drawing, frame: Frame) -> svgwrite.container.Group:
    return drawing.g(transform=f"rotate(180 {num(frame.width / 2)} {num(frame.height / 2)})")


def _rect(drawing: svgwrite.Drawing, box: Box, radius: float, **paint: str) -> None:
    extra = {"rx": num(radius), "ry": num(radius)} if radius > 0 else {}
    drawing.add(drawing.rect((num(box.x), num(box.y)), (num(box.w), num(box.h)),
                             **extra, **paint))


def render_card(face: CardFace, frame: Frame, options: StarsCardOptions) -> str:
    """SVG text of one card of the Stars deck."""
    card = card_of(face)
    layout = card_layout(card, frame, options, marked=bool(face.deck_mark))
    suit, rank = layout.suit, layout.rank
    colour = suit.colour
    drawing = new_drawing(frame, f"{rank.name} of {suit.name} ({rank.points} points)")
    w, h, s = frame.width, frame.height, frame.safe
    if options.frame:
        fill_bleed(drawing, frame, mix(colour, "#ffffff", 0.84))
        _rect(drawing, Box(s, s, w - 2 * s, h - 2 * s), layout.radius,
              fill=options.background, stroke=colour, stroke_width=num(layout.line))
    else:
        fill_bleed(drawing, frame, options.background)
    for parent in (drawing, _turned(drawing, frame)):
        _words(drawing, parent, layout.index, colour)
        _glyph(drawing, parent, layout.index_icon, colour)
        if layout.ring is not None:
            _ring(drawing, parent, layout.ring, rank.points, colour)
        if layout.trump is not None and not (parent is not drawing and layout.mark):
            _white_star(drawing, parent, layout.trump, colour)
        if parent is not drawing:
            drawing.add(parent)
    for pip in layout.pips:
        _glyph(drawing, drawing, pip, colour)
    if layout.court is not None:
        _court(drawing, layout, layout.court, options)
    if layout.mark is not None:
        deck_mark(drawing, dataclasses.replace(frame, safe=layout.inset), face.deck_mark,
                  colour)
    return svg_text(drawing)


def _ring(drawing: svgwrite.Drawing, parent: Parent, box: Box, points: int,
          colour: str) -> None:
    """The card's points, small, in a ring (so they are never read as its rank)."""
    r = box.w / 2
    cx, cy = box.x + r, box.y + r
    stroke = 0.09 * r
    parent.add(drawing.circle((num(cx), num(cy)), num(r - stroke / 2), fill="none",
                              stroke=colour, stroke_width=num(stroke)))
    text = str(points)
    size = min(1.05 * r, 1.45 * r / (_DIGIT * len(text)))
    baseline = cy + size * CAP_HEIGHT / 2
    parent.add(drawing.text(text, insert=(num(cx), num(baseline)), fill=colour,
                            font_family=FONT_FAMILY, font_size=num(size),
                            font_weight="normal", text_anchor="middle"))


def _white_star(drawing: svgwrite.Drawing, parent: Parent, box: Box, colour: str) -> None:
    """The White Star mark of a trump: a white star on a disc of the suit's colour."""
    r = box.w / 2
    cx, cy = box.x + r, box.y + r
    parent.add(drawing.circle((num(cx), num(cy)), num(r), fill=colour))
    parent.add(drawing.path(d=star_points(cx, cy + 0.07 * r, 0.78 * r), fill="#ffffff"))


def _court(drawing: svgwrite.Drawing, layout: CardLayout, court: CourtPanel,
           options: StarsCardOptions) -> None:
    """The panel, the figure drawn twice (the second turned round) and its name."""
    colour = layout.suit.colour
    box, line = court.box, layout.line
    _rect(drawing, Box(box.x + line / 2, box.y + line / 2, box.w - line, box.h - line),
          2 * line, fill=options.panel, stroke=colour, stroke_width=num(line))
    palette = Palette(colour, veil=mix(colour, "#ffffff", 0.7))
    for parent in (drawing, drawing.g(transform=f"rotate(180 {num(box.x + box.w / 2)} "
                                                f"{num(box.y + box.h / 2)})")):
        for inked in bust(layout.card.rank, palette, fit(court.half)):
            parent.add(drawing.path(d=inked.d, fill=inked.fill))
        band = court.band
        parent.add(drawing.rect((num(band.x), num(band.y)), (num(band.w), num(band.h)),
                                fill=palette.cream, stroke=colour, stroke_width=num(line)))
        _words(drawing, parent, court.name, colour)
        _glyph(drawing, parent, court.icon, colour)
        if parent is not drawing:
            drawing.add(parent)


CARD = FaceKind("white-star-card", "A card of the 43-card Stars deck: its 'rank' (C, K, Q, S, "
                "L, 7 to 2: Champion, King, Queen, Scribe, Lady...) and 'suit' (X Skulls, "
                "H Shields, W Wands, V Leaves), with its points and, on trumps, the White "
                "Star.", StarsCardOptions, render_card, check_attributes=check_card)
FACE_KINDS = (CARD,)
"""The face kinds this game declares (its plugin's ``face_kinds``)."""
