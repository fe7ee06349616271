"""The faces of a definition: each face group's attribute product (per deck where asked),
named by its pattern, checked by its kind, with the kind's typed options."""

from __future__ import annotations

import itertools
import math
import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from printkit import limits
from printkit.deck.model import AttributeValue, CardFace
from printkit.deck.options import Kinds, OptionsSpec
from printkit.deck.patterns import PatternError, parse_pattern
from printkit.deck.schema import Checker
from printkit.errors import Problem, did_you_mean
from printkit.yamlsource import Document

SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""What a face's name may be (it becomes a file name in the kit)."""


def expand_faces(doc: Document, groups: Sequence[Mapping[str, Any]], deck_count: int,
                  kinds: Kinds, problems: list[Problem]) -> tuple[CardFace, ...]:
    """Every unique face: each group's attribute product, per deck where asked.

    Counts are checked against the ``faces`` and ``cards`` limits before anything is made,
    names must be safe file names, and each face kind checks the attributes it draws.
    """
    bound = limits.current()
    faces: list[CardFace] = []
    seen: dict[str, int] = {}
    face_total = card_total = 0
    for index, group in enumerate(groups):
        generate: Mapping[str, tuple[AttributeValue, ...]] = group.get("generate") or {}
        if any(values is None for values in generate.values()) or not group.get("id"):
            continue  # already reported
        names = list(generate)
        decks = range(deck_count) if group.get("per_deck", True) else range(1)
        combos_count = math.prod(len(generate[n]) for n in names)
        face_total += combos_count * len(decks)
        card_total += combos_count * len(decks) * int(group.get("count") or 1)
        if face_total > bound.faces:
            problems.append(doc.problem(("faces", index), limits.beyond(
                "faces", f"this definition makes at least {face_total} faces", "faces")))
            break
        if card_total > bound.cards:
            problems.append(doc.problem(("faces", index), limits.beyond(
                "cards", f"this definition makes at least {card_total} cards", "cards")))
            break
        pattern_text = group.get("name") or "{id}"
        try:
            pattern = parse_pattern(pattern_text)
        except PatternError as exc:
            problems.append(doc.problem(("faces", index, "name"), f"name pattern: {exc}"))
            continue
        fields = set(pattern.fields)
        unknown = fields - set(names) - {"id", "deck"}
        if unknown:
            problems.append(doc.problem(("faces", index, "name"), "name pattern uses "
                                        f"{', '.join(sorted(unknown))} but the group has no "
                                        "such attribute" + did_you_mean(sorted(unknown)[0],
                                                                        names)))
            continue
        if combos_count > 1 and not (fields & set(names)):
            problems.append(doc.problem(("faces", index, "name"), f"name pattern "
                                        f"{pattern_text!r} gives every card the same name: use "
                                        "the attributes, e.g. '{" + names[0] + "}'"))
            continue
        spec = kinds.faces.get(str(group.get("kind")))
        check = spec.check_attributes if spec is not None else None
        combos = list(itertools.product(*(generate[n] for n in names))) if names else [()]
        if check is not None:
            wrong = next((m for m in (check(dict(zip(names, c, strict=True))) for c in combos)
                          if m), None)
            if wrong:
                where = ("faces", index, "generate") if names else ("faces", index, "kind")
                problems.append(doc.problem(where, wrong))
                continue
        for deck in decks:
            mark = string.ascii_uppercase[deck] if deck_count > 1 and group["per_deck"] else ""
            for combo in combos:
                attributes = tuple(zip(names, combo, strict=True))
                base = pattern.fill({"id": group["id"], "deck": mark, **dict(attributes)})
                key = f"{base}-{mark}" if mark and "deck" not in fields else base
                if not SAFE_NAME.fullmatch(key):
                    problems.append(doc.problem(("faces", index, "name"), f"face name {key!r} "
                                                "is not a safe file name: use letters, digits, "
                                                "'.', '_' and '-' (at most 100)"))
                    break
                if key in seen:
                    problems.append(doc.problem(("faces", index), f"face {key!r} is defined "
                                                f"twice (also in face group {seen[key] + 1})"))
                    continue
                seen[key] = index
                faces.append(CardFace(key=key, group=group["id"], kind=group["kind"],
                                      attributes=attributes, copies=group["count"], deck=deck,
                                      deck_mark=mark, options=group["options"]))
    return tuple(faces)


def kind_options(doc: Document, known: Mapping[str, OptionsSpec[Any]], kind: object,
                  given: object, path: tuple[str | int, ...], problems: list[Problem]) -> object:
    """The typed options of a face group or back: the kind must be known and its
    ``options`` mapping must pass the kind's schema (each problem located)."""
    if not isinstance(kind, str):
        return None  # already reported by the schema
    spec = known.get(kind)
    if spec is None:
        hint = did_you_mean(kind, known) or f"; the kinds are: {', '.join(sorted(known))}"
        problems.append(doc.problem((*path, "kind"), f"unknown kind {kind!r}{hint}"))
        return None
    checker = Checker(doc)
    values = spec.record.check(given or {}, (*path, "options"), checker)
    problems.extend(checker.problems)
    if checker.problems or not isinstance(values, dict):
        return None
    return spec.build(values)
