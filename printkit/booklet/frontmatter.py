"""The cover's words, written by the template as YAML front matter.

A rendered booklet may begin with a block between two ``---`` lines::

    ---
    subtitle: Rules of play
    players: 2-4
    time: 20-30 minutes
    ages: 8 and up
    picture: [5-stars-2-stripes, 5-stars-6-stripes, trump]
    lines:
      - For 3 players with 2 decks
      - 11 x 11 board
    ---

``subtitle`` goes under the title; ``players``, ``time`` and ``ages`` are printed on the
cover as the facts a buyer looks for; ``picture`` names the faces (by their names in the
definition) shown on the cover, left to right; ``lines`` go under the picture.  The block
is cut from the Markdown before it is parsed (the lines stay, blank, so line numbers still
match).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit import yamlsource
from printkit.booklet.environment import RenderedText
from printkit.errors import DefinitionError, Problem

KEYS = ("subtitle", "players", "time", "ages", "picture", "lines")
FACTS = (("players", "Players"), ("time", "Playing time"), ("ages", "Ages"))
"""The cover's facts: front matter key and the label printed beside its value."""
DEFAULT_SUBTITLE = "Rules of play"


@dataclass(frozen=True)
class FrontMatter:
    """What the template says about its cover."""

    subtitle: str = DEFAULT_SUBTITLE
    lines: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    """(label, value) of each fact given: players, playing time, ages."""
    picture: tuple[str, ...] = ()
    """Names of the faces on the cover (empty: chosen by the machinery)."""


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
    lines = _texts(data, "lines", doc, fail)
    picture = _texts(data, "picture", doc, fail)
    facts = []
    for key, label in FACTS:
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            fail(doc.where((key,)).line, f"'{key}' must be a short text such as '2-4'")
            continue
        facts.append((label, str(value)))
    if problems:
        raise DefinitionError(problems)
    blank = [""] * (end + 1) + rows[end + 1:]
    return (FrontMatter(subtitle, lines, tuple(facts), picture),
            RenderedText("\n".join(blank), rendered.sources))


def _texts(data: dict[str, object], key: str, doc: yamlsource.Document,
           fail: Callable[[int, str], None]) -> tuple[str, ...]:
    """The list of short texts under ``key`` (empty if absent or wrong, wrong is reported)."""
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        fail(doc.where((key,)).line, f"'{key}' must be a list of short texts")
        return ()
    # a line a template left empty (a variant line in the standard game) is not printed
    return tuple(str(v).strip() for v in value if str(v).strip())
