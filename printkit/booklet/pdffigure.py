"""An example in the booklet PDF: its title, introduction, diagrams, caption, moves and
checked sentences, kept on one page.

An example taller than a page first has its diagrams drawn smaller, but never below the
size at which their text stays 6 pt and their cards 9 mm wide (:func:`least_scale`); if it
is still too tall, it breaks only between diagrams drawn one above the other, its title
and introduction kept with the first and its caption and sentences with the last, or,
with a single diagram, after the caption (its moves and sentences go on to the next
page).  The
first part of every example is marked ``pk_float``: text after it may fill the page it
does not fit on (:mod:`printkit.booklet.pdffloat`); every part is marked ``pk_example``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    TableStyle,
)

from printkit.booklet.document import Diagram, Figure, Span
from printkit.booklet.pdfflow import DiagramTable
from printkit.layout.fonts import REGULAR
from printkit.render.diagram import MIN_CARD, MIN_TILE_FONT
from printkit.render.scene import CardShape, Scene, TextShape
from printkit.units import MM

if TYPE_CHECKING:  # the writer calls this module
    from printkit.booklet.pdfblocks import Writer

FIT_SLACK = 4.0
"""Points kept spare when an example's diagrams are made smaller to fit it on a page."""


def least_scale(scene: Scene) -> float:
    """The smallest share of its own size ``scene`` may be drawn at: its text stays at
    least :data:`~printkit.render.diagram.MIN_TILE_FONT` and its cards at least
    :data:`~printkit.render.diagram.MIN_CARD` wide (1 when it has nothing to spare)."""
    texts = [shape.size for shape in scene.shapes if isinstance(shape, TextShape)]
    cards = [shape.width for shape in scene.shapes if isinstance(shape, CardShape)]
    least = max(MIN_TILE_FONT / min(texts) if texts else 0.0,
                MIN_CARD / min(cards) if cards else 0.0)
    return min(1.0, least)


def diagrams(writer: Writer, diagrams: Sequence[Diagram], shrink: float = 1.0
             ) -> list[Flowable]:
    """The diagrams of an example: one flowable for diagrams side by side, one each
    for diagrams drawn one above the other (a page may break between those)."""
    if len(diagrams) == 1:
        return [writer.scene(diagrams[0], writer.width, shrink)]
    gap = 5 * MM
    each = (writer.width - gap * (len(diagrams) - 1)) / len(diagrams)
    if any(d.scene.width * MM > each + 0.01 for d in diagrams):
        # side by side they would be drawn smaller than their own size (a game's own
        # picture of a whole table): one above the other, each at its own size
        stacked = []
        for d in diagrams:  # a label stays with its diagram
            one = DiagramTable([[[Paragraph(escape(d.label), writer.styles.label),
                                  writer.scene(d, writer.width, shrink)]]],
                               colWidths=[writer.width])
            one.setStyle(TableStyle([
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]))
            stacked.append(one)
        return stacked
    cells = [writer.scene(d, each, shrink) for d in diagrams]
    labels = [Paragraph(escape(d.label), writer.styles.label) for d in diagrams]
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
    table = DiagramTable([label_row, row], colWidths=widths)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))
    return [table]


def figure_flowables(writer: Writer, figure: Figure) -> list[Flowable]:
    """An example, kept on one page: its title, introduction, diagrams, caption, moves
    and checked sentences (but see the module's note on examples taller than a page)."""
    s = writer.styles
    head: list[Flowable] = [Paragraph(escape(figure.heading), s.figure_title)]
    if figure.intro:
        head.append(writer.para(figure.intro, s.intro))
    if figure.diagrams:
        pictures = diagrams(writer, figure.diagrams)
    else:
        lines = escape(figure.notation.rstrip()).replace("\n", "<br/>")
        pictures = [Paragraph(lines.replace("  ", "&nbsp; "), s.notation)]
    parts: list[Flowable] = []
    if figure.caption:
        parts.append(writer.para(figure.caption, s.caption))
    if figure.moves:
        parts.append(writer.para((Span("Moves: ", bold=True), *figure.moves), s.claim))
    items = [ListItem(writer.para(spans, s.claim)) for spans in figure.sentences]
    if items:
        parts.append(ListFlowable(items, bulletType="bullet", start="\u2022",
                                  leftIndent=10, bulletFontName=REGULAR,
                                  bulletFontSize=8.8, spaceBefore=2,
                                  bulletColor=colors.HexColor(s.accent)))
    whole = [*head, *pictures, *parts]
    tall = writer.measure(whole) > writer.height
    if tall and figure.diagrams:  # smaller diagrams, as far as they stay legible
        room = writer.height - writer.measure([*head, *parts]) - FIT_SLACK
        pictures = diagrams(writer, figure.diagrams, max(0.0, room) / writer.measure(pictures))
        whole = [*head, *pictures, *parts]
        tall = writer.measure(whole) > writer.height
    whole[-1].spaceAfter = 8  # a spacer would be carried to the top of the next page
    if not tall:
        out = [KeepTogether(whole)]
    elif len(pictures) > 1:
        out = [KeepTogether([*head, pictures[0]]), *pictures[1:-1],
               KeepTogether([pictures[-1], *parts])]
    else:  # one diagram, too tall for the page with everything under it: its caption
        # stays with it, the moves and sentences go on to the next page
        kept = 1 if figure.caption else 0
        out = [KeepTogether([*head, *pictures, *parts[:kept]]), *parts[kept:]]
    for part in out:
        part.pk_example = True  # what floats, floats whole and in order
    out[0].pk_float = True  # text after it may fill the page it does not fit on
    return out
