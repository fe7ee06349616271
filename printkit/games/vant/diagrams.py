"""Positions of "I vant to be alone" as booklet diagrams (the plugin's ``positions`` part).

A diagram is a :class:`~printkit.render.scene.Scene` drawn here rather than a generic grid,
because the game needs what a grid of cards cannot show: a level-two card lies *sideways*
on top of a card turned face down, and the edges of the 4 x 4 square matter before the
square is full.  Every card is drawn by the card renderer (the printed faces and back).

What a diagram shows:

* the layout, upright cards at level one; at level two each covered cell shows the card
  back (the card turned face down) with the covering card sideways on it, and a plate under
  each cell names its card (``AC on QD`` for a covered one), since corner indices are too
  small to read at this size;
* before the square is full, one ring of empty cells around the layout where the square
  may still grow, and a heavy line along each side where it may not (the layout already
  spans four cells that way: the bounding rule);
* the cells the text talks about (``highlight``) washed and ringed with dashes, the cards
  just played ringed solid, a legend of the marks used;
* the scores and who plays next, then the hands the position knows, one line each;
* before the first card, the two hands as rows of cards beside the stock, so the table
  after the deal is a picture too.

Highlighted cells are named as the notation names them (``b3``: column letter, row number,
``a1`` being the top-left cell of the layout as the final position writes it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printkit.definition.model import CardFace, Definition
from printkit.games.vant.rules import Vant
from printkit.games.vant.state import Card, VantState, card_name, read_card
from printkit.render.diagram import Square
from printkit.render.kinds import render_back, render_face
from printkit.render.scene import (
    CardShape,
    PictureShape,
    RectShape,
    Scene,
    Shape,
    TextShape,
    shared_face_body,
)
from printkit.render.svg import Frame, num

WIDTH = 110.0
"""Widest diagram (mm): the text width of a half-letter page."""
PITCH = 22.0
"""Largest distance (mm) between two cells."""
GAP = 0.06
"""Space between two cells, as a share of the pitch."""
PLATE = 3.4
"""Height (mm) of the plate under a card that names it."""
FONT = 2.3
"""Size (mm) of plates, legend and the lines under the diagram."""
LINE = 1.75
"""Height of a line of words under the diagram, in font sizes."""
INK = "#1d2a44"
EMPTY = "#ebe5d6"
GRID = "#cbbfa5"
WASH = "#f7dc6f"
PLAYED = "#d55e00"
"""The ring around a card just played (vermilion: told from the ink and the wash)."""
EDGE = 0.9
"""Width (mm) of the heavy line along a side where the square may not grow."""
HAND_CARD = 14.0
"""Width (mm) of a card in a hand drawn as cards (the table after the deal)."""

LEGEND_PLACED = "just played"
LEGEND_NAMED = "named in the text"
LEGEND_EDGE = "edge of the 4 \u00d7 4 square"
LEGEND_DOWN = "card turned face down under the card on top"

_CELL = re.compile(r"([a-dA-D])([1-4])")


def _engine(engine: Any) -> Vant:
    if not isinstance(engine, Vant):
        raise TypeError(f"not an engine of \"I vant to be alone\": {engine!r}")
    return engine


@dataclass(frozen=True)
class Region:
    """The cells a diagram draws (frame rows and columns, both ends included) and the
    sides along which the square may not grow."""

    top: int
    bottom: int
    left: int
    right: int
    edges: frozenset[str]
    """Of ``top``, ``bottom``, ``left``, ``right``."""

    @property
    def rows(self) -> int:
        """Rows drawn."""
        return self.bottom - self.top + 1

    @property
    def columns(self) -> int:
        """Columns drawn."""
        return self.right - self.left + 1


def region(state: VantState) -> Region:
    """The layout and, while the square is not full, one ring of cells around it where it
    may still grow; a full row or column of four closes its two sides."""
    filled = [i for i in range(16) if state.lower[i] is not None]
    if state.placed == 16 or not filled:
        return Region(0, 3, 0, 3, frozenset(("top", "bottom", "left", "right")))
    height = max(i // 4 for i in filled) + 1
    width = max(i % 4 for i in filled) + 1
    tall, wide = height == 4, width == 4
    edges = frozenset((("top", "bottom") if tall else ()) + (("left", "right") if wide else ()))
    return Region(0 if tall else -1, 3 if tall else height, 0 if wide else -1,
                  3 if wide else width, edges)


class Faces:
    """The definition's card faces by card, the back, and the turned faces, each drawn
    once by the renderers of the printed cards (trim size, no bleed, as diagrams use)."""

    def __init__(self, definition: Definition) -> None:
        self.frame = Frame.from_points(definition.card_width, definition.card_height, 0.0,
                                       definition.safe_margin)
        self.ratio = definition.card_height / definition.card_width
        self.accent = definition.accent
        self.by_card: dict[Card, CardFace] = {}
        for face in definition.faces:
            card = _card_of(face)
            if card is not None and face.deck == 0:
                self.by_card.setdefault(card, face)
        missing = [card_name(c) for c in range(32) if c not in self.by_card]
        if missing:
            raise ValueError(f"{definition.path}: diagrams need a face for every card of the "
                             f"pack; none shows {', '.join(missing[:4])}")
        self.back = render_back(definition.back_kind, self.frame, definition.back_options,
                                definition.title)
        self._turned: dict[Card, str] = {}

    def turned(self, card: Card) -> str:
        """The card's face as an SVG turned a quarter clockwise (lying sideways)."""
        found = self._turned.get(card)
        if found is None:
            content, width = shared_face_body(render_face(self.by_card[card], self.frame))
            height = width * self.ratio
            found = self._turned[card] = (
                '<svg xmlns="http://www.w3.org/2000/svg" '
                f'viewBox="0 0 {num(height)} {num(width)}" width="{num(height)}mm" '
                f'height="{num(width)}mm"><g transform="translate({num(height)} 0) '
                f'rotate(90)">{content}</g></svg>')
        return found


def _card_of(face: CardFace) -> Card | None:
    """The card a face of the pack shows (``None`` for another face)."""
    attributes = dict(face.attributes)
    rank, suit = attributes.get("rank"), attributes.get("suit")
    if rank is None or suit is None:
        return None
    return read_card(f"{rank}{suit}")


@dataclass(frozen=True)
class Geometry:
    """Where the cells and the lines under them go (millimetres)."""

    pitch: float
    cell: float
    card_height: float
    width: float
    grid_height: float

    def origin(self, place: Region, row: int, col: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        gap = self.pitch - self.cell
        return ((col - place.left) * self.pitch + gap / 2,
                (row - place.top) * self.pitch + gap / 2)


def geometry(place: Region, ratio: float) -> Geometry:
    """Cells as large as the width allows, at most :data:`PITCH` apart."""
    pitch = min(PITCH, WIDTH / place.columns)
    cell = pitch * (1 - GAP)
    # upright above its plate, and as wide as the cell once turned sideways
    card_height = min(cell - PLATE - 0.6, cell - 0.8, (cell - 0.8) * ratio)
    return Geometry(pitch, cell, card_height, pitch * place.columns, pitch * place.rows)


class Positions:
    """The plugin's ``positions`` part: cells named ``b3``, positions as scenes."""

    def square(self, engine: Any, text: str) -> Square:
        """``b3`` as (row, col) of the layout as written; ``ValueError`` otherwise."""
        _engine(engine)
        match = _CELL.fullmatch(text.strip())
        if match is None:
            raise ValueError(f"expected a cell such as 'b3' (columns a-d, rows 1-4), "
                             f"not {text!r}")
        return int(match.group(2)) - 1, "abcd".index(match.group(1).lower())

    def view(self, definition: Any, engine: Any, state: Any, highlights: Sequence[Square],
             moves: Sequence[Any]) -> Scene:
        """``state`` drawn as the booklet shows it."""
        game = _engine(engine)
        faces = Faces(definition)
        if not isinstance(state, VantState):
            raise TypeError(f"not a position of \"I vant to be alone\": {state!r}")
        if state.placed == 0:
            return _deal(game, state, faces)
        return _layout(game, state, faces, highlights, moves)


def _layout(game: Vant, state: VantState, faces: Faces, highlights: Sequence[Square],
            moves: Sequence[Any]) -> Scene:
    place = region(state)
    geo = geometry(place, faces.ratio)
    shapes: list[Shape] = []
    wash = set(highlights)
    for row in range(place.top, place.bottom + 1):
        for col in range(place.left, place.right + 1):
            x, y = geo.origin(place, row, col)
            fill = WASH if (row, col) in wash else EMPTY
            shapes.append(RectShape(x, y, geo.cell, geo.cell, fill, GRID, geo.cell * 0.02))
    covered = False
    for index in range(16):
        lower, upper = state.lower[index], state.upper[index]
        if lower is None:
            continue
        row, col = divmod(index, 4)
        x, y = geo.origin(place, row, col)
        shapes += _cell(faces, geo, x, y, lower, upper)
        covered = covered or upper is not None
    shapes += _edges(place, geo)
    marked = _played(state, moves)
    pad = 0.5
    for row, col in highlights:
        if place.top <= row <= place.bottom and place.left <= col <= place.right:
            x, y = geo.origin(place, row, col)
            shapes.append(RectShape(x - pad, y - pad, geo.cell + 2 * pad, geo.cell + 2 * pad,
                                    "none", INK, 0.35, (1.2, 0.8)))
    for row, col in marked:
        x, y = geo.origin(place, row, col)
        shapes.append(RectShape(x + 0.3, y + 0.3, geo.cell - 0.6, geo.cell - 0.6,
                                "none", PLAYED, 0.6))
    legend = [item for item, used in ((LEGEND_PLACED, bool(marked)),
                                      (LEGEND_NAMED, bool(highlights)),
                                      (LEGEND_EDGE, bool(place.edges)),
                                      (LEGEND_DOWN, covered)) if used]
    top = geo.grid_height + 1.0
    lines, height = _legend(legend, top, geo.width, faces.accent)
    shapes += lines
    words, height = _words(game, state, height, geo.width)
    shapes += words
    return Scene(geo.width, height + 0.8, "", tuple(shapes))


def _cell(faces: Faces, geo: Geometry, x: float, y: float, lower: Card,
          upper: Card | None) -> list[Shape]:
    """One cell's cards and the plate naming them."""
    shapes: list[Shape] = [RectShape(x, y, geo.cell, geo.cell, "#ffffff")]
    height = geo.card_height
    width = height / faces.ratio
    cx = x + geo.cell / 2
    top = y + 0.6
    if upper is None:
        shapes.append(CardShape(faces.by_card[lower], cx - width / 2, top, width))
        label = card_name(lower)
    else:
        shapes.append(PictureShape("back", faces.back, cx - width / 2, top, width))
        # the covering card lies across the face-down one, centred on it
        shapes.append(PictureShape(f"sideways-{card_name(upper)}", faces.turned(upper),
                                   cx - height / 2, top + height / 2 - width / 2, height))
        label = f"{card_name(upper)} on {card_name(lower)}"
    size = min(FONT, (geo.cell - 1.0) / (0.62 * max(1, len(label))))
    shapes.append(TextShape(cx, y + geo.cell - PLATE / 2, label, size, INK, bold=True))
    return shapes


def _edges(place: Region, geo: Geometry) -> list[Shape]:
    """A heavy line along each side where the square may not grow."""
    out: list[Shape] = []
    width, height = geo.pitch * place.columns, geo.pitch * place.rows
    for side in sorted(place.edges):
        if side == "top":
            out.append(RectShape(0, 0, width, EDGE, INK))
        elif side == "bottom":
            out.append(RectShape(0, height - EDGE, width, EDGE, INK))
        elif side == "left":
            out.append(RectShape(0, 0, EDGE, height, INK))
        else:
            out.append(RectShape(width - EDGE, 0, EDGE, height, INK))
    return out


def _played(state: VantState, moves: Sequence[Any]) -> list[Square]:
    """The cells of the cards just played, in the position reached."""
    cards = {getattr(m, "card", None) for m in moves} - {None}
    return [divmod(i, 4) for i in range(16)
            if state.upper[i] in cards or (state.upper[i] is None and state.lower[i] in cards)]


def _legend(items: Sequence[str], top: float, width: float,
            back: str) -> tuple[list[Shape], float]:
    """The legend's swatches and words, wrapped to ``width``; returns where it ends."""
    shapes: list[Shape] = []
    x, line = 0.0, 0
    for item in items:
        span = FONT * 2.6 + _text_width(item)
        if x and x + span > width:
            x, line = 0.0, line + 1
        centre = top + (line + 0.5) * FONT * LINE
        box = (x, centre - FONT * 0.55, FONT * 1.6, FONT * 1.1)
        if item == LEGEND_PLACED:
            shapes.append(RectShape(*box, "none", PLAYED, FONT * 0.2))
        elif item == LEGEND_NAMED:
            shapes.append(RectShape(*box, WASH, INK, FONT * 0.08, (FONT * 0.3, FONT * 0.2)))
        elif item == LEGEND_EDGE:
            shapes.append(RectShape(x, centre - EDGE / 2, FONT * 1.6, EDGE, INK))
        else:
            shapes.append(RectShape(*box, back))
        shapes.append(TextShape(x + FONT * 2.1, centre, item, FONT, INK, anchor="start"))
        x += span
    end = top + (line + 1) * FONT * LINE if items else top
    return shapes, end


def _text_width(text: str) -> float:
    return 0.58 * FONT * len(text)


def _words(game: Vant, state: VantState, top: float, width: float) -> tuple[list[Shape], float]:
    """Scores and who plays next, then one line per hand the position knows."""
    names = game.player_names(state)
    score = f"Scores: {names[0]} {state.scores[0]}, {names[1]} {state.scores[1]}"
    if game.is_terminal(state):
        score += " \u00b7 the game is over"
    else:
        score += f" \u00b7 {names[game.to_move(state)]} to play"
    lines = [score]
    for player in (0, 1):
        cards = [card_name(c) for c in sorted(state.hands[player], key=_order)]
        unseen = state.hidden[player]
        if not cards and not unseen:
            continue
        held = "  ".join(cards)
        if unseen:
            held += ("  and " if cards else "") + f"{unseen} unseen"
        lines.append(f"{names[player]} holds: {held}")
    shapes: list[Shape] = []
    for index, words in enumerate(lines):
        size = min(FONT, width / max(1.0, _text_width(words) / FONT))
        shapes.append(TextShape(0, top + (index + 0.5) * FONT * LINE, words, size, INK,
                                anchor="start", bold=index == 0))
    return shapes, top + len(lines) * FONT * LINE


def _order(card: Card) -> tuple[int, int]:
    """Hands are listed suit by suit, high cards first (spades, hearts, clubs, diamonds)."""
    return card >> 3, -(card & 7)


def _deal(game: Vant, state: VantState, faces: Faces) -> Scene:
    """The table after the deal: each hand as a row of cards, and the stock."""
    shapes: list[Shape] = []
    names = game.player_names(state)
    height = HAND_CARD * faces.ratio
    y = 0.0
    stock_x = WIDTH - HAND_CARD - 1.0
    for player in (0, 1):
        cards = sorted(state.hands[player], key=_order)
        who = f"{names[player]}" + (" (deals)" if player == state.dealer else " (plays first)")
        shapes.append(TextShape(0, y + FONT * 0.7, who, FONT, INK, anchor="start", bold=True))
        top = y + FONT * 1.6
        for index, card in enumerate(cards):
            x = index * (HAND_CARD + 1.5)
            shapes.append(RectShape(x + 0.4, top + 0.4, HAND_CARD, height, "#c9c2b1"))
            shapes.append(CardShape(faces.by_card[card], x, top, HAND_CARD))
            shapes.append(TextShape(x + HAND_CARD / 2, top + height + FONT * 0.9,
                                    card_name(card), FONT, INK, bold=True))
        for index in range(state.hidden[player]):
            x = (len(cards) + index) * (HAND_CARD + 1.5)
            shapes.append(PictureShape("back", faces.back, x, top, HAND_CARD))
        y = top + height + FONT * 2.2
    stock_top = FONT * 1.6
    for index in range(3):
        shapes.append(PictureShape("back", faces.back, stock_x - index * 0.6,
                                   stock_top + index * 0.6, HAND_CARD))
    shapes.append(TextShape(stock_x + HAND_CARD / 2 - 0.6, stock_top + height + 1.2 + FONT * 0.9,
                            "stock", FONT, INK, bold=True))
    return Scene(WIDTH, y + 0.5, "", tuple(shapes))


POSITIONS = Positions()

__all__ = ["POSITIONS", "Faces", "Positions", "Region", "geometry", "region"]
