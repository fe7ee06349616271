"""The booklet in reading order: A5 (or half-letter) pages written with reportlab platypus.

Page 1 is the cover; every later page carries its number.  Text is set in the embedded Vera
fonts, game notation in bold accent colour, and each example is kept on one page with its
diagrams (SVG parsed by svglib: vector all the way), its caption and its checked claims.
The document is built with ``invariant=1``, so the same booklet gives the same bytes.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from html import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printkit.booklet.document import (
    LINE_BREAK,
    Block,
    Booklet,
    Cover,
    Diagram,
    Figure,
    Heading,
    Inline,
    ListBlock,
    Note,
    plain_text,
)
from printkit.booklet.document import PageBreak as PageBreakBlock
from printkit.booklet.document import (
    Paragraph as TextParagraph,
)
from printkit.booklet.document import Table as TextTable
from printkit.booklet.pdfscene import FaceForms, SceneFlowable
from printkit.layout.fonts import BOLD, BOLD_ITALIC, ITALIC, REGULAR, register_fonts
from printkit.layout.paper import Paper
from printkit.layout.pdfcanvas import saved
from printkit.units import MM

INK = colors.HexColor("#1d2a44")
MUTED = colors.HexColor("#5a6272")
MARGIN_SIDE = 14 * MM
MARGIN_TOP = 14 * MM
MARGIN_BOTTOM = 17 * MM
DIAGRAM_SHARE = 0.72
"""Largest share of the text height a diagram may take, so some words fit beside it."""


class Styles:
    """Paragraph styles of one booklet (the accent colour comes from the definition)."""

    def __init__(self, accent: str) -> None:
        self.accent = accent
        base = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=13.2,
                              textColor=INK, spaceAfter=5, bulletFontName=REGULAR)
        self.body = base
        self.h1 = ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=15, leading=18,
                                 textColor=colors.HexColor(accent), spaceBefore=8,
                                 spaceAfter=6, keepWithNext=1)
        self.h2 = ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=11.5, leading=14,
                                 spaceBefore=7, spaceAfter=3, keepWithNext=1)
        self.h3 = ParagraphStyle("h3", parent=self.h2, fontSize=10, leading=13)
        self.item = ParagraphStyle("item", parent=base, spaceAfter=2)
        self.cell = ParagraphStyle("cell", parent=base, fontSize=8.5, leading=11, spaceAfter=0)
        self.head_cell = ParagraphStyle("head", parent=self.cell, fontName=BOLD)
        self.note = ParagraphStyle("note", parent=self.cell, spaceAfter=3.5)
        self.figure_title = ParagraphStyle("figtitle", parent=base, fontName=BOLD, fontSize=9,
                                           leading=12, textColor=colors.HexColor(accent),
                                           spaceBefore=4, spaceAfter=3, keepWithNext=1)
        self.caption = ParagraphStyle("caption", parent=base, fontName=ITALIC, fontSize=8.8,
                                      leading=12, spaceBefore=3, spaceAfter=2)
        self.claim = ParagraphStyle("claim", parent=base, fontSize=8.8, leading=12,
                                    spaceAfter=1)
        self.label = ParagraphStyle("label", parent=base, fontName=BOLD, fontSize=8,
                                    leading=10, alignment=TA_CENTER, textColor=MUTED)
        self.notation = ParagraphStyle("notation", parent=base, fontSize=7.5, leading=9)

    def heading(self, level: int) -> ParagraphStyle:
        """The style of a heading of ``level``."""
        return {1: self.h1, 2: self.h2}.get(level, self.h3)


def markup(spans: Inline, accent: str) -> str:
    """Spans as reportlab paragraph markup."""
    out = []
    for span in spans:
        if span is LINE_BREAK or span.text == "\n":
            out.append("<br/>")
            continue
        text = escape(span.text, quote=False)
        if span.code:
            text = f'<font name="{BOLD}" color="{accent}">{text}</font>'
        elif span.bold and span.italic:
            text = f'<font name="{BOLD_ITALIC}">{text}</font>'
        elif span.bold:
            text = f"<b>{text}</b>"
        elif span.italic:
            text = f"<i>{text}</i>"
        out.append(text)
    return "".join(out)


PADDING = 3.0
"""Left and right padding of a table cell (points)."""


def column_widths(table: TextTable, width: float, size: float) -> list[float]:
    """Column widths that give every column room for its longest word (set in bold, which
    is wider), then share what is left by how much text each column holds."""
    columns = max([len(table.header), *(len(r) for r in table.rows)])
    least: list[float] = []
    weights: list[float] = []
    for c in range(columns):
        cells = [row[c] for row in (table.header, *table.rows) if c < len(row)]
        texts = [plain_text(cell) for cell in cells]
        words = [w for text in texts for w in text.split()] or [""]
        least.append(max(stringWidth(w, BOLD, size) for w in words) + 2 * PADDING + 1)
        weights.append(float(sum(len(t) for t in texts)))
    spare = max(0.0, width - sum(least))
    total = sum(weights) or 1.0
    return [low + spare * w / total for low, w in zip(least, weights, strict=True)]


class _Writer:
    """Turns blocks into flowables for one page size."""

    def __init__(self, styles: Styles, width: float, height: float, forms: FaceForms) -> None:
        self.styles = styles
        self.width = width
        self.height = height
        self.forms = forms

    def scene(self, diagram: Diagram, width: float) -> SceneFlowable:
        """A diagram at its own size (millimetres), made smaller only if it is wider than
        ``width`` or taller than :data:`DIAGRAM_SHARE` of the page."""
        scene = diagram.scene
        fit = min(width, scene.width * MM, self.height * DIAGRAM_SHARE * scene.width / scene.height)
        return SceneFlowable(scene, diagram.faces, self.forms, fit)

    def para(self, spans: Inline, style: ParagraphStyle) -> Paragraph:
        return Paragraph(markup(spans, self.styles.accent), style)

    def flowables(self, blocks: Sequence[Block]) -> list[Flowable]:
        """Every block's flowables; a heading is kept on the page of what follows it."""
        out: list[Flowable] = []
        pending: list[Flowable] = []
        for block in blocks:
            made = self.block(block)
            if isinstance(block, Heading):
                pending.extend(made)
                continue
            if pending and made:
                out.append(KeepTogether([*pending, made[0]]))
                out.extend(made[1:])
                pending = []
            else:
                out.extend(made)
        out.extend(pending)
        return out

    def block(self, block: Block) -> list[Flowable]:
        s = self.styles
        if isinstance(block, Heading):
            return [self.para(block.spans, s.heading(block.level))]
        if isinstance(block, TextParagraph):
            return [self.para(block.spans, s.body)]
        if isinstance(block, ListBlock):
            return [self.list_block(block)]
        if isinstance(block, TextTable):
            return [self.table(block)]
        if isinstance(block, Note):
            return [self.note(block)]
        if isinstance(block, PageBreakBlock):
            return [PageBreak()]
        if isinstance(block, Figure):
            return [self.figure(block)]
        raise TypeError(f"unverified block in a booklet: {block!r}")

    def list_block(self, block: ListBlock, style: ParagraphStyle | None = None) -> Flowable:
        style = style or self.styles.item
        items = [ListItem(self.para(spans, style)) for spans in block.items]
        if block.ordered:
            return ListFlowable(items, bulletType="1", start=block.start, bulletFontName=BOLD,
                                bulletFontSize=style.fontSize, leftIndent=14,
                                bulletColor=INK, spaceAfter=4)
        return ListFlowable(items, bulletType="bullet", start="\u2022", leftIndent=12,
                            bulletFontName=REGULAR, bulletFontSize=style.fontSize,
                            bulletColor=colors.HexColor(self.styles.accent), spaceAfter=4)

    def table(self, block: TextTable) -> Flowable:
        s = self.styles
        widths = column_widths(block, self.width, s.cell.fontSize)
        data = [[self.para(cell, s.head_cell) for cell in block.header]]
        data += [[self.para(cell, s.cell) for cell in row] for row in block.rows]
        table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8ebf2")),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#c5cad6")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ]))
        return KeepTogether([table, Spacer(1, 6)]) if len(data) < 12 else table

    def note(self, block: Note) -> Flowable:
        inner: list[Flowable] = []
        for part in block.blocks:
            if isinstance(part, TextParagraph):
                inner.append(self.para(part.spans, self.styles.note))
            else:
                inner.append(self.list_block(part, self.styles.note))
        box = Table([[inner]], colWidths=[self.width])
        box.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f1f3f8")),
            ("LINEBEFORE", (0, 0), (0, -1), 2, colors.HexColor(self.styles.accent)),
            ("LEFTPADDING", (0, 0), (-1, -1), 7),
            ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ]))
        return KeepTogether([box, Spacer(1, 7)])

    def diagrams(self, diagrams: Sequence[Diagram]) -> Flowable:
        if len(diagrams) == 1:
            return self.scene(diagrams[0], self.width)
        gap = 5 * MM
        each = (self.width - gap * (len(diagrams) - 1)) / len(diagrams)
        cells = [self.scene(d, each) for d in diagrams]
        labels = [Paragraph(escape(d.label), self.styles.label) for d in diagrams]
        widths = []
        for i in range(len(diagrams)):
            widths += [each] if i == 0 else [gap, each]
        row: list[object] = []
        label_row: list[object] = []
        for i, (cell, label) in enumerate(zip(cells, labels, strict=True)):
            if i:
                row.append("")
                label_row.append("")
            row.append(cell)
            label_row.append(label)
        table = Table([label_row, row], colWidths=widths)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]))
        return table

    def figure(self, figure: Figure) -> Flowable:
        s = self.styles
        parts: list[Flowable] = [Paragraph(f"Example {figure.number}", s.figure_title)]
        if figure.diagrams:
            parts.append(self.diagrams(figure.diagrams))
        else:
            lines = escape(figure.notation.rstrip()).replace("\n", "<br/>")
            parts.append(Paragraph(lines.replace("  ", "&nbsp; "), s.notation))
        if figure.caption:
            parts.append(self.para(figure.caption, s.caption))
        items = [ListItem(self.para(spans, s.claim)) for spans in figure.sentences]
        if items:
            parts.append(ListFlowable(items, bulletType="bullet", start="\u2022",
                                      leftIndent=10, bulletFontName=REGULAR,
                                      bulletFontSize=8.8, spaceBefore=2,
                                      bulletColor=colors.HexColor(s.accent)))
        parts.append(Spacer(1, 8))
        return KeepTogether(parts)


def _hex(colour: str) -> colors.Color:
    return colors.HexColor(colour)


def _draw_cover(canvas: Canvas, page: Paper, cover: Cover, forms: FaceForms) -> None:
    """The cover: a coloured band with the title, then card faces, then the details."""
    width, height = page.width, page.height
    band = height * 0.36
    canvas.saveState()
    canvas.setFillColor(_hex(cover.background))
    canvas.rect(0, height - band, width, band, stroke=0, fill=1)
    canvas.setFillColor(_hex(cover.ink))
    size = 30.0
    while canvas.stringWidth(cover.title, BOLD, size) > width - 2 * MARGIN_SIDE and size > 12:
        size -= 1
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(width / 2, height - band * 0.55, cover.title)
    canvas.setFont(REGULAR, 10)
    canvas.drawCentredString(width / 2, height - band * 0.55 - size * 0.9, cover.subtitle)
    # a row of card faces across the middle of the page
    if cover.art:
        count = len(cover.art)
        gap = 3 * MM
        each = min(30 * MM, (width - 2 * MARGIN_SIDE - gap * (count - 1)) / count)
        left = (width - count * each - (count - 1) * gap) / 2
        y = height - band - 14 * MM - each
        for i, (key, svg) in enumerate(cover.art):
            form = forms.form(canvas, key, functools.partial(str, svg))
            with saved(canvas):
                canvas.translate(left + i * (each + gap), y)
                canvas.scale(each / form.width, each / form.width)
                canvas.doForm(form.name)
        text_top = y - 12 * MM
    else:
        text_top = height - band - 20 * MM
    canvas.setFillColor(INK)
    canvas.setFont(REGULAR, 9.5)
    for i, line in enumerate(cover.lines):
        canvas.drawCentredString(width / 2, text_top - i * 13.5, line)
    canvas.setFillColor(MUTED)
    canvas.setFont(REGULAR, 7)
    canvas.drawCentredString(width / 2, MARGIN_BOTTOM * 0.6,
                             "Every example in this booklet was checked by the game's rules "
                             "engine.")
    canvas.restoreState()


def booklet_pdf(booklet: Booklet, page: Paper) -> tuple[bytes, int]:
    """The reading-order PDF of ``booklet`` on pages of size ``page``, and its page count."""
    register_fonts()
    styles = Styles(booklet.cover.accent)
    frame_w = page.width - 2 * MARGIN_SIDE
    frame_h = page.height - MARGIN_TOP - MARGIN_BOTTOM
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=(page.width, page.height), invariant=1, pageCompression=1,
        title=booklet.title, author="printkit", creator="printkit", producer="printkit",
        subject="rules booklet, pages in reading order", initialFontName=REGULAR,
        leftMargin=MARGIN_SIDE, rightMargin=MARGIN_SIDE, topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM)

    forms = FaceForms()

    def cover(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        _draw_cover(canvas, page, booklet.cover, forms)

    def numbered(canvas: Canvas, doc_: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(page.width / 2, MARGIN_BOTTOM * 0.5, str(doc_.page))
        canvas.restoreState()

    frame = Frame(MARGIN_SIDE, MARGIN_BOTTOM, frame_w, frame_h, id="text", leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([
        PageTemplate("cover", frames=[frame], onPage=cover),
        PageTemplate("body", frames=[frame], onPage=numbered),
    ])
    writer = _Writer(styles, frame_w, frame_h, forms)
    story: list[Flowable] = [NextPageTemplate("body"), Spacer(1, 1), PageBreak()]
    story += writer.flowables(booklet.blocks)
    doc.build(story)
    return buffer.getvalue(), int(doc.page)
