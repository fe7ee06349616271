"""PDF pages as PNG images, for print services and online tables that want pictures.

The rasteriser is PDFium (the ``pypdfium2`` wheel: no system library), chosen by
``bench/raster_bench.py`` over resvg: it draws exactly what the PDF holds (the same
embedded fonts, the same vector art) and was several times faster per card.  PNGs are
written with fixed settings and no metadata, so the same PDF gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

import pypdfium2
from PIL import Image

POINTS_PER_INCH = 72.0


def page_images(pdf: bytes, dpi: float, pages: Sequence[int] | None = None
                ) -> Iterator[Image.Image]:
    """Each page of ``pdf`` (or the listed 0-based ``pages``) as an RGB image at ``dpi``."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in (range(len(document)) if pages is None else pages):
            page = document[index]
            try:
                bitmap = page.render(scale=dpi / POINTS_PER_INCH, may_draw_forms=False)
                yield bitmap.to_pil().convert("RGB")
            finally:
                page.close()
    finally:
        document.close()


def png_bytes(image: Image.Image) -> bytes:
    """``image`` as PNG bytes, always the same for the same pixels (no metadata, no
    timestamp, fixed compression)."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def page_pngs(pdf: bytes, dpi: float, pages: Sequence[int] | None = None) -> list[bytes]:
    """Each page of ``pdf`` (or the listed ``pages``) as PNG bytes at ``dpi``."""
    return [png_bytes(image) for image in page_images(pdf, dpi, pages)]
