"""Sheet geometry for any card and paper: cells fit, never overlap, marks stay off cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.pdf.geometry import LayoutError, Rect, SheetSpec, mirror_slot, sheet_grid
from printkit.pdf.paper import PAPERS
from printkit.units import MM

SIZES = st.floats(min_value=25 * MM, max_value=130 * MM)


@settings(max_examples=150, deadline=None)
@given(w=SIZES, h=SIZES, bleed=st.sampled_from([0.0, 2 * MM, 3 * MM, 3.175 * MM]),
       gutter=st.sampled_from([0.0, 4 * MM, 8 * MM]), paper=st.sampled_from(["a4", "letter"]))
def test_any_card_on_any_paper(w: float, h: float, bleed: float, gutter: float,
                               paper: str) -> None:
    spec = SheetSpec(PAPERS[paper], w, h, bleed, 5 * MM, gutter, 4 * MM, 1 * MM)
    try:
        grid = sheet_grid(spec)
    except LayoutError:
        assert w + 2 * bleed > 190 * MM or h + 2 * bleed > 190 * MM
        return
    page = Rect(5 * MM, 5 * MM, grid.paper.width - 10 * MM, grid.paper.height - 10 * MM)
    cells = [s.cell for s in grid.slots]
    for cell in cells:
        assert page.x - 1e-6 <= cell.x and cell.right <= page.right + 1e-6
        assert page.y - 1e-6 <= cell.y and cell.top <= page.top + 1e-6
        assert not cell.intersects(grid.info)
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            assert not a.intersects(b)
    for mark in grid.marks:
        box = mark.box()
        assert page.x - 1e-6 <= box.x and box.right <= page.right + 1e-6
        assert page.y - 1e-6 <= box.y and box.top <= page.top + 1e-6
        for cell in cells:
            assert not _touches(box, cell)
    # the grid really is the best: one more column or row would not fit
    spare_w = page.w - grid.columns * spec.cell_w - (grid.columns - 1) * gutter
    spare_h = page.h - grid.rows * spec.cell_h - (grid.rows - 1) * gutter
    assert spare_w < spec.cell_w + gutter + 2 * (1 + 2) * MM + 11 * MM
    assert spare_h < spec.cell_h + gutter + 2 * (1 + 2) * MM + 11 * MM


def _touches(segment: Rect, cell: Rect) -> bool:
    """A zero-width mark touches a cell if it runs through its inside."""
    return (segment.x < cell.right and cell.x < segment.right + 1e-9
            and segment.y < cell.top and cell.y < segment.top + 1e-9
            and cell.x < segment.x < cell.right and cell.y < segment.top
            and segment.y < cell.top) or (
        segment.w > 0 and cell.y < segment.y < cell.top
        and segment.x < cell.right and cell.x < segment.right)


@pytest.mark.parametrize(("paper", "bleed", "expected"), [
    ("a4", 3 * MM, 8), ("a4", 0.0, 12), ("letter", 3 * MM, 6), ("letter", 0.0, 9)])
def test_square_card_counts(paper: str, bleed: float, expected: int) -> None:
    spec = SheetSpec(PAPERS[paper], 63.5 * MM, 63.5 * MM, bleed, 5 * MM, 0.0, 4 * MM, 1 * MM)
    assert sheet_grid(spec).per_page == expected


def test_poker_cards_nine_up_without_bleed_eight_with() -> None:
    base = dict(card_w=63.5 * MM, card_h=88.9 * MM, margin=5 * MM, gutter=0.0,
                mark_length=4 * MM, mark_offset=1 * MM)
    assert sheet_grid(SheetSpec(PAPERS["a4"], bleed=0.0, **base)).per_page == 9
    assert sheet_grid(SheetSpec(PAPERS["letter"], bleed=3.175 * MM, **base)).per_page < 9


def test_mirroring_is_an_involution() -> None:
    spec = SheetSpec(PAPERS["a4"], 63.5 * MM, 63.5 * MM, 3 * MM, 5 * MM, 0.0, 4 * MM, 1 * MM)
    grid = sheet_grid(spec)
    for duplex in ("long", "short"):
        for slot in grid.slots:
            once = mirror_slot(slot, grid.paper, duplex)
            again = mirror_slot(type(slot)(0, 0, once, once), grid.paper, duplex)
            got = (again.x, again.y, again.w, again.h)
            assert got == pytest.approx((slot.cell.x, slot.cell.y, slot.cell.w, slot.cell.h))


def test_a_card_bigger_than_the_paper_is_a_clear_error() -> None:
    spec = SheetSpec(PAPERS["a4"], 300 * MM, 300 * MM, 3 * MM, 5 * MM, 0.0, 4 * MM, 1 * MM)
    with pytest.raises(LayoutError, match="does not fit on A4"):
        sheet_grid(spec)
