"""The faces of a definition: each face group's cards (an attribute product, rows of a data
table, or one card), per deck where asked, named by its pattern, checked by its kind, with
the kind's typed options, and for kinds that draw layouts each card's layout filled in."""

from __future__ import annotations

import itertools
import math
import re
import string
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from anyascii import anyascii

from printkit import limits
from printkit.definition.content import Content
from printkit.definition.data import Table, read_table
from printkit.definition.files import shown_folder
from printkit.definition.layouts import LAYOUT_NAME, Layout
from printkit.definition.model import AttributeValue, Back, CardFace
from printkit.definition.options import AttributeCheck, Kinds, OptionsSpec
from printkit.definition.patterns import Pattern, PatternError, parse_pattern
from printkit.definition.resolve import BUILT_IN, CardData, check_fields, resolve_card
from printkit.definition.schema import JSON, Checker, Field, ListOf, Node, Record, Text
from printkit.definition.shapes import LayoutOptions
from printkit.errors import Location, Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_word(value: object) -> str:
    """A field's value as it goes into a face's file name: letters of any script are
    written in Latin letters (by anyascii, keeping their case), then anything but letters,
    digits, '.', '_' and '-' becomes '-' (``"one:1"`` -> ``"one-1"``, ``"Fire Bolt"`` ->
    ``"Fire-Bolt"``), so data can name cards without making unsafe file names; the
    pattern's own text is not changed, and is still checked.

    >>> file_word("../x y"), file_word("Łódź"), file_word("Ωμέγα")
    ('..-x-y', 'Lodz', 'Omega')
    """
    return _UNSAFE.sub("-", anyascii(str(value)))


BackOf = Callable[[PathKey, Mapping[str, Any], Collection[str], CardData], Back | None]
"""A card's own back, given its group's place in the file, the group, the group's field
names and the card (see :class:`printkit.definition.backs.BackResolver`)."""

SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""What a face's name may be (it becomes a file name in the kit)."""

_TABLE_FILE = Record(description="A table file, with the sheet and the columns a row may "
                     "leave out.", fields={
    "file": Field(Text("an .xlsx, .csv or .tsv file beside the definition"), required=True),
    "sheet": Field(Text("the sheet's name (default: the first sheet)")),
    "optional": Field(ListOf(Text("a column name"), "columns a CSV row may end before "
                             "(their cells are then empty)")),
})


@dataclass
class DataSource(Node):
    """A data table: a file's name, ``{file, sheet}``, or a list of rows."""

    description: str = ("one card per row: a .csv, .tsv or .xlsx file beside the definition "
                        "(first row: column names; a 'count' column gives copies), "
                        "{file, sheet, optional: [columns a CSV row may leave out]}, or a "
                        "list of mappings; a CSV row with fewer cells than columns is an "
                        "error unless the columns it leaves out are optional; an empty cell "
                        "is empty text ({field} prints nothing, 'when: field' hides, 'by:' "
                        "takes its default, an empty count gives the group's count)")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, str):
            return Text().check(value, path, checker)
        if isinstance(value, dict):
            return _TABLE_FILE.check(value, path, checker)
        if isinstance(value, list):
            return value  # rows are checked, with their places, when the table is read
        checker.fail(path, "expected a file name, {file, sheet, optional} or a list of "
                     "rows")
        return None

    def json(self) -> JSON:
        return self._json({"anyOf": [{"type": "string"}, _TABLE_FILE.json(),
                                     {"type": "array", "items": {"type": "object"}}]})


GROUP_FIELDS: Mapping[str, Field] = {
    "data": Field(DataSource()),
    "layout": Field(Text("the layout these cards fill in (from layouts:)",
                         pattern=LAYOUT_NAME)),
}
"""The keys of a face group this module adds to the definition's schema."""


@dataclass(frozen=True)
class _Card:
    """One card of a group before decks and names: its attributes and copies."""

    attributes: tuple[tuple[str, AttributeValue], ...]
    copies: int
    sources: Mapping[str, Location]


@dataclass(frozen=True)
class _Group:
    """What a face group makes: its field names, how many cards, and (lazily) the cards."""

    names: tuple[str, ...]
    size: int
    copies: int
    table: Table | None = None


def expand_faces(doc: Document, groups: Sequence[Mapping[str, Any]], deck_count: int,
                 kinds: Kinds, problems: list[Problem], *, base: PathKey = ("faces",),
                 content: Content | None = None, backs: BackOf | None = None
                 ) -> tuple[CardFace, ...]:
    """Every unique face: each group's cards, per deck where asked.

    Counts are checked against the ``faces`` and ``cards`` limits before anything is made,
    names must be safe file names, each face kind checks the attributes it draws, and each
    card of a kind that draws layouts gets its layout filled in.  ``base`` is where the
    groups are in the file (``("faces",)``, or a component's face list); ``content`` holds
    the definition's layouts, fonts, icons and folder; ``backs`` gives each card its own
    back, when it has one.
    """
    if content is None:  # a definition without content sections: files beside it
        content = Content(Path(doc.file).parent, shown_folder(doc.file))
    bound = limits.current()
    faces: list[CardFace] = []
    seen: dict[str, tuple[str, Location | None]] = {}
    face_total = card_total = 0
    for index, group in enumerate(groups):
        where: PathKey = (*base, index)
        made = _group(doc, group, where, content, problems)
        if made is None:
            continue
        decks = range(deck_count) if group.get("per_deck", True) else range(1)
        face_total += made.size * len(decks)
        card_total += made.copies * len(decks)
        if face_total > bound.faces:
            problems.append(doc.problem(where, limits.beyond(
                "faces", f"this definition makes at least {face_total} faces", "faces")))
            break
        if card_total > bound.cards:
            problems.append(doc.problem(where, limits.beyond(
                "cards", f"this definition makes at least {card_total} cards", "cards")))
            break
        pattern = _name_pattern(doc, group, where, made, problems)
        spec = kinds.faces.get(str(group.get("kind")))
        if spec is None:
            continue
        layout = _layout(doc, group, where, spec, made, content, problems)
        if pattern is None or layout is False:
            continue
        cards = _cards(group, made, problems)
        check = spec.check_attributes
        if cards is None or (check is not None and _attributes_wrong(
                doc, check, cards, group, where, made, problems)):
            continue
        width = len(str(len(cards)))
        for deck in decks:
            mark = string.ascii_uppercase[deck] if deck_count > 1 and group["per_deck"] else ""
            for number, card in enumerate(cards, start=1):
                values = {"id": group["id"], "deck": mark, "n": number,
                          "values": "-".join(file_word(v) for _, v in card.attributes),
                          **dict(card.attributes)}
                numbered = {"n": f"{number:0{width}d}"}
                named = _usable(pattern, pattern.fill(
                    {**{k: file_word(v) for k, v in values.items()}, **numbered}),
                    f"{group['id']}-{numbered['n']}")
                key = f"{named}-{mark}" if mark and "deck" not in pattern.fields else named
                maker = _maker(index, card)
                row = maker[1]
                if not SAFE_NAME.fullmatch(key):
                    written = pattern.fill({**{k: str(v) for k, v in values.items()},
                                            **numbered})
                    becomes = "" if written == key else f"makes the file name {key!r}, which "
                    problems.append(_located(doc, (*where, "name"), row, f"face name "
                                             f"{written!r} {_of(row)}{becomes}is not a safe file "
                                             "name: use letters, digits, '.', '_' and '-' (at "
                                             "most 100)"))
                    if _unsafe_pattern(pattern):
                        break  # the pattern's own words: every card would say the same
                    continue
                if key in seen:
                    problems.append(_twice(doc, key, seen[key], maker, where))
                    continue
                seen[key] = maker
                options = group["options"]
                data = CardData(key, values, card.sources)
                if isinstance(layout, Layout):
                    drawn = resolve_card(doc, layout, data, content, problems)
                    if drawn is None:
                        continue
                    options = replace(drawn, base=group["options"])
                back = backs(where, group, made.names, data) if backs is not None else None
                faces.append(CardFace(key=key, group=group["id"], kind=group["kind"],
                                      attributes=card.attributes, copies=card.copies,
                                      deck=deck, deck_mark=mark, options=options,
                                      owner=kinds.face_owners.get(group["kind"], ""),
                                      source=row or doc.where(where), back=back))
    return tuple(faces)


def _row(card: _Card) -> Location | None:
    """The first cell of the row that made ``card`` (``None`` for a card of ``generate:``)."""
    return next(iter(card.sources.values()), None)


def _of(row: Location | None) -> str:
    """'(row FILE:LINE) ' naming a data row in a message, or nothing."""
    return "" if row is None else f"(row {_row_place(row)}) "


def _row_place(row: Location) -> str:
    """``FILE:LINE`` of a table's row; ``FILE:LINE:COLUMN`` of a row written inline in the
    definition (several may share a line)."""
    return f"{row.file}:{row.line}" + (f":{row.column}" if row.column > 1 else "")


def _usable(pattern: Pattern, named: str, numbered: str) -> str:
    """A card's file name from its name pattern filled in (``named``): when its fields'
    values made it unsafe by starting it with a separator or leaving no letter or digit
    (symbols: ``'\u2605 Fire'`` -> ``'-Fire'``, ``'\u2665'`` -> ``'-hearts-'``), the
    separators at its ends are left out (``'Fire'``, ``'hearts'``), and a name with no
    letter or digit at all (``'\u2605'``) becomes the group's id and the card's number
    (``numbered``, ``'c-5'``).  A pattern whose own words are unsafe is left as it is."""
    if SAFE_NAME.fullmatch(named) or _unsafe_pattern(pattern):
        return named
    kept = named.strip("-._")
    return kept if any(c.isalnum() for c in kept) else numbered


def _unsafe_pattern(pattern: Pattern) -> bool:
    """Whether the pattern's own words (its fields taken as ``x``) make an unsafe name."""
    return not SAFE_NAME.fullmatch(pattern.fill(dict.fromkeys(pattern.fields, "x")))


def _located(doc: Document, path: PathKey, row: Location | None, message: str) -> Problem:
    """A problem at the data row ``row``, or at ``path`` in the definition if none."""
    return Problem(message, row) if row is not None else doc.problem(path, message)


def _maker(group: int, card: _Card) -> tuple[str, Location | None]:
    """How a message names what made ``card`` (its data row, or its group and values), and
    the row's place (``None`` for a card of ``generate:``)."""
    row = _row(card)
    if row is not None:
        return f"row {_row_place(row)}", row
    values = ", ".join(f"{name}={value}" for name, value in card.attributes)
    return f"face group {group + 1}" + (f" ({values})" if values else ""), None


def _twice(doc: Document, key: str, first: tuple[str, Location | None],
           second: tuple[str, Location | None], where: PathKey) -> Problem:
    """The problem of two cards named ``key``, at the second (its row, or its group),
    naming what made each."""
    return _located(doc, where, second[1], f"face {key!r} is defined twice: by {first[0]} "
                    f"and by {second[0]} (their names, written as file names, are the same: "
                    "make them differ, e.g. with {id} or {n} in the name pattern)")


def _group(doc: Document, group: Mapping[str, Any], where: PathKey, content: Content,
           problems: list[Problem]) -> _Group | None:
    """The size of a group and its field names (``None`` if already reported)."""
    generate: Mapping[str, tuple[AttributeValue, ...]] = group.get("generate") or {}
    if any(values is None for values in generate.values()) or not group.get("id"):
        return None  # already reported
    count = int(group.get("count") or 1)
    source = group.get("data")
    if source is None:
        size = math.prod(len(v) for v in generate.values())
        return _Group(tuple(generate), size, size * count)
    if generate:
        problems.append(doc.problem((*where, "data"), "a face group takes its cards from "
                                    "generate or from data, not both", key=True))
        return None
    table = read_table(doc, (*where, "data"), source, content.folder, problems)
    if table is None:
        return None
    copies = sum(_copies(row.cells["count"].value) or count if "count" in row.cells else count
                 for row in table.rows)
    return _Group(table.columns, len(table.rows), copies, table)


def _copies(value: AttributeValue) -> int | None:
    """A ``count`` cell as a number of copies (``None`` if it is not one)."""
    text = str(value).strip().lstrip("0") or "0"
    # ASCII digits only, and few of them: int() refuses over 4,300 digits with a ValueError
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not 1 <= int(text) <= 1000:
        return None
    return int(text)


NAME_FIELDS = (*BUILT_IN, "values")
"""Fields a name pattern may use besides the attributes: ``{values}`` is every attribute's
value in order, joined by '-' (``star-red-large-one``), so a deck whose attributes change
(a teacher adds one) keeps naming each card after all of them."""


def _name_pattern(doc: Document, group: Mapping[str, Any], where: PathKey, made: _Group,
                  problems: list[Problem]) -> Pattern | None:
    text = group.get("name") or "{id}"
    if made.table is not None and text == "{id}" and made.size > 1:
        text = "{id}-{n}"
    try:
        pattern = parse_pattern(text)
    except PatternError as exc:
        problems.append(doc.problem((*where, "name"), f"name pattern: {exc}"))
        return None
    fields = set(pattern.fields)
    names = list(made.names)
    unknown = fields - set(names) - set(NAME_FIELDS)
    if unknown:
        problems.append(doc.problem((*where, "name"), "name pattern uses "
                                    f"{', '.join(sorted(unknown))} but the group has no such "
                                    "attribute" + did_you_mean(sorted(unknown)[0], names)))
        return None
    if made.size > 1 and not (fields & {*names, "n", "values"}):
        problems.append(doc.problem((*where, "name"), f"name pattern {text!r} gives every "
                                    "card the same name: use the attributes, e.g. '{"
                                    + (names[0] if names else "n") + "}'"))
        return None
    return pattern


def _layout(doc: Document, group: Mapping[str, Any], where: PathKey, spec: OptionsSpec[Any],
            made: _Group, content: Content, problems: list[Problem]
            ) -> Layout | Literal[False] | None:
    """The group's layout: ``None`` for a kind that draws none, ``False`` after a problem."""
    name = group.get("layout")
    draws = isinstance(spec.options, type) and issubclass(spec.options, LayoutOptions)
    if not draws:
        if name is None:
            return None
        problems.append(doc.problem((*where, "layout"), f"the kind {spec.name!r} draws its "
                                    "own faces and takes no layout (use kind: layout)"))
        return False
    if name is None:
        problems.append(doc.problem(where, f"the kind {spec.name!r} draws a layout: name it "
                                    "with layout: NAME", key=True))
        return False
    layout = content.layouts.get(name)
    if layout is None:
        known = ", ".join(sorted(content.layouts)) or "none"
        problems.append(doc.problem((*where, "layout"), f"there is no layout {name!r}"
                                    + did_you_mean(name, content.layouts)
                                    + f" (layouts: {known})"))
        return False
    source = f"face group {group['id']!r}" + (
        f" ({made.table.shown})" if made.table is not None else "")
    if group.get("options") is None or not check_fields(
            doc, layout, (*made.names, *BUILT_IN), source, problems):
        return False
    return layout


def _cards(group: Mapping[str, Any], made: _Group, problems: list[Problem]
           ) -> list[_Card] | None:
    """The group's cards: rows of its table, or the product of its attribute values."""
    count = int(group.get("count") or 1)
    if made.table is None:
        generate: Mapping[str, tuple[AttributeValue, ...]] = group.get("generate") or {}
        return [_Card(tuple(zip(made.names, combo, strict=True)), count, {})
                for combo in itertools.product(*(generate[n] for n in made.names))]
    cards = []
    fine = True
    for row in made.table.rows:
        copies = count
        if "count" in row.cells and str(row.cells["count"].value).strip():
            cell = row.cells["count"]
            found = _copies(cell.value)
            if found is None:
                problems.append(Problem(f"count must be a whole number from 1 to 1000, not "
                                        f"{str(cell.value)!r}", cell.where))
                fine = False
                continue
            copies = found
        attributes = tuple((c, row.cells[c].value) for c in made.table.columns)
        cards.append(_Card(attributes, copies, {c: row.cells[c].where
                                                for c in made.table.columns}))
    return cards if fine else None


def _attributes_wrong(doc: Document, check: AttributeCheck, cards: list[_Card],
                      group: Mapping[str, Any], where: PathKey, made: _Group,
                      problems: list[Problem]) -> bool:
    """Whether the kind refuses a card's attributes (the first refusal is reported, at the
    value it is about: see :func:`_culprit`)."""
    refused: tuple[_Card, str] | None = None
    accepted: dict[str, AttributeValue] = {}
    for card in cards:
        wrong = check(dict(card.attributes))
        if not wrong:
            accepted.update(card.attributes)
        elif refused is None:
            refused = (card, wrong)
    if refused is None:
        return False
    card, wrong = refused
    culprit = _culprit(check, card, accepted, wrong)
    if made.table is not None and card.sources:
        first = next(iter(card.sources.values()))
        location = (card.sources.get(culprit[0]) if culprit else None) or Location(
            first.file, first.line, 1, first.source_line)
        problems.append(Problem(wrong, location))
    elif culprit is not None:
        name, value = culprit
        values = tuple((group.get("generate") or {}).get(name) or ())
        at: PathKey = (*where, "generate", name)
        if value in values:
            at = (*at, values.index(value))  # an item of a written list, if it was one
        problems.append(doc.problem(at, wrong))
    else:
        target = (*where, "generate") if made.names else (*where, "kind")
        problems.append(doc.problem(target, wrong))
    return True


def _culprit(check: AttributeCheck, card: _Card, accepted: Mapping[str, AttributeValue],
             wrong: str) -> tuple[str, AttributeValue] | None:
    """The attribute of a refused card that the kind refuses: the one which, given a value
    an accepted card has, makes the card accepted; when no card is accepted, the one
    attribute the kind's message names (``None`` if neither finds one)."""
    attributes = dict(card.attributes)
    for name, value in card.attributes:
        if name in accepted and accepted[name] != value and not check(
                {**attributes, name: accepted[name]}):
            return name, value
    named = [(name, value) for name, value in card.attributes
             if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", wrong)]
    return named[0] if len(named) == 1 and not accepted else None


def kind_options(doc: Document, known: Mapping[str, OptionsSpec[Any]], kind: object,
                 given: object, path: tuple[str | int, ...], problems: list[Problem]) -> object:
    """The typed options of a face group or back: the kind must be known and its
    ``options`` mapping must pass the kind's schema (each problem located)."""
    if not isinstance(kind, str):
        return None  # already reported by the schema
    spec = known.get(kind)
    if spec is None:
        problems.append(doc.problem((*path, "kind"), f"unknown kind {kind!r}"
                                    + did_you_mean(kind, known) + "; this definition may "
                                    f"name: {', '.join(sorted(known))} (printkit's kinds and "
                                    "those of the game its 'game:' names)"))
        return None
    checker = Checker(doc)
    values = spec.record.check(given or {}, (*path, "options"), checker)
    problems.extend(checker.problems)
    if checker.problems or not isinstance(values, dict):
        return None
    return spec.build(values)
