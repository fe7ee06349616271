"""Every word printkit prints for a definition is glyph-checked when it is loaded (issue 24
item 3): the title of a face group's own pattern back, of a ``cards`` component's and of a
``tokens`` component's, besides the main deck's; a space's label in the same run as the
titles; one problem a character, naming every place that needs it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = """\
game: back-words
title: Back Words
card: {size: mini}
style: {font: Vera}
layouts:
  plain:
    - {type: text, text: "{name}", x: 2mm, y: 4mm, width: 40mm, height: 8mm}
faces:
  - {id: group, kind: layout, layout: plain, data: [{name: a}],
     back: {kind: pattern, options: {title: "GROUP"}}}
components:
  more:
    kind: cards
    size: mini
    faces: [{id: m, kind: layout, layout: plain, data: [{name: b}]}]
    back: {kind: pattern, options: {title: "MORE"}}
  tok:
    kind: tokens
    shape: square
    size: 20mm
    front: [{id: t, kind: layout, layout: plain, data: [{name: t}]}]
    back: {kind: pattern, options: {title: "TOKEN"}}
  map:
    kind: board
    title: "MAP"
    grid: {type: square, columns: 3, rows: 2, size: 20mm}
    spaces: [{at: A1, label: "LABEL"}]
"""


def _write(folder: Path, monkeypatch: pytest.MonkeyPatch, **words: str) -> Path:
    """The game with ``words`` in place of the capitals, written in ``folder``, which
    becomes the working folder (so messages name the file as ``back-words.yaml``)."""
    monkeypatch.chdir(folder)
    text = GAME
    for key, value in words.items():
        text = text.replace(f'"{key}"', f'"{value}"')
    path = folder / "back-words.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _errors(err: str) -> dict[tuple[int, int], list[str]]:
    """The error lines of ``err`` by (line, column)."""
    found: dict[tuple[int, int], list[str]] = {}
    for line, column, message in re.findall(r"^back-words\.yaml:(\d+):(\d+): error: (.*)$",
                                            err, re.M):
        found.setdefault((int(line), int(column)), []).append(message)
    return found


def test_every_pattern_back_title_is_checked(
        tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    # Vera has no lambda, xi or sigma; each title has one letter it lacks
    path = _write(tmp_path, monkeypatch, GROUP="\u03bb group", MORE="\u03be more",
                  TOKEN="\u03c3 token")
    result = run_cli("check", path.name)
    assert result.status == 1 and "is valid" not in result.out
    found = _errors(result.err)
    assert sorted(found) == [(10, 45), (16, 44), (22, 44)], result.err
    assert found[(10, 45)] == [
        "the font 'Vera' has no glyph for '\u03bb' (U+03BB GREEK SMALL LETTER LAMDA), which "
        "printkit prints in the game's font; it is needed in the title on the back of face "
        "group 'group': choose a font that has it with style: font, or list one under style: "
        "fallback (DejaVu Sans, always tried last there, covers most scripts)"]
    assert "it is needed in the title on the back of more:" in found[(16, 44)][0]
    assert "it is needed in the title on the back of tok:" in found[(22, 44)][0]
    assert "3 problems found" in result.err


def test_a_fallback_font_answers_the_back_titles(
        tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, monkeypatch, GROUP="\u03bb group", MORE="\u03be more",
                  TOKEN="\u03c3 token")
    path.write_text(path.read_text(encoding="utf-8").replace(
        "style: {font: Vera}", "style: {font: Vera, fallback: [DejaVu Sans]}"), encoding="utf-8")
    result = run_cli("check", path.name)
    assert result.status == 0, result.err


def test_one_problem_a_character_names_every_place(
        tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    # the same letter in the group's back, the component's back, the board's title and a
    # space's label: one problem, at the first, naming the three others
    path = _write(tmp_path, monkeypatch, GROUP="\u03bb", MORE="\u03bb", MAP="\u03bb map",
                  LABEL="\u03bb")
    result = run_cli("check", path.name)
    assert result.status == 1
    found = _errors(result.err)
    assert list(found) == [(10, 45)], result.err
    [message] = found[(10, 45)]
    assert ("it is needed in 4 places: the title on the back of face group 'group', the title "
            "on the back of more (back-words.yaml:16:44), map: the title (back-words.yaml:25:12)"
            ", a space's label (back-words.yaml:27:30)") in message


def test_a_space_label_is_reported_with_the_board_title(
        tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    # before, the label was read only once the title was fixed: a second round of errors
    path = _write(tmp_path, monkeypatch, MAP="\u03be", LABEL="\u03c3")
    result = run_cli("check", path.name)
    assert result.status == 1
    assert sorted(_errors(result.err)) == [(25, 12), (27, 30)], result.err
