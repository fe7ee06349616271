"""The live preview, driven in a real headless browser (Debian's Chromium through Playwright)
as a designer uses it: the page shows every part of the kit, a click shows a card large with
the row it came from, a save shows without touching the browser, and a mistake is shown
located above the last kit that built (the figures for how fast: bench/preview_bench.py)."""

from __future__ import annotations

import os
import shutil
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from printkit.preview.server import PreviewServer, start
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"]


def chromium_or_skip() -> str:
    """The Chromium to drive (CI must have it; elsewhere the browser tests are skipped)."""
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium for the browser tests")
        pytest.skip("no chromium on this machine")
    return CHROMIUM
BOOKLET_PAGES = 20
"""The pages of Stars and Stripes' booklet.pdf."""
PICTURES = 41 + BOOKLET_PAGES
"""What the page shows of Stars and Stripes: 38 faces, the back, the board, the tuck box,
and every page of the booklet's PDF."""


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


def test_the_server_serves_what_it_rendered(preview: PreviewServer) -> None:
    with urllib.request.urlopen(preview.url, timeout=10) as answer:
        page = answer.read().decode()
    assert "Stars and Stripes" in page and page.count('<img src="/picture/') == PICTURES
    assert '<h2>tuckbox.pdf: the tuck box</h2>' in page
    with urllib.request.urlopen(preview.url + "picture/0.svg", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in answer.read()[:300]
    for missing in ("picture/999.svg", "picture/0.png", "../../etc/passwd", "nothing",
                    "font/0123456789abcdef.ttf"):
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(preview.url + missing, timeout=10)


def _wait(check: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait until ``check()`` holds (fails after a generous ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("the page did not change in time")


@pytest.fixture
def browser() -> Iterator[Any]:
    executable = chromium_or_skip()
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=BROWSER_ARGS)
        yield launched
        launched.close()


def _loaded(page: Any) -> None:
    """Wait until every picture of the page has loaded, and check that each drew (pictures
    load as they come near the window: here all at once, as if scrolled through)."""
    shown = "[...document.querySelectorAll('.pictures img')]"
    page.evaluate(f"{shown}.forEach(image => {{ image.loading = 'eager'; }})")
    page.wait_for_function(f"{shown}.every(image => image.complete)")
    broken = page.evaluate(f"{shown}.filter(image => image.naturalWidth === 0)"
                           ".map(image => image.src)")
    assert broken == []


def test_a_browser_sees_every_save(preview: PreviewServer, definition: Path,
                                   browser: Any) -> None:
    page = browser.new_page()
    page.goto(preview.url)
    assert page.locator("h1").inner_text() == "Stars and Stripes"
    assert page.locator(".pictures img").count() == PICTURES
    assert page.locator("h2", has_text="Board").count() == 1
    assert page.locator("#part-booklet img").count() == BOOKLET_PAGES
    _loaded(page)
    # the booklet's HTML is offered beside its pages, set in the Vera the PDF embeds,
    # fetched from the preview
    with page.context.expect_page() as opened:
        page.locator("#booklet-html").click()
    booklet = opened.value
    booklet.wait_for_load_state("load")
    booklet.wait_for_function("document.fonts.status === 'loaded'")
    fonts = booklet.evaluate("[...document.fonts].filter(f => f.status === 'loaded')"
                             ".map(f => f.family.replaceAll('\"', ''))")
    assert "Bitstream Vera Sans" in fonts
    booklet.close()
    # a save that changes the title shows without touching the browser
    text = definition.read_text()
    definition.write_text(text.replace("title: Stars and Stripes",
                                       "title: Stars and Stripes Deluxe"))
    _wait(lambda: "Deluxe" in page.locator("h1").inner_text())
    # a mistake is shown on the page, located, above the last kit that built
    definition.write_text(text.replace("safe_margin: 3mm", "safe_margn: 3mm"))
    _wait(lambda: page.locator("#problems").count() == 1)
    problem = page.locator("#problems").inner_text()
    assert "mine.yaml:" in problem and "did you mean 'safe_margin'" in problem
    assert page.locator("#stale").count() == 1
    assert page.locator(".pictures img").count() == PICTURES
    assert "Deluxe" in page.locator("h1").inner_text()  # the last good kit's title
    _loaded(page)
    definition.write_text(text)
    _wait(lambda: page.locator("#problems").count() == 0
          and page.locator("h1").inner_text() == "Stars and Stripes")
    assert page.locator(".pictures img").count() == PICTURES and page.locator("#stale").count() == 0


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    folder = tmp_path / "skirmish"
    shutil.copytree(ROOT / "sample-games" / "hex-skirmish", folder)
    return folder / "hex-skirmish.yaml"


def test_a_designer_clicks_through_a_kit_of_tokens_a_map_and_sheets(
        skirmish: Path, browser: Any) -> None:
    server = start(skirmish, port=0)
    try:
        page = browser.new_page()
        page.goto(server.url)
        _loaded(page)
        headings = page.locator("h2").all_inner_texts()
        assert headings == ["counters: 6 different tokens, front and back",
                            "map: Hex Skirmish map", "score-sheet: Hex Skirmish score sheet",
                            "player-aid: Hex Skirmish player aid"]
        captions = page.locator("#part-0 figcaption").all_inner_texts()
        assert captions[:2] == ["Guard (front)", "Guard (back)"] and len(captions) == 12
        # the score sheet is its printed page
        sheet = page.locator("#part-2 img")
        assert sheet.get_attribute("src").endswith(".png")
        # a click shows the token large, with the data row it came from
        page.locator("#part-0 figure").nth(2).click()
        large = page.locator("#large")
        _wait(large.is_visible)
        assert page.locator("#large-name").inner_text() == "Archer (front)"
        source = page.locator("#large-source").inner_text()
        file, _, line = source.rpartition(":")
        assert Path(file).name == "units.csv"
        row = (skirmish.parent / "units.csv").read_text().splitlines()[int(line) - 1]
        assert row.startswith("Archer,")
        large_src = page.locator("#large-image").get_attribute("src") or ""
        assert large_src.endswith(page.locator("#part-0 img").nth(2).get_attribute("src"))
        # an edit to the data shows, and the card stays shown large across the reload
        units = skirmish.parent / "units.csv"
        text = units.read_text()
        units.write_text(text.replace("Archer,", "Bowman,"))
        _wait(lambda: "Bowman (front)" in page.locator("#part-0").inner_text())
        _wait(large.is_visible)
        assert page.locator("#large-name").inner_text() == "Bowman (front)"
        page.keyboard.press("Escape")
        # a mistake in the data: the problem above, the last good kit below it
        units.write_text(text.replace("Archer,blue,3,1,2,2", "Bowman,blue,3,1,2,x"))
        _wait(lambda: page.locator("#problems").count() == 1)
        assert "units.csv:" in page.locator("#problems").inner_text()
        assert "Bowman (front)" in page.locator("#part-0").inner_text()
        _loaded(page)
    finally:
        server.close()


_CARET = """() => {
  const box = document.getElementById("problems");
  const lines = box.textContent.split("\\n");
  const caretLine = lines.findIndex(line => /^\\s*\\|\\s*\\^/.test(line));
  const start = n => lines.slice(0, n).reduce((s, l) => s + l.length + 1, 0);
  const column = lines[caretLine].indexOf("^");
  const text = box.firstChild;
  const at = offset => { const r = document.createRange();
    r.setStart(text, offset); r.setEnd(text, offset + 1);
    return r.getBoundingClientRect(); };
  const caret = at(start(caretLine) + column);
  const target = at(start(caretLine - 1) + column);
  return {caretX: caret.left, targetX: target.left, caretY: caret.top,
          targetY: target.top, pointed: lines[caretLine - 1][column],
          scrolls: box.scrollWidth > box.clientWidth};
}"""
"""Where the caret of the problem box is on the screen, and the character it points at."""


def test_the_caret_points_at_its_column_on_a_line_too_long_for_the_box(
        definition: Path, browser: Any) -> None:
    text = definition.read_text()
    card = "card:\n  size: 63.5mm x 63.5mm\n  safe_margin: 3mm"
    assert card in text
    # the unknown key is far along a line longer than the box is wide
    definition.write_text(text.replace(card, "card: {size: 63.5mm x 63.5mm," + " " * 60 +
                                       "safe_margn: 3mm}"))
    server = start(definition, port=0)
    try:
        page = browser.new_page(viewport={"width": 480, "height": 700})
        page.goto(server.url)
        assert page.locator("#problems").count() == 1
        # where the caret is, and where the character it points at is, on the screen
        found = page.evaluate(_CARET)
        assert found["scrolls"]  # the line is wider than the box: it scrolls, not wraps
        assert found["pointed"] == "s"
        assert abs(found["caretX"] - found["targetX"]) < 0.5
        assert 10 < found["caretY"] - found["targetY"] < 30  # the very next line down
    finally:
        server.close()


def test_the_caret_points_at_its_column_after_a_tab(skirmish: Path, browser: Any) -> None:
    units = skirmish.parent / "units.csv"
    lines = units.read_text().splitlines()
    assert lines[1].startswith("Guard,")
    lines[1] = lines[1].replace("Guard,", '"Guard\tcaptain",') + ",extra"
    units.write_text("\n".join(lines) + "\n")
    server = start(skirmish, port=0)
    try:
        page = browser.new_page()
        page.goto(server.url)
        assert "more cells than" in page.locator("#problems").inner_text()
        found = page.evaluate(_CARET)
        assert found["pointed"] == "e"  # the extra cell
        assert abs(found["caretX"] - found["targetX"]) < 0.5
    finally:
        server.close()
