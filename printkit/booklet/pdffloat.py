"""An example that does not fit at the foot of a page lets the text after it fill the page.

An example (its title, diagram, caption and sentences) is kept on one page, and is often
most of a page: when it does not fit in what is left of a page, leaving that room empty
would leave the page a third to two-thirds blank.  Instead, what follows the example (and
the examples right after it) in the same top-level section is set first, as much of it as
fits whole in that room: paragraphs, lists, tables, notes, and subsections kept together
with their headings.  It stops at the first thing that does not fit or may not move (a
top-level heading, another example, a page break).  The examples then start the next
page, as printed figures float to the top of a page.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ActionFlowable,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    Spacer,
)
from reportlab.platypus.flowables import _listWrapOn

from printkit.booklet.pdfflow import HEADING, HEADINGS, LEAD_IN, SECTION, kind_of

FLOAT_ROOM = 1 / 3
"""Share of a page's text frame that must be left empty below the text before an example
floats to the next page (less room is left as it is)."""


def _movable(flowable: Flowable) -> bool:
    """Whether ``flowable`` may be set before an example that precedes it: text, or a
    subsection's heading kept together with what it introduces; not a top-level heading,
    an example, a page break or a conditional break."""
    if isinstance(flowable, ActionFlowable) or getattr(flowable, "locChanger", False):
        return False
    if getattr(flowable, "pk_example", False):
        return False
    if isinstance(flowable, KeepTogether):
        kinds = [kind_of(part) for part in flowable._content]
        return SECTION not in kinds and kinds[-1] not in HEADINGS | {LEAD_IN}
    return kind_of(flowable) not in HEADINGS | {LEAD_IN}


def _with_example(flowable: Flowable) -> bool:
    """Whether ``flowable`` is part of an example, or space between examples (a
    conditional page break is not: it starts a subsection)."""
    if isinstance(flowable, CondPageBreak):
        return False
    return bool(getattr(flowable, "pk_example", False)) or isinstance(flowable, Spacer)


def _unit(flowables: list[Flowable], start: int) -> int:
    """How many flowables from ``start`` may move ahead of an example as one: a movable
    flowable, or a subsection's heading (and lead-ins) with what follows them, as
    :meth:`~printkit.booklet.pdfblocks.Writer.keep_with` sets them out after a conditional
    page break.  0 if none may."""
    first = flowables[start]
    if not isinstance(first, CondPageBreak):
        return 1 if _movable(first) else 0
    end = start + 1
    while end < len(flowables) and kind_of(flowables[end]) in {HEADING, LEAD_IN}:
        end += 1
    if end == start + 1 or end >= len(flowables) or not _movable(flowables[end]):
        return 0
    return end + 1 - start


def _height(flowables: list[Flowable], width: float, canvas: Canvas) -> float:
    """The height ``flowables`` take one after the other (a kept-together group by what it
    holds: reportlab measures the group itself as endless)."""
    parts = [part for f in flowables if not isinstance(f, CondPageBreak)
             for part in (f._content if isinstance(f, KeepTogether) else [f])]
    return float(_listWrapOn(parts, width, canvas)[1])


def float_example(flowables: list[Flowable], frame: Frame, canvas: Canvas) -> int:
    """If ``flowables`` starts with an example that will not fit in ``frame`` but fits on
    a page, and the room left is over :data:`FLOAT_ROOM` of the frame, fill that room:
    move ahead of the example the text after it that fits whole in it, or, where that
    would still leave over :data:`FLOAT_ROOM` of the frame empty, draw the example there
    with smaller diagrams if they stay legible that small
    (:func:`~printkit.booklet.pdffigure.refit`; text is moved if they do not).  Returns
    how many flowables were moved."""
    example = flowables[0] if flowables else None
    smaller = getattr(example, "pk_refit", None)
    if not getattr(example, "pk_float", False) and smaller is None:
        return 0
    room = float(frame._y - frame._y1p)
    width = float(frame._getAvailableWidth())
    height = _height([example], width, canvas)
    if height <= room:
        return 0
    if height > frame._aH:  # with the headings kept with it, taller than a page
        if smaller is not None:
            fitted = smaller(room, ())
            flowables[0] = example if fitted is None else fitted
        return 0
    if frame._atTop or room <= FLOAT_ROOM * frame._aH:
        return 0
    moved: list[Flowable] = []
    examples = 1  # the rest of it, and the examples right after it, float with it
    if getattr(example, "pk_float", False):
        while examples < len(flowables) and _with_example(flowables[examples]):
            examples += 1
        at = examples
        while at < len(flowables):
            size = _unit(flowables, at)
            if not size or _height([*moved, *flowables[at:at + size]], width, canvas) > room:
                break
            moved += flowables[at:at + size]
            at += size
    if smaller is not None and room - _height(moved, width, canvas) > FLOAT_ROOM * frame._aH:
        fitted = smaller(room, ())
        if fitted is not None:
            flowables[0] = fitted
            return 0
    if moved:
        flowables[:examples + len(moved)] = [*moved, *flowables[:examples]]
    return len(moved)
