"""Whether a booklet can be laid out on its pages, and what to say when it cannot.

A booklet's pages are half the paper it is printed on.  Pages smaller than
:data:`SMALLEST_PAGE` (A6, folded from A5 paper) are refused before anything is laid out;
on larger pages every block either fits or is split (long paragraphs, lists, tables and
boxed notes break across pages, diagrams are scaled to the page), and a block that still
cannot be placed is named in the error, with the paper to use instead.
"""

from __future__ import annotations

from printkit.booklet.document import (
    Block,
    Components,
    Contents,
    Figure,
    Heading,
    ListBlock,
    Note,
    Paragraph,
    Table,
    plain_text,
)
from printkit.errors import DefinitionError, Location, Problem
from printkit.pdf.paper import Paper
from printkit.units import MM

SMALLEST_PAGE = (105 * MM, 148 * MM)
"""The smallest booklet page (width, height in points): A6, half a sheet of A5."""
_SLACK = 0.5 * MM
"""Paper sizes written in other units round a little either way."""
_SMALLEST_PAPER = "print the booklet on a5 paper or larger (--paper a5, a4 or letter)"
_LARGER_PAPER = "print the booklet on larger paper (--paper a4 gives A5 pages)"


def _mm(points: float) -> str:
    return f"{points / MM:.0f}"


def check_page(page: Paper, where: Location | None = None) -> None:
    """Refuse booklet pages smaller than :data:`SMALLEST_PAGE` (``where``: where the paper
    was chosen)."""
    least_w, least_h = SMALLEST_PAGE
    if page.width < least_w - _SLACK or page.height < least_h - _SLACK:
        raise DefinitionError([Problem(
            f"the booklet's pages would be {_mm(page.width)} mm wide and {_mm(page.height)} "
            f"mm tall (half the paper); a booklet needs pages at least {_mm(least_w)} mm wide "
            f"and {_mm(least_h)} mm tall (A6): {_SMALLEST_PAPER}", where)])


def describe(block: Block | None) -> str:
    """A block in a few words, as the reader of the template would know it."""
    def words(text: str) -> str:
        text = " ".join(text.split())
        return repr(text if len(text) <= 50 else text[:49] + "...")

    if isinstance(block, Heading):
        return f"the heading {words(plain_text(block.spans))}"
    if isinstance(block, Paragraph):
        return f"the paragraph {words(plain_text(block.spans))}"
    if isinstance(block, Note):
        first = block.blocks[0] if block.blocks else None
        text = plain_text(first.spans) if isinstance(first, Paragraph) else (
            plain_text(first.items[0]) if isinstance(first, ListBlock) and first.items else "")
        return f"the boxed note {words(text)}"
    if isinstance(block, ListBlock):
        return "the list " + (words(plain_text(block.items[0])) if block.items else "")
    if isinstance(block, Table):
        return f"the table of {len(block.rows)} rows"
    if isinstance(block, Figure):
        return f"the figure {words(block.heading)}"
    if isinstance(block, Components):
        return "the components list"
    if isinstance(block, Contents):
        return "the table of contents"
    return "a block"


def too_small(page: Paper, block: Block | None) -> DefinitionError:
    """The error for ``block``, which cannot be placed on ``page``."""
    return DefinitionError(
        f"{describe(block)} in the booklet does not fit on its {_mm(page.width)} x "
        f"{_mm(page.height)} mm pages: shorten it, or {_LARGER_PAPER}")
