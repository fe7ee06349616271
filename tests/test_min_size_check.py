"""``min_size`` above ``size`` is a located problem, reported once for every card it
concerns, instead of text that silently never shrinks."""

from __future__ import annotations

from pathlib import Path

from tests.test_content_support import load, problems, write

LAYOUT = """\
layouts:
  words:
    - {type: text, text: "{words}", x: 5mm, y: 5mm, width: 30mm, height: 20mm, SIZES}
faces:
  - {id: c, kind: layout, layout: words, data: [{words: One}, {words: Two}, {words: Three}]}
"""


def test_min_size_above_size_is_one_located_problem_naming_every_card(
        tmp_path: Path) -> None:
    path = write(tmp_path, LAYOUT.replace("SIZES", "size: 8pt, min_size: 10pt"))
    found = problems(path)
    assert len(found) == 1
    file, line, column, message = found[0]
    assert file == "game.yaml"
    row = path.read_text().splitlines()[line - 1]
    assert row[column - 1:].startswith("10pt")  # the caret under the value
    assert "min_size 10pt is larger than size 8pt" in message
    assert "lower min_size or raise size" in message
    assert "3 cards" in message


def test_min_size_equal_to_size_loads(tmp_path: Path) -> None:
    definition = load(write(tmp_path, LAYOUT.replace("SIZES", "size: 8pt, min_size: 8pt")))
    assert len(definition.faces) == 3
