# ruff: noqa: RUF001  (Greek letters that look Latin are what these tests are about)
"""Names in any script: field values and kit-folder parts are written in Latin letters before
they become file names, and two cards given one name are one error naming both rows."""

from __future__ import annotations

from pathlib import Path

from printkit.definition.faces import file_word
from printkit.definition.slugs import slug
from printkit.kit.naming import kit_name
from tests.conftest import Run
from tests.test_content_support import load, problems, write

BODY = """\
layouts:
  card:
    - {type: text, text: "{name}", x: 4mm, y: 4mm, width: 55mm, height: 8mm}
faces:
  - {id: city, kind: layout, layout: card, data: cities.csv, name: "{name}"}
"""
CITIES = "name\nŁódź\nΩμέγα\nÉté\nΑθήνα\nKraków\nŻółw\n"


def test_names_of_other_scripts_are_written_in_latin_letters() -> None:
    assert (slug("Łódź"), slug("Ωμέγα"), slug("Été à Paris")) == ("lodz", "omega",
                                                                   "ete-a-paris")
    assert (file_word("Łódź"), file_word("Ωμέγα"), file_word("Fire Bolt")) == (
        "Lodz", "Omega", "Fire-Bolt")  # a face name keeps the case it was written in
    assert kit_name("jeu", variant="Ωμέγα", changes=("title=Łódź",)) == "jeu--omega--title-lodz"


def test_ascii_names_are_unchanged() -> None:
    ascii_text = "".join(map(chr, range(32, 127)))
    assert file_word(ascii_text) == ("--.-0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ-_-"
                                     "abcdefghijklmnopqrstuvwxyz-")
    assert file_word("one:1/../x y") == "one-1-..-x-y"


def test_a_deck_in_greek_polish_and_french_has_distinct_file_names(
        tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, BODY, {"cities.csv": CITIES})
    keys = [face.key for face in load(path).faces]
    assert keys == ["Lodz", "Omega", "Ete", "Athina", "Krakow", "Zolw"]
    result = run_cli("export", "png", "--dpi", "50", "-q", "-o", str(tmp_path / "out"),
                     str(path))
    assert result.status == 0, result.err
    cards = tmp_path / "out" / "content-test--png-50dpi" / "cards"
    assert sorted(p.name for p in cards.iterdir()) == sorted(
        [f"{key}.png" for key in keys] + ["back.png"])


def test_a_kit_built_with_a_value_in_another_script_gets_a_latin_folder(
        tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, BODY, {"cities.csv": "name\nA\nB\n"})
    result = run_cli("build", "-q", "-o", str(tmp_path / "out"), "--set", "title=Ωμέγα",
                     str(path))
    assert result.status == 0, result.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["content-test--title-omega"]


def test_two_rows_making_one_name_are_one_error_naming_both(tmp_path: Path) -> None:
    path = write(tmp_path, BODY, {"cities.csv": "name\nŁódź\nParis\nLodz\n"})
    assert problems(path) == [(
        "cities.csv", 4, 1, "face 'Lodz' is defined twice: by row cities.csv:2 and by row "
        "cities.csv:4 (their names, written as file names, are the same: make them differ, "
        "e.g. with {id} or {n} in the name pattern)")]


def test_inline_rows_are_named_by_their_definition_lines(tmp_path: Path) -> None:
    body = BODY + """\
  - id: more
    kind: layout
    layout: card
    name: "{name}"
    data:
      - {name: Omega}
      - {name: Ωμέγα}
"""
    found = problems(write(tmp_path, body, {"cities.csv": "name\nΩμέγα\n"}))
    assert [(file, line, column) for file, line, column, _ in found] == [
        ("game.yaml", 16, 16), ("game.yaml", 17, 16)]
    assert "by row cities.csv:2 and by row game.yaml:16" in found[0][3]
    assert "by row cities.csv:2 and by row game.yaml:17" in found[1][3]


def test_an_unsafe_face_name_names_its_row(tmp_path: Path) -> None:
    long = "x" * 101  # a name of symbols only gets a usable one (tests/test_fix24_names.py)
    path = write(tmp_path, BODY, {"cities.csv": f"name\nParis\n{long}\n"})
    assert problems(path) == [("cities.csv", 3, 1, f"face name '{long}' (row cities.csv:3) is "
                               "not a safe file name: use letters, digits, '.', '_' and '-' "
                               "(at most 100)")]
