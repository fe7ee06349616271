"""The shipped Stars and Stripes booklet: numbers from the variant, A5 pages with embedded
Vera and nothing but vectors, a self-contained HTML file, and byte-identical rebuilds."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.lib.fonts import tt2ps

from printkit.booklet.build import BookletFiles, booklet_files, load_booklet
from printkit.booklet.document import (
    Block,
    Booklet,
    Figure,
    Heading,
    ListBlock,
    Note,
    plain_text,
)
from printkit.booklet.document import Paragraph as TextParagraph
from printkit.kit.build import build_game, check_game
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.layout.fonts import BOLD, ITALIC, REGULAR
from printkit.layout.paper import PAPERS
from printkit.units import MM

TIMES = "\u00d7"
"""The multiplication sign the booklet writes between board sides."""


@pytest.fixture(scope="module")
def standard() -> tuple[Booklet, BookletFiles]:
    game = resolve("stars-and-stripes")
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    return booklet, booklet_files(booklet, PAPERS["a4"])


def _text(blocks: Sequence[Block]) -> str:
    """The words of the booklet's text, notes and checked sentences, one block a line."""
    parts = []
    for block in blocks:
        if isinstance(block, Figure):
            parts += [plain_text(s) for s in block.sentences]
        elif isinstance(block, Note):
            parts.append(_text(block.blocks))
        elif isinstance(block, (Heading, TextParagraph)):
            parts.append(plain_text(block.spans))
        elif isinstance(block, ListBlock):
            parts += [plain_text(item) for item in block.items]
    return "\n".join(parts)


def test_a_variant_booklet_states_the_variants_numbers() -> None:
    game = resolve("stars-and-stripes", overrides=["players=3", "decks=2"])
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    text = _text(booklet.blocks)
    assert "each player receives 23 of them" in text
    assert "Each player holds 23 cards." in text  # the checked setup example
    assert f"A board of 11 {TIMES} 11 squares" in text
    assert f"The board has 11 {TIMES} 11 squares." in text
    assert "72 square cards" in text and "three home cards" in text
    assert "8 of them" not in text and f"7 {TIMES} 7 squares, each" not in text
    assert any("Three players" in line for line in booklet.cover.lines)
    # the setup diagram shows the variant's board: 11 row labels, three homes
    setup = next(b for b in booklet.blocks if isinstance(b, Figure))
    assert '>10</text>' in setup.diagrams[0].svg and '>11</text>' not in setup.diagrams[0].svg
    assert [n for n in ("NW", "NE", "SE", "SW") if f">{n}</text>" in setup.diagrams[0].svg] == [
        "NW", "NE", "SE"]
    # later examples are drawn on the standard board, and a note says so
    notes = _text([b for b in booklet.blocks if isinstance(b, Note)])
    assert "drawn for the standard game" in notes
    assert "work just the same" in notes


def test_a_changed_rule_is_stated_and_the_examples_keep_the_standard_rules() -> None:
    game = resolve("stars-and-stripes", overrides=["opponent_contact=edge_and_corner"])
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    text = _text(booklet.blocks)
    assert "no other player's follower touches the square even at a corner" in text
    assert "change some rules" in _text([b for b in booklet.blocks if isinstance(b, Note)])


def test_the_standard_booklet_says_nothing_about_a_standard_board(
        standard: tuple[Booklet, BookletFiles]) -> None:
    booklet, _ = standard
    text = _text(booklet.blocks)
    assert "each player receives 8 of them" in text
    assert "drawn for the standard game" not in text


def _walk(obj: Any, seen: set[int], fonts: list[Any], images: list[Any]) -> None:
    obj = obj.get_object() if hasattr(obj, "get_object") else obj
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        if obj.get("/Type") == "/Font":
            fonts.append(obj)
        if obj.get("/Subtype") == "/Image":
            images.append(obj)
        for value in obj.values():
            _walk(value, seen, fonts, images)
    elif isinstance(obj, list):
        for value in obj:
            _walk(value, seen, fonts, images)


@pytest.mark.parametrize("which", ["pdf", "imposed"])
def test_pdfs_embed_vera_and_hold_no_raster(standard: tuple[Booklet, BookletFiles],
                                            which: str) -> None:
    _, files = standard
    reader = PdfReader(io.BytesIO(getattr(files, which)))
    fonts: list[Any] = []
    images: list[Any] = []
    seen: set[int] = set()
    for page in reader.pages:
        _walk(page["/Resources"], seen, fonts, images)
    assert not images
    assert fonts
    for font in fonts:
        assert "BitstreamVera" in str(font["/BaseFont"]), font["/BaseFont"]
        assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_reading_order_pdf_is_a5_with_page_numbers(
        standard: tuple[Booklet, BookletFiles]) -> None:
    _, files = standard
    reader = PdfReader(io.BytesIO(files.pdf))
    assert len(reader.pages) == files.pages >= 8
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)
                ) == (148, 210)
    for number in (2, files.pages):
        text = reader.pages[number - 1].extract_text()
        assert re.search(rf"(^|\n){number}(\n|$)", text.strip()) is not None
    assert "Stars and Stripes" in reader.pages[0].extract_text()


def test_bold_and_italic_words_use_the_bold_and_italic_faces(
        standard: tuple[Booklet, BookletFiles]) -> None:
    # registering Vera for svglib must not leave <b> in paragraphs set in the regular face
    assert (tt2ps(REGULAR, 1, 0), tt2ps(REGULAR, 0, 1)) == (BOLD, ITALIC)


def test_rebuilding_gives_identical_bytes(standard: tuple[Booklet, BookletFiles]) -> None:
    _, files = standard
    game = resolve("stars-and-stripes")
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    again = booklet_files(booklet, PAPERS["a4"])
    assert again.pdf == files.pdf
    assert again.imposed == files.imposed
    assert again.html == files.html


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.external: list[str] = []
        self.svgs = 0
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.svgs += tag == "svg"
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") and value and not value.startswith("#"):
                self.external.append(value)
            if name == "id" and value:
                self.ids.append(value)


def test_html_is_self_contained(standard: tuple[Booklet, BookletFiles]) -> None:
    booklet, files = standard
    html = files.html
    parser = _Links()
    parser.feed(html)
    assert not parser.external
    assert "url(" not in html and "<link" not in html and "<script" not in html
    assert len(parser.ids) == len(set(parser.ids)), "ids must be unique across diagrams"
    assert parser.svgs >= booklet.figures
    assert "@media print" in html and "size: 148mm 210mm" in html
    refs = set(re.findall(r'xlink:href="#([^"]+)"', html))
    assert refs <= set(parser.ids)


def test_the_kit_writes_three_booklet_files_and_check_counts_examples(tmp_path: Path) -> None:
    steps: list[tuple[str, int, int]] = []
    result = build_game("stars-and-stripes", output_root=tmp_path,
                        options=BuildOptions(paper="letter", layouts=("calibration",)),
                        progress=lambda label, done, total: steps.append((label, done, total)))
    names = {p.name for p in result.files}
    assert {"booklet.pdf", "booklet-imposed.pdf", "booklet.html"} <= names
    page = PdfReader(result.folder / "booklet.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (396, 612)
    labels = [label for label, _, _ in steps]
    assert labels.index("booklet examples") < labels.index("booklet") == len(labels) - 1
    examples = next(done for label, done, _ in steps if label == "booklet examples")
    assert examples >= 8
    summary = check_game("stars-and-stripes", variant="two-player")
    assert f"{examples} booklet examples verified" in summary[0]
