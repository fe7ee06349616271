"""The variant named in each problem of loading a definition with a variant.

A variant changes parameters; the fault often shows far from the variant, where a face
group quotes the parameter (``count: {parameter: copies}`` refuses ``2000``).  Each
problem the variant brings (one that loading without it does not find) therefore says it
was found in the variant, and, where it is at a ``{parameter: NAME}`` whose value the
variant sets, which value and where::

    game.yaml:21:12: error: 2000 is too large: the most allowed is 1000 (in variant 'big',
    which sets copies: 2000 at game.yaml:11:29)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from printkit import yamlsource
from printkit.errors import Location, PrintkitError, Problem
from printkit.settings import COMMAND_LINE
from printkit.yamlsource import Document, PathKey

_INLINE = re.compile(r"\{\s*parameter\s*:\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}")


def name_variant(problems: Sequence[Problem], path: Path, display: str | None,
                 variant: str, without: Collection[Problem] = ()) -> tuple[Problem, ...]:
    """``problems`` with each message saying it was found in ``variant`` (and, at a
    parameter the variant sets, its value and place); those about the ``--variant`` option
    itself, and those among ``without`` (what loading without the variant found), are
    left as they are."""
    try:
        doc = yamlsource.load(path, display)
    except PrintkitError:
        doc = None
    sets = _variant_sets(doc, variant) if doc is not None else {}
    quoted = _references(doc, sets) if doc is not None else {}
    named: list[Problem] = []
    for problem in problems:
        where = problem.location
        if (where is not None and where.file == COMMAND_LINE) or problem in without:
            named.append(problem)
            continue
        detail = ""
        if where is not None:
            name = quoted.get((where.file, where.line, where.column))
            if name is not None:
                value, place = sets[name]
                detail = f", which sets {name}: {_shown(value)} at {place}"
        named.append(Problem(f"{problem.message} (in variant {variant!r}{detail})", where))
    return tuple(named)


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value).lower() if isinstance(
        value, bool) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _variant_sets(doc: Document, variant: str) -> dict[str, tuple[object, Location]]:
    """The parameters the variant sets: their values and where each is written."""
    data = doc.data if isinstance(doc.data, dict) else {}
    variants = data.get("variants")
    chosen = variants.get(variant) if isinstance(variants, dict) else None
    given = chosen.get("parameters") if isinstance(chosen, dict) else None
    if not isinstance(given, dict):
        return {}
    return {str(key): (value, doc.where(("variants", variant, "parameters", key)))
            for key, value in given.items()}


def _references(doc: Document, names: Mapping[str, object]) -> dict[tuple[str, int, int], str]:
    """Where the file quotes one of ``names`` (``{parameter: NAME}``, alone or in a line),
    as (file, line, column) of the value that quotes it."""
    found: dict[tuple[str, int, int], str] = {}
    for path, value in _walk(doc.data, ()):
        name = _quoted(value)
        if name is not None and name in names:
            where = doc.where(path)
            found.setdefault((where.file, where.line, where.column), name)
    return found


def _quoted(value: object) -> str | None:
    if isinstance(value, dict) and isinstance(value.get("parameter"), str):
        return str(value["parameter"])
    if isinstance(value, str):
        match = _INLINE.search(value)
        return match.group(1) if match else None
    return None


def _walk(value: Any, path: PathKey) -> Iterable[tuple[PathKey, object]]:
    """Every value in the data with its path (a reference's own inside is not entered)."""
    yield path, value
    if isinstance(value, dict) and not isinstance(value.get("parameter"), str):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))


__all__ = ["name_variant"]
