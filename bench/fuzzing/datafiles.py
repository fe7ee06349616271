"""Family (b), data files: the CSV tables of the sample games and test definitions with rows
broken (cells missing or extra, huge, NaN, formulas, bytes that are not UTF-8, many rows),
and the same rows as XLSX workbooks (typed cells, NaN, damaged or bomb-like archives)."""

from __future__ import annotations

import csv
import io
import math
import random
import zipfile
from typing import Any

from bench.fuzzing.definitions import bases, check_then_build
from bench.fuzzing.model import Case

CELLS: list[Any] = [
    "", " ", "nan", "NaN", "inf", "-inf", "1e999", "-0", "0", "-1", "9" * 40, "9" * 5000,
    "1.5", "1,5", "=1+1", "=cmd|' /C calc'!A0", "@SUM(A1:A9)", "+1", "-2+3", "=HYPERLINK(\"x\")",
    "\u0663", "\uff13", "x" * 100_001, "y" * 1_000, "\"", "\"\"", "a\nb", "a\rb", "\x00",
    "\x1b[31m", "\u202e", ":flame:", ":nope:", "**", "*", "{name}", "{", "../x.svg",
    "/etc/passwd", "A1", "Z99", "ZZZ9999", "A0", "99", "-3", "blue", "red", "water",
]
TABLES = ("spells.csv", "units.csv", "terrain.csv", "counters.csv", "events.csv", "rules.csv")


def _tables() -> list[tuple[str, str, dict[str, bytes]]]:
    """(definition name, table name, files) for every base with a CSV table."""
    found = []
    for base in bases():
        files = dict(base.files)
        for name in files:
            if name in TABLES:
                found.append((base.name, name, files))
    return found


def mutate_rows(rows: list[list[str]], rng: random.Random) -> tuple[list[list[Any]], str]:
    """The rows (header first) with a random edit; returns the rows and a label."""
    rows = [list(r) for r in rows]
    edit = rng.choice(["cell", "cell", "cell", "missing", "extra", "many-rows", "wide",
                       "header", "empty", "duplicate-header", "count", "nan-column"])
    row = rng.randrange(len(rows))
    column = rng.randrange(max(1, len(rows[row])))
    if edit == "cell" and rows[row]:
        rows[row][column] = rng.choice(CELLS)
    elif edit == "missing" and rows[row]:
        del rows[row][rng.randrange(len(rows[row])):]
    elif edit == "extra":
        rows[row] += [rng.choice(CELLS) for _ in range(rng.choice([1, 3, 500]))]
    elif edit == "many-rows":
        copies = rng.choice([100, 2_100, 60_000])
        sample = rows[1:] or [["x"]]
        rows = rows[:1] + [list(sample[i % len(sample)]) for i in range(copies)]
        if rng.random() < 0.5:
            rows = rows[:1] + [["1"] * len(rows[0]) for _ in range(copies)]
    elif edit == "wide":
        width = rng.choice([300, 20_000])
        rows = [[f"c{i}" for i in range(width)], ["1"] * width]
    elif edit == "header":
        rows[0][column % max(1, len(rows[0]))] = rng.choice(CELLS)
    elif edit == "empty":
        empty: list[list[list[str]]] = [[], [[]], rows[:1], [[""]]]
        rows = rng.choice(empty)
    elif edit == "duplicate-header" and rows[0]:
        rows[0].append(rows[0][0])
        for row_cells in rows[1:]:
            row_cells.append("x")
    elif edit in ("count", "nan-column"):
        name = "count" if edit == "count" else rng.choice(rows[0] or ["x"])
        if name in rows[0]:
            at = rows[0].index(name)
            value = rng.choice(["0", "-1", "nan", "1e9", "99999999", "2.5", "", "x", "\u0663"])
            for row_cells in rows[1:]:
                if len(row_cells) > at:
                    row_cells[at] = value
    else:
        edit = "unchanged"
    return rows, edit


def to_csv(rows: list[list[Any]], rng: random.Random) -> tuple[bytes, str]:
    """The rows as CSV bytes, sometimes with a damaging twist."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator=rng.choice(["\n", "\r\n", "\r"])).writerows(rows)
    data = buffer.getvalue().encode("utf-8", "surrogatepass")
    twist = rng.choice(["", "", "", "latin-1", "bom", "nul", "quote", "cut", "utf-16"])
    if twist == "latin-1":
        data = buffer.getvalue().encode("latin-1", "replace") + b"\xe9\xff"
    elif twist == "bom":
        data = b"\xef\xbb\xbf" + data
    elif twist == "nul":
        at = rng.randrange(len(data) + 1)
        data = data[:at] + b"\x00" + data[at:]
    elif twist == "quote":
        data += b'"unclosed,' + b"x" * rng.choice([10, 100_000])
    elif twist == "cut":
        data = data[:rng.randrange(len(data) + 1)]
    elif twist == "utf-16":
        data = buffer.getvalue().encode("utf-16")
    return data, twist


def to_xlsx(rows: list[list[Any]], rng: random.Random) -> tuple[bytes, str]:
    """The rows as an XLSX workbook with typed cells (numbers, NaN, booleans, dates)."""
    import openpyxl
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows[:5000]:
        typed: list[Any] = []
        for cell in row[:16_000]:  # a sheet's last column is XFD, the 16,384th
            value = _typed(str(cell), rng)
            typed.append(ILLEGAL_CHARACTERS_RE.sub("?", value) if isinstance(value, str)
                         else value)
        sheet.append(typed)
    buffer = io.BytesIO()
    book.save(buffer)
    data = buffer.getvalue()
    twist = rng.choice(["", "", "", "cut", "flip", "bomb", "entities", "not-zip"])
    if twist == "cut":
        data = data[:rng.randrange(len(data) + 1)]
    elif twist == "flip":
        array = bytearray(data)
        for _ in range(rng.randint(1, 20)):
            array[rng.randrange(len(array))] = rng.randrange(256)
        data = bytes(array)
    elif twist in ("bomb", "entities"):
        data = _rewrite_sheet(data, twist, rng)
    elif twist == "not-zip":
        data = b"PK\x03\x04" + bytes(rng.randrange(256) for _ in range(200))
    return data, twist


def _typed(text: str, rng: random.Random) -> Any:
    """A cell's value as a spreadsheet would type it."""
    if text.lower() == "nan" or (text.isdigit() and rng.random() < 0.1):
        return math.nan
    if text.lower() in ("inf", "-inf", "1e999"):
        return rng.choice([math.inf, -math.inf, 1e308])
    try:
        return int(text) if len(text) < 300 else text
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text[:32_000]


def _rewrite_sheet(data: bytes, twist: str, rng: random.Random) -> bytes:
    """The workbook with its first sheet replaced by a huge one (that compresses to little)
    or one that defines entities expanding to a lot."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            body = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                if twist == "bomb":
                    rows = "".join(f'<row r="{i}"><c r="A{i}"><v>1</v></c></row>'
                                   for i in range(1, rng.choice([3_000, 300_000])))
                    body = (b'<?xml version="1.0"?><worksheet xmlns="http://schemas.'
                            b'openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                            + rows.encode() + b"</sheetData></worksheet>")
                else:
                    entities = '<!ENTITY a "' + "x" * 1000 + '">' + "".join(
                        f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">'
                        for i in range(8))
                    body = (f'<?xml version="1.0"?><!DOCTYPE w [{entities}]><worksheet '
                            'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                            'main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'
                            '&i;</t></is></c></row></sheetData></worksheet>').encode()
            target.writestr(item, body)
    return out.getvalue()


def generate_data(rng: random.Random, index: int) -> Case:
    """A definition's data table broken, as CSV, TSV or XLSX; checked, then built."""
    definition, table, files = rng.choice(_tables())
    files = dict(files)
    rows = list(csv.reader(io.StringIO(files[table].decode("utf-8"))))
    rows, edit = mutate_rows(rows, rng)
    form = rng.choice(["csv", "csv", "csv", "xlsx", "tsv"])
    if form == "xlsx":
        data, twist = to_xlsx(rows, rng)
    else:
        data, twist = to_csv(rows, rng)
        if form == "tsv":
            data = data.replace(b",", b"\t")
    name = table if form == "csv" else table.replace(".csv", f".{form}")
    files[name] = data
    if name != table:
        text = files[definition].decode("utf-8")
        files[definition] = text.replace(table, name).encode("utf-8")
    return Case("data", index, f"{definition} {name}: {edit} {twist}".strip(), files,
                check_then_build(definition))
