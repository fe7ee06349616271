"""Stars and Bars positions as booklet diagrams (the plugin's ``positions`` part).

A diagram is drawn as the table looks: the grid of landscape spaces, the centre ones
tinted and hatched (the tint alone vanishes in greyscale), each stack shown by its top
card (drawn by the card renderer, with its code such as ``srl1`` on a plate under it, and
the number of cards when there are several), a face-down stack by the real card back.
Column letters run along the top and row numbers down the left, as the notation names
spaces (``b2``).  Under the grid a legend names the marks used, and a line per player
gives the score and the open hand, then the stock and who is to move: everything the text
of an example may talk about.

Cards are found among the definition's faces by their attribute values, so a teacher's
deck draws its own cards; an example written for the standard deck (``parameters:``
pinned to the defaults while the definition has other attributes) gets its cards drawn
on the spot from the engine's own table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.definition.model import CardFace, Definition
from printkit.games.stars_and_bars import PLUGIN
from printkit.games.stars_and_bars.board import centre_tint
from printkit.games.stars_and_bars.faces import CARD, CardOptions
from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import (
    PLAYER_NAMES,
    Card,
    Place,
    StarsAndBarsState,
    read_space,
)
from printkit.render.diagram import Square
from printkit.render.kinds import render_back
from printkit.render.scene import CardShape, PictureShape, RectShape, Scene, Shape, TextShape
from printkit.render.svg import Frame

WIDTH = 94.0
"""Width (mm) of a diagram: less than the text width of a half-letter page, and the cards
still 21 mm wide (their symbols are then drawn 3 to 14 mm tall)."""
BAND = 4.6
"""Width (mm) of the band of column letters above the grid and row numbers left of it."""
GAP = 1.2
"""Space (mm) between two spaces of the grid."""
PLATE = 3.0
"""Height (mm) of the plate under a card that carries its code."""
FONT = 2.4
"""Size (mm) of the edge letters, the plates, the legend and the lines under the grid."""
LINE = 1.6
"""Height of a line of the legend or of the status, in font sizes."""
INK = "#1d2a44"
OUTER = "#f1ece0"
WASH = "#f7dc6f"
PLACED = "#c0392b"
SHADOW = "#8a8f99"
LEGEND_CENTRE = "centre space"
LEGEND_PLACED = "just laid"
LEGEND_NAMED = "named in the text"
LEGEND_STACK = "(3): cards in the stack"


def _engine(engine: Any) -> StarsAndBars:
    if not isinstance(engine, StarsAndBars):
        raise TypeError(f"not a Stars and Bars engine: {engine!r}")
    return engine


def card_faces(definition: Definition, game: StarsAndBars) -> dict[Card, CardFace]:
    """The face of every card kind of ``game``: the definition's own where its attribute
    values match, else one drawn from the engine's table with the definition's options."""
    found: dict[tuple[tuple[str, str], ...], CardFace] = {}
    model: CardFace | None = None
    for face in definition.faces:
        if face.kind == CARD.name and face.deck == 0:
            model = model or face
            found[tuple(sorted((k.lower(), str(v).lower()) for k, v in face.attributes))] = face
    table = tuple((a.name, a.values) for a in game.attributes)
    options = (replace(model.options, attributes=table)
               if model is not None and isinstance(model.options, CardOptions)
               else CardOptions(attributes=table))
    faces: dict[Card, CardFace] = {}
    for card, kind in enumerate(game.kinds):
        values = tuple((a.name, a.values[v]) for a, v in zip(game.attributes, kind, strict=True))
        own = found.get(tuple(sorted(values)))
        faces[card] = own if own is not None else CardFace(
            key=f"example-{game.codes[card]}", group="card", kind=CARD.name,
            attributes=values, copies=1, deck=0, deck_mark="", options=options,
            owner=PLUGIN.name)  # this game's kind, whatever game the definition is of
    return faces


@dataclass(frozen=True)
class Grid:
    """Where the spaces of a diagram lie (millimetres)."""

    columns: int
    rows: int
    card_w: float
    card_h: float

    @property
    def pitch_x(self) -> float:
        return self.card_w + GAP

    @property
    def pitch_y(self) -> float:
        return self.card_h + PLATE + GAP

    @property
    def bottom(self) -> float:
        """The y just under the last row."""
        return BAND + self.rows * self.pitch_y

    def origin(self, space: int) -> tuple[float, float]:
        """Top-left corner of a space's cell."""
        row, column = divmod(space, self.columns)
        return BAND + column * self.pitch_x + GAP / 2, BAND + row * self.pitch_y + GAP / 2


def grid_for(game: StarsAndBars, definition: Definition) -> Grid:
    """Cards as large as the width allows, in the definition's proportions."""
    columns, rows = game.params.columns, game.params.rows
    card_w = (WIDTH - BAND) / columns - GAP
    return Grid(columns, rows, card_w, card_w * definition.card_height / definition.card_width)


class Positions:
    """Stars and Bars positions as diagrams."""

    def square(self, engine: Any, text: str) -> Square:
        """``"b2"`` as (row, column); ``ValueError`` when it names no space."""
        game = _engine(engine)
        space = read_space(text, game.params.rows, game.params.columns)
        if space is None:
            raise ValueError(f"{text!r} is not a space of the {game.params.columns} x "
                             f"{game.params.rows} board (a column letter and a row number, "
                             "such as b2)")
        row, column = divmod(space, game.params.columns)
        return row, column

    def view(self, definition: Any, engine: Any, state: Any, highlights: Sequence[Square],
             moves: Sequence[Any]) -> Scene:
        """The grid with its stacks, the marks, the legend and the players' lines."""
        game = _engine(engine)
        if not isinstance(state, StarsAndBarsState):
            raise TypeError(f"not a Stars and Bars position: {state!r}")
        grid = grid_for(game, definition)
        faces = card_faces(definition, game)
        placed = {m.space for m in moves if isinstance(m, Place)}
        named = {row * grid.columns + column for row, column in highlights}
        shapes: list[Shape] = []
        shapes += _edges(game, grid)
        centre = centre_tint(definition)
        cells, used = _cells(game, definition, grid, state, faces, named, centre)
        shapes += cells
        shapes += _rings(grid, state, named, placed)
        legend = [LEGEND_CENTRE, *used]
        if placed:
            legend.append(LEGEND_PLACED)
        if any(not state.board[s].size for s in named):
            legend.append(LEGEND_NAMED)
        top = grid.bottom + 0.8
        legend_shapes, top = _legend(legend, top, centre)
        shapes += legend_shapes
        lines = _status(game, state)
        for index, words in enumerate(lines):
            shapes.append(TextShape(BAND, top + (index + 0.5) * FONT * LINE, words,
                                    _fitted(words, FONT, WIDTH - BAND), INK, anchor="start"))
        height = top + len(lines) * FONT * LINE + 0.5
        return Scene(WIDTH, height, "", tuple(shapes))


def _fitted(words: str, size: float, room: float) -> float:
    """``size``, or less when ``words`` would be wider than ``room`` (a generous estimate
    of Vera's widths)."""
    return min(size, room / max(1e-9, 0.6 * len(words)))


def _edges(game: StarsAndBars, grid: Grid) -> list[Shape]:
    out: list[Shape] = []
    for column in range(grid.columns):
        x = BAND + (column + 0.5) * grid.pitch_x
        out.append(TextShape(x, BAND / 2, chr(ord("a") + column), FONT, INK, bold=True))
    for row in range(grid.rows):
        y = BAND + row * grid.pitch_y + GAP / 2 + grid.card_h / 2
        out.append(TextShape(BAND / 2, y, str(row + 1), FONT, INK, bold=True))
    return out


def _cells(game: StarsAndBars, definition: Definition, grid: Grid, state: StarsAndBarsState,
           faces: dict[Card, CardFace], named: set[int],
           centre: str) -> tuple[list[Shape], list[str]]:
    """Every space: its ground, its stack and the plate under it; and the legend entries
    the stacks need."""
    out: list[Shape] = []
    used: list[str] = []
    back = None
    for space, stack in enumerate(state.board):
        x, y = grid.origin(space)
        if game.is_centre[space] and not (space in named and not stack.size):
            out.append(PictureShape(f"centre-{centre}", hatched(
                grid.card_w, grid.card_h + PLATE, centre), x, y, grid.card_w))
        else:
            out.append(RectShape(x, y, grid.card_w, grid.card_h + PLATE,
                                 WASH if space in named and not stack.size else OUTER))
        if not stack.size:
            continue
        for depth in range(min(stack.size - 1, 3), 0, -1):  # the cards underneath peek out
            shift = depth * 0.45
            out.append(RectShape(x + shift, y - shift, grid.card_w, grid.card_h, "#ffffff",
                                 SHADOW, 0.18))
        if stack.face_down:
            if back is None:
                frame = Frame.from_points(definition.card_width, definition.card_height, 0.0,
                                          definition.safe_margin)
                back = render_back(definition.back_kind, frame, definition.back_options,
                                   definition.title)
            out.append(PictureShape("back", back, x, y, grid.card_w))
            words = f"face down ({stack.size})"
        else:
            out.append(CardShape(faces[stack.cards[-1]], x, y, grid.card_w))
            words = game.codes[stack.cards[-1]]
            if stack.size > 1:
                words += f" ({stack.size})"
                if LEGEND_STACK not in used:
                    used.append(LEGEND_STACK)
        out.append(TextShape(x + grid.card_w / 2, y + grid.card_h + PLATE / 2, words,
                             _fitted(words, FONT, grid.card_w - 1), INK, bold=True))
    return out, used


HATCH = "#98a9b1"
"""The lines hatching a centre space: the tint alone fades to the outer spaces' grey in
greyscale (and on a pale print), the hatching does not."""
HATCH_PITCH = 1.5
"""Distance (mm) between the hatching's lines."""


def hatched(width: float, height: float, tint: str) -> str:
    """A centre space's ground as SVG, ``width`` x ``height`` mm: the tint with diagonal
    lines over it, each clipped to the box."""
    lines = []
    start = -height
    while start < width:
        first, last = max(0.0, -start), min(height, width - start)
        if last > first:
            lines.append(f'<line x1="{start + first:.3f}" y1="{height - first:.3f}" '
                         f'x2="{start + last:.3f}" y2="{height - last:.3f}"/>')
        start += HATCH_PITCH
    return ('<svg xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {width:.3f} {height:.3f}" width="{width:.3f}mm" '
            f'height="{height:.3f}mm"><rect width="{width:.3f}" height="{height:.3f}" '
            f'fill="{tint}"/><g stroke="{HATCH}" stroke-width="0.2">{"".join(lines)}</g>'
            '</svg>')


def _rings(grid: Grid, state: StarsAndBarsState, named: set[int],
           placed: set[int]) -> list[Shape]:
    """A dashed ring round each named space (an empty one is also washed yellow, but the
    ring is what shows it in grey), a solid red one round the cards just laid."""
    del state
    out: list[Shape] = []
    pad = 0.5
    for space in sorted(named | placed):
        x, y = grid.origin(space)
        solid = space in placed
        out.append(RectShape(x - pad, y - pad, grid.card_w + 2 * pad,
                             grid.card_h + PLATE + 2 * pad, "none",
                             PLACED if solid else INK, 0.55 if solid else 0.35,
                             () if solid else (1.2, 0.8)))
    return out


def _legend(items: Sequence[str], top: float, centre: str) -> tuple[list[Shape], float]:
    """The legend's entries side by side (wrapping), each after its swatch; returns the
    shapes and the y under the legend."""
    out: list[Shape] = []
    x, line = BAND, 0
    swatch = FONT * 1.6
    for item in items:
        span = swatch + 0.8 + 0.6 * FONT * len(item) + FONT * 1.4
        if x > BAND and x + span > WIDTH:
            x, line = BAND, line + 1
        middle = top + (line + 0.5) * FONT * LINE
        box = (x, middle - FONT * 0.55, swatch, FONT * 1.1)
        if item == LEGEND_CENTRE:
            out.append(PictureShape(f"centre-legend-{centre}", hatched(box[2], box[3], centre),
                                    box[0], box[1], box[2]))
            out.append(RectShape(*box, "none", INK, 0.12))
        elif item == LEGEND_PLACED:
            out.append(RectShape(*box, "none", PLACED, 0.45))
        elif item == LEGEND_NAMED:
            out.append(RectShape(*box, WASH, INK, 0.35, (1.2, 0.8)))
        else:
            out.append(RectShape(box[0] + 0.4, box[1] - 0.4, box[2], box[3], "#ffffff",
                                 SHADOW, 0.15))
            out.append(RectShape(*box, "#ffffff", SHADOW, 0.15))
        out.append(TextShape(x + swatch + 0.8, middle, item, FONT, INK, anchor="start"))
        x += span
    return out, top + (line + 1) * FONT * LINE


def _status(game: StarsAndBars, state: StarsAndBarsState) -> list[str]:
    """A line per player (score and open hand; none for a player a made-up position
    leaves without cards or points), then the stock and whose turn it is."""
    lines = []
    for seat, name in enumerate(PLAYER_NAMES):
        if not state.hands[seat] and not state.scores[seat] and not state.over:
            continue
        hand = " ".join(game.codes[c] for c in state.hands[seat]) or "no cards"
        points = state.scores[seat]
        lines.append(f"{name}: {points} point{'s' if points != 1 else ''}, holds {hand}")
    stock = state.stock_size
    tail = ("the game is over" if state.over else
            f"{PLAYER_NAMES[state.to_move]} to move in round {state.turn // 2 + 1}")
    lines.append(f"Stock: {stock} card{'s' if stock != 1 else ''} \u00b7 {tail}")
    return lines


POSITIONS = Positions()

__all__ = ["POSITIONS", "Positions", "card_faces", "grid_for"]
