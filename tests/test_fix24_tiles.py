"""Tiles of a board from YAML are balanced whatever its ``tiling:`` says (issue 24 item 6):
the board's outer lines are never taken for seams, so keeping the title band can no longer
give a sheet holding a few millimetres of margin (the issue's 11 x 9 hex map at 30 mm with
``title_band: keep`` came out as rows of 260.5 mm and 6.0 mm)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.units import MM
from tests.test_maps_tiling import definition, plan

BOARDS = {
    "hex 11x9": ("grid: {type: hex, orientation: pointy, columns: 11, rows: 9, size: 30mm}",
                 30.0),
    "hex 5x9": ("grid: {type: hex, orientation: pointy, columns: 5, rows: 9, size: 30mm}",
                30.0),
    "flat hex 9x5": ("grid: {type: hex, orientation: flat, columns: 9, rows: 5, size: 30mm}",
                     30.0),
    "squares 10x18": ("grid: {type: square, columns: 10, rows: 18, size: 15mm}", 15.0),
    "squares 25x25": ("grid: {type: square, columns: 25, rows: 25, size: 15mm}", 15.0),
}
TILINGS = ["", "{title_band: keep}", "{title_band: drop}",
           "{title_band: keep, orientation: portrait}",
           "{title_band: keep, orientation: landscape}",
           "{title_band: drop, orientation: landscape}"]


def _sides(path: Path) -> tuple[list[float], list[float]]:
    """The widths of the tiles' columns and the heights of their rows (mm)."""
    tiling = plan(path).tiling
    widths = [tiling.tile(column, 0).content.w / MM for column in range(tiling.columns)]
    heights = [tiling.tile(0, row).content.h / MM for row in range(tiling.rows)]
    return widths, heights


def test_the_issues_map_with_its_band_kept_has_rows_of_one_height(tmp_path: Path) -> None:
    widths, heights = _sides(definition(tmp_path, BOARDS["hex 11x9"][0], "{title_band: keep}"))
    assert len(widths) == 2 and len(heights) == 2
    assert heights[0] == pytest.approx(heights[1]) and heights[0] > 100


def test_a_band_that_pushes_a_board_onto_a_second_row_shares_it(tmp_path: Path) -> None:
    # 5 x 9 hexes of 30 mm: one portrait sheet without the band, two with it (were 260.5
    # and 6.0 mm)
    path = definition(tmp_path, BOARDS["hex 5x9"][0], "{title_band: keep, orientation: portrait}")
    widths, heights = _sides(path)
    assert len(widths) == 1 and len(heights) == 2
    assert heights[0] == pytest.approx(heights[1], abs=0.01)


@pytest.mark.parametrize("tiling", TILINGS)
@pytest.mark.parametrize("board", list(BOARDS))
def test_tiles_differ_by_less_than_a_space(tmp_path: Path, board: str, tiling: str) -> None:
    # seams follow the lines between spaces where the board has them, so rows and columns
    # may differ by up to one space; never by more
    written, space = BOARDS[board]
    widths, heights = _sides(definition(tmp_path, written, tiling))
    for sides in (widths, heights):
        assert max(sides) - min(sides) <= space + 0.01, (sides, board, tiling)
