"""Board positions as diagrams: cards on a grid, drawn by the card face renderers.

The input is a :class:`BoardView` (what lies where, whose it is, and how each kind of piece
is shown); the output is a :class:`~printkit.render.scene.Scene` in millimetres, which
:func:`~printkit.render.scene.scene_svg` turns into SVG text and the booklet's PDF writer
draws directly.  The renderer knows no game: a piece names a :class:`PieceStyle` (a frame in
its owner's colour or a white one, a dashed edge, a legend entry), and each game's plugin
turns its positions into views (its ``positions`` part, a :class:`PositionPictures`).

Made to be read on paper.  A card is drawn at least :attr:`DiagramStyle.min_card`
millimetres a side (9 mm: its pips are then shapes, not specks); since its corner numbers
are still too small to read, each piece's *label* (``6*4``) is printed on a plate below the
card, in the owner's colour, and a home square's plate carries its player's name too.  When
the board is too large for cards of that size in the room given, the diagram draws
*labelled tiles* instead of card faces.  Rows and columns are numbered along the top and
left edges, a legend under the board names every colour and mark used, and the hands the
position knows can be listed under the legend.

Squares the text talks about can be *highlighted* (a yellow wash on an empty square, a
dashed ring on an occupied one) and the squares of the moves just played are *marked* with
a solid ring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from printkit.definition.model import CardFace
from printkit.render.scenemodel import CardShape, RectShape, Scene, Shape, TextShape

Square = tuple[int, int]
"""(row, col), 0-based from the north-west corner."""

LEGEND_NAMED = "named in the text"
LEGEND_PLACED = "just placed"
MIN_CARD = 9.0
"""Smallest side (mm) a card is drawn at in a diagram."""


@dataclass(frozen=True)
class PieceStyle:
    """How a kind of piece is shown.

    ``frame`` is ``"owner"`` (a frame in the owner's colour, none while the piece has no
    owner) or ``"white"``; ``dashed`` adds a dashed edge inside the frame; ``legend`` is the
    legend's entry for such pieces (empty: none); ``owners_in_legend`` says whether the
    owners' colours are listed in the legend.
    """

    frame: str = "owner"
    dashed: bool = False
    legend: str = ""
    owners_in_legend: bool = True


OWNED = PieceStyle()
"""A piece in its owner's colour, the owner named in the legend."""


@dataclass(frozen=True)
class Piece:
    """A card on the board."""

    square: Square
    face: CardFace
    style: str
    """A key of the view's :attr:`BoardView.styles`."""
    owner: int | None = None
    """Seat of the player the piece belongs to (or who holds it), if any."""
    label: str = ""
    """What the card is, in words a reader can find in the text (``6*4``)."""


@dataclass(frozen=True)
class BoardView:
    """A position as a diagram shows it."""

    size: int
    pieces: tuple[Piece, ...]
    players: tuple[str, ...]
    """Player names in seating order (seat i has colour i)."""
    homes: tuple[tuple[Square, int], ...] = ()
    """Each home square with its player's seat."""
    highlights: tuple[Square, ...] = ()
    marked: tuple[Square, ...] = ()
    styles: Mapping[str, PieceStyle] = field(default_factory=lambda: {"owned": OWNED})
    """The styles pieces name, in the order their legend entries appear."""
    hands: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The hands the position knows: (seat, card labels)."""

    def style(self, piece: Piece) -> PieceStyle:
        """The style of ``piece``."""
        return self.styles[piece.style]


@runtime_checkable
class PositionPictures(Protocol):
    """A game's ``positions`` part: its positions as diagrams."""

    def square(self, engine: Any, text: str) -> Square:
        """The (row, col) of a square as the booklet names it; ``ValueError`` if off the
        board or unreadable."""

    def view(self, definition: Any, engine: Any, state: Any, highlights: Sequence[Square],
             moves: Sequence[Any]) -> BoardView | Scene:
        """``state`` as a diagram shows it, with ``highlights`` and the squares of
        ``moves`` (just played) marked: a :class:`BoardView` for a position on a grid,
        which :func:`board_scene` draws, or a whole :class:`~printkit.render.scene.Scene`
        the game drew itself (hands and a trick for a card game, say)."""


@dataclass(frozen=True)
class DiagramStyle:
    """Colours and size of a diagram (lengths in millimetres)."""

    colours: tuple[str, ...]
    """Player colours by seat."""
    width: float = 112.0
    ink: str = "#1d2a44"
    empty: str = "#ebe5d6"
    grid: str = "#cbbfa5"
    wash: str = "#f7dc6f"
    hands: bool = False
    """List the known hands under the legend."""
    min_card: float = MIN_CARD


MIN_TILE_FONT = 6 * 25.4 / 72
"""The smallest text on a labelled tile, 6 pt in millimetres: what a player must read
(a tile's short label still fits its cell at this size on a 15 x 15 board)."""
EDGE_FONT = 2.5
"""Size (mm) of the row and column numbers."""
LEGEND_FONT = 2.3
"""Size (mm) of the legend and the hands under the board."""
GAP = 0.06
"""Space between two squares, as a share of the square's pitch."""
LEGEND_SWATCH = 1.6
"""Width of a legend swatch, in font sizes."""
LEGEND_LINE = 1.9
"""Height of a legend line, in font sizes."""
LEGEND_GAP = 1.4
"""Space after a legend entry, in font sizes."""
HAND_LINE = 1.6
"""Height of a line listing a hand, in font sizes."""


@dataclass(frozen=True)
class Layout:
    """Where the grid, the cards, the labels and the legend go (millimetres)."""

    pitch: float
    cell: float
    frame: float
    plate: float
    card: float
    """Side of a drawn card; 0 when the diagram shows labelled tiles instead."""
    label_font: float
    band: float
    font: float
    board: float
    legend_rows: tuple[tuple[tuple[str, float], ...], ...] = ()
    hand_top: float = 0.0
    height: float = 0.0

    def origin(self, square: Square) -> tuple[float, float]:
        """Top-left corner of a square's cell."""
        row, col = square
        gap = self.pitch - self.cell
        return (self.band + col * self.pitch + gap / 2, self.band + row * self.pitch + gap / 2)


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` set in Vera at ``size`` (Vera's widest
    lower-case letters and digits are 0.64 of the size, its average about 0.56)."""
    return 0.6 * size * len(text)


def fitted(text: str, size: float, room: float) -> float:
    """``size``, or less if ``text`` would not fit in ``room`` millimetres."""
    return min(size, room / max(1e-9, text_width(text, 1.0)))


def card_side(size: int, width: float, *, labelled: bool = True) -> float:
    """The side of a card in a ``size`` x ``size`` diagram ``width`` millimetres wide."""
    pitch = (width - 2 * EDGE_FONT) / size
    cell = pitch * (1 - GAP)
    frame = max(0.45, cell * 0.045)
    plate = min(2.4, cell * 0.2) * 1.35 if labelled else frame
    return min(cell - frame - plate, cell - 2 * frame)


def width_for_cards(size: int, card: float = MIN_CARD, *, labelled: bool = True) -> float:
    """The narrowest diagram of a ``size`` x ``size`` board whose cards are ``card`` mm."""
    low, high = 10.0, 2000.0
    for _ in range(60):  # card_side grows with the width: bisect
        middle = (low + high) / 2
        low, high = (middle, high) if card_side(size, middle, labelled=labelled) < card else (
            low, middle)
    return round(high + 0.05, 1)


def layout(view: BoardView, style: DiagramStyle, legend: Sequence[str]) -> Layout:
    """Cell size, frames, label plates, label band, legend and hand lines of a diagram."""
    size = view.size
    labelled = any(p.label for p in view.pieces)
    font = EDGE_FONT
    band = font * 2.0
    pitch = (style.width - band) / size
    cell = pitch * (1 - GAP)
    frame = max(0.45, cell * 0.045)
    label_font = min(2.4, cell * 0.2)
    plate = label_font * 1.35 if labelled else frame
    card = card_side(size, style.width, labelled=labelled)
    if card < style.min_card:  # too small to show a card face: labelled tiles
        card = 0.0
        label_font = min(2.8, max(cell * 0.3, MIN_TILE_FONT))
    board = band + size * pitch
    rows: list[list[tuple[str, float]]] = [[]]
    x = band
    small = LEGEND_FONT
    for item in legend:
        span = (LEGEND_SWATCH + 0.8 + LEGEND_GAP) * small + text_width(item, small)
        if rows[-1] and x + span > board:
            rows.append([])
            x = band
        rows[-1].append((item, x))
        x += span
    hand_top = board + 1.0 + len(rows) * small * LEGEND_LINE
    hand_lines = len(view.hands) if style.hands else 0
    height = hand_top + hand_lines * small * HAND_LINE + (0.6 if hand_lines else 0)
    return Layout(pitch, cell, frame, plate, card, label_font, band, font, board,
                  tuple(tuple(r) for r in rows), hand_top, height)


def legend_items(view: BoardView) -> tuple[list[int], list[str]]:
    """The seats shown in the legend and every legend entry, in order."""
    seats = sorted({p.owner for p in view.pieces
                    if view.style(p).owners_in_legend and p.owner is not None}
                   | {seat for _, seat in view.homes})
    items = [view.players[seat] for seat in seats]
    used = {p.style for p in view.pieces}
    items += [style.legend for key, style in view.styles.items()
              if style.legend and key in used]
    occupied = {p.square for p in view.pieces}
    if any(square not in occupied for square in view.highlights):
        items.append(LEGEND_NAMED)
    if view.marked:
        items.append(LEGEND_PLACED)
    return seats, items


def board_scene(view: BoardView, style: DiagramStyle, *, title: str) -> Scene:
    """The diagram of ``view`` drawn ``style.width`` millimetres wide."""
    seats, legend = legend_items(view)
    geo = layout(view, style, legend)
    occupied = {p.square for p in view.pieces}
    shapes: list[Shape] = []
    shapes += _grid(view, geo, style)
    shapes += _pieces(view, geo, style)
    shapes += _rings(view, geo, style, occupied)
    shapes += _legend(view, geo, style, seats)
    if style.hands:
        shapes += _hands(view, geo, style)
    return Scene(geo.board, geo.height, title, tuple(shapes))


def _colour(style: DiagramStyle, seat: int) -> str:
    return style.colours[seat % len(style.colours)]


def _dash(geo: Layout) -> tuple[float, float]:
    return (geo.frame * 1.6, geo.frame * 1.1)


def _grid(view: BoardView, geo: Layout, style: DiagramStyle) -> list[Shape]:
    out: list[Shape] = []
    for i in range(view.size):
        centre = geo.band + (i + 0.5) * geo.pitch
        out.append(TextShape(centre, geo.band / 2, str(i), geo.font, style.ink))
        out.append(TextShape(geo.band / 2, centre, str(i), geo.font, style.ink))
    wash = set(view.highlights)
    for row in range(view.size):
        for col in range(view.size):
            x, y = geo.origin((row, col))
            fill = style.wash if (row, col) in wash else style.empty
            out.append(RectShape(x, y, geo.cell, geo.cell, fill, style.grid, geo.cell * 0.02))
    return out


def _plate_text(view: BoardView, piece: Piece, homes: Mapping[Square, int]) -> str:
    """What the plate under a card says: its label, after the player's name on a home."""
    seat = homes.get(piece.square)
    if seat is None or view.style(piece).frame != "owner":
        return piece.label
    return f"{view.players[seat]} {piece.label}".strip()


def _pieces(view: BoardView, geo: Layout, style: DiagramStyle) -> list[Shape]:
    out: list[Shape] = []
    homes = dict(view.homes)
    for piece in view.pieces:
        x, y = geo.origin(piece.square)
        look = view.style(piece)
        if piece.owner is not None and look.frame == "owner":
            out.append(RectShape(x, y, geo.cell, geo.cell, _colour(style, piece.owner)))
        else:
            out.append(RectShape(x, y, geo.cell, geo.cell, "#ffffff"))
        words = _plate_text(view, piece, homes)
        if geo.card > 0:
            out.append(CardShape(piece.face, x + (geo.cell - geo.card) / 2, y + geo.frame,
                                 geo.card))
            if words:
                centre = y + geo.frame + geo.card + (geo.cell - geo.frame - geo.card) / 2
                out.append(TextShape(x + geo.cell / 2, centre, words, fitted(
                    words, geo.label_font, geo.cell - 2 * geo.frame), style.ink, bold=True))
        elif words:  # a labelled tile: the words stand for the card, a line each
            lines = words.split(" ")
            size = min(fitted(line, geo.label_font, geo.cell - 2 * geo.frame) for line in lines)
            for i, line in enumerate(lines):
                centre = y + geo.cell / 2 + (i - (len(lines) - 1) / 2) * size * 1.25
                out.append(TextShape(x + geo.cell / 2, centre, line, size, style.ink, bold=True))
        if look.dashed:
            inset = geo.frame / 2
            out.append(RectShape(x + inset, y + inset, geo.cell - geo.frame,
                                 geo.cell - geo.frame, "none", style.ink, geo.frame * 0.35,
                                 (geo.frame * 1.4, geo.frame)))
    return out


def _rings(view: BoardView, geo: Layout, style: DiagramStyle,
           occupied: set[Square]) -> list[Shape]:
    out: list[Shape] = []
    pad = geo.frame * 0.4
    for square in view.highlights:
        x, y = geo.origin(square)
        if square in occupied:
            out.append(RectShape(x - pad, y - pad, geo.cell + 2 * pad, geo.cell + 2 * pad,
                                 "none", style.ink, geo.frame * 0.5, _dash(geo)))
        else:
            out.append(RectShape(x + pad, y + pad, geo.cell - 2 * pad, geo.cell - 2 * pad,
                                 "none", style.ink, geo.frame * 0.4, _dash(geo)))
    for square in view.marked:
        x, y = geo.origin(square)
        out.append(RectShape(x - pad, y - pad, geo.cell + 2 * pad, geo.cell + 2 * pad,
                             "none", style.ink, geo.frame * 0.7))
    return out


def _legend(view: BoardView, geo: Layout, style: DiagramStyle, seats: list[int]) -> list[Shape]:
    out: list[Shape] = []
    size = LEGEND_FONT
    colours = {view.players[seat]: _colour(style, seat) for seat in seats}
    looks = {look.legend: look for look in view.styles.values() if look.legend}
    dash = (size * 0.3, size * 0.2)
    for line, row in enumerate(geo.legend_rows):
        centre = geo.board + 1.0 + (line + 0.5) * size * LEGEND_LINE
        for item, x in row:
            box = (x, centre - size * 0.55, LEGEND_SWATCH * size, size * 1.1)
            if item in colours:
                out.append(RectShape(*box, colours[item]))
            elif item in looks:
                look = looks[item]
                fill = "#ffffff" if look.frame == "white" else "none"
                out.append(RectShape(*box, fill, style.ink, size * 0.08,
                                     dash if look.dashed else ()))
            elif item == LEGEND_NAMED:
                out.append(RectShape(*box, style.wash, style.ink, size * 0.08, dash))
            else:
                out.append(RectShape(*box, "none", style.ink, size * 0.15))
            out.append(TextShape(x + (LEGEND_SWATCH + 0.8) * size, centre, item, size,
                                 style.ink, anchor="start"))
    return out


def _hands(view: BoardView, geo: Layout, style: DiagramStyle) -> list[Shape]:
    """One line per known hand: a swatch, the player's name and the cards."""
    out: list[Shape] = []
    size = LEGEND_FONT
    for line, (seat, cards) in enumerate(view.hands):
        centre = geo.hand_top + 0.6 + (line + 0.5) * size * HAND_LINE
        x = geo.band
        out.append(RectShape(x, centre - size * 0.55, LEGEND_SWATCH * size, size * 1.1,
                             _colour(style, seat)))
        words = f"{view.players[seat]} holds: " + ("  ".join(cards) if cards else "no cards")
        room = geo.board - x - (LEGEND_SWATCH + 0.8) * size
        out.append(TextShape(x + (LEGEND_SWATCH + 0.8) * size, centre, words,
                             fitted(words, size, room), style.ink, anchor="start"))
    return out
