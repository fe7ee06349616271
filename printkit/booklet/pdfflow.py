"""What the booklet's layout placed on each page, in reading order, for checking its flow.

Every flowable a page draws is recorded as a :class:`Placed`: the page, what kind of thing
it is (a section heading, another heading, an example's title, a lead-in, a table, a
diagram, a caption, other text, an explicit page break) and where its lower edge fell.
The kinds survive splitting: a paragraph's kind comes from its style, and a table's from
its class, which reportlab gives the parts it splits a table into.  Tests read the record
beside the PDF itself (tests/test_page_flow.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Table

SECTION = "section"
"""A top-level heading."""
HEADING = "heading"
"""A heading below the top level."""
FIGURE_TITLE = "figure-title"
"""The title line of an example."""
LEAD_IN = "lead-in"
"""The paragraph that introduces the table or list after it."""
TABLE = "table"
DIAGRAM = "diagram"
CAPTION = "caption"
BREAK = "break"
"""A page break the template asks for (``---``)."""
TEXT = "text"
"""Anything else: paragraphs, lists, boxed notes, the contents."""

HEADINGS = frozenset({SECTION, HEADING, FIGURE_TITLE})
"""Kinds that must not end a page: each belongs with what follows it."""

_STYLE_KINDS = {"h1": SECTION, "h2": HEADING, "h3": HEADING, "figtitle": FIGURE_TITLE,
                "lead": LEAD_IN, "caption": CAPTION}


@dataclass(frozen=True)
class Placed:
    """One flowable as a page drew it."""

    page: int
    kind: str
    bottom: float
    """Height of its lower edge above the foot of the page, in points."""
    block: int | None
    """Index of the booklet block it belongs to (None: not a block of the booklet)."""


LEAST_ROWS = 2
"""Fewest rows of a table (under its header) on either side of a page break."""


class DataTable(Table):  # type: ignore[misc]  # reportlab has no type hints
    """A table of the booklet's text (the parts a page break splits it into are too).  A
    page break leaves at least :data:`LEAST_ROWS` rows on each side of it, or moves the
    whole table on."""

    pk_kind = TABLE

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(avail_width, avail_height)
        if len(parts) != 2 or getattr(self, "splitInRow", False):
            return parts
        head = int(self.repeatRows)
        before = len(parts[0]._cellvalues) - head
        after = len(parts[1]._cellvalues) - head
        if before < LEAST_ROWS:
            return []
        if after >= LEAST_ROWS:
            return parts
        keep = before - (LEAST_ROWS - after)  # rows to leave here so that two go on
        if keep < LEAST_ROWS:
            return []
        rows: list[float] = list(self._rowHeights)
        shorter: list[Flowable] = super().split(avail_width, sum(rows[:head + keep]) + 0.01)
        return shorter


class DiagramTable(Table):  # type: ignore[misc]  # reportlab has no type hints
    """Diagrams set side by side or one above the other, with their labels."""

    pk_kind = DIAGRAM


def kind_of(flowable: Flowable) -> str:
    """The kind of ``flowable`` (one of the names above)."""
    kind = getattr(flowable, "pk_kind", None)
    if isinstance(kind, str):
        return kind
    if isinstance(flowable, Paragraph):
        return _STYLE_KINDS.get(str(flowable.style.name), TEXT)
    return TEXT


def drawn_order(count: int, placed: Sequence[Placed]) -> tuple[int, ...]:
    """The indices of ``count`` blocks in the order the pages drew them: where text was
    set before an example that did not fit (:mod:`printkit.booklet.pdffloat`), it comes
    before the example.  A block that drew nothing stays after the block before it."""
    first: dict[int, int] = {}
    for rank, item in enumerate(placed):
        if item.block is not None:
            first.setdefault(item.block, rank)
    keys: list[tuple[int, int, int]] = []
    last = -1
    for index in range(count):
        last = first.get(index, last)
        keys.append((last, 0 if index in first else 1, index))
    return tuple(index for *_, index in sorted(keys))
