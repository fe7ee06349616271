"""The booklet's blocks as reportlab platypus flowables, for one page size.

Text is set in the booklet's font stack (:mod:`printkit.booklet.typeface`: the
definition's font and fallbacks, DejaVu Sans last, per character), game notation in bold
accent colour, small print a size smaller.  Each example is kept on one page with its
diagrams (drawn at their own size in millimetres), caption and checked claims; a
heading, or a paragraph ending in a colon, stays with what follows it, and a short list
stays in one piece.  The first flowable of every block carries the block's index
(``pk_block``) and every heading its outline entry (``pk_heading``), so the document can
record where blocks and sections begin (for the outline, the contents and the HTML's
page breaks).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import _listWrapOn

from printkit.booklet import typeface
from printkit.booklet.document import (
    BackCover,
    Block,
    Components,
    Contents,
    Diagram,
    Figure,
    Heading,
    Inline,
    ListBlock,
    Note,
    plain_text,
)
from printkit.booklet.document import PageBreak as PageBreakBlock
from printkit.booklet.document import Paragraph as TextParagraph
from printkit.booklet.document import Table as TextTable
from printkit.booklet.pdffigure import (
    FIT_SLACK,
    Refit,
    figure_flowables,
    least_flowables,
    least_scale,
)
from printkit.booklet.pdfflow import BREAK, DataTable
from printkit.booklet.pdfmarkup import PADDING, column_widths, markup
from printkit.booklet.pdfscene import FaceForms, SceneFlowable
from printkit.definition.fontstack import FontStack, house_stack
from printkit.units import MM

INK = colors.HexColor("#1d2a44")
MUTED = colors.HexColor("#5a6272")
RULE = colors.HexColor("#c5cad6")
DIAGRAM_SHARE = 0.8
"""Largest share of the text height a diagram may take, so its caption fits beside it."""
PICTURE_COLUMN = 30 * MM
"""Widest picture in the components list."""
SHORT_LIST = 6
"""Lists of this many items or fewer are kept on one page."""
SHORT_TABLE = 4
"""Tables of this many rows or fewer, and no taller than :data:`SHORT_TABLE_SHARE` of the
page, are kept on one page; others may break between rows (at least
:data:`~printkit.booklet.pdfflow.LEAST_ROWS` on each side), their header row repeated."""
SHORT_TABLE_SHARE = 0.3
"""Share of the text height above which a table of few rows (long notes in its cells) may
break too."""
FIRST_ROWS = 2
"""Rows of a table, under its header, that must follow its heading or lead-in on a page."""
FIRST_LINES = 3
"""Lines of a paragraph or list that must follow its heading or lead-in on a page."""

Pages = Callable[[str], str]
"""Heading key -> its page number as text (``""`` while unknown)."""


class Styles:
    """Paragraph styles of one booklet (the accent colour comes from the definition)."""

    def __init__(self, accent: str, *, notes: float = 8.5, fonts: FontStack | None = None
                 ) -> None:
        """``notes`` is the size of the text in boxed notes (larger on the back cover,
        where the quick reference is read across the table)."""
        self.accent = accent
        self.fonts = fonts or house_stack()
        """The booklet's font stack."""
        REGULAR = self.font()  # the names the styles were written with
        BOLD = self.font(bold=True)
        ITALIC = self.font(italic=True)
        base = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=13.2,
                              textColor=INK, spaceAfter=5, bulletFontName=REGULAR)
        self.body = base
        self.h1 = ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=15, leading=18,
                                 textColor=colors.HexColor(accent), spaceBefore=8,
                                 spaceAfter=6, keepWithNext=1)
        self.h2 = ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=11.5, leading=14,
                                 spaceBefore=7, spaceAfter=3, keepWithNext=1)
        self.h3 = ParagraphStyle("h3", parent=self.h2, fontSize=10, leading=13)
        self.lead = ParagraphStyle("lead", parent=base)
        """A paragraph that introduces the table or list after it (set as the body)."""
        self.item = ParagraphStyle("item", parent=base, spaceAfter=2)
        self.cell = ParagraphStyle("cell", parent=base, fontSize=8.5, leading=11, spaceAfter=0)
        self.head_cell = ParagraphStyle("head", parent=self.cell, fontName=BOLD)
        self.count = ParagraphStyle("count", parent=self.head_cell, alignment=TA_RIGHT)
        self.note = ParagraphStyle("note", parent=self.cell, fontSize=notes,
                                   leading=notes * 1.3, spaceAfter=notes * 0.45)
        self.figure_title = ParagraphStyle("figtitle", parent=base, fontName=BOLD, fontSize=9,
                                           leading=12, textColor=colors.HexColor(accent),
                                           spaceBefore=4, spaceAfter=3, keepWithNext=1)
        self.caption = ParagraphStyle("caption", parent=base, fontName=ITALIC, fontSize=8.8,
                                      leading=12, spaceBefore=3, spaceAfter=2)
        self.claim = ParagraphStyle("claim", parent=base, fontSize=8.8, leading=12,
                                    spaceAfter=1)
        self.intro = ParagraphStyle("intro", parent=base, fontSize=9, leading=12.4,
                                    spaceAfter=3)
        self.label = ParagraphStyle("label", parent=base, fontName=BOLD, fontSize=8,
                                    leading=10, alignment=TA_CENTER, textColor=MUTED)
        self.notation = ParagraphStyle("notation", parent=base, fontSize=7.5, leading=9)
        self.contents = ParagraphStyle("contents", parent=base, spaceAfter=0, leading=15)

    def font(self, *, bold: bool = False, italic: bool = False) -> str:
        """The PDF name of the stack's first face of this weight and slant."""
        return typeface.font(self.fonts, bold=bold, italic=italic)

    def weight(self, style: ParagraphStyle) -> tuple[bool, bool]:
        """Whether ``style`` is set bold, and italic (read from its font)."""
        name = str(style.fontName)
        if name == self.font(bold=True):
            return True, False
        return False, name == self.font(italic=True) != self.font()

    def heading(self, level: int) -> ParagraphStyle:
        """The style of a heading of ``level``."""
        return {1: self.h1, 2: self.h2}.get(level, self.h3)


def outline(blocks: Sequence[Block]) -> list[tuple[int, int, str]]:
    """Every heading of ``blocks`` as (block index, level, text), in order."""
    return [(i, b.level, plain_text(b.spans)) for i, b in enumerate(blocks)
            if isinstance(b, Heading)]


def is_lead_in(block: Block, after: Sequence[Block]) -> bool:
    """Whether ``block`` introduces the block after it (``after``: that block, if any): a
    paragraph ending in a colon, or any paragraph just before a table."""
    if not isinstance(block, TextParagraph):
        return False
    return plain_text(block.spans).endswith(":") or any(isinstance(b, TextTable) for b in after)


def heading_key(index: int) -> str:
    """The outline and contents key of the heading that is block ``index``."""
    return f"pk-h{index}"


def first_drawn(flowable: Flowable) -> Flowable:
    """The flowable a page will draw first of ``flowable`` (a kept-together group hands
    its parts to the page one by one)."""
    while isinstance(flowable, KeepTogether) and flowable._content:
        flowable = flowable._content[0]
    return flowable


class ContentsLine(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """One line of the contents: the section's name, a dotted leader and its page."""

    def __init__(self, text: str, page: str, style: ParagraphStyle, indent: float,
                 fonts: FontStack | None = None) -> None:
        super().__init__()
        self.text, self.page, self.style, self.indent = text, page, style, indent
        self.fonts = fonts or house_stack()
        self.bold = indent == 0
        self.width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, float(self.style.leading)

    def draw(self) -> None:
        canvas = self.canv
        fonts, bold = self.fonts, self.bold
        size = float(self.style.fontSize)
        base = (float(self.style.leading) - size) / 2 + size * 0.22
        canvas.setFillColor(INK)
        typeface.draw(canvas, fonts, size, self.indent, base, self.text, bold=bold)
        start = self.indent + typeface.width(fonts, self.text, size, bold=bold) + 4
        end = self.width - typeface.width(fonts, self.page or "00", size, bold=bold) - 4
        dot = typeface.width(fonts, ". ", size)
        count = int((end - start) // dot)
        if count > 0:  # one run of dots, ending at the same place on every line
            canvas.setFillColor(MUTED)
            typeface.draw(canvas, fonts, size, end, base, ". " * count, anchor="end")
        canvas.setFillColor(INK)
        typeface.draw(canvas, fonts, size, self.width, base, self.page, bold=bold,
                      anchor="end")


OPENING_BLOCKS = 4
"""Most blocks of a section's opening, its first example included (see
:meth:`Writer.opening`)."""


class Writer:
    """Turns blocks into flowables for one page size."""

    def __init__(self, styles: Styles, width: float, height: float, forms: FaceForms,
                 pages: Pages, headings: Sequence[tuple[int, int, str]] = ()) -> None:
        self.styles = styles
        self.width = width
        self.height = height
        self.forms = forms
        self.pages = pages
        self.headings = headings
        """Every heading of the booklet as (block index, level, text) (for the contents)."""
        self.drawn: dict[str, float] = {}
        """Diagram ident -> the width it is drawn at (points), for the HTML to follow."""
        self._scratch = Canvas(io.BytesIO())
        """A canvas to measure flowables on before the layout draws them."""

    def scene(self, diagram: Diagram, width: float, shrink: float = 1.0) -> SceneFlowable:
        """A diagram at its own size (millimetres), made smaller only if it is wider than
        ``width`` or taller than :data:`DIAGRAM_SHARE` of the page, and then by ``shrink``
        (an example that would not fit on one page), but never below :func:`least_scale`
        of its own size."""
        scene = diagram.scene
        own = scene.width * MM
        fit = min(width, own, self.height * DIAGRAM_SHARE * scene.width / scene.height)
        if shrink < 1.0:
            fit = min(fit, max(fit * shrink, own * least_scale(scene)))
        self.drawn[diagram.ident] = fit  # the last one made of a diagram is the one drawn
        return SceneFlowable(scene, diagram.faces, self.forms, fit, self.styles.fonts)

    def para(self, spans: Inline, style: ParagraphStyle) -> Paragraph:
        bold, italic = self.styles.weight(style)
        return Paragraph(markup(spans, self.styles.accent, float(style.fontSize),
                                self.styles.fonts, bold=bold, italic=italic), style)

    def flowables(self, blocks: Sequence[Block], first: int = 0) -> list[Flowable]:
        """Every block's flowables (block indices counted from ``first``); a heading, and
        a lead-in, is kept on the page of what follows it."""
        out: list[Flowable] = []
        pending: list[Flowable] = []
        for index, block in enumerate(blocks, start=first):
            made = self.block(block, index)
            if made:
                first_drawn(made[0]).pk_block = index
            lead = is_lead_in(block, blocks[index - first + 1:index - first + 2])
            if lead:
                made[0].style = self.styles.lead
            if isinstance(block, Heading):
                made[0].pk_heading = (heading_key(index), block.level, plain_text(block.spans))
                opening = self.opening(blocks[index - first:], index)
                if opening is not None:
                    out.append(CondPageBreak(opening))
            if isinstance(block, Heading) or lead:
                pending.extend(made)  # it stays with what it introduces
                continue
            if pending and made:
                out.extend(self.keep_with(pending, made))
                pending = []
            else:
                out.extend(made)
        out.extend(pending)
        return out

    def keep_with(self, pending: list[Flowable], made: list[Flowable]) -> list[Flowable]:
        """Headings and lead-ins (``pending``) kept on the page of what follows them."""
        head = made[0]
        if isinstance(head, KeepTogether):
            # one group, not a group inside a group: reportlab measures an inner group as
            # endless, which would push every heading to a new page
            group = KeepTogether([*pending, *head._content])
            smaller: Refit | None = getattr(head, "pk_refit", None)
            if smaller is not None:  # an example: it may be drawn smaller with them

                def grouped(room: float, above: Sequence[Flowable], inner: Refit = smaller
                            ) -> Flowable | None:
                    return inner(room, [*above, *pending])
                group.pk_refit = grouped
            return [group, *made[1:]]
        # what follows may break across pages: the headings need only its first lines or
        # rows beside them, not the whole of it (which would leave the page's foot empty)
        for flowable in pending:
            flowable.keepWithNext = 0  # kept here instead: reportlab would keep it all
        need = (float(pending[0].getSpaceBefore()) + self.measure([*pending, head])
                - self.measure([head]) + self.first_piece(head))
        return [CondPageBreak(need), *pending, *made]

    def opening(self, blocks: Sequence[Block], index: int) -> float | None:
        """The least height of a section's opening that starts at ``blocks[0]`` (block
        ``index``): a top-level heading, the text after it and its first example with its
        diagrams as small as they may be, if that is all the opening holds and it fits on
        a page.  Such a section starts a new page when the page it would start on has not
        that much room: its example would not fit there (even drawn smaller), and the
        heading and a few lines would be left at the top of a page that is otherwise
        empty."""
        if not isinstance(blocks[0], Heading) or blocks[0].level != 1:
            return None
        for end, block in enumerate(blocks[1:OPENING_BLOCKS + 1], start=1):
            if isinstance(block, Figure):
                made = [part for at, one in enumerate(blocks[:end])
                        for part in self.block(one, index + at)]
                flat = [part for f in made
                        for part in (f._content if isinstance(f, KeepTogether) else [f])]
                height = self.measure([*flat, *least_flowables(self, block)]) + FIT_SLACK
                return height if height <= self.height else None
            if not isinstance(block, (TextParagraph, ListBlock, Note)):
                return None
        return None

    def measure(self, flowables: Sequence[Flowable]) -> float:
        """The height ``flowables`` take one after the other at the text's width."""
        return float(_listWrapOn(list(flowables), self.width, self._scratch)[1])

    def first_piece(self, flowable: Flowable) -> float:
        """The least of ``flowable`` worth starting a page with: a table's header and its
        first :data:`FIRST_ROWS` rows, or :data:`FIRST_LINES` lines of text."""
        height = self.measure([flowable])
        if isinstance(flowable, Table):
            rows = [float(h) for h in flowable._rowHeights]
            return min(height, sum(rows[:int(flowable.repeatRows) + FIRST_ROWS]))
        return min(height, FIRST_LINES * float(self.styles.body.leading))

    def block(self, block: Block, index: int) -> list[Flowable]:
        s = self.styles
        if isinstance(block, Heading):
            return [self.para(block.spans, s.heading(block.level))]
        if isinstance(block, TextParagraph):
            return [self.para(block.spans, s.body)]
        if isinstance(block, ListBlock):
            made = self.list_block(block)  # a short list is read in one place
            return [KeepTogether([made]) if len(block.items) <= SHORT_LIST else made]
        if isinstance(block, TextTable):
            return [self.table(block)]
        if isinstance(block, Note):
            return [self.note(block)]
        if isinstance(block, PageBreakBlock):
            wanted = PageBreak()
            wanted.pk_kind = BREAK
            return [wanted]
        if isinstance(block, Figure):
            return figure_flowables(self, block)
        if isinstance(block, Contents):
            return self.contents(block, index)
        if isinstance(block, Components):
            return self.components(block)
        if isinstance(block, BackCover):
            return []
        raise TypeError(f"unverified block in a booklet: {block!r}")

    def contents(self, block: Contents, index: int) -> list[Flowable]:
        words = typeface.marked(self.styles.fonts, block.title, bold=True, quote=True)
        title = Paragraph(words, self.styles.h1)
        title.pk_heading = (heading_key(index), 1, block.title)
        out: list[Flowable] = [title]
        for where, level, text in self.headings:
            if where > index and level <= block.depth:
                out.append(ContentsLine(text, self.pages(heading_key(where)),
                                        self.styles.contents, 0 if level == 1 else 12,
                                        self.styles.fonts))
        out.append(Spacer(1, 6))
        return [KeepTogether(out)]

    def components(self, block: Components) -> list[Flowable]:
        s = self.styles
        picture_width = min(PICTURE_COLUMN, max(
            (r.picture.scene.width * MM for r in block.rows if r.picture), default=0.0))
        count_width = 16 * MM
        rows: list[list[object]] = []
        for row in block.rows:
            words: list[Flowable] = [self.para(row.name, s.head_cell)]
            if row.note:
                words.append(self.para(row.note, s.cell))
            picture = self.scene(row.picture, picture_width) if row.picture else ""
            count = typeface.marked(s.fonts, row.count, bold=True, quote=True)
            rows.append([picture, words, Paragraph(count, s.count)])
        table = Table(rows, colWidths=[picture_width + 4, self.width - picture_width - 4
                                       - count_width, count_width], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.styles.font()),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        self._split_if_tall(table)
        out: list[Flowable] = [table, Spacer(1, 6)]
        if block.summary:
            out.append(self.para(block.summary, s.body))
        return out

    def list_block(self, block: ListBlock, style: ParagraphStyle | None = None) -> Flowable:
        style = style or self.styles.item
        items = [ListItem(self.para(spans, style)) for spans in block.items]
        if block.ordered:
            return ListFlowable(items, bulletType="1", start=block.start,
                                bulletFontName=self.styles.font(bold=True),
                                bulletFontSize=style.fontSize, leftIndent=14,
                                bulletColor=INK, spaceAfter=4)
        return ListFlowable(items, bulletType="bullet", start="\u2022", leftIndent=12,
                            bulletFontName=typeface.runs(self.styles.fonts, "\u2022")[0][1].name,
                            bulletFontSize=style.fontSize,
                            bulletColor=colors.HexColor(self.styles.accent), spaceAfter=4)

    def table(self, block: TextTable) -> Flowable:
        s = self.styles
        widths = column_widths(block, self.width, s.cell.fontSize, s.fonts)
        data = [[self.para(cell, s.head_cell) for cell in block.header]]
        data += [[self.para(cell, s.cell) for cell in row] for row in block.rows]
        table = DataTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.styles.font()),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8ebf2")),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ]))
        self._split_if_tall(table)
        table.spaceAfter = 6  # not a spacer: that would be carried to the top of a page
        short = (len(block.rows) <= SHORT_TABLE
                 and sum(table._rowHeights) <= self.height * SHORT_TABLE_SHARE)
        return KeepTogether([table]) if short else table

    def _split_if_tall(self, table: Table) -> None:
        """Let ``table`` break inside a row when one of its rows, under the repeated
        header, is taller than a whole page (a long note on a small page): a page then ends
        inside that row. Any other table breaks between its rows, as before."""
        table.wrap(self.width, self.height)
        rows: list[float] = list(table._rowHeights)
        head = int(table.repeatRows)
        if sum(rows[:head]) + max(rows[head:] or rows) > self.height:
            table.splitInRow = 1

    def note(self, block: Note) -> Flowable:
        inner: list[Flowable] = []
        for part in block.blocks:
            if isinstance(part, TextParagraph):
                inner.append(self.para(part.spans, self.styles.note))
            else:
                inner.append(self.list_block(part, self.styles.note))
        box = Table([[inner]], colWidths=[self.width])
        box.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.styles.font()),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f1f3f8")),
            ("LINEBEFORE", (0, 0), (0, -1), 2, colors.HexColor(self.styles.accent)),
            ("LEFTPADDING", (0, 0), (-1, -1), 7),
            ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ]))
        self._split_if_tall(box)
        box.spaceAfter = 7
        return KeepTogether([box])
