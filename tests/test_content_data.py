"""Card data from tables: CSV, tab-separated, XLSX and inline lists; one row a card, a count
column for copies, and every problem located at its table, row and column."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import openpyxl
import pytest

from printkit import limits
from tests.test_content_support import draw, load, problems, texts, write

GROUP = """\
layouts:
  plain:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - id: unit
    kind: layout
    layout: plain
    data: DATA
"""


def group(data: str) -> str:
    return GROUP.replace("DATA", data)


def test_csv_rows_become_cards_with_their_columns_and_copies(tmp_path: Path) -> None:
    table = 'name,cost,count\nArcher,2,3\n"Knight, ""the"" bold",5,\n\nScout,1,1\n'
    definition = load(write(tmp_path, group("units.csv"), {"units.csv": table}))
    faces = definition.faces
    assert [f.key for f in faces] == ["unit-1", "unit-2", "unit-3"]
    assert [f.copies for f in faces] == [3, 1, 1]
    assert faces[1].attr("name") == 'Knight, "the" bold'
    assert faces[1].attr("cost") == 5  # whole numbers are numbers, as in a workbook
    assert definition.card_count == 5
    assert [t.text for t in texts(draw(definition, "unit-2"))] == ['Knight, "the" bold']


def test_tab_separated_and_semicolon_files_are_read(tmp_path: Path) -> None:
    files = {"a.tsv": "name\tcost\nArcher\t2\n", "b.csv": "name;cost\nScout;1\n"}
    body = group("a.tsv") + "  - {id: more, kind: layout, layout: plain, data: b.csv}\n"
    definition = load(write(tmp_path, body, files))
    assert [(f.attr("name"), f.attr("cost")) for f in definition.faces] == [
        ("Archer", 2), ("Scout", 1)]


def test_inline_rows_are_cards(tmp_path: Path) -> None:
    body = group("[{name: Archer, cost: 2}, {name: Scout}]")
    definition = load(write(tmp_path, body))
    assert [f.attr("name") for f in definition.faces] == ["Archer", "Scout"]
    assert definition.faces[1].attr("cost") == ""


def _workbook(rows: list[list[object]], sheet: str = "Units") -> bytes:
    book = openpyxl.Workbook()
    page = book.active
    assert page is not None
    page.title = sheet
    for row in rows:
        page.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_xlsx_rows_keep_whole_numbers_and_name_a_sheet(tmp_path: Path) -> None:
    data = _workbook([["name", "cost", "count"], ["Archer", 2, 2], ["Mage", 3.0, None],
                      ["Bard", 2.5, 1]])
    body = group("{file: units.xlsx, sheet: Units}")
    definition = load(write(tmp_path, body, {"units.xlsx": data}))
    assert [(f.attr("name"), f.attr("cost"), f.copies) for f in definition.faces] == [
        ("Archer", 2, 2), ("Mage", 3, 1), ("Bard", "2.5", 1)]


def test_xlsx_problems_name_the_sheet_and_the_cell(tmp_path: Path) -> None:
    data = _workbook([["name", "count"], ["Archer", "many"]])
    path = write(tmp_path, group("{file: units.xlsx, sheet: Unit}"), {"units.xlsx": data})
    [(file, line, _column, message)] = problems(path)
    assert (file, line) == ("game.yaml", 13)
    assert "has no sheet 'Unit' (did you mean 'Units'?)" in message
    path = write(tmp_path, group("units.xlsx"), {"units.xlsx": data})
    assert problems(path) == [("units.xlsx[Units]", 2, 2, "count must be a whole number from 1 to "
                                                   "1000, not 'many'")]


def test_a_workbook_that_unpacks_past_the_file_size_limit_is_refused(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/sharedStrings.xml", "a" * 3_000_000)
    path = write(tmp_path, group("units.xlsx"), {"units.xlsx": buffer.getvalue()})
    with limits.using(limits.parse_limits(["file-size=1000000"])):
        [(file, line, _, message)] = problems(path)
    assert (file, line) == ("game.yaml", 13)
    assert "the workbook unpacks to 3000000 bytes, past the limit of 1000000 bytes" in message


@pytest.mark.parametrize(("table", "where", "message"), [
    ("name,cost\nArcher,2,3\n", (2, 10), "this row has more cells than the 2 named columns"),
    ('name,cost\n"Archer,2\n', (2, 1), "this quote is never closed"),
    ('name,cost\n"Arch"er,2\n', (2, 7), "text after a closing quote"),
    ("name,Card Cost\nArcher,2\n", (1, 6), "column name 'Card Cost' cannot be used as a "
                                           "{field}: write it as 'Card_Cost'"),
    ("name,id\nArcher,2\n", (1, 6), "column name 'id' is taken (the face group's id)"),
    ("name,name\nArcher,2\n", (1, 6), "column 'name' is named twice"),
    ("name,count\nArcher,0\n", (2, 8), "count must be a whole number from 1 to 1000, not '0'"),
    ("name\nA\x07rcher\n", (2, 1), "control character U+0007 in this cell"),
])
def test_table_problems_point_at_the_cell(tmp_path: Path, table: str, where: tuple[int, int],
                                          message: str) -> None:
    path = write(tmp_path, group("units.csv"), {"units.csv": table})
    [(file, line, column, text)] = problems(path)
    assert (file, line, column) == ("units.csv", *where)
    assert text.startswith(message)


def test_a_bad_value_from_a_table_is_reported_at_its_cell_with_the_source_line(
        tmp_path: Path, run_cli: object) -> None:
    body = """\
layouts:
  tinted:
    - {type: rect, fill: "{colour}"}
faces:
  - {id: unit, kind: layout, layout: tinted, data: units.csv}
"""
    path = write(tmp_path, body, {"units.csv": "name,colour\nArcher,#00f\nMage,purplish\n"})
    from printkit.errors import DefinitionError

    with pytest.raises(DefinitionError) as caught:
        load(path)
    [problem] = caught.value.problems
    assert problem.render().splitlines() == [
        "units.csv:3:6: error: card 'unit-2': 'purplish' is not a colour (did you mean "
        "'purple'?): write a CSS colour: a name such as 'crimson', '#rrggbb', "
        "'rgb(220, 20, 60)' or 'hsl(348, 83%, 47%)'",
        "    3 | Mage,purplish",
        "      |      ^^^^^^^^"]


def test_rows_are_bounded_by_the_cards_limit(tmp_path: Path) -> None:
    table = "name\n" + "".join(f"u{i}\n" for i in range(30))
    path = write(tmp_path, group("units.csv"), {"units.csv": table})
    with limits.using(limits.parse_limits(["cards=20"])):
        [(file, line, _, message)] = problems(path)
    assert (file, line) == ("units.csv", 22)
    assert "has more than 20 rows, past the limit of 20 cards" in message


def test_a_table_file_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, group("units.csv"), {"units.csv": "name\n" + "x\n" * 600})
    with limits.using(limits.parse_limits(["file-size=1000"])):
        [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("game.yaml", 13, 11)
    assert "the file is too large, past the limit of 1000 bytes" in message


@pytest.mark.parametrize(("name", "message"), [
    ("../units.csv", "climbs out of the definition's folder with '..'"),
    ("/etc/passwd", "is an absolute path"),
    ("unit.csv", "there is no data table file 'unit.csv' (did you mean 'units.csv'?)"),
    ("link.csv", "'link.csv' is a link that leads out of the definition's folder"),
    ("units.txt.gz", "there is no data table file"),
    ("notes.md", "a data table is a .csv, .tsv or .xlsx file"),
])
def test_table_paths_stay_inside_the_definition_folder(tmp_path: Path, name: str,
                                                      message: str) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    (tmp_path / "secret.csv").write_text("name\nx\n")
    os.symlink(tmp_path / "secret.csv", folder / "link.csv")
    path = write(folder, group(name), {"units.csv": "name\nx\n", "notes.md": "x"})
    [(file, line, column, text)] = problems(path)
    assert (file, line, column) == ("game.yaml", 13, 11)
    assert message in text


def test_a_group_takes_generate_or_data_not_both(tmp_path: Path) -> None:
    body = group("units.csv") + "    generate: {cost: 1..3}\n"
    path = write(tmp_path, body, {"units.csv": "name\nx\n"})
    [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("game.yaml", 13, 5)
    assert message == "a face group takes its cards from generate or from data, not both"
