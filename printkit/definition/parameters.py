"""A definition's parameters: the file's, then the variant's, then ``--set``; and the places
in face groups that take their value from a parameter.

Parameters are what the rules engine reads (players, decks, a point table, an attribute
deck).  Cards often have to show the same data: a face group may therefore write
``{parameter: NAME}`` instead of a value for an option, for ``count``, for one attribute
of ``generate`` or for the whole ``generate``, and it gets the parameter's value *after* the
variant and ``--set`` are applied, so cards and rules never disagree::

    parameters:
      copies: 4
      attributes: [[shape, star, bar], [colour, red, blue]]
    faces:
      - id: card
        kind: stars-and-bars-card
        generate: {parameter: attributes}   # rows of an attribute's name, then its values
        count: {parameter: copies}

Words printed from a table or a sheet often quote a parameter too ("Over 200 points
wins"): inside the text of a sheet component (its title, note, notes, column labels and
cells), of a face group's options and of the data rows a face group writes in the file
(a player aid's lines), ``{parameter: NAME}`` may also stand in the middle of a line, and
is replaced by the parameter's value written out (standing alone as a cell of such a row,
it gives the value, ``true`` or ``false`` for a flag, or the words its ``values`` give for
it: a rule's text chosen by its option)::

    components:
      score-sheet:
        kind: sheet
        note: "Over {parameter: win_score} points wins"   # quoted: YAML reads ': ' as a key

Standing alone as an item of a list there (a row's cells, the notes, the columns), a
reference to a list is spread over as many items, so a point table printed on a score pad
follows the table the rules read::

    rows:
      - [Suit, spades, hearts, clubs, diamonds]
      - [Points, {parameter: suit_values}]     # -> [Points, 1, 2, 3, 4]

Token components take parameters in their ``front`` and ``back`` face groups as well, and
a range in ``generate`` may quote one (``player: "1..{parameter: players}"``), so tokens
follow the number of players.  Where a parameter may hold a word the cards cannot print
as it is, ``values`` says what to print instead::

    count: {parameter: ships_per_player, values: {unlimited: 15}}

A yes/no parameter chooses between the keys ``true`` and ``false`` (written bare, as YAML
reads flags; in any other mapping such a key is still refused)::

    notes:
      - parameter: strict_claims
        values: {true: "Claim your points before the next card.", false: "Points count at once."}

The substitution happens on the file's data before the schema checks it, and each
substituted value keeps the place where the reference was written, so every problem is
still reported at a line of the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.definition.groupwhen import drop_by_count, drop_by_when
from printkit.errors import Location, Problem, did_you_mean
from printkit.settings import COMMAND_LINE
from printkit.yamlsource import Document, PathKey

OVERRIDE_FILE = COMMAND_LINE
_INLINE = re.compile(r"\{\s*parameter\s*:\s*([^{}]*?)\s*\}")
"""``{parameter: NAME}`` written inside a line of text."""


@dataclass
class Parameters:
    """Resolved parameter values and where each was written."""

    values: dict[str, object] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)


def resolve(doc: Document, variant: str | None,
            overrides: Mapping[str, tuple[object, Location]]) -> Parameters:
    """The file's parameters, then the variant's, then ``overrides`` (from ``--set``).

    Reads the raw file data; a section of the wrong shape is skipped here (the schema
    reports it).  An unknown variant is reported by the caller, which knows the variants.
    """
    data = doc.data if isinstance(doc.data, dict) else {}
    found = Parameters()
    given = data.get("parameters")
    if isinstance(given, dict):
        for key, value in given.items():
            found.values[key] = value
            found.locations[key] = doc.where(("parameters", key), key=True)
    variants = data.get("variants")
    chosen = variants.get(variant) if isinstance(variants, dict) and variant else None
    if isinstance(chosen, dict) and isinstance(chosen.get("parameters"), dict):
        for key, value in chosen["parameters"].items():
            found.values[key] = value
            found.locations[key] = doc.where(("variants", str(variant), "parameters", key),
                                             key=True)
    for key, (value, where) in overrides.items():
        found.values[key] = value
        found.locations[key] = where
    return found


def _reference(value: object) -> str | None:
    """The parameter named by ``{parameter: NAME}`` (or ``{parameter: NAME, values:
    {...}}``), else None."""
    if isinstance(value, dict) and "parameter" in value and set(value) <= {"parameter",
                                                                             "values"}:
        name = value["parameter"]
        return name if isinstance(name, str) else ""
    return None


def _value(doc: Document, reference: Mapping[str, Any], name: str, path: PathKey,
           parameters: Parameters, problems: list[Problem]) -> object:
    """The value ``reference`` stands for: the parameter's, or what its ``values`` maps
    that to."""
    value = parameters.values[name]
    mapping = reference.get("values")
    if mapping is None:
        return value
    if not isinstance(mapping, dict):
        problems.append(doc.problem((*path, "values"), "values maps a parameter's values to "
                                    "what to use instead, e.g. {unlimited: 15}"))
        return value
    return next((new for old, new in mapping.items() if _chooses(old, value)), value)


def _chooses(key: object, value: object) -> bool:
    """Whether the key of a ``values`` map stands for ``value``: a flag is chosen by the
    key ``true`` or ``false`` (YAML reads a bare ``true:`` as a flag; the loader keeps it
    as that text), any other value by a key equal to it."""
    if isinstance(value, bool):
        return key == ("true" if value else "false")
    return key == value and not isinstance(key, bool)


def _groups(data: Mapping[str, Any]) -> list[tuple[PathKey, dict[str, Any]]]:
    """Every face group of the file, with its path (top level and components)."""
    found: list[tuple[PathKey, dict[str, Any]]] = []
    faces = data.get("faces")
    if isinstance(faces, list):
        found += [(("faces", i), g) for i, g in enumerate(faces) if isinstance(g, dict)]
    components = data.get("components")
    if isinstance(components, dict):
        for name, component in components.items():
            for key in ("faces", "front", "back"):  # a deck's faces, a token's two sides
                groups = component.get(key) if isinstance(component, dict) else None
                if isinstance(groups, list):
                    found += [(("components", name, key, i), g)
                              for i, g in enumerate(groups) if isinstance(g, dict)]
    return found


def substitute(doc: Document, parameters: Parameters, problems: list[Problem]) -> None:
    """Replace each ``{parameter: NAME}`` in the face groups and sheet components by the
    parameter's value, leaving out the face groups whose ``when`` is false or whose
    ``count`` is 0 (:mod:`printkit.definition.groupwhen`)."""
    if not isinstance(doc.data, dict):
        return
    groups = drop_by_when(doc, _groups(doc.data), parameters.values, problems)
    for path, group in groups:
        for key in ("count", "generate"):
            if key in group:
                _replace(doc, group, key, (*path, key), parameters, problems,
                         table=key == "generate")
        generate = group.get("generate")
        if isinstance(generate, dict):
            for attribute in list(generate):
                where = (*path, "generate", attribute)
                if isinstance(generate[attribute], str):  # a range: "1..{parameter: n}"
                    generate[attribute] = _inline(doc, generate[attribute], where, parameters,
                                                  problems)
                _replace(doc, generate, attribute, where, parameters, problems, table=False)
        options = group.get("options")
        if isinstance(options, dict):
            for option in list(options):
                _words(doc, options, option, (*path, "options", option), parameters,
                       problems)
        data = group.get("data")
        if isinstance(data, list):  # rows written in the file (a player aid's lines)
            _rows(doc, data, (*path, "data"), parameters, problems)
    drop_by_count(doc, groups, problems)
    components = doc.data.get("components")
    if isinstance(components, dict):
        for name, component in components.items():
            if isinstance(component, dict) and component.get("kind") == "sheet":
                for key in list(component):
                    if key != "kind":
                        _words(doc, component, key, ("components", name, key), parameters,
                               problems)


def _replace(doc: Document, holder: dict[str, Any], key: str, path: PathKey,
             parameters: Parameters, problems: list[Problem], *, table: bool) -> None:
    reference = holder[key]
    name = _reference(reference)
    if name is None:
        return
    if name not in parameters.values:
        problems.append(_unknown(doc, path, name, parameters))
        holder[key] = None
        return
    value = _value(doc, reference, name, path, parameters, problems)
    if table:
        rows = as_attribute_table(value)
        if rows is None:
            problems.append(doc.problem(path, f"parameter {name!r} is not a table of "
                                        "attributes: write rows of a name and its values, "
                                        "e.g. [[shape, star, bar], [colour, red, blue]]"))
            holder[key] = None
            return
        value = rows
    holder[key] = _plain(value)


def _words(doc: Document, holder: dict[str, Any] | list[Any], key: Any, path: PathKey,
           parameters: Parameters, problems: list[Problem]) -> None:
    """Replace ``{parameter: NAME}`` standing for ``holder[key]`` by the parameter's value,
    and inside its text (or the text of the lists and mappings below it) by the value
    written out."""
    value = holder[key]
    name = _reference(value)
    if name is not None:
        if name not in parameters.values:
            problems.append(_unknown(doc, path, name, parameters))
            holder[key] = None
        else:
            holder[key] = _plain(_value(doc, value, name, path, parameters, problems))
    elif isinstance(value, str):
        holder[key] = _inline(doc, value, path, parameters, problems)
    elif isinstance(value, list):
        spread: list[Any] = []
        for index, item in enumerate(value):
            inner = _reference(item)
            found = parameters.values.get(inner) if inner is not None else None
            if isinstance(found, (list, tuple)):  # a list in a list: an item each
                spread += [_plain(v) for v in found]
                continue
            _words(doc, value, index, (*path, index), parameters, problems)
            spread.append(value[index])
        value[:] = spread
    elif isinstance(value, dict):
        for inner in list(value):
            _words(doc, value, inner, (*path, inner), parameters, problems)


def _rows(doc: Document, rows: list[Any], path: PathKey, parameters: Parameters,
          problems: list[Problem]) -> None:
    """The parameters quoted in data rows written in the file; a flag standing for a cell
    becomes ``true`` or ``false`` as a spreadsheet writes it, so ``when`` can test it (a
    bare yes or no in a row stays refused: YAML reads ``NO`` as false)."""
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        for column in list(row):
            flag = _reference(row[column]) is not None
            _words(doc, row, column, (*path, index, column), parameters, problems)
            if flag and isinstance(row[column], bool):
                row[column] = "true" if row[column] else "false"


def _unknown(doc: Document, path: PathKey, name: str, parameters: Parameters) -> Problem:
    return doc.problem(path, f"{{parameter: {name}}} names no parameter of this definition"
                       + did_you_mean(name, parameters.values))


def _inline(doc: Document, text: str, path: PathKey, parameters: Parameters,
            problems: list[Problem]) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in parameters.values:
            problems.append(_unknown(doc, path, name, parameters))
            return match.group(0)
        found = parameters.values[name]
        if isinstance(found, bool) or not isinstance(found, (int, float, str)):
            problems.append(doc.problem(path, f"parameter {name!r} is not a number or a "
                                        "word, so it cannot stand in a line of text"))
            return match.group(0)
        return str(found)

    return _INLINE.sub(value, text)


def as_attribute_table(value: object) -> dict[str, list[object]] | None:
    """``value`` as ``{attribute: [values]}``: from that shape itself, or from rows of an
    attribute's name followed by its values (the shape rules engines read).  A value
    written ``name:code`` (a code the rules' notation uses) gives the cards ``name``.

    >>> as_attribute_table([["number", "one:1", "two:2"], ["shape", "star", "bar"]])
    {'number': ['one', 'two'], 'shape': ['star', 'bar']}
    """
    if isinstance(value, dict) and all(isinstance(v, (list, tuple)) for v in value.values()):
        return {str(k): [_named(v) for v in values] for k, values in value.items()}
    if isinstance(value, (list, tuple)) and value and all(
            isinstance(row, (list, tuple)) and len(row) >= 2 and isinstance(row[0], str)
            for row in value):
        return {str(row[0]): [_named(v) for v in row[1:]] for row in value}
    return None


def _named(value: object) -> object:
    return value.partition(":")[0].strip() if isinstance(value, str) else value


def _plain(value: object) -> object:
    """Tuples (from a parameters dataclass or --set) as the lists YAML would have given."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


__all__ = ["OVERRIDE_FILE", "Parameters", "as_attribute_table", "resolve", "substitute"]
