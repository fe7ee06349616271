"""The components of a game besides its main deck: more card decks, tokens, boards without
a rules engine, score sheets and player aids, each under its own name in ``components:``.

Every component is printed on sheets of its own (a sheet holds one size of piece), so a
game may have poker cards, tarot cards and round tokens at once.  Each kind's part of the
definition is checked by its own module; this one dispatches on ``kind``, reads the card
decks, each with its back and its face groups' backs (:mod:`printkit.definition.backs`)
and keeps the components' files apart from each other
and from the main kit's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit import limits
from printkit.definition import plainboard, scoresheet, tokens
from printkit.definition.backs import BackResolver, read_back
from printkit.definition.content import Content
from printkit.definition.model import Back, CardFace, Component
from printkit.definition.options import Kinds
from printkit.definition.pieces import Optional, Reading, expand, kind_field
from printkit.definition.schema import (
    JSON,
    Checker,
    Field,
    Length,
    ListOf,
    MapOf,
    Node,
    Record,
    choice,
    kind_of,
)
from printkit.definition.sizes import CardSize, size_text
from printkit.errors import Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

_MM = 72 / 25.4
NAME = r"[a-z0-9][a-z0-9-]{0,59}"
"""A component's name: it names its files in the kit."""

MOST_COMPONENTS = 100
"""Components one definition may list (each is printed on sheets of its own)."""
KIT_FILES = frozenset({"cards", "cards-gutterfold", "cards-printshop", "calibration", "board",
                       "board-single", "booklet", "booklet-imposed", "svg"})
"""Names of the main kit's files (without extensions), which no component may take."""
SUFFIXES: Mapping[str, tuple[str, ...]] = {
    "cards": ("", "-gutterfold", "-printshop"),
    "tokens": ("",),
    "sheet": ("",),
    "board": ("", "-single"),
}
"""What each kind adds to its name for each of its files."""


@dataclass
class _ComponentNode(Node):
    """A component: its ``kind`` says which record checks the rest."""

    records: Mapping[str, Record]
    description: str = ("a component: kind: cards, tokens, sheet or board, and that kind's "
                        "keys")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            checker.fail(path, "a component is a mapping with a kind: "
                         + ", ".join(self.records))
            return None
        if "kind" not in value:
            checker.fail(path, "missing required key 'kind' (one of: "
                         + ", ".join(self.records) + ")", key=True)
            return None
        written = value["kind"]
        kind = choice(written, self.records)
        if kind is None:
            listed = ", ".join(self.records)
            checker.fail((*path, "kind"), f"unknown component kind {written!r}"
                         + (did_you_mean(written, self.records) or f"; the kinds are: {listed}")
                         if isinstance(written, str) else
                         f"a component's kind is one of: {listed}, not {kind_of(written)}")
            return None
        return self.records[kind].check(value, path, checker)

    def json(self) -> JSON:
        return self._json({"anyOf": [record.json() for record in self.records.values()]})


def _cards_record(face: Record, back: Record) -> Record:
    return Record(description="A deck of its own size, printed on sheets of its own.", fields={
        "kind": kind_field("cards"),
        "size": Field(CardSize("trim size: poker, bridge, euro, mini, tarot, square (70 mm), "
                               "business, or WIDTH x HEIGHT", minimum=20 * _MM,
                               maximum=200 * _MM), required=True),
        "safe_margin": Field(Length("keep text and symbols this far inside the cut line",
                                    maximum=15 * _MM), default=3 * _MM),
        "faces": Field(ListOf(face, min_items=1, description="face groups, as in faces:"),
                       required=True),
        "back": Field(back),
    })


def fields(face: Record, back: Record) -> Mapping[str, Field]:
    """The top-level keys this module reads, given the schema of a face group and a back
    (merged into the definition's schema)."""
    records = {"cards": _cards_record(face, back), "tokens": tokens.record(face, back),
               "sheet": scoresheet.RECORD, "board": plainboard.RECORD}
    return {"components": Field(MapOf(_ComponentNode(records), key_pattern=NAME,
                                      description="components besides the main deck, by "
                                                  "name (the name of their files)"))}


def group_fields(back: Record) -> Mapping[str, Field]:
    """The keys this module adds to a face group: a back of its own."""
    return {"back": Field(Optional(back, "the back of this group's cards, when it is not "
                                          "the deck's back"))}


@dataclass(frozen=True)
class CardsComponent(Component):
    """A deck of cards of its own size."""

    width: float
    height: float
    safe_margin: float
    """Lengths in points."""
    faces: tuple[CardFace, ...]
    back: Back
    group_backs: Mapping[str, Back]


def check_group_ids(doc: Document, groups: Sequence[Mapping[str, Any] | None],
                    problems: list[Problem], *, base: PathKey = ("faces",)) -> None:
    """Two face groups of one id may not name a back of their own (the back's files and
    the booklet know a group's back by its id)."""
    ids: dict[str, int] = {}
    owned: set[str] = set()
    for index, group in enumerate(groups):
        if not isinstance(group, dict) or not group.get("id"):
            continue
        ident = str(group["id"])
        twice = ident in ids and (group.get("back") is not None or ident in owned)
        ids.setdefault(ident, index)
        if group.get("back") is not None:
            owned.add(ident)
        if twice:
            problems.append(doc.problem((*base, index, "id"), f"face groups {ids[ident] + 1} "
                                        f"and {index + 1} are both called {ident!r} and one "
                                        "names its own back: give them different ids"))


def read_components(doc: Document, data: Mapping[str, Any], problems: list[Problem], *,
                    kinds: Kinds, content: Content) -> tuple[Component, ...]:
    """The checked ``components:`` section (problems added to ``problems``)."""
    section: Mapping[str, Any] = data.get("components") or {}
    reading = Reading(doc, kinds, content, problems)
    made: list[Component] = []
    if len(section) > MOST_COMPONENTS:
        reading.fail(("components",), f"{len(section)} components are more than a game "
                     f"may have ({MOST_COMPONENTS})", key=True)
        return ()
    bound = limits.current()
    faces = pieces = 0
    for name, spec in section.items():
        kind = choice(spec.get("kind"), SUFFIXES) if isinstance(spec, dict) else None
        if kind is None:
            continue  # reported by the schema
        base: PathKey = ("components", name)
        if kind == "cards":
            component: Component | None = _cards(reading, name, spec, base)
        elif kind == "tokens":
            component = tokens.read_tokens(reading, name, spec, base)
        elif kind == "sheet":
            component = scoresheet.read_sheet(reading, name, spec, base)
        else:
            component = plainboard.read_board(reading, name, spec, base)
        if component is None:
            continue
        made.append(component)
        faces += _faces(component)
        pieces += component.count if component.kind in ("cards", "tokens") else 0
        if faces > bound.faces or pieces > bound.cards:
            limit, what = ("faces", f"{faces} different faces") if faces > bound.faces else (
                "cards", f"{pieces} cards and tokens")
            reading.fail(base, limits.beyond(limit, f"with {component.name!r} the components "
                                             f"make {what}", limit), key=True)
            break
    _files_apart(reading, section)
    return tuple(made)


def _faces(component: Component) -> int:
    """The different faces a component draws."""
    if isinstance(component, CardsComponent):
        return len(component.faces)
    if isinstance(component, tokens.TokensComponent):
        return len(component.fronts) + len(component.back_faces)
    return 0


def _cards(reading: Reading, name: str, spec: Mapping[str, Any],
           base: PathKey) -> CardsComponent | None:
    groups = spec.get("faces")
    before = len(reading.problems)
    check_group_ids(reading.doc, groups or (), reading.problems, base=(*base, "faces"))
    source = read_back(reading.doc, spec.get("back") or {}, (*base, "back"), reading.kinds,
                       reading.problems)
    resolver = BackResolver(reading.doc, reading.content, reading.kinds, source,
                            reading.problems)
    faces = expand(reading, groups, (*base, "faces"), resolver)
    size = spec.get("size")
    if (faces is None or source is None or size is None or spec.get("safe_margin") is None
            or len(reading.problems) > before):
        return None
    width, height = size
    return CardsComponent(name, "cards", sum(face.copies for face in faces),
                          size_text(width, height), reading.doc.where(base, key=True),
                          width, height, spec["safe_margin"], faces,
                          resolver.deck_back(), resolver.group_backs)


def _files_apart(reading: Reading, section: Mapping[str, Any]) -> None:
    """Every component's files have names of their own (``x`` and a board ``x-single``
    would both want ``x-single.pdf``)."""
    owners: dict[str, str] = {}
    for name, spec in section.items():
        kind = choice(spec.get("kind"), SUFFIXES) if isinstance(spec, dict) else None
        if kind is None:
            continue
        for suffix in SUFFIXES[kind]:
            stem = name + suffix
            if stem in KIT_FILES:
                reading.fail(("components", name), f"the component {name!r} would write "
                             f"{stem}.pdf, which the kit writes already: choose another name",
                             key=True)
                break
            if stem in owners:
                reading.fail(("components", name), f"the components {owners[stem]!r} and "
                             f"{name!r} would both write {stem}.pdf: rename one", key=True)
                break
            owners[stem] = name
