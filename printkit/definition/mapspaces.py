"""What a board's space shows besides its fill and label: an icon or a picture, given per
space in the ``spaces:`` table or through the space's terrain.

``terrain:`` on a ``kind: board`` component names kinds of ground once, each with a fill
(a colour or a ``palette:`` name), an icon (a name from ``icons:``) and a picture (an
image file beside the definition); a ``terrain`` column of ``spaces:`` then gives each
space its kind, and the row's own ``fill``, ``icon`` or ``picture`` cells, when filled in,
win over the terrain's.  Every problem is reported at its table cell or key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from printkit.definition.data import Cell
from printkit.definition.pictures import Icon, Picture, PictureRefused
from printkit.definition.pieces import Reading
from printkit.definition.schema import Field, MapOf, Record, Text
from printkit.errors import Location, Problem
from printkit.yamlsource import PathKey

TERRAIN = MapOf(Record(description="A kind of ground.", fields={
    "fill": Field(Text("the spaces' colour: a colour or a name from palette:")),
    "icon": Field(Text("an icon from icons:, drawn in the middle of each space")),
    "picture": Field(Text("an image file (.svg, .png or .jpg) beside the definition, drawn "
                          "in the middle of each space")),
}), description=("kinds of ground by name, for the terrain column of spaces:, each "
                 "{fill: a colour or a name from palette:, icon: a name from icons:, "
                 "picture: an .svg, .png or .jpg file}; a row's own fill, icon or picture "
                 "wins over its terrain's"))

SPACE_COLUMNS = ("at", "terrain", "fill", "label", "icon", "picture")
"""The columns a ``spaces:`` table may have."""


@dataclass(frozen=True)
class Art:
    """The icon and picture of one space (either may be missing)."""

    icon: Icon | None = None
    picture: Picture | None = None


@dataclass(frozen=True)
class Ground:
    """One checked entry of ``terrain:``."""

    fill: str | None
    art: Art


Colouring = Callable[[str, Location], "str | None"]
"""A fill's text to a colour, reporting at the location what is wrong (``None`` then)."""


def read_terrain(reading: Reading, spec: Mapping[str, Any], path: PathKey,
                 colour: Colouring) -> dict[str, Ground]:
    """The checked ``terrain:`` entries (an entry with a problem is left out, reported)."""
    grounds: dict[str, Ground] = {}
    for name, entry in (spec.get("terrain") or {}).items():
        if not isinstance(entry, Mapping):
            continue  # reported by the schema
        where = (*path, name)
        before = len(reading.problems)
        fill = None
        if entry.get("fill"):
            fill = colour(str(entry["fill"]), reading.doc.where((*where, "fill")))
        icon = _icon(reading, str(entry.get("icon") or ""), reading.doc.where((*where, "icon")))
        picture = _picture(reading, str(entry.get("picture") or ""),
                           reading.doc.where((*where, "picture")))
        if len(reading.problems) == before:
            grounds[name] = Ground(fill, Art(icon, picture))
    return grounds


def ground_of(reading: Reading, cell: Cell | None, grounds: Mapping[str, Ground],
              spec: Mapping[str, Any]) -> Ground | None:
    """The terrain a ``terrain`` cell names (``None`` when empty or after a problem)."""
    if cell is None or not str(cell.value).strip():
        return None
    name = str(cell.value).strip()
    if name in grounds:
        return grounds[name]
    known = spec.get("terrain") or {}
    if name not in known:  # a known name with a problem of its own was reported there
        listed = ", ".join(known) if known else "none: add them under terrain:"
        reading.problems.append(Problem(f"{name!r} is not a terrain (the terrains are "
                                        f"{listed})", cell.where))
    return None


def space_art(reading: Reading, cells: Mapping[str, Cell], ground: Ground | None) -> Art:
    """A row's icon and picture: its own cells, else its terrain's."""
    base = ground.art if ground is not None else Art()
    icon, picture = base.icon, base.picture
    cell = cells.get("icon")
    if cell is not None and str(cell.value).strip():
        icon = _icon(reading, str(cell.value).strip(), cell.where)
    cell = cells.get("picture")
    if cell is not None and str(cell.value).strip():
        picture = _picture(reading, str(cell.value).strip(), cell.where)
    return Art(icon, picture)


def _icon(reading: Reading, name: str, where: Location) -> Icon | None:
    if not name:
        return None
    content = reading.content
    icon = content.icons.get(name)
    if icon is None and name not in content.refused:  # a refused icon was reported already
        known = ", ".join(sorted(content.icons)) or "none: add them under icons:"
        reading.problems.append(Problem(f"there is no icon {name!r} (the icons are {known})",
                                        where))
    return icon


def _picture(reading: Reading, name: str, where: Location) -> Picture | None:
    if not name:
        return None
    try:
        return reading.content.pictures.get(name)
    except PictureRefused as exc:
        reading.problems.append(Problem(str(exc), where))
        return None
