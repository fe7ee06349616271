"""The board part of a kit: ``board.pdf`` (tiled over the plan's paper, assembly map
first), ``board-single.pdf`` (one sheet for a print shop) and ``board.svg``.

What the board shows comes from the game's plugin (its ``board`` part turns the engine and
the definition into a :class:`~printkit.render.board.BoardPicture`); how it is printed comes
from the definition's ``board:`` section.  :func:`plan_board` does all the geometry, so a
board that cannot be printed is refused by ``check`` as by ``build``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.booklet.components import board_picture as drawn_board
from printkit.definition.board_schema import BoardSettings
from printkit.errors import DefinitionError, Problem
from printkit.kit.games import ResolvedGame
from printkit.kit.options import PrintPlan
from printkit.pdf.geometry import LayoutError
from printkit.pdf.measure import bold_width
from printkit.pdf.paper import Paper
from printkit.pdf.tiling import (
    BoardOutline,
    SingleSheet,
    Tiling,
    board_outline,
    single_sheet,
    smallest_iso_paper,
    tile_board,
)
from printkit.render.board import BoardPicture, picture_geometry
from printkit.units import MM

TILED_FILE = "board.pdf"
SINGLE_FILE = "board-single.pdf"
SVG_FILE = "board.svg"


def board_picture(game: ResolvedGame) -> BoardPicture | None:
    """What the board shows, or ``None`` for a game whose plugin draws no board."""
    return drawn_board(game.definition, game.engine)


def board_paper(chosen: Paper | None, width: float, height: float, margin: float) -> Paper:
    """The paper for the one-sheet board: the one chosen (``--board-paper``), else the
    smallest ISO A size that holds the board at full size."""
    return chosen if chosen is not None else smallest_iso_paper(width, height, margin)


@dataclass(frozen=True)
class BoardPlan:
    """A board ready to be written: its picture and where it goes on paper."""

    picture: BoardPicture
    tiling: Tiling
    sheet: SingleSheet
    settings: BoardSettings
    margin: float
    tiled: BoardPicture | None = None
    """The picture as the tiled sheets print it: its title, key and panel set clear of the
    joins between sheets (``None``: the same as ``picture``)."""

    @property
    def tiled_picture(self) -> BoardPicture:
        """What ``board.pdf`` draws."""
        return self.tiled or self.picture

    @property
    def summary(self) -> str:
        """One line about the board, for ``check``."""
        picture = self.picture
        geo = picture_geometry(picture)
        squares = (f"{picture.square:g} mm squares" if picture.height_of_square == picture.square
                   else f"{picture.square:g} x {picture.height_of_square:g} mm spaces")
        return (f"{picture.size}x{picture.row_count} board of {squares}, {geo.width:.0f} x "
                f"{geo.height:.0f} mm (one sheet: {self.sheet.paper.name}; tiled: "
                f"{len(self.tiling.tiles)} sheets)")


def plan_board(game: ResolvedGame, plan: PrintPlan, *,
               board_sheet: Paper | None = None) -> BoardPlan | None:
    """The board's picture and paper geometry (``None`` for a game without a board).

    ``board_sheet`` is the paper of the one-sheet board (``--board-paper``); ``None``
    picks the smallest ISO A size that holds the board.  Raises :class:`DefinitionError`
    for what cannot be printed.
    """
    picture = board_picture(game)
    definition = game.definition
    if picture is None:
        if definition.board:
            what = (f"the game {definition.rules!r} draws no board" if definition.rules
                    else "a game without rules has no board to draw")
            raise DefinitionError([Problem(f"this 'board:' section is not used: {what}",
                                           definition.sections.get("board"))])
        return None
    settings = BoardSettings.from_mapping(definition.board)
    outline = board_outline(picture_geometry(picture))
    margin = plan.spec.margin
    try:
        paper = board_paper(board_sheet, outline.width, outline.height, margin)
        tiled, tiling = _tiled(picture, plan.paper, margin, settings.glue)
        sheet = single_sheet(outline.width, outline.height, paper, margin=margin)
    except LayoutError as exc:
        raise DefinitionError(f"{definition.game}: {exc}") from None
    return BoardPlan(picture, tiling, sheet, settings, margin,
                     None if tiled == picture else tiled)


JOIN_ROUNDS = 12
"""How often the picture may be set again round the joins (each round adds joins, and
there are only so many lines between squares to add)."""


def _joins(tiling: Tiling, outline: BoardOutline) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Where the sheets meet, in the drawing's millimetres (x from its left, y from its
    top)."""
    across = tuple(round(x / MM, 6) for x in tiling.x_edges[1:-1])
    down = tuple(round((outline.height - y) / MM, 6) for y in tiling.y_edges[1:-1])
    return across, down


def _tiled(picture: BoardPicture, paper: Paper, margin: float,
           glue: float) -> tuple[BoardPicture, Tiling]:
    """The picture set clear of the joins of its own tiling, and that tiling.

    Setting the key in columns between the joins can make the board taller, and a taller
    board may be tiled another way, with other joins; so the picture is set again clear
    of every join met so far until its tiling has no join it does not already avoid.
    """
    tiled = picture
    for _ in range(JOIN_ROUNDS):
        outline = board_outline(picture_geometry(tiled))
        tiling = tile_board(outline, paper, margin=margin, glue=glue, measure=bold_width)
        across, down = _joins(tiling, outline)
        if set(across) <= set(tiled.joins_x) and down == tiled.joins_y:
            return tiled, tiling
        tiled = replace(picture, joins_x=tuple(sorted({*tiled.joins_x, *across})),
                        joins_y=down)
    raise LayoutError(f"the board's key cannot be set clear of the joins between its "
                      f"{paper.name} sheets")
