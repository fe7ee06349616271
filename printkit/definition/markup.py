"""Inline markup of card text: ``**bold**``, ``*italic*`` and ``:icon:`` in running text.

The text is data, so the markup is a fixed, small language: two asterisks switch bold on or
off, one switches italic, ``:name:`` places the icon called ``name``, a backslash keeps the
next ``*``, ``:`` or ``\\`` as it is, and a line break starts a new line.  Emphasis left
open at the end is an error, never silently closed.

>>> [str(p) for p in parse_markup("Deal **2** damage :skull:")]
['Deal ', '**2**', ' damage ', ':skull:']
>>> parse_markup("5 * 3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
printkit.definition.markup.MarkupError: this '*' starts italic text that never ends ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ICON_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")


class MarkupError(ValueError):
    """The markup is malformed; ``offset`` is where, in the text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Span:
    """Text in one weight and style (it may hold line breaks)."""

    text: str
    bold: bool = False
    italic: bool = False
    offset: int = 0
    """Where the span starts in the marked-up text."""

    def __str__(self) -> str:
        marks = ("**" if self.bold else "") + ("*" if self.italic else "")
        return f"{marks}{self.text}{marks[::-1]}"


@dataclass(frozen=True)
class IconRef:
    """An icon placed in running text; ``offset`` is where its name starts."""

    name: str
    offset: int

    def __str__(self) -> str:
        return f":{self.name}:"


Piece = Span | IconRef


def plain(text: str) -> tuple[Piece, ...]:
    """Text taken as it is, without markup."""
    return (Span(text),) if text else ()


def parse_markup(text: str) -> tuple[Piece, ...]:
    """The pieces of ``text``; raises :class:`MarkupError` at the first mistake."""
    pieces: list[Piece] = []
    chars: list[str] = []
    bold = italic = False
    opened = {"bold": 0, "italic": 0}
    start = 0

    def flush() -> None:
        if chars:
            pieces.append(Span("".join(chars), bold, italic, start))
            chars.clear()

    i = 0
    while i < len(text):
        char = text[i]
        if not chars:
            start = i
        if char == "\\" and i + 1 < len(text) and text[i + 1] in "*:\\":
            chars.append(text[i + 1])
            i += 2
            continue
        if char == "*":
            flush()
            if text.startswith("**", i):
                bold = not bold
                opened["bold"] = i
                i += 2
            else:
                italic = not italic
                opened["italic"] = i
                i += 1
            continue
        if char == ":":
            match = _ICON.match(text, i)
            if match is not None:
                flush()
                pieces.append(IconRef(match.group(1), i + 1))
                i = match.end()
                continue
        chars.append(char)
        i += 1
    flush()
    if bold:
        raise MarkupError("this '**' starts bold text that never ends (write '\\*\\*' for "
                          "two asterisks)", opened["bold"])
    if italic:
        raise MarkupError("this '*' starts italic text that never ends (write '\\*' for an "
                          "asterisk)", opened["italic"])
    return tuple(pieces)
