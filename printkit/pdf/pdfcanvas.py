"""The one place that creates reportlab canvases and turns SVG faces into PDF forms.

Canvases are made with ``invariant=1`` so the same input gives byte-identical files, and
every unique SVG is stored once per document as a form XObject that each placement reuses.
A read SVG is also kept for the other documents of the same build (cut sheets, gutter
fold, print shop, booklet), and for later builds in the rendering cache
(:mod:`printkit.pdf.formcache`).

Streams are compressed but not ASCII85-encoded: reportlab's ASCII85 encoder is pure Python
(a third of a 900-page PDF's time) and only makes the file a quarter larger; every PDF
reader takes binary streams.  What is drawn the same way on page after page (a placement,
a line of text) is written as ready-made operator text (:func:`place_code`,
:func:`printkit.pdf.pdfops.text_code`) instead of through the canvas's general methods.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from printkit.pdf import formcache, rasterpdf, svgpdf, svgpictures
from printkit.pdf.fonts import REGULAR, register_fonts
from printkit.pdf.pdfops import number

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


class BinaryCanvas(Canvas):  # type: ignore[misc]  # reportlab has no type hints
    """A canvas whose page and form streams are written compressed and not ASCII85-encoded.

    reportlab reads its ``useA85`` setting when it writes the file, so the setting is off
    only while this canvas saves: an inline image drawn earlier was encoded while it was
    on, as reportlab's forms need (they cannot hold raw image bytes).
    """

    def save(self) -> None:
        """Write the document with binary streams."""
        before = rl_config.useA85
        rl_config.useA85 = 0
        try:
            super().save()
        finally:
            rl_config.useA85 = before


def new_canvas(target: io.BytesIO, size: tuple[float, float], *, title: str,
               subject: str = "") -> Canvas:
    """A deterministic canvas writing into ``target``."""
    register_fonts()
    canvas = BinaryCanvas(target, pagesize=size, invariant=1, pageCompression=1,
                          initialFontName=REGULAR)
    canvas.setTitle(title)
    canvas.setAuthor("printkit")
    canvas.setCreator("printkit")
    canvas.setProducer("printkit")
    if subject:
        canvas.setSubject(subject)
    return canvas


@dataclass(frozen=True)
class Form:
    """A parsed SVG stored once in the PDF; ``width`` and ``height`` in points."""

    name: str
    width: float
    height: float


@functools.lru_cache(maxsize=1024)
def parsed_svg(svg: str) -> Drawing:
    """``svg`` read by svglib, once per distinct text in this process (drawings are not
    changed by drawing them, so one serves every document).  Its PNG and JPEG images are
    lifted out first (:mod:`printkit.pdf.rasterpdf`): the drawing refers to them."""
    register_fonts()
    formcache.counted_conversion()
    drawing = rasterpdf.read_svg(svg)
    if drawing is None:  # svglib reports parse failures this way
        raise ValueError("could not read an SVG drawing")
    return drawing


def store_form(canvas: Canvas, name: str, svg: str,
               bounds: tuple[float, float, float, float] | None = None) -> Form:
    """Store ``svg`` in ``canvas``'s document as the form ``name``, transparency kept
    (clipped to ``bounds`` if given, else to the drawing's size).

    printkit's own SVG is turned into operators directly (:mod:`printkit.pdf.svgpdf`);
    anything that reader does not know goes through svglib.
    """
    svg, pictures = svgpictures.lift(svg)  # each SVG picture is then drawn once ...
    for ref in pictures:
        _picture_form(canvas, ref)
    svg, _ = rasterpdf.lift(svg)  # ... and each image stored once in the document
    picture = formcache.picture(svg)  # read once, then kept (in the cache too)
    if picture is not None:
        width, height = picture.width, picture.height
        canvas.beginForm(name, *(bounds or (0, 0, width, height)))
        svgpdf.draw(canvas, picture)
    else:
        drawing = parsed_svg(svg)  # with svglib, for what svgpdf cannot read
        width, height = float(drawing.width), float(drawing.height)
        canvas.beginForm(name, *(bounds or (0, 0, width, height)))
        rasterpdf.draw(drawing, canvas)
    canvas.endForm()
    _keep_transparency(canvas, name)
    return Form(name, width, height)


def _picture_form(canvas: Canvas, ref: svgpictures.PictureRef) -> None:
    """Store the SVG picture ``ref`` as a form of ``canvas``'s document unless it is there."""
    if canvas._doc.getXObjectName(ref.form_name) not in canvas._doc.idToObject:
        store_form(canvas, ref.form_name, svgpictures.picture_svg(ref),
                   svgpictures.bounds(ref))


class FormLibrary:
    """Stores each distinct SVG once per document and draws it as a reusable form."""

    def __init__(self, canvas: Canvas, prefix: str = "pk") -> None:
        self.canvas = canvas
        self.prefix = prefix
        self._forms: dict[str, Form] = {}

    def form(self, key: str, svg: str) -> Form:
        """The form for ``svg`` (stored under ``key`` the first time it is seen)."""
        found = self._forms.get(key)
        if found is None:
            found = self._forms[key] = store_form(self.canvas, f"{self.prefix}"
                                                  f"{len(self._forms)}", svg)
        return found

    def place(self, form: Form, x: float, y: float) -> None:
        """Draw ``form`` with its lower-left corner at (x, y)."""
        place_code(self.canvas, form.name, x, y)


def place_code(canvas: Canvas, name: str, x: float, y: float) -> None:
    """Draw the form ``name`` with its origin at (x, y): what ``translate`` and ``doForm``
    inside ``saveState`` write, without the canvas's bookkeeping for each call."""
    canvas._code.append(f"q 1 0 0 1 {number(x)} {number(y)} cm "
                        f"/{canvas._doc.getXObjectName(name)} Do Q")
    canvas._formsinuse.append(name)


def _keep_transparency(canvas: Canvas, name: str) -> None:
    """Give the form ``name`` the graphics states (opacity) its drawing used.

    reportlab writes a form's resources without the ExtGState entries the drawing set
    (fill-opacity, stroke-opacity), so viewers report an unknown graphics state and paint
    the shape solid: a pattern meant at 28% printed as solid white.  The form object knows
    the states it used; they are put into its own resource dictionary here.
    """
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    states = getattr(form, "ExtGState", None)
    if not states:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    resources.ExtGState = states
    if getattr(form, "XObjects", None):
        resources.XObject = form.XObjects
    form.Resources = resources


@contextmanager
def saved(canvas: Canvas) -> Iterator[Canvas]:
    """``saveState`` / ``restoreState`` around a block."""
    canvas.saveState()
    try:
        yield canvas
    finally:
        canvas.restoreState()


def clear_caches() -> None:
    """Forget every SVG read in this process (the bench measures a fresh process's work)."""
    parsed_svg.cache_clear()
    formcache.clear()
    rasterpdf.clear()
    svgpictures.clear()
