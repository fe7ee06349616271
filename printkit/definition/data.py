"""Card data from a table: a CSV (or tab-separated) file, an XLSX workbook, or a list of
mappings written in the definition itself.  One row is one card; the first row of a file
names the columns.

Every cell keeps where it was written (file, line and column; for a workbook its row and
column), so a problem with a value, however late it is found, points at the cell.  CSV is
read by a small reader of our own because the standard one cannot tell where a cell starts;
it follows RFC 4180 (quotes, doubled quotes, line breaks inside quotes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit import limits
from printkit.definition import fieldnames, workbook
from printkit.definition.files import FileRefused, find, read, shown_folder
from printkit.definition.model import AttributeValue
from printkit.definition.tablecells import CellCount, Record, check_text
from printkit.definition.tablecells import Refused as _Refused
from printkit.errors import Location, Problem, did_you_mean, location_in_text
from printkit.yamlsource import Document, PathKey

RESERVED = {"id": "the face group's id", "deck": "the deck mark",
            "n": "the card's number in its group"}
"""Field names every card has already; a column may not take them."""


@dataclass(frozen=True)
class Cell:
    """One value of a row and where it was written."""

    value: AttributeValue
    where: Location


@dataclass(frozen=True)
class Row:
    """One card's values by column, where the row starts, and its number (from 1)."""

    cells: Mapping[str, Cell]
    where: Location
    number: int


@dataclass(frozen=True)
class Table:
    """The rows of a table and how messages name it."""

    shown: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]


def read_table(doc: Document, path: PathKey, source: object, folder: Path,
               problems: list[Problem]) -> Table | None:
    """The table a face group's ``data:`` names (``path`` is where it was written).

    ``source`` is a file name, ``{file: NAME, sheet: SHEET}`` or a list of mappings.
    Problems are added to ``problems``; ``None`` when the table cannot be read at all.
    """
    before = len(problems)
    try:
        if isinstance(source, list):
            table = _inline(doc, path, source, problems)
        else:
            name, sheet, optional = _parts(source)
            where = doc.where(path if isinstance(source, str) else (*path, "file"))
            try:
                found = find(folder, shown_folder(doc.file), name, "data table")
                data = read(found)
            except FileRefused as exc:
                raise _Refused(Problem(str(exc), where)) from None
            suffix = found.path.suffix.lower()
            if suffix == ".xlsx":
                table = _workbook(found.shown, data, sheet, where, problems)
            elif suffix in (".csv", ".tsv", ".txt"):
                if sheet is not None:
                    raise _Refused(Problem("only a workbook (.xlsx) has sheets",
                                           doc.where((*path, "sheet"))))
                table = _csv(found.shown, data, "\t" if suffix == ".tsv" else None, where,
                             optional, problems)
            else:
                raise _Refused(Problem(f"{found.shown!r}: a data table is a .csv, .tsv or "
                                       ".xlsx file", where))
            if optional:
                _unknown_optional(doc, (*path, "optional"), optional, table, problems)
    except _Refused as exc:
        problems.append(exc.problem)
        return None
    return table if len(problems) == before else None


def _parts(source: object) -> tuple[str, str | None, tuple[str, ...]]:
    """The file, the sheet and the optional columns of a ``data:`` file or mapping."""
    if isinstance(source, str):
        return source, None, ()
    assert isinstance(source, dict)  # the schema let nothing else through
    return (str(source["file"]), source.get("sheet"),
            tuple(fieldnames.normal(str(name)) for name in source.get("optional") or ()))


def _unknown_optional(doc: Document, path: PathKey, names: tuple[str, ...], table: Table,
                      problems: list[Problem]) -> None:
    """An error for each optional column the table does not have (a misspelt name would
    otherwise leave the column required and the author puzzled)."""
    for index, name in enumerate(names):
        if name not in table.columns:
            problems.append(Problem(f"{table.shown} has no column {name!r} to make optional"
                                    + did_you_mean(name, table.columns)
                                    + f"; its columns: {', '.join(table.columns)}",
                                    doc.where((*path, index))))


_INTEGER = re.compile(r"-?(0|[1-9][0-9]{0,14})")


def _cell_value(text: str) -> AttributeValue:
    """A CSV cell as card data: a whole number written plainly is a number (as in a
    workbook or in YAML), anything else stays the text it is (``007`` too)."""
    return int(text) if _INTEGER.fullmatch(text) else text


def _header(names: Sequence[tuple[str, Location]], where: Location | None,
            problems: list[Problem]) -> tuple[str, ...]:
    """The column names of a table, in normal form C (empty trailing names are dropped).

    Every column whose name cannot be a field's is reported, each at its cell, and keeps
    its place (so the rows are still read, and their own problems found); a first row
    without a name is reported at its first cell, or at ``where`` (the table's reference in
    the definition) when the row has no cell at all."""
    columns: list[str] = []
    seen: set[str] = set()
    for index, (written, at) in enumerate(names, start=1):
        name = fieldnames.normal(written)
        columns.append(name)
        message = _column_problem(written, name, index, seen)
        if message is not None:
            problems.append(Problem(message, at))
        seen.add(name)
    while columns and not columns[-1]:
        columns.pop()
    if not columns:
        raise _Refused(Problem("the first row must name the columns", names[0][1]
                               if names else where))
    return tuple(columns)


def _named(columns: tuple[str, ...]) -> tuple[str, ...]:
    """The columns with a name: those a card has (a column left without a name, between
    named ones, may hold no cell and is no field)."""
    return tuple(column for column in columns if column)


def _column_problem(written: str, name: str, index: int, seen: set[str]) -> str | None:
    """Why the column ``written`` (``name`` in normal form C), the ``index``-th, cannot be
    used, if it cannot: not a field name, a built-in field's, or the name of an earlier
    column (``seen``).  An empty name is left for the caller (a trailing one is fine)."""
    if not name:
        return None
    if not fieldnames.is_field_name(name):
        usable = fieldnames.suggestion(name, f"column_{index}")
        return (f"column name {written!r} cannot be used as a {{field}}: write it as "
                f"{usable!r} ({fieldnames.RULE})")
    if name in RESERVED:
        return f"column name {written!r} is taken ({RESERVED[name]}): rename the column"
    if name in seen:
        twice = "" if name == written else " (the same letters, typed differently)"
        return f"column {written!r} is named twice{twice}"
    return None


def _rows(shown: str, columns: tuple[str, ...], lines: Iterator[Record],
          problems: list[Problem], optional: tuple[str, ...] | None = None
          ) -> tuple[Row, ...]:
    """Rows of cells by column; blank rows are skipped, extra cells refused.

    With ``optional`` (a CSV's rows, where a cell left out moves the ones after it into
    the wrong columns), a row with fewer cells than columns is a problem naming the columns
    it leaves out, unless all of those are in ``optional``; every such row is reported.
    ``None`` (a workbook, whose every cell has its own column) reads a cell left out as an
    empty one."""
    bound = limits.current().cards
    rows: list[Row] = []
    for where, cells in lines:
        if all(value == "" for value, _ in cells):
            continue
        if len(rows) >= bound:
            raise _Refused(Problem(limits.beyond("cards", f"{shown} has more than {bound} "
                                                 "rows", "cards"), where))
        extra = [(v, w) for v, w in cells[len(columns):] if v != ""]
        if extra:
            raise _Refused(Problem(f"this row has more cells than the {len(columns)} named "
                                   "columns", extra[0][1]))
        if optional is not None and len(cells) < len(columns):
            _short(columns, cells, optional, problems)
        named = {}
        for index, column in enumerate(columns):
            if index < len(cells):
                value, at = cells[index]
            else:
                value, at = "", where
            if not column:
                if value != "":
                    raise _Refused(Problem("this cell is in a column without a name",
                                           at))
                continue
            named[column] = Cell(value, at)
        rows.append(Row(named, where, len(rows) + 1))
    return tuple(rows)


def _short(columns: tuple[str, ...], cells: list[tuple[AttributeValue, Location]],
           optional: tuple[str, ...], problems: list[Problem]) -> None:
    """The problem with a CSV row that stops before its last columns, at the row's end."""
    missing = [c for c in columns[len(cells):] if c and c not in optional]
    if not missing:
        return
    last = cells[-1][1]
    end = Location(last.file, last.line, last.column + last.length, last.source_line)
    named = ", ".join(repr(c) for c in missing)
    problems.append(Problem(
        f"this row has {len(cells)} of the {len(columns)} cells, so {named} "
        f"{'has' if len(missing) == 1 else 'have'} no cell (a cell left out moves the "
        "ones after it into the wrong columns): give every column a cell, an empty one "
        f"for a blank value ('a,,c'), or list {'it' if len(missing) == 1 else 'them'} "
        "under the table's 'optional:'", end))


def _csv(shown: str, data: bytes, delimiter: str | None, where: Location,
         optional: tuple[str, ...], problems: list[Problem]) -> Table:
    """A CSV or tab-separated table; a row may leave out only the ``optional`` columns."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # at the bad byte: the text before it is good
        at = location_in_text(shown, data.decode("utf-8-sig", "replace"),
                              len(data[:exc.start].decode("utf-8-sig")))
        raise _Refused(Problem(f"{shown} is not UTF-8 text (byte {exc.start + 1}): save "
                               "it as 'CSV UTF-8'", at)) from None
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if delimiter is None:
        first = lines[0] if lines else ""
        delimiter = ";" if ";" in first and "," not in first else ","
    records = _records(shown, text, lines, delimiter)  # read as the rows are taken
    head = next(records, None)
    if head is None:
        raise _Refused(Problem(f"{shown} is empty: its first row must name the columns",
                               where))
    header = [(str(value), at) for value, at in head[1]]
    columns = _header([(name.strip(), at) for name, at in header], where, problems)
    return Table(shown, _named(columns), _rows(shown, columns, records, problems, optional))


def _records(shown: str, text: str, lines: list[str], delimiter: str
             ) -> Iterator[Record]:
    """Each record of CSV ``text``: where it starts and its cells with their places.  The
    cells are counted as they are read, and reading stops past the ``data-cells`` limit."""
    i, line, line_start = 0, 1, 0
    length = len(text)
    count = CellCount(shown)

    def here(offset: int, size: int = 1) -> Location:
        column = offset - line_start + 1
        source = lines[line - 1] if line - 1 < len(lines) else ""
        return Location(shown, line, column, source, max(1, size))

    while i < length:
        cells: list[tuple[AttributeValue, Location]] = []
        start = here(i)
        while True:
            at = here(i)
            if i < length and text[i] == '"':
                begin = i
                i += 1
                parts: list[str] = []
                while True:
                    end = text.find('"', i)
                    if end < 0:
                        raise _Refused(Problem("this quote is never closed", here(begin)))
                    parts.append(text[i:end])
                    line += text.count("\n", i, end)
                    if text.startswith('"', end + 1) and end + 1 < length:
                        parts.append('"')
                        i = end + 2
                        continue
                    i = end + 1
                    break
                if line != at.line:
                    line_start = text.rfind("\n", 0, i) + 1
                value = "".join(parts).replace("\r\n", "\n")
                if line == at.line:
                    at = Location(shown, at.line, at.column, at.source_line, i - begin)
                if i < length and text[i] not in (delimiter, "\n", "\r"):
                    raise _Refused(Problem("text after a closing quote: put the whole cell "
                                           "in quotes and double the quotes inside it",
                                           here(i)))
            else:
                stop = i
                while stop < length and text[stop] not in (delimiter, "\n", "\r"):
                    stop += 1
                value = text[i:stop]
                at = Location(shown, at.line, at.column, at.source_line, max(1, stop - i))
                i = stop
            count.one_more(at)
            cells.append((_cell_value(check_text(value, at)), at))
            if i < length and text[i] == delimiter:
                i += 1
                continue
            break
        if text.startswith("\r\n", i):
            i += 2
        elif i < length:
            i += 1
        line += 1
        line_start = i
        yield start, cells


def _workbook(shown: str, data: bytes, sheet: str | None, where: Location,
              problems: list[Problem]) -> Table:
    """The first sheet (or the sheet named) of an XLSX workbook, shown as ``book[sheet]``."""
    with workbook.records(shown, data, sheet, where) as (shown, records):
        head = next(records, None)
        if head is None:
            raise _Refused(Problem(f"{shown}: the sheet is empty: its first row must name "
                                  "the columns", where))
        columns = _header([(str(value).strip(), at) for value, at in head[1]], where,
                          problems)
        return Table(shown, _named(columns), _rows(shown, columns, records, problems))


def _inline(doc: Document, path: PathKey, items: list[object],
            problems: list[Problem]) -> Table:
    """Rows written in the definition as a list of mappings."""
    columns: dict[str, None] = {}
    rows: list[Row] = []
    bound = limits.current().cards
    for index, item in enumerate(items):
        where = doc.where((*path, index))
        if len(rows) >= bound:
            raise _Refused(Problem(limits.beyond("cards", f"the list has more than {bound} "
                                                 "rows", "cards"), where))
        if not isinstance(item, dict):
            problems.append(Problem("each row of data is a mapping of column: value", where))
            continue
        cells: dict[str, Cell] = {}
        for number, (key, value) in enumerate(item.items(), start=1):
            at = doc.where((*path, index, key))
            column = fieldnames.normal(str(key))
            wrong = _column_problem(str(key), column, number, set(cells))
            if wrong is not None or not column:
                problems.append(Problem(wrong or "a column needs a name",
                                        doc.where((*path, index, key), key=True)))
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                if value is None:
                    value = ""
                else:
                    problems.append(Problem(f"column {key!r}: expected a plain value "
                                            "(text or a number)", at))
                    continue
            if isinstance(value, float):
                value = int(value) if value.is_integer() else f"{value:g}"
            cells[column] = Cell(value, at)
            columns.setdefault(column)
        rows.append(Row(cells, where, len(rows) + 1))
    if not rows and not problems:
        problems.append(Problem("the list of data is empty", doc.where(path)))
    names = tuple(columns)
    filled = tuple(Row({c: row.cells.get(c, Cell("", row.where)) for c in names}, row.where,
                       row.number) for row in rows)
    return Table("the data list", names, filled)
