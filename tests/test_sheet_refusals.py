"""A sheet whose lengths the schema refuses is reported at its lines, never a traceback."""

from __future__ import annotations

from pathlib import Path

from tests.test_content_support import problems, write

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
