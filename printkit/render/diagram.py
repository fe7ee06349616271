"""Board positions as diagrams: mini cards on a grid, drawn by the card face renderers.

The input is a :class:`BoardView` (what lies where, whose it is, and how each kind of piece
is shown); the output is a :class:`~printkit.render.scene.Scene` in millimetres, which
:func:`~printkit.render.scene.scene_svg` turns into SVG text and the booklet's PDF writer
draws directly.  The renderer knows no game: a piece names a :class:`PieceStyle` (a frame in
its owner's colour or a white one, a dashed edge, words across the card, a legend entry),
and each game's plugin turns its positions into views (its ``positions`` part, a
:class:`PositionPictures`).  A piece on a home square stands above a name plate with its
player's name, rows and columns are numbered along the edges, and a legend under the board
names the colours.

Squares the text talks about can be *highlighted* (a yellow wash on an empty square, a
dashed ring on an occupied one) and the squares of the moves just played are *marked* with
a solid ring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from printkit.deck.model import CardFace
from printkit.render.scene import CardShape, RectShape, Scene, Shape, TextShape

Square = tuple[int, int]
"""(row, col), 0-based from the north-west corner."""

LEGEND_NAMED = "square named in the text"
LEGEND_PLACED = "card just placed"


@dataclass(frozen=True)
class PieceStyle:
    """How a kind of piece is shown.

    ``frame`` is ``"owner"`` (a frame in the owner's colour, none while the piece has no
    owner) or ``"white"``; ``dashed`` adds a dashed edge inside the frame; ``overlay`` is
    written across the card; ``legend`` is the legend's entry for such pieces (empty: none);
    ``owners_in_legend`` says whether the owners' colours are listed in the legend.
    """

    frame: str = "owner"
    dashed: bool = False
    overlay: str = ""
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
             moves: Sequence[Any]) -> BoardView:
        """``state`` as a diagram shows it, with ``highlights`` and the squares of
        ``moves`` (just played) marked."""


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


@dataclass(frozen=True)
class Layout:
    """Where the grid, the labels and the legend go (millimetres)."""

    pitch: float
    cell: float
    frame: float
    band: float
    font: float
    board: float
    legend_rows: tuple[tuple[tuple[str, float], ...], ...] = field(default=())
    height: float = 0.0

    def origin(self, square: Square) -> tuple[float, float]:
        """Top-left corner of a square's cell."""
        row, col = square
        gap = self.pitch - self.cell
        return (self.band + col * self.pitch + gap / 2, self.band + row * self.pitch + gap / 2)


LEGEND_SWATCH = 1.6
"""Width of a legend swatch, in font sizes."""
LEGEND_LINE = 1.9
"""Height of a legend line, in font sizes."""


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` set in Vera at ``size``."""
    return 0.62 * size * len(text)


def fitted(text: str, size: float, room: float) -> float:
    """``size``, or less if ``text`` would not fit in ``room`` millimetres."""
    return min(size, room / max(1e-9, text_width(text, 1.0)))


def layout(size: int, style: DiagramStyle, legend: Sequence[str]) -> Layout:
    """Cell size, frames, label band and legend lines of a ``size`` x ``size`` diagram."""
    font = min(2.8, max(2.2, 0.17 * style.width / (size + 1)))
    band = font * 2.0
    pitch = (style.width - band) / size
    cell = pitch * 0.94
    frame = cell * 0.09
    board = band + size * pitch
    rows: list[list[tuple[str, float]]] = [[]]
    x = band
    for item in legend:
        span = (LEGEND_SWATCH + 0.8 + 2.2) * font + text_width(item, font)
        if rows[-1] and x + span > board:
            rows.append([])
            x = band
        rows[-1].append((item, x))
        x += span
    height = board + 1.0 + len(rows) * font * LEGEND_LINE
    return Layout(pitch, cell, frame, band, font, board, tuple(tuple(r) for r in rows), height)


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
    geo = layout(view.size, style, legend)
    occupied = {p.square for p in view.pieces}
    shapes: list[Shape] = []
    shapes += _grid(view, geo, style)
    shapes += _pieces(view, geo, style)
    shapes += _rings(view, geo, style, occupied)
    shapes += _legend(view, geo, style, seats)
    return Scene(geo.board, geo.height, title, tuple(shapes))


def _colour(style: DiagramStyle, seat: int) -> str:
    return style.colours[seat % len(style.colours)]


def _dash(geo: Layout) -> tuple[float, float]:
    return (geo.frame, geo.frame * 0.7)


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


def _pieces(view: BoardView, geo: Layout, style: DiagramStyle) -> list[Shape]:
    out: list[Shape] = []
    homes = dict(view.homes)
    plate = geo.font * 1.2
    for piece in view.pieces:
        x, y = geo.origin(piece.square)
        look = view.style(piece)
        if piece.owner is not None and look.frame == "owner":
            out.append(RectShape(x, y, geo.cell, geo.cell, _colour(style, piece.owner)))
        elif look.frame == "white":
            out.append(RectShape(x, y, geo.cell, geo.cell, "#ffffff"))
        # a home card is drawn smaller, above a name plate in its player's colour
        home = piece.square in homes and look.frame == "owner"
        inner = geo.cell - 2 * geo.frame - (plate - geo.frame if home else 0)
        out.append(CardShape(piece.face, x + (geo.cell - inner) / 2, y + geo.frame, inner))
        if home:
            name = view.players[homes[piece.square]]
            out.append(TextShape(x + geo.cell / 2, y + geo.cell - plate / 2, name,
                                 fitted(name, geo.font * 0.85, inner), style.ink, bold=True))
        if look.dashed:
            inset = geo.frame / 2
            out.append(RectShape(x + inset, y + inset, geo.cell - geo.frame,
                                 geo.cell - geo.frame, "none", style.ink, geo.frame * 0.3,
                                 (geo.frame * 0.9, geo.frame * 0.6)))
        if look.overlay:
            out.append(TextShape(x + geo.cell / 2, y + geo.cell / 2, look.overlay,
                                 fitted(look.overlay, geo.font * 0.9, inner * 0.85), "#ffffff",
                                 bold=True))
    return out


def _rings(view: BoardView, geo: Layout, style: DiagramStyle,
           occupied: set[Square]) -> list[Shape]:
    out: list[Shape] = []
    pad = geo.frame * 0.25
    for square in view.highlights:
        x, y = geo.origin(square)
        if square in occupied:
            out.append(RectShape(x - pad, y - pad, geo.cell + 2 * pad, geo.cell + 2 * pad,
                                 "none", style.ink, geo.frame * 0.45, _dash(geo)))
        else:
            out.append(RectShape(x + pad, y + pad, geo.cell - 2 * pad, geo.cell - 2 * pad,
                                 "none", style.ink, geo.frame * 0.3, _dash(geo)))
    for square in view.marked:
        x, y = geo.origin(square)
        out.append(RectShape(x - pad, y - pad, geo.cell + 2 * pad, geo.cell + 2 * pad,
                             "none", style.ink, geo.frame * 0.6))
    return out


def _legend(view: BoardView, geo: Layout, style: DiagramStyle, seats: list[int]) -> list[Shape]:
    out: list[Shape] = []
    size = geo.font
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
