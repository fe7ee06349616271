"""Text with ``{field}`` places, filled from a card's data: the one template syntax of
definitions (file names of faces, card text, colours chosen by a field...).

Only plain names are allowed between braces (field names as
:mod:`printkit.definition.fieldnames` reads them: letters of any script, digits, ``_`` and
``-``, with dots for a value's property such as ``{suit.colour}``), kept in Unicode normal
form C so that they match the columns they name; ``{{`` and ``}}`` stand for braces.  No
format specifications, conversions, indexes or attributes of Python objects: a pattern is
data, never code.

>>> pattern = parse_pattern("{stars}-stars-{stripes}")
>>> pattern.fields
('stars', 'stripes')
>>> pattern.fill({"stars": 3, "stripes": 5})
'3-stars-5'
>>> parse_pattern("{}")
Traceback (most recent call last):
...
printkit.definition.patterns.PatternError: empty braces: write a field name, e.g. '{rank}' ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.definition.fieldnames import is_dotted_name, normal


class PatternError(ValueError):
    """A pattern is malformed; ``offset`` is where, in the pattern's text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Field:
    """A ``{name}`` place and the offset of the name in the pattern."""

    name: str
    offset: int


@dataclass(frozen=True)
class Pattern:
    """A parsed pattern: literal texts and fields, in order."""

    text: str
    parts: tuple[str | Field, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        """The field names, in order of appearance (repeats kept)."""
        return tuple(p.name for p in self.parts if isinstance(p, Field))

    @property
    def places(self) -> tuple[Field, ...]:
        """The fields with their offsets."""
        return tuple(p for p in self.parts if isinstance(p, Field))

    def fill(self, values: Mapping[str, object]) -> str:
        """The text with every field replaced by ``str(values[name])``."""
        return "".join(p if isinstance(p, str) else str(values[p.name]) for p in self.parts)


def parse_pattern(text: str) -> Pattern:
    """Read a pattern; raises :class:`PatternError` at the first mistake."""
    parts: list[str | Field] = []
    literal: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "}":
            if text.startswith("}}", i):
                literal.append("}")
                i += 2
                continue
            raise PatternError("a '}' without its '{' (write '}}' for a brace)", i)
        if char != "{":
            literal.append(char)
            i += 1
            continue
        if text.startswith("{{", i):
            literal.append("{")
            i += 2
            continue
        end = text.find("}", i + 1)
        if end < 0:
            raise PatternError("a '{' without its '}' (write '{{' for a brace)", i)
        name = text[i + 1:end].strip()
        if not name:
            raise PatternError("empty braces: write a field name, e.g. '{rank}' (or '{{' for "
                               "a brace)", i)
        if not is_dotted_name(name):
            raise PatternError(f"{{{name}}} is not a field name: write only a name between "
                               "braces, e.g. '{rank}' (no formats or expressions)", i + 1)
        if literal:
            parts.append("".join(literal))
            literal = []
        parts.append(Field(normal(name), i + 1 + text[i + 1:end].index(name[0])))
        i = end + 1
    if literal:
        parts.append("".join(literal))
    return Pattern(text, tuple(parts))
