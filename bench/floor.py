"""The floor: the best plain-reportlab programs for printkit's bench jobs.

Each program does the job printkit does, the way a careful programmer would with reportlab
alone: every unique drawing (a card face, the back, the board, the crop marks of a page,
the fixed part of a page label) is drawn once as a form XObject with reportlab's drawing
primitives, from the same geometry printkit computes (no SVG anywhere), and placed as
often as needed; streams are compressed without ASCII85 (``rl_config.useA85 = 0``); the
same embedded Vera fonts, paper, page count, crop marks and page labels as printkit's.
Font registration happens once per process, outside the timings, for both sides.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from html import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
)

from printkit.booklet.document import (
    Booklet,
    Components,
    Contents,
    Figure,
    Heading,
    ListBlock,
    Note,
    plain_text,
)
from printkit.booklet.document import PageBreak as PageBreakBlock
from printkit.booklet.document import Paragraph as TextParagraph
from printkit.booklet.document import Table as TextTable
from printkit.booklet.pdfblocks import Styles
from printkit.booklet.pdfmarkup import markup
from printkit.games.stars_and_stripes.faces import layout
from printkit.pdf.fonts import BOLD, REGULAR
from printkit.pdf.geometry import Rect, SheetSpec, mirror_slot, pages_needed, sheet_grid
from printkit.pdf.paper import Paper
from printkit.pdf.tiling import CROSS_ARM, CROSS_RADIUS, Tiling
from printkit.render.board import BoardPicture, picture_geometry
from printkit.render.scene import CardShape, RectShape, Scene, TextShape
from printkit.render.svg import CAP_HEIGHT, Frame
from printkit.units import MM

FIELD, STAR, STRIPE, INK, BACKGROUND = "#1f3a6e", "#ffffff", "#b22234", "#1d2a44", "#fbf8f0"


@contextmanager
def plain_streams() -> Iterator[None]:
    """Compressed streams without ASCII85 around one document (reportlab's own switch)."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def new_canvas(buffer: io.BytesIO, size: tuple[float, float]) -> Canvas:
    """A deterministic, compressed canvas whose text is in embedded Vera."""
    return Canvas(buffer, pagesize=size, invariant=1, pageCompression=1,
                  initialFontName=REGULAR)


# ------------------------------------------------------------------------ card faces


def _star(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.382
        angle = -math.pi / 2 + i * math.pi / 5
        point = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i:
            path.lineTo(*point)
        else:
            path.moveTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _text(canvas: Canvas, words: str, x: float, y_centre: float, size: float,
          anchor: str = "middle", font: str = BOLD) -> None:
    """Text in a y-down millimetre space, capitals centred on ``y_centre``."""
    canvas.saveState()
    canvas.translate(x, y_centre + size * CAP_HEIGHT / 2)
    canvas.scale(1, -1)
    canvas.setFont(font, size)
    draw = {"middle": canvas.drawCentredString, "end": canvas.drawRightString}.get(
        anchor, canvas.drawString)
    draw(0, 0, words)
    canvas.restoreState()


@contextmanager
def mm_form(canvas: Canvas, name: str, width: float, height: float,
            origin: tuple[float, float] = (0.0, 0.0)) -> Iterator[None]:
    """A form ``width`` x ``height`` mm drawn in millimetres with y down from ``origin``."""
    canvas.beginForm(name, 0, 0, width * MM, height * MM)
    canvas.saveState()
    canvas.translate(0, height * MM)
    canvas.scale(MM, -MM)
    canvas.translate(-origin[0], -origin[1])
    yield
    canvas.restoreState()
    canvas.endForm()


def face_form(canvas: Canvas, name: str, stars: int, stripes: int, frame: Frame) -> None:
    """One Stars and Stripes face, from the renderer's own layout."""
    plan = layout(stars, stripes, frame)
    full = frame.width + 2 * frame.bleed
    with mm_form(canvas, name, full, full, (-frame.bleed, -frame.bleed)):
        canvas.setFillColor(colors.HexColor(BACKGROUND))
        canvas.rect(-frame.bleed, -frame.bleed, full, full, stroke=0, fill=1)
        f = plan.field
        canvas.setFillColor(colors.HexColor(FIELD))
        canvas.rect(f.x, f.y, f.w, f.h, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(STAR))
        for cx, cy, r in plan.stars:
            _star(canvas, cx, cy, r)
        canvas.setFillColor(colors.HexColor(STRIPE))
        for box in plan.stripes:
            canvas.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
        for (digits, cx, cy, _), ink in zip(plan.numerals, (STAR, INK), strict=False):
            canvas.setFillColor(colors.HexColor(ink))
            _text(canvas, digits, cx, cy, 4.6)


def back_form(canvas: Canvas, name: str, frame: Frame, title: str) -> None:
    """The patterned back: faint stars around a title band."""
    full = frame.width + 2 * frame.bleed
    pitch = frame.width / 6
    band_h = frame.height * 0.17
    band_y = (frame.height - band_h) / 2
    with mm_form(canvas, name, full, full, (-frame.bleed, -frame.bleed)):
        canvas.setFillColor(colors.HexColor(FIELD))
        canvas.rect(-frame.bleed, -frame.bleed, full, full, stroke=0, fill=1)
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(STAR))
        canvas.setFillAlpha(0.28)
        for row in range(-1, 7):
            for col in range(-1, 7):
                cx, cy = (col + 0.5 + (0.5 if row % 2 else 0)) * pitch, (row + 0.5) * pitch
                if not band_y - 2 - pitch * 0.28 < cy < band_y + band_h + 2 + pitch * 0.28:
                    _star(canvas, cx, cy, pitch * 0.28)
        canvas.restoreState()
        rule = band_h * 0.035
        canvas.setFillColor(colors.HexColor(STAR))
        for y in (band_y + rule * 1.5, band_y + band_h - rule * 2.5):
            canvas.rect(-frame.bleed, y, full, rule, stroke=0, fill=1)
        _text(canvas, title, frame.width / 2, frame.height / 2,
              min(band_h * 0.42, (frame.width - 8) / (0.66 * len(title))))
    _keep_states(canvas, name)


def _keep_states(canvas: Canvas, name: str) -> None:
    """reportlab leaves a form's opacity states out of its resources; put them in."""
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    resources.ExtGState = form.ExtGState
    form.Resources = resources


# ------------------------------------------------------------------------ page labels

LABEL_INK = (0.15, 0.15, 0.15)
NOTE = "Print at 100% (actual size, no scaling). The bar should measure 50 mm:"


def _label_frame(canvas: Canvas, band: Rect) -> float:
    if band.h > band.w:
        canvas.translate(band.x, band.y)
        canvas.rotate(90)
        return band.h
    canvas.translate(band.x, band.top)
    return band.w


def label_form(canvas: Canvas, name: str, band: Rect) -> None:
    """The fixed part of a page label: the note and the 50 mm scale bar."""
    canvas.beginForm(name)
    length = _label_frame(canvas, band)
    canvas.setFillColorRGB(*LABEL_INK)
    canvas.setStrokeColorRGB(*LABEL_INK)
    canvas.setFont(REGULAR, 6.5)
    canvas.drawString(0, -7 * MM, NOTE)
    end = canvas.stringWidth(NOTE, REGULAR, 6.5)
    bar_x, bar_y = min(length - 50 * MM, end + 3 * MM), -7.4 * MM
    if bar_x < end + MM:
        bar_x, bar_y = 0, -10.6 * MM
    path = canvas.beginPath()
    for x0, y0, x1, y1 in [(bar_x, bar_y, bar_x + 50 * MM, bar_y)] + [
            (bar_x + t * 10 * MM, bar_y, bar_x + t * 10 * MM,
             bar_y + (2.2 if t in (0, 5) else 1.2) * MM) for t in range(6)]:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    canvas.setLineWidth(0.5)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFont(REGULAR, 5)
    canvas.drawCentredString(bar_x + 25 * MM, bar_y + 0.8 * MM, "50 mm")
    canvas.endForm()


def label(canvas: Canvas, form: str, band: Rect, what: str, page: int, pages: int) -> None:
    """A page label: its fixed form and the two lines that change from page to page."""
    canvas.doForm(form)
    canvas.saveState()
    length = _label_frame(canvas, band)
    canvas.setFillColorRGB(*LABEL_INK)
    canvas.setFont(BOLD, 8)
    canvas.drawString(0, -3.2 * MM, what)
    canvas.drawRightString(length, -3.2 * MM, f"page {page} of {pages}")
    canvas.restoreState()


def marks_form(canvas: Canvas, name: str, marks: Sequence[tuple[float, float, float, float]]
               ) -> None:
    """Every crop mark of a page as one stroked path."""
    canvas.beginForm(name)
    path = canvas.beginPath()
    for x0, y0, x1, y1 in marks:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    canvas.setLineWidth(0.4)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.endForm()


# ------------------------------------------------------------------------ cut sheets


def cut_sheets(copies: int, spec: SheetSpec, title: str) -> bytes:
    """36 faces x ``copies`` on cut sheets, each fronts page followed by its backs page."""
    grid = sheet_grid(spec)
    frame = Frame.from_points(spec.card_w, spec.card_h, spec.bleed, 3 * MM)
    buffer = io.BytesIO()
    with plain_streams():
        canvas = new_canvas(buffer, (grid.paper.width, grid.paper.height))
        names = []
        for stars in range(1, 7):
            for stripes in range(1, 7):
                names.append(f"f{stars}{stripes}")
                face_form(canvas, names[-1], stars, stripes, frame)
        back_form(canvas, "back", frame, title)
        marks_form(canvas, "marks", [(m.x0, m.y0, m.x1, m.y1) for m in grid.marks])
        flipped = mirror_slot_band(grid.info, grid.paper)
        label_form(canvas, "front-label", grid.info)
        label_form(canvas, "back-label", flipped)
        cards = names * copies
        sheets = pages_needed(len(cards), grid.per_page)
        for sheet in range(sheets):
            chunk = cards[sheet * grid.per_page:(sheet + 1) * grid.per_page]
            for slot, name in zip(grid.slots, chunk, strict=False):
                _place(canvas, name, slot.cell.x, slot.cell.y)
            canvas.doForm("marks")
            label(canvas, "front-label", grid.info, f"{title} \u2013 card fronts",
                  2 * sheet + 1, 2 * sheets)
            canvas.showPage()
            for slot in grid.slots[:len(chunk)]:
                spot = mirror_slot(slot, grid.paper, "long")
                _place(canvas, "back", spot.x, spot.y)
            label(canvas, "back-label", flipped, f"{title} \u2013 card backs (print on the "
                  f"back of page {2 * sheet + 1}, long-edge flip)", 2 * sheet + 2, 2 * sheets)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def mirror_slot_band(band: Rect, paper: Paper) -> Rect:
    """The label band on the back of the sheet (long-edge flip)."""
    from printkit.pdf.geometry import Slot
    return mirror_slot(Slot(0, 0, band, band), paper, "long")


def _place(canvas: Canvas, name: str, x: float, y: float) -> None:
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(name)
    canvas.restoreState()


# ------------------------------------------------------------------------ tiled board


def board_form(canvas: Canvas, picture: BoardPicture) -> tuple[float, float]:
    """The board drawn once: background, landmarks, square names, grid and coordinates."""
    geo = picture_geometry(picture)
    with mm_form(canvas, "board", geo.width, geo.height):
        canvas.setFillColor(colors.HexColor(picture.background))
        canvas.rect(0, 0, geo.width, geo.height, stroke=0, fill=1)
        s = picture.square
        for mark in picture.landmarks:
            box = geo.square_box(mark.row, mark.column)
            canvas.setFillColor(colors.HexColor(mark.fill))
            canvas.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
            if mark.ring:
                canvas.setStrokeColor(colors.HexColor(mark.ring))
                canvas.setLineWidth(2.6)
                canvas.rect(box.x + 1.3, box.y + 1.3, box.w - 2.6, box.h - 2.6, stroke=1,
                            fill=0)
            canvas.setFillColor(colors.HexColor(picture.lines))
            if mark.label:
                _text(canvas, mark.label, box.x + s / 2, box.y + s * 0.44, s * 0.24)
            if mark.caption:
                _text(canvas, mark.caption, box.x + s / 2, box.y + s * 0.67, s * 0.075,
                      font=REGULAR)
        canvas.setFillColor(colors.HexColor("#757b86"))
        for index, name in enumerate(picture.square_names):
            box = geo.square_box(index // picture.size, index % picture.size)
            _text(canvas, name, box.x + 3.5, box.y + 4.5, 2.8, "start", REGULAR)
        grid = geo.grid
        path = canvas.beginPath()
        for x in geo.column_edges()[1:-1]:
            path.moveTo(x, grid.y)
            path.lineTo(x, grid.y + grid.h)
        for y in geo.row_edges()[1:-1]:
            path.moveTo(grid.x, y)
            path.lineTo(grid.x + grid.w, y)
        canvas.setStrokeColor(colors.HexColor(picture.lines))
        canvas.setLineWidth(0.35)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setLineWidth(0.7)
        canvas.rect(grid.x, grid.y, grid.w, grid.h, stroke=1, fill=0)
        canvas.setFillColor(colors.HexColor(picture.lines))
        for k in range(picture.size):
            middle = grid.x + (k + 0.5) * s
            for y in (grid.y - 4.5, grid.y + grid.h + 4.5):
                _text(canvas, picture.column_labels[k], middle, y, 4.6)
            for x in (grid.x - 4.5, grid.x + grid.w + 4.5):
                _text(canvas, picture.row_labels[k], x, middle + grid.y - grid.x, 4.6)
        _text(canvas, picture.title, 9, 8, 7, "start")
        _text(canvas, picture.subtitle, geo.width - 9, 8, 4.4, "end")
    return geo.width * MM, geo.height * MM


def tiled_board(picture: BoardPicture, tiling: Tiling, title: str) -> bytes:
    """The assembly map, then each tile: the board form clipped, glue bands, crosshairs,
    corner marks, notes and the page label."""
    paper = tiling.paper
    buffer = io.BytesIO()
    with plain_streams():
        canvas = new_canvas(buffer, (paper.width, paper.height))
        width, height = board_form(canvas, picture)
        label_form(canvas, "label", tiling.info)
        pages = len(tiling.tiles) + 1
        area = tiling.printable
        scale = min(area.w / width, (area.h - 60 * MM) / height)
        canvas.setFont(BOLD, 14)
        canvas.drawString(area.x, area.top - 14, f"{title}: putting the board together")
        canvas.saveState()
        canvas.translate(area.x, area.y + 40 * MM)
        canvas.scale(scale, scale)
        canvas.doForm("board")
        canvas.restoreState()
        canvas.setStrokeColorRGB(0.8, 0.12, 0.33)
        canvas.setFont(BOLD, 12)
        for tile in tiling.tiles:
            c = tile.content
            canvas.rect(area.x + c.x * scale, area.y + 40 * MM + c.y * scale, c.w * scale,
                        c.h * scale, stroke=1, fill=0)
            canvas.drawCentredString(area.x + (c.x + c.w / 2) * scale,
                                     area.y + 40 * MM + (c.y + c.h / 2) * scale, tile.name)
        label(canvas, "label", tiling.info, f"{title} \u2013 board: assembly map", 1, pages)
        canvas.showPage()
        for page, tile in enumerate(tiling.tiles, start=2):
            dx, dy = tile.offset
            content = tile.on_page(tile.content)
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(content.x, content.y, content.w, content.h)
            canvas.clipPath(path, stroke=0, fill=0)
            canvas.translate(dx, dy)
            canvas.doForm("board")
            canvas.restoreState()
            for band in tile.bands:
                _glue_band(canvas, tile.on_page(band.rect))
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(0, 0, paper.width, paper.height)
            hole = content.grow(0.6)
            path.rect(hole.x, hole.y, hole.w, hole.h)
            canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
            canvas.setLineWidth(0.4)
            path = canvas.beginPath()
            for x, y in tile.crosses:
                x, y = x + dx, y + dy
                path.circle(x, y, CROSS_RADIUS)
                path.moveTo(x - CROSS_ARM, y)
                path.lineTo(x + CROSS_ARM, y)
                path.moveTo(x, y - CROSS_ARM)
                path.lineTo(x, y + CROSS_ARM)
            for x0, y0, x1, y1 in tile.corner_marks:
                path.moveTo(x0 + dx, y0 + dy)
                path.lineTo(x1 + dx, y1 + dy)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.restoreState()
            for note in tile.notes:
                canvas.saveState()
                canvas.setFont(BOLD, note.size)
                canvas.translate(note.box.x + note.box.w / 2 + dx,
                                 note.box.y + note.box.h / 2 + dy)
                if note.vertical:
                    canvas.rotate(90)
                canvas.drawCentredString(0, -note.size * 0.36, note.text)
                canvas.restoreState()
            label(canvas, "label", tiling.info, f"{title} \u2013 board, sheet {tile.name}",
                  page, pages)
            canvas.showPage()
        canvas.save()
    return buffer.getvalue()


def _glue_band(canvas: Canvas, band: Rect) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(0.91, 0.91, 0.91)
    canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    path = canvas.beginPath()
    path.rect(band.x, band.y, band.w, band.h)
    canvas.clipPath(path, stroke=0, fill=0)
    path = canvas.beginPath()
    step = 4 * MM
    for k in range(int((band.w + band.h) / step) + 2):
        x = band.x - band.h + k * step
        path.moveTo(x, band.y)
        path.lineTo(x + band.h, band.top)
    canvas.setStrokeColorRGB(0.78, 0.78, 0.78)
    canvas.setLineWidth(0.5)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


# ------------------------------------------------------------------------ booklet


class _SceneFlowable(Flowable):  # type: ignore[misc]
    """A diagram: its rectangles and words, and each card face as a form."""

    def __init__(self, scene: Scene, width: float, faces: dict[str, str]) -> None:
        super().__init__()
        self.scene, self.width, self.faces = scene, width, faces
        self.height = scene.height * width / scene.width

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        scale = self.width / self.scene.width
        with mm_space(canvas, self.height, scale):
            for shape in self.scene.shapes:
                if isinstance(shape, RectShape):
                    fill = shape.fill != "none"
                    if fill:
                        canvas.setFillColor(colors.HexColor(shape.fill))
                    if shape.stroke != "none":
                        canvas.setStrokeColor(colors.HexColor(shape.stroke))
                        canvas.setLineWidth(shape.stroke_width)
                    canvas.rect(shape.x, shape.y, shape.w, shape.h,
                                stroke=int(shape.stroke != "none"), fill=int(fill))
                elif isinstance(shape, TextShape):
                    canvas.setFillColor(colors.HexColor(shape.colour))
                    _text(canvas, shape.text, shape.x, shape.y, shape.size, shape.anchor,
                          BOLD if shape.bold else REGULAR)
                else:
                    self._card(shape)

    def _card(self, shape: object) -> None:
        canvas = self.canv
        key = shape.face.key if isinstance(shape, CardShape) else "back"
        name = self.faces.get(key)
        if name is None:
            name = self.faces[key] = f"face{len(self.faces)}"
            frame = Frame(63.5, 63.5, 0.0, 3.0)
            attrs = dict(shape.face.attributes) if isinstance(shape, CardShape) else {}
            stars, stripes = int(attrs.get("stars", 1)), int(attrs.get("stripes", 1))
            face_form(canvas, name, stars, stripes, frame)
        width = shape.width  # type: ignore[attr-defined]
        canvas.saveState()
        canvas.translate(shape.x, shape.y + width)  # type: ignore[attr-defined]
        canvas.scale(width / (63.5 * MM), -width / (63.5 * MM))
        canvas.doForm(name)
        canvas.restoreState()


@contextmanager
def mm_space(canvas: Canvas, height: float, scale: float) -> Iterator[None]:
    """Draw in millimetres with y down over a flowable ``height`` points tall, ``scale``
    points to the millimetre."""
    canvas.saveState()
    canvas.translate(0, height)
    canvas.scale(scale, -scale)
    yield
    canvas.restoreState()


def booklet(book: Booklet, page: Paper) -> bytes:
    """The booklet's paragraphs, lists, tables and diagrams with platypus, one layout."""
    styles = Styles(book.cover.accent)
    accent = book.cover.accent
    faces: dict[str, str] = {}
    width = page.width - 28 * MM
    story: list[Flowable] = [Paragraph(escape(book.title), styles.h1), PageBreak()]

    def text(spans: object, style: object) -> Paragraph:
        return Paragraph(markup(spans, accent), style)  # type: ignore[arg-type]

    for block in book.blocks:
        if isinstance(block, Heading):
            story.append(text(block.spans, styles.heading(block.level)))
        elif isinstance(block, TextParagraph):
            story.append(text(block.spans, styles.body))
        elif isinstance(block, ListBlock):
            story += [text(item, styles.item) for item in block.items]
        elif isinstance(block, TextTable):
            rows = [[text(cell, styles.cell) for cell in row]
                    for row in (block.header, *block.rows)]
            story.append(Table(rows, colWidths=[width / len(block.header)] * len(block.header)))
        elif isinstance(block, Note):
            story += [text(b.spans, styles.note) if isinstance(b, TextParagraph) else
                      text(b.items[0], styles.note) for b in block.blocks]
        elif isinstance(block, PageBreakBlock):
            story.append(PageBreak())
        elif isinstance(block, Figure):
            parts: list[Flowable] = [Paragraph(escape(block.heading), styles.figure_title)]
            parts += [_SceneFlowable(d.scene, min(width, d.scene.width * MM), faces)
                      for d in block.diagrams]
            parts.append(text(block.caption, styles.caption))
            parts += [text(s, styles.claim) for s in block.sentences]
            story.append(KeepTogether(parts))
        elif isinstance(block, Contents):
            story += [Paragraph(escape(plain_text(b.spans)), styles.contents)
                      for b in book.blocks if isinstance(b, Heading) and b.level == 1]
        elif isinstance(block, Components):
            story += [text(row.name, styles.body) for row in block.rows]
    story.append(Spacer(1, 1))
    buffer = io.BytesIO()

    def number(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        canvas.setFont(REGULAR, 8)
        canvas.drawCentredString(page.width / 2, 7 * MM, str(doc.page))

    with plain_streams():
        doc = SimpleDocTemplate(buffer, pagesize=(page.width, page.height), invariant=1,
                                pageCompression=1, initialFontName=REGULAR,
                                leftMargin=14 * MM, rightMargin=14 * MM, topMargin=12 * MM,
                                bottomMargin=15 * MM)
        doc.build(story, onFirstPage=number, onLaterPages=number)
    return buffer.getvalue()
