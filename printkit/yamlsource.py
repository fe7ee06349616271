"""Safe YAML loading that remembers where every key and value was written.

PyYAML's composer gives nodes with start marks; we build plain Python data from them
(``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``) and keep, for each
path into that data, the location of the key and of the value.  Duplicate keys, which
PyYAML would silently accept, are reported as problems.

The input is untrusted, so reading it is bounded (:mod:`printkit.limits`): the file's size,
how deeply values nest, how many values there are once aliases are expanded (an alias that
contains itself, or a "billion laughs" of aliases, is an error, not a hang), how much text
aliases repeat, the length of a text and the size of a number.  Explicit tags (``!!int``,
``!!binary``...) are refused, dates stay the text they were written as, and control
characters are refused in any text, so nothing unexpected reaches the rest of printkit.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

from printkit import limits, memo
from printkit.errors import DefinitionError, Location, Problem, location_in_text

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

    @cached_property
    def _lines(self) -> list[str]:
        return self.text.splitlines()

    def _line(self, number: int) -> str:
        lines = self._lines
        return lines[number - 1] if 0 < number <= len(lines) else ""


def _location(doc: Document, node: yaml.Node) -> Location:
    start, end = node.start_mark, node.end_mark
    line = doc._line(start.line + 1)
    length = end.column - start.column if end.line == start.line else len(line) - start.column
    return Location(doc.file, start.line + 1, start.column + 1, line, max(1, length))


@dataclass
class _Budget:
    """What one file may still spend while its nodes are turned into data."""

    nodes: int
    depth: int
    open: set[int] = field(default_factory=set)
    """Ids of the nodes being built (an alias to one of them contains itself)."""
    repeated: int = 0
    """Characters of text that aliases may still repeat."""
    scalars: dict[int, object] = field(default_factory=dict)
    """Each plain value already read, by the id of its node: a value an alias repeats is
    read (and any problem with it reported) once, then counted against ``repeated``."""


def _too_deep() -> str:
    """One message for nesting past the limit, whichever reader found it (libyaml and the
    pure-Python reader stop at different depths of their own, or not at all)."""
    bound = limits.current()
    return (f"the YAML nests deeper than the limit of {bound.yaml_depth} levels (raise it "
            f"with {bound.option('yaml-depth')})")


class _TooBig(Exception):
    """A YAML limit was hit; carries the problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _build(doc: Document, node: yaml.Node, path: PathKey, problems: list[Problem],
           budget: _Budget, depth: int = 0, *, flag_keys: bool = False) -> object:
    """The data of ``node``; with ``flag_keys`` (the ``values`` of a parameter reference,
    ``{parameter: NAME, values: {...}}``) a key YAML reads as a flag is kept, as the text
    ``true`` or ``false``, so a yes/no parameter can choose what to print."""
    budget.nodes -= 1
    if budget.nodes < 0:
        bound = limits.current()
        raise _TooBig(Problem(f"the file holds more than the limit of {bound.yaml_nodes} "
                              "values, counting an alias each time it is used (raise it with "
                              f"{bound.option('yaml-nodes')})", _location(doc, node)))
    if depth > budget.depth:
        raise _TooBig(Problem(_too_deep(), _location(doc, node)))
    if id(node) in budget.open:
        raise _TooBig(Problem("an alias here refers to the value that contains it, which "
                              "would never end", _location(doc, node)))
    doc.value_locations[path] = _location(doc, node)
    if isinstance(node, yaml.MappingNode):
        budget.open.add(id(node))
        result: dict[str, object] = {}
        reference = any(isinstance(k, yaml.ScalarNode) and k.value == "parameter"
                        for k, _ in node.value)
        for key_node, value_node in node.value:
            key_value = _scalar_once(doc, key_node, problems, budget)
            if flag_keys and isinstance(key_value, bool):
                key_value = "true" if key_value else "false"
            if not isinstance(key_value, (str, int)) or isinstance(key_value, bool):
                problems.append(Problem("keys must be names", _location(doc, key_node)))
                continue
            key = str(key_value)
            if key in result:
                problems.append(Problem(f"duplicate key {key!r}", _location(doc, key_node)))
                continue
            doc.key_locations[(*path, key)] = _location(doc, key_node)
            result[key] = _build(doc, value_node, (*path, key), problems, budget, depth + 1,
                                 flag_keys=reference and key == "values")
        budget.open.discard(id(node))
        return result
    if isinstance(node, yaml.SequenceNode):
        budget.open.add(id(node))
        items = [_build(doc, item, (*path, i), problems, budget, depth + 1)
                 for i, item in enumerate(node.value)]
        budget.open.discard(id(node))
        return items
    return _scalar_once(doc, node, problems, budget)


def _scalar_once(doc: Document, node: yaml.Node, problems: list[Problem],
                 budget: _Budget) -> object:
    """:func:`_scalar`, read once for each node however many aliases repeat it; each
    repetition counts its characters against the ``yaml-alias-text`` limit."""
    key = id(node)
    if key not in budget.scalars:
        budget.scalars[key] = _scalar(doc, node, problems)
        return budget.scalars[key]
    budget.repeated -= len(node.value) if isinstance(node, yaml.ScalarNode) else 0
    if budget.repeated < 0:
        raise _TooBig(Problem(limits.beyond(
            "yaml-alias-text", "aliases repeat the text of this value too often",
            "characters of repeated text"), _location(doc, node)))
    return budget.scalars[key]


_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_TEXT_TAGS = ("tag:yaml.org,2002:str", "tag:yaml.org,2002:timestamp")
_VALUE_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
               "tag:yaml.org,2002:null")


def _scalar(doc: Document, node: yaml.Node, problems: list[Problem]) -> object:
    where = _location(doc, node)
    if not isinstance(node, yaml.ScalarNode):
        problems.append(Problem("expected a plain value here", where))
        return None
    start = node.start_mark.index
    if doc.text[start:start + 1] == "!":
        problems.append(Problem("explicit YAML tags such as '!!int' are not used in printkit "
                                "files: write the value plainly", where))
        return None
    text = node.value
    bound = limits.current()
    if len(text) > bound.text:
        problems.append(Problem(limits.over("text", len(text), "characters"), where))
        return None
    bad = _CONTROL.search(text)
    if bad is not None:
        problems.append(Problem(f"control character U+{ord(bad.group()):04X} in this text: "
                                "printkit files hold printable text only", where))
        return None
    if node.tag in _TEXT_TAGS:
        return text  # dates stay as written
    if node.tag not in _VALUE_TAGS:
        problems.append(Problem(f"cannot read this value (YAML type {node.tag})", where))
        return None
    if node.tag == "tag:yaml.org,2002:int" and len(text.strip().lstrip("+-")) > 30:
        problems.append(Problem(limits.over("integer", f"a {len(text)}-digit number"), where))
        return None
    try:
        value = _CONSTRUCTOR.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, TypeError, KeyError, OverflowError) as exc:
        problems.append(Problem(f"cannot read this value: {exc}", where))
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > bound.integer:
        problems.append(Problem(limits.over("integer", value), where))
        return None
    if isinstance(value, float) and not math.isfinite(value):
        problems.append(Problem(f"{text!r} is not a finite number", where))
        return None
    return value


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
"""PyYAML's binding of libyaml, in the wheels PyYAML publishes: it reads a definition about
twenty times faster than the pure-Python reader and builds the same nodes."""


_LIBYAML_SAFE_BYTES = 8_000
"""libyaml's composer recurses in C once for each level of nesting and, in some PyYAML
wheels, sets no bound of its own: some 30,000 levels overflow an 8 MB stack and kill the
process. A text this short cannot nest that deep (each level takes a character at least);
a longer one has its depth counted first from libyaml's events, read without recursion."""

_LIBYAML_SAFE_DEPTH = 1_000
"""Deepest nesting a longer text may have to be read by libyaml: far short of what overflows
the stack, and about where the pure-Python reader, which reads a deeper one, meets Python's
recursion limit."""


def _shallow_enough_for_libyaml(text: str) -> bool:
    assert _FAST_LOADER is not None
    if len(text) <= _LIBYAML_SAFE_BYTES:
        return True
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_FAST_LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > _LIBYAML_SAFE_DEPTH:
                    return False
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return False  # the pure-Python reader words the problem
    return True


def _compose(text: str) -> yaml.Node | None:
    """The node tree of ``text``; a problem is always reported in the pure-Python reader's
    words (and with its marks), so messages do not depend on how PyYAML was installed."""
    if _FAST_LOADER is not None and _shallow_enough_for_libyaml(text):
        try:
            return yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            pass  # read again below, for the message
    return yaml.compose(text, Loader=yaml.SafeLoader)


def parse(text: str, file: str) -> Document:
    """Parse YAML ``text`` (from ``file``); raises :class:`DefinitionError` on any problem."""
    doc = Document(file, text, None)
    bound = limits.current()
    try:
        node = _compose(text)
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
    except RecursionError:
        raise DefinitionError([Problem(_too_deep(), Location(file, 1, 1, doc._line(1)))]) from None
    if node is None:
        raise DefinitionError([Problem("the file is empty", Location(file, 1, 1, doc._line(1)))])
    problems: list[Problem] = []
    try:
        doc.data = _build(doc, node, (), problems, _Budget(bound.yaml_nodes, bound.yaml_depth,
                                                           repeated=bound.yaml_alias_text))
    except _TooBig as exc:
        raise DefinitionError([exc.problem]) from None
    if problems:
        raise DefinitionError(problems)
    return doc


def parse_shared(text: str, file: str) -> Document:
    """:func:`parse`, once for each text within a :func:`printkit.memo.session`: the same
    Document is handed to every caller, who must only read it (a booklet's example blocks
    come back unchanged in each variant)."""
    return memo.cached("yaml", (text, file, limits.current()), lambda: parse(text, file))


def load(path: Path | str, display: str | None = None) -> Document:
    """Read and parse a YAML file; ``display`` is the name used in messages.

    The caller may change what it gets: within a :func:`printkit.memo.session` the file is
    parsed once for each text (a game's definition, read again for each variant) and each
    caller gets its own copy of the data.
    """
    path = Path(path)
    name = display or str(path)
    text = read_text(path, name)
    if not memo.active():
        return parse(text, name)
    return _copy(parse_shared(text, name))


def _copy(doc: Document) -> Document:
    return Document(doc.file, doc.text, _copy_data(doc.data), dict(doc.value_locations),
                    dict(doc.key_locations))


def _copy_data(value: object) -> object:
    """A copy of parsed data (mappings and lists are new; texts and numbers are immutable)."""
    if isinstance(value, dict):
        return {key: _copy_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy_data(item) for item in value]
    return value


def read_text(path: Path, name: str) -> str:
    """The UTF-8 text of an input file, refusing one over the ``file-size`` limit."""
    bound = limits.current().file_size
    try:
        with open(path, "rb") as stream:
            data = stream.read(bound + 1)
    except OSError as exc:
        raise DefinitionError([Problem(f"cannot read {name}: {exc.strerror or exc}")]) from None
    if len(data) > bound:
        raise DefinitionError([Problem(f"{name}: " + limits.beyond(
            "file-size", "the file is too large", "bytes"))])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        # what comes before the first bad byte is good text: count lines and columns in it
        offset = len(data[:exc.start].decode("utf-8"))
        where = location_in_text(name, data.decode("utf-8", "replace"), offset)
        raise DefinitionError([Problem(f"the file is not UTF-8 text (byte {exc.start + 1}): "
                                       "save it with the UTF-8 encoding", where)]) from None
