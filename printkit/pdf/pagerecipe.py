"""Pages kept as recipes: what a laid-out page wrote, replayed later without laying it out.

A page of a PDF written by reportlab is a list of operators, but its text is not plain: a
TrueType font is embedded as subsets whose character codes are given in the order the
document first uses each character, so the same words take other codes in a document whose
card faces (forms) say other words.  A :class:`RecordingCanvas` therefore writes every
piece of text a page sets as a marker, and notes, in the order they happen, what gives the
document its numbering: each piece of text (its font, size, leading and words), each card
face stored as a form (by its key), each bookmark and outline entry, and each page's
operators.  :func:`replay` does the same things in the same order on a new canvas: the text
is encoded by reportlab's own text object at that moment and the faces are drawn from what
they are now, so a document whose faces changed while its layout did not gets the bytes a
fresh layout would give it, without the layout.

What the recorder does not know how to replay (text in a font without subsets, text
encoded outside a text object, a form it was not told of, page resources such as opacity,
annotations or images) makes the recording unusable (:attr:`Recording.spoilt`); the
caller then keeps nothing.  A caller also replays a fresh recording once and keeps it only
if that gives the same bytes as the layout did.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printkit.pdf.pdfcanvas import BinaryCanvas

OPEN, CLOSE = "\ue000", "\ue001"
"""Around a marker's number in a recorded page (private-use characters: the operators
reportlab writes hold only numbers, names and Latin-1 string bytes)."""

Event = list[Any]
"""One step of a recording, as JSON:

- ``["t", object, fresh, font, size, leading, words]``: a piece of text;
- ``["f", key, width, height]``: a form stored;
- ``["b", key]``: a bookmark on the current page;
- ``["v", feature]``: the page uses a feature of a later PDF version;
- ``["o", title, key, level, closed]``: an outline entry;
- ``["p", code, forms]``: the page ends: its operators (markers numbered within the page)
  and the forms it uses."""


class Stale(Exception):
    """A recording that cannot be replayed as things now are (a face of another size)."""


@dataclass
class Recording:
    """What a :class:`RecordingCanvas` noted, page by page."""

    pages: list[list[Event]] = field(default_factory=list)
    current: list[Event] = field(default_factory=list)
    spoilt: str = ""
    """Why the recording cannot be replayed (empty: it can)."""
    storing: int = 0
    """How deep inside a form store the canvas is (text there belongs to the form)."""
    real: dict[int, str] = field(default_factory=dict)
    """Marker number -> the operators reportlab wrote for it in this document (the markers
    of the current page, numbered from 0)."""
    objects: dict[int, int] = field(default_factory=dict)
    """Text object (by identity) -> its number on the current page."""

    def spoil(self, why: str) -> None:
        self.spoilt = self.spoilt or why


class _RecordingText(PDFTextObject):  # type: ignore[misc]  # reportlab has no type hints
    """A text object whose words go onto the page as markers."""

    def _formatText(self, text: str) -> str:
        canvas: RecordingCanvas = self._canvas
        record = canvas.pk_recording
        if canvas._formData is not None or record.storing:
            return str(super()._formatText(text))  # in a form: the form holds it
        font = pdfmetrics.getFont(self._fontname)
        if not font._dynamicFont or isinstance(text, ShapedStr):
            record.spoil(f"text in {self._fontname}, a font without subsets or shaped")
            return str(super()._formatText(text))
        fresh = self._curSubset == -1
        obj = record.objects.setdefault(id(self), len(record.objects))
        number = len(record.real)
        canvas.pk_inside += 1
        try:
            record.real[number] = str(super()._formatText(text))
        finally:
            canvas.pk_inside -= 1
        record.current.append(["t", obj, fresh, self._fontname, self._fontsize,
                               self._leading, str(text)])
        return f"{OPEN}{number}{CLOSE}"


class RecordingCanvas(BinaryCanvas):
    """A canvas that writes its document as usual and notes a :class:`Recording` of it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pk_recording = Recording()
        self.pk_inside = 0
        """Inside the recorder's own text encoding (not text encoded behind its back)."""
        _WATCHED.set(self)
        doc, ensure = self._doc, self._doc.ensureMinPdfVersion
        noted: set[str] = set()

        def ensure_noted(*keys: str) -> None:  # a page's colour with alpha asks for PDF 1.4
            if not self.pk_recording.storing and self._formData is None:
                for key in set(keys) - noted:
                    noted.add(key)
                    self.pk_recording.current.append(["v", key])
            ensure(*keys)
        doc.ensureMinPdfVersion = ensure_noted

    def beginText(self, x: float = 0, y: float = 0, direction: str | None = None
                  ) -> PDFTextObject:
        return _RecordingText(self, x, y, direction=direction)

    def bookmarkPage(self, key: str, **options: Any) -> Any:
        if options:
            self.pk_recording.spoil("a bookmark with a view")
        self.pk_recording.current.append(["b", key])
        return super().bookmarkPage(key, **options)

    def addOutlineEntry(self, title: str, key: str, level: int = 0,
                        closed: bool | None = None) -> None:
        self.pk_recording.current.append(["o", title, key, level, closed])
        super().addOutlineEntry(title, key, level=level, closed=closed)

    def beginForm(self, *args: Any, **kwargs: Any) -> None:
        if not self.pk_recording.storing:
            self.pk_recording.spoil("a form stored without its key")
        super().beginForm(*args, **kwargs)

    def showPage(self) -> None:
        record = self.pk_recording
        if (self._extgstate._c or self._annotationrefs or self._colorsUsed
                or self._shadingUsed or self._psCommandsBeforePage
                or self._psCommandsAfterPage or self._cropMarks):
            record.spoil("page resources the recorder does not replay")
        record.current.append(["p", list(self._code), list(self._formsinuse)])
        self._code[:] = [_filled(item, record.real.__getitem__) for item in self._code]
        record.pages.append(record.current)
        record.current = []
        record.real.clear()
        record.objects.clear()
        super().showPage()

    @contextmanager
    def storing_form(self, key: str, size: Callable[[], tuple[float, float]]
                     ) -> Iterator[None]:
        """Note that the form ``key`` is stored here (its size asked for after)."""
        event: Event = ["f", key, 0.0, 0.0]
        self.pk_recording.current.append(event)
        self.pk_recording.storing += 1
        try:
            yield
        finally:
            self.pk_recording.storing -= 1
        event[2], event[3] = size()


def _filled(item: str, text: Callable[[int], str]) -> str:
    """``item`` with each marker replaced by ``text`` of its number."""
    if OPEN not in item:
        return item
    parts = item.split(OPEN)
    out = [parts[0]]
    for part in parts[1:]:
        number, _, rest = part.partition(CLOSE)
        out.append(text(int(number)))
        out.append(rest)
    return "".join(out)


_WATCHED: ContextVar[RecordingCanvas | None] = ContextVar("printkit_recorded_canvas",
                                                         default=None)
"""The canvas being recorded in this thread (see :func:`recording`)."""
_PATCHED: list[bool] = []


@contextmanager
def recording() -> Iterator[None]:
    """Watch each :class:`RecordingCanvas` made inside the block: text encoded into its
    pages other than through its text objects (a writer's ready-made operators, which would
    keep this document's codes) spoils its recording.  The first call wraps reportlab's
    TrueType ``splitString`` for the process; outside a block the wrapper only passes on."""
    if not _PATCHED:
        _PATCHED.append(True)
        original = TTFont.splitString

        def split(font: TTFont, text: str, doc: Any) -> Any:
            canvas = _WATCHED.get()
            if (canvas is not None and doc is canvas._doc and not canvas.pk_inside
                    and canvas._formData is None and not canvas.pk_recording.storing):
                canvas.pk_recording.spoil("text encoded outside a text object")
            return original(font, text, doc)

        TTFont.splitString = split
    token = _WATCHED.set(None)
    try:
        yield
    finally:
        _WATCHED.reset(token)


FormMaker = Callable[[Canvas, str], tuple[float, float]]
"""Stores the form of a face key in a canvas the way the recorded document did; answers the
form's width and height."""


def replay(pages: list[list[Event]], canvas: Canvas, store: FormMaker) -> None:
    """Do on ``canvas`` what the recorded ``pages`` did (the caller saves it).  Raises
    :class:`Stale` when a form's size is not the recorded one."""
    for events in pages:
        texts: list[str] = []
        objects: dict[int, PDFTextObject] = {}
        for event in events:
            tag = event[0]
            if tag == "t":
                _, obj, fresh, font, size, leading, words = event
                text = objects.get(obj)
                if text is None:
                    text = objects[obj] = PDFTextObject(canvas)
                text._fontname, text._fontsize, text._leading = font, size, leading
                if fresh:
                    text._curSubset = -1
                texts.append(str(text._formatText(words)))
            elif tag == "f":
                if tuple(store(canvas, event[1])) != (event[2], event[3]):
                    raise Stale(f"the form {event[1]} changed size")
            elif tag == "b":
                canvas.bookmarkPage(event[1])
            elif tag == "v":
                canvas._doc.ensureMinPdfVersion(event[1])
            elif tag == "o":
                _, title, key, level, closed = event
                canvas.addOutlineEntry(title, key, level=level, closed=closed)
            else:
                _, code, forms = event
                canvas._code[:] = [_filled(item, texts.__getitem__) for item in code]
                canvas._formsinuse[:] = forms
                canvas.showPage()


def pack(pages: list[list[Event]]) -> list[bytes]:
    """Each page's events as JSON bytes (a page is kept in the cache on its own)."""
    return [json.dumps(events, ensure_ascii=True, separators=(",", ":")).encode()
            for events in pages]


def unpack(page: bytes) -> list[Event]:
    """The events :func:`pack` wrote for one page; raises ``ValueError`` on anything else."""
    events = json.loads(page)
    if not isinstance(events, list) or not all(
            isinstance(event, list) and event and event[0] in "tfbvop" for event in events):
        raise ValueError("not a page recipe")
    return events
