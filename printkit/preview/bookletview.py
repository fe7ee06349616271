"""The booklet in the preview: the pages of the very PDF a build writes, as pictures.

A browser sets HTML in its own way: the booklet's HTML breaks its lines and pages otherwise
than its PDF even in the same fonts, so the preview shows the reading-order PDF
(``booklet.pdf``) page by page, drawn by pdfium like the tuck box
(:func:`~printkit.preview.kitview.pdf_section`), and offers the HTML as a link.  The PDF is
made by the same call as in a build (:func:`~printkit.booklet.pdf.booklet_pdf` on the
booklet counted for the build's paper), so its bytes are a build's ``booklet.pdf``.  They
are kept in the rendering cache keyed by the booklet and the page (an unchanged booklet is
not made again); its pages are replayed from the rendering cache when only cards' looks changed
(:mod:`printkit.booklet.pdfrecipe`), and each page's image is kept by the key of its look,
so a rebuild draws again only the pages that show an edited card
(:mod:`printkit.preview.pageimages`).

Preparing a booklet (its template compiled, its examples replayed, its glyphs checked) is
the slowest part of a rebuild, so the preview does it after showing everything else
(:func:`printkit.preview.render.render_preview` hands it on as the preview's ``rest``).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit import cache
from printkit.booklet.document import Booklet
from printkit.booklet.files import for_paper
from printkit.booklet.html import booklet_html
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import PdfLayout, booklet_pdf
from printkit.cachekey import code_digest
from printkit.definition.fontstack import current_stack
from printkit.pdf.paper import Paper
from printkit.preview.kitview import Section, pdf_section

PDF_NAME = "booklet.pdf"
"""The file a build writes the reading-order booklet to, as the pictures are named."""


@dataclass(frozen=True)
class BookletView:
    """What the preview shows of a booklet."""

    section: Section
    """Every page of ``booklet.pdf``, drawn."""
    pdf: bytes
    html: str
    """The booklet as HTML (without the preview's fonts: :mod:`printkit.preview.render`
    adds them)."""


def booklet_view(booklet: Booklet, paper: Paper, source: str) -> BookletView:
    """The booklet as a build on ``paper`` prints it; ``source`` is where it was defined."""
    counted = for_paper(booklet, paper)
    page = booklet_page(paper)
    # keyed by the code too: a printkit that draws otherwise does not reuse the bytes
    data, keys = _unpack(cache.cached_bytes(
        "preview-booklet", (code_digest(), current_stack(), counted, page),
        lambda: _pack(booklet_pdf(counted, page))))
    section = pdf_section(f"{PDF_NAME}: the booklet", PDF_NAME, data, source, keys)
    return BookletView(section, data, booklet_html(counted, page))


def _pack(layout: PdfLayout) -> bytes:
    """The booklet's bytes after a line of its pages' keys."""
    return " ".join(layout.page_keys).encode() + b"\n" + layout.data


def _unpack(payload: bytes) -> tuple[bytes, tuple[str, ...]]:
    keys, _, data = payload.partition(b"\n")
    return data, tuple(keys.decode().split())
