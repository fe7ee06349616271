"""The label printed on every sheet: what it is, page n of N, and a scale bar.

A scale bar of known length lets the user check, with a ruler, that the sheet was printed
at 100%: a printer that "fits to page" makes cards the wrong size.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.layout.fonts import BOLD, REGULAR
from printkit.layout.geometry import Rect
from printkit.layout.pdfcanvas import saved
from printkit.units import MM

SCALE_BAR = 50 * MM
INK = (0.15, 0.15, 0.15)


def draw_label(canvas: Canvas, band: Rect, *, title: str, what: str, page: int,
               pages: int) -> None:
    """Write the label in ``band``; a tall band gets the label running up the page."""
    with saved(canvas):
        if band.h > band.w:  # runs up the left side, read by turning the sheet
            canvas.translate(band.x, band.y)
            canvas.rotate(90)
            length = band.h
        else:
            canvas.translate(band.x, band.top)
            length = band.w
        # local frame: x runs along the band; lines go at negative y, into the band
        _draw(canvas, length, title=title, what=what, page=page, pages=pages)


def _draw(canvas: Canvas, length: float, *, title: str, what: str,
          page: int, pages: int) -> None:
    r, g, b = INK
    canvas.setFillColorRGB(r, g, b)
    canvas.setStrokeColorRGB(r, g, b)
    line1 = -3.2 * MM
    line2 = -7.0 * MM
    canvas.setFont(BOLD, 8)
    canvas.drawString(0, line1, f"{title} \u2013 {what}")
    canvas.drawRightString(length, line1, f"page {page} of {pages}")
    canvas.setFont(REGULAR, 6.5)
    canvas.drawString(0, line2, "Print at 100% (actual size, no scaling). "
                      "The bar should measure 50 mm:")
    text_end = canvas.stringWidth("Print at 100% (actual size, no scaling). "
                                  "The bar should measure 50 mm:", REGULAR, 6.5)
    bar_x = min(length - SCALE_BAR, text_end + 3 * MM)
    bar_y = line2 - 0.4 * MM
    if bar_x < text_end + 1 * MM:  # a short band: the bar goes on a line of its own
        bar_x, bar_y = 0, line2 - 3.2 * MM
    canvas.setLineWidth(0.5)
    canvas.line(bar_x, bar_y, bar_x + SCALE_BAR, bar_y)
    for tick in range(6):
        x = bar_x + tick * 10 * MM
        height = 2.2 * MM if tick in (0, 5) else 1.2 * MM
        canvas.line(x, bar_y, x, bar_y + height)
    canvas.setFont(REGULAR, 5)
    canvas.drawCentredString(bar_x + SCALE_BAR / 2, bar_y + 0.8 * MM, "50 mm")
