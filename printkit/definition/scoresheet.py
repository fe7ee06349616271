"""Score sheets and player aids: a table on a page of the build's paper.

The definition gives the columns (a label, or a group of columns under one heading that
may repeat, such as ``Player {n}`` four times over Bid, Score and Total), the rows (a
number of blank rows, or the rows' labels, or every cell of a reference table, with
heading rows between), and what goes around them: a title, a note under it (the target
score), an example row printed shaded, a totals row and notes under the table.  How wide
the columns are depends on the paper, so the words are fitted when the page is laid out
(:mod:`printkit.pdf.tables`); here every word is checked against the font.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.definition.model import Component
from printkit.definition.pieces import Reading, kind_field
from printkit.definition.schema import (
    JSON,
    Checker,
    Field,
    Flag,
    Length,
    ListOf,
    Node,
    Number,
    Record,
    Scalar,
    Text,
)
from printkit.errors import Location
from printkit.units import MM
from printkit.yamlsource import PathKey

MOST_ROWS = 200
MOST_COLUMNS = 40

_COLUMN_FIELDS = {
    "label": Field(Text("the column's heading"), required=True),
    "width": Field(Length("the column's width (default: an equal share of what is left)",
                          minimum=4 * MM, maximum=400 * MM)),
    "align": Field(Text("where the words of its cells go", choices=("left", "center",
                                                                    "right"))),
    "shade": Field(Flag("tint the column"), default=False),
    "running": Field(Flag("a running total: tinted, with a heavier rule on its left"),
                     default=False),
}
COLUMN = Record(description="One column.", fields=_COLUMN_FIELDS)


@dataclass
class _Column(Node):
    """A column's label, a column record, or a group of columns under one heading."""

    group: Record | None = None
    description: str = "a column's label, {label, width, align, shade, running}"

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return {"label": str(value), "shade": False, "running": False}
        if isinstance(value, dict) and "columns" in value and self.group is not None:
            return self.group.check(value, path, checker)
        return COLUMN.check(value, path, checker)

    def json(self) -> JSON:
        options: list[JSON] = [{"type": "string"}, COLUMN.json()]
        if self.group is not None:
            options.append(self.group.json())
        return self._json({"anyOf": options})


GROUP = Record(description="Columns under one heading, repeated if asked.", fields={
    "label": Field(Text("the heading over the group; {n} is its number when it repeats"),
                   required=True),
    "columns": Field(ListOf(_Column(), min_items=1), required=True),
    "repeat": Field(Number("how many times the group is printed side by side", minimum=1,
                           maximum=20), default=1),
})


@dataclass
class _Rows(Node):
    """A number of blank rows, or a list of rows."""

    description: str = ("how many blank rows, or a list: a row's label, a list of its "
                        "cells, or {heading: WORDS}")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            return Number(minimum=1, maximum=MOST_ROWS).check(value, path, checker)
        if not isinstance(value, list) or not value:
            checker.fail(path, "expected a number of rows or a list of rows")
            return None
        if len(value) > MOST_ROWS:
            checker.fail(path, f"{len(value)} rows are more than a sheet holds "
                         f"({MOST_ROWS} at most)")
            return None
        heading = Record(fields={"heading": Field(Text("words across the table"),
                                                  required=True)})
        rows: list[object] = []
        for index, row in enumerate(value):
            if isinstance(row, dict):
                rows.append(heading.check(row, (*path, index), checker))
            elif isinstance(row, list):
                rows.append(ListOf(Scalar()).check(row, (*path, index), checker))
            else:
                rows.append(Scalar().check(row, (*path, index), checker))
        return rows

    def json(self) -> JSON:
        row = {"anyOf": [{"type": ["string", "number"]}, {"type": "array"},
                         {"type": "object", "properties": {"heading": {"type": "string"}},
                          "required": ["heading"], "additionalProperties": False}]}
        return self._json({"anyOf": [{"type": "integer", "minimum": 1, "maximum": MOST_ROWS},
                                     {"type": "array", "items": row, "minItems": 1}]})


class _NoteLine(Text):
    """A line under the table: text, or ``{parameter: NAME, values: {...}}`` choosing the
    words by a parameter (replaced before the sheet is read, so only the file's JSON
    Schema sees the mapping)."""

    def json(self) -> JSON:
        reference: JSON = {"type": "object", "required": ["parameter"],
                           "properties": {"parameter": {"type": "string"},
                                          "values": {"type": "object"}},
                           "additionalProperties": False}
        return self._json({"anyOf": [super().json(), reference]})


RECORD = Record(description="A score sheet or player aid: a table on a page.", fields={
    "kind": kind_field("sheet"),
    "title": Field(Text("printed at the top (default: the component's name)"), default=""),
    "note": Field(Text("a line under the title, such as the score to reach"), default=""),
    "orientation": Field(Text("the page's orientation", choices=("portrait", "landscape")),
                         default="portrait"),
    "columns": Field(ListOf(_Column(GROUP), min_items=1), required=True),
    "rows": Field(_Rows(), required=True),
    "numbered": Field(Flag("number the blank rows in the first column"), default=False),
    "example": Field(ListOf(Scalar("a cell"), description="cells of a shaded example row, "
                            "printed first")),
    "totals": Field(Scalar("true, or the label of a totals row at the foot"), default=False),
    "notes": Field(ListOf(_NoteLine("a line"), description="lines printed under the table")),
    "row_height": Field(Length("height of a row", minimum=4 * MM, maximum=40 * MM),
                        default=8 * MM),
    "text_size": Field(Length("size of the words in the cells", minimum=5, maximum=24),
                       default=10.0),
    "copies": Field(Number("pages printed", minimum=1, maximum=100), default=1),
})


@dataclass(frozen=True)
class Words:
    """Text of the sheet and where it was written."""

    text: str
    where: Location


@dataclass(frozen=True)
class Column:
    """One printed column."""

    label: Words
    group: int
    """Index of its group in :attr:`SheetComponent.groups` (-1: none)."""
    width: float | None
    align: str
    shade: bool
    running: bool


@dataclass(frozen=True)
class SheetRow:
    """One row: ``entry`` (to fill in), ``heading``, ``example`` or ``totals``."""

    kind: str
    cells: tuple[Words, ...]


@dataclass(frozen=True)
class SheetComponent(Component):
    """A table on a page: a score sheet or a player aid."""

    title: Words
    note: Words | None
    landscape: bool
    groups: tuple[Words, ...]
    columns: tuple[Column, ...]
    rows: tuple[SheetRow, ...]
    notes: tuple[Words, ...]
    row_height: float
    text_size: float
    copies: int


class _Words:
    """Reads the words of one sheet, each checked against the font and kept with its place."""

    def __init__(self, reading: Reading, name: str) -> None:
        self.reading = reading
        self.name = name

    def __call__(self, value: object, path: PathKey, what: str, *,
                 bold: bool = False) -> Words:
        text = "" if value is None else str(value)
        where = self.reading.doc.where(path)
        self.reading.printable(text, where, f"{self.name}: {what}", bold=bold)
        return Words(text, where)


def read_sheet(reading: Reading, name: str, spec: Mapping[str, Any],
               base: PathKey) -> SheetComponent | None:
    """The checked sheet component ``name`` (``None`` after a problem)."""
    before = len(reading.problems)
    words = _Words(reading, name)
    groups: list[Words] = []
    columns: list[Column] = []
    for index, item in enumerate(spec.get("columns") or ()):
        if not isinstance(item, dict):
            continue  # reported by the schema
        path: PathKey = (*base, "columns", index)
        if "columns" not in item:
            columns.append(_column(item, words, path, -1))
            continue
        for number in range(1, int(item.get("repeat") or 1) + 1):
            label = str(item.get("label") or "").replace("{n}", str(number))
            groups.append(words(label, (*path, "label"), "a heading", bold=True))
            for inner, sub in enumerate(item.get("columns") or ()):
                if isinstance(sub, dict):
                    columns.append(_column(sub, words, (*path, "columns", inner),
                                           len(groups) - 1))
    if len(columns) > MOST_COLUMNS:
        reading.fail((*base, "columns"), f"{len(columns)} columns are more than a sheet "
                     f"holds ({MOST_COLUMNS} at most)")
    rows = _rows(reading, spec, base, len(columns), words)
    notes = tuple(words(line, (*base, "notes", i), "a note")
                  for i, line in enumerate(spec.get("notes") or ()))
    title = words(spec.get("title") or name.replace("-", " ").capitalize(), (*base, "title"),
                  "the title", bold=True)
    note = words(spec["note"], (*base, "note"), "the note") if spec.get("note") else None
    if len(reading.problems) != before or not columns or any(
            spec.get(key) is None for key in ("row_height", "text_size", "copies")):
        return None  # a value the schema refused (a bare number for a length) is reported
    copies = int(spec["copies"])
    return SheetComponent(name, "sheet", copies, "a page of the build's paper",
                          reading.doc.where(base, key=True), title, note,
                          spec["orientation"] == "landscape", tuple(groups), tuple(columns),
                          rows, notes, float(spec["row_height"]), float(spec["text_size"]),
                          copies)


def _column(item: Mapping[str, Any], words: _Words, path: PathKey, group: int) -> Column:
    running = bool(item.get("running"))
    return Column(words(item.get("label"), (*path, "label"), "a heading", bold=True), group,
                  item.get("width"), str(item.get("align") or "center"),
                  bool(item.get("shade")) or running, running)


def _rows(reading: Reading, spec: Mapping[str, Any], base: PathKey, width: int,
          words: _Words) -> tuple[SheetRow, ...]:
    """The rows in print order: the example, the rows given, then the totals."""
    rows: list[SheetRow] = []
    example = spec.get("example")
    if example is not None:
        rows.append(SheetRow("example", _cells(reading, example, (*base, "example"), width,
                                                words)))
    given = spec.get("rows")
    if isinstance(given, int):
        for number in range(1, given + 1):
            first = Words(str(number) if spec.get("numbered") else "",
                          reading.doc.where((*base, "rows")))
            rows.append(SheetRow("entry", (first,)))
    elif isinstance(given, list):
        for index, row in enumerate(given):
            path: PathKey = (*base, "rows", index)
            if isinstance(row, dict) and row.get("heading") is not None:
                rows.append(SheetRow("heading", (words(row["heading"], (*path, "heading"),
                                                       "a heading row", bold=True),)))
            elif isinstance(row, tuple):
                rows.append(SheetRow("entry", _cells(reading, row, path, width, words)))
            elif row is None:
                rows.append(SheetRow("entry", ()))  # '-' alone: a blank row
            elif not isinstance(row, dict):
                rows.append(SheetRow("entry", (words(row, path, "a row's label"),)))
    totals = spec.get("totals")
    if totals is True or (isinstance(totals, str) and totals):
        label = "Total" if totals is True else str(totals)
        rows.append(SheetRow("totals", (words(label, (*base, "totals"), "the totals row",
                                              bold=True),)))
    elif totals not in (False, None):
        reading.fail((*base, "totals"), "totals is true, false or the label of the row")
    return tuple(rows)


def _cells(reading: Reading, cells: Sequence[object], path: PathKey, width: int,
           words: _Words) -> tuple[Words, ...]:
    if width and len(cells) > width:
        reading.fail((*path, width), f"this row has {len(cells)} cells but the table has "
                     f"{width} columns")
    return tuple(words(cell, (*path, i), "a cell") for i, cell in enumerate(cells[:width]))
