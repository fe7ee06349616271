"""The booklet in the preview is what prints: the pages shown are the pages of the very
``booklet.pdf`` a build writes (so every line breaks where the PDF breaks it), checked in
Debian's Chromium as a designer sees them; and an edit shows the kit before the booklet is
brought up to date, the last booklet staying on the page meanwhile."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pypdfium2
import pytest

from printkit.booklet.pdf import booklet_pdf
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.preview import bookletview
from printkit.preview.kitview import pdf_pages
from printkit.preview.page import page
from printkit.preview.render import Preview, complete, render_preview
from printkit.preview.server import PreviewServer, start
from tests.conftest import ROOT
from tests.test_preview import BOOKLET_PAGES, browser  # noqa: F401 - the browser fixture


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The ``booklet.pdf`` a build of Stars and Stripes writes."""
    out = tmp_path_factory.mktemp("kit")
    result = build_game(str(ROOT / "decks" / "stars-and-stripes.yaml"), output_root=out,
                        options=BuildOptions())
    return (result.folder / "booklet.pdf").read_bytes()


@pytest.fixture
def definition(tmp_path: Path) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text((ROOT / "decks" / "stars-and-stripes.yaml").read_text())
    return path


@pytest.fixture
def preview(definition: Path) -> Iterator[PreviewServer]:
    server = start(definition, port=0)
    yield server
    server.close()


def _lines(pdf: bytes) -> list[list[str]]:
    """Each page's text, line by line, as pdfium reads it."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        pages = []
        for page in document:
            text = page.get_textpage().get_text_range()
            pages.append([line.strip() for line in text.splitlines() if line.strip()])
        return pages
    finally:
        document.close()


def test_the_booklet_shown_is_the_printed_pdf_page_by_page(definition: Path,
                                                           printed: bytes) -> None:
    first = render_preview(definition)
    assert first.booklet_pages is None and first.rest is not None  # the booklet comes after
    shown = complete(first)
    assert shown.booklet_pdf == printed
    assert shown.booklet_pages is not None
    assert [p.png for p in shown.booklet_pages.pictures] == pdf_pages(printed)
    assert len(shown.booklet_pages.pictures) == BOOKLET_PAGES
    assert shown.booklet.startswith("<!DOCTYPE html>") or "<html" in shown.booklet[:200]


def test_in_chromium_the_booklet_pages_and_their_lines_are_the_pdfs(
        preview: PreviewServer, printed: bytes, browser: Any) -> None:  # noqa: F811
    shown = browser.new_page()
    shown.goto(preview.url)
    images = shown.locator("#part-booklet img")
    assert images.count() == BOOKLET_PAGES
    expected = pdf_pages(printed)
    for index in range(BOOKLET_PAGES):
        source = images.nth(index).get_attribute("src")
        answer = shown.request.get(preview.url.rstrip("/") + source)
        assert answer.body() == expected[index], f"page {index + 1} differs from the PDF's"
    assert images.first.evaluate("image => image.decode().then(() => image.naturalWidth)") > 0
    # the PDF the page links to sets every line as the printed one does
    link = shown.locator("#booklet-pdf").get_attribute("href")
    with urllib.request.urlopen(preview.url.rstrip("/") + link, timeout=10) as answer:
        linked = answer.read()
    lines, printed_lines = _lines(linked), _lines(printed)
    assert len(lines) == BOOKLET_PAGES and sum(map(len, lines)) > 600
    assert lines == printed_lines


def test_an_edit_shows_the_kit_first_then_the_booklet(preview: PreviewServer,
                                                      definition: Path) -> None:
    live = preview.live
    published: list[Preview] = []
    live.listeners.append(lambda: published.append(live.preview))
    before = live.preview
    assert before.booklet_pages is not None and before.rest is None
    definition.write_text(definition.read_text().replace("label: TRUMP\n",
                                                         "label: TRUMPET\n", 1))
    with live.changed:
        assert live.changed.wait_for(lambda: len(published) >= 2 and published[-1].rest is None,
                                     timeout=60)
    first, last = published[0], published[-1]
    # first the kit with the edited card, the last booklet kept on the page meanwhile
    assert "TRUMPET" in "".join(p.svg for p in first.pictures)
    assert first.rest is not None and first.booklet_pages == before.booklet_pages
    assert 'id="booklet-pending"' in page(first, 1, "mine.yaml")
    assert 'id="booklet-pending"' not in page(last, 2, "mine.yaml")
    # then the booklet, made again: its diagrams show the Trump too
    assert len(published) == 2 and last.rest is None
    assert last.booklet_pdf != before.booklet_pdf
    assert last.sections == first.sections



def test_an_unchanged_booklet_is_not_made_again(definition: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    make = booklet_pdf

    def counted(*args: Any) -> Any:
        made.append(1)
        return make(*args)

    monkeypatch.setattr(bookletview, "booklet_pdf", counted)
    first = complete(render_preview(definition))
    again = complete(render_preview(definition))  # a save that changed nothing
    assert len(made) == 1 and again.booklet_pdf == first.booklet_pdf
    definition.write_text(definition.read_text().replace("label: TRUMP\n",
                                                         "label: TRUMPET\n", 1))
    edited = complete(render_preview(definition))
    assert len(made) == 2 and edited.booklet_pdf != first.booklet_pdf


def test_an_open_page_shows_the_kit_before_the_booklet_is_made(definition: Path,
                                                                browser: Any) -> None:  # noqa: F811
    started: list[tuple[int, int]] = []
    """(version published, version of the last page served) as each booklet starts."""
    live_box: list[PreviewServer] = []

    def render(path: Path, **options: Any) -> Preview:
        first = render_preview(path, **options)
        rest = first.rest
        if rest is None or not live_box:
            return first
        live = live_box[0].live

        def noted() -> Preview:
            with live.changed:
                started.append((live.version, live.page_served))
            assert rest is not None
            return rest()
        return replace(first, rest=noted)

    server = start(definition, port=0, render=render)
    live_box.append(server)
    try:
        shown = browser.new_page()
        shown.goto(server.url)
        live = server.live
        with live.changed:  # the page waits for the next version
            assert live.changed.wait_for(lambda: live.pages_open == 1 and live.waiting,
                                         timeout=30)
            before = live.version
        definition.write_text(definition.read_text().replace("label: TRUMP\n",
                                                             "label: TRUMPET\n", 1))
        # the kit's version, then the booklet's
        shown.wait_for_function(f"document.body.dataset.version === '{before + 2}'",
                                timeout=60_000)
        assert shown.locator("#booklet-pending").count() == 0
        # the booklet was started only once the page of the kit's new version was served
        assert started == [(before + 1, before + 1)]
    finally:
        server.close()
