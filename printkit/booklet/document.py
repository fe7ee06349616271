"""The booklet as a small document model that the PDF and HTML writers both walk.

Text is a tuple of :class:`Span` (plain, bold, italic, or code for game notation; a span
whose text is ``"\\n"`` is a line break).  Blocks are headings, paragraphs, lists, tables,
notes (Markdown block quotes), page breaks and figures (verified examples with their
diagrams and the sentences stating their claims).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.errors import Location
from printkit.render.scene import FaceLibrary, Scene


@dataclass(frozen=True)
class Span:
    """A run of text in one style."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False


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
class Diagram:
    """One drawing of a position: its shapes, the same as SVG text, and a short title
    (empty for a lone diagram)."""

    scene: Scene
    svg: str
    label: str
    faces: FaceLibrary = field(compare=False, repr=False)
    """Where the card faces of ``scene`` come from."""


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


Block = Heading | Paragraph | ListBlock | Table | Note | PageBreak | ExampleSource | Figure


@dataclass(frozen=True)
class Cover:
    """What the cover page shows."""

    title: str
    subtitle: str
    lines: tuple[str, ...]
    """Short lines under the cards: what this booklet's variant is."""
    background: str
    ink: str
    accent: str
    art: tuple[tuple[str, str], ...]
    """Card faces shown on the cover: (unique key, SVG text)."""


@dataclass(frozen=True)
class Booklet:
    """Everything a booklet writer needs."""

    title: str
    cover: Cover
    blocks: tuple[Block, ...]
    figures: int
    """How many examples were verified."""
