"""Features along the sides of a board's spaces: rivers, roads, walls and the like, read from
the ``features:`` table of a ``kind: board`` component.

A row names a grid space (``at``) and either one of its sides (``side``: ``NE``, ``E``...)
or the neighbouring space across that side (``to``), and a ``style``.  A style draws
``along`` the side (a river, a wall: a line over the side between the two spaces) or
``across`` it (a road: a line from the middle of one space to the middle of the next, so
that a run of rows makes one road through the spaces' centres).  ``river``, ``road`` and
``wall`` are built in; ``feature_styles:`` adds styles or changes these.

Side names follow the compass with north at the top of the sheet: a pointy-topped hex has
NE, E, SE, SW, W and NW; a flat-topped hex N, NE, SE, S, SW and NW; a square N, E, S and W.
Every problem is reported at its table cell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from printkit.definition.data import Cell, read_table
from printkit.definition.faces import DataSource
from printkit.definition.pieces import Reading
from printkit.definition.schema import Colour, Field, Length, MapOf, Record, Text
from printkit.errors import Problem
from printkit.units import MM
from printkit.yamlsource import PathKey

SpaceOf = Callable[[Cell], "tuple[str, int, int] | None"]
"""A cell naming a space to the space's board key, reporting what is wrong (``None``)."""

STYLE = Record(description="How a feature is drawn.", fields={
    "draw": Field(Text("along: a line over the side between the two spaces (a river, a "
                       "wall); across: a line from the middle of one space to the middle "
                       "of the other (a road)", choices=("along", "across")),
                  default="along"),
    "colour": Field(Colour("the line's colour"), default="#2f6fb5"),
    "width": Field(Length("the line's width", minimum=0.2 * MM, maximum=10 * MM),
                   default=2 * MM),
    "dash": Field(Length("length of the dashes of a dashed line (0mm: a solid line)",
                         minimum=0, maximum=30 * MM), default=0),
})

STYLES = MapOf(STYLE, description=(
    "feature styles by name, for the style column of features:, each {draw: along (a line "
    "over the side: a river, a wall) or across (middle to middle: a road), colour, width "
    "(2mm), dash (0mm: solid)}; river, road and wall are built in, and a style of the same "
    "name replaces one"))

FEATURES = DataSource(
    "rivers, roads, walls along or across the sides of grid spaces: a table (file or rows) "
    "with the columns at (B3), side or to (the neighbouring space), and style (river, road, "
    "wall or a name from feature_styles:); the sides of a pointy hex are NE, E, SE, SW, W, "
    "NW, of a flat hex N, NE, SE, S, SW, NW, of a square N, E, S, W")


@dataclass(frozen=True)
class FeatureStyle:
    """A checked style (lengths in millimetres)."""

    name: str
    across: bool
    colour: str
    width: float
    dash: float


BUILT_IN: Mapping[str, FeatureStyle] = {
    "river": FeatureStyle("river", False, "#2f6fb5", 2.2, 0.0),
    "road": FeatureStyle("road", True, "#8a5a2b", 1.3, 0.0),
    "wall": FeatureStyle("wall", False, "#3a3a3a", 1.6, 1.2),
}
"""The styles every board knows."""

SIDES: Mapping[str, tuple[tuple[str, float], ...]] = {
    "square": (("E", 0.0), ("S", 90.0), ("W", 180.0), ("N", 270.0)),
    "pointy": (("E", 0.0), ("SE", 60.0), ("SW", 120.0), ("W", 180.0), ("NW", 240.0),
               ("NE", 300.0)),
    "flat": (("SE", 30.0), ("S", 90.0), ("SW", 150.0), ("NW", 210.0), ("N", 270.0),
             ("NE", 330.0)),
}
"""Each shape's side names with the direction (degrees, clockwise from east, y down) from
a space's middle to the middle of that side."""


@dataclass(frozen=True)
class Feature:
    """One side of one space carrying a feature (spaces as 0-based column and row)."""

    at: tuple[int, int]
    side: str
    angle: float
    """Direction (degrees, clockwise from east) from the space's middle to the side."""
    to: tuple[int, int] | None
    """The space across the side (``None`` at the edge of the grid)."""
    style: FeatureStyle


def shape_of(grid_type: str, orientation: str) -> str:
    """``square``, ``pointy`` or ``flat``: the key of :data:`SIDES` for a grid."""
    return "square" if grid_type == "square" else orientation


def neighbour(shape: str, column: int, row: int, side: str) -> tuple[int, int]:
    """The column and row across ``side`` of a space (possibly off the grid).

    Pointy hexes shift their odd rows (0-based) half a space right; flat hexes shift their
    odd columns half a space down, as the board is drawn.
    """
    if shape == "square":
        dx, dy = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}[side]
        return column + dx, row + dy
    if shape == "pointy":
        if side in ("E", "W"):
            return column + (1 if side == "E" else -1), row
        shift = row % 2  # odd rows sit half a space to the right
        dx = (shift if "E" in side else shift - 1)
        return column + dx, row + (-1 if side.startswith("N") else 1)
    if side in ("N", "S"):
        return column, row + (-1 if side == "N" else 1)
    shift = column % 2  # odd columns sit half a space lower
    dy = (shift - 1 if side.startswith("N") else shift)
    return column + (1 if "E" in side else -1), row + dy


def feature_styles(spec: Mapping[str, Any]) -> dict[str, FeatureStyle]:
    """The built-in styles with the definition's ``feature_styles:`` over them."""
    styles = dict(BUILT_IN)
    for name, value in (spec.get("feature_styles") or {}).items():
        if isinstance(value, Mapping):
            styles[name] = FeatureStyle(name, value["draw"] == "across", str(value["colour"]),
                                        float(value["width"]) / MM, float(value["dash"]) / MM)
    return styles


def read_features(reading: Reading, spec: Mapping[str, Any], path: PathKey,
                  columns: int, rows: int, shape: str | None,
                  space: SpaceOf) -> tuple[Feature, ...]:
    """The checked rows of ``features:`` (``space`` turns an ``at`` or ``to`` cell into a
    board key, reporting what is wrong; ``shape`` is ``None`` for a board without a grid)."""
    table = read_table(reading.doc, path, spec["features"], reading.content.folder,
                       reading.problems)
    if table is None:
        return ()
    where = table.rows[0].where if table.rows else reading.doc.where(path)
    if shape is None:
        reading.problems.append(Problem(f"{table.shown}: features lie along the sides of "
                                        "grid spaces, and this board has no grid:", where))
        return ()
    unknown = [c for c in table.columns if c not in ("at", "side", "to", "style")]
    if unknown or "at" not in table.columns or "style" not in table.columns:
        reading.problems.append(Problem(
            f"{table.shown}: " + (f"unknown column {unknown[0]!r}; " if unknown else "")
            + "the columns are at (the space), side or to (the neighbouring space), "
            "and style", where))
        return ()
    styles = feature_styles(spec)
    angles = dict(SIDES[shape])
    features: list[Feature] = []
    for row in table.rows:
        cells = row.cells
        at = _grid_at(reading, space, cells["at"])
        style = _style(reading, cells["style"], styles)
        side = _side(reading, shape, cells, at, angles, space)
        if at is None or style is None or side is None:
            continue
        across = neighbour(shape, *at, side)
        inside = 0 <= across[0] < columns and 0 <= across[1] < rows
        features.append(Feature(at, side, angles[side], across if inside else None, style))
    return tuple(features)


def _grid_at(reading: Reading, space: SpaceOf, cell: Cell) -> tuple[int, int] | None:
    """The grid space a cell names (``None`` after reporting why not)."""
    key = space(cell)
    if key is None:
        return None
    if key[0] != "grid":
        reading.problems.append(Problem(f"{str(cell.value).strip()!r} is a track space: "
                                        "features lie along the sides of grid spaces",
                                        cell.where))
        return None
    return key[1], key[2]


def _blank(cell: Cell | None) -> bool:
    return cell is None or not str(cell.value).strip()


def _style(reading: Reading, cell: Cell,
           styles: Mapping[str, FeatureStyle]) -> FeatureStyle | None:
    name = str(cell.value).strip()
    if name in styles:
        return styles[name]
    reading.problems.append(Problem(
        f"{name!r} is not a feature style: the styles are {', '.join(sorted(styles))} "
        "(add one under feature_styles:)" if name else
        f"a feature needs a style: {', '.join(sorted(styles))}", cell.where))
    return None


def _side(reading: Reading, shape: str, cells: Mapping[str, Cell],
          at: tuple[int, int] | None, angles: Mapping[str, float],
          space: SpaceOf) -> str | None:
    """The side a row names, by ``side`` or by the neighbour ``to`` (``None`` after a
    problem)."""
    side_cell, to_cell = cells.get("side"), cells.get("to")
    names = ", ".join(angles)
    if _blank(side_cell) == _blank(to_cell):
        place = (side_cell or to_cell or cells["at"]).where
        reading.problems.append(Problem(
            "give either side (" + names + ") or to (the neighbouring space), not both"
            if side_cell is not None and to_cell is not None and not _blank(side_cell)
            else "a feature needs side (" + names + ") or to (the neighbouring space)",
            place))
        return None
    if side_cell is not None and not _blank(side_cell):
        side = str(side_cell.value).strip().upper()
        if side not in angles:
            reading.problems.append(Problem(
                f"{side_cell.value!r} is not a side of this grid's spaces: the sides are "
                f"{names}", side_cell.where))
            return None
        return side
    assert to_cell is not None
    to = _grid_at(reading, space, to_cell)
    if at is None or to is None:
        return None
    for side in angles:
        if neighbour(shape, *at, side) == to:
            return side
    reading.problems.append(Problem(
        f"{str(to_cell.value).strip()!r} is not next to {str(cells['at'].value).strip()!r}: "
        "a feature joins two spaces that share a side", to_cell.where))
    return None
