"""Names in any script (issue 24 item 4): a variant may be named in any script and builds
into a Latin folder; a card named with symbols only gets a usable file name; two inline
rows on one line are told apart by their columns; a --set the definition refuses exits 1,
a --set that is not KEY=VALUE exits 2 (README's exit statuses)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Run
from tests.test_content_support import load, problems, write

BODY = """\
layouts:
  card:
    - {type: text, text: "{name}", x: 4mm, y: 4mm, width: 55mm, height: 8mm}
faces:
  - {id: sym, kind: layout, layout: card, data: marks.csv, name: "{name}"}
"""
VARIANTS = """\
parameters: {big: false}
variants:
  VARIANT:
    parameters: {big: true}
"""


def test_names_of_symbols_become_usable_file_names(tmp_path: Path) -> None:
    # one letterless name a row: each used to be refused as '-', and only the first row
    marks = "name\n\u2605\n\u2606\n\u2605 Fire\n\u2665\nok\n"
    keys = [face.key for face in load(write(tmp_path, BODY, {"marks.csv": marks})).faces]
    assert keys == ["sym-1", "sym-2", "Fire", "hearts", "ok"]


def test_a_name_still_unsafe_is_reported_for_every_row_as_written(tmp_path: Path) -> None:
    long = "\u03a9" + "x" * 100  # 'O' + 100 letters: past the 100 a file name may have
    found = problems(write(tmp_path, BODY, {"marks.csv": f"name\n{long}\nok\n{long}y\n"}))
    assert [(file, line, column) for file, line, column, _ in found] == [
        ("marks.csv", 2, 1), ("marks.csv", 4, 1)]
    assert found[0][3] == (f"face name '{long}' (row marks.csv:2) makes the file name "
                           f"'O{'x' * 100}', which is not a safe file name: use letters, "
                           "digits, '.', '_' and '-' (at most 100)")


def test_two_inline_rows_on_one_line_are_named_with_their_columns(tmp_path: Path) -> None:
    body = BODY.replace("data: marks.csv", 'data: [{name: "\u017b\u00f3\u0142w"}, '
                        "{name: Zolw}]")
    [(file, line, column, message)] = problems(write(tmp_path, body))
    assert (file, line, column) == ("game.yaml", 10, 73)
    assert message.startswith("face 'Zolw' is defined twice: by row game.yaml:10:57 and by "
                              "row game.yaml:10:73 (")


def test_a_variant_may_be_named_in_another_script(tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, VARIANTS.replace("VARIANT", "\u03bc\u03b5\u03b3\u03ac\u03bb\u03bf")
                 + BODY, {"marks.csv": "name\na\n"})
    result = run_cli("build", "-q", "-o", str(tmp_path / "out"), str(path), "--variant",
                     "\u03bc\u03b5\u03b3\u03ac\u03bb\u03bf")
    assert result.status == 0, result.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["content-test--megalo"]


def test_a_variant_name_refused_says_what_a_name_is(tmp_path: Path) -> None:
    body = VARIANTS.replace("VARIANT", "\u039c\u03b5\u03b3\u03ac\u03bb\u03bf") + """\
  \u03bc\u03b9\u03ba\u03c1\u03cc:
    parameters: {big: false}
  mikro:
    parameters: {big: false}
""" + BODY
    found = problems(write(tmp_path, body, {"marks.csv": "name\na\n"}))
    assert [(line, column) for _, line, column, _ in found] == [(8, 3), (12, 3)]
    assert found[0][3] == (
        "'\u039c\u03b5\u03b3\u03ac\u03bb\u03bf' is not a valid variant name (did you mean "
        "'\u03bc\u03b5\u03b3\u03ac\u03bb\u03bf'?): a variant's name is lower-case letters (of "
        "any script), digits and '-', starting with a letter or digit (e.g. 'large-15' or "
        "'\u03bc\u03b5\u03b3\u03ac\u03bb\u03bf'); it names the kit's folder in Latin letters")
    assert found[1][3] == ("the variants '\u03bc\u03b9\u03ba\u03c1\u03cc' and 'mikro' would "
                           "both build into the folder '<game>--mikro': rename one")


def test_a_missing_image_file_is_named_with_an(tmp_path: Path) -> None:
    body = BODY.replace('name: "{name}"}', 'name: "{name}", back: {image: "/etc/x.png"}}')
    found = problems(write(tmp_path, body, {"marks.csv": "name\na\n"}))
    assert any("is an absolute path: name an image file beside the definition" in m
               for *_, m in found), found


def test_set_exit_statuses_follow_the_readme(tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, BODY, {"marks.csv": "name\na\n"})
    assert run_cli("check", str(path), "--set", "tuckbox.stock").status == 2  # not KEY=VALUE
    for setting in ("tuckbox.stock=0mm", "tuckbox.stock=thick", "tuckbox.stok=1mm"):
        result = run_cli("check", str(path), "--set", setting)
        assert result.status == 1 and "<command line>:1:7: error: " in result.err, setting
