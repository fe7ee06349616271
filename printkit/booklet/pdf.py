"""The booklet in reading order: A5 (or half-letter) pages written with reportlab platypus.

Page 1 is the cover and the last page the back cover; every page between carries its
number.  The page count is made a multiple of four for folding: the blank pages this may
need are *Notes* pages put before the back cover, so the back cover stays on the outside.
Every section heading becomes an entry of the PDF's outline (its bookmarks), and the
table of contents prints the page each section starts on: the booklet is laid out once to
learn those pages and again with them filled in (the contents' lines take the same room
either way, and a heading on the back cover is moved by the Notes pages the first layout
shows are needed, so the second layout matches the first; a third is made if it did not).

The back cover's text (a quick reference) is set a size or two smaller when it does not
fit there, and follows the body when it fits at no size (small pages: A6 from A5 paper).

The layout also records which block starts each page, so the HTML booklet can break its
pages at the same places.  The document is built with ``invariant=1``: the same booklet
gives the same bytes.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)
from reportlab.platypus.doctemplate import LayoutError

from printkit import cache
from printkit.booklet import pdfrecipe, typeface
from printkit.booklet.document import BackCover, Block, Booklet, Heading
from printkit.booklet.pagesize import check_page, too_small
from printkit.booklet.pdfblocks import MUTED, Styles, Writer, first_drawn, outline
from printkit.booklet.pdfcover import (
    BACK_BAND,
    back_picture_height,
    draw_back_cover,
    draw_cover,
    draw_notes,
)
from printkit.booklet.pdffloat import float_example
from printkit.booklet.pdfflow import BREAK, Placed, drawn_order, kind_of
from printkit.booklet.pdfscene import FaceForms
from printkit.definition.fontstack import FontStack
from printkit.pdf import pagerecipe
from printkit.pdf.fonts import register_fonts
from printkit.pdf.pagerecipe import RecordingCanvas
from printkit.pdf.paper import Paper
from printkit.pdf.pdfcanvas import BinaryCanvas
from printkit.units import MM

MARGIN_SIDE = 14 * MM
MARGIN_TOP = 12 * MM
MARGIN_BOTTOM = 15 * MM
LAYOUTS = 3
"""Most layouts made to settle the contents' page numbers."""
BACK_SIZES = (10.0, 9.0, 8.0)
"""Text sizes of the back cover's boxed notes, tried in turn until its text fits there
(read across the table, so larger than in the body); text that fits at none of them is
printed after the body instead, on pages of its own."""


@dataclass
class PageRecord:
    """What one layout of the booklet learnt about its pages."""

    headings: dict[str, int] = field(default_factory=dict)
    """Heading key -> page it is printed on."""
    first_on_page: dict[int, int | None] = field(default_factory=dict)
    """Page -> index of the block whose start is the first thing on it (None: the page
    starts with the rest of a block begun on the page before)."""
    last_body_page: int = 0
    total: int = 0
    diagram_widths: dict[str, float] = field(default_factory=dict)
    """Diagram ident -> the width it is drawn at (points)."""
    placed: list[Placed] = field(default_factory=list)
    """Every flowable drawn, in order (spacers and page changes left out, but for the
    page breaks the template asks for)."""


@dataclass(frozen=True)
class PdfLayout:
    """The reading-order PDF and where things fell in it."""

    data: bytes
    pages: int
    notes: int
    """Blank notes pages put before the back cover."""
    page_starts: frozenset[int]
    """Indices of the blocks that start a page (after the cover)."""
    headings: dict[str, int]
    back_in_body: bool = False
    """Whether the back cover's text was too long for it and ends the body instead."""
    placed: tuple[Placed, ...] = ()
    """What each page drew, in reading order (see :mod:`printkit.booklet.pdfflow`)."""
    last_body_page: int = 0
    """The page the body ends on (the Notes pages and the back cover follow it)."""
    frame: tuple[float, float] = (0.0, 0.0)
    """Lower and upper edge of a body page's text frame, in points from its foot."""
    order: tuple[int, ...] = ()
    """Every block's index in the order the pages drew them (see
    :func:`~printkit.booklet.pdfflow.drawn_order`), for the HTML to follow."""
    diagram_widths: dict[str, float] = field(default_factory=dict)
    """Diagram ident -> the width the body draws it at (points), for the HTML to follow."""
    page_keys: tuple[str, ...] = field(default=(), compare=False)
    """A key for the look of each page, when its pages were recorded or replayed
    (:func:`printkit.booklet.pdfrecipe.replayed`); empty otherwise."""


class _Document(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no type hints
    """A platypus document that records pages and writes the outline."""

    def __init__(self, buffer: io.BytesIO, record: PageRecord, **options: object) -> None:
        super().__init__(buffer, **options)
        self.record = record
        self.outline_level = -1
        self.block: int | None = None
        """The block being placed (to name it should it fit nowhere)."""

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        if flowables:
            if hasattr(self, "frame"):  # from the first page on; first, as it may reorder
                float_example(flowables, self.frame, self.canv)
            block = getattr(first_drawn(flowables[0]), "pk_block", None)
            self.block = block if block is not None else self.block
            if kind_of(flowables[0]) == BREAK:  # noted on the page it ends
                self.record.placed.append(Placed(int(self.page), BREAK, 0.0, self.block))
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable: Flowable) -> None:
        page = int(self.page)
        heading = getattr(flowable, "pk_heading", None)
        if heading is not None:
            key, level, text = heading
            self.record.headings.setdefault(key, page)
            level = min(level - 1, self.outline_level + 1)
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)
            self.outline_level = level
        if isinstance(flowable, (Spacer, PageBreak, ActionFlowable, _Mark)):
            return  # not content: page and frame changes, spacing
        block = getattr(flowable, "pk_block", None)
        self.record.first_on_page.setdefault(page, block)
        # the frame's cursor stands below the flowable and the space after it
        bottom = float(self.frame._y) + float(flowable.getSpaceAfter())
        self.record.placed.append(Placed(page, kind_of(flowable), bottom, self.block))


def _numbered(page: Paper, fonts: FontStack) -> object:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(typeface.font(fonts), 8)
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(page.width / 2, MARGIN_BOTTOM * 0.5, str(doc.page))
        canvas.restoreState()
    return draw


def _split(blocks: Sequence[Block]) -> tuple[Sequence[Block], Sequence[Block], int]:
    """The blocks before the back cover, those on it, and the index of the first of those."""
    for index, block in enumerate(blocks):
        if isinstance(block, BackCover):
            return blocks[:index], blocks[index + 1:], index + 1
    return blocks, (), len(blocks)


def _frames(page: Paper, booklet: Booklet) -> tuple[Frame, Frame]:
    """The frame of a body page and the frame of the back cover's text."""
    frame_w = page.width - 2 * MARGIN_SIDE
    frame_h = page.height - MARGIN_TOP - MARGIN_BOTTOM
    text = Frame(MARGIN_SIDE, MARGIN_BOTTOM, frame_w, frame_h, id="text", leftPadding=0,
                 rightPadding=0, topPadding=0, bottomPadding=0)
    foot = BACK_BAND + back_picture_height(page, booklet.cover)
    back = Frame(MARGIN_SIDE, foot, frame_w, max(0.0, page.height - MARGIN_TOP - foot),
                 id="back", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    return text, back


def _back_size(booklet: Booklet, page: Paper) -> float | None:
    """The size of the back cover's notes (the first of :data:`BACK_SIZES` at which its
    text fits on the back cover), or ``None`` if it fits at none: it then follows the
    body. Each size is tried by laying out the back cover's text alone."""
    _, back, first = _split(booklet.blocks)
    if not back:
        return BACK_SIZES[0]
    headings = outline(booklet.blocks)
    for size in BACK_SIZES:
        _, frame = _frames(page, booklet)  # a frame keeps what it holds: one each time
        trial = BaseDocTemplate(io.BytesIO(), pagesize=(page.width, page.height),
                                invariant=1, initialFontName=typeface.font(booklet.fonts))
        trial.addPageTemplates([PageTemplate("back", frames=[frame])])
        styles = Styles(booklet.cover.accent, notes=size, fonts=booklet.fonts)
        writer = Writer(styles, frame.width, frame.height,
                        FaceForms(), lambda key: "", headings)
        try:
            trial.build([Spacer(1, 1), *writer.flowables(back, first)],
                        canvasmaker=BinaryCanvas)
        except LayoutError:
            continue
        if int(trial.page) == 1:
            return size
    return None


def _options(booklet: Booklet, page: Paper) -> dict[str, object]:
    """The document's settings (a replayed layout's canvas is made with them too)."""
    return dict(
        pagesize=(page.width, page.height), invariant=1, pageCompression=1,
        title=booklet.title, author="printkit", creator="printkit", producer="printkit",
        subject="rules booklet, pages in reading order",
        initialFontName=typeface.font(booklet.fonts),
        leftMargin=MARGIN_SIDE, rightMargin=MARGIN_SIDE, topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM)


def _layout(booklet: Booklet, page: Paper, pages: dict[str, int], notes: int,
            record: PageRecord, back_size: float | None,
            canvasmaker: Callable[..., Canvas] = BinaryCanvas) -> bytes:
    """One layout of the booklet; what it learns goes into ``record``. The back cover's
    text is set with notes of ``back_size`` (``None``: after the body instead)."""
    styles = Styles(booklet.cover.accent, fonts=booklet.fonts)
    text, back_frame = _frames(page, booklet)
    frame_w, frame_h = text.width, text.height
    buffer = io.BytesIO()
    doc = _Document(buffer, record, **_options(booklet, page))
    forms = FaceForms()
    cover = booklet.cover
    body, back, back_start = _split(booklet.blocks)

    def on_cover(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        canvas.bookmarkPage("pk-cover")
        canvas.addOutlineEntry("Cover", "pk-cover", level=0)
        draw_cover(canvas, page, cover, forms, MARGIN_SIDE, booklet.fonts)

    def on_notes(canvas: Canvas, doc_: BaseDocTemplate) -> None:
        draw_notes(canvas, page, MARGIN_SIDE, MARGIN_TOP, MARGIN_BOTTOM + 6 * MM,
                   booklet.fonts)
        _numbered(page, booklet.fonts)(canvas, doc_)  # type: ignore[operator]

    on_cover_text = bool(back) and back_size is not None

    def on_back(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        if not on_cover_text or not any(isinstance(block, Heading) for block in back):
            canvas.bookmarkPage("pk-back")  # else the heading of its text is
            canvas.addOutlineEntry("Back cover", "pk-back", level=0)
        draw_back_cover(canvas, page, cover, forms, text=on_cover_text, fonts=booklet.fonts)

    doc.addPageTemplates([
        PageTemplate("cover", frames=[text], onPage=on_cover),
        PageTemplate("body", frames=[text], onPage=_numbered(page, booklet.fonts)),
        PageTemplate("notes", frames=[text], onPage=on_notes),
        PageTemplate("back", frames=[back_frame], onPage=on_back),
    ])
    headings = outline(booklet.blocks)
    writer = Writer(styles, frame_w, frame_h, forms, lambda key: str(pages.get(key, "")),
                    headings)
    story: list[Flowable] = [NextPageTemplate("body"), Spacer(1, 1), PageBreak()]
    story += writer.flowables(body)
    if back_size is None:
        story += writer.flowables(back, back_start)
    story.append(_Mark(record))
    for _ in range(notes):
        story += [NextPageTemplate("notes"), PageBreak(), Spacer(1, 1)]
    story += [NextPageTemplate("back"), PageBreak(), Spacer(1, 1)]
    if back_size is not None:
        back_styles = Styles(cover.accent, notes=back_size, fonts=booklet.fonts)
        story += Writer(back_styles, frame_w, back_frame.height,
                        forms, lambda key: "", headings).flowables(back, back_start)
    try:
        doc.build(story, canvasmaker=canvasmaker)
    except LayoutError:
        blocks = booklet.blocks
        raise too_small(page, blocks[doc.block] if doc.block is not None
                        and doc.block < len(blocks) else None) from None
    record.total = int(doc.page)
    record.diagram_widths = dict(writer.drawn)
    return buffer.getvalue()


class _Mark(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Takes no room; notes the page the body of the booklet ends on."""

    def __init__(self, record: PageRecord) -> None:
        super().__init__()
        self.record = record

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        self.record.last_body_page = int(self.canv.getPageNumber())


def _laid_out(booklet: Booklet, page: Paper, canvasmaker: Callable[..., Canvas]) -> PdfLayout:
    """The booklet laid out (as often as its contents' page numbers need)."""
    pages: dict[str, int] = {}
    notes = 0
    data = b""
    record = PageRecord()
    back_size = _back_size(booklet, page)
    for _ in range(LAYOUTS):
        record = PageRecord()
        data = _layout(booklet, page, pages, notes, record, back_size, canvasmaker)
        body = record.last_body_page
        wanted = (-(body + 1)) % 4  # the back cover ends a multiple of four
        if record.headings == pages and wanted == notes:
            break
        # the Notes pages go between the body and the back cover: a heading after the body
        # (on the back cover) moves by as many pages as they change, which saves a layout
        shift = wanted - notes
        pages = {key: number + shift if number > body else number
                 for key, number in record.headings.items()}
        notes = wanted
    total = record.total
    starts = frozenset(block for number, block in record.first_on_page.items()
                       if block is not None and number > 1)
    text, _ = _frames(page, booklet)
    return PdfLayout(data, total, notes, starts, dict(record.headings), back_size is None,
                     tuple(record.placed), record.last_body_page,
                     (float(text._y1), float(text._y2)),
                     drawn_order(len(booklet.blocks), record.placed),
                     dict(record.diagram_widths))


def booklet_pdf(booklet: Booklet, page: Paper) -> PdfLayout:
    """The reading-order PDF of ``booklet`` on pages of size ``page``: inside a cache
    session, replayed from the pages an earlier layout kept when only the cards' looks
    changed since (:mod:`printkit.booklet.pdfrecipe`)."""
    check_page(page)
    register_fonts()
    key = pdfrecipe.layout_key(booklet, page) if cache.active() is not None else None
    if key is None:
        return _laid_out(booklet, page, BinaryCanvas)
    kept = pdfrecipe.find(key)
    if kept is not None:
        learnt, pages, names = kept
        try:
            data, keys = pdfrecipe.replayed(pages, names, _canvas(booklet, page), booklet)
            return replace(_from_json(learnt, data), page_keys=keys)
        except (pagerecipe.Stale, KeyError, IndexError, TypeError, ValueError):
            pass  # laid out afresh below, and kept again
    made: list[RecordingCanvas] = []

    def recorded(*args: Any, **kwargs: Any) -> Canvas:
        made.append(RecordingCanvas(*args, **kwargs))
        return made[-1]

    with pagerecipe.recording(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        layout = _laid_out(booklet, page, recorded)
    for warned in caught:
        warnings.warn_explicit(warned.message, warned.category, warned.filename,
                               warned.lineno)
    recording = made[-1].pk_recording if made else None
    if caught or recording is None or recording.spoilt:
        return layout
    kept_pages = pdfrecipe.named(recording.pages)
    try:
        again, keys = pdfrecipe.replayed(recording.pages, [name for name, _ in kept_pages],
                                         _canvas(booklet, page), booklet)
    except pagerecipe.Stale:
        return layout
    if again != layout.data:
        return layout
    pdfrecipe.keep(key, _to_json(layout), kept_pages)
    return replace(layout, page_keys=keys)


def _canvas(booklet: Booklet, page: Paper) -> Canvas:
    """A canvas set up as the layout's document sets up its own."""
    doc = _Document(io.BytesIO(), PageRecord(), **_options(booklet, page))
    return doc._makeCanvas(canvasmaker=BinaryCanvas)


def _to_json(layout: PdfLayout) -> dict[str, Any]:
    """What the layout learnt, but its bytes, as JSON."""
    return {"pages": layout.pages, "notes": layout.notes,
            "page_starts": sorted(layout.page_starts), "headings": layout.headings,
            "back_in_body": layout.back_in_body,
            "placed": [[p.page, p.kind, p.bottom, p.block] for p in layout.placed],
            "last_body_page": layout.last_body_page, "frame": list(layout.frame),
            "order": list(layout.order), "diagram_widths": layout.diagram_widths}


def _from_json(learnt: dict[str, Any], data: bytes) -> PdfLayout:
    """The layout :func:`_to_json` wrote, with ``data`` as its bytes."""
    low, high = learnt["frame"]
    return PdfLayout(
        data, int(learnt["pages"]), int(learnt["notes"]),
        frozenset(int(n) for n in learnt["page_starts"]),
        {str(k): int(v) for k, v in learnt["headings"].items()}, bool(learnt["back_in_body"]),
        tuple(Placed(int(page), str(kind), float(bottom), None if block is None else int(block))
              for page, kind, bottom, block in learnt["placed"]),
        int(learnt["last_body_page"]), (float(low), float(high)),
        tuple(int(n) for n in learnt["order"]),
        {str(k): float(v) for k, v in learnt["diagram_widths"].items()})
