"""Score sheet and player aid PDFs: the table :mod:`printkit.pdf.tables` laid out, drawn
once per copy, with the page label and scale bar every sheet carries.

Headings are in the game's accent colour, shaded columns and totals in a light tint of it,
an example row in grey italics on grey, so the row a player copies is never mistaken for
one to fill in.  Rules are thin inside the table and heavier around it, under the
headings, over the totals and left of each running total.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printkit.definition.stackedfaces import runs_of
from printkit.pdf.label import PageLabels
from printkit.pdf.pdfcanvas import new_canvas, saved
from printkit.pdf.sheettext import runs_code
from printkit.pdf.tables import LEADING, TableCell, TablePage, Text

INK = (0.12, 0.12, 0.12)
RULE = (0.45, 0.45, 0.45)
THIN = 0.5
HEAVY = 1.3
EXAMPLE_FILL = (0.92, 0.92, 0.92)
EXAMPLE_INK = (0.38, 0.38, 0.38)


def _rgb(colour: str, towards_white: float = 0.0) -> tuple[float, float, float]:
    """``#rrggbb`` as reportlab channels, moved ``towards_white`` (0..1) to white."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    red, green, blue = (c + (1 - c) * towards_white for c in channels)
    return red, green, blue


def _words(canvas: Canvas, text: Text, ink: tuple[float, float, float]) -> None:
    canvas.setFillColorRGB(*ink)
    canvas.setFont(text.face.name, text.size)
    for index, line in enumerate(text.lines):
        y = text.y - index * text.size * LEADING
        parts = runs_of(text.face, line)
        if len(parts) > 1 or parts[0][1].name != text.face.name:  # a fallback font's letters
            x, anchor = {"center": (text.x + text.width / 2, "middle"),
                         "right": (text.x + text.width, "end")}.get(text.align,
                                                                    (text.x, "start"))
            canvas._code.append(runs_code(canvas, parts, text.size, x, y, anchor=anchor))
        elif text.align == "center":
            canvas.drawCentredString(text.x + text.width / 2, y, line)
        elif text.align == "right":
            canvas.drawRightString(text.x + text.width, y, line)
        else:
            canvas.drawString(text.x, y, line)


def _fill(cell: TableCell, accent: str) -> tuple[float, float, float] | None:
    if cell.row == "group":
        return _rgb(accent)
    if cell.row in ("head", "heading"):
        return _rgb(accent, 0.78)
    if cell.row == "example":
        return EXAMPLE_FILL
    if cell.row == "totals" or cell.shade:
        return _rgb(accent, 0.9)
    return None


def _ink(cell: TableCell, accent: str) -> tuple[float, float, float]:
    if cell.row == "group":
        return 1.0, 1.0, 1.0
    if cell.row in ("head", "heading"):
        return _rgb(accent) if sum(_rgb(accent)) < 1.5 else INK
    return EXAMPLE_INK if cell.row == "example" else INK


def _table(canvas: Canvas, page: TablePage, accent: str) -> None:
    for cell in page.cells:
        fill = _fill(cell, accent)
        if fill is not None:
            canvas.setFillColorRGB(*fill)
            canvas.rect(cell.box.x, cell.box.y, cell.box.w, cell.box.h, stroke=0, fill=1)
    with saved(canvas):
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(THIN)
        for cell in page.cells:
            canvas.rect(cell.box.x, cell.box.y, cell.box.w, cell.box.h, stroke=1, fill=0)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(HEAVY)
        table = page.table
        canvas.rect(table.x, table.y, table.w, table.h, stroke=1, fill=0)
        for y in page.heavy_rows:
            canvas.line(table.x, y, table.right, y)
        headings = sorted((c.box.y, c.box.top) for c in page.cells if c.row == "heading")
        for x in page.heavy_columns:  # down to the table's foot, stopping at heading rows
            top = page.heavy_rows[0]
            for low, high in reversed(headings):
                if high <= top + 1e-6:
                    canvas.line(x, high, x, top)
                    top = low
            canvas.line(x, table.y, x, top)
    for cell in page.cells:
        if cell.text is not None:
            _words(canvas, cell.text, _ink(cell, accent))


def sheet_pdf(page: TablePage, *, title: str, what: str, copies: int, accent: str) -> bytes:
    """The sheet's PDF: ``copies`` identical pages."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (page.paper.width, page.paper.height), title=f"{title}: {what}",
                        subject="a sheet to print and fill in")
    labels = PageLabels(canvas)
    for number in range(1, copies + 1):
        _words(canvas, page.title, _rgb(accent) if sum(_rgb(accent)) < 1.5 else INK)
        for text in (page.note, page.notes):
            if text is not None:
                _words(canvas, text, INK)
        _table(canvas, page, accent)
        labels.draw(page.info, title=title, what=what, page=number, pages=copies)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
