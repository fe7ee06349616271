"""A reference to a list parameter standing alone in a list of a sheet (a row's cells, the
notes) is spread over as many items, so a point table on a score pad follows the rules'."""

from __future__ import annotations

from pathlib import Path

from printkit.definition.load import load_definition
from printkit.definition.scoresheet import SheetComponent
from printkit.render.kinds import catalogue
from printkit.settings import parse_settings
from tests.test_content_support import problems, write

SHEET = """\
parameters:
  values: [1, 2, 3, 4]
  bonus: 10
variants:
  big:
    description: bigger values
    parameters: {values: [5, 6, 7, 8]}
components:
  pad:
    kind: sheet
    columns: [What, A, B, C, D]
    rows:
      - [Suit, spades, hearts, clubs, diamonds]
      - [Points, {parameter: values}]
      - [Bonus, {parameter: bonus}]
    example: [{parameter: bonus}, x]
    notes: [{parameter: values}]
"""


def _sheet(path: Path, variant: str | None = None) -> SheetComponent:
    definition = load_definition(path, kinds=catalogue(), display=path.name, variant=variant)
    [sheet] = definition.components
    assert isinstance(sheet, SheetComponent)
    return sheet


def _cells(sheet: SheetComponent) -> list[list[str]]:
    return [[cell.text for cell in row.cells] for row in sheet.rows]


def test_a_list_fills_one_cell_per_item(tmp_path: Path) -> None:
    sheet = _sheet(write(tmp_path, SHEET))
    assert _cells(sheet) == [["10", "x"], ["Suit", "spades", "hearts", "clubs", "diamonds"],
                             ["Points", "1", "2", "3", "4"], ["Bonus", "10"]]
    assert [note.text for note in sheet.notes] == ["1", "2", "3", "4"]


def test_the_variant_reaches_the_spread_cells(tmp_path: Path) -> None:
    sheet = _sheet(write(tmp_path, SHEET), variant="big")
    assert _cells(sheet)[2] == ["Points", "5", "6", "7", "8"]


def test_a_list_too_long_for_the_table_is_reported_at_its_row(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET.replace("values: [1, 2, 3, 4]", "values: [1, 2, 3, 4, 5]"))
    [(file, line, _, message)] = problems(path)
    assert (file, line) == ("game.yaml", 19)  # the row that wrote the reference
    assert "this row has 6 cells but the table has 5 columns" in message


def test_a_list_given_with_set_reaches_the_spread_cells(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET)
    definition = load_definition(path, kinds=catalogue(), display=path.name,
                                 overrides=parse_settings(["values=[9, 8, 7, 6]"]))
    [sheet] = definition.components
    assert isinstance(sheet, SheetComponent)
    assert _cells(sheet)[2] == ["Points", "9", "8", "7", "6"]
    assert definition.parameters["values"] == [9, 8, 7, 6]
