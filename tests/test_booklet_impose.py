"""Saddle-stitch imposition: the page order (pure), page sizes, and the imposed PDF itself."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.files import booklet_files
from printkit.booklet.impose import (
    A5,
    HALF_LETTER,
    booklet_page,
    padded_count,
    saddle_stitch,
    slots,
)
from printkit.kit.games import resolve
from printkit.pdf.paper import PAPERS
from printkit.units import MM

SMALL = Path(__file__).parent / "data" / "booklets" / "good-small.md.j2"


def sides(pages: int) -> list[tuple[int, bool, int, int]]:
    return [(s.sheet, s.front, s.left, s.right) for s in saddle_stitch(pages)]


def test_four_pages_fold_from_one_sheet() -> None:
    assert sides(4) == [(1, True, 4, 1), (1, False, 2, 3)]


def test_eight_pages_as_the_printers_lay_them_out() -> None:
    assert sides(8) == [(1, True, 8, 1), (1, False, 2, 7), (2, True, 6, 3), (2, False, 4, 5)]


def test_twelve_pages() -> None:
    assert sides(12) == [
        (1, True, 12, 1), (1, False, 2, 11),
        (2, True, 10, 3), (2, False, 4, 9),
        (3, True, 8, 5), (3, False, 6, 7),
    ]


def test_odd_counts_are_padded_with_blank_pages() -> None:
    assert [padded_count(n) for n in (0, 1, 4, 5, 13, 16)] == [4, 4, 4, 8, 16, 16]
    assert sides(13) == sides(16)
    with pytest.raises(ValueError):
        padded_count(-1)


@given(st.integers(min_value=1, max_value=200))
def test_every_page_once_sums_to_n_plus_one_odd_on_the_right(pages: int) -> None:
    n = padded_count(pages)
    order = saddle_stitch(pages)
    placed = [p for side in order for p in (side.left, side.right)]
    assert sorted(placed) == list(range(1, n + 1))
    for side in order:
        assert side.left + side.right == n + 1
        assert side.right % 2 == 1, "the odd page goes on the right"
    # stacked sheet by sheet and folded, the booklet reads 1, 2, 3 ... n
    sheets = range(n // 4)
    first_half = [p for s in sheets for p in (order[2 * s].right, order[2 * s + 1].left)]
    second_half = [p for s in reversed(sheets)
                   for p in (order[2 * s + 1].right, order[2 * s].left)]
    assert first_half + second_half == list(range(1, n + 1))


def test_booklet_pages_halve_the_paper() -> None:
    assert booklet_page(PAPERS["a4"]) == A5
    assert booklet_page(PAPERS["letter"]) == HALF_LETTER
    a3 = booklet_page(PAPERS["a3"])
    assert (round(a3.width / MM), round(a3.height / MM)) == (210, 297)
    left, right = slots(A5, PAPERS["a4"].landscape())
    assert right.x == pytest.approx(PAPERS["a4"].height / 2)
    assert left.x + A5.width == pytest.approx(right.x)
    with pytest.raises(ValueError):
        slots(A5, PAPERS["letter"].landscape())


def drawn_pages(pdf: bytes) -> list[list[int]]:
    """The reading-order page numbers drawn on each side of an imposed PDF, left to right."""
    reader = PdfReader(io.BytesIO(pdf))
    out = []
    for page in reader.pages:
        content = page.get_contents()
        assert content is not None
        data = content.get_data().decode("latin-1")
        out.append([int(n) for n in re.findall(r"/Page(\d+) Do", data)])
    return out


@pytest.mark.parametrize("paper, size, sheet", [
    ("a4", (148, 210), (297, 210)),
    ("letter", (139.7, 215.9), (279.4, 215.9)),
])
def test_imposed_pdf_places_the_pages_as_forms(paper: str, size: tuple[float, float],
                                               sheet: tuple[float, float]) -> None:
    game = resolve("stars-and-stripes")
    booklet = load_booklet(game.definition, game.engine, template=SMALL)
    assert booklet is not None
    files = booklet_files(booklet, PAPERS[paper])
    reading = PdfReader(io.BytesIO(files.pdf))
    count = len(reading.pages)
    assert count == files.pages
    box = reading.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == size
    imposed = PdfReader(io.BytesIO(files.imposed))
    box = imposed.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == sheet
    expected = [[p for p in (s.left, s.right) if p <= count] for s in saddle_stitch(count)]
    assert drawn_pages(files.imposed) == expected
    for page in imposed.pages:
        resources: Any = page["/Resources"]
        for ref in resources["/XObject"].values():
            assert ref.get_object()["/Subtype"] == "/Form"
    again = booklet_files(booklet, PAPERS[paper])
    assert (again.pdf, again.imposed, again.html) == (files.pdf, files.imposed, files.html)


def test_the_sheet_notes_are_set_in_the_booklets_fonts() -> None:
    """The imposed sheets' margin notes use the stack the booklet is set in (a designer's
    booklet in DejaVu Sans gets its notes in DejaVu Sans, not printkit's Vera)."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.booklet.imposed import imposed_pdf
    from printkit.definition.fonts import DEFAULT_FAMILY, shipped_families
    from printkit.definition.fontstack import FontStack
    from printkit.pdf.fonts import register_fonts

    register_fonts()
    page, sheet = PAPERS["a5"], PAPERS["a4"].landscape()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(page.width, page.height))
    for _ in range(4):
        canvas.showPage()
    canvas.save()
    stack = FontStack((shipped_families()[DEFAULT_FAMILY],))
    imposed = PdfReader(io.BytesIO(imposed_pdf(buffer.getvalue(), page=page, sheet=sheet,
                                               title="t", fonts=stack)))
    fonts = {str(f.get_object()["/BaseFont"]) for p in imposed.pages
             for f in _fonts(p)}
    # (the blank reading pages of this test declare reportlab's Helvetica)
    assert any("DejaVu" in name for name in fonts) and not any("Vera" in n for n in fonts)
    plain = PdfReader(io.BytesIO(imposed_pdf(buffer.getvalue(), page=page, sheet=sheet,
                                             title="t")))
    assert any("Vera" in str(f.get_object()["/BaseFont"]) for p in plain.pages
               for f in _fonts(p))


def _fonts(page: Any) -> list[Any]:
    """Every font object a page's forms use."""
    found: list[Any] = []
    resources = page.get("/Resources")
    stack = [resources.get_object()] if resources is not None else []
    while stack:
        res = stack.pop()
        found += list((res.get("/Font") or {}).values())
        for xobject in (res.get("/XObject") or {}).values():
            inner = xobject.get_object().get("/Resources")
            if inner is not None:
                stack.append(inner.get_object())
    return found
