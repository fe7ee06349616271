"""Crop marks only round the slots that hold a card (cut sheets, gutter-fold pages and
square tokens), and a gutter-fold layout that holds as many cards as the paper allows.

The PDFs are read back (:mod:`tests.duplex.virtual_printer`): a mark is a short stroke
outside the page label's band; a slot holds a card when a form is placed in it.
"""

from __future__ import annotations

import pytest

from printkit.pdf.artwork import Artwork, SheetOptions, TokenShape
from printkit.pdf.cards import cut_sheets, gutter_fold
from printkit.pdf.geometry import Rect, SheetSpec, fold_sheet
from printkit.pdf.paper import Paper
from printkit.pdf.tokens import token_sheets
from tests.duplex.virtual_printer import Box, Page, Stroke, folded_misfit, read_pdf

MM = 72 / 25.4
A4 = Paper("A4", 210 * MM, 297 * MM)
EPS = 0.05


def _card(key: str, width: float, height: float) -> Artwork:
    """A plain card face of ``width`` x ``height`` mm with 3 mm bleed round it."""
    width, height = width + 6, height + 6
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
           f'viewBox="0 0 {width} {height}"><rect x="0" y="0" width="{width}" '
           f'height="{height}" fill="#336699"/></svg>')
    return Artwork(key, svg)


def _spec(card_w: float, card_h: float, gutter: float = 0.0) -> SheetSpec:
    return SheetSpec(paper=A4, card_w=card_w * MM, card_h=card_h * MM, bleed=3 * MM,
                     margin=5 * MM, gutter=gutter * MM, mark_length=4 * MM,
                     mark_offset=1 * MM)


def _marks(page: Page, info: Rect) -> list[Stroke]:
    """The crop marks: straight strokes of at most 4 mm outside the label's band."""
    def in_band(s: Stroke) -> bool:
        return (info.x - EPS <= min(s.x0, s.x1) and max(s.x0, s.x1) <= info.right + EPS
                and info.y - EPS <= min(s.y0, s.y1) and max(s.y0, s.y1) <= info.top + EPS)
    return [s for s in page.strokes if s.length <= 4 * MM + EPS and not in_band(s)]


def _nearest_cell(mark: Stroke, cells: list[Box]) -> Box:
    """The cell a mark points at: of the cells whose edge the mark continues, the one
    nearest to it along the mark's line (a mark may lie in an empty slot next to a card
    whose edge it continues: that slot is not the one it points at)."""
    upright = abs(mark.x0 - mark.x1) < 1e-6
    middle = ((mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2)
    found: list[tuple[float, Box]] = []
    for cell in cells:
        if cell.x0 < middle[0] < cell.x1 and cell.y0 < middle[1] < cell.y1:
            continue
        if upright and cell.x0 - EPS <= mark.x0 <= cell.x1 + EPS:
            found.append((min(abs(middle[1] - cell.y0), abs(middle[1] - cell.y1)), cell))
        elif not upright and cell.y0 - EPS <= mark.y0 <= cell.y1 + EPS:
            found.append((min(abs(middle[0] - cell.x0), abs(middle[0] - cell.x1)), cell))
    assert found, f"a mark that points at no slot: {mark}"
    return min(found, key=lambda f: f[0])[1]


def _check_marks(page: Page, marks: list[Stroke], slots: list[Box], held: list[Box],
                 bleed: float = 3 * MM) -> None:
    """Every mark points at a slot that holds a card, touches no card, and every edge of
    every card has a mark at each of its two ends."""
    assert marks
    for mark in marks:
        cell = _nearest_cell(mark, slots)
        assert any(cell.distance(h) < EPS for h in held), f"a mark beside an empty slot: {mark}"
        low_x, high_x = min(mark.x0, mark.x1), max(mark.x0, mark.x1)
        low_y, high_y = min(mark.y0, mark.y1), max(mark.y0, mark.y1)
        for h in held:
            assert not (low_x < h.x1 - EPS and high_x > h.x0 + EPS and low_y < h.y1 - EPS
                        and high_y > h.y0 + EPS), f"a mark on a card: {mark}"
    for h in held:
        trim = Box(h.x0 + bleed, h.y0 + bleed, h.x1 - bleed, h.y1 - bleed)
        for x in (trim.x0, trim.x1):
            on = [m for m in marks if abs(m.x0 - x) < EPS and abs(m.x1 - x) < EPS]
            assert any(max(m.y0, m.y1) < trim.y0 for m in on), ("no mark below", x)
            assert any(min(m.y0, m.y1) > trim.y1 for m in on), ("no mark above", x)
        for y in (trim.y0, trim.y1):
            on = [m for m in marks if abs(m.y0 - y) < EPS and abs(m.y1 - y) < EPS]
            assert any(max(m.x0, m.x1) < trim.x0 for m in on), ("no mark left", y)
            assert any(min(m.x0, m.x1) > trim.x1 for m in on), ("no mark right", y)


@pytest.mark.parametrize(("size", "count", "gutter"), [
    ((63.5, 88.9), 8, 0.0),   # landscape 3 x 2: a short top row on the last sheet
    ((63.5, 88.9), 10, 0.0),  # one card on the last sheet
    ((50.0, 70.0), 6, 0.0),   # Toy Nim: a full row of five and one card under it
    ((88.9, 63.5), 64, 0.0),  # Stars and Bars: 2 x 3, the last sheet two rows of two
    ((63.5, 63.5), 5, 8.0),   # gutters wide enough for marks between the cards
])
def test_cut_sheets_mark_only_the_slots_that_hold_a_card(size: tuple[float, float],
                                                         count: int, gutter: float) -> None:
    spec = _spec(*size, gutter)
    cards = [_card(f"c{i}", *size) for i in range(count)]
    data, grid = cut_sheets(cards, _card("back", *size), title="Test",
                            options=SheetOptions(spec))
    pages = read_pdf(data)
    fronts = pages[0::2]
    slots = [Box(s.cell.x, s.cell.y, s.cell.right, s.cell.top) for s in grid.slots]
    last = count - (len(fronts) - 1) * grid.per_page
    assert 0 < last < grid.per_page  # the case under test: a partly filled last sheet
    for page in fronts:
        held = [p.box for p in page.placed]
        _check_marks(page, _marks(page, grid.info), slots, held)
    # a full sheet keeps the whole grid's marks
    if len(fronts) > 1:
        assert len(_marks(fronts[0], grid.info)) == len(grid.marks)
    # the backs page carries no marks, and its backs still fall behind the fronts
    for back in pages[1::2]:
        assert not [s for s in back.strokes if s.length <= 4 * MM + EPS
                    and not (grid.info.y <= s.y0 <= grid.info.top)
                    and not (grid.paper.height - grid.info.top <= s.y0
                             <= grid.paper.height - grid.info.y)]


def test_a_full_page_of_marks_is_what_the_grid_says_and_a_short_one_has_fewer() -> None:
    spec = _spec(63.5, 88.9)
    cards = [_card(f"c{i}", 63.5, 88.9) for i in range(8)]
    data, grid = cut_sheets(cards, _card("back", 63.5, 88.9), title="Test",
                            options=SheetOptions(spec))
    first, _, last, _ = read_pdf(data)
    assert len(_marks(first, grid.info)) == len(grid.marks)
    assert 0 < len(_marks(last, grid.info)) < len(grid.marks)


@pytest.mark.parametrize(("size", "count"), [((63.5, 88.9), 4), ((88.9, 63.5), 4),
                                              ((63.5, 63.5), 7), ((50.0, 70.0), 6)])
def test_gutter_fold_marks_and_fold_line_only_round_the_cards_there(
        size: tuple[float, float], count: int) -> None:
    spec = _spec(*size)
    sheet = fold_sheet(spec)
    cards = [_card(f"c{i}", *size) for i in range(count)]
    data, per_page = gutter_fold(cards, _card("back", *size), title="Test", spec=spec)
    pages = read_pdf(data)
    assert per_page == sheet.per_page and count % per_page  # a partly filled last page
    slots = [Box(c.x, c.y, c.right, c.top) for c in (*sheet.fronts, *sheet.backs)]
    for page in pages:
        held = [p.box for p in page.placed]
        marks = [m for m in _marks(page, sheet.info) if m.length <= 3 * MM + EPS]
        _check_marks(page, marks, slots, held)
        assert folded_misfit(page) < 0.01
        # the fold dashes stand within 15 mm of the cards the page holds
        dashes = [s for s in page.strokes if abs(s.length - 6 * MM) < 0.01]
        left = min(h.x0 for h in held)
        right = max(h.x1 for h in held)
        bottom = min(h.y0 for h in held)
        top = max(h.y1 for h in held)
        for dash in dashes:
            assert left - 15 * MM < min(dash.x0, dash.x1) and max(dash.x0, dash.x1) < right \
                + 15 * MM, dash
            assert bottom - 15 * MM < min(dash.y0, dash.y1) and max(dash.y0, dash.y1) < top \
                + 15 * MM, dash


def test_square_tokens_mark_only_the_slots_that_hold_one() -> None:
    spec = _spec(20.0, 20.0)
    tokens = [_card(f"t{i}", 20.0, 20.0) for i in range(9)]
    data, grid = token_sheets(tokens, tokens, shape=TokenShape("square", "", 20 * MM, 20 * MM),
                              title="Test", options=SheetOptions(spec))
    front = read_pdf(data)[0]
    slots = [Box(s.cell.x, s.cell.y, s.cell.right, s.cell.top) for s in grid.slots]
    _check_marks(front, _marks(front, grid.info), slots, [p.box for p in front.placed],
                 bleed=grid.slots[0].trim.x - grid.slots[0].cell.x)


@pytest.mark.parametrize(("size", "per_page", "across", "portrait"), [
    ((63.5, 88.9), 3, True, False),   # poker: three across a landscape sheet (was two)
    ((88.9, 63.5), 3, False, True),   # Stars and Bars: three down a portrait sheet (was two)
    ((63.5, 63.5), 4, True, True),    # square: 2 x 2 on a portrait sheet, as before
    ((50.0, 70.0), 4, True, False),   # Toy Nim: four across a landscape sheet (was three)
])
def test_gutter_fold_takes_the_orientation_that_holds_the_most_cards(
        size: tuple[float, float], per_page: int, across: bool, portrait: bool) -> None:
    spec = _spec(*size)
    sheet = fold_sheet(spec)
    assert (sheet.per_page, sheet.across) == (per_page, across)
    assert (sheet.paper.width < sheet.paper.height) == portrait
    room = spec.margin + spec.mark_offset
    for cell in (*sheet.fronts, *sheet.backs):  # inside the printer's margins, clear of marks
        assert cell.x >= room and cell.right <= sheet.paper.width - room
        assert cell.y >= room and cell.top <= sheet.paper.height - room
        assert not cell.intersects(sheet.info)
    cells = [*sheet.fronts, *sheet.backs]
    assert not any(a.intersects(b) for i, a in enumerate(cells) for b in cells[i + 1:])
    # a page turned the other way or folded the other way holds no more cards
    for paper in (A4, A4.landscape()):
        assert sheet.per_page >= _fold_count(spec, paper)


def _fold_count(spec: SheetSpec, paper: Paper) -> int:
    """Cards that fit on ``paper`` folded either way, counted by trying every grid."""
    best = 0
    room = spec.margin + spec.mark_offset + 2 * MM
    band = 11 * MM
    for across in (True, False):
        half_w = (paper.width - 2 * room - band) if across else (paper.width / 2 - room)
        half_h = (paper.height / 2 - room) if across else (paper.height - 2 * room - band)
        cols = 0
        while (cols + 1) * spec.cell_w + cols * spec.gutter <= half_w + 1e-6:
            cols += 1
        rows = 0
        while (rows + 1) * spec.cell_h + rows * spec.gutter <= half_h + 1e-6:
            rows += 1
        best = max(best, cols * rows)
    return best
