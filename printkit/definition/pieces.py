"""What the readers of a ``components:`` section share: the state a component's reader works
with, its ``kind`` key and the expansion of its face groups.  What every component is (its
name, kind, how many pieces it makes and how big they are, what a booklet's components list
and ``check`` report) is :class:`printkit.definition.model.Component`, beside the definition that
holds it, so the model imports nothing that reads a definition.

Each kind has a module of its own that checks its part of the definition and builds its
typed component: :mod:`printkit.definition.components` (more card decks),
:mod:`printkit.definition.tokens`, :mod:`printkit.definition.scoresheet` and
:mod:`printkit.definition.plainboard`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.definition.content import Content
from printkit.definition.faces import BackOf, expand_faces, kind_options
from printkit.definition.fonts import FontFamily
from printkit.definition.model import CardFace
from printkit.definition.options import Kinds
from printkit.definition.schema import JSON, Checker, Field, Node, Record, Text
from printkit.errors import Location, Problem
from printkit.yamlsource import Document, PathKey


@dataclass
class Optional(Node):
    """A record that stays absent unless written (a plain record fills in its defaults)."""

    record: Record
    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        return self.record.check(value, path, checker)

    def json(self) -> JSON:
        return self._json(self.record.json())


@dataclass(frozen=True)
class Reading:
    """What a component's reader needs: the file, the kinds, the content, the problems."""

    doc: Document
    kinds: Kinds
    content: Content
    problems: list[Problem]

    def fail(self, path: PathKey, message: str, *, key: bool = False) -> None:
        """Report a problem at ``path`` in the file."""
        self.problems.append(self.doc.problem(path, message, key=key))

    @property
    def family(self) -> FontFamily:
        """The font family a component's words are printed in (``style: font:``, its faces
        stacked over ``style: fallback:``)."""
        return self.content.sheet_family

    def printable(self, words: str, path: PathKey | Location, what: str, *,
                  bold: bool = False) -> bool:
        """Whether the font has every character of ``words``; each one it lacks is noted
        for the definition (a missing glyph would print as an empty box) and reported once
        with every place that needs it (:mod:`printkit.definition.printedwords`)."""
        fonts = " or ".join(repr(f.name) for f in self.content.sheet_stack.families)
        where = path if isinstance(path, Location) else self.doc.where(path)
        return self.content.words.check(words, self.family, fonts, where, what, bold=bold)


def kind_field(kind: str) -> Field:
    """The ``kind`` key of a component's record."""
    return Field(Text("what the component is", choices=(kind,)), required=True)


def letters(number: int) -> str:
    """Column letters as on a spreadsheet: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    text = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def expand(reading: Reading, groups: Sequence[Mapping[str, Any]] | None,
           base: PathKey, backs: BackOf | None = None) -> tuple[CardFace, ...] | None:
    """The faces of a component's face groups (written at ``base``), in the language of the
    top-level ``faces:``, one deck, each card with its own back when ``backs`` gives one;
    ``None`` after a problem (already reported)."""
    before = len(reading.problems)
    checked: list[dict[str, Any]] = []
    for index, group in enumerate(groups or ()):
        if not isinstance(group, dict):
            continue  # reported by the schema
        group["options"] = kind_options(reading.doc, reading.kinds.faces, group.get("kind"),
                                        group.get("options"), (*base, index), reading.problems)
        checked.append(group)
    faces = expand_faces(reading.doc, checked, 1, reading.kinds, reading.problems, base=base,
                         content=reading.content, backs=backs)
    return faces if len(reading.problems) == before and faces else None
