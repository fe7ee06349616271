"""Booklet text as reportlab paragraph markup, in the booklet's font stack, and the widths
of a table's columns measured in it.

A span's words are split into runs by :func:`printkit.booklet.typeface.marked` (a run the
stack's first font lacks names the face that has it); bold, italic, notation and small
print wrap them.  ``<b>`` and ``<i>`` are used only for a family with all four faces,
whose links reportlab follows soundly; for a family that lends one face for another each
run names its face.
"""

from __future__ import annotations

from printkit.booklet import typeface
from printkit.booklet.document import LINE_BREAK, Inline, plain_text
from printkit.booklet.document import Table as TextTable
from printkit.definition.fontstack import FontStack, house_stack

SMALL = 0.8
"""Size of small print, as a share of the surrounding text."""
PADDING = 3.0
"""Left and right padding of a table cell (points)."""


def markup(spans: Inline, accent: str, size: float = 9.5, fonts: FontStack | None = None,
           *, bold: bool = False, italic: bool = False) -> str:
    """Spans as reportlab paragraph markup (``size`` is the paragraph's, for small print;
    ``bold`` and ``italic`` its style's), each in the stack ``fonts`` (the house stack when
    ``None``): a run of letters the first face lacks names the face that has them."""
    stack = fonts or house_stack()
    # <b> and <i> follow the family's links, which are sound only for a family with all
    # four faces; a family that lends one face for another gets each face by its name
    linked = len({typeface.font(stack, bold=b, italic=i)
                  for b in (False, True) for i in (False, True)}) == 4
    out = []
    for span in spans:
        if span is LINE_BREAK or span.text == "\n":
            out.append("<br/>")
            continue
        strong = bold or span.bold or span.code
        text = typeface.marked(stack, span.text, bold=strong, italic=italic or span.italic)
        if span.code:
            text = (f'<font name="{typeface.font(stack, bold=True)}" color="{accent}">'
                    f"{text}</font>")
        elif span.bold and span.italic:
            text = (f'<font name="{typeface.font(stack, bold=True, italic=True)}">'
                    f"{text}</font>")
        elif span.bold:
            text = (f"<b>{text}</b>" if linked else
                    f'<font name="{typeface.font(stack, bold=True, italic=italic)}">{text}</font>')
        elif span.italic:
            text = (f"<i>{text}</i>" if linked else
                    f'<font name="{typeface.font(stack, bold=bold, italic=True)}">{text}</font>')
        if span.small:
            text = f'<font size="{size * SMALL:.2f}" color="#5a6272">{text}</font>'
        out.append(text)
    return "".join(out)


def column_widths(table: TextTable, width: float, size: float,
                  fonts: FontStack | None = None) -> list[float]:
    """Column widths that give every column room for its longest word (set in bold, which
    is wider), then share what is left by how much text each column holds."""
    columns = max([len(table.header), *(len(r) for r in table.rows)])
    least: list[float] = []
    weights: list[float] = []
    for c in range(columns):
        cells = [row[c] for row in (table.header, *table.rows) if c < len(row)]
        texts = [plain_text(cell) for cell in cells]
        words = [w for text in texts for w in text.split()] or [""]
        least.append(max(typeface.width(fonts or house_stack(), w, size, bold=True)
                         for w in words) + 2 * PADDING + 1)
        weights.append(float(sum(len(t) for t in texts)))
    spare = max(0.0, width - sum(least))
    total = sum(weights) or 1.0
    return [low + spare * w / total for low, w in zip(least, weights, strict=True)]
