"""A small declarative schema: checks located YAML data and exports JSON Schema.

Each node checks one value, converts it (lengths to points, ranges to tuples) and adds a
:class:`~printkit.errors.Problem` for every fault it sees, so that all problems in a file
are reported together.  The same nodes describe themselves as JSON Schema, which editors
use to complete and check game definitions.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit import limits
from printkit.definition.csscolours import (
    FUNCTIONS,
    NONE,
    ColourError,
    colour_names,
    read_colour,
)
from printkit.errors import Problem, did_you_mean
from printkit.units import UnitError, parse_length, parse_size
from printkit.yamlsource import Document, PathKey

JSON = dict[str, Any]


class Checker:
    """Collects problems while a document is checked."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

    def fail(self, path: PathKey, message: str, *, key: bool = False) -> None:
        """Record a problem at ``path``."""
        self.problems.append(self.doc.problem(path, message, key=key))


class Node(ABC):
    """One kind of value."""

    description: str = ""

    @abstractmethod
    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        """The converted value; records problems and returns ``None`` when it is wrong."""

    @abstractmethod
    def json(self) -> JSON:
        """This node as JSON Schema."""

    def written(self, value: object) -> object:
        """A checked value as a definition would write it (for defaults in the schema)."""
        return value

    def _json(self, schema: JSON) -> JSON:
        if self.description:
            schema["description"] = self.description
        return schema


def shown(value: object, most: int = 60) -> str:
    """``repr(value)``, cut short for messages.

    >>> shown("x" * 100, 10)
    "'xxxxxxxx...'"
    """
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "...'"


def kind_of(value: object) -> str:
    """What sort of YAML value ``value`` is, in words for a message ("a list")."""
    names = {bool: "true/false", int: "a number", float: "a number", str: "text",
             list: "a list", dict: "a mapping", type(None): "nothing"}
    return names.get(type(value), type(value).__name__)


def choice(value: object, choices: Collection[str]) -> str | None:
    """``value`` if it is text among ``choices``, else ``None``.

    A value that picks a record (an element's ``type``, a component's ``kind``) may be any
    YAML value until it is checked: a list or a mapping cannot be looked up in a mapping,
    so such keys are matched through this function, never with ``in`` directly.

    >>> choice("text", ("text", "rect")), choice(["text"], ("text",)), choice(None, ("x",))
    ('text', None, None)
    """
    return value if isinstance(value, str) and value in choices else None


@dataclass
class Text(Node):
    """A string, optionally one of ``choices`` or matching ``pattern``."""

    description: str = ""
    choices: tuple[str, ...] = ()
    pattern: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not self.choices:
            value = str(value)
        if not isinstance(value, str):
            checker.fail(path, f"expected text, found {kind_of(value)}")
            return None
        if self.choices and value not in self.choices:
            listed = ", ".join(self.choices)
            checker.fail(path, f"{shown(value)} is not one of: {listed}"
                         + did_you_mean(value, self.choices))
            return None
        if self.pattern and not re.fullmatch(self.pattern, value):
            checker.fail(path, f"{shown(value)} is not in the expected form ({self.description})")
            return None
        return value

    def json(self) -> JSON:
        schema: JSON = {"type": "string"}
        if self.choices:
            schema["enum"] = list(self.choices)
        if self.pattern:
            schema["pattern"] = f"^(?:{self.pattern})$"
        return self._json(schema)


@dataclass
class Number(Node):
    """An int (or, with ``integer=False``, a float) within ``minimum``..``maximum``."""

    description: str = ""
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = True

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        ok = isinstance(value, int) if self.integer else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok:
            wanted = "a whole number" if self.integer else "a number"
            checker.fail(path, f"expected {wanted}, found {kind_of(value)} {shown(value)}")
            return None
        assert isinstance(value, (int, float))
        if self.minimum is not None and value < self.minimum:
            checker.fail(path, f"{value} is too small: the least allowed is {self.minimum:g}")
            return None
        if self.maximum is not None and value > self.maximum:
            checker.fail(path, f"{value} is too large: the most allowed is {self.maximum:g}")
            return None
        return value

    def json(self) -> JSON:
        schema: JSON = {"type": "integer" if self.integer else "number"}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return self._json(schema)


@dataclass
class Flag(Node):
    """true or false."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, bool):
            checker.fail(path, f"expected true or false, found {kind_of(value)} {shown(value)}")
            return None
        return value

    def json(self) -> JSON:
        return self._json({"type": "boolean"})


_LENGTH_PATTERN = r"\s*[0-9.]+\s*(mm|cm|in|pt|pc)\s*"


@dataclass
class Length(Node):
    """A length with a unit, converted to points; bounds in points."""

    description: str = ""
    minimum: float = 0.0
    maximum: float | None = None

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        try:
            points = parse_length(value)  # type: ignore[arg-type]
        except UnitError as exc:
            checker.fail(path, str(exc))
            return None
        if points < self.minimum - 1e-9:
            checker.fail(path, f"{value} is too small (at least {self.minimum / 72 * 25.4:g}mm)")
            return None
        if self.maximum is not None and points > self.maximum + 1e-9:
            checker.fail(path, f"{value} is too large (at most {self.maximum / 72 * 25.4:g}mm)")
            return None
        return points

    def json(self) -> JSON:
        return self._json({"type": "string", "pattern": f"^{_LENGTH_PATTERN}$"})

    def written(self, value: object) -> object:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{round(value / 72 * 25.4, 3):g}mm"
        return value


@dataclass
class Size(Node):
    """``WIDTH x HEIGHT`` lengths, converted to a pair of points."""

    description: str = ""
    minimum: float = 1.0
    maximum: float | None = None

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, str):
            checker.fail(path, f"expected a size such as '63mm x 88mm', found {kind_of(value)}")
            return None
        try:
            width, height = parse_size(value)
        except UnitError as exc:
            checker.fail(path, str(exc))
            return None
        for side in (width, height):
            if side < self.minimum or (self.maximum is not None and side > self.maximum):
                top = f" and {self.maximum / 72 * 25.4:g}mm" if self.maximum else ""
                checker.fail(path, f"size {shown(value)} must be between "
                             f"{self.minimum / 72 * 25.4:g}mm{top} on each side")
                return None
        return (width, height)

    def json(self) -> JSON:
        return self._json({"type": "string",
                           "pattern": f"^{_LENGTH_PATTERN}[xX\u00d7]{_LENGTH_PATTERN}$"})


@dataclass
class Colour(Node):
    """Any CSS colour (:mod:`printkit.definition.csscolours`: a name such as ``crimson``,
    ``#rgb``, ``#rrggbb``, ``rgb()``, ``hsl()``...) or ``none``; normalised to ``#rrggbb``."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, str):
            checker.fail(path, f"expected a colour such as '#1f3a6e' or 'crimson', found "
                         f"{kind_of(value)}")
            return None
        try:
            return read_colour(value)
        except ColourError as exc:
            checker.fail(path, str(exc))
            return None

    def json(self) -> JSON:
        functions = "|".join(FUNCTIONS)
        return self._json({"type": "string", "anyOf": [
            {"pattern": "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"},
            {"pattern": f"^({functions})\\s*\\(.*\\)$"},
            {"enum": sorted({*colour_names(), *NONE})}]})


@dataclass
class IntRange(Node):
    """``"1..6"`` or a list of whole numbers, converted to a tuple of ints."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        most = limits.current().faces
        if isinstance(value, str):
            match = re.fullmatch(r"\s*(-?[0-9]{1,12})\s*\.\.\s*(-?[0-9]{1,12})\s*", value)
            if not match or int(match.group(1)) > int(match.group(2)):
                checker.fail(path, f"expected a range such as '1..6', not {shown(value)}")
                return None
            low, high = int(match.group(1)), int(match.group(2))
            if high - low + 1 > most:
                checker.fail(path, limits.beyond("faces", f"the range {value.strip()} has "
                                                 f"{high - low + 1} values", "faces"))
                return None
            return tuple(range(low, high + 1))
        if isinstance(value, list) and value and all(
                isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
            if len(value) > most:
                checker.fail(path, limits.over("faces", len(value), "faces"))
                return None
            if len(set(value)) != len(value):
                checker.fail(path, "a value is listed twice")
                return None
            return tuple(value)
        checker.fail(path, f"expected a range such as '1..6' or a list of values, "
                     f"found {kind_of(value)}")
        return None

    def json(self) -> JSON:
        # a bound may quote a parameter ("1..{parameter: players}"), put in before checking
        bound = r"(-?\d+|\{\s*parameter\s*:\s*[A-Za-z_][A-Za-z0-9_]*\s*\})"
        return self._json({"anyOf": [
            {"type": "string", "pattern": rf"^\s*{bound}\s*\.\.\s*{bound}\s*$"},
            {"type": "array", "items": {"type": ["integer", "string"]}, "minItems": 1}]})


@dataclass
class Scalar(Node):
    """Any plain value (text, number, true/false), or a list of them."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, dict):
            checker.fail(path, "expected a plain value or a list, found a mapping")
            return None
        return value

    def json(self) -> JSON:
        return self._json({"type": ["string", "number", "boolean", "array", "null"]})


@dataclass
class ListOf(Node):
    """A list whose items all match ``item``."""

    item: Node
    description: str = ""
    min_items: int = 0

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, list):
            checker.fail(path, f"expected a list, found {kind_of(value)}")
            return None
        if len(value) < self.min_items:
            checker.fail(path, f"expected at least {self.min_items} item(s)")
        return tuple(self.item.check(v, (*path, i), checker) for i, v in enumerate(value))

    def json(self) -> JSON:
        schema: JSON = {"type": "array", "items": self.item.json()}
        if self.min_items:
            schema["minItems"] = self.min_items
        return self._json(schema)


@dataclass
class MapOf(Node):
    """A mapping from free names (matching ``key_pattern``) to values matching ``value``."""

    value: Node
    description: str = ""
    key_pattern: str = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            checker.fail(path, f"expected a mapping, found {kind_of(value)}")
            return None
        result: dict[str, object] = {}
        for key, item in value.items():
            if not re.fullmatch(self.key_pattern, key):
                checker.fail((*path, key), f"{key!r} is not a valid name", key=True)
                continue
            result[key] = self.value.check(item, (*path, key), checker)
        return result

    def json(self) -> JSON:
        return self._json({"type": "object", "additionalProperties": self.value.json(),
                           "propertyNames": {"pattern": f"^{self.key_pattern}$"}})


@dataclass
class Field:
    """One key of a :class:`Record`."""

    node: Node
    required: bool = False
    default: object = None


@dataclass
class Record(Node):
    """A mapping with known keys; unknown keys are errors with a suggestion."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            checker.fail(path, f"expected a mapping, found {kind_of(value)}")
            return None
        result: dict[str, object] = {}
        for key in value:
            if key not in self.fields:
                where = f" in '{path[-1]}'" if path and isinstance(path[-1], str) else ""
                known = ", ".join(sorted(self.fields))
                hint = did_you_mean(key, self.fields)
                checker.fail((*path, key), f"unknown key {key!r}{where}{hint}"
                             + ("" if hint else f"; known keys: {known}"), key=True)
        for name, spec in self.fields.items():
            if name in value:
                result[name] = spec.node.check(value[name], (*path, name), checker)
            elif spec.required:
                where = f"'{path[-1]}'" if path and isinstance(path[-1], str) else "the file"
                checker.fail(path, f"missing required key {name!r} in {where}", key=True)
                result[name] = None
            else:
                default = spec.default
                if isinstance(spec.node, Record) and default is None:
                    default = spec.node.check({}, (*path, name), checker)
                result[name] = default
        return result

    def json(self) -> JSON:
        properties: JSON = {}
        for name, spec in self.fields.items():
            prop = spec.node.json()
            if spec.default is not None and not isinstance(spec.default, (tuple, dict)):
                prop["default"] = spec.node.written(spec.default)
            properties[name] = prop
        schema: JSON = {"type": "object", "properties": properties,
                        "additionalProperties": False}
        required = [n for n, s in self.fields.items() if s.required]
        if required:
            schema["required"] = required
        return self._json(schema)
