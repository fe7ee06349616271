"""The parts of a booklet that the machinery builds where the template asks for them.

A template asks with a fenced block; the macros of ``templates/partials/booklet.md.j2``
write these blocks, so a template rarely spells them out:

```` ```contents ````
    the table of contents (page numbers in the PDF, links in the HTML; the PDF gets an
    outline for jumping too).  Optional YAML: ``title: Contents``, ``depth: 2`` to list
    sub-sections as well.
```` ```components ````
    what to print and cut, counted from the build (see :mod:`printkit.booklet.components`).
```` ```back-cover ````
    everything after it goes on the back cover, the booklet's last page (blank pages, if
    the page count needs them for folding, are put before it, never after).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit import yamlsource
from printkit.booklet.components import Counts, components
from printkit.booklet.document import BackCover, Block, Contents, Directive
from printkit.definition.model import Definition
from printkit.errors import DefinitionError, Problem

CONTENTS_KEYS = ("title", "depth")


def _contents(directive: Directive) -> Contents:
    if not directive.text.strip():
        return Contents()
    try:
        doc = yamlsource.parse(directive.text, directive.location.file)
    except DefinitionError as exc:
        raise DefinitionError([Problem(f"contents: {p.message}", directive.location)
                               for p in exc.problems]) from None
    data = doc.data if isinstance(doc.data, dict) else {}
    unknown = [key for key in data if key not in CONTENTS_KEYS]
    title, depth = data.get("title", "Contents"), data.get("depth", 1)
    problems = [Problem(f"contents: unknown key {key!r}; known keys: "
                        f"{', '.join(CONTENTS_KEYS)}", directive.location) for key in unknown]
    if not isinstance(title, str):
        problems.append(Problem("contents: 'title' must be text", directive.location))
    if depth not in (1, 2):
        problems.append(Problem("contents: 'depth' must be 1 (sections) or 2 (sections and "
                                "their sub-sections)", directive.location))
    if problems:
        raise DefinitionError(problems)
    return Contents(str(title), int(depth))


def resolve_part(directive: Directive, definition: Definition, engine: Any,
                 counts: Counts) -> Block:
    """The block a directive stands for."""
    if directive.name == "contents":
        return _contents(directive)
    if directive.name == "components":
        return components(directive, definition, engine, counts)
    if directive.text.strip():
        raise DefinitionError([Problem("a back-cover block takes no text: write the back "
                                       "cover's text after it", directive.location)])
    return BackCover()


def check_parts(directives: Sequence[Directive]) -> None:
    """Refuse a booklet asking twice for the contents or the back cover."""
    problems = []
    for name in ("contents", "back-cover"):
        found = [d for d in directives if d.name == name]
        problems += [Problem(f"a booklet has one {name} block; the first is at line "
                             f"{found[0].location.line}", d.location) for d in found[1:]]
    if problems:
        raise DefinitionError(problems)
