"""Board PDFs: the tiled board (an assembly map, then one page per tile) and the whole
board on one sheet.  This module only draws: the board comes as SVG text from
:mod:`printkit.render.board` and every position from :mod:`printkit.layout.tiling`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from printkit.layout.fonts import BOLD, REGULAR
from printkit.layout.geometry import Rect
from printkit.layout.label import draw_label
from printkit.layout.pdfcanvas import Form, FormLibrary, new_canvas, saved
from printkit.layout.tiling import (
    CROSS_ARM,
    CROSS_RADIUS,
    MARK_OFFSET,
    Note,
    SingleSheet,
    Tile,
    Tiling,
)
from printkit.units import MM

BOARD_KEY = "board"
MARK_WIDTH = 0.4
"""Line width (points) of crop marks and crosshairs."""
INK = (0.15, 0.15, 0.15)
BAND_FILL = (0.91, 0.91, 0.91)
BAND_HATCH = (0.78, 0.78, 0.78)
ACCENT = (0.12, 0.23, 0.43)


def measure(words: str, size: float) -> float:
    """Width in points of ``words`` in bold Vera: what the tiler needs to place notes."""
    return float(stringWidth(words, BOLD, size))


def _hex(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


# --------------------------------------------------------------------------- tiled board


def tiled_board(svg: str, tiling: Tiling, *, title: str, about: str,
                instructions: Sequence[str] = (), accent: str = "#1f3a6e") -> bytes:
    """The assembly map followed by one page per tile.

    ``about`` names the board on every page label ("7 x 7 board"); ``instructions`` are
    extra lines for the map page (the steps of assembly are always printed).
    """
    paper = tiling.paper
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} board",
                        subject=f"{about}, tiled over {len(tiling.tiles)} sheets of "
                                f"{paper.name}")
    forms = FormLibrary(canvas)
    form = forms.form(BOARD_KEY, svg)
    pages = len(tiling.tiles) + 1
    _map_page(canvas, form, tiling, title=title, about=about, instructions=instructions,
              accent=_hex(accent), pages=pages)
    canvas.showPage()
    for page, tile in enumerate(tiling.tiles, start=2):
        _tile_page(canvas, form, tile)
        draw_label(canvas, tiling.info, title=title,
                   what=f"{about}, sheet {tile.name} (column {tile.name.rstrip('0123456789')}"
                        f", row {tile.row + 1})", page=page, pages=pages)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _tile_page(canvas: Canvas, form: Form, tile: Tile) -> None:
    content = tile.on_page(tile.content)
    with saved(canvas):
        _clip_to(canvas, [content])
        canvas.translate(tile.offset[0], tile.offset[1])
        canvas.doForm(form.name)
    for band in tile.bands:
        _glue_band(canvas, tile.on_page(band.rect))
    with saved(canvas):
        _clip_outside(canvas, content.grow(0.6))
        for x, y in tile.crosses:
            _crosshair(canvas, x + tile.offset[0], y + tile.offset[1])
    with saved(canvas):
        canvas.setLineWidth(MARK_WIDTH)
        canvas.setStrokeColorRGB(0, 0, 0)
        dx, dy = tile.offset
        for x0, y0, x1, y1 in tile.corner_marks:
            canvas.line(x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    for note in tile.notes:
        _note(canvas, note, tile.offset)


def _clip_to(canvas: Canvas, rects: Sequence[Rect]) -> None:
    path = canvas.beginPath()
    for r in rects:
        path.rect(r.x, r.y, r.w, r.h)
    canvas.clipPath(path, stroke=0, fill=0)


def _clip_outside(canvas: Canvas, hole: Rect) -> None:
    """Clip to the page with ``hole`` cut out (even-odd rule)."""
    width, height = canvas._pagesize
    path = canvas.beginPath()
    path.rect(0, 0, width, height)
    path.rect(hole.x, hole.y, hole.w, hole.h)
    canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)


def _glue_band(canvas: Canvas, band: Rect) -> None:
    """A light grey tab with diagonal hatching."""
    with saved(canvas):
        canvas.setFillColorRGB(*BAND_FILL)
        canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
        _clip_to(canvas, [band])
        canvas.setStrokeColorRGB(*BAND_HATCH)
        canvas.setLineWidth(0.5)
        step = 4 * MM
        start = band.x - band.h
        count = int((band.w + band.h) / step) + 2
        for k in range(count):
            x = start + k * step
            canvas.line(x, band.y, x + band.h, band.top)


def _crosshair(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.circle(x, y, CROSS_RADIUS, stroke=1, fill=0)
    canvas.line(x - CROSS_ARM, y, x + CROSS_ARM, y)
    canvas.line(x, y - CROSS_ARM, x, y + CROSS_ARM)


def _note(canvas: Canvas, note: Note, offset: tuple[float, float]) -> None:
    box = note.box
    cx, cy = box.x + box.w / 2 + offset[0], box.y + box.h / 2 + offset[1]
    with saved(canvas):
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, note.size)
        canvas.translate(cx, cy)
        if note.vertical:
            canvas.rotate(90)
        canvas.drawCentredString(0, -note.size * 0.36, note.text)


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
              pages: int) -> None:
    area = tiling.printable
    top = area.top
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 14)
    canvas.drawString(area.x, top - 14, f"{title}: putting the board together")
    canvas.setFont(REGULAR, 9)
    summary = (f"{about}: {len(tiling.tiles)} sheets of {tiling.paper.name}, "
               f"{tiling.columns} across and {tiling.rows} down.")
    canvas.drawString(area.x, top - 27, summary)
    text_lines = _steps_text(instructions, area.w)
    text_height = len(text_lines) * STEP_LEADING
    picture_floor = tiling.info.top + text_height + 8 * MM
    picture_box = Rect(area.x, picture_floor, area.w, top - 36 - picture_floor)
    _miniature(canvas, form, tiling, picture_box, accent)
    y = tiling.info.top + text_height - STEP_SIZE + 2 * MM
    canvas.setFillColorRGB(*INK)
    for number, words in text_lines:
        if number:
            canvas.setFont(BOLD, STEP_SIZE)
            canvas.drawString(area.x, y, number)
        canvas.setFont(REGULAR, STEP_SIZE)
        canvas.drawString(area.x + STEP_INDENT, y, words)
        y -= STEP_LEADING
    draw_label(canvas, tiling.info, title=title, what=f"{about}: assembly map", page=1,
               pages=pages)


def _steps_text(instructions: Sequence[str], width: float) -> list[tuple[str, str]]:
    """Numbered steps wrapped to ``width``: (number or "", words) for each printed line."""
    lines: list[tuple[str, str]] = []
    for number, step in enumerate((*STEPS, *instructions), start=1):
        wrapped = simpleSplit(step, REGULAR, STEP_SIZE, width - STEP_INDENT)
        lines += [(f"{number}." if index == 0 else "", words)
                  for index, words in enumerate(wrapped)]
    return lines


def _miniature(canvas: Canvas, form: Form, tiling: Tiling, box: Rect,
               accent: tuple[float, float, float]) -> None:
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
        canvas.setStrokeColorRGB(*accent)
        canvas.setLineWidth(1.6)
        for tile in tiling.tiles:
            c = tile.content
            canvas.rect(x0 + c.x * scale, y0 + c.y * scale, c.w * scale, c.h * scale,
                        stroke=1, fill=0)
        size = max(9.0, min(28.0, min(t.content.h for t in tiling.tiles) * scale * 0.3))
        for tile in tiling.tiles:
            c = tile.content
            cx = x0 + (c.x + c.w / 2) * scale
            cy = y0 + (c.y + c.h / 2) * scale
            text_w = stringWidth(tile.name, BOLD, size)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFillAlpha(0.85)
            canvas.roundRect(cx - text_w / 2 - size * 0.3, cy - size * 0.55,
                             text_w + size * 0.6, size * 1.1, size * 0.2, stroke=0, fill=1)
            canvas.setFillAlpha(1)
            canvas.setFillColorRGB(*accent)
            canvas.setFont(BOLD, size)
            canvas.drawCentredString(cx, cy - size * 0.36, tile.name)


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
    forms = FormLibrary(canvas)
    form = forms.form(BOARD_KEY, svg)
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
