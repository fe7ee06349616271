"""Details of score sheets: lengths the schema refuses are reported at their lines, never
a traceback, and the heavy rules of running totals stop at heading rows."""

from __future__ import annotations

from pathlib import Path

from printkit.definition.scoresheet import SheetComponent
from printkit.pdf.paper import PAPERS
from printkit.pdf.scoresheets import sheet_pdf
from printkit.pdf.tables import table_page
from printkit.units import MM
from tests.pdfinspect import read_pages
from tests.test_content_support import load, problems, write

SHEET = """\
components:
  pad:
    kind: sheet
    columns: [A, B]
    rows: 3
    text_size: 10
    row_height: 8
"""


def test_bare_numbers_for_a_sheets_lengths_are_located(tmp_path: Path) -> None:
    found = problems(write(tmp_path, SHEET))
    assert [(line, column) for _, line, column, _ in found] == [(11, 16), (12, 17)]
    assert all("needs a unit" in message for *_, message in found)


HEADED = """\
components:
  pad:
    kind: sheet
    columns: [Round, {label: Score, running: true}, Notes]
    rows: [1, 2, {heading: Second half}, 3, 4]
"""


def test_running_total_rules_stop_at_heading_rows(tmp_path: Path) -> None:
    definition = load(write(tmp_path, HEADED))
    [sheet] = definition.components
    assert isinstance(sheet, SheetComponent)
    family = definition.content.family(definition.content.font)
    assert family is not None
    page = table_page(sheet, family, PAPERS["a4"], 10 * MM)
    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(sheet_pdf(page, title="T", what="pad", copies=1, accent="#334455"))
    [heading] = [cell.box for cell in page.cells if cell.row == "heading"]
    [rule_x] = page.heavy_columns
    lines = read_pages(pdf)[0].lines
    rules = [line for line in lines if abs(line.x0 - rule_x) < 0.01 and
             abs(line.x1 - rule_x) < 0.01 and abs(line.y0 - line.y1) > 1]
    assert len(rules) == 2  # above the heading row and below it
    for line in rules:
        low, high = sorted((line.y0, line.y1))
        assert high <= heading.y + 0.01 or low >= heading.top - 0.01
