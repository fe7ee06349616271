"""The cover's words, written by the template as YAML front matter.

A rendered booklet may begin with a block between two ``---`` lines::

    ---
    subtitle: Rules of play
    lines:
      - For 3 players with 2 decks
      - 11 x 11 board
    ---

``subtitle`` goes under the title and ``lines`` under the cover's cards.  The block is cut
from the Markdown before it is parsed (the lines stay, blank, so line numbers still match).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit import yamlsource
from printkit.booklet.environment import RenderedText
from printkit.errors import DefinitionError, Problem

KEYS = ("subtitle", "lines")
DEFAULT_SUBTITLE = "Rules of play"


@dataclass(frozen=True)
class FrontMatter:
    """What the template says about its cover."""

    subtitle: str = DEFAULT_SUBTITLE
    lines: tuple[str, ...] = ()


def split_front_matter(rendered: RenderedText) -> tuple[FrontMatter, RenderedText]:
    """The front matter (defaults if there is none) and the text with it blanked out."""
    rows = rendered.text.split("\n")
    if not rows or rows[0].strip() != "---":
        return FrontMatter(), rendered
    end = next((i for i in range(1, len(rows)) if rows[i].strip() == "---"), None)
    if end is None:
        raise DefinitionError([Problem("the front matter opened here is never closed by a "
                                       "'---' line", rendered.location(1))])
    body = "\n".join(rows[1:end])
    problems: list[Problem] = []

    def fail(line: int, message: str) -> None:
        problems.append(Problem(message, rendered.location(line + 1)))

    try:
        doc = yamlsource.parse(body, "front matter")
    except DefinitionError as exc:
        raise DefinitionError([Problem(p.message, rendered.location(
            (p.location.line if p.location else 0) + 1)) for p in exc.problems]) from None
    data = doc.data if isinstance(doc.data, dict) else None
    if data is None:
        raise DefinitionError([Problem("the front matter must be a mapping with "
                                       + " and ".join(KEYS), rendered.location(2))])
    for key in data:
        if key not in KEYS:
            fail(doc.where((key,), key=True).line, f"unknown front matter key {key!r}; "
                 f"known keys: {', '.join(KEYS)}")
    subtitle = data.get("subtitle", DEFAULT_SUBTITLE)
    if not isinstance(subtitle, str):
        fail(doc.where(("subtitle",)).line, "'subtitle' must be text")
        subtitle = DEFAULT_SUBTITLE
    lines = data.get("lines", [])
    if not isinstance(lines, list) or not all(isinstance(v, (str, int)) for v in lines):
        fail(doc.where(("lines",)).line, "'lines' must be a list of short texts")
        lines = []
    if problems:
        raise DefinitionError(problems)
    blank = [""] * (end + 1) + rows[end + 1:]
    return (FrontMatter(subtitle, tuple(str(v) for v in lines)),
            RenderedText("\n".join(blank), rendered.sources))
