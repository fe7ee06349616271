"""The board part of a kit: ``board.pdf`` (tiled over the plan's paper, assembly map
first), ``board-single.pdf`` (one sheet for a print shop) and ``board.svg``.

What the board shows comes from the game's plugin (its ``board`` part turns the engine and
the definition into a :class:`~printkit.render.board.BoardPicture`); how it is printed comes
from the definition's ``board:`` section.  :func:`plan_board` does all the geometry, so a
board that cannot be printed is refused by ``check`` as by ``build``.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.booklet.components import board_picture as drawn_board
from printkit.definition.board_schema import BoardSettings
from printkit.errors import DefinitionError, Problem
from printkit.kit.games import ResolvedGame
from printkit.kit.options import PrintPlan
from printkit.pdf.geometry import LayoutError
from printkit.pdf.measure import bold_width
from printkit.pdf.paper import Paper
from printkit.pdf.tiling import (
    SingleSheet,
    Tiling,
    board_outline,
    single_sheet,
    smallest_iso_paper,
    tile_board,
)
from printkit.render.board import BoardPicture, picture_geometry

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
        tiling = tile_board(outline, plan.paper, margin=margin, glue=settings.glue,
                            measure=bold_width)
        sheet = single_sheet(outline.width, outline.height, paper, margin=margin)
    except LayoutError as exc:
        raise DefinitionError(f"{definition.game}: {exc}") from None
    return BoardPlan(picture, tiling, sheet, settings, margin)
