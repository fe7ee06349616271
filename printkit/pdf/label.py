"""The label printed on every sheet: what it is, page n of N, and a scale bar, in the game's
font stack (:mod:`printkit.pdf.sheettext`).

A scale bar of known length lets the user check, with a ruler, that the sheet was printed
at 100%: a printer that "fits to page" makes cards the wrong size.

A document of hundreds of pages prints the same note and scale bar on each: they are
made into operator text once per band and document (:class:`PageLabels`), and each page
adds only its own two lines, what the sheet is and its page number.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.pdf.geometry import Rect
from printkit.pdf.pdfops import number, stroke_code
from printkit.pdf.sheettext import width, words_code
from printkit.units import MM

SCALE_BAR = 50 * MM
INK = (0.15, 0.15, 0.15)
NOTE = "Print at 100% (actual size, no scaling). The bar should measure 50 mm:"
NOTE_SIZE = 6.5
LINE1 = -3.2 * MM
LINE2 = -7.0 * MM
"""Baselines of the label's two lines, below the band's top edge."""


def label_text(title: str, what: str) -> str:
    """The label's first line: the game and what the sheet is, the game named once even when
    the sheet's own title names it too (``Stars and Bars score sheet``).

    >>> label_text("Stars and Bars", "board, sheet 2")
    'Stars and Bars \u2013 board, sheet 2'
    >>> label_text("Stars and Bars", "Stars and Bars score sheet")
    'Stars and Bars score sheet'
    """
    if title and title.casefold() in what.casefold():
        return what
    return f"{title} \u2013 {what}"


class PageLabels:
    """The page labels of one document."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._fixed: dict[Rect, tuple[str, float]] = {}

    def draw(self, band: Rect, *, title: str, what: str, page: int, pages: int) -> None:
        """Write the label in ``band``; a tall band gets the label running up the page."""
        fixed, length = self._fixed.get(band) or self._make(band)
        canvas = self.canvas
        canvas._code += [
            fixed,
            words_code(canvas, 8, 0, LINE1, label_text(title, what), bold=True),
            words_code(canvas, 8, length, LINE1, f"page {page} of {pages}", bold=True,
                       anchor="end"),
            "Q",
        ]

    def _make(self, band: Rect) -> tuple[str, float]:
        """The band's frame (left open, closed by :meth:`draw`), its note and scale bar."""
        if band.h > band.w:  # runs up the left side, read by turning the sheet
            frame = f"0 1 -1 0 {number(band.x)} {number(band.y)} cm"
            length = band.h
        else:
            frame = f"1 0 0 1 {number(band.x)} {number(band.top)} cm"
            length = band.w
        # local frame: x runs along the band; lines go at negative y, into the band
        canvas = self.canvas
        ink = " ".join(number(c) for c in INK)
        text_end = width(NOTE, NOTE_SIZE, bold=False)
        bar_x = min(length - SCALE_BAR, text_end + 3 * MM)
        bar_y = LINE2 - 0.4 * MM
        if bar_x < text_end + 1 * MM:  # a short band: the bar goes on a line of its own
            bar_x, bar_y = 0, LINE2 - 3.2 * MM
        ticks = [(bar_x + t * 10 * MM, bar_y, bar_x + t * 10 * MM,
                  bar_y + (2.2 if t in (0, 5) else 1.2) * MM) for t in range(6)]
        fixed = "\n".join([
            f"q {frame} {ink} rg {ink} RG",
            words_code(canvas, NOTE_SIZE, 0, LINE2, NOTE),
            # the bar and each tick a stroke of its own, as tools reading the page expect
            " ".join(stroke_code([segment], 0.5)
                     for segment in [(bar_x, bar_y, bar_x + SCALE_BAR, bar_y), *ticks]),
            words_code(canvas, 5, bar_x + SCALE_BAR / 2, bar_y + 0.8 * MM, "50 mm",
                       anchor="middle"),
        ])
        self._fixed[band] = (fixed, length)
        return fixed, length


def draw_label(canvas: Canvas, band: Rect, *, title: str, what: str, page: int,
               pages: int) -> None:
    """Write one label in ``band`` (for a document of a page or two; a longer one keeps a
    :class:`PageLabels`)."""
    PageLabels(canvas).draw(band, title=title, what=what, page=page, pages=pages)

