"""The booklet as a small document model that the PDF and HTML writers both walk.

Text is a tuple of :class:`Span` (plain, bold, italic, small print, or code for game
notation; a span whose text is ``"\\n"`` is a line break).  Blocks are headings,
paragraphs, lists, tables, notes (Markdown block quotes), page breaks and figures
(verified examples with their diagrams and the sentences stating their claims), plus the
parts the booklet machinery fills in from the build's own data: the table of contents,
the components list and the start of the back cover.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from printkit.definition.fontstack import FontStack, house_stack
from printkit.errors import Location
from printkit.pdf.paper import Paper
from printkit.render.scene import FaceLibrary, Scene, scene_svg


@dataclass(frozen=True)
class Span:
    """A run of text in one style."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    small: bool = False
    """Small print (``<small>`` in the template): parameter names for variant builders."""


Inline = tuple[Span, ...]

LINE_BREAK = Span("\n")


def plain_text(spans: Inline) -> str:
    """The words of ``spans`` without styling (line breaks become spaces)."""
    return "".join(" " if s is LINE_BREAK or s.text == "\n" else s.text for s in spans)


@dataclass(frozen=True)
class Heading:
    """A section (level 1) or sub-section (level 2 and below) title."""

    level: int
    spans: Inline


@dataclass(frozen=True)
class Paragraph:
    """Running text."""

    spans: Inline


@dataclass(frozen=True)
class ListBlock:
    """A bulleted or numbered list; each item is one paragraph of text."""

    ordered: bool
    items: tuple[Inline, ...]
    start: int = 1


@dataclass(frozen=True)
class Table:
    """A table with a header row."""

    header: tuple[Inline, ...]
    rows: tuple[tuple[Inline, ...], ...]


@dataclass(frozen=True)
class Note:
    """A boxed aside (a Markdown block quote): paragraphs and lists."""

    blocks: tuple[Paragraph | ListBlock, ...]


@dataclass(frozen=True)
class PageBreak:
    """Start a new page (a Markdown thematic break, ``---``)."""


@dataclass(frozen=True)
class ExampleSource:
    """An example block as the template wrote it, not yet verified."""

    text: str
    first_line: int
    """1-based line of the rendered Markdown that holds the block's first YAML line."""
    location: Location
    """The opening fence in the template."""


@dataclass(frozen=True)
class Directive:
    """A fenced block asking the machinery for a part it builds (``contents``,
    ``components``, ``back-cover``), as the template wrote it."""

    name: str
    text: str
    location: Location


@dataclass(frozen=True)
class Diagram:
    """One drawing: its shapes and a short title (empty for a lone diagram)."""

    scene: Scene
    ident: str
    """Prefix of the ids in its SVG, unique in the booklet's HTML page."""
    label: str
    faces: FaceLibrary = field(compare=False, repr=False)
    """Where the card faces of ``scene`` come from."""

    @cached_property
    def svg(self) -> str:
        """The drawing as SVG text, for the HTML booklet (made when first asked for: a check
        prepares the booklet and writes nothing, the PDF draws the scene itself)."""
        return scene_svg(self.scene, self.faces, ident=self.ident)


@dataclass(frozen=True)
class Figure:
    """A verified example: its diagrams, caption and the sentences stating its claims."""

    number: int
    name: str
    diagrams: tuple[Diagram, ...]
    notation: str
    """The position in the game's notation, printed when the game has no diagram."""
    caption: Inline
    sentences: tuple[Inline, ...]
    title: str = ""
    """What the example shows in a few words (``Round 2``); printed after its number."""
    intro: Inline = ()
    """A paragraph printed above the diagrams (a sample game's story of the moves)."""
    moves: Inline = ()
    """The moves played, a sentence each, printed as one paragraph before the claims."""

    @property
    def heading(self) -> str:
        """``Example 3: Round 2`` (or ``Example 3`` without a title)."""
        return f"Example {self.number}" + (f": {self.title}" if self.title else "")


@dataclass(frozen=True)
class Contents:
    """The table of contents: the writers list the level 1 (and, with ``depth`` 2, level 2)
    headings that follow, with their page numbers."""

    title: str = "Contents"
    depth: int = 1


@dataclass(frozen=True)
class ComponentRow:
    """One line of the components list: a picture, what it is and how many."""

    picture: Diagram | None
    name: Inline
    count: str
    note: Inline = ()


@dataclass(frozen=True)
class Components:
    """What to print and cut, with counts from the build's own data."""

    rows: tuple[ComponentRow, ...]
    summary: Inline = ()
    """How the cards are printed (cards to a sheet, sheets)."""
    paper: str = ""
    """The paper the sheets were counted on."""
    recount: Callable[[Paper], Components] | None = field(default=None, compare=False,
                                                          repr=False)
    """The same list counted on other paper (the booklet is written for the build's)."""


@dataclass(frozen=True)
class BackCover:
    """Everything after this block goes on the back cover, the booklet's last page."""


Block = (Heading | Paragraph | ListBlock | Table | Note | PageBreak | ExampleSource | Directive
         | Figure | Contents | Components | BackCover)


@dataclass(frozen=True)
class Cover:
    """What the cover page shows."""

    title: str
    subtitle: str
    lines: tuple[str, ...]
    """Short lines under the picture: what this booklet's variant is."""
    background: str
    ink: str
    accent: str
    facts: tuple[tuple[str, str], ...] = ()
    """(label, value) pairs printed on the cover: players, playing time, ages."""
    picture: Diagram | None = None
    """Real components drawn by their own renderers (cards, a corner of the board)."""
    checked: int = 0
    """How many examples the rules engine checked (the covers say so only when some were)."""


@dataclass(frozen=True)
class Booklet:
    """Everything a booklet writer needs."""

    title: str
    cover: Cover
    blocks: tuple[Block, ...]
    figures: int
    """How many examples were verified."""
    fonts: FontStack = field(default_factory=house_stack)
    """The stack every word of the booklet is set in: the definition's font and
    fallbacks, DejaVu Sans last (:func:`printkit.booklet.typeface.booklet_stack`)."""
