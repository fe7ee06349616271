"""XLSX workbooks as data tables: each sheet row read as it is taken, each cell typed.

A number cell must hold a finite number (openpyxl refuses ``nan`` and turns ``1e999`` into
infinity), shared text must exist, a true/false cell must be 0 or 1, a date a date: a cell
that is none of these is refused at its row and column.
"""

from __future__ import annotations

import io
import math
import warnings
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from xml.etree import ElementTree

from printkit import limits
from printkit.definition.model import AttributeValue
from printkit.definition.tablecells import CellCount, Record, Refused, check_text
from printkit.errors import Location, Problem, did_you_mean

MOST_COLUMNS = 500
"""Columns of a workbook read (cells further right are not read)."""


@contextmanager
def records(shown: str, data: bytes, sheet: str | None, where: Location
            ) -> Iterator[tuple[str, Iterator[Record]]]:
    """How problems name the sheet read (``book.xlsx[Sheet]``: the first sheet or the one
    named), and its rows, read while the ``with`` block lasts; raises :class:`Refused`."""
    bound = limits.current().file_size
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            unpacked = sum(m.file_size for m in members)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise Refused(Problem(f"{shown} is not an .xlsx workbook", where)) from None
    if unpacked > bound or len(members) > 10_000:
        raise Refused(Problem(f"{shown}: " + limits.beyond(
            "file-size", f"the workbook unpacks to {unpacked} bytes", "bytes"), where))
    import openpyxl  # only definitions with a workbook need it

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles it skips
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except MemoryError:  # the memory budget's own stop, not a bad file
        raise
    except Exception:  # openpyxl raises many kinds of error on a damaged file
        raise Refused(Problem(f"{shown} is not an .xlsx workbook printkit can read",
                              where)) from None
    try:
        names = list(book.sheetnames)
        if sheet is not None and sheet not in names:
            raise Refused(Problem(f"{shown} has no sheet {sheet!r}" + did_you_mean(
                sheet, names) + f"; its sheets: {', '.join(names)}", where))
        page = book[sheet] if sheet is not None else book.worksheets[0]
        named = f"{shown}[{page.title}]"
        yield named, _sheet_records(named, page)
    finally:
        book.close()


def _sheet_records(shown: str, page: object) -> Iterator[Record]:
    """Each row of the sheet ``page``, read as it is taken; raises :class:`Refused` at a
    cell openpyxl cannot read, past the cards limit and past the data-cells limit."""
    bound = limits.current().cards + 1
    count = CellCount(shown)
    rows = page.iter_rows(values_only=True, max_col=MOST_COLUMNS)  # type: ignore[attr-defined]
    number = 0
    while True:
        number += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a date out of range: openpyxl warns
                row = next(rows, None)
        except MemoryError:  # the memory budget's own stop, not a bad file
            raise
        except Exception:  # openpyxl stops on a cell it cannot read (a number "nan", say)
            raise Refused(_unreadable(shown, page, number)) from None
        if row is None:
            return
        if number > bound + 1:
            raise Refused(Problem(limits.beyond("cards", f"{shown} has more than "
                                                f"{bound - 1} rows", "cards"),
                                  Location(shown, number, 1)))
        cells = []
        for column, raw in enumerate(row, start=1):
            at = Location(shown, number, column)
            cells.append((_workbook_value(raw, at), at))
        while cells and cells[-1][0] == "":
            cells.pop()
        if cells:
            count.one_more(cells[-1][1], len(cells))
        yield Location(shown, number, 1), cells


def _unreadable(shown: str, page: object, number: int) -> Problem:
    """The problem with the cell of row ``number`` that openpyxl could not read: the row is
    read again from the sheet's XML, and each cell's value checked against its type."""
    from openpyxl.utils.cell import coordinate_to_tuple

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    strings = len(getattr(page, "_shared_strings", ()))
    try:
        with page._get_source() as source:  # type: ignore[attr-defined]
            for _, element in ElementTree.iterparse(source):
                if element.tag != main + "row":
                    continue
                if int(element.get("r", "0") or 0) == number:
                    for position, cell in enumerate(element.iter(main + "c"), start=1):
                        kind, text = cell.get("t", "n"), cell.findtext(main + "v") or ""
                        reason = _cell_fault(kind, text.strip(), strings)
                        if reason:
                            at = cell.get("r")
                            column = coordinate_to_tuple(at)[1] if at else position
                            return Problem(f"this cell cannot be read: {reason}",
                                           Location(shown, number, column))
                element.clear()
    except MemoryError:  # the memory budget's own stop, not a bad file
        raise
    except Exception:  # the sheet is damaged past reading its rows
        pass
    return Problem("a cell of this row cannot be read (a number that is not finite, or a "
                   "damaged value)", Location(shown, number, 1))


def _cell_fault(kind: str, text: str, strings: int) -> str:
    """Why a workbook cell's value ``text`` does not fit its type ``kind`` ('' if it does)."""
    if not text:
        return ""
    if kind == "n":
        try:
            value = float(text)
        except ValueError:
            return f"{text!r} is marked as a number but is not one"
        return "" if math.isfinite(value) else f"the number {text!r} is not finite"
    if kind == "s":
        return "" if text.isdigit() and int(text) < strings else \
            f"it names shared text {text!r}, which the workbook does not have"
    if kind == "b":
        return "" if text in ("0", "1") else f"{text!r} is marked as true/false but is not"
    if kind == "d":
        from openpyxl.utils.datetime import from_ISO8601

        try:
            from_ISO8601(text)  # type: ignore[no-untyped-call]
        except MemoryError:  # the memory budget's own stop, not a bad file
            raise
        except Exception:  # openpyxl raises several kinds of error on a bad date
            return f"{text!r} is marked as a date but is not one"
    return ""


def _workbook_value(raw: object, where: Location) -> AttributeValue:
    """A workbook cell as card data: whole numbers stay numbers, the rest is text."""
    if raw is None:
        return ""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        if not math.isfinite(raw):
            raise Refused(Problem(f"this cell holds the number {raw}, which is not finite: "
                                  "write a number or a text", where))
        return int(raw) if raw.is_integer() and abs(raw) < 1e15 else f"{raw:g}"
    if hasattr(raw, "isoformat"):
        return str(raw.isoformat()).removesuffix("T00:00:00")
    return check_text(str(raw), where)
