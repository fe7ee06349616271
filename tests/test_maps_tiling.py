"""Tiling a board from YAML (issue 24 item 6): the fewest sheets by default (the title band
left off the tiled sheets when it alone would take a row of them, portrait or landscape
chosen per board), a forced orientation or band, tiles of even size, and no assembly page
for a board that fits one sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.kit.components import PlainBoardPlan
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from tests.conftest import Run

HEX_MAP = "grid: {type: hex, orientation: pointy, columns: 11, rows: 9, size: 30mm}"
"""The issue's map: 4 sheets of A4 before, two of them holding only the title strip."""


def definition(folder: Path, board: str, tiling: str = "") -> Path:
    path = folder / "maps.yaml"
    path.write_text("game: maps\ntitle: Maps\ncomponents:\n  map:\n    kind: board\n"
                    f"    {board}\n" + (f"    tiling: {tiling}\n" if tiling else "")
                    + "print:\n  paper: a4\n", encoding="utf-8")
    return path


def plan(path: Path) -> PlainBoardPlan:
    kit = prepare_kit(resolve(str(path)), BuildOptions())
    (part,) = kit.components.parts
    assert isinstance(part, PlainBoardPlan)
    return part


def pages(tmp_path: Path, run_cli: Run, path: Path) -> list[tuple[float, float, str]]:
    """Width, height (points) and words of each page of the built ``map.pdf``."""
    result = run_cli("-q", "build", str(path), "-o", str(tmp_path / "out"))
    assert result.status == 0, result.err
    reader = PdfReader(str(tmp_path / "out" / "maps" / "map.pdf"))
    return [(float(p.mediabox.width), float(p.mediabox.height), p.extract_text())
            for p in reader.pages]


def test_the_issues_hex_map_takes_two_sheets_without_its_title_band(
        tmp_path: Path, run_cli: Run) -> None:
    path = definition(tmp_path, HEX_MAP)
    part = plan(path)
    assert len(part.tiling.tiles) == 2
    assert part.tiled_svg != part.svg and "Map</text>" not in part.tiled_svg
    assert "Map</text>" in part.svg  # the board on one sheet keeps its title
    printed = pages(tmp_path, run_cli, path)
    assert len(printed) == 3  # the assembly map, then A1 and B1
    assert "putting the board together" in printed[0][2]
    assert "sheet A1" in printed[1][2] and "sheet B1" in printed[2][2]


def test_the_title_band_may_be_kept_at_the_cost_of_sheets(tmp_path: Path) -> None:
    part = plan(definition(tmp_path, HEX_MAP, "{title_band: keep}"))
    assert len(part.tiling.tiles) == 4 and part.tiled_svg == part.svg


def test_a_band_that_costs_no_sheet_stays(tmp_path: Path) -> None:
    part = plan(definition(tmp_path, HEX_MAP.replace("30mm", "15mm")))
    assert part.tiled_svg == part.svg
    dropped = plan(definition(tmp_path, HEX_MAP.replace("30mm", "15mm"),
                              "{title_band: drop}"))
    assert "Map</text>" not in dropped.tiled_svg
    assert len(dropped.tiling.tiles) == len(part.tiling.tiles)


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_the_orientation_may_be_chosen(tmp_path: Path, run_cli: Run,
                                       orientation: str) -> None:
    path = definition(tmp_path, HEX_MAP, f"{{orientation: {orientation}}}")
    printed = pages(tmp_path, run_cli, path)
    assert all((w > h) == (orientation == "landscape") for w, h, _ in printed)


def test_auto_takes_whichever_way_round_needs_fewer_sheets(tmp_path: Path) -> None:
    wide = "grid: {type: square, columns: 13, rows: 4, size: 20mm}"  # 272 x 92 mm of play
    counts = {way: len(plan(definition(tmp_path, wide, f"{{orientation: {way}}}"))
                       .tiling.tiles) for way in ("portrait", "landscape", "auto")}
    assert counts == {"portrait": 2, "landscape": 1, "auto": 1}


def test_tiles_are_even_rather_than_full_sheets_and_a_sliver(tmp_path: Path) -> None:
    part = plan(definition(tmp_path, "grid: {type: square, columns: 30, rows: 3, size: 10mm}",
                           "{orientation: portrait}"))
    widths = [tile.content.w for tile in part.tiling.tiles]
    assert len(widths) == 2
    assert max(widths) - min(widths) <= 10 * 72 / 25.4 + 1e-6  # one square at most


def test_no_sheet_holds_only_the_margin(tmp_path: Path) -> None:
    """A hex map 192 mm wide (its spaces 180 mm) on portrait A4, 188 mm across: the only
    lines that cut no hexagon are the grid's sides, and a seam there left a sheet of 6 mm
    of bare margin; the two sheets are now of one width."""
    part = plan(definition(tmp_path, "grid: {type: hex, orientation: pointy, columns: 7, "
                           "rows: 3, size: 24mm}", "{orientation: portrait}"))
    widths = [tile.content.w * 25.4 / 72 for tile in part.tiling.tiles]
    assert widths == pytest.approx([96.0, 96.0])


def test_a_board_on_one_sheet_has_no_assembly_page(tmp_path: Path, run_cli: Run) -> None:
    path = definition(tmp_path, "track: {columns: 10, rows: 1, size: 15mm}")
    printed = pages(tmp_path, run_cli, path)
    assert len(printed) == 1
    words = printed[0][2]
    assert "on one sheet of A4" in words and "page 1 of 1" in words
    assert "putting the board together" not in words and "sheets of" not in words


def test_the_png_export_of_a_one_sheet_board_has_no_assembly_image(tmp_path: Path,
                                                                   run_cli: Run) -> None:
    path = definition(tmp_path, "track: {columns: 10, rows: 1, size: 15mm}")
    result = run_cli("-q", "export", "png", str(path), "-o", str(tmp_path / "png"),
                     "--dpi", "50")
    assert result.status == 0, result.err
    folder = tmp_path / "png" / "maps--png-50dpi" / "map"
    assert sorted(p.name for p in folder.iterdir()) == ["tile-A1.png", "whole.png"]
