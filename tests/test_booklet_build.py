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

from printkit.booklet import pdf
from printkit.booklet.build import load_booklet
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
from printkit.booklet.files import BookletFiles, booklet_files
from printkit.kit.build import build_game
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import check_game
from printkit.pdf.fonts import BOLD, ITALIC, REGULAR
from printkit.pdf.paper import PAPERS, paper_by_name
from printkit.settings import parse_settings
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
            parts += [plain_text(s) for s in (block.intro, block.moves, *block.sentences)]
        elif isinstance(block, Note):
            parts.append(_text(block.blocks))
        elif isinstance(block, (Heading, TextParagraph)):
            parts.append(plain_text(block.spans))
        elif isinstance(block, ListBlock):
            parts += [plain_text(item) for item in block.items]
    return "\n".join(parts)


def test_a_variant_booklet_states_the_variants_numbers() -> None:
    game = resolve("stars-and-stripes", overrides=parse_settings(["players=3", "decks=2"]))
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    text = _text(booklet.blocks)
    assert "Deal out all the other cards, 23 to each player." in text
    assert "Each player holds 23 cards." in text  # the checked setup example
    assert f"Any grid of 11 {TIMES} 11 card-sized squares" in text
    assert f"The board has 11 {TIMES} 11 squares." in text
    assert "Shuffle all 72 cards" in text
    assert f"Three players, 2 decks, an 11 {TIMES} 11 board, 23 cards each." in text
    assert "8 to each player" not in text
    assert any("Three players" in line for line in booklet.cover.lines)
    # the setup diagram shows the variant's board: 11 row labels, three homes
    setup = next(b for b in booklet.blocks if isinstance(b, Figure))
    assert setup.name == "setup"
    assert '>10</text>' in setup.diagrams[0].svg and '>11</text>' not in setup.diagrams[0].svg
    homes = [n for n in ("NW", "NE", "SE", "SW") if f">{n}</text>" in setup.diagrams[0].svg]
    assert homes == ["NW", "NE", "SE"]
    # the sample game is the standard one, and a note says so
    notes = _text([b for b in booklet.blocks if isinstance(b, Note)])
    assert "drawn for the standard game" in notes and "work just the same" in notes
    assert [f.name for f in booklet.blocks if isinstance(f, Figure)][1] == "deal"


def test_a_changed_rule_is_stated_and_the_examples_keep_the_standard_rules() -> None:
    game = resolve("stars-and-stripes",
                   overrides=parse_settings(["opponent_contact=edge_and_corner"]))
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    text = _text(booklet.blocks)
    assert "No other player's follower is on any of the eight squares around it" in text
    assert "an independent you capture with it" in text
    assert "change some rules" in _text([b for b in booklet.blocks if isinstance(b, Note)])


def test_the_standard_booklet_says_nothing_about_a_standard_board(
        standard: tuple[Booklet, BookletFiles]) -> None:
    booklet, _ = standard
    text = _text(booklet.blocks)
    assert "8 to each player" in text
    assert "drawn for the standard game" not in text
    # the seed's worked example is a position of the sample game, with its claims
    assert ("NE has 3 follower placements in all: 6*4 on 1,6, 1*3 on 2,5 and 6*4 on 2,5."
            in text)


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


def test_reading_order_pdf_is_a5_folds_in_fours_and_ends_on_the_back_cover(
        standard: tuple[Booklet, BookletFiles]) -> None:
    _, files = standard
    reader = PdfReader(io.BytesIO(files.pdf))
    pages = len(reader.pages)
    assert pages == files.pages >= 16 and pages % 4 == 0
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)
                ) == (148, 210)
    cover = reader.pages[0].extract_text()
    assert "Stars and Stripes" in cover and "PLAYERS" in cover and "2\u20134" in cover
    for number in range(2, pages):
        text = reader.pages[number - 1].extract_text()
        assert re.search(rf"(^|\n){number}(\n|$)", text.strip()) is not None, number
    back = reader.pages[-1].extract_text()
    assert "Quick reference" in back and "Stars and Stripes" in back
    assert re.search(rf"(^|\n){pages}(\n|$)", back.strip()) is None  # no number on a cover
    blank = [i for i, page in enumerate(reader.pages, start=1) if not page.extract_text().strip()]
    assert not blank, f"blank pages: {blank}"


def test_the_outline_and_the_contents_agree_with_the_pages(
        standard: tuple[Booklet, BookletFiles]) -> None:
    booklet, files = standard
    reader = PdfReader(io.BytesIO(files.pdf))
    entries = {entry.title: (reader.get_destination_page_number(entry) or 0) + 1
               for entry in reader.outline if not isinstance(entry, list)}
    sections = [plain_text(b.spans) for b in booklet.blocks
                if isinstance(b, Heading) and b.level == 1]
    assert list(entries) == ["Cover", "Contents", *sections]
    assert entries["Cover"] == 1 and entries["Quick reference"] == len(reader.pages)
    contents = reader.pages[1].extract_text()
    for title in sections:  # the back cover's section too, after the Notes pages
        page = entries[title]
        assert title in reader.pages[page - 1].extract_text()
        assert re.search(rf"{re.escape(title)}\s*(\. )+\s*{page}\n", contents), title


def test_the_contents_settle_in_two_layouts(standard: tuple[Booklet, BookletFiles],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # the first layout learns the pages and the Notes pages needed; the second fills them in
    booklet, files = standard
    made: list[int] = []
    layout = pdf._layout

    def counted(*args: Any) -> bytes:
        made.append(1)
        return layout(*args)

    monkeypatch.setattr(pdf, "_layout", counted)
    assert booklet_files(booklet, PAPERS["a4"]).pdf == files.pdf
    assert len(made) == 2


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
        self.internal: list[str] = []
        self.svgs = 0
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.svgs += tag == "svg"
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") and value:
                (self.internal if value.startswith("#") else self.external).append(value)
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
    assert {ref.lstrip("#") for ref in parser.internal} <= set(parser.ids)
    # the contents link to every section, and the breaks follow the PDF's pages
    assert html.count('<nav class="contents">') == 1
    assert html.count('class="new-page-before"') >= 10


def test_the_kit_writes_three_booklet_files_and_check_counts_examples(tmp_path: Path) -> None:
    steps: list[tuple[str, int, int]] = []
    result = build_game("stars-and-stripes", output_root=tmp_path,
                        options=BuildOptions(paper=paper_by_name("letter"),
                                             layouts=("calibration",)),
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
    assert f"{examples + 1} booklet examples verified" in summary[0]
