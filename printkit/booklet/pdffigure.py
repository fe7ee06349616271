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

from collections.abc import Callable, Sequence
from typing import Protocol

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    TableStyle,
)

from printkit.booklet import typeface
from printkit.booklet.document import Diagram, Figure, Inline, Span
from printkit.booklet.pdfflow import DiagramTable
from printkit.booklet.pdfscene import SceneFlowable
from printkit.definition.fontstack import FontStack
from printkit.render.diagram import MIN_CARD, MIN_TILE_FONT
from printkit.render.scene import CardShape, Scene, TextShape
from printkit.units import MM


class _Styles(Protocol):
    accent: str
    fonts: FontStack
    label: ParagraphStyle
    caption: ParagraphStyle
    claim: ParagraphStyle
    figure_title: ParagraphStyle
    intro: ParagraphStyle
    notation: ParagraphStyle


class Writer(Protocol):
    """What this module needs of the booklet's writer (:class:`~printkit.booklet.pdfblocks.
    Writer`, which calls this module): a protocol, so no import runs back to it."""

    @property
    def styles(self) -> _Styles: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    drawn: dict[str, float]

    def measure(self, flowables: Sequence[Flowable]) -> float: ...
    def para(self, spans: Inline, style: ParagraphStyle) -> Paragraph: ...
    def scene(self, diagram: Diagram, width: float, shrink: float = 1.0) -> SceneFlowable: ...

FIT_SLACK = 4.0
"""Points kept spare when an example's diagrams are made smaller to fit it on a page."""
REFIT_STEPS = 10
"""Halvings of the range of sizes searched for the largest at which an example's diagrams
fit it in what is left of a page (to a thousandth of their size)."""


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
            label = typeface.marked(writer.styles.fonts, d.label, bold=True, quote=True)
            one = DiagramTable([[[Paragraph(label, writer.styles.label),
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
    labels = [Paragraph(typeface.marked(writer.styles.fonts, d.label, bold=True, quote=True),
                        writer.styles.label) for d in diagrams]
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
        ("FONT", (0, 0), (-1, -1), typeface.font(writer.styles.fonts)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]))
    return [table]


def _shrunk(writer: Writer, figure: Figure, fixed: list[Flowable], pictures: list[Flowable],
            height: float) -> list[Flowable]:
    """The diagrams of ``figure`` drawn smaller so that they and the ``fixed`` part of the
    example (drawn at ``pictures``' size) take ``height``, but no smaller than
    :func:`least_scale` lets them be."""
    room = height - writer.measure(fixed) - FIT_SLACK
    return diagrams(writer, figure.diagrams, max(0.0, room) / writer.measure(pictures))


Refit = Callable[[float, Sequence[Flowable]], "Flowable | None"]
"""An example's ``pk_refit``: the example in a given height, after the given headings kept
with it (see :func:`refit`)."""


def refit(writer: Writer, figure: Figure, head: list[Flowable], parts: list[Flowable],
          room: float, above: Sequence[Flowable] = ()) -> Flowable | None:
    """The example ``figure`` (``head`` and ``parts`` as it was made), with the headings
    and lead-ins ``above`` it, in ``room`` points of height: its diagrams as large as fits
    there but still legible, kept together (and, without ``above``, marked as
    :func:`figure_flowables` marks it). ``None`` if it does not fit there even at its
    least legible size (the widths the writer notes are then left as they were)."""
    noted = dict(writer.drawn)
    limit = room - FIT_SLACK

    def made(shrink: float) -> list[Flowable]:
        return [*above, *head, *diagrams(writer, figure.diagrams, shrink), *parts]

    if writer.measure(made(0.0)) > limit:
        writer.drawn = noted
        return None
    low, high = 0.0, 1.0  # made(low) fits, made(high) does not
    for _ in range(REFIT_STEPS):
        middle = (low + high) / 2
        low, high = (middle, high) if writer.measure(made(middle)) <= limit else (low, middle)
    whole = made(low)  # the last made is the size the writer notes
    whole[-1].spaceAfter = 8
    kept = KeepTogether(whole)
    kept.pk_example = kept.pk_float = not above
    return kept


def least_flowables(writer: Writer, figure: Figure) -> list[Flowable]:
    """The parts of ``figure`` with its diagrams at their least legible size, to measure
    (the widths the writer notes are left as they were)."""
    noted = dict(writer.drawn)
    head, pictures, parts = _pieces(writer, figure)
    if figure.diagrams:
        pictures = diagrams(writer, figure.diagrams, 0.0)
    writer.drawn = noted
    return [*head, *pictures, *parts]


def figure_flowables(writer: Writer, figure: Figure) -> list[Flowable]:
    """An example, kept on one page: its title, introduction, diagrams, caption, moves
    and checked sentences (but see the module's note on examples taller than a page)."""
    head, pictures, parts = _pieces(writer, figure)
    whole = [*head, *pictures, *parts]
    tall = writer.measure(whole) > writer.height
    if tall and figure.diagrams:  # smaller diagrams, as far as they stay legible
        pictures = _shrunk(writer, figure, [*head, *parts], pictures, writer.height)
        whole = [*head, *pictures, *parts]
        tall = writer.measure(whole) > writer.height
    whole[-1].spaceAfter = 8  # a spacer would be carried to the top of the next page
    if not tall:
        out = [KeepTogether(whole)]
        if figure.diagrams:
            def smaller(room: float, above: Sequence[Flowable]) -> Flowable | None:
                return refit(writer, figure, head, parts, room, above)
            out[0].pk_refit = smaller  # tried where the example does not fit a page's foot
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


def _pieces(writer: Writer, figure: Figure
            ) -> tuple[list[Flowable], list[Flowable], list[Flowable]]:
    """An example's title and introduction, its diagrams (or notation) at their own
    size, and its caption, moves and sentences."""
    s = writer.styles
    heading = typeface.marked(s.fonts, figure.heading, bold=True, quote=True)
    head: list[Flowable] = [Paragraph(heading, s.figure_title)]
    if figure.intro:
        head.append(writer.para(figure.intro, s.intro))
    if figure.diagrams:
        pictures = diagrams(writer, figure.diagrams)
    else:
        notation = typeface.marked(s.fonts, figure.notation.rstrip(), quote=True)
        lines = notation.replace("\n", "<br/>")
        pictures = [Paragraph(lines.replace("  ", "&nbsp; "), s.notation)]
    parts: list[Flowable] = []
    if figure.caption:
        parts.append(writer.para(figure.caption, s.caption))
    if figure.moves:
        parts.append(writer.para((Span("Moves: ", bold=True), *figure.moves), s.claim))
    items = [ListItem(writer.para(spans, s.claim)) for spans in figure.sentences]
    if items:
        parts.append(ListFlowable(items, bulletType="bullet", start="\u2022",
                                  leftIndent=10,
                                  bulletFontName=typeface.runs(s.fonts, "\u2022")[0][1].name,
                                  bulletFontSize=8.8, spaceBefore=2,
                                  bulletColor=colors.HexColor(s.accent)))
    return head, pictures, parts
