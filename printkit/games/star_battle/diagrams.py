"""Star Battle positions as booklet diagrams: the galaxy of system cards with ships on them.

A galaxy is no board: it grows from the Core in any direction and its cards are taller
than wide, so the plugin draws its own :class:`~printkit.render.scene.Scene` (the
``positions`` part) instead of a grid of square cells.  Each system is drawn by the card
renderer, with a tag over its corner index naming the card (``10H``), since the index is
too small to read at this size.  The ships on it are round tokens in their owner's colour
(a Dreadnought's broad hull, a Scout's dart, a count when there are several), and an
occupied system is framed in its owner's colour and tagged with the owner's letter (``A``,
as on the tokens), so that players are told apart in greyscale too.  The Core's place has
a gold star, whatever card lies there.  Columns and rows are named along the edges the way
the notation names cells (``W1``, ``E2``; ``N1``, ``S1``; a dot for the Core's column and
row), and the hands are listed under the legend, since every action is paid for with a
card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError, Problem
from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.ships import DREADNOUGHT, SCOUT
from printkit.games.star_battle.state import (
    CORE,
    Card,
    Cell,
    LayCore,
    StarBattleState,
    System,
    parse_cell,
)
from printkit.render.diagram import Square, fitted, text_width
from printkit.render.scene import CardShape, PictureShape, RectShape, Scene, Shape, TextShape
from printkit.render.svg import star_points

WIDTH = 110.0
"""Widest diagram (mm): the text width of a half-letter page."""
NARROWEST = 92.0
"""Least width (mm) of a diagram, so its legend and hands have room beside a small
galaxy."""
TALLEST = 96.0
"""Tallest grid of systems (mm), so a diagram shares its page with its words."""
LARGEST_CARD = 19.0
"""Widest a system card is drawn (mm)."""
RATIO = 88.9 / 63.5
"""Height over width of a system card (the definition's own size replaces it)."""
BADGE_TEXT = 6 * 25.4 / 72
"""Smallest size (mm: 6 pt) of the number on a ship badge."""
BAND = 5.0
"""Room (mm) for the column names above the grid and the row names left of it."""
GAP = 1.8
"""Space (mm) between two systems."""
FRAME = 0.7
"""Width (mm) of the owner's frame around an occupied system."""
EDGE_FONT = 2.4
LEGEND_FONT = 2.3
LINE = 1.9
"""Height of a legend or hand line, in font sizes."""
INK = "#1d2a44"
GOLD = "#d4a11e"
WASH = "#f7dc6f"
PAPER = "#ffffff"
LEGEND_CORE = "the Galactic Core"
LEGEND_NAMED = "named in the text"
LEGEND_PLAYED = "just played"


def _engine(engine: Any) -> StarBattle:
    if not isinstance(engine, StarBattle):
        raise TypeError(f"not a Star Battle engine: {engine!r}")
    return engine


def edge_name(value: int, positive: str, negative: str) -> str:
    """A column's or row's name: ``E2``, ``W1``, or a dot for the Core's line."""
    if value == 0:
        return "\u00b7"
    return f"{positive if value > 0 else negative}{abs(value)}"


@dataclass(frozen=True)
class Grid:
    """Where the systems go: the columns and rows shown, and the size of a card (mm)."""

    columns: tuple[int, ...]
    """Steps east of the Core, west to east."""
    rows: tuple[int, ...]
    """Steps north of the Core, north to south."""
    card: float
    ratio: float
    left: float = 0.0
    """Room (mm) left of the row names: a small galaxy is centred over its legend."""

    @property
    def cell_w(self) -> float:
        return self.card + 2 * FRAME

    @property
    def cell_h(self) -> float:
        return self.card * self.ratio + 2 * FRAME

    def origin(self, cell: Cell) -> tuple[float, float]:
        """Top-left corner of a cell's frame."""
        col = self.columns.index(cell[0])
        row = self.rows.index(cell[1])
        return (self.left + BAND + col * (self.cell_w + GAP) + GAP / 2,
                BAND + row * (self.cell_h + GAP) + GAP / 2)

    @property
    def width(self) -> float:
        """The diagram's width: the grid's, or the least a legend needs."""
        return max(NARROWEST, self.left + BAND + len(self.columns) * (self.cell_w + GAP))

    @property
    def height(self) -> float:
        return BAND + len(self.rows) * (self.cell_h + GAP)


def grid_for(cells: Sequence[Cell], ratio: float) -> Grid:
    """The smallest grid holding ``cells``, its cards as large as the page allows."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    columns = tuple(range(min(xs), max(xs) + 1))
    rows = tuple(range(max(ys), min(ys) - 1, -1))
    across = (WIDTH - BAND) / len(columns) - GAP - 2 * FRAME
    down = ((TALLEST - BAND) / len(rows) - GAP - 2 * FRAME) / ratio
    card = min(LARGEST_CARD, across, down)
    used = BAND + len(columns) * (card + 2 * FRAME + GAP)
    return Grid(columns, rows, card, ratio, max(0.0, (NARROWEST - used) / 2))


def _faces(definition: Definition) -> dict[str, CardFace]:
    """The system faces of the first deck, by card name (``10H``)."""
    faces = {f"{face.attr('rank')}{face.attr('suit')}".upper(): face
             for face in definition.faces
             if face.kind == "star-battle-system" and face.deck == 0}
    if len(faces) < 52:
        raise DefinitionError([Problem("the booklet's diagrams need the 52 'star-battle-system'"
                                       " faces of a deck", definition.sections.get("faces"))])
    return faces


def token_svg(shape: str, colour: str) -> str:
    """A ship token as the diagrams show it: the ship on a white disc in a ring of its
    owner's colour (``shape`` is ``dreadnought`` or ``scout``)."""
    hull = (DREADNOUGHT if shape == "dreadnought" else SCOUT).path(5, 5, 5.6)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10mm" '
            f'height="10mm"><circle cx="5" cy="5" r="4.8" fill="{colour}" stroke="{INK}" '
            f'stroke-width="0.4"/><circle cx="5" cy="5" r="3.4" fill="{PAPER}"/>'
            f'<path d="{hull}" fill="{colour}" stroke="{INK}" stroke-width="0.3" '
            'stroke-linejoin="round"/></svg>')


STAR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10mm" '
        f'height="10mm"><path d="{star_points(5, 5.4, 4.7)}" fill="{GOLD}" stroke="{INK}" '
        'stroke-width="0.5" stroke-linejoin="round"/></svg>')
"""The gold star that marks the Core's place."""

BADGE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10mm" '
         f'height="10mm"><circle cx="5" cy="5" r="4.6" fill="{INK}" stroke="{PAPER}" '
         'stroke-width="0.8"/></svg>')
"""The dark disc a ship count is printed on."""


class Positions:
    """Star Battle positions as diagrams (the plugin's ``positions`` part)."""

    def square(self, engine: Any, text: str) -> Square:
        """A cell named as the notation names it (``E1``, ``W1S2``, ``core``) as (row,
        col); ``ValueError`` if it is no cell name."""
        _engine(engine)
        cell = parse_cell(text.strip())
        if cell is None:
            raise ValueError(f"{text!r} is not a cell (write core, E1, N2, W1S3 ...)")
        return (-cell[1], cell[0])

    def view(self, definition: Any, engine: Any, state: Any, highlights: Sequence[Square],
             moves: Sequence[Any]) -> Scene:
        """The galaxy of ``state`` with its ships, the cells named in the text washed or
        ringed, the cells of the moves just played ringed, a legend and the hands."""
        game = _engine(engine)
        assert isinstance(state, StarBattleState)
        named = [(col, -row) for row, col in highlights]
        played = sorted({cell for move in moves for cell in move_cells(move)})
        ratio = definition.card_height / definition.card_width
        grid = grid_for([*(s.cell for s in state.galaxy), *named, *played, CORE], ratio)
        colours = player_colours(definition)
        drawing = _Drawing(grid, colours, _faces(definition))
        drawing.edges()
        if not state.galaxy:  # before the Core is laid: its place, empty
            x, y = grid.origin(CORE)
            drawing.shapes.append(RectShape(x + FRAME, y + FRAME, grid.card,
                                            grid.card * grid.ratio, PAPER, INK, 0.3, (1.1, 0.8)))
        for system in state.galaxy:
            drawing.system(system)
        drawing.rings(named, played, [s.cell for s in state.galaxy])
        names = game.player_names(state)
        owners = sorted({s.owner for s in state.galaxy if s.owner >= 0})
        kinds = [k for k in ("dreadnought", "scout")
                 if any(s.dreadnoughts if k == "dreadnought" else s.scouts
                        for s in state.galaxy)]
        legend = [*((f"{names[p]}'s ships", colours[p % len(colours)]) for p in owners),
                  *((kind.capitalize(), kind) for kind in kinds),
                  (LEGEND_CORE, "core")]
        if any(cell not in state.index for cell in named):
            legend.append((LEGEND_NAMED, "named"))
        if played:
            legend.append((LEGEND_PLAYED, "played"))
        top = drawing.legend(legend, grid.height + 1.0)
        drawing.hands([(p, names[p], state.hands[p]) for p in range(len(names))], top)
        return Scene(grid.width, drawing.bottom, "", tuple(drawing.shapes))


def move_cells(move: Any) -> tuple[Cell, ...]:
    """The cells a move touches: where a card is laid or a ship built, both ends of a move
    or a battle."""
    if hasattr(move, "source"):
        return (move.source, move.target)
    if hasattr(move, "cell"):
        return (move.cell,)
    return (CORE,) if isinstance(move, LayCore) else ()


def player_colours(definition: Definition) -> tuple[str, ...]:
    """The players' colours: the booklet's, else the ship tokens'."""
    given = definition.booklet.get("player_colours")
    if isinstance(given, (list, tuple)) and given:
        return tuple(str(c) for c in given)
    return ("#e69f00", "#0072b2", "#009e73", "#cc79a7", "#d55e00", "#56b4e9")


class _Drawing:
    """The shapes of one diagram, added part by part."""

    def __init__(self, grid: Grid, colours: Sequence[str], faces: Mapping[str, CardFace]
                 ) -> None:
        self.grid = grid
        self.colours = colours
        self.faces = faces
        self.shapes: list[Shape] = []
        self.bottom = grid.height

    def edges(self) -> None:
        """Column names along the top, row names down the left."""
        grid = self.grid
        for x in grid.columns:
            left, _ = grid.origin((x, grid.rows[0]))
            self.shapes.append(TextShape(left + grid.cell_w / 2, BAND / 2,
                                         edge_name(x, "E", "W"), EDGE_FONT, INK, bold=True))
        for y in grid.rows:
            _, top = grid.origin((grid.columns[0], y))
            self.shapes.append(TextShape(grid.left + BAND / 2, top + grid.cell_h / 2,
                                         edge_name(y, "N", "S"), EDGE_FONT, INK, bold=True))

    def system(self, system: System) -> None:
        """A system: its owner's frame, the card, its name tag, its owner's letter and
        its ships."""
        grid = self.grid
        x, y = grid.origin(system.cell)
        if system.ships:
            self.shapes.append(RectShape(x, y, grid.cell_w, grid.cell_h,
                                         self.colours[system.owner % len(self.colours)]))
        card = grid.card
        face = self.faces[str(system.card)]
        self.shapes.append(CardShape(face, x + FRAME, y + FRAME, card))
        self._tag(str(system.card), x + FRAME, y + FRAME)
        if system.ships:  # the owner's letter, as on the tokens: more than colour alone
            letter = chr(ord("A") + system.owner)
            size = min(2.4, 0.17 * card)
            self._tag(letter, x + FRAME + card - text_width(letter, size) - 1.6, y + FRAME)
        self._ships(system, x + FRAME, y + FRAME)

    def _tag(self, name: str, x: float, y: float) -> None:
        size = min(2.4, 0.17 * self.grid.card)
        w = text_width(name, size) + 0.9
        h = size * 1.45
        self.shapes.append(RectShape(x + 0.35, y + 0.35, w, h, PAPER, INK, 0.15))
        self.shapes.append(TextShape(x + 0.35 + w / 2, y + 0.35 + h / 2, name, size, INK,
                                     bold=True))

    def _ships(self, system: System, x: float, y: float) -> None:
        card = self.grid.card
        counts = [(k, n) for k, n in (("dreadnought", system.dreadnoughts),
                                      ("scout", system.scouts)) if n]
        if not counts:
            return
        colour = self.colours[system.owner % len(self.colours)]
        size = 0.44 * card
        centre_y = y + card * self.grid.ratio * 0.66
        for i, (kind, count) in enumerate(counts):
            offset = 0.0 if len(counts) == 1 else (i - 0.5) * 0.5 * card
            cx = x + card / 2 + offset
            self.shapes.append(PictureShape(f"{kind}-{colour}", token_svg(kind, colour),
                                            cx - size / 2, centre_y - size / 2, size))
            if count > 1:
                badge = max(0.5 * size, BADGE_TEXT / 0.62)  # its number at least 6 pt
                bx, by = cx + size * 0.3, centre_y - size * 0.3
                self.shapes.append(PictureShape("badge", BADGE, bx - badge / 2, by - badge / 2,
                                                badge))
                self.shapes.append(TextShape(bx, by, str(count), badge * 0.62, PAPER,
                                             bold=True))

    def rings(self, named: Sequence[Cell], played: Sequence[Cell],
              occupied: Sequence[Cell]) -> None:
        """The Core's star, the cells named in the text (an empty one washed) and those
        just played."""
        grid = self.grid
        x, y = grid.origin(CORE)
        star = 0.42 * grid.card
        self.shapes.append(PictureShape("core-star", STAR, x - star * 0.3,
                                        y + grid.cell_h - star * 0.7, star))
        pad = 0.55
        for cell in played:
            x, y = grid.origin(cell)
            self.shapes.append(RectShape(x - pad, y - pad, grid.cell_w + 2 * pad,
                                         grid.cell_h + 2 * pad, "none", INK, 0.45))
        for cell in named:
            x, y = grid.origin(cell)
            if cell not in occupied:
                self.shapes.append(RectShape(x + FRAME, y + FRAME, grid.card,
                                             grid.card * grid.ratio, WASH))
            self.shapes.append(RectShape(x - 0.15, y - 0.15, grid.cell_w + 0.3,
                                         grid.cell_h + 0.3, "none", INK, 0.4, (1.1, 0.8)))

    def legend(self, items: Sequence[tuple[str, str]], top: float) -> float:
        """The legend's entries in rows under the grid; returns the y below them."""
        size = LEGEND_FONT
        swatch = 1.6 * size
        x, row = BAND, 0
        for words, look in items:
            span = swatch + 0.8 * size + text_width(words, size) + 1.4 * size
            if x > BAND and x + span > self.grid.width:
                x, row = BAND, row + 1
            centre = top + (row + 0.5) * size * LINE
            self._swatch(look, x, centre - swatch / 2, swatch)
            self.shapes.append(TextShape(x + swatch + 0.8 * size, centre, words, size, INK,
                                         anchor="start"))
            x += span
        return top + (row + 1) * size * LINE

    def _swatch(self, look: str, x: float, y: float, side: float) -> None:
        if look in ("dreadnought", "scout"):
            self.shapes.append(PictureShape(f"{look}-legend", token_svg(look, "#d9dde6"), x, y,
                                            side))
        elif look == "core":
            self.shapes.append(PictureShape("core-star", STAR, x, y, side))
        elif look == "named":
            self.shapes.append(RectShape(x, y, side, side, WASH, INK, 0.3, (0.7, 0.5)))
        elif look == "played":
            self.shapes.append(RectShape(x, y, side, side, "none", INK, 0.45))
        else:
            self.shapes.append(RectShape(x, y, side, side, look))

    def hands(self, hands: Sequence[tuple[int, str, tuple[Card, ...]]], top: float) -> None:
        """A line per hand: the player's colour, name and cards.  A hand too long for one
        line goes on over the next ones, at the legend's size (never set smaller)."""
        size = LEGEND_FONT
        swatch = 1.6 * size
        left = BAND + swatch + 0.8 * size
        room = self.grid.width - left
        line = 0
        for seat, name, cards in hands:
            centre = top + 0.6 + (line + 0.5) * size * LINE
            self.shapes.append(RectShape(BAND, centre - swatch / 2, swatch, swatch,
                                         self.colours[seat % len(self.colours)]))
            for words in hand_lines(name, [str(c) for c in cards], size, room):
                centre = top + 0.6 + (line + 0.5) * size * LINE
                self.shapes.append(TextShape(left, centre, words, fitted(words, size, room),
                                             INK, anchor="start"))
                line += 1
        self.bottom = top + 0.6 + line * size * LINE + 0.6


def hand_lines(name: str, cards: Sequence[str], size: float, room: float) -> list[str]:
    """``A holds 2C  5H ...`` split into lines that fit ``room`` mm at ``size``; a card is
    never split, and a line holds at least one card."""
    if not cards:
        return [f"{name} holds no cards"]
    lines = [f"{name} holds {cards[0]}"]
    for card in cards[1:]:
        longer = f"{lines[-1]}  {card}"
        if text_width(longer, size) <= room:
            lines[-1] = longer
        else:
            lines.append(card)
    return lines


POSITIONS = Positions()
"""The plugin's ``positions`` part."""
