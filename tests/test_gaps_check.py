"""``check``'s line for a valid game says what the game has (issue 24 item 7f): no "no
board" beside a board component, no "no main deck", and a booklet's examples counted only
for a game that has a booklet."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Run

MAP_ONLY = """\
game: map-only
title: Map Only
components:
  map:
    kind: board
    grid: {type: square, columns: 4, rows: 3, size: 20mm}
"""
DECK = """\
game: deck
title: Deck
card: {size: poker}
layouts:
  c:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - {id: c, kind: layout, layout: c, data: [{name: A}, {name: B}]}
"""


def _check(tmp_path: Path, run_cli: Run, text: str, *extra: str) -> str:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("check", str(path), *extra)
    assert result.status == 0, result.err
    [line] = result.out.splitlines()
    assert line.startswith(f"{path}: ")
    return line.partition(": ")[2]


def test_a_game_whose_board_is_a_component_is_not_said_to_have_none(tmp_path: Path,
                                                                    run_cli: Run) -> None:
    line = _check(tmp_path, run_cli, MAP_ONLY)
    assert line == "Map Only is valid (map: a board (80 x 60 mm) on 1 sheet)"


def test_a_game_without_a_booklet_says_nothing_of_examples(tmp_path: Path,
                                                          run_cli: Run) -> None:
    line = _check(tmp_path, run_cli, DECK)
    assert line.startswith("Deck is valid (2 cards (2 different faces)")
    assert "booklet" not in line and "no board" not in line


def test_a_booklet_without_examples_is_said_to_be_one(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "deck.md.j2").write_text("# {{ title }}\n\nDeal the cards.\n", encoding="utf-8")
    line = _check(tmp_path, run_cli, DECK + "booklet: {template: deck.md.j2}\n")
    assert line.startswith("Deck is valid (2 cards (2 different faces)")
    assert line.endswith("; a booklet without examples)") and "no board" not in line


def test_a_booklets_examples_are_counted(run_cli: Run) -> None:
    result = run_cli("check", "toy-nim", "--variant", "three-players")
    assert result.status == 0, result.err
    assert result.out.rstrip().endswith("; 1 booklet example verified)")


def test_one_card_is_said_in_the_singular(tmp_path: Path, run_cli: Run) -> None:
    one = DECK.replace("[{name: A}, {name: B}]", "[{name: A}]") + (
        "components:\n  extra:\n    kind: cards\n    size: mini\n"
        "    faces: [{id: e, kind: layout, layout: c, data: [{name: E}]}]\n")
    line = _check(tmp_path, run_cli, one)
    assert line.startswith("Deck is valid (1 card (1 face); extra: 1 card (44.5 x 63.5 mm) "
                           "on 1 sheet")
