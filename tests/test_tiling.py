"""Tiling a board over several sheets: pure geometry, no PDF."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.pdf.geometry import INFO_BAND, LayoutError, Rect
from printkit.pdf.paper import PAPERS, Paper
from printkit.pdf.tiling import (
    CROSS_ARM,
    CUT_ROOM,
    BoardOutline,
    Tile,
    Tiling,
    board_outline,
    paper_by_iso_name,
    single_sheet,
    smallest_iso_paper,
    tile_board,
    tile_name,
)
from printkit.render.board import board_geometry
from printkit.units import MM

EPS = 1e-6
GLUE = 12 * MM
MARGIN = 5 * MM
CARD_SQUARE = 66.5
"""A 63.5 mm Stars and Stripes card plus 3 mm of play."""


def outline(size: int, square: float = CARD_SQUARE) -> BoardOutline:
    return board_outline(board_geometry(size, square))


def inside(inner: Rect, outer: Rect) -> bool:
    return (inner.x >= outer.x - EPS and inner.y >= outer.y - EPS
            and inner.right <= outer.right + EPS and inner.top <= outer.top + EPS)


def contains(rect: Rect, x: float, y: float) -> bool:
    return rect.x - EPS <= x <= rect.right + EPS and rect.y - EPS <= y <= rect.top + EPS


def page_block(tile: Tile) -> Rect:
    """Everything printed for a tile, on the page: window plus cut room where no band is."""
    left = 0.0 if tile.column > 0 else CUT_ROOM
    top = 0.0 if tile.row > 0 else CUT_ROOM
    w = tile.window
    return tile.on_page(Rect(w.x - left, w.y - CUT_ROOM, w.w + left + CUT_ROOM,
                             w.h + top + CUT_ROOM))


def check_tiling(board: BoardOutline, tiling: Tiling, glue: float) -> None:
    """Every property a tiling must have, whatever the board and paper."""
    assert len(tiling.tiles) == tiling.columns * tiling.rows
    # the contents cover the board exactly once
    area = sum(t.content.w * t.content.h for t in tiling.tiles)
    assert area == pytest.approx(board.width * board.height)
    for i, a in enumerate(tiling.tiles):
        assert inside(a.content, Rect(0, 0, board.width, board.height))
        for b in tiling.tiles[i + 1:]:
            assert not a.content.intersects(b.content)
    # neighbours overlap by exactly the glue width, along the whole seam
    for tile in tiling.tiles:
        if tile.column + 1 < tiling.columns:
            right = tiling.tile(tile.column + 1, tile.row)
            shared = tile.content.right - right.window.x
            assert shared == pytest.approx(glue)
            assert right.window.y <= tile.content.y + EPS
            assert right.window.top >= tile.content.top - EPS
        if tile.row + 1 < tiling.rows:
            below = tiling.tile(tile.column, tile.row + 1)
            assert below.window.top - tile.content.y == pytest.approx(glue)
            assert below.window.x <= tile.content.x + EPS
            assert below.window.right >= tile.content.right - EPS
    for tile in tiling.tiles:
        check_tile(tiling, tile)


def check_tile(tiling: Tiling, tile: Tile) -> None:
    printable = tiling.printable
    block = page_block(tile)
    assert inside(block, printable), f"{tile.name} runs off the printable area"
    assert not block.intersects(tiling.info), f"{tile.name} covers the page label"
    content = tile.content
    others = [t for t in tiling.tiles if t is not tile]
    for band in tile.bands:
        r = band.rect
        assert inside(r, tile.window)
        assert not r.intersects(content)
        # the band ends up under other sheets: every part of it is some other sheet's content
        for x in (r.x, r.x + r.w / 2, r.right):
            for y in (r.y, r.y + r.h / 2, r.top):
                assert any(contains(o.content, x, y) for o in others)
        assert [n for n in tile.notes if inside(n.box, r)], f"band of {tile.name} unlabelled"
    assert len(tile.bands) == (tile.column > 0) + (tile.row > 0)
    for note in tile.notes:
        # never on a printed play square, never off the page, never on a crosshair
        assert not note.box.intersects(content)
        assert inside(tile.on_page(note.box), printable)
        in_band = any(inside(note.box, b.rect) for b in tile.bands)
        in_room = not note.box.intersects(tile.window)
        assert in_band or in_room
        for x, y in tile.crosses:
            assert not note.box.intersects(Rect(x - CROSS_ARM, y - CROSS_ARM, 2 * CROSS_ARM,
                                                2 * CROSS_ARM))
    for side in tile.cut_sides:
        assert [n for n in tile.notes if tile.name + ": cut" in n.text], side


def seams_on_square_edges(board: BoardOutline, tiling: Tiling) -> bool:
    xs_ok = all(any(abs(x - e) < EPS for e in board.column_edges) for x in tiling.x_edges[1:-1])
    ys_ok = all(any(abs(y - e) < EPS for e in board.row_edges) for y in tiling.y_edges[1:-1])
    return xs_ok and ys_ok


@pytest.mark.parametrize(("size", "paper", "sheets", "turned"), [
    (7, "a4", 8, True),
    (7, "letter", 12, False),
    (15, "a4", 32, True),
    (15, "letter", 40, False),
])
def test_card_boards_on_home_paper(size: int, paper: str, sheets: int, turned: bool) -> None:
    board = outline(size)
    tiling = tile_board(board, PAPERS[paper], margin=MARGIN, glue=GLUE)
    assert len(tiling.tiles) == sheets
    assert (tiling.paper.width > tiling.paper.height) == turned
    # no tiling of these sheets can do with fewer than the paper's area allows
    usable = tiling.printable.w * (tiling.printable.h - INFO_BAND)
    assert sheets >= math.ceil(board.width * board.height / usable)
    assert tiling.on_square_edges
    assert seams_on_square_edges(board, tiling)
    check_tiling(board, tiling, GLUE)


def test_names_read_like_cells() -> None:
    assert [tile_name(c, r) for c, r in ((0, 0), (1, 0), (0, 1), (25, 2), (26, 0))] == [
        "A1", "B1", "A2", "Z3", "AA1"]
    tiling = tile_board(outline(7), PAPERS["a4"], margin=MARGIN, glue=GLUE)
    assert [t.name for t in tiling.tiles[:3]] == ["A1", "B1", "A2"]
    b2 = tiling.tile(1, 1)
    assert {band.over for band in b2.bands} == {"A2", "B1"}
    assert any(n.text == "B2: glue A2 here" and n.vertical for n in b2.notes)
    assert any(n.text == "B2: glue B1 here" and not n.vertical for n in b2.notes)


def test_crosshairs_match_on_both_sheets_of_a_seam() -> None:
    tiling = tile_board(outline(7), PAPERS["letter"], margin=MARGIN, glue=GLUE)
    for tile in tiling.tiles:
        for band in tile.bands:
            over = next(t for t in tiling.tiles if t.name == band.over)
            shared = set(tile.crosses) & set(over.crosses)
            assert len(shared) == 2, (tile.name, over.name)
            for x, y in shared:  # the crosses sit at the ends of the seam
                assert contains(band.rect, x, y)
    corner = tiling.tile(0, 0)
    assert len(corner.corner_marks) == 2  # the board's top-left corner
    assert len(corner.crosses) == 3


def test_glue_width_is_configurable() -> None:
    board = outline(7)
    wide = tile_board(board, PAPERS["a4"], margin=MARGIN, glue=15 * MM)
    check_tiling(board, wide, 15 * MM)
    assert all(b.rect.w == pytest.approx(15 * MM) for t in wide.tiles for b in t.bands
               if b.side == "left")


def test_a_board_that_fits_is_one_sheet_without_bands() -> None:
    board = outline(5, 30.0)
    tiling = tile_board(board, PAPERS["a4"], margin=MARGIN, glue=GLUE)
    (tile,) = tiling.tiles
    assert tile.bands == () and tile.crosses == () and tile.cut_sides == ()
    assert len(tile.corner_marks) == 8
    check_tiling(board, tiling, GLUE)


def test_squares_larger_than_a_sheet_are_cut_evenly() -> None:
    board = outline(5, 300.0)
    tiling = tile_board(board, PAPERS["a4"], margin=MARGIN, glue=GLUE)
    assert not tiling.on_square_edges
    assert len({round(t.content.w, 6) for t in tiling.tiles}) == 1
    assert len({round(t.content.h, 6) for t in tiling.tiles}) == 1
    check_tiling(board, tiling, GLUE)


def test_seams_avoid_squares_and_balance_sheets() -> None:
    board = outline(7)
    tiling = tile_board(board, PAPERS["letter"], margin=MARGIN, glue=GLUE)
    # 7 columns of 66.5 mm on Letter: at most two squares per sheet, so 2+2+2+1
    per_sheet = [round(t.content.w / (CARD_SQUARE * MM)) for t in tiling.tiles[:tiling.columns]]
    assert sorted(per_sheet) == [1, 2, 2, 2]


@settings(max_examples=25, deadline=None)
@given(size=st.sampled_from([5, 7, 9, 11, 13, 15]), square=st.floats(20, 130),
       paper=st.sampled_from(["a4", "letter", "a3"]), glue=st.floats(10, 15))
def test_any_board_tiles_correctly(size: int, square: float, paper: str, glue: float) -> None:
    board = outline(size, square)
    tiling = tile_board(board, PAPERS[paper], margin=MARGIN, glue=glue * MM)
    check_tiling(board, tiling, glue * MM)
    assert tiling.on_square_edges == seams_on_square_edges(board, tiling)


@given(x=st.floats(0, 1), y=st.floats(0, 1))
def test_every_point_of_the_board_is_on_a_sheet(x: float, y: float) -> None:
    board = outline(15)
    tiling = _fifteen_on_letter()
    px, py = x * board.width, y * board.height
    assert any(contains(t.content, px, py) for t in tiling.tiles)


_CACHE: dict[str, Tiling] = {}


def _fifteen_on_letter() -> Tiling:
    if "t" not in _CACHE:
        _CACHE["t"] = tile_board(outline(15), PAPERS["letter"], margin=MARGIN, glue=GLUE)
    return _CACHE["t"]


def test_paper_too_small_for_anything_is_an_error() -> None:
    with pytest.raises(LayoutError):
        tile_board(outline(7), Paper("tiny", 30 * MM, 30 * MM), margin=MARGIN, glue=GLUE)


@pytest.mark.parametrize(("size", "expected", "smaller"), [
    (7, "A1", "A2"), (11, "A0", "A1"), (15, "2A0", "A0")])
def test_single_sheet_picks_the_smallest_iso_size(size: int, expected: str,
                                                   smaller: str) -> None:
    board = outline(size)
    sheet = single_sheet(board.width, board.height, None, margin=MARGIN)
    assert sheet.paper.name == expected
    assert sheet.scale == 1.0
    page = Rect(0, 0, sheet.paper.width, sheet.paper.height)
    assert inside(sheet.board.grow(CUT_ROOM), page.grow(-MARGIN))
    assert not sheet.board.intersects(sheet.info)
    assert sheet.board.w == pytest.approx(board.width)
    down = paper_by_iso_name(smaller)
    assert down is not None
    assert single_sheet(board.width, board.height, down, margin=MARGIN).scale < 1.0
    assert smallest_iso_paper(board.width, board.height, MARGIN).name == expected


def test_single_sheet_on_small_paper_is_scaled_and_says_so() -> None:
    board = outline(7)
    sheet = single_sheet(board.width, board.height, PAPERS["a3"], margin=MARGIN)
    assert 0.5 < sheet.scale < 1.0
    page = Rect(0, 0, sheet.paper.width, sheet.paper.height)
    assert inside(sheet.board, page.grow(-MARGIN))
    assert sheet.board.w == pytest.approx(board.width * sheet.scale)
    custom = Paper("700mm x 700mm", 700 * MM, 700 * MM)
    assert single_sheet(board.width, board.height, custom, margin=MARGIN).scale == 1.0
