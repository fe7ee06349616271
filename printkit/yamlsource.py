"""Safe YAML loading that remembers where every key and value was written.

PyYAML's composer gives nodes with start marks; we build plain Python data from them
(``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``) and keep, for each
path into that data, the location of the key and of the value.  Duplicate keys, which
PyYAML would silently accept, are reported as problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from printkit.errors import DefinitionError, Location, Problem

PathKey = tuple[str | int, ...]


@dataclass
class Document:
    """Loaded YAML data plus the location of every key and value in it."""

    file: str
    text: str
    data: object
    value_locations: dict[PathKey, Location] = field(default_factory=dict)
    key_locations: dict[PathKey, Location] = field(default_factory=dict)

    def where(self, path: PathKey, *, key: bool = False) -> Location:
        """Location of the value (or the key) at ``path``, else of its nearest parent."""
        table = self.key_locations if key else self.value_locations
        probe = path
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.value_locations:
                return self.value_locations[probe]
            probe = probe[:-1]
        return self.value_locations.get((), Location(self.file, 1, 1, self._line(1)))

    def problem(self, path: PathKey, message: str, *, key: bool = False) -> Problem:
        """A :class:`Problem` located at ``path``."""
        return Problem(message, self.where(path, key=key))

    def _line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""


def _location(doc: Document, node: yaml.Node) -> Location:
    start, end = node.start_mark, node.end_mark
    line = doc._line(start.line + 1)
    length = end.column - start.column if end.line == start.line else len(line) - start.column
    return Location(doc.file, start.line + 1, start.column + 1, line, max(1, length))


def _build(doc: Document, node: yaml.Node, path: PathKey, problems: list[Problem]) -> object:
    doc.value_locations[path] = _location(doc, node)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, object] = {}
        for key_node, value_node in node.value:
            key_value = _scalar(doc, key_node, problems)
            if not isinstance(key_value, (str, int)) or isinstance(key_value, bool):
                problems.append(Problem("keys must be names", _location(doc, key_node)))
                continue
            key = str(key_value)
            if key in result:
                problems.append(Problem(f"duplicate key {key!r}", _location(doc, key_node)))
                continue
            doc.key_locations[(*path, key)] = _location(doc, key_node)
            result[key] = _build(doc, value_node, (*path, key), problems)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(doc, item, (*path, i), problems) for i, item in enumerate(node.value)]
    return _scalar(doc, node, problems)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _scalar(doc: Document, node: yaml.Node, problems: list[Problem]) -> object:
    if not isinstance(node, yaml.ScalarNode):
        problems.append(Problem("expected a plain value here", _location(doc, node)))
        return None
    try:
        return _CONSTRUCTOR.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        problems.append(Problem(f"cannot read this value: {exc}", _location(doc, node)))
        return None


def parse(text: str, file: str) -> Document:
    """Parse YAML ``text`` (from ``file``); raises :class:`DefinitionError` on any problem."""
    doc = Document(file, text, None)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = f"YAML syntax: {exc.problem or exc.context}"
        if exc.context and exc.context_mark is not None and exc.problem:
            context = exc.context.removeprefix("while parsing ").removeprefix("a ")
            message += (f" (in the {context} that starts at line {exc.context_mark.line + 1},"
                        f" column {exc.context_mark.column + 1})")
        loc = None
        if mark is not None:
            loc = Location(file, mark.line + 1, mark.column + 1, doc._line(mark.line + 1))
        raise DefinitionError([Problem(message, loc)]) from None
    except yaml.YAMLError as exc:
        raise DefinitionError([Problem(f"YAML: {exc}", Location(file, 1, 1))]) from None
    if node is None:
        raise DefinitionError([Problem("the file is empty", Location(file, 1, 1, doc._line(1)))])
    problems: list[Problem] = []
    doc.data = _build(doc, node, (), problems)
    if problems:
        raise DefinitionError(problems)
    return doc


def load(path: Path | str, display: str | None = None) -> Document:
    """Read and parse a YAML file; ``display`` is the name used in messages."""
    path = Path(path)
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DefinitionError([Problem(f"cannot read {name}: {exc.strerror}")]) from None
    except UnicodeDecodeError:
        raise DefinitionError([Problem(f"{name} is not UTF-8 text")]) from None
    return parse(text, name)
