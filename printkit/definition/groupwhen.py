"""Face groups a variant leaves out: ``when:`` over the parameters, and ``count: 0``.

A face group (of ``faces:``, of a cards component, or a token's ``front``/``back``) is
left out of the game when its ``when`` is false or its ``count`` is 0, both read after the
variant and ``--set`` are applied, so a variant can take cards away::

    faces:
      - {id: expansion, kind: layout, layout: card, data: expansion.csv,
         when: "expansion and players >= 4"}
      - {id: jokers, kind: layout, layout: joker, count: {parameter: jokers}}  # 0: none

``when`` is a small expression, read here and never run as code: a parameter's name (true
when the parameter is true, a number other than 0, or text other than empty, ``0``,
``false`` or ``no``), a comparison of a parameter with a value (``players >= 4``,
``mode == short``, ``mode != 'two words'``, ``strict == true``), ``not``, ``and``, ``or``
and parentheses.  A value is a number, ``true``/``false``, a quoted text or a bare word
(text).  Every fault (a parameter no one defined, a comparison of text with a number) is
reported where the ``when`` is written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit import limits
from printkit.definition.schema import JSON, Checker, Field, Node, Number
from printkit.errors import Location, Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

DEEPEST = 16
"""The most parentheses ``when`` may nest (the one recursion of the reader; its length is
bounded by the ``expression`` limit)."""
EMPTY = ("", "0", "false", "no")
"""Text a bare parameter's name reads as false."""
_TOKEN = re.compile(r"""\s*(?:(?P<number>-?\d+(?:\.\d+)?(?![A-Za-z_]))
                      |(?P<name>[A-Za-z_][A-Za-z0-9_-]*)
                      |(?P<text>'[^']*'|"[^"]*")
                      |(?P<op>==|!=|<=|>=|<|>|\(|\)))""", re.X)
_ORDER: Mapping[str, Callable[[float, float], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


class WhenError(ValueError):
    """A ``when`` that cannot be read or evaluated; ``offset`` is the character at fault."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass
class _Reader:
    """A recursive-descent reader that evaluates as it reads (every branch is read, so a
    fault in the part ``and`` or ``or`` would not need is still found)."""

    text: str
    parameters: Mapping[str, object]
    tokens: list[tuple[str, str, int]]
    at: int = 0
    depth: int = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "", len(
            self.text))

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        self.at += 1
        return token

    def either(self) -> bool:
        value = self.both()
        while self.peek()[:2] == ("name", "or"):
            self.take()
            value = self.both() or value
        return value

    def both(self) -> bool:
        value = self.negated()
        while self.peek()[:2] == ("name", "and"):
            self.take()
            value = self.negated() and value
        return value

    def negated(self) -> bool:
        flips = 0
        while self.peek()[:2] == ("name", "not"):  # a loop: any number of nots, no recursion
            self.take()
            flips += 1
        return self.test() != (flips % 2 == 1)

    def test(self) -> bool:
        kind, word, offset = self.take()
        if (kind, word) == ("op", "("):
            self.depth += 1
            if self.depth > DEEPEST:
                raise WhenError(f"parentheses nest more than {DEEPEST} deep", offset)
            value = self.either()
            if self.take()[:2] != ("op", ")"):
                raise WhenError("a '(' is not closed", offset)
            self.depth -= 1
            return value
        if kind != "name" or word in ("and", "or", "not", "true", "false"):
            raise WhenError(f"expected a parameter's name, found {_shown(kind, word)}", offset)
        if word not in self.parameters:
            raise WhenError(f"{word!r} is not a parameter of this definition"
                            + did_you_mean(word, self.parameters), offset)
        found = self.parameters[word]
        op = self.peek()
        if op[0] != "op" or op[1] in "()":
            return _truth(found)
        self.take()
        return _compare(word, found, op[1], self.value(), op[2])

    def value(self) -> tuple[object, int]:
        kind, word, offset = self.take()
        if kind == "number":
            return (float(word) if "." in word else int(word)), offset
        if kind == "text":
            return word[1:-1], offset
        if kind == "name" and word in ("true", "false"):
            return word == "true", offset
        if kind == "name" and word not in ("and", "or", "not"):
            return word, offset
        raise WhenError(f"expected a value to compare with, found {_shown(kind, word)}", offset)


def _shown(kind: str, word: str) -> str:
    return "the end" if kind == "end" else repr(word)


def _truth(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, (list, tuple, dict)):
        return bool(value)
    return value is not None and str(value).strip().lower() not in EMPTY


def _compare(name: str, value: object, op: str, other: tuple[object, int], at: int) -> bool:
    wanted, offset = other
    if op in _ORDER:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise WhenError(f"{op} compares numbers, but the parameter {name!r} is "
                            f"{value!r}", at)
        if isinstance(wanted, bool) or not isinstance(wanted, (int, float)):
            raise WhenError(f"{op} compares numbers, but {wanted!r} is not one", offset)
        return _ORDER[op](float(value), float(wanted))
    if isinstance(wanted, bool) or isinstance(value, bool):
        same = value is wanted
    elif isinstance(wanted, (int, float)) and isinstance(value, (int, float)):
        same = float(value) == float(wanted)
    else:
        same = str(value) == str(wanted)
    return same if op == "==" else not same


def evaluate(text: str, parameters: Mapping[str, object]) -> bool:
    """Whether ``text`` holds for ``parameters``; raises :class:`WhenError`.

    >>> evaluate("players >= 4 and not short", {"players": 4, "short": False})
    True
    >>> evaluate("mode == 'two words' or mode == quick", {"mode": "quick"})
    True
    """
    if len(text) > limits.current().expression:
        raise WhenError(limits.over("expression", len(text), "characters"), 0)
    tokens, at = [], 0
    while text[at:].strip():
        match = _TOKEN.match(text, at)
        if match is None or not match.lastgroup:
            start = len(text) - len(text[at:].lstrip())
            raise WhenError(f"{text[start]!r} cannot stand here (write names, values, ==, "
                            "!=, <, <=, >, >=, and, or, not and parentheses)", start)
        tokens.append((match.lastgroup, match.group(match.lastgroup), match.start(
            match.lastgroup)))
        at = match.end()
    reader = _Reader(text, parameters, tokens)
    result = reader.either()
    kind, word, offset = reader.peek()
    if kind != "end":
        raise WhenError(f"{word!r} cannot follow here (join tests with and/or)", offset)
    return result


@dataclass
class GroupWhen(Node):
    """The ``when`` of a face group: an expression over the parameters, or true/false.
    It is read before the schema (:func:`drop_groups`), where the parameters are known."""

    description: str = ("keep this group only when the expression over the parameters holds "
                        "(after the variant and --set), e.g. \"players >= 4 and not short\"; "
                        "names, values, ==, !=, <, <=, >, >=, and, or, not, parentheses")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        return value  # read (and any fault reported) before the schema runs

    def json(self) -> JSON:
        return self._json({"type": ["string", "boolean"]})


GROUP_FIELDS: Mapping[str, Field] = {
    "when": Field(GroupWhen()),
    "count": Field(Number("how many copies of each card in one deck (0 leaves the group "
                          "out, as a variant may through a parameter)", minimum=0,
                          maximum=1000), default=1),
}
"""The keys of a face group this module adds to (or changes in) the schema."""

Groups = list[tuple[PathKey, dict[str, Any]]]


def drop_by_when(doc: Document, groups: Groups, parameters: Mapping[str, object],
                 problems: list[Problem]) -> Groups:
    """Leave out of the document each group whose ``when`` is false (the key is taken out
    of every group, as it has been read); returns the groups kept."""
    gone: list[PathKey] = []
    for path, group in groups:
        if "when" not in group:
            continue
        written = group.pop("when")
        where = (*path, "when")
        if isinstance(written, bool):
            keep = written
        elif isinstance(written, (str, int, float)):
            try:
                keep = evaluate(str(written), parameters)
            except WhenError as exc:
                problems.append(Problem(f"when {str(written)[:80]!r}: {exc}",
                                        _at(doc.where(where), str(written), exc.offset)))
                continue
        else:
            problems.append(doc.problem(where, "when takes an expression over the "
                                        "parameters, such as \"players >= 4\", or true/false"))
            continue
        if not keep:
            gone.append(path)
    return _remove(doc, groups, gone, problems)


def _at(written: Location, text: str, offset: int) -> Location:
    """The place of the character ``offset`` of a ``when`` written at ``written`` (the
    whole value when its line does not show the text plainly there)."""
    line = written.source_line or ""
    start = written.column - 1
    if line[start:start + 1] in ("'", '"'):
        start += 1
    if not line.startswith(text, start):
        return written
    rest = text[offset:]
    word = re.match(r"\w+|\S", rest)
    return replace(written, column=start + offset + 1,
                   length=len(word.group()) if word else 1)


def drop_by_count(doc: Document, groups: Groups, problems: list[Problem]) -> Groups:
    """Leave out of the document each group whose ``count`` is 0 (after parameters)."""
    gone = [path for path, group in groups
            if group.get("count") == 0 and not isinstance(group.get("count"), bool)]
    return _remove(doc, groups, gone, problems)


def _remove(doc: Document, groups: Groups, gone: list[PathKey],
            problems: list[Problem]) -> Groups:
    """Take the groups at ``gone`` out of their lists, last first, moving the places of
    the groups after each so that every later message still points at the right line."""
    if not gone:
        return groups
    data: Any = doc.data
    for path in sorted(gone, key=lambda p: (p[:-1], int(p[-1])), reverse=True):
        holder = data
        for part in path[:-1]:
            holder = holder[part]
        index = int(path[-1])
        del holder[index]
        _shift(doc, path[:-1], index)
        if not holder:
            _emptied(doc, path[:-1], problems)
    kept = [(p, g) for p, g in groups if p not in gone]
    return _renumber(kept, gone)


def _renumber(kept: Groups, gone: list[PathKey]) -> Groups:
    """The kept groups' paths after the removals."""
    result = []
    for path, group in kept:
        before = sum(1 for g in gone if g[:-1] == path[:-1] and int(g[-1]) < int(path[-1]))
        result.append(((*path[:-1], int(path[-1]) - before), group))
    return result


def _shift(doc: Document, base: PathKey, index: int) -> None:
    """Forget the places under ``base + (index,)`` and move those of later items down one."""
    size = len(base)
    for table in (doc.value_locations, doc.key_locations):
        moved = {}
        for key in list(table):
            item = key[size] if len(key) > size and key[:size] == base else None
            if isinstance(item, int) and item >= index:
                location = table.pop(key)
                if item > index:
                    moved[(*base, item - 1, *key[size + 1:])] = location
        table.update(moved)


def _emptied(doc: Document, base: PathKey, problems: list[Problem]) -> None:
    """A list of face groups left empty: the main deck's goes (a game of components only);
    a component's is an error, since the component would print nothing."""
    if base == ("faces",) and isinstance(doc.data, dict):
        del doc.data["faces"]
        return
    problems.append(doc.problem(base, "every face group here is left out (by when: or "
                                "count: 0), so this component would print nothing"))


__all__ = ["GROUP_FIELDS", "GroupWhen", "WhenError", "drop_by_count", "drop_by_when",
           "evaluate"]
