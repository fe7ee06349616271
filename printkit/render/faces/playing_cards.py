"""Standard French-suited playing cards, for any game and any custom deck.

A face of kind ``playing-card`` has a ``rank`` (``A``, ``2`` to ``10``, ``J``, ``Q``, ``K``
or ``joker``) and a ``suit`` (``S``, ``H``, ``C``, ``D`` or their names; a joker may say
``red`` or ``black``), and optionally ``points``, a value printed small beside the rank.

The card is laid out from its frame, so it works at any size:

* a corner index (rank over a small suit symbol) in the top-left corner and the same turned
  round in the bottom-right, so the card reads from either end and in a fan held in either
  hand;
* the classic pip patterns for 2 to 10 in three columns, the lower pips turned round;
* a ringed single pip for the Ace, a framed double-ended bust for each court (see
  :mod:`printkit.render.faces.courts`) and a cap for the Joker.

:func:`plan` works out where everything goes (and is what the tests measure);
:func:`draw_card` draws a plan.  A game's own face built on this card calls both, keeping room clear
along the edges for its marks or adding notes (such as point values) beside the index.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite
import svgwrite.container

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, Flag
from printkit.render.faces.courts import (
    LETTER_AT,
    LETTER_SIZE,
    PIP_AT,
    PIP_SIZE,
    CourtColours,
    court,
    fit,
    joker,
)
from printkit.render.faces.suits import SUIT_HELP, Suit, read_suit
from printkit.render.kindtypes import FaceKind
from printkit.render.svg import (
    CAP_HEIGHT,
    FONT_FAMILY,
    Box,
    Frame,
    deck_mark,
    fill_bleed,
    new_drawing,
    num,
)
from printkit.render.svgtext import svg_text

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "joker"
COURTS = ("J", "Q", "K")
RANK_HELP = "A, 2 to 10, J, Q, K or joker"
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "2": "Two", "3": "Three",
              "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight", "9": "Nine",
              "10": "Ten"}

_RANK_WORDS = {**{r.lower(): r for r in RANKS}, "ace": "A", "jack": "J", "queen": "Q",
               "king": "K", "t": "10", "joker": JOKER}

# Pip patterns: (column, row) on a 3-column grid (0, 0.5, 1) whose rows run from 0 (top)
# to 1 (bottom); pips below the middle are turned round.
PIP_PATTERNS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((0.5, 0), (0.5, 1)),
    "3": ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    "4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "5": ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    "6": ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "7": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "8": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    "9": ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3),
          (0, 1), (1, 1)),
    "10": ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
           (0.5, 5 / 6), (0, 1), (1, 1)),
}

# Advance widths of the characters an index prints, as fractions of the font size
# (Bitstream Vera Bold; notes use the regular weight, whose digits are 0.636).
_ADVANCE = {**dict.fromkeys("0123456789", 0.696), "A": 0.774, "J": 0.372, "Q": 0.85,
            "K": 0.775, "O": 0.85, "E": 0.683, "R": 0.77}
_NOTE_ADVANCE = 0.636
_WIDEST = max(suit.shape.aspect for suit in Suit)
"""The width of the widest suit symbol, as a fraction of its height (pips of every suit
stand in the same places)."""
_MARK = 4.8
"""The side of the deck mark's box (:func:`printkit.render.svg.deck_mark`)."""


# --------------------------------------------------------------------------- attributes


@dataclass(frozen=True)
class Card:
    """What a face shows: a rank and a suit, or a joker (red or black)."""

    rank: str
    suit: Suit | None
    red: bool = False

    @property
    def name(self) -> str:
        """``Ten of hearts``, ``red Joker``."""
        if self.suit is None:
            return f"{'red' if self.red else 'black'} Joker"
        return f"{RANK_NAMES[self.rank]} of {self.suit.plural}"


def read_rank(value: object) -> str | None:
    """The rank a definition names (``A``, ``ace``, ``10``, 10, ``T``...), or ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value) if 2 <= value <= 10 else None
    if isinstance(value, str):
        return _RANK_WORDS.get(value.strip().lower())
    return None


def read_card(attributes: Mapping[str, AttributeValue]) -> Card | str:
    """The card named by a face's ``rank`` and ``suit``, or what is wrong with them."""
    if "rank" not in attributes:
        return f"a playing card needs a 'rank' attribute ({RANK_HELP})"
    rank = read_rank(attributes["rank"])
    if rank is None:
        return f"rank {attributes['rank']!r} is not a card's rank: write {RANK_HELP}"
    written = attributes.get("suit")
    if rank == JOKER:
        colour = str(written).strip().lower() if written is not None else "black"
        if colour not in ("red", "black"):
            return f"a joker's suit is its colour, red or black, not {written!r}"
        return Card(JOKER, None, red=colour == "red")
    if written is None:
        return f"a playing card needs a 'suit' attribute ({SUIT_HELP})"
    suit = read_suit(written)
    if suit is None:
        return f"suit {written!r} is not a suit: write {SUIT_HELP}"
    return Card(rank, suit)


def check_card(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a playing card's attributes (``None`` when nothing is)."""
    card = read_card(attributes)
    if isinstance(card, str):
        return card
    points = attributes.get("points")
    if points is not None and (not isinstance(points, int) or not 0 <= points <= 999):
        return f"points must be a whole number from 0 to 999, not {points!r}"
    return None


def card_of(face: CardFace) -> Card:
    """The card a checked face shows."""
    card = read_card(dict(face.attributes))
    if isinstance(card, str):
        raise ValueError(f"face {face.key!r}: {card}")
    return card


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Glyph:
    """A suit symbol placed on the card (``size`` is its height)."""

    suit: Suit
    x: float
    y: float
    size: float
    turned: bool = False

    @property
    def box(self) -> Box:
        """The box holding the symbol."""
        return self.suit.shape.box(self.x, self.y, self.size)


@dataclass(frozen=True)
class Label:
    """A line of text centred on its capitals at ``y``; ``squeeze`` narrows it."""

    text: str
    x: float
    y: float
    size: float
    anchor: str = "middle"
    squeeze: float = 1.0
    bold: bool = True

    @property
    def width(self) -> float:
        """Its printed width."""
        advance = sum(_ADVANCE[c] if self.bold else _NOTE_ADVANCE for c in self.text)
        return advance * self.size * self.squeeze

    @property
    def box(self) -> Box:
        """The box of its capitals."""
        left = {"middle": self.x - self.width / 2, "start": self.x}[self.anchor]
        cap = self.size * CAP_HEIGHT
        return Box(left, self.y - cap / 2, self.width, cap)


@dataclass(frozen=True)
class CardLayout:
    """Where everything on a playing card goes, in trim millimetres.

    The index is given for the top-left corner; it is drawn again turned round the card's
    centre (:meth:`turned`).  ``field`` is the area the pips, the ring or the panel keep to.
    """

    frame: Frame
    card: Card
    labels: tuple[Label, ...]
    index_suit: Glyph | None
    pips: tuple[Glyph, ...]
    area: Box
    """The room between the corner index columns, inside the safe area and ``clear``."""
    field: Box
    panel: Box | None
    emblem: Box | None
    mark: Box | None

    def turned(self, box: Box) -> Box:
        """``box`` rotated by 180 degrees about the card's centre."""
        return Box(self.frame.width - box.x - box.w, self.frame.height - box.y - box.h,
                   box.w, box.h)

    def index_boxes(self) -> tuple[Box, ...]:
        """The top-left index's boxes (rank, notes, suit)."""
        boxes = [label.box for label in self.labels]
        if self.index_suit is not None:
            boxes.append(self.index_suit.box)
        return tuple(boxes)

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn element's box: both indices, the pips (an Ace's pip lies inside its
        ring, whose box stands for both), the panel or emblem and the deck mark; for tests
        that nothing leaves the safe area or overlaps."""
        index = self.index_boxes()
        boxes = [*index, *(self.turned(b) for b in index)]
        if self.emblem is None:
            boxes += [p.box for p in self.pips]
        boxes += [b for b in (self.panel, self.emblem, self.mark) if b is not None]
        return tuple(boxes)


def plan(card: Card, frame: Frame, *, notes: tuple[str, str] = ("", ""), clear: float = 0.0,
         marked: bool = False) -> CardLayout:
    """Lay out ``card`` on ``frame``.

    ``notes`` are small values printed beside the index's rank and beside its suit
    symbol (empty: none).  ``clear`` is a distance from every trim edge that the pips,
    panel and emblem stay clear of (room for a game's own marks along the edges).
    ``marked`` keeps the bottom-left corner for a deck mark.
    """
    w, h, s = frame.width, frame.height, frame.safe
    unit = min(w, h / 1.4)
    rank_size = 0.118 * unit
    suit_size = 0.072 * unit
    cap = rank_size * CAP_HEIGHT
    column = max(_ADVANCE["Q"] * rank_size, suit_size) * 1.08
    centre_x = s + column / 2
    rank_y = s + cap / 2
    labels: list[Label] = []
    suit_glyph: Glyph | None = None
    if card.suit is None:
        letter = rank_size * 0.62
        step = letter * CAP_HEIGHT * 1.38
        for i, char in enumerate("JOKER"):
            labels.append(Label(char, centre_x, s + letter * CAP_HEIGHT / 2 + i * step, letter))
    else:
        natural = sum(_ADVANCE[c] for c in card.rank) * rank_size
        labels.append(Label(card.rank, centre_x, rank_y, rank_size,
                            squeeze=min(1.0, column / natural)))
        suit_y = s + cap + 0.3 * suit_size + suit_size / 2
        suit_glyph = Glyph(card.suit, centre_x, suit_y, suit_size)
    block = column
    note_size = rank_size * 0.5
    if any(notes) and card.suit is not None:
        note_x = s + column + 0.012 * unit
        note_w = 2 * _NOTE_ADVANCE * note_size
        for note, y in zip(notes, (rank_y, suit_glyph.y if suit_glyph else rank_y),
                           strict=True):
            if note:
                natural = len(note) * _NOTE_ADVANCE * note_size
                labels.append(Label(note, note_x, y, note_size, anchor="start", bold=False,
                                    squeeze=min(1.0, note_w / natural)))
        block = note_x + note_w - s
    gap = 0.02 * unit
    left = max(s + block + gap, clear)
    top = max(s, clear)
    area = Box(left, top, w - 2 * left, h - 2 * top)
    pips: tuple[Glyph, ...] = ()
    panel = emblem = None
    if card.rank in PIP_PATTERNS and card.suit is not None:
        size = min(area.w / 3.35, area.h / 4.75, 0.19 * unit)
        field = _centred(area, min(area.w, 3.6 * size), min(area.h, 6.4 * size))
        width = size * _WIDEST
        pips = tuple(
            Glyph(card.suit, field.x + width / 2 + col * (field.w - width),
                  field.y + size / 2 + row * (field.h - size), size, turned=row > 0.5)
            for col, row in PIP_PATTERNS[card.rank])
    elif card.rank == "A" and card.suit is not None:
        big = min(area.w, area.h) / 2.1
        pips = (Glyph(card.suit, w / 2, h / 2, big),)
        field = _centred(area, big * 1.98, big * 1.98)
        emblem = field
    elif card.rank in COURTS:
        field = panel = area
    else:
        side = min(area.w, area.h) * 0.9
        field = emblem = _centred(area, side, side)
    mark = Box(s, h - s - _MARK, _MARK, _MARK) if marked else None
    return CardLayout(frame, card, tuple(labels), suit_glyph, pips, area, field, panel,
                      emblem, mark)


def _centred(area: Box, width: float, height: float) -> Box:
    return Box(area.x + (area.w - width) / 2, area.y + (area.h - height) / 2, width, height)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class PlayingCardOptions:
    """How playing cards look."""

    background: str = option(Colour("card colour"), "#fffdf8")
    red: str = option(Colour("hearts and diamonds, and a red joker"), "#c8102e")
    black: str = option(Colour("spades and clubs, and a black joker"), "#1b1b1b")
    four_colour: bool = option(Flag("a four-colour deck: clubs and diamonds in colours of "
                                    "their own, so no two suits share a colour"), False)
    clubs: str = option(Colour("clubs in a four-colour deck"), "#17803d")
    diamonds: str = option(Colour("diamonds in a four-colour deck"), "#1f5fbf")
    panel: str = option(Colour("the panel behind the court figures"), "#f7eedb")
    gold: str = option(Colour("crowns, trims and the joker's bells"), "#d4a11e")


def ink(card: Card, options: PlayingCardOptions) -> str:
    """The colour a card's suit is printed in."""
    if card.suit is None:
        return options.red if card.red else options.black
    if options.four_colour and card.suit is Suit.CLUBS:
        return options.clubs
    if options.four_colour and card.suit is Suit.DIAMONDS:
        return options.diamonds
    return options.red if card.suit.red else options.black


# --------------------------------------------------------------------------- drawing

def _label(drawing: svgwrite.Drawing, parent: svgwrite.container.Group | svgwrite.Drawing,
           label: Label, colour: str) -> None:
    baseline = label.y + label.size * CAP_HEIGHT / 2
    element = drawing.text(label.text, insert=(num(label.x), num(baseline)), fill=colour,
                           font_family=FONT_FAMILY, font_size=num(label.size),
                           font_weight="bold" if label.bold else "normal",
                           text_anchor=label.anchor)
    if label.squeeze < 1.0:
        x = num(label.x)
        group = drawing.g(transform=f"translate({x} 0) scale({num(label.squeeze)} 1) "
                                    f"translate({num(-label.x)} 0)")
        group.add(element)
        parent.add(group)
    else:
        parent.add(element)


def _glyph(drawing: svgwrite.Drawing, parent: svgwrite.container.Group | svgwrite.Drawing,
           glyph: Glyph, colour: str) -> None:
    parent.add(drawing.path(d=glyph.suit.shape.path(glyph.x, glyph.y, glyph.size,
                                                    turned=glyph.turned), fill=colour))


def _turned_group(drawing: svgwrite.Drawing, box: Box) -> svgwrite.container.Group:
    """A group turned by 180 degrees about the centre of ``box``."""
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return drawing.g(transform=f"rotate(180 {num(cx)} {num(cy)})")


def draw_card(drawing: svgwrite.Drawing, layout: CardLayout,
              options: PlayingCardOptions) -> None:
    """Draw a laid-out card (everything but its background and deck mark)."""
    colour = ink(layout.card, options)
    frame = layout.frame
    whole = Box(0, 0, frame.width, frame.height)
    for parent in (drawing, _turned_group(drawing, whole)):
        for label in layout.labels:
            _label(drawing, parent, label, colour)
        if layout.index_suit is not None:
            _glyph(drawing, parent, layout.index_suit, colour)
        if parent is not drawing:
            drawing.add(parent)
    for pip in layout.pips:
        _glyph(drawing, drawing, pip, colour)
    card = layout.card
    if layout.emblem is not None and card.suit is not None:
        box = layout.emblem
        centre = (num(box.x + box.w / 2), num(box.y + box.h / 2))
        for radius, width in ((0.43, 0.022), (0.485, 0.01)):
            drawing.add(drawing.circle(centre, num(radius * box.w), fill="none",
                                       stroke=colour, stroke_width=num(width * box.w)))
    elif layout.emblem is not None:
        for inked in joker(colour, options.gold, fit(layout.emblem)):
            drawing.add(drawing.path(d=inked.d, fill=inked.fill))
    if layout.panel is not None and card.suit is not None:
        _court(drawing, layout.panel, card.rank, card.suit, colour, options)


def _court(drawing: svgwrite.Drawing, panel: Box, rank: str, suit: Suit, colour: str,
           options: PlayingCardOptions) -> None:
    line = 0.012 * panel.w
    drawing.add(drawing.rect((num(panel.x + line / 2), num(panel.y + line / 2)),
                             (num(panel.w - line), num(panel.h - line)), fill=options.panel,
                             stroke=colour, stroke_width=num(line), rx=num(2 * line)))
    pad = 3 * line
    half = Box(panel.x + pad, panel.y + pad, panel.w - 2 * pad, panel.h / 2 - pad)
    where = fit(half)
    side = min(half.w, half.h)
    colours = CourtColours(colour, options.gold)
    for parent in (drawing, _turned_group(drawing, panel)):
        for inked in court(rank, colours, where):
            parent.add(drawing.path(d=inked.d, fill=inked.fill))
        x, y = where(PIP_AT)
        _glyph(drawing, parent, Glyph(suit, x, y, PIP_SIZE * side), colour)
        x, y = where(LETTER_AT)
        _label(drawing, parent, Label(rank, x, y, LETTER_SIZE * side / CAP_HEIGHT), colour)
        if parent is not drawing:
            drawing.add(parent)
    middle = panel.y + panel.h / 2
    drawing.add(drawing.line((num(panel.x + pad), num(middle)),
                             (num(panel.x + panel.w - pad), num(middle)),
                             stroke=colour, stroke_width=num(line)))


def face_notes(face: CardFace) -> tuple[str, str]:
    """The notes of a generic face: its ``points`` beside the rank, if it has any."""
    points = dict(face.attributes).get("points")
    return (str(points), "") if points is not None else ("", "")


def render_playing_card(face: CardFace, frame: Frame, options: PlayingCardOptions) -> str:
    """SVG text of one playing card."""
    card = card_of(face)
    layout = plan(card, frame, notes=face_notes(face), marked=bool(face.deck_mark))
    drawing = new_drawing(frame, card.name)
    fill_bleed(drawing, frame, options.background)
    draw_card(drawing, layout, options)
    if face.deck_mark:
        deck_mark(drawing, frame, face.deck_mark, ink(card, options))
    return svg_text(drawing)


PLAYING_CARD = FaceKind(
    "playing-card", "A French-suited playing card: its 'rank' (A, 2-10, J, Q, K or joker) "
    "and 'suit' (S, H, C, D), with an optional 'points' value printed small.",
    PlayingCardOptions, render_playing_card, check_attributes=check_card)
