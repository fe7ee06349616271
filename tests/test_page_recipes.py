"""The booklet's pages kept as recipes (printkit/pdf/pagerecipe.py,
printkit/booklet/pdfrecipe.py): a booklet whose cards changed their look but not its text is
replayed from the pages an earlier layout recorded, with only the changed faces drawn again,
and gives the bytes a fresh layout gives; anything the recorder cannot replay is laid out
afresh and nothing is kept."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate

from printkit import cache
from printkit.booklet import pdf as booklet_pdf_module
from printkit.booklet import pdfrecipe
from printkit.booklet.document import Booklet
from printkit.booklet.files import for_paper
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import PdfLayout, booklet_pdf
from printkit.cachekey import digest, digest_viewed
from printkit.definition.model import CardFace
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.pdf import formcache, pagerecipe, sheettext
from printkit.pdf.fonts import REGULAR, register_fonts
from printkit.pdf.pagerecipe import RecordingCanvas
from printkit.pdf.paper import Paper
from printkit.pdf.pdfcanvas import BinaryCanvas, store_form
from printkit.render.scene import CardShape, PictureShape
from tests.conftest import ROOT

SHIPPED = ("stars-and-stripes", "white-star", "i-vant-to-be-alone", "stars-and-bars",
           "star-battle")


def _booklet(name: str) -> tuple[Booklet, Paper]:
    kit = prepare_kit(resolve(name), BuildOptions())
    assert kit.booklet is not None
    return for_paper(kit.booklet, kit.plan.paper), booklet_page(kit.plan.paper)


def _fresh(booklet: Booklet, page: Paper) -> PdfLayout:
    with cache.session(enabled=False):
        return booklet_pdf(booklet, page)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_booklet_is_kept_page_by_page_and_replayed_to_the_same_bytes(
        name: str, tmp_path: Path) -> None:
    booklet, page = _booklet(name)
    with cache.session(tmp_path) as store:
        assert store is not None
        first = booklet_pdf(booklet, page)
        key = pdfrecipe.layout_key(booklet, page)
        assert key is not None
        kept = pdfrecipe.find(key)
        assert kept is not None, "the recording was not kept"
        assert len(kept[1]) == first.pages  # one recipe for each page
        again = booklet_pdf(booklet, page)
        assert store.counts.by_step[pdfrecipe.STEP] == [2, 1]  # the find above, the replay
    assert again == first == _fresh(booklet, page)


def test_a_card_that_changed_its_look_is_drawn_again_and_the_pages_replayed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stars and Stripes' booklet shows the Trump in its diagrams; its label edited, the
    layout's key is the same, the pages are replayed, and only the Trump's face is read."""
    definition = tmp_path / "stars-and-stripes.yaml"
    text = (ROOT / "decks" / "stars-and-stripes.yaml").read_text()
    assert text.count("label: TRUMP\n") == 1
    definition.write_text(text)
    booklet, page = _booklet(str(definition))
    definition.write_text(text.replace("label: TRUMP\n", "label: ZAGREB TRUMP\n"))
    edited, _ = _booklet(str(definition))
    assert pdfrecipe.layout_key(edited, page) == pdfrecipe.layout_key(booklet, page)
    laid_out: list[int] = []
    original = booklet_pdf_module._laid_out

    def counted(*args: Any) -> PdfLayout:
        laid_out.append(1)
        return original(*args)

    monkeypatch.setattr(booklet_pdf_module, "_laid_out", counted)
    with cache.session(tmp_path / "cache") as store:
        assert store is not None
        before = booklet_pdf(booklet, page)
        assert laid_out == [1]
        converted = formcache.CONVERTED
        after = booklet_pdf(edited, page)
        assert laid_out == [1]  # replayed, not laid out
        assert formcache.CONVERTED - converted == 1  # the Trump's face, and no other
        assert store.counts.by_step[pdfrecipe.STEP] == [1, 1]
    fresh = _fresh(edited, page)
    assert after == fresh
    assert after.data != before.data
    # the words are encoded in font subsets: compare the text the pages show
    assert "ZAGREB" not in _text_of(before.data)
    assert _text_of(after.data).count("ZAGREB TRUMP") >= 2


def _text_of(data: bytes) -> str:
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        return "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_a_text_edit_lays_the_booklet_out_again(tmp_path: Path) -> None:
    booklet, page = _booklet("stars-and-bars")
    retitled = dataclasses.replace(booklet, title="Stars and Bars, for the class")
    assert pdfrecipe.layout_key(retitled, page) != pdfrecipe.layout_key(booklet, page)
    with cache.session(tmp_path) as store:
        assert store is not None
        booklet_pdf(booklet, page)
        again = booklet_pdf(retitled, page)
        assert store.counts.by_step[pdfrecipe.STEP] == [0, 2]
    assert again == _fresh(retitled, page)


def _face(key: str, label: str) -> CardFace:
    return CardFace(key=key, group="cards", kind="plain", attributes=(("label", label),),
                    copies=1, deck=0, deck_mark="", options=None)


def test_the_layout_key_reads_which_card_a_diagram_shows_not_its_face() -> None:
    views = pdfrecipe.LAYOUT_VIEWS
    trump = CardShape(_face("trump", "TRUMP"), 1.0, 2.0, 30.0)
    relabelled = CardShape(_face("trump", "T"), 1.0, 2.0, 30.0)
    other = CardShape(_face("star", "TRUMP"), 1.0, 2.0, 30.0)
    moved = CardShape(_face("trump", "TRUMP"), 2.0, 2.0, 30.0)
    assert digest_viewed(views, trump) == digest_viewed(views, relabelled)
    assert digest_viewed(views, trump) != digest_viewed(views, other)
    assert digest_viewed(views, trump) != digest_viewed(views, moved)
    assert digest(trump) != digest(relabelled)  # an ordinary key reads the whole face
    drawn = PictureShape("board", "<svg/>", 0.0, 0.0, 10.0)
    redrawn = PictureShape("board", "<svg><rect/></svg>", 0.0, 0.0, 10.0)
    assert digest_viewed(views, drawn) == digest_viewed(views, redrawn)
    assert digest(drawn) != digest(redrawn)


FORM = ('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20" viewBox="0 0 60 20">'
        '<text x="2" y="14" font-family="Vera" font-size="10">{}</text></svg>')


def _document(canvasmaker: type[BinaryCanvas], face: str) -> tuple[bytes, BinaryCanvas]:
    """Two pages of paragraphs; the first stores a form whose words are ``face``."""
    register_fonts()
    buffer = io.BytesIO()
    made: list[BinaryCanvas] = []
    style = ParagraphStyle("body", parent=getSampleStyleSheet()["Normal"], fontName=REGULAR)

    def maker(*args: object, **kwargs: object) -> BinaryCanvas:
        made.append(canvasmaker(*args, **kwargs))
        return made[-1]

    def first_page(canvas: BinaryCanvas, _doc: object) -> None:
        _store(canvas, "face", face)
        canvas.bookmarkPage("top")
        canvas.addOutlineEntry("Top", "top")

    doc = SimpleDocTemplate(buffer, invariant=1, pageCompression=1)
    story = [Paragraph(f"Line {n}: quick brown foxes jump over lazy dogs", style)
             for n in range(70)]
    doc.build(story, onFirstPage=first_page, canvasmaker=maker)
    return buffer.getvalue(), made[-1]


def _store(canvas: BinaryCanvas, key: str, words: str) -> tuple[float, float]:
    if isinstance(canvas, RecordingCanvas):
        held: list[tuple[float, float]] = []
        with canvas.storing_form(key, lambda: held[0]):
            form = store_form(canvas, "f" + key, FORM.format(words))
            held.append((form.width, form.height))
    else:
        form = store_form(canvas, "f" + key, FORM.format(words))
    canvas.doForm("f" + key)
    return form.width, form.height


def _replayed(pages: list[list[pagerecipe.Event]], face: str) -> bytes:
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, invariant=1, pageCompression=1)
    canvas = doc._makeCanvas(canvasmaker=BinaryCanvas)

    def store(into: object, key: str) -> tuple[float, float]:
        assert isinstance(into, BinaryCanvas)
        form = store_form(into, "f" + key, FORM.format(face))
        return form.width, form.height

    pagerecipe.replay(pages, canvas, store)
    canvas.save()
    return buffer.getvalue()


def test_replayed_pages_encode_their_words_as_the_faces_now_number_them() -> None:
    """The form is stored before the paragraphs: its words decide the codes the pages'
    words take.  Recorded with one set of words, replayed with another, the pages' codes
    follow the new ones, as a fresh drawing's do."""
    with pagerecipe.recording():
        recorded, canvas = _document(RecordingCanvas, "abc")
    assert isinstance(canvas, RecordingCanvas)
    recording = canvas.pk_recording
    assert not recording.spoilt and len(recording.pages) == 2
    pages = [pagerecipe.unpack(page) for page in pagerecipe.pack(recording.pages)]
    assert _replayed(pages, "abc") == recorded == _document(BinaryCanvas, "abc")[0]
    fresh, _ = _document(BinaryCanvas, "zyxwvu")
    assert _replayed(pages, "zyxwvu") == fresh != recorded


def test_a_form_of_another_size_is_not_replayed() -> None:
    with pagerecipe.recording():
        _, canvas = _document(RecordingCanvas, "abc")
    assert isinstance(canvas, RecordingCanvas)
    target = BinaryCanvas(io.BytesIO(), invariant=1)
    with pytest.raises(pagerecipe.Stale):
        pagerecipe.replay(canvas.pk_recording.pages, target, lambda into, key: (1.0, 1.0))


def test_words_encoded_outside_a_text_object_spoil_the_recording() -> None:
    register_fonts()
    with pagerecipe.recording():
        canvas = RecordingCanvas(io.BytesIO(), invariant=1)
        canvas.setFont(REGULAR, 10)
        canvas.drawString(10, 10, "kept as a marker")
        assert _why(canvas) == ""
        canvas._code.append(sheettext.words_code(canvas, 10, 10, 30, "ready-made operators"))
        canvas.showPage()
    assert _why(canvas) == "text encoded outside a text object"


def _why(canvas: RecordingCanvas) -> str:
    return canvas.pk_recording.spoilt


def test_a_form_stored_without_its_key_spoils_the_recording() -> None:
    with pagerecipe.recording():
        canvas = RecordingCanvas(io.BytesIO(), invariant=1)
        store_form(canvas, "anonymous", FORM.format("abc"))
    assert canvas.pk_recording.spoilt == "a form stored without its key"


def test_a_spoilt_recording_is_not_kept(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    booklet, page = _booklet("i-vant-to-be-alone")
    show = RecordingCanvas.showPage

    def spoilt_show(self: RecordingCanvas) -> None:
        self.pk_recording.spoil("for the test")
        show(self)

    monkeypatch.setattr(RecordingCanvas, "showPage", spoilt_show)
    with cache.session(tmp_path) as store:
        assert store is not None
        laid_out = booklet_pdf(booklet, page)
        key = pdfrecipe.layout_key(booklet, page)
        assert key is not None and store.get(key) is None
    assert laid_out == _fresh(booklet, page)


def test_a_cover_line_in_two_faces_is_recorded_and_replayed(tmp_path: Path) -> None:
    """A title whose letters need a second face of the stack (Greek after Vera's Latin) is
    set run by run through one text object, which the recorder follows."""
    booklet, page = _booklet("stars-and-bars")
    title = "Stars and Bars: Αστέρια"
    mixed = dataclasses.replace(booklet, title=title,
                                cover=dataclasses.replace(booklet.cover, title=title))
    with cache.session(tmp_path) as store:
        assert store is not None
        first = booklet_pdf(mixed, page)
        key = pdfrecipe.layout_key(mixed, page)
        assert key is not None and pdfrecipe.find(key) is not None
        again = booklet_pdf(mixed, page)
    assert again == first == _fresh(mixed, page)
    assert title in _text_of(first.data)


def test_a_page_entry_that_is_not_what_its_name_says_is_dropped_and_kept_again(
        tmp_path: Path) -> None:
    """A page is kept under the digest of its recipe: an entry whose content does not match
    its name (written by something else, with a sound checksum) is not replayed, is removed,
    and the next layout keeps the page again."""
    booklet, page = _booklet("i-vant-to-be-alone")
    with cache.session(tmp_path) as store:
        assert store is not None
        first = booklet_pdf(booklet, page)
        key = pdfrecipe.layout_key(booklet, page)
        assert key is not None
        names = json.loads(store.get(key) or b"{}")["pages"]
        store.put(names[1], b'[["p", ["0 0 m"], []]]')  # a sound entry, another page
        assert pdfrecipe.find(key) is None
        assert store.get(names[1]) is None
        assert booklet_pdf(booklet, page) == first  # laid out again, and kept again
        assert pdfrecipe.find(key) is not None
        assert booklet_pdf(booklet, page) == first  # replayed
        # misses: the first layout, the forged page found, the layout after it
        assert store.counts.by_step[pdfrecipe.STEP] == [2, 3]
