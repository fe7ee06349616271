"""How a board from YAML is cut over sheets: with or without its title band, portrait or
landscape, whichever the board's ``tiling:`` allows and needs the fewest sheets.

Each allowed choice is tiled (:func:`printkit.pdf.tiling.tile_board`, which already puts
seams between spaces where it can and makes the sheets as even as it can), and the one
with the fewest sheets wins; on a tie the title band is kept, then seams that cut no space
win, then portrait.  So a title band that would fill a row of sheets on its own is left
off the tiled sheets (the page labels still name the board), and the board on one sheet
keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.plainboard import MARGIN, TITLE_BAND, BoardComponent
from printkit.pdf.geometry import Rect
from printkit.pdf.paper import Paper
from printkit.pdf.tiling import BoardOutline, Measure, Tiling, approximate_width, tile_board
from printkit.render.grids import board_spaces, seams
from printkit.units import MM


@dataclass(frozen=True)
class BoardTiles:
    """The chosen tiling and whether the tiled drawing has its title band."""

    tiling: Tiling
    band: bool


def board_outline(board: BoardComponent, *, band: bool) -> BoardOutline:
    """What the tiler needs of the drawing with or without its title band (points).

    The seams it may choose are the lines inside the spaces' area that cut no space: the
    outer lines of the spaces and the foot of the title band are left out, since a seam
    there would give a sheet of bare margin or of title alone (with no line left to choose,
    the tiler cuts the board into equal sheets)."""
    width, height = board.drawn(band=band)
    xs, ys = seams(board_spaces(board, band=band))
    top = MARGIN + (TITLE_BAND if band else 0.0)
    eps = 0.01  # the seams are rounded to 0.1 um: an outer line may land a hair inside
    inner_x = [x for x in xs if MARGIN + eps < x < width - MARGIN - eps]
    inner_y = [y for y in ys if top + eps < y < height - MARGIN - eps]
    play_w, play_h = width - 2 * MARGIN, height - MARGIN - top
    return BoardOutline(width * MM, height * MM, tuple(x * MM for x in inner_x),
                        tuple(sorted((height - y) * MM for y in inner_y)),
                        Rect(MARGIN * MM, MARGIN * MM, play_w * MM, play_h * MM))


def _turns(paper: Paper, orientation: str) -> list[Paper]:
    """The ways round ``orientation`` allows, portrait first."""
    upright = paper if paper.width <= paper.height else paper.landscape()
    if upright.width == upright.height:
        return [upright]
    return {"portrait": [upright], "landscape": [upright.landscape()]}.get(
        orientation, [upright, upright.landscape()])


def tile_plain_board(board: BoardComponent, paper: Paper, *, margin: float,
                     measure: Measure = approximate_width) -> BoardTiles:
    """The tiling of ``board`` on ``paper`` that its ``tiling:`` allows and that needs the
    fewest sheets (see the module notes for the order of preference)."""
    bands = {"keep": [True], "drop": [False]}.get(board.title_band, [True, False])
    best: tuple[tuple[int, bool, bool, int], BoardTiles] | None = None
    for band in bands:
        outline = board_outline(board, band=band)
        for turn, sheet in enumerate(_turns(paper, board.orientation)):
            tiling = tile_board(outline, sheet, margin=margin, glue=board.glue,
                                measure=measure, allow_landscape=False)
            rank = (len(tiling.tiles), not band, not tiling.on_square_edges, turn)
            if best is None or rank < best[0]:
                best = (rank, BoardTiles(tiling, band))
    assert best is not None
    return best[1]
