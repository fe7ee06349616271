"""The rulings of the unlimited-ships and no-self-elimination booklets end on the page
before the quick reference, as the standard game's do, so neither booklet grows to 32
pages for the few lines its variant adds; and the variant's facts are all still said."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from printkit import memo
from printkit.booklet.build import load_booklet
from printkit.booklet.files import for_paper
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import booklet_pdf
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions, plan

LAST_WORDS = "can build, move or fight."
"""How the last ruling ends."""


def _pages(variant: str | None) -> list[str]:
    """The text of each page of the booklet ``variant`` builds, whitespace made single."""
    with memo.session():
        resolved = resolve("star-battle", variant=variant)
        print_plan = plan(resolved.definition, BuildOptions())
        booklet = load_booklet(resolved.definition, resolved.engine, spec=print_plan.spec)
        assert booklet is not None
        booklet = for_paper(booklet, print_plan.paper)
        data = booklet_pdf(booklet, booklet_page(print_plan.paper)).data
    pdf = pdfium.PdfDocument(data)
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    finally:
        pdf.close()


@pytest.fixture(scope="module")
def standard() -> list[str]:
    return _pages(None)


@pytest.mark.parametrize(("variant", "facts"), [
    ("unlimited-ships", ["In this booklet's game the supply has no limit: no build or free "
                         "Scout is ever refused for want of a token"]),
    ("no-self-elimination", ["Never by a reconstruction here: a player whose only action "
                             "would do it passes.",
                             "so play can stall for good",
                             "the players then agree a draw."]),
])
def test_the_rulings_end_where_the_standard_games_do(
        standard: list[str], variant: str, facts: list[str]) -> None:
    pages = _pages(variant)
    assert len(pages) == len(standard) == 28
    ending = [number for number, text in enumerate(pages, start=1) if LAST_WORDS in text]
    assert ending == [27]
    assert [n for n, text in enumerate(standard, start=1) if LAST_WORDS in text] == [27]
    whole = " ".join(pages)
    for fact in facts:
        assert fact in whole
    assert "Quick reference" in pages[-1]
