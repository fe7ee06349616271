"""Boards without a rules engine: a square or hex grid, a track of numbered spaces (such as
a score track around the edge), or a grid inside a track, with fills and labels per space.

What a space shows comes from ``spaces:``, a table (a CSV or XLSX file, or rows written in
the definition) whose ``at`` column names the space: ``B3`` for the grid's column B, row 3
(hex grids are numbered the same way, odd rows or columns shifted half a space), or a
number for the track's space with that number.  ``fill`` is a colour or a name from
``palette:``; ``label`` is printed in the space, shrunk to fit down to a legible size.
Everything is checked here, each problem at its table cell or key.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit import limits
from printkit.definition.data import Cell, read_table
from printkit.definition.faces import DataSource
from printkit.definition.fonts import FontFace, FontFamily
from printkit.definition.mapfeatures import FEATURES, STYLES, Feature, read_features, shape_of
from printkit.definition.mapspaces import (
    SPACE_COLUMNS,
    TERRAIN,
    Art,
    Colouring,
    Ground,
    ground_of,
    read_terrain,
    space_art,
)
from printkit.definition.model import Component
from printkit.definition.pieces import Optional, Reading, kind_field
from printkit.definition.schema import (
    Checker,
    Colour,
    Field,
    Flag,
    Length,
    MapOf,
    Number,
    Record,
    Text,
)
from printkit.definition.sizes import size_text
from printkit.errors import Location, Problem
from printkit.units import MM
from printkit.yamlsource import PathKey

LABEL_MOST = 4.0
"""Largest size (mm) of a space's label."""
LABEL_LEAST = 1.8
"""Smallest size (mm, about 5 pt) a label is shrunk to before it is refused."""
MARGIN = 6.0
"""Plain paper (mm) around the board."""
TITLE_BAND = 12.0
"""Height (mm) of the band over the board that holds its title."""
_COORDINATE = re.compile(r"([A-Za-z]{1,2})([0-9]{1,3})")

GRID = Record(description="A grid of square or hexagonal spaces.", fields={
    "type": Field(Text("the spaces' shape", choices=("square", "hex")), required=True),
    "orientation": Field(Text("a hex grid's spaces: a point or a flat side on top",
                              choices=("pointy", "flat")), default="pointy"),
    "columns": Field(Number("spaces across", minimum=1), required=True),
    "rows": Field(Number("spaces down", minimum=1), required=True),
    "size": Field(Length("a square's side, or a hexagon's distance across the flats",
                         minimum=5 * MM, maximum=150 * MM), required=True),
    "coordinates": Field(Flag("print each space's name (B3) small in it"), default=True),
})

TRACK = Record(description="Numbered square spaces around the edge of a rectangle (or in a "
               "line, with one row or one column).", fields={
    "columns": Field(Number("spaces along the top and bottom", minimum=1), required=True),
    "rows": Field(Number("spaces down each side", minimum=1), required=True),
    "size": Field(Length("a space's side", minimum=5 * MM, maximum=150 * MM), required=True),
    "first": Field(Number("the number of the top-left space", minimum=-1000, maximum=1000),
                   default=0),
    "numbers": Field(Flag("print each space's number in it"), default=True),
    "direction": Field(Text("the way the numbers run around a ring (a line runs from its "
                            "left or top end)", choices=("clockwise", "anticlockwise")),
                       default="clockwise"),
})

TILING = Record(description="How the board is cut over sheets of the paper.", fields={
    "orientation": Field(Text("the sheets' way round: auto takes the way that needs fewer "
                              "sheets (portrait on a tie)",
                              choices=("auto", "portrait", "landscape")), default="auto"),
    "title_band": Field(Text("the title band over the board on the tiled sheets: auto "
                             "leaves it out when it would take more sheets (the board on "
                             "one sheet always has it)", choices=("auto", "keep", "drop")),
                        default="auto"),
})

RECORD = Record(description="A board from a grid, a track or both, tiled over sheets.",
                fields={
    "kind": kind_field("board"),
    "title": Field(Text("printed over the board (default: the component's name)"),
                   default=""),
    "grid": Field(Optional(GRID)),
    "track": Field(Optional(TRACK)),
    "spaces": Field(DataSource("what spaces show: a table (file or rows) with the columns "
                               "at (B3, or a track number) and any of terrain, fill, label, "
                               "icon (a name from icons:) and picture (an image file)")),
    "palette": Field(MapOf(Colour("a colour"), description="colours by name, for fill")),
    "terrain": Field(TERRAIN),
    "labels": Field(Flag("print the labels of spaces: (false keeps the table for a clean "
                         "map)"), default=True),
    "features": Field(FEATURES),
    "feature_styles": Field(STYLES),
    "tiling": Field(TILING),
    "background": Field(Colour("the board's colour"), default="#f8f4e8"),
    "lines": Field(Colour("colour of the lines, labels and title"), default="#1d2a44"),
    "glue": Field(Length("width of the band where two sheets overlap and are glued",
                         minimum=6 * MM, maximum=25 * MM), default=12 * MM),
})


@dataclass(frozen=True)
class Grid:
    """A grid of spaces (``size`` in millimetres)."""

    type: str
    orientation: str
    columns: int
    rows: int
    size: float
    coordinates: bool

    @property
    def shape(self) -> str:
        """``square``, ``pointy`` or ``flat`` (how sides are named)."""
        return shape_of(self.type, self.orientation)

    @property
    def extent(self) -> tuple[float, float]:
        """Width and height (mm) of the area the spaces cover."""
        if self.type == "square":
            return self.columns * self.size, self.rows * self.size
        across, corners = self.size, self.size * 2 / math.sqrt(3)
        if self.orientation == "pointy":
            return ((self.columns + (0.5 if self.rows > 1 else 0)) * across,
                    corners + (self.rows - 1) * 0.75 * corners)
        return (corners + (self.columns - 1) * 0.75 * corners,
                (self.rows + (0.5 if self.columns > 1 else 0)) * across)


@dataclass(frozen=True)
class Track:
    """Square spaces around a ``columns`` x ``rows`` rectangle (``size`` in millimetres)."""

    columns: int
    rows: int
    size: float
    first: int
    clockwise: bool
    numbers: bool = True

    @property
    def count(self) -> int:
        """How many spaces the track has."""
        if self.columns == 1 or self.rows == 1:
            return self.columns * self.rows
        return 2 * (self.columns + self.rows) - 4

    def cell(self, step: int) -> tuple[int, int]:
        """Column and row (0-based) of the ``step``-th space from the top-left one."""
        if not self.clockwise and self.columns > 1 and self.rows > 1:
            step = -step % self.count
        cols, rows = self.columns, self.rows
        if rows == 1:
            return step, 0
        if cols == 1:
            return 0, step
        if step < cols:
            return step, 0
        step -= cols - 1
        if step < rows:
            return cols - 1, step
        step -= rows - 1
        if step < cols:
            return cols - 1 - step, rows - 1
        return 0, rows - 1 - (step - cols + 1)


@dataclass(frozen=True)
class Marking:
    """What one space shows."""

    fill: str | None
    label: str
    art: Art = field(default_factory=Art)


@dataclass(frozen=True)
class BoardComponent(Component):
    """A board drawn from YAML alone."""

    title: str
    grid: Grid | None
    track: Track | None
    markings: Mapping[tuple[str, int, int], Marking]
    """By ``("grid", column, row)`` or ``("track", number, 0)``."""
    background: str
    lines: str
    glue: float
    """Points."""
    family: FontFamily
    features: tuple[Feature, ...] = ()
    labels: bool = True
    """Whether the spaces' labels are printed."""
    orientation: str = "auto"
    """The tiled sheets' way round: ``auto``, ``portrait`` or ``landscape``."""
    title_band: str = "auto"
    """The title band on the tiled sheets: ``auto``, ``keep`` or ``drop``."""

    @property
    def faces(self) -> tuple[FontFace, FontFace]:
        """The regular and bold faces of the board's words."""
        regular = self.family.faces["regular"]
        return regular, self.family.face(bold=True, italic=False) or regular

    @property
    def extent(self) -> tuple[float, float]:
        """Width and height (mm) of the whole drawing."""
        return self.drawn(band=True)

    def drawn(self, *, band: bool) -> tuple[float, float]:
        """Width and height (mm) of the drawing with or without its title band."""
        width, height = _play(self.grid, self.track)
        return width + 2 * MARGIN, height + 2 * MARGIN + (TITLE_BAND if band else 0.0)


def _play(grid: Grid | None, track: Track | None) -> tuple[float, float]:
    if track is not None:
        return track.columns * track.size, track.rows * track.size
    assert grid is not None
    return grid.extent


def label_size(face: FontFace, words: str, room: float, largest: float) -> float | None:
    """The size (mm) ``words`` are printed at to fit ``room`` mm: at most ``largest`` and
    :data:`LABEL_MOST`, at least :data:`LABEL_LEAST` (``None``: it does not fit)."""
    wide = face.width(words, 1.0)
    size = min(largest, LABEL_MOST, room / wide if wide else LABEL_MOST)
    return size if size >= LABEL_LEAST - 1e-9 else None


def read_board(reading: Reading, name: str, spec: Mapping[str, Any],
               base: PathKey) -> BoardComponent | None:
    """The checked board component ``name`` (``None`` after a problem)."""
    before = len(reading.problems)
    grid = _grid(reading, spec.get("grid"), (*base, "grid"))
    track = _track(reading, spec.get("track"), (*base, "track"))
    if spec.get("grid") is None and spec.get("track") is None:
        reading.fail(base, "a board needs a grid:, a track: or both", key=True)
    if grid is not None and track is not None:
        _inside(reading, grid, track, base)
    title = str(spec.get("title") or name.replace("-", " ").capitalize())
    reading.printable(title, (*base, "title"), f"{name}: the title", bold=True)
    family = reading.family
    face = family.faces["regular"]
    markings: dict[tuple[str, int, int], Marking] = {}
    features: tuple[Feature, ...] = ()
    if len(reading.problems) == before:
        if spec.get("spaces") is not None:
            markings = _markings(reading, spec, (*base, "spaces"), grid, track, face)
        else:
            read_terrain(reading, spec, (*base, "terrain"), _colouring(reading, spec))
        if spec.get("features") is not None:
            def space(cell: Cell) -> tuple[str, int, int] | None:
                return _space(reading, cell, grid, track)
            features = read_features(reading, spec, (*base, "features"),
                                     grid.columns if grid else 0, grid.rows if grid else 0,
                                     grid.shape if grid else None, space)
    if len(reading.problems) != before or (grid is None and track is None):
        return None
    width, height = _play(grid, track)
    tiling = spec.get("tiling") or {}
    return BoardComponent(name, "board", 1, size_text(width * MM, height * MM),
                          reading.doc.where(base, key=True), title, grid, track, markings,
                          spec["background"], spec["lines"], spec["glue"], family, features,
                          bool(spec.get("labels", True)),
                          str(tiling.get("orientation") or "auto"),
                          str(tiling.get("title_band") or "auto"))


def _count(reading: Reading, value: object, path: PathKey) -> int | None:
    most = limits.current().board
    if not isinstance(value, int):
        return None  # reported by the schema
    if value > most:
        reading.fail(path, limits.over("board", value, "spaces along a side"))
        return None
    return value


def _grid(reading: Reading, spec: Mapping[str, Any] | None, path: PathKey) -> Grid | None:
    if not spec:
        return None
    columns = _count(reading, spec.get("columns"), (*path, "columns"))
    rows = _count(reading, spec.get("rows"), (*path, "rows"))
    if columns is None or rows is None or spec.get("size") is None or not spec.get("type"):
        return None
    return Grid(spec["type"], spec["orientation"] if spec["type"] == "hex" else "", columns,
                rows, spec["size"] / MM, bool(spec["coordinates"]))


def _track(reading: Reading, spec: Mapping[str, Any] | None, path: PathKey) -> Track | None:
    if not spec:
        return None
    columns = _count(reading, spec.get("columns"), (*path, "columns"))
    rows = _count(reading, spec.get("rows"), (*path, "rows"))
    if columns is None or rows is None or spec.get("size") is None or spec.get("first") is None:
        return None  # reported by the schema
    return Track(columns, rows, spec["size"] / MM, int(spec["first"]),
                 spec["direction"] == "clockwise", bool(spec.get("numbers", True)))


def _inside(reading: Reading, grid: Grid, track: Track, base: PathKey) -> None:
    """A grid inside a track must fit in the room the ring leaves."""
    if track.columns < 3 or track.rows < 3:
        reading.fail((*base, "track"), "a grid goes inside a track: the track needs at least "
                     "3 columns and 3 rows around it", key=True)
        return
    room_w, room_h = (track.columns - 2) * track.size, (track.rows - 2) * track.size
    width, height = grid.extent
    if width > room_w + 1e-6 or height > room_h + 1e-6:
        reading.fail((*base, "grid"), f"the grid ({width:.1f} x {height:.1f} mm) does not fit "
                     f"inside the track ({room_w:.1f} x {room_h:.1f} mm inside): use smaller "
                     "spaces or a larger track", key=True)


def _markings(reading: Reading, spec: Mapping[str, Any], path: PathKey, grid: Grid | None,
              track: Track | None, face: FontFace) -> dict[tuple[str, int, int], Marking]:
    table = read_table(reading.doc, path, spec["spaces"], reading.content.folder,
                       reading.problems)
    if table is None:
        return {}
    colouring = _colouring(reading, spec)
    grounds = read_terrain(reading, spec, (*path[:-1], "terrain"), colouring)
    unknown = [c for c in table.columns if c not in SPACE_COLUMNS]
    if unknown or "at" not in table.columns:
        where = table.rows[0].where if table.rows else reading.doc.where(path)
        reading.problems.append(Problem(
            f"{table.shown}: " + (f"unknown column {unknown[0]!r}; " if unknown else "")
            + "the columns are at (the space), terrain, fill, label, icon and picture",
            where))
        return {}
    labels = bool(spec.get("labels", True))
    markings: dict[tuple[str, int, int], Marking] = {}
    seen: dict[tuple[str, int, int], int] = {}
    for row in table.rows:
        key = _space(reading, row.cells["at"], grid, track)
        if key is None:
            continue
        if key in seen:
            reading.problems.append(Problem(f"{table.shown}: row {row.number} names the same "
                                            f"space as row {seen[key]}", row.cells["at"].where))
            continue
        seen[key] = row.number
        ground: Ground | None = ground_of(reading, row.cells.get("terrain"), grounds, spec)
        fill = _fill(row.cells.get("fill"), colouring)
        if fill is None and ground is not None:
            fill = ground.fill
        art = space_art(reading, row.cells, ground)
        label = str(row.cells["label"].value) if "label" in row.cells and labels else ""
        if label and reading.printable(label, row.cells["label"].where, "a space's label"):
            room = _room(key, grid, track)
            if label_size(face, label, room, LABEL_MOST) is None:
                reading.problems.append(Problem(
                    f"the label {label!r} does not fit its space ({room:.1f} mm of room) even "
                    f"at {LABEL_LEAST} mm: shorten it or use larger spaces",
                    row.cells["label"].where))
        markings[key] = Marking(fill, label, art)
    return markings


def _room(key: tuple[str, int, int], grid: Grid | None, track: Track | None) -> float:
    """The width (mm) a label may take in the space ``key``."""
    if key[0] == "track":
        assert track is not None
        return track.size * 0.86
    assert grid is not None
    return grid.size * (0.86 if grid.type == "square" else 0.72)


def _space(reading: Reading, cell: Cell, grid: Grid | None,
           track: Track | None) -> tuple[str, int, int] | None:
    """The space a cell of the ``at`` column names (``None`` after reporting why not)."""
    key, message = _named(str(cell.value).strip(), grid, track)
    if message:
        reading.problems.append(Problem(message, cell.where))
    return key


def _named(text: str, grid: Grid | None,
           track: Track | None) -> tuple[tuple[str, int, int] | None, str]:
    """The space ``text`` names, or what is wrong with it."""
    if re.fullmatch(r"-?[0-9]{1,5}", text):
        if track is None:
            return None, (f"{text!r} names a track space, but the board has no track (name a "
                          "grid space such as B3)")
        number = int(text)
        if not track.first <= number < track.first + track.count:
            return None, (f"the track's spaces are numbered {track.first} to "
                          f"{track.first + track.count - 1}, not {number}")
        return ("track", number - track.first, 0), ""
    match = _COORDINATE.fullmatch(text)
    if match is None:
        return None, (f"{text!r} is not a space: write a column letter and a row number "
                      "(B3), or a track space's number")
    if grid is None:
        return None, (f"{text!r} names a grid space, but the board has no grid (name a "
                      "track space by its number)")
    column = 0
    for letter in match.group(1).upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    row = int(match.group(2))
    if not (1 <= column <= grid.columns and 1 <= row <= grid.rows):
        return None, f"{text!r} is off the {grid.columns} x {grid.rows} grid"
    return ("grid", column - 1, row - 1), ""


def _fill(cell: Cell | None, colouring: Colouring) -> str | None:
    """A fill cell's colour: a palette name or a colour (``None`` when the cell is empty)."""
    if cell is None or not str(cell.value).strip():
        return None
    return colouring(str(cell.value).strip(), cell.where)


def _colouring(reading: Reading, spec: Mapping[str, Any]) -> Colouring:
    """Fill text to a colour: a name from ``palette:`` or a colour, each problem reported
    at the location given."""
    palette: Mapping[str, str] = spec.get("palette") or {}

    def colour(text: str, where: Location) -> str | None:
        if text in palette:
            return palette[text]
        checker = Checker(reading.doc)
        value = Colour().check(text, (), checker)
        for problem in checker.problems:
            hint = f" or a name from palette: ({', '.join(palette)})" if palette else ""
            reading.problems.append(Problem(problem.message + hint, where))
        return str(value) if isinstance(value, str) else None
    return colour
