"""Saddle-stitch imposition as plain arithmetic: which pages share a side of which sheet.

A booklet of N pages (N padded with blank pages to a multiple of 4) is printed on N/4 sheets,
two pages on each side.  Each side pairs page p with page N + 1 - p, the odd one of the pair
to the right, so that the sheets, stacked in order, folded once and stapled on the fold,
read 1, 2, 3 ... N.  With 8 pages: sheet 1 carries 8|1 and 2|7, sheet 2 carries 6|3 and 4|5.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.pdf.paper import PAPERS, Paper
from printkit.units import MM


@dataclass(frozen=True)
class SheetSide:
    """One side of one sheet: the pages on its left and right halves (1-based)."""

    sheet: int
    front: bool
    left: int
    right: int


def padded_count(pages: int) -> int:
    """``pages`` rounded up to a multiple of 4 (at least 4)."""
    if pages < 0:
        raise ValueError(f"a booklet cannot have {pages} pages")
    return max(4, -(-pages // 4) * 4)


def saddle_stitch(pages: int) -> tuple[SheetSide, ...]:
    """Every sheet side in printing order (sheet 1 front, sheet 1 back, sheet 2 front...).

    Page numbers above ``pages`` are the blank padding pages.

    >>> [(s.left, s.right) for s in saddle_stitch(8)]
    [(8, 1), (2, 7), (6, 3), (4, 5)]
    """
    n = padded_count(pages)
    sides = []
    for sheet in range(n // 4):
        outer = 2 * sheet
        sides.append(SheetSide(sheet + 1, True, n - outer, outer + 1))
        sides.append(SheetSide(sheet + 1, False, outer + 2, n - outer - 1))
    return tuple(sides)


A5 = Paper("A5", 148 * MM, 210 * MM)
HALF_LETTER = Paper("half letter", 5.5 * 72, 8.5 * 72)


def booklet_page(paper: Paper) -> Paper:
    """The page size of a booklet folded from ``paper``: A5 from A4, half letter from Letter,
    otherwise half the sheet."""
    if paper == PAPERS["a4"]:
        return A5
    if paper == PAPERS["letter"]:
        return HALF_LETTER
    width, height = sorted((paper.width, paper.height))
    return Paper(f"half {paper.name}", round(height / 2, 3), round(width, 3))


@dataclass(frozen=True)
class Slot:
    """Where a page's lower-left corner goes on a sheet side (points)."""

    x: float
    y: float


def slots(page: Paper, sheet: Paper) -> tuple[Slot, Slot]:
    """The left and right page positions on a landscape ``sheet``, meeting at the fold."""
    if 2 * page.width > sheet.width + 0.01 or page.height > sheet.height + 0.01:
        raise ValueError(f"two {page.name} pages do not fit side by side on {sheet.name}")
    fold = sheet.width / 2
    y = (sheet.height - page.height) / 2
    return Slot(fold - page.width, y), Slot(fold, y)
