"""PDF pages as PNG images, for print services and online tables that want pictures.

The rasteriser is PDFium (the ``pypdfium2`` wheel: no system library), chosen by
``bench/raster_bench.py`` over resvg: it draws exactly what the PDF holds (the same
embedded fonts, the same vector art) and was several times faster per card.  Artwork is
therefore first put in a PDF the way the print files hold it (:func:`artwork_pdf`, through
the same SVG-to-PDF step as every printed sheet), so a PNG shows what would print.  PNGs
are written with fixed settings and no metadata, so the same PDF gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence

import pypdfium2
from PIL import Image, PngImagePlugin

from printkit.pdf.pdfcanvas import FormLibrary, new_canvas
from printkit.units import POINTS_PER_INCH


def pixels(length: float, dpi: float) -> int:
    """How many pixels PDFium gives ``length`` points at ``dpi`` (it rounds up)."""
    return math.ceil(length * dpi / POINTS_PER_INCH - 1e-9)


def artwork_pdf(svgs: Sequence[str], *, title: str) -> bytes:
    """A PDF with each SVG on a page of its own, the page exactly the drawing's size (so a
    face drawn with bleed fills its page, bleed included)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (72, 72), title=title, subject="artwork, one per page")
    forms = FormLibrary(canvas)
    for index, svg in enumerate(svgs):
        form = forms.form(str(index), svg)  # stored apart from the page, so the page
        canvas.setPageSize((form.width, form.height))  # can still take the form's size
        forms.place(form, 0, 0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


BANDED = 16_000_000
"""Pictures of more pixels than this are drawn a band of rows at a time: PDFium's bitmap,
Pillow's copy of it and the converted image take 11 bytes a pixel together (1.7 GB for the
whole large-15 board at 300 dpi, 146 million pixels), and an export holds its files, up to
the output limit, beside them (see also :mod:`printkit.export.pngstream`)."""
BAND = 4_000_000
"""Pixels in one band."""


def page_images(pdf: bytes, dpi: float, pages: Sequence[int] | None = None
                ) -> Iterator[Image.Image]:
    """Each page of ``pdf`` (or the listed 0-based ``pages``) as an RGB image at ``dpi``."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in (range(len(document)) if pages is None else pages):
            page = document[index]
            try:
                yield _page_image(page, dpi / POINTS_PER_INCH)
            finally:
                page.close()
    finally:
        document.close()


def _page_image(page: pypdfium2.PdfPage, scale: float) -> Image.Image:
    """One page as an RGB image, drawn whole or, when large, in bands of rows (a few
    pixels differ by some levels from a whole drawing's: PDFium rounds the edges of shapes
    and letters drawn at another offset a little differently; 5,850 of the 33.5 million of
    the Stars and Stripes board at 300 dpi, by 9 levels at most)."""
    width = math.ceil(page.get_width() * scale)
    height = math.ceil(page.get_height() * scale)
    if width * height <= BANDED:
        whole: Image.Image = page.render(scale=scale, may_draw_forms=False).to_pil()
        return whole.convert("RGB")
    image = Image.new("RGB", (width, height))
    top = 0
    for band in bands(page, scale, width, height):
        image.paste(band, (0, top))
        top += band.height
    return image


def bands(page: pypdfium2.PdfPage, scale: float, width: int, height: int
          ) -> Iterator[Image.Image]:
    """``page`` (``width`` x ``height`` pixels at ``scale``) drawn as RGB images of
    :data:`BAND` pixels or so, from the top down."""
    rows = max(1, BAND // width)
    for top in range(0, height, rows):
        bottom = min(height, top + rows)
        # PDFium rounds each crop up to whole pixels: half a pixel less lands on the row
        crop = (0, (height - bottom - 0.5) / scale if bottom < height else 0,
                0, (top - 0.5) / scale if top else 0)
        band: Image.Image = page.render(scale=scale, crop=crop, may_draw_forms=False).to_pil()
        yield band


def fitted_images(pdf: bytes, size: tuple[int, int], pages: Sequence[int] | None = None
                  ) -> Iterator[Image.Image]:
    """Each page of ``pdf`` (or the listed ``pages``) as an RGB image of exactly ``size``
    pixels (a card sheet's cell): drawn at the scale that fills the width, then stretched
    by at most a pixel where PDFium's rounding up leaves the height one off."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in (range(len(document)) if pages is None else pages):
            page = document[index]
            try:
                width, height = page.get_size()
                scale = min((size[0] - 0.01) / width, (size[1] - 0.01) / height)
                image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
            finally:
                page.close()
            yield image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)
    finally:
        document.close()


SRGB_CHUNKS: tuple[tuple[bytes, bytes], ...] = (
    (b"sRGB", bytes([0])),  # perceptual rendering intent
    (b"gAMA", (45455).to_bytes(4, "big")),  # 1 / 2.2, for readers that know no sRGB
    (b"cHRM", b"".join(value.to_bytes(4, "big") for value in (
        31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))),  # D65 and the sRGB primaries
)
"""The chunks that say the pixels are sRGB: the sRGB chunk, with the gAMA and cHRM values
the PNG specification (section 11.3.2.5) asks a writer of sRGB to add beside it."""


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes, always the same for the same pixels (no text, no
    timestamp, fixed compression), marked as sRGB and, given ``dpi``, with a pHYs chunk
    so that a print service or viewer reads the intended size."""
    info = PngImagePlugin.PngInfo()
    for name, data in SRGB_CHUNKS:
        info.add(name, data)
    extra: dict[str, object] = {} if dpi is None else {"dpi": (dpi, dpi)}
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6, pnginfo=info, **extra)
    return out.getvalue()


def page_pngs(pdf: bytes, dpi: float, pages: Sequence[int] | None = None) -> list[bytes]:
    """Each page of ``pdf`` (or the listed ``pages``) as PNG bytes at ``dpi``."""
    return [png_bytes(image) for image in page_images(pdf, dpi, pages)]
