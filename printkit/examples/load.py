"""Reading example files and example mappings: shape, types and exact locations.

This module checks what can be checked without a rules engine (keys, types, duplicate
names, the form of claim keys) and knows how to point at a spot *inside* a YAML string:
an engine reports a notation error by line and column of the text it was given, and
:class:`Locator` turns that into the line and column of the file, following ``|`` block
scalars to their indented content and quoted or plain scalars to their first character.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from printkit.errors import Location, Problem, did_you_mean
from printkit.examples.model import ClaimSpec, ExampleSpec
from printkit.yamlsource import Document, PathKey

FILE_KEYS = ("game", "parameters", "examples")
EXAMPLE_KEYS = ("name", "parameters", "position", "moves", "seed", "claims", "says")

_CLAIM_KEY = re.compile(r"\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\)\s*)?$", re.DOTALL)
_BLOCK_HEADER = re.compile(r"\|([+-]?)([1-9]?)([+-]?)\s*(#.*)?$")


@dataclass(frozen=True)
class Locator:
    """Locations in ``doc``, moved down by ``line_offset`` lines.

    A booklet parses the YAML of a fenced block on its own; passing the line of the file
    that holds the block's first line minus one as ``line_offset`` makes every location
    point into the booklet's source instead.
    """

    doc: Document
    line_offset: int = 0

    def where(self, path: PathKey, *, key: bool = False) -> Location:
        """The location of the value (or key) at ``path``."""
        return self.shift(self.doc.where(path, key=key))

    def shift(self, location: Location) -> Location:
        """``location`` moved by the line offset."""
        if not self.line_offset:
            return location
        return dataclasses.replace(location, line=location.line + self.line_offset)

    def problem(self, path: PathKey, message: str, *, key: bool = False) -> Problem:
        """A problem at the value (or key) at ``path``."""
        return Problem(message, self.where(path, key=key))

    def inside(
        self, path: PathKey, text: str, line: int, column: int, *, key: bool = False
    ) -> tuple[Location, bool]:
        """Where line ``line``, column ``column`` of the string ``text`` at ``path`` is.

        ``text`` is the loaded string (a value, or the key when ``key`` is true).  Returns
        the location and whether it is exact; when the string's YAML style cannot be
        followed (folded or multi-line quoted scalars) it is the start of the string.
        """
        start = self.doc.where(path, key=key)
        lines = self.doc.text.splitlines()
        if not 0 < start.line <= len(lines):
            return self.shift(start), False
        raw = lines[start.line - 1]
        style = raw[start.column - 1 : start.column]
        length = _token_length(text, line, column)
        if style == "|":
            indent = self._block_indent(path, raw[start.column - 1 :], start.line, key=key)
            target = start.line + line
            if indent is None or target > len(lines):
                return self.shift(start), False
            return self._at(lines, target, indent + column, length), True
        if line == 1 and style in ("'", '"'):
            return self._at(lines, start.line, start.column + column, length), True
        if line == 1 and style not in (">", "&", "!"):
            return self._at(lines, start.line, start.column + column - 1, length), True
        return self.shift(start), False

    def _block_indent(self, path: PathKey, header: str, line: int, *, key: bool) -> int | None:
        match = _BLOCK_HEADER.match(header)
        if match is None:
            return None
        explicit = match.group(2)
        if explicit and not key and path and isinstance(path[-1], str):
            parent = self.doc.where(path, key=True)
            return parent.column - 1 + int(explicit)
        for body in self.doc.text.splitlines()[line:]:
            if body.strip():
                return len(body) - len(body.lstrip(" "))
        return None

    def _at(self, lines: list[str], line: int, column: int, length: int) -> Location:
        source = lines[line - 1]
        length = max(1, min(length, len(source) - column + 1))
        return Location(self.doc.file, line + self.line_offset, column, source, length)


def _token_length(text: str, line: int, column: int) -> int:
    """How many characters the token at (line, column) of ``text`` has (at least 1)."""
    rows = text.split("\n")
    if not 0 < line <= len(rows):
        return 1
    rest = rows[line - 1][column - 1 :]
    token = re.match(r"\S*", rest)
    return max(1, len(token.group()) if token else 1)


# --------------------------------------------------------------------------- shapes


def check_keys(
    where: Locator, path: PathKey, data: Mapping[str, object], allowed: Collection[str]
) -> list[Problem]:
    """A problem for each key of ``data`` not in ``allowed``, with a suggestion."""
    return [
        where.problem(
            (*path, k), f"unknown key {k!r}" + did_you_mean(k, allowed), key=True
        )
        for k in data
        if k not in allowed
    ]


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def value_at(data: object, path: PathKey) -> object:
    """The value at ``path`` inside loaded YAML data (``None`` where the path leads nowhere)."""
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def split_claim_key(key: str) -> tuple[str, str | None, int] | None:
    """``("legal", "a1-b2", 6)`` for ``"legal(a1-b2)"``: name, argument and where it starts."""
    match = _CLAIM_KEY.match(key)
    if match is None:
        return None
    if match.group(2) is None:
        return match.group(1), None, 0
    return match.group(1), match.group(2), match.start(2)


def _missing_or_wrong(
    where: Locator, path: PathKey, data: Mapping[str, object], key: str, wanted: str
) -> Problem:
    if key not in data:
        return where.problem(path, f"this example has no {key!r}")
    return where.problem((*path, key), f"{key!r} must be {wanted}, not {_kind(data[key])}")


def read_example(
    where: Locator, path: PathKey, *, extra_keys: Collection[str] = ()
) -> tuple[ExampleSpec | None, list[Problem]]:
    """Read the example mapping at ``path``: its spec and every problem of its shape.

    The spec is ``None`` when the example cannot be played as written (a part missing or
    of the wrong kind).  Problems that leave it playable (an unknown key, a claim key that
    cannot be read) come with a spec, so that the rest can still be checked.
    ``extra_keys`` are further keys a caller (the booklet) accepts.
    """
    data = value_at(where.doc.data, path)
    if not isinstance(data, dict):
        return None, [where.problem(path, f"an example must be a mapping, not {_kind(data)}")]
    problems = check_keys(where, path, data, (*EXAMPLE_KEYS, *extra_keys))
    playable = True

    name = data.get("name")
    if not isinstance(name, str):
        problems.append(_missing_or_wrong(where, path, data, "name", "text"))
    position = data.get("position")
    if not isinstance(position, str):
        problems.append(
            _missing_or_wrong(where, path, data, "position", "text in the game's notation")
        )
    parameters = data.get("parameters", {})
    if not isinstance(parameters, dict):
        problems.append(_missing_or_wrong(where, path, data, "parameters", "a mapping"))
        playable = False
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(_missing_or_wrong(where, path, data, "seed", "a whole number"))
        playable = False

    moves = data.get("moves", [])
    move_texts: list[str] = []
    if not isinstance(moves, list):
        problems.append(_missing_or_wrong(where, path, data, "moves", "a list of moves"))
        playable = False
    else:
        for i, move in enumerate(moves):
            if isinstance(move, str) or (isinstance(move, int) and not isinstance(move, bool)):
                move_texts.append(str(move))
            else:
                problems.append(
                    where.problem((*path, "moves", i), f"a move must be text, not {_kind(move)}")
                )
                playable = False

    claims = data.get("claims", {})
    claim_specs: list[ClaimSpec] = []
    if not isinstance(claims, dict):
        problems.append(_missing_or_wrong(where, path, data, "claims", "a mapping of claims"))
        claims = {}
    for key, expected in claims.items():
        split = split_claim_key(key)
        if split is None:
            problems.append(where.problem(
                (*path, "claims", key),
                f"cannot read the claim {key!r}: write a name or name(argument)",
                key=True,
            ))
            continue
        claim_name, argument, offset = split
        claim_specs.append(
            ClaimSpec(key, claim_name, argument, offset, expected, (*path, "claims", key))
        )

    claim_specs = _with_sentences(where, path, data.get("says") or {}, claim_specs, claims,
                                  problems)
    if not (playable and isinstance(name, str) and isinstance(position, str)):
        return None, problems
    spec = ExampleSpec(
        name, path, parameters, position, tuple(move_texts), seed, tuple(claim_specs)
    )
    return spec, problems


def _with_sentences(where: Locator, path: PathKey, says: object, specs: list[ClaimSpec],
                    claims: Mapping[object, object], problems: list[Problem]
                    ) -> list[ClaimSpec]:
    """``specs`` with the players' sentences of the example's ``says`` attached; a sentence
    that is not text, or whose key names no claim of the example, adds a problem."""
    if not isinstance(says, dict):
        problems.append(where.problem(
            (*path, "says"), f"'says' must map claims to sentences, not {_kind(says)}"))
        return specs
    by_key = {spec.key: spec for spec in specs}
    for key, sentence in says.items():
        at: PathKey = (*path, "says", key)
        if key not in claims:
            named = ", ".join(map(repr, claims)) or "none"
            problems.append(where.problem(
                at, f"'says' names {key!r}, which is not a claim of this example (its claims: "
                f"{named}); write the claim's key exactly as in 'claims'", key=True))
        elif not isinstance(sentence, str) or not sentence.strip():
            problems.append(where.problem(
                at, f"the sentence for {key!r} must be text, not {_kind(sentence)}"))
        elif key in by_key:
            by_key[key] = dataclasses.replace(by_key[key], says=sentence, says_path=at)
    return list(by_key.values())


@dataclass(frozen=True)
class FileHeader:
    """The top level of an example file."""

    game: str | None
    parameters: Mapping[str, object]
    example_paths: tuple[PathKey, ...]


def read_header(where: Locator) -> tuple[FileHeader, list[Problem]]:
    """Read ``game``, ``parameters`` and the list of ``examples`` of an example file."""
    data = where.doc.data
    if not isinstance(data, dict):
        message = f"an example file must be a mapping with {', '.join(FILE_KEYS)}"
        return FileHeader(None, {}, ()), [where.problem((), message)]
    problems = check_keys(where, (), data, FILE_KEYS)
    game = data.get("game")
    if "game" not in data:
        problems.append(where.problem((), "the file does not say which 'game' it is about"))
    elif not isinstance(game, str):
        problems.append(where.problem(("game",), f"'game' must be a name, not {_kind(game)}"))
        game = None
    parameters = data.get("parameters", {})
    if not isinstance(parameters, dict):
        problems.append(where.problem(
            ("parameters",), f"'parameters' must be a mapping, not {_kind(parameters)}"
        ))
        parameters = {}
    examples = data.get("examples")
    paths: tuple[PathKey, ...] = ()
    if "examples" not in data:
        problems.append(where.problem((), "the file has no 'examples' list"))
    elif not isinstance(examples, list):
        problems.append(where.problem(
            ("examples",), f"'examples' must be a list, not {_kind(examples)}"
        ))
    else:
        paths = tuple(("examples", i) for i in range(len(examples)))
    return FileHeader(game, parameters, paths), problems
