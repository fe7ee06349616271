"""The booklet on paper: diagrams large enough to read, examples never split from their
captions, and the HTML printing, in a real browser, to the PDF's page count.

The browser is Debian's Chromium, run headless.  Where it is missing the test is skipped,
except in CI (``CI=true``), which installs it and must not skip.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Booklet, Figure, plain_text
from printkit.booklet.files import BookletFiles, booklet_files
from printkit.booklet.pdf import MARGIN_BOTTOM, MARGIN_SIDE, MARGIN_TOP
from printkit.booklet.pdfblocks import DIAGRAM_SHARE
from printkit.kit.games import resolve
from printkit.pdf.paper import PAPERS
from printkit.render.diagram import MIN_CARD
from printkit.render.scene import CardShape, TextShape
from printkit.settings import parse_settings
from printkit.units import MM

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-pdf-header-footer")


def chromium() -> str:
    """The Chromium to print with; skips the test where there is none (fails in CI)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI") == "true":
        pytest.fail("Chromium is missing in CI: .ci/run installs Debian's chromium")
    pytest.skip("Chromium is not installed (apt-get install chromium)")


def print_html(html: Path, pdf: Path, profile: Path) -> None:
    """Print ``html`` to ``pdf`` as a reader's browser would."""
    command = [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
               f"--print-to-pdf={pdf}", html.resolve().as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert pdf.is_file(), done.stderr[-2000:]


@pytest.fixture(scope="module", params=[(), ("players=3", "decks=2")],
                ids=["standard", "variant"])
def printed(request: pytest.FixtureRequest) -> tuple[Booklet, BookletFiles]:
    game = resolve("stars-and-stripes", overrides=parse_settings(request.param))
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    return booklet, booklet_files(booklet, PAPERS["a4"])


def test_the_html_prints_to_the_pdfs_page_count(printed: tuple[Booklet, BookletFiles],
                                                tmp_path: Path) -> None:
    _, files = printed
    html = tmp_path / "booklet.html"
    html.write_text(files.html, encoding="utf-8")
    out = tmp_path / "printed.pdf"
    print_html(html, out, tmp_path / "profile")
    browser = PdfReader(str(out))
    assert abs(len(browser.pages) - files.pages) <= 1, (len(browser.pages), files.pages)
    first = browser.pages[0]
    assert (round(float(first.mediabox.width) / MM), round(float(first.mediabox.height) / MM)
            ) == (148, 210)
    assert "Quick reference" in browser.pages[-1].extract_text()


def test_every_example_stays_on_one_page_with_its_caption(
        printed: tuple[Booklet, BookletFiles]) -> None:
    booklet, files = printed
    pages = [page.extract_text().replace("\n", " ")
             for page in PdfReader(io.BytesIO(files.pdf)).pages]
    for figure in (b for b in booklet.blocks if isinstance(b, Figure)):
        where = [i for i, text in enumerate(pages) if figure.heading in text]
        assert len(where) == 1, figure.heading
        page = pages[where[0]]
        last = plain_text(figure.sentences[-1])
        assert last[:40] in page, (figure.heading, last)
        if figure.caption:
            assert plain_text(figure.caption)[:30] in page


def test_cards_in_diagrams_are_at_least_9_mm_and_labelled(
        printed: tuple[Booklet, BookletFiles]) -> None:
    booklet, _ = printed
    text_width = 148 * MM - 2 * MARGIN_SIDE
    text_height = 210 * MM - MARGIN_TOP - MARGIN_BOTTOM
    cards = 0
    for figure in (b for b in booklet.blocks if isinstance(b, Figure)):
        for diagram in figure.diagrams:
            scene = diagram.scene
            # the PDF draws a diagram at its own size unless it is too large for the page
            scale = min(1.0, text_width / (scene.width * MM),
                        text_height * DIAGRAM_SHARE / (scene.height * MM))
            labels = [s for s in scene.shapes if isinstance(s, TextShape)]
            for card in (s for s in scene.shapes if isinstance(s, CardShape)):
                cards += 1
                assert card.width * scale >= MIN_CARD, (figure.heading, card.width * scale)
                below = [t for t in labels if abs(t.x - (card.x + card.width / 2)) < 0.01
                         and card.y + card.width < t.y < card.y + card.width * 1.5]
                assert below, (figure.heading, card)
                assert "*" in below[0].text or below[0].text.startswith("Trump"), below[0]
    assert cards > 100


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklet_folds_with_the_back_cover_outside(paper: str) -> None:
    game = resolve("stars-and-stripes")
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    files = booklet_files(booklet, PAPERS[paper])
    assert files.pages % 4 == 0
    imposed = PdfReader(io.BytesIO(files.imposed))
    assert len(imposed.pages) == files.pages // 4 * 2
