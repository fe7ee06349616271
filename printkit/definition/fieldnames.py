"""Field names: one rule for every place a definition names a card's field.

A field is named by a data table's column (CSV, XLSX or an inline list), by an attribute of
``generate:``, and is then referred to by ``{field}`` in patterns (text, styles, face names,
backs), by ``when:`` and by ``by:``.  All of them read the name here, so a name that one
place takes is taken by all.

A name is written in letters of any script: it follows Python's rule for identifiers
(``str.isidentifier``: a letter or ``_`` first, then letters, digits, combining marks and
``_``), and may also hold ``-`` after its first character.  Spaces, punctuation and an
empty name are refused.  Names are compared in Unicode normal form C, so ``όνομα`` typed as
one character per letter and the same word typed with combining accents (as macOS may save
it) are one name.

>>> is_field_name("όνομα"), is_field_name("сила"), is_field_name("hit-points")
(True, True, True)
>>> is_field_name("Card Cost"), is_field_name("2nd"), is_field_name(""), is_field_name("-x")
(False, False, False, False)
>>> suggestion("Card Cost"), suggestion("Κόστος κάρτας"), suggestion("2η"), suggestion("★")
('Card_Cost', 'Κόστος_κάρτας', '_2η', 'column')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from anyascii import anyascii

from printkit.definition.schema import JSON, Checker, MapOf, Node
from printkit.yamlsource import PathKey

RULE = "letters of any script, digits, '_' and '-', not starting with a digit or '-'"
"""The rule in words, for messages and the reference."""

JSON_PATTERN = r"(?:[A-Za-z_]|[^\u0000-\u007f\s])(?:[A-Za-z0-9_-]|[^\u0000-\u007f\s])*"
"""A JSON Schema pattern close to the rule (editors' regular expressions differ in what a
letter is, and Python's ``re``, which ``jsonschema`` uses, has no ``\\p{L}``): ASCII names
are held to the rule exactly, and any character outside ASCII but a space is let through;
the loader still checks the name with :func:`is_field_name`."""


def normal(name: str) -> str:
    """``name`` in Unicode normal form C: the form names are compared in."""
    return unicodedata.normalize("NFC", name)


def is_field_name(name: str) -> bool:
    """Whether ``name`` may name a field (see the module's rule)."""
    name = normal(name)
    return bool(name) and not name.startswith("-") and name.replace("-", "_").isidentifier()


def is_dotted_name(name: str) -> bool:
    """Whether ``name`` is a field name, or names a value's property with dots
    (``suit.colour``), as ``{field}`` places may."""
    return all(is_field_name(part) for part in name.split("."))


def _usable(char: str) -> bool:
    """Whether ``char`` may stand after the first character of a name."""
    return char == "-" or ("a" + char).isidentifier()


def suggestion(name: str, fallback: str = "column") -> str:
    """A usable name for ``name``: its own letters and digits with each run of other
    characters made one ``_`` (and ``_`` before a leading digit); when it has no letter or
    digit that a name may hold, the same made of its Latin transliteration by anyascii
    (``№`` -> ``No``); when that has none either (``★``), ``fallback``."""
    for text in (normal(name), anyascii(normal(name))):
        kept = re.sub(r"_+", "_", "".join(c if _usable(c) else "_" for c in text))
        kept = kept.strip("_-")
        if kept and not any(c.isalnum() for c in kept):
            continue
        if kept and not kept[0].isidentifier():  # a digit or a combining mark
            kept = "_" + kept
        if kept and is_field_name(kept):
            return kept
    return fallback


@dataclass
class FieldName(Node):
    """Text naming a field: checked by :func:`is_field_name`, kept in normal form C."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, str):
            checker.fail(path, f"expected a field name, found {type(value).__name__}")
            return None
        if not is_field_name(value):
            checker.fail(path, f"{value!r} is not a field name: write it as "
                         f"{suggestion(value, 'name')!r} ({RULE})")
            return None
        return normal(value)

    def json(self) -> JSON:
        return self._json({"type": "string", "pattern": f"^{JSON_PATTERN}$"})


@dataclass
class FieldNames(MapOf):
    """A mapping whose keys name fields (``generate:``), kept in normal form C."""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            return super().check(value, path, checker)
        result: dict[str, object] = {}
        for key, item in value.items():
            key = str(key)
            if not is_field_name(key):
                checker.fail((*path, key), f"{key!r} is not a field name: write it as "
                             f"{suggestion(key, 'name')!r} ({RULE})", key=True)
                continue
            name = normal(key)
            if name in result:
                checker.fail((*path, key), f"{key!r} is named twice (the same letters, "
                             "typed differently)", key=True)
                continue
            result[name] = self.value.check(item, (*path, key), checker)
        return result

    def json(self) -> JSON:
        return self._json({"type": "object", "additionalProperties": self.value.json(),
                           "propertyNames": {"pattern": f"^{JSON_PATTERN}$"}})
