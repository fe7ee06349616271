"""Data that cannot shift: a CSV row that leaves out cells is an error naming the columns it
leaves out (unless the table declares them optional), an empty cell is an empty value, and
a workbook's problems name the sheet they are on."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl

from tests.conftest import Run
from tests.test_content_support import draw, load, problems, write

BODY = """\
layouts:
  card:
    - {type: text, text: "{name}", x: 4mm, y: 4mm, width: 55mm, height: 8mm}
    - {type: text, text: "{text}", x: 4mm, y: 20mm, width: 55mm, height: 30mm}
    - {type: rect, x: 4mm, y: 60mm, width: 10mm, height: 10mm,
       fill: {by: cost, values: {red: "#ff0000", blue: "#0000ff"}, default: "#000000"}}
    - {type: rect, x: 20mm, y: 60mm, width: 10mm, height: 10mm, fill: "#00ff00",
       when: text}
faces:
  - {id: c, kind: layout, layout: card, data: DATA}
"""
HEADER = "name,cost,text,count\n"


def _write(folder: Path, table: str, data: str = "cards.csv", name: str = "cards.csv"
           ) -> Path:
    return write(folder, BODY.replace("DATA", data), {name: table})


def test_a_row_missing_a_middle_cell_no_longer_shifts_into_a_styled_field(
        tmp_path: Path) -> None:
    # Before: cost became "Deal 3", text "2" and the card printed once (the default fill
    # hid the wrong cost).  Now the row is refused at its end, naming the column left out.
    path = _write(tmp_path, HEADER + "Bolt,red,Deal 2,2\nFireball,Deal 3,2\n")
    assert problems(path) == [(
        "cards.csv", 3, 18,
        "this row has 3 of the 4 cells, so 'count' has no cell (a cell left out moves the "
        "ones after it into the wrong columns): give every column a cell, an empty one for "
        "a blank value ('a,,c'), or list it under the table's 'optional:'")]


def test_a_missing_last_count_cell_is_an_error_not_one_copy(tmp_path: Path) -> None:
    path = _write(tmp_path, HEADER + "Bolt,red,Deal 2\n")
    [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("cards.csv", 2, 16)
    assert message.startswith("this row has 3 of the 4 cells, so 'count' has no cell")


def test_every_short_row_is_reported_with_all_its_missing_columns(tmp_path: Path) -> None:
    table = HEADER + "Bolt,red\nShield,blue,Block,1\nDraw\nHeal,red,Heal 2\n"
    found = problems(_write(tmp_path, table))
    assert [(line, column) for _, line, column, _ in found] == [(2, 9), (4, 5), (5, 16)]
    assert "so 'text', 'count' have no cell" in found[0][3]
    assert "list them under the table's 'optional:'" in found[0][3]
    assert "so 'cost', 'text', 'count' have no cell" in found[1][3]
    assert "so 'count' has no cell" in found[2][3]


def test_a_tab_separated_row_is_held_to_the_same_rule(tmp_path: Path) -> None:
    table = "name\tcost\ttext\tcount\nBolt\tred\tDeal 2\n"
    [(file, line, _, message)] = problems(_write(tmp_path, table, "cards.tsv", "cards.tsv"))
    assert (file, line) == ("cards.tsv", 2)
    assert "so 'count' has no cell" in message


def test_empty_cells_written_out_are_empty_values(tmp_path: Path) -> None:
    definition = load(_write(tmp_path, HEADER + "Bolt,,,\nShield,blue,Block,2\n"))
    bolt, shield = definition.faces
    assert (bolt.attributes, bolt.copies) == (
        (("name", "Bolt"), ("cost", ""), ("text", ""), ("count", "")), 1)
    assert shield.copies == 2
    rects = [r.get("fill") for r in draw(definition, bolt.key).iter(
        "{http://www.w3.org/2000/svg}rect")]
    assert "#000000" in rects  # the empty cost takes the default fill
    assert "#00ff00" not in rects  # and 'when: text' hides its element


def test_declared_optional_columns_may_be_left_out(tmp_path: Path) -> None:
    data = "{file: cards.csv, optional: [text, count]}"
    definition = load(_write(tmp_path, HEADER + "Bolt,red\nShield,blue,Block,2\n", data))
    assert [(f.attr("name"), f.attr("cost"), f.attr("text"), f.copies)
            for f in definition.faces] == [("Bolt", "red", "", 1), ("Shield", "blue", "Block", 2)]


def test_an_optional_column_does_not_excuse_the_others(tmp_path: Path) -> None:
    data = "{file: cards.csv, optional: [count]}"
    [(file, line, _, message)] = problems(_write(tmp_path, HEADER + "Bolt,red\n", data))
    assert (file, line) == ("cards.csv", 2)
    assert "so 'text' has no cell" in message and "'count'" not in message


def test_an_optional_column_the_table_lacks_is_an_error_at_its_name(tmp_path: Path) -> None:
    data = "{file: cards.csv, optional: [count, cots]}"
    assert problems(_write(tmp_path, HEADER + "Bolt,red,x,1\n", data)) == [(
        "game.yaml", 15, 83, "cards.csv has no column 'cots' to make optional (did you "
        "mean 'cost'?); its columns: name, cost, text, count")]


def _two_sheets() -> bytes:
    book = openpyxl.Workbook()
    major = book.active
    assert major is not None
    major.title = "Major"
    minor = book.create_sheet("Minor")
    for page, label in ((major, "M"), (minor, "m")):
        page.append(["name", "cost", "text", "count"])
        for number in range(1, 6):
            page.append([f"{label}{number}", "red", "t", 1])
    minor.append(["m6", "red", "t", 1, None, "stray"])  # row 7, column 6: past the columns
    major.append(["M6", "red"])  # absent trailing cells: nothing can shift in a workbook
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_workbook_problems_name_the_sheet(tmp_path: Path, run_cli: Run) -> None:
    folder = tmp_path / "minor"
    folder.mkdir()
    path = write(folder, BODY.replace("DATA", "{file: oracle.xlsx, sheet: Minor}"),
                 {"oracle.xlsx": _two_sheets()})
    assert problems(path) == [("oracle.xlsx[Minor]", 7, 6, "this row has more cells than "
                               "the 4 named columns")]
    result = run_cli("check", str(path))
    assert result.status == 1
    assert "oracle.xlsx[Minor]:7:6: error:" in result.err
    assert "Traceback" not in result.err


def test_a_workbook_cell_left_empty_is_an_empty_value(tmp_path: Path) -> None:
    # Every workbook cell has its own column, so an absent cell is an empty one.
    path = write(tmp_path, BODY.replace("DATA", "oracle.xlsx"), {"oracle.xlsx": _two_sheets()})
    last = load(path).faces[-1]
    assert (last.attr("name"), last.attr("text"), last.copies) == ("M6", "", 1)


def test_a_workbook_with_no_cells_is_refused_at_its_reference(tmp_path: Path) -> None:
    """A workbook whose sheet holds nothing names the definition's reference to it (found
    by the long fuzz run: the message had no place at all)."""
    book = openpyxl.Workbook()
    out = io.BytesIO()
    book.save(out)
    path = write(tmp_path, BODY.replace("DATA", "empty.xlsx"), {"empty.xlsx": out.getvalue()})
    [(file, line, _, message)] = problems(path)
    assert file.endswith("game.yaml") and line > 1
    assert "first row must name the columns" in message


def test_a_count_of_thousands_of_digits_is_refused_not_crashed(tmp_path: Path) -> None:
    """int() refuses over 4,300 digits with a ValueError; a count cell that long is a
    located error like any count out of range (found by the long fuzz run)."""
    path = _write(tmp_path, HEADER + "Bolt,red,Deal 2," + "9" * 5_000 + "\n")
    [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("cards.csv", 2, 17)  # at the count cell
    assert "count" in message
