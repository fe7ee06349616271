"""A verified booklet's three files: the reading-order PDF, the imposed PDF and the HTML."""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.booklet.document import Booklet, Components
from printkit.booklet.html import booklet_html
from printkit.booklet.impose import booklet_page
from printkit.booklet.imposed import imposed_pdf
from printkit.booklet.pdf import booklet_pdf
from printkit.pdf.paper import Paper


@dataclass(frozen=True)
class BookletFiles:
    """The three outputs of a booklet."""

    pdf: bytes
    imposed: bytes
    html: str
    pages: int


def for_paper(booklet: Booklet, paper: Paper) -> Booklet:
    """``booklet`` with its components list counted on ``paper``, the paper the build prints
    its sheets on (a ``--paper letter`` build counts Letter sheets)."""
    blocks = tuple(block.recount(paper) if isinstance(block, Components) and block.recount
                   and block.paper != paper.name else block for block in booklet.blocks)
    return replace(booklet, blocks=blocks)


def booklet_files(booklet: Booklet, paper: Paper, duplex: str = "long") -> BookletFiles:
    """Write ``booklet`` for folding from ``paper`` (A4 gives A5 pages, Letter half-letter),
    imposed for turning the sheets over the edge ``duplex`` names."""
    booklet = for_paper(booklet, paper)
    page = booklet_page(paper)
    layout = booklet_pdf(booklet, page)
    sheet = paper.landscape() if paper.width < paper.height else paper
    imposed = imposed_pdf(layout.data, page=page, sheet=sheet, title=booklet.title,
                          duplex=duplex, fonts=booklet.fonts)
    return BookletFiles(layout.data, imposed, booklet_html(booklet, page, layout),
                        layout.pages)
