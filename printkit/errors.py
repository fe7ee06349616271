"""Error types shared by every layer.

Every error a user can cause carries one or more :class:`Problem` values.  A problem
knows where it happened (file, line, column, all 1-based) and, where the source text is
at hand, the offending line, so that the command line can print it like a compiler does::

    decks/stars-and-stripes.yaml:12:5: unknown key 'colur' (did you mean 'colour'?)
       12 |     colur: red
          |     ^^^^^
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A place in a text file; ``line`` and ``column`` are 1-based."""

    file: str
    line: int
    column: int
    source_line: str | None = None
    length: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the user's input."""

    message: str
    location: Location | None = None

    def render(self) -> str:
        """The problem as printed on the terminal, with the source line and a caret mark."""
        return self._render("error")

    def render_warning(self) -> str:
        """The problem printed as a warning (something to look at that stops nothing)."""
        return self._render("warning")

    def _render(self, kind: str) -> str:
        message = _LONG_WORD.sub(lambda m: m.group()[:60] + "...", self.message)
        if self.location is None:
            return f"{kind}: {message}"
        loc = self.location
        text = f"{loc}: {kind}: {message}"
        if loc.source_line is not None:
            shown, column, length = _window(loc.source_line, loc.column, loc.length)
            gutter = f"{loc.line:>5} | "
            marker = " " * (len(gutter) - 2) + "| " + " " * (column - 1)
            text += f"\n{gutter}{shown}\n{marker}{'^' * max(1, length)}"
        return text


_LONG_WORD = re.compile(r"\S{80,}")
"""A run of text too long to print whole in a message (a value pasted by mistake)."""

SHOWN = 100
"""Characters of a source line shown under a problem; longer lines are cut around it."""


def _window(line: str, column: int, length: int) -> tuple[str, int, int]:
    """The part of a long source line around ``column`` (with ``...`` where cut), and the
    column and length of the marked span within it.  Only the shown part is cleaned of
    characters a terminal cannot print (one for one, so the columns hold), so a problem on
    a line of megabytes costs no more than one on a short line."""
    if len(line) <= SHOWN:
        return _printable(line), column, min(length, max(1, len(line) - column + 1))
    start = max(0, min(column - 1 - SHOWN // 3, len(line) - SHOWN))
    shown = _printable(line[start:start + SHOWN])
    prefix = "..." if start > 0 else ""
    suffix = "..." if start + SHOWN < len(line) else ""
    new_column = column - start + len(prefix)
    return prefix + shown + suffix, new_column, min(length, SHOWN - (column - 1 - start))


def _printable(text: str) -> str:
    """``text`` with every character a terminal cannot print as ``?`` (tabs kept)."""
    return "".join(c if c.isprintable() or c == "\t" else "?" for c in text)


class PrintkitError(Exception):
    """Base of all errors that are the user's to fix; carries every problem found."""

    def __init__(self, problems: Sequence[Problem] | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(p.render() for p in self.problems))

    def render(self) -> str:
        """Every problem, one after the other, with a closing count."""
        body = "\n".join(p.render() for p in self.problems)
        count = len(self.problems)
        if count > 1:
            body += f"\n{count} problems found"
        return body


class DefinitionError(PrintkitError):
    """A game definition (YAML) or a command-line override is invalid."""


class BuildError(PrintkitError):
    """Something went wrong while writing outputs (nothing was replaced)."""


class ExampleError(PrintkitError):
    """A booklet or example file claims something the rules engine disagrees with."""


def sort_problems(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """Problems in file order (those without a location first), duplicates removed."""
    unique = dict.fromkeys(problems)
    return tuple(sorted(unique, key=lambda p: (
        (0, "", 0, 0) if p.location is None
        else (1, p.location.file, p.location.line, p.location.column))))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A suffix like `` (did you mean 'colour'?)`` or an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def location_in_text(file: str, text: str, offset: int, length: int = 1) -> Location:
    """The :class:`Location` of a character offset in ``text``."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    source = text[start : end if end != -1 else len(text)]
    return Location(file, line, offset - start + 1, source, length)
