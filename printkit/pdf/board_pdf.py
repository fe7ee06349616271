"""Board PDFs: the tiled board (an assembly map, then one page per tile) and the whole
board on one sheet.  This module only draws: the board comes as SVG text from
:mod:`printkit.render.board` and every position from :mod:`printkit.pdf.tiling`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.pdf.geometry import Rect
from printkit.pdf.label import PageLabels, draw_label
from printkit.pdf.pdfcanvas import Form, new_canvas, saved, store_form
from printkit.pdf.pdfops import circle_code, number, stroke_code, stroke_path
from printkit.pdf.sheettext import draw, font_name, words_code
from printkit.pdf.sheettext import width as sheet_width
from printkit.pdf.tiling import (
    CROSS_ARM,
    CROSS_RADIUS,
    MARK_OFFSET,
    SingleSheet,
    Tile,
    Tiling,
    label_spot,
)
from printkit.units import MM

BOARD_KEY = "board"
MARK_WIDTH = 0.4
"""Line width (points) of crop marks and crosshairs."""
INK = (0.15, 0.15, 0.15)
BAND_FILL = (0.91, 0.91, 0.91)
BAND_HATCH = (0.78, 0.78, 0.78)
SHEET_EDGE = (0.80, 0.12, 0.33)
"""Colour of the sheet outlines on the assembly map (apart from any board colour)."""


def _board_form(canvas: Canvas, svg: str) -> Form:
    """The board stored once in the PDF as a form XObject."""
    return store_form(canvas, BOARD_KEY, svg)


def _hex(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as reportlab channels; anything else (``none``) as the text ink."""
    if len(colour) != 7 or not colour.startswith("#"):
        return INK
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


# --------------------------------------------------------------------------- tiled board


def tiled_board(svg: str, tiling: Tiling, *, title: str, about: str,
                instructions: Sequence[str] = (), accent: str = "#1f3a6e",
                keep_clear: Sequence[Rect] = ()) -> bytes:
    """The assembly map followed by one page per tile (a board on one sheet has no map).

    ``about`` names the board on every page label ("7 x 7 board"); ``instructions`` are
    extra lines for the map page (the steps of assembly are always printed);
    ``keep_clear`` are parts of the board (board coordinates) that the sheet names on the
    map must not hide, such as the homes and the title.
    """
    paper = tiling.paper
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} board",
                        subject=f"{about} on one sheet of {paper.name}"
                        if len(tiling.tiles) == 1 else
                        f"{about}, tiled over {len(tiling.tiles)} sheets of {paper.name}")
    form = _board_form(canvas, svg)
    alone = len(tiling.tiles) == 1  # nothing to put together: no assembly map
    pages = len(tiling.tiles) + (0 if alone else 1)
    labels = PageLabels(canvas)
    if not alone:
        _map_page(canvas, form, tiling, title=title, about=about, instructions=instructions,
                  accent=_hex(accent), pages=pages, keep_clear=keep_clear, labels=labels)
        canvas.showPage()
    for page, tile in enumerate(tiling.tiles, start=pages - len(tiling.tiles) + 1):
        _tile_page(canvas, form, tile)
        what = (f"{about} on one sheet of {tiling.paper.name}" if alone else
                f"{about}, sheet {tile.name} (column {tile.name.rstrip('0123456789')}, "
                f"row {tile.row + 1})")
        labels.draw(tiling.info, title=title, what=what, page=page, pages=pages)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _tile_page(canvas: Canvas, form: Form, tile: Tile) -> None:
    """One tile: its part of the board, glue bands, crosshairs, corner marks and notes,
    written as operator text (a tiled board has dozens of these pages)."""
    content = tile.on_page(tile.content)
    dx, dy = tile.offset
    canvas._code.append(f"q {_rect(content)} re W n 1 0 0 1 {number(dx)} {number(dy)} cm "
                        f"/{canvas._doc.getXObjectName(form.name)} Do Q")
    canvas._formsinuse.append(form.name)
    code = [_glue_band(tile.on_page(band.rect)) for band in tile.bands]
    if tile.crosses:
        width, height = canvas._pagesize
        hole = content.grow(0.6)
        crosses = []
        for x, y in tile.crosses:
            x, y = x + dx, y + dy
            crosses += [circle_code(x, y, CROSS_RADIUS),
                        stroke_path([(x - CROSS_ARM, y, x + CROSS_ARM, y),
                                     (x, y - CROSS_ARM, x, y + CROSS_ARM)])]
        code.append(f"q 0 0 {number(width)} {number(height)} re {_rect(hole)} re W* n "
                    f"{number(MARK_WIDTH)} w 0 0 0 RG {' '.join(crosses)} S Q")
    if tile.corner_marks:
        marks = [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in tile.corner_marks]
        code.append(f"q 0 0 0 RG {stroke_code(marks, MARK_WIDTH)} Q")
    ink = " ".join(number(c) for c in INK)
    for note in tile.notes:
        box = note.box
        cx, cy = box.x + box.w / 2 + dx, box.y + box.h / 2 + dy
        turn = "0 1 -1 0" if note.vertical else "1 0 0 1"
        code.append(f"q {ink} rg {turn} {number(cx)} {number(cy)} cm " + words_code(
            canvas, note.size, 0, -note.size * 0.36, note.text, bold=True, anchor="middle")
                    + " Q")
    canvas._code += code


def _rect(r: Rect) -> str:
    return f"{number(r.x)} {number(r.y)} {number(r.w)} {number(r.h)}"


def _glue_band(band: Rect) -> str:
    """A light grey tab with diagonal hatching."""
    step = 4 * MM
    start = band.x - band.h
    count = int((band.w + band.h) / step) + 2
    hatch = [(start + k * step, band.y, start + k * step + band.h, band.top)
             for k in range(count)]
    fill = " ".join(number(c) for c in BAND_FILL)
    stroke = " ".join(number(c) for c in BAND_HATCH)
    return (f"q {fill} rg {_rect(band)} re f {_rect(band)} re W n {stroke} RG "
            f"{stroke_code(hatch, 0.5)} Q")


# --------------------------------------------------------------------------- assembly map

STEP_SIZE = 8.5
STEP_LEADING = 11.0
STEP_INDENT = 5 * MM
STEPS = (
    "Print every page at 100% (actual size, no scaling): the bar at the foot of each page "
    "must measure 50 mm.",
    "Cut each sheet along the outer edge of the board and along every edge that has a "
    "\u201ccut\u201d note, through the centres of the crosshairs. Keep the grey glue bands.",
    "Join each row from left to right: spread glue on the grey band of the right-hand sheet "
    "and lay the left-hand sheet on it, its cut corners on the crosshairs.",
    "Then join the rows from the top down in the same way: each finished row lies on the "
    "grey bands along the top of the row below it.",
)


def _map_page(canvas: Canvas, form: Form, tiling: Tiling, *, title: str, about: str,
              instructions: Sequence[str], accent: tuple[float, float, float],
              pages: int, keep_clear: Sequence[Rect], labels: PageLabels) -> None:
    """The whole board small, with the sheets outlined and named, and the steps.

    On a landscape page the steps go in a column on the right; otherwise below.
    """
    area = tiling.printable
    top = area.top
    canvas.setFillColorRGB(*INK)
    draw(canvas, 14, area.x, top - 14, f"{title}: putting the board together", bold=True)
    summary = (f"{about}: {len(tiling.tiles)} sheets of {tiling.paper.name}, "
               f"{tiling.columns} across and {tiling.rows} down.")
    draw(canvas, 9, area.x, top - 27, summary)
    steps = (*STEPS, *instructions) if len(tiling.tiles) > 1 else (STEPS[0], *instructions)
    floor = tiling.info.top + 6 * MM
    ceiling = top - 36
    if area.w > area.h * 1.2:
        column = area.w * 0.34
        text_lines = _steps_text(steps, column)
        text_x = area.right - column
        picture_box = Rect(area.x, floor, area.w - column - 8 * MM, ceiling - floor)
        text_top = ceiling - STEP_SIZE
    else:
        text_lines = _steps_text(steps, area.w)
        text_x = area.x
        text_height = len(text_lines) * STEP_LEADING
        picture_box = Rect(area.x, floor + text_height + 4 * MM, area.w,
                           ceiling - floor - text_height - 4 * MM)
        text_top = floor + text_height - STEP_SIZE
    _miniature(canvas, form, tiling, picture_box, accent, keep_clear)
    y = text_top
    canvas.setFillColorRGB(*INK)
    for step_number, words in text_lines:
        if step_number:
            draw(canvas, STEP_SIZE, text_x, y, step_number, bold=True)
        draw(canvas, STEP_SIZE, text_x + STEP_INDENT, y, words)
        y -= STEP_LEADING
    labels.draw(tiling.info, title=title, what=f"{about}: assembly map", page=1, pages=pages)


def _steps_text(steps: Sequence[str], width: float) -> list[tuple[str, str]]:
    """Numbered steps wrapped to ``width``: (number or "", words) for each printed line."""
    lines: list[tuple[str, str]] = []
    for step_number, step in enumerate(steps, start=1):
        wrapped = simpleSplit(step, font_name(bold=False), STEP_SIZE, width - STEP_INDENT)
        lines += [(f"{step_number}." if index == 0 else "", words)
                  for index, words in enumerate(wrapped)]
    return lines


def _miniature(canvas: Canvas, form: Form, tiling: Tiling, box: Rect,
               accent: tuple[float, float, float], keep_clear: Sequence[Rect]) -> None:
    """The whole board, scaled into ``box``, with every sheet's outline and name."""
    width, height = tiling.x_edges[-1], tiling.y_edges[0]
    scale = min(box.w / width, box.h / height)
    x0 = box.x + (box.w - width * scale) / 2
    y0 = box.y + (box.h - height * scale) / 2
    with saved(canvas):
        canvas.translate(x0, y0)
        canvas.scale(scale, scale)
        canvas.doForm(form.name)
    with saved(canvas):
        canvas.setStrokeColorRGB(*SHEET_EDGE)
        canvas.setLineWidth(1.6)
        for tile in tiling.tiles:
            c = tile.content
            canvas.rect(x0 + c.x * scale, y0 + c.y * scale, c.w * scale, c.h * scale,
                        stroke=1, fill=0)
        size = max(6.0, min(24.0, *(min(t.content.h * 0.25, t.content.w * 0.5 / (
            0.75 * len(t.name))) * scale for t in tiling.tiles)))
        for tile in tiling.tiles:
            text_w = sheet_width(tile.name, size, bold=True)
            w, h = text_w + size * 0.6, size * 1.1
            x, y = label_spot(tile.content, w / scale, h / scale, keep_clear)
            cx, cy = x0 + x * scale, y0 + y * scale
            canvas.setFillColorRGB(1, 1, 1)
            canvas.roundRect(cx - w / 2, cy - h / 2, w, h, size * 0.2, stroke=0, fill=1)
            canvas.setFillColorRGB(*accent)
            draw(canvas, size, cx, cy - size * 0.36, tile.name, bold=True, anchor="middle")


# --------------------------------------------------------------------------- one sheet


def single_board(svg: str, sheet: SingleSheet, *, title: str, about: str,
                 warning: str = "") -> bytes:
    """The whole board on one page, with crop marks, a TrimBox and the page label.

    ``warning`` goes on the label when the board had to be reduced to fit the paper.
    """
    paper = sheet.paper
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} board",
                        subject=f"{about} on one sheet of {paper.name}")
    form = _board_form(canvas, svg)
    board = sheet.board
    canvas.setTrimBox((board.x, board.y, board.right, board.top))
    with saved(canvas):
        canvas.translate(board.x, board.y)
        canvas.scale(sheet.scale, sheet.scale)
        canvas.doForm(form.name)
    _board_corners(canvas, board)
    what = f"{about} on one sheet of {paper.name}"
    if warning:
        what += f" \u2013 {warning}"
    draw_label(canvas, sheet.info, title=title, what=what, page=1, pages=1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _board_corners(canvas: Canvas, board: Rect) -> None:
    """Crop marks continuing the board's edges past its four corners."""
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    near, far = MARK_OFFSET, MARK_OFFSET + 4 * MM
    for x, sx in ((board.x, -1), (board.right, 1)):
        for y, sy in ((board.y, -1), (board.top, 1)):
            canvas.line(x + sx * near, y, x + sx * far, y)
            canvas.line(x, y + sy * near, x, y + sy * far)
