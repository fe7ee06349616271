"""Forms read once and kept in the rendering cache (printkit/pdf/formcache.py): a build after
a one-card edit turns only that card's SVG into PDF drawing again (forms converted and pages
composed are counted against a full build), and a recipe replayed in another document
encodes its words in that document's font subsets, so the bytes are those of a build
without the cache."""

from __future__ import annotations

import io
import re
import shutil
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit import cache
from printkit.booklet import pdfrecipe
from printkit.cachekey import code_digest
from printkit.kit import build as kit_build
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.pdf import formcache, pdfcanvas, svgpdf
from printkit.pdf.svgpdf import Picture, Placed, Raster, Words
from printkit.render import picturemarks
from tests.conftest import ROOT

ZEBRA = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" '
         'viewBox="0 0 20 10"><rect x="1" y="1" width="3" height="2" fill="#ff0000"/>'
         '<g fill-opacity="0.5"><text x="1" y="5" font-family="Vera" font-size="3">'
         'Zèbra ÿ quiz</text></g></svg>')
APPLE = ZEBRA.replace("Zèbra ÿ quiz", "Äpfel ø pie").replace("#ff0000", "#00ff00")
STYLED = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" '
          'viewBox="0 0 20 10"><style>rect { fill: #0000ff; }</style>'
          '<rect x="1" y="1" width="3" height="2"/></svg>')
"""A style sheet: svgpdf does not read it, svglib does."""


@dataclass
class Work:
    """SVG texts converted into PDF drawing and pages composed since :meth:`take`."""

    converted: int
    pages: int = 0

    def take(self) -> tuple[int, int]:
        counts = (formcache.CONVERTED - self.converted, self.pages)
        self.converted = formcache.CONVERTED
        self.pages = 0
        return counts


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    """Counts forms converted and pages composed (``showPage`` calls)."""
    counts = Work(formcache.CONVERTED)
    show = Canvas.showPage

    def counted_show(self: Canvas) -> None:
        counts.pages += 1
        show(self)

    monkeypatch.setattr(Canvas, "showPage", counted_show)
    yield counts


def _as_new_process() -> None:
    """Forget what this process read, lifted and noted, as a fresh ``printkit`` would."""
    pdfcanvas.clear_caches()
    picturemarks.clear()


def _build(definition: Path, output: Path, *, use_cache: bool = True) -> dict[str, bytes]:
    _as_new_process()
    result = build_game(str(definition), output_root=output, options=BuildOptions(),
                        use_cache=use_cache)
    return {path.relative_to(result.folder).as_posix(): path.read_bytes()
            for path in result.files}


def _pages(data: bytes) -> int:
    document = pypdfium2.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


def test_a_one_card_edit_converts_that_card_only_and_composes_only_the_card_files(
        tmp_path: Path, work: Work) -> None:
    folder = tmp_path / "spellbook"
    shutil.copytree(ROOT / "sample-games" / "spellbook", folder)
    definition = folder / "spellbook.yaml"
    full = _build(definition, tmp_path / "first")
    converted, pages = work.take()
    assert pages == sum(_pages(data) for path, data in full.items() if path.endswith(".pdf"))
    assert converted >= 13  # every face and back, the tuck box's art, the icons...
    table = folder / "spells.csv"
    table.write_text(table.read_text().replace("Deal 2 damage to one foe",
                                               "Deal 3 damage to one foe", 1))
    edited = _build(definition, tmp_path / "edited")
    assert work.take() == (1, sum(  # the edited face; the card files' pages, no other
        _pages(data) for path, data in edited.items()
        if (path.startswith("cards") and path.endswith(".pdf")) or path == "calibration.pdf"))
    bare = _build(definition, tmp_path / "bare", use_cache=False)
    assert work.take() == (converted, pages)
    assert edited == bare
    assert edited["cards.pdf"] != full["cards.pdf"]


def _document(*svgs: str) -> bytes:
    """A page showing each SVG as a form, in order."""
    buffer = io.BytesIO()
    canvas = pdfcanvas.new_canvas(buffer, (200, 100), title="forms")
    forms = pdfcanvas.FormLibrary(canvas)
    for number, svg in enumerate(svgs):
        forms.place(forms.form(str(number), svg), 0, 30 * number)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_recipe_from_another_document_encodes_its_words_for_this_one(
        tmp_path: Path, work: Work) -> None:
    """The recipe of APPLE is kept while a document shows ZEBRA first (its letters outside
    ASCII take the first free codes of the subset); replayed from the cache into a document
    where APPLE comes first, its words take other codes, and the bytes are those drawn
    without the cache."""
    formcache.clear()
    with cache.session(tmp_path / "cache"):
        kept = _document(ZEBRA, APPLE)
    assert work.take()[0] == 2
    formcache.clear()
    with cache.session(tmp_path / "cache"):
        cached = _document(APPLE, ZEBRA)
    assert work.take()[0] == 0  # both recipes from the cache, neither SVG read
    formcache.clear()
    assert cached == _document(APPLE, ZEBRA)
    assert work.take()[0] == 2
    # APPLE's form as the first document wrote it (second) and as this one does (first):
    # the same words in other codes, which is why no form's bytes are kept
    apple_then, apple_now = _text_streams(kept)[1], _text_streams(cached)[0]
    assert b"Tj" in apple_now and apple_then != apple_now


def test_a_recipe_is_written_back_exactly() -> None:
    picture = Picture(56.7, 28.3, ("1 0 0 rg", ("ca", 0.5),
                                   Words("PK-Vera", 3.0, 1.0 / 3, 5.0, "Zebra \u00e9\ud800"),
                                   Placed("pkpictureabc", "0.1 0 0 -0.1 2 3"), ("CA", 0.25),
                                   Raster("ab12", -5.0, 40.0, 0.1, 20.0), "Q"))
    assert formcache.unpack(formcache.pack(picture)) == picture
    assert formcache.unpack(formcache.pack(None)) is None
    for foreign in (b'["x"]', b'[1, 2, [["z", 1]]]', b'[1, 2, [["a", "gs", 1]]]', b"{}"):
        with pytest.raises(ValueError):
            formcache.unpack(foreign)


def test_an_entry_that_is_no_recipe_is_read_again(tmp_path: Path, work: Work) -> None:
    formcache.clear()
    with cache.session(tmp_path / "cache"):
        cache.cached_bytes("form", (code_digest(), ZEBRA), lambda: b'{"not": "a recipe"}')
        found = formcache.picture(ZEBRA)
    assert found == svgpdf.read(ZEBRA) and found is not None
    assert work.take()[0] == 1


def test_an_svg_svgpdf_does_not_read_is_kept_as_such_and_drawn_by_svglib(
        tmp_path: Path, work: Work) -> None:
    formcache.clear()
    pdfcanvas.parsed_svg.cache_clear()
    with cache.session(tmp_path / "cache"):
        first = _document(STYLED)
    assert work.take()[0] == 2  # tried by svgpdf, then read by svglib
    formcache.clear()
    pdfcanvas.parsed_svg.cache_clear()
    with cache.session(tmp_path / "cache") as store:
        again = _document(STYLED)
        assert store is not None and store.counts.by_step["form"] == [1, 0]
    assert work.take()[0] == 1  # straight to svglib: svgpdf is not tried again
    assert first == again
    assert any(b"0 0 1 rg" in stream for stream in _streams(first))


def _text_streams(data: bytes) -> list[bytes]:
    """The streams of a PDF that set text, in order."""
    return [stream for stream in _streams(data) if b" Tj" in stream]


def _streams(data: bytes) -> list[bytes]:
    """Every stream of a PDF written by printkit, inflated, in order."""
    found = []
    for match in re.finditer(rb"\bstream\r?\n(.*?)endstream", data, re.S):
        try:  # the line end before endstream is left over, past the compressed data
            found.append(zlib.decompressobj().decompress(match.group(1)))
        except zlib.error:
            found.append(match.group(1))
    return found


def test_every_writer_replays_its_forms_from_the_cache_to_the_same_bytes(
        tmp_path: Path, work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    """toy-nim's cards, tuck box and booklet (its diagrams show the cards) written again with
    every form taken from the recipes an earlier build kept: nothing is read, and every
    file is the one a build without the cache writes."""
    _build(Path("toy-nim"), tmp_path / "first")
    assert work.take()[0] > 0
    monkeypatch.setattr(kit_build, "cached_files",
                        lambda step, key, out, progress, write: write(out, progress))
    monkeypatch.setattr(pdfrecipe, "find", lambda key: None)  # the booklet laid out again
    replayed = _build(Path("toy-nim"), tmp_path / "replayed")
    converted, pages = work.take()
    assert converted == 0 and pages > 0
    bare = _build(Path("toy-nim"), tmp_path / "bare", use_cache=False)
    # with the cache, the booklet's recorded pages are replayed once more to check them
    booklet_pages = len(pypdfium2.PdfDocument(replayed["booklet.pdf"]))
    assert work.take()[1] + booklet_pages == pages
    assert replayed == bare
    assert {"cards.pdf", "tuckbox.pdf", "booklet.pdf"} <= set(replayed)
