"""``--set PATH=VALUE`` for a path into the definition: through mappings and into lists.

A path is names joined by dots, as a definition nests them: ``card.size``,
``components.units.size``.  Where the path meets a list it names one item, either by the
``id`` the item has (``faces.heroes.count=3``: the face group whose id is ``heroes``) or
by its number, counted from 1 as printkit's messages count face groups
(``faces.2.count=3``: the second group; ``booklet.player_colours.1=crimson``).  Dots are
used throughout, never brackets, so a path needs no quoting in any shell.

A key missing from a mapping is added (the schema then checks it, and reports a wrong one
at the command line); a list item that is not there is an error naming the items there
are, since adding one would give a face group or a colour no one wrote.

>>> from printkit.yamlsource import Document
>>> from printkit.errors import Location
>>> doc = Document("g.yaml", "", {"faces": [{"id": "a"}, {"id": "b", "count": 1}]})
>>> here = Location("<command line>", 1, 7)
>>> set_path(doc, "faces.b.count", 3, here), doc.data["faces"][1]["count"]
(None, 3)
>>> set_path(doc, "faces.1.count", 2, here), doc.data["faces"][0]["count"]
(None, 2)
>>> set_path(doc, "faces.c.count", 2, here)
"cannot set 'faces.c.count': 'faces' has no item with the id 'c' (its ids: a, b; or \
write a number from 1 to 2)"
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, cast

from printkit.errors import Location, did_you_mean
from printkit.yamlsource import Document, PathKey

_BRACKET = re.compile(r"\[\s*(\d+)\s*\]")


def set_path(doc: Document, key: str, value: object, where: Location,
             top_keys: Collection[str] = ()) -> str | None:
    """Set ``value`` at the dotted ``key`` in the document's data, and record ``where``
    (the command line) as its place; returns what is wrong with the path, else ``None``.
    ``top_keys`` are the keys a definition may have at its top, for a suggestion."""
    if _BRACKET.search(key):
        dotted = _BRACKET.sub(lambda m: "." + m.group(1), key)
        return (f"cannot set {key!r}: write a list item's number after a dot, counted from "
                f"1 ({dotted!r}), or its id")
    parts = key.split(".")
    if any(not part.strip() for part in parts):
        return f"cannot set {key!r}: a name between two dots is empty"
    node: Any = doc.data
    path: list[str | int] = []
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        shown = ".".join(parts[:depth]) or "the definition"
        if isinstance(node, list):
            index = _item(node, part)
            if isinstance(index, str):
                return f"cannot set {key!r}: {shown!r} {index}"
            path.append(index)
            if last:
                node[index] = value
            else:
                node = node[index]
            continue
        if not isinstance(node, dict):
            return f"cannot set {key!r}: {shown!r} is not a mapping or a list"
        if depth == 0 and part not in node and top_keys and part not in top_keys:
            return f"unknown key {part!r} in --set {key}" + did_you_mean(part, top_keys)
        path.append(part)
        if last:
            node[part] = value
        else:
            if part not in node or node[part] is None:
                node[part] = {}
            node = node[part]
    located = cast(PathKey, tuple(path))
    doc.value_locations[located] = where
    doc.key_locations[located] = where
    return None


def _item(items: list[Any], part: str) -> int | str:
    """The index of the item ``part`` names (its id, or its number from 1), or what is
    wrong, as the end of a sentence about the list."""
    ids = [str(item["id"]) for item in items if isinstance(item, dict) and "id" in item]
    if part.isdecimal() and part.isascii():
        number = int(part)
        if 1 <= number <= len(items):
            return number - 1
        if number == 0:
            return "numbers its items from 1 (0 names none)"
        return f"has {len(items)} item(s): write a number from 1 to {len(items)}"
    for index, item in enumerate(items):
        if isinstance(item, dict) and str(item.get("id")) == part:
            return index
    if not ids:
        return f"is a list: name an item by its number from 1 to {len(items)}"
    return (f"has no item with the id {part!r}" + did_you_mean(part, ids)
            + f" (its ids: {', '.join(ids)}; or write a number from 1 to {len(items)})")


__all__ = ["set_path"]
