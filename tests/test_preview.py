"""The live preview, driven in a real headless browser (Debian's Chromium through Playwright):
the page shows the cards, board and booklet, changes after a save without being touched, and
shows problems located instead of stopping (the figures for how fast: bench/preview_bench.py)."""

from __future__ import annotations

import os
import shutil
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from printkit.preview.server import PreviewServer, start
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"]


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
    assert "Stars and Stripes" in page and page.count('<img src="/face/') == 39
    with urllib.request.urlopen(preview.url + "face/0.svg", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in answer.read()[:300]
    for missing in ("face/999.svg", "../../etc/passwd", "nothing"):
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


def test_a_browser_sees_every_save(preview: PreviewServer, definition: Path) -> None:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium for the browser tests")
        pytest.skip("no chromium on this machine")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = browser.new_page()
        page.goto(preview.url)
        assert page.locator("h1").inner_text() == "Stars and Stripes"
        assert page.locator(".faces img").count() == 39
        assert page.locator("#board").count() == 1 and page.locator("#booklet").count() == 1
        # a save that changes the title shows without touching the browser
        text = definition.read_text()
        definition.write_text(text.replace("title: Stars and Stripes",
                                           "title: Stars and Stripes Deluxe"))
        _wait(lambda: "Deluxe" in page.locator("h1").inner_text())
        # a mistake is shown on the page, located, and the server keeps going
        definition.write_text(text.replace("safe_margin: 3mm", "safe_margn: 3mm"))
        _wait(lambda: page.locator("#problems").count() == 1)
        problem = page.locator("#problems").inner_text()
        assert "mine.yaml:" in problem and "did you mean 'safe_margin'" in problem
        definition.write_text(text)
        _wait(lambda: page.locator("#problems").count() == 0
              and page.locator(".faces img").count() == 39)
        browser.close()
