"""Pages of a PDF drawn as PNG images for the preview, each kept by a key of its look.

A PDF whose bytes did not change is drawn once (:func:`printkit.preview.kitview.pdf_pages`
keeps its images by its digest).  The booklet's PDF changes as a whole when one card's look
changes, yet most of its pages look the same: its layout gives each page a key of what it
draws (:attr:`printkit.booklet.pdf.PdfLayout.page_keys`), and only the pages whose key is new
are drawn again, the others taken from the images kept in this process.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Sequence

KEPT_PAGES = 512
"""Page images kept in this process (the least recently used forgotten first)."""
_KEPT: OrderedDict[tuple[str, int], bytes] = OrderedDict()
_LOCK = threading.Lock()
DRAWN = 0
"""Pages this process drew (tests count them)."""


def keyed_pages(data: bytes, keys: Sequence[str], dpi: int) -> list[bytes]:
    """The pages of the PDF ``data`` as PNG images at ``dpi``, page ``n`` kept under
    ``keys[n]``: only pages whose key was not seen before are drawn."""
    with _LOCK:
        found: list[bytes | None] = []
        for key in keys:
            png = _KEPT.get((key, dpi))
            if png is not None:
                _KEPT.move_to_end((key, dpi))
            found.append(png)
    missing = [index for index, png in enumerate(found) if png is None]
    if missing:
        drawn = draw_pages(data, dpi, missing)
        with _LOCK:
            for index, png in zip(missing, drawn, strict=True):
                found[index] = _KEPT[(keys[index], dpi)] = png
            while len(_KEPT) > KEPT_PAGES:
                _KEPT.popitem(last=False)
    return [png for png in found if png is not None]


def draw_pages(data: bytes, dpi: int, indices: Sequence[int] | None = None, *,
               first: int | None = None) -> list[bytes]:
    """The pages ``indices`` (from 0; every page, or the ``first`` N, when ``None``) of the
    PDF ``data`` drawn by pdfium as PNG images."""
    global DRAWN
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        if indices is None:
            indices = range(len(document) if first is None else min(first, len(document)))
        pages = [_png(document[index].render(scale=dpi / 72).to_pil()) for index in indices]
    finally:
        document.close()
    DRAWN += len(pages)
    return pages


def _png(image: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)  # type: ignore[attr-defined]
    return out.getvalue()


def clear() -> None:
    """Forget every page image kept (tests start afresh)."""
    with _LOCK:
        _KEPT.clear()
