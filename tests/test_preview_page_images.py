"""The preview draws again only the booklet pages whose look changed
(printkit/preview/pageimages.py): after an edit to the Trump's label, the pages that show
the Trump get new keys and are drawn; the others are taken from the images kept, and every
image is the one pdfium draws from the new PDF itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printkit import cache
from printkit.booklet.files import for_paper
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import PdfLayout, booklet_pdf
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.preview import bookletview, pageimages
from printkit.preview.kitview import PAGE_DPI, pdf_pages
from tests.conftest import ROOT


def test_only_the_pages_showing_an_edited_card_are_drawn_again(tmp_path: Path) -> None:
    definition = tmp_path / "stars-and-stripes.yaml"
    text = (ROOT / "decks" / "stars-and-stripes.yaml").read_text()
    layouts = []
    with cache.session(tmp_path / "cache"):
        for label in ("TRUMP", "TRUMP CARD"):
            definition.write_text(text.replace("label: TRUMP\n", f"label: {label}\n"))
            kit = prepare_kit(resolve(str(definition)), BuildOptions())
            assert kit.booklet is not None
            page = booklet_page(kit.plan.paper)
            layouts.append(booklet_pdf(for_paper(kit.booklet, kit.plan.paper), page))
    before, after = layouts
    assert len(before.page_keys) == before.pages == after.pages == len(after.page_keys)
    changed = [n for n, (old, new) in enumerate(zip(before.page_keys, after.page_keys,
                                                    strict=True)) if old != new]
    # the Trump stands on every board the examples show, and on the cover: most pages
    # show it, but not all
    assert 0 < len(changed) < before.pages

    pageimages.clear()
    drawn = pageimages.DRAWN
    pdf_pages(before.data, keys=before.page_keys)
    assert pageimages.DRAWN - drawn == before.pages
    drawn = pageimages.DRAWN
    images = pdf_pages(after.data, keys=after.page_keys)
    assert pageimages.DRAWN - drawn == len(changed)
    assert images == pageimages.draw_pages(after.data, PAGE_DPI)
    assert images != pageimages.draw_pages(before.data, PAGE_DPI)


def test_without_keys_a_pdf_is_kept_whole_by_its_bytes(tmp_path: Path) -> None:
    kit = prepare_kit(resolve("stars-and-bars"), BuildOptions())
    assert kit.booklet is not None
    with cache.session(enabled=False):
        layout = booklet_pdf(for_paper(kit.booklet, kit.plan.paper),
                             booklet_page(kit.plan.paper))
    assert layout.page_keys == ()  # no cache, no recipes: no keys
    drawn = pageimages.DRAWN
    first = pdf_pages(layout.data)
    again = pdf_pages(layout.data)
    assert first == again and len(first) == layout.pages
    assert pageimages.DRAWN - drawn in (0, layout.pages)  # kept from an earlier test, or drawn once


def test_the_preview_keeps_its_booklet_under_the_code_that_made_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unchanged booklet is not made again, unless printkit changed (a kept entry of an
    older printkit once held bytes in another form and broke the preview's booklet)."""
    kit = prepare_kit(resolve("i-vant-to-be-alone"), BuildOptions())
    assert kit.booklet is not None
    made: list[int] = []

    def counted(*args: Any) -> PdfLayout:
        made.append(1)
        return booklet_pdf(*args)

    monkeypatch.setattr(bookletview, "booklet_pdf", counted)
    with cache.session(tmp_path):
        first = bookletview.booklet_view(kit.booklet, kit.plan.paper, "here")
        again = bookletview.booklet_view(kit.booklet, kit.plan.paper, "here")
        assert made == [1] and again == first
        monkeypatch.setattr(bookletview, "code_digest", lambda: "another printkit")
        newer = bookletview.booklet_view(kit.booklet, kit.plan.paper, "here")
    assert made == [1, 1] and newer == first
