"""The pieces every game's position and move notation is read with.

A position is written as lines.  Most lines are ``key: value`` (keys are words, compared
without regard to case or spacing; ``#`` starts a comment); a game may also allow lines
without a key, such as the rows of a board, and indented lines that continue the value of
the key above them.  :func:`read_keyed` cuts a text into those pieces once, remembering the
offset of every word, so that each game's reader only interprets values and every error it
raises points at the exact character (:meth:`NotationError.at`).

>>> text = "to move: NE\\nhand NE: 1*3 6*4   # two cards\\n"
>>> keyed = read_keyed(text, keys=("to move", "hand ne"))
>>> keyed.one("to move").text
'NE'
>>> [t.text for t in keyed["hand ne"].tokens]
['1*3', '6*4']
>>> read_keyed("to mvoe: NE", keys=("to move",)).lines
Traceback (most recent call last):
...
printkit.rules.base.NotationError: unknown key 'to mvoe' (did you mean 'to move'?) ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from printkit.errors import did_you_mean
from printkit.rules.base import NotationError

WORDS = re.compile(r"\S+")
"""Tokens separated by white space (the default)."""

_KEY = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9_ \t]*?)[ \t]*:")

T = TypeVar("T")


@dataclass(frozen=True)
class Token:
    """A word of the notation and the offset of its first character in the whole text."""

    text: str
    offset: int

    @property
    def end(self) -> int:
        """The offset just past the token."""
        return self.offset + len(self.text)


def tokens(text: str, start: int = 0, end: int | None = None, *,
           pattern: re.Pattern[str] = WORDS) -> list[Token]:
    """The tokens of ``text[start:end]``, with offsets into ``text``.

    >>> tokens("F 2,5  1*3")
    [Token(text='F', offset=0), Token(text='2,5', offset=2), Token(text='1*3', offset=7)]
    """
    stop = len(text) if end is None else end
    return [Token(m.group(), m.start()) for m in pattern.finditer(text, start, stop)]


def normal_key(words: str) -> str:
    """A key as it is compared: lower case, single spaces (``"To  Move"`` -> ``"to move"``)."""
    return " ".join(words.lower().split())


@dataclass
class KeyedLine:
    """One ``key: value`` line, with any indented lines that continue it."""

    key: str
    """The key as compared (see :func:`normal_key`), or as ``key_of`` named it."""
    written: str
    """The key as it was written."""
    key_offset: int
    value_offset: int
    """Offset just past the colon."""
    rows: list[list[Token]] = field(default_factory=list)
    """The value's tokens line by line: the rest of the key's line, then each continuation
    line (a key's line with nothing after the colon gives an empty first row)."""

    @property
    def tokens(self) -> list[Token]:
        """Every token of the value, across its lines."""
        return [token for row in self.rows for token in row]

    @property
    def text(self) -> str:
        """The value's tokens joined by single spaces."""
        return " ".join(token.text for token in self.tokens)


@dataclass
class Keyed:
    """A text cut into keyed lines and (where the game allows them) rows without a key."""

    text: str
    lines: dict[str, KeyedLine]
    """Keyed lines by key, in the order written."""
    rows: list[list[Token]]
    """Lines without a key, in the order written (each a non-empty list of tokens)."""

    def error(self, message: str, offset: int) -> NotationError:
        """A :class:`NotationError` at ``offset`` of the text."""
        return NotationError.at(message, self.text, offset)

    def __contains__(self, key: object) -> bool:
        return key in self.lines

    def __getitem__(self, key: str) -> KeyedLine:
        return self.lines[key]

    def get(self, key: str) -> KeyedLine | None:
        """The line of ``key``, or ``None`` if it was not written."""
        return self.lines.get(key)

    def require(self, key: str, example: str = "") -> KeyedLine:
        """The line of ``key``; an error at the end of the text if it is missing."""
        line = self.lines.get(key)
        if line is None:
            hint = f", e.g. '{example}'" if example else ""
            raise self.error(f"the position needs a '{key}:' line{hint}", len(self.text))
        return line

    def one(self, key: str, what: str = "one value") -> Token | None:
        """The single token of ``key`` (``None`` if the key is absent)."""
        line = self.lines.get(key)
        return None if line is None else single(self, line, what)

    def number(self, key: str, default: int, *, minimum: int | None = None,
               maximum: int | None = None) -> int:
        """A whole number written as the value of ``key``, else ``default``."""
        token = self.one(key, "one number")
        if token is None:
            return default
        return number(self, token, key, minimum=minimum, maximum=maximum)


def single(keyed: Keyed, line: KeyedLine, what: str = "one value") -> Token:
    """The only token of ``line``; an error pointing at the second one, or at the gap."""
    found = line.tokens
    if len(found) != 1:
        where = found[1].offset if found else line.value_offset
        raise keyed.error(f"'{line.written}' takes {what}", where)
    return found[0]


def number(keyed: Keyed, token: Token, what: str, *, minimum: int | None = None,
           maximum: int | None = None) -> int:
    """``token`` read as a whole number within the bounds."""
    text = token.text
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", text):
        raise keyed.error(f"'{what}' must be a whole number, not {text!r}", token.offset)
    value = int(text)
    if minimum is not None and value < minimum:
        raise keyed.error(f"'{what}' must be at least {minimum}, not {value}", token.offset)
    if maximum is not None and value > maximum:
        raise keyed.error(f"'{what}' must be at most {maximum}, not {value}", token.offset)
    return value


def choice(keyed: Keyed, token: Token, choices: Mapping[str, T], what: str, *,
           fold: bool = True) -> T:
    """The value that ``token`` names in ``choices`` (compared in lower case when ``fold``),
    or an error listing the choices with a "did you mean"."""
    word = token.text.lower() if fold else token.text
    if word in choices:
        return choices[word]
    names = list(choices)
    raise keyed.error(f"{what} must be one of {', '.join(names)}, not {token.text!r}"
                      + did_you_mean(word, names), token.offset)


def player(keyed: Keyed, token: Token, names: Sequence[str]) -> int:
    """The seat of the player named by ``token`` (names compared in upper case)."""
    upper = [n.upper() for n in names]
    word = token.text.upper()
    if word in upper:
        return upper.index(word)
    raise keyed.error(f"unknown player {token.text!r}; the players are {', '.join(names)}"
                      + did_you_mean(word, upper), token.offset)


def read_keyed(
    text: str,
    *,
    keys: Collection[str] = (),
    key_of: Callable[[str], str | None] | None = None,
    rows: bool = False,
    continued: Collection[str] | bool = True,
    pattern: re.Pattern[str] = WORDS,
    comment: str = "#",
) -> Keyed:
    """Cut ``text`` into keyed lines and rows, checking the keys.

    ``keys`` are the keys a game knows (in :func:`normal_key` form); ``key_of`` may name
    other keys (for example ``hand NE`` for a player), returning the key to file the line
    under or ``None``.  A line whose words before the first colon are not a key is a row
    when ``rows`` is true (so board squares such as ``NW:5*6`` are never mistaken for
    keys), else an error with a "did you mean".  An indented line without a key continues
    the keyed line above it when ``continued`` is true or names that line's key.  A key
    written twice is an error at its second appearance.  Comments run from ``comment`` to
    the end of the line; empty lines are skipped.
    """
    keyed = Keyed(text, {}, [])
    known = set(keys)
    last: KeyedLine | None = None
    offset = 0
    for raw in text.split("\n"):
        start, offset = offset, offset + len(raw) + 1
        body = raw.split(comment, 1)[0] if comment else raw
        if not body.strip():
            continue
        match = _KEY.match(body)
        key = None
        if match is not None:
            written = match.group(1)
            key = normal_key(written)
            if key not in known:
                key = key_of(written) if key_of is not None else None
        if match is None or key is None:
            first = start + len(body) - len(body.lstrip())
            indented = body[:1] in (" ", "\t")
            if last is not None and indented and (
                    continued is True or (not isinstance(continued, bool)
                                          and last.key in continued)):
                last.rows.append(tokens(text, start, start + len(body), pattern=pattern))
                continue
            if rows and (match is None or not rows_need_keys(body)):
                keyed.rows.append(tokens(text, start, start + len(body), pattern=pattern))
                last = None
                continue
            if match is not None:
                word = normal_key(match.group(1))
                raise keyed.error(f"unknown key {word!r}" + did_you_mean(word, sorted(known)),
                                  first)
            raise keyed.error(f"expected 'key: value', not {body.strip()!r}", first)
        assert match is not None
        key_at = start + match.start(1)
        if key in keyed.lines:
            raise keyed.error(f"{match.group(1)!r} is given twice", key_at)
        value_at = start + match.end()
        last = KeyedLine(key, match.group(1), key_at, value_at,
                         [tokens(text, value_at, start + len(body), pattern=pattern)])
        keyed.lines[key] = last
    return keyed


def rows_need_keys(body: str) -> bool:
    """Whether a line that starts like ``word word:`` but names no known key must be a
    mistyped key rather than a row: true when the words before the colon contain a space
    (a board row's first square never does)."""
    match = _KEY.match(body)
    return match is not None and " " in match.group(1).strip()


def lines_with_offsets(text: str) -> Iterator[tuple[str, int]]:
    """Each line of ``text`` with the offset of its first character."""
    offset = 0
    for line in text.split("\n"):
        yield line, offset
        offset += len(line) + 1


__all__ = [
    "WORDS",
    "Keyed",
    "KeyedLine",
    "Token",
    "choice",
    "lines_with_offsets",
    "normal_key",
    "number",
    "player",
    "read_keyed",
    "rows_need_keys",
    "single",
    "tokens",
]
