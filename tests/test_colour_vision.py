"""The colour-vision and greyscale check of ``printkit check``: colours that tell things
apart must stay apart in greyscale and to colour-blind readers, unless something else (a
pattern, a letter, a shape, a label) tells them apart too."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from coloraide import Color

from printkit.definition.colourcues import ColourSet, Swatch
from printkit.definition.colourvision import THRESHOLD, VIEWS, colour_problems, difference
from printkit.games.stars_and_stripes.board import POSITIONS
from printkit.kit.colourcheck import colour_sets, colour_warnings
from printkit.kit.games import installed_games, resolve
from tests.conftest import Run

BLUE, RED = "#2d4a8b", "#9b2d20"
"""A blue and a red of the same lightness: distinct in colour, one grey on paper."""

LAYOUT = """\
game: colour-test
title: Colour Test
card:
  size: 63.5mm x 88.9mm
  safe_margin: 3mm
layouts:
  unit:
    - {type: rect, bleed: true, fill: {by: side, values: {blue: "BLUE", red: "RED"}}}
    - {type: text, text: "{name}", x: 10%, y: 40%, width: 80%, height: 20%, size: 12pt}
EXTRA
faces:
  - {id: unit, kind: layout, layout: unit, data: [{name: Guard, side: blue},
                                                  {name: Raider, side: red}]}
"""


def _definition(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(LAYOUT.replace("BLUE", BLUE).replace("RED", RED).replace("EXTRA\n", extra),
                    encoding="utf-8")
    return path


def test_by_colours_that_print_as_one_grey_give_a_located_warning(run_cli: Run,
                                                                   tmp_path: Path) -> None:
    path = _definition(tmp_path)
    result = run_cli("check", str(path))
    assert result.status == 0, result.err  # a warning stops nothing
    column = path.read_text(encoding="utf-8").splitlines()[7].index(f'"{RED}"') + 1
    assert (f"{path}:8:{column}: warning: 'blue' {BLUE} and 'red' {RED} (cards by 'side' in "
            "the layout 'unit') look alike in greyscale (ΔE2000 2.7 < 10) and nothing else "
            "tells them apart: add a pattern, letter, shape or label") in result.err
    assert result.err.count("warning:") == 1 and "error:" not in result.err


def test_strict_makes_the_warning_an_error(run_cli: Run, tmp_path: Path) -> None:
    path = _definition(tmp_path)
    result = run_cli("check", "--strict", str(path))
    assert result.status == 1
    assert f"{path}:8:" in result.err and "error: 'blue' #2d4a8b and 'red'" in result.err
    assert "warning:" not in result.err


@pytest.mark.parametrize("cue", [
    '    - {type: text, text: "{side}", x: 10%, y: 70%, width: 80%, height: 10%, size: 8pt}\n',
    '    - {type: icon, icon: {by: side, values: {blue: shield, red: sword}}, x: 40%, y: 5%,\n'
    '       width: 20%, height: 14%}\n',
    '    - {type: ellipse, x: 40%, y: 5%, width: 20%, height: 14%, fill: "#000000",\n'
    '       when: {field: side, is: [red]}}\n',
], ids=["text", "icon", "shape-when"])
def test_a_second_cue_in_the_same_layout_silences_the_warning(
        run_cli: Run, tmp_path: Path, cue: str) -> None:
    icons = ("icons:\n  shield: {path: 'M0 0 L10 0 L5 10 Z', viewbox: 0 0 10 10}\n"
             "  sword: {path: 'M4 0 L6 0 L6 10 L4 10 Z', viewbox: 0 0 10 10}\n")
    path = _definition(tmp_path, cue)
    if "icon" in cue:
        path.write_text(path.read_text(encoding="utf-8") + icons, encoding="utf-8")
    result = run_cli("check", "--strict", str(path))
    assert result.status == 0, result.err
    assert "warning" not in result.err


def test_a_field_shown_only_in_colour_elsewhere_is_no_cue(run_cli: Run,
                                                         tmp_path: Path) -> None:
    """A second element coloured by the same field tells nothing more."""
    extra = ('    - {type: rect, x: 0mm, y: 0mm, width: 100%, height: 8mm,\n'
             '       fill: {by: side, values: {blue: "#2d4a8b", red: "#9b2d20"}}}\n')
    result = run_cli("check", str(_definition(tmp_path, extra)))
    assert result.status == 0 and result.err.count("look alike in greyscale") == 2


@pytest.mark.parametrize("name", sorted(installed_games()))
def test_every_shipped_game_and_variant_passes(name: str) -> None:
    assert colour_warnings(name) == ()


def test_the_shipped_cues_are_what_keeps_them_quiet() -> None:
    """Without their second cues the shipped sets would warn (the check is not empty):
    the players of Stars and Stripes, three of them as good as one grey."""
    game = resolve("stars-and-stripes")
    [players] = colour_sets(game.definition, game.engine)
    assert players.cue == "letter"
    problems = colour_problems([replace(players, cue="")])
    messages = [p.message for p in problems]
    assert len(messages) == 4
    assert messages[1].startswith("'NW' #e69f00 and 'SW' #56b4e9 (the players' followers in "
                                  "diagrams and homes on the board) look alike in greyscale "
                                  "(ΔE2000 0.6 < 10)")
    assert {str(p.location) for p in problems} == {"decks/stars-and-stripes.yaml:114:42",
                                                   "decks/stars-and-stripes.yaml:114:53"}


def test_stars_and_stripes_diagrams_name_each_followers_player() -> None:
    """The letter cue is drawn: every follower's plate names its player (a home's plate is
    named by the diagram from the home)."""
    game = resolve("stars-and-stripes")
    engine, rng = game.engine, random.Random(7)
    assert engine is not None
    state = engine.initial_state(rng)
    for _ in range(16):
        state = engine.apply(state, rng.choice(list(engine.legal_moves(state))), rng)
    view = POSITIONS.view(game.definition, engine, state, [], [])
    homes = {square for square, _ in view.homes}
    followers = [p for p in view.pieces if p.style == "follower" and p.owner is not None]
    away = [p for p in followers if p.square not in homes]
    assert len(away) >= 4
    for piece in away:
        assert piece.owner is not None
        assert piece.label.split(" ")[0] == view.players[piece.owner], piece


def test_differences_are_the_librarys_ciede2000() -> None:
    # Sharma, Wu and Dalal (2005), the CIEDE2000 test data, pair 1: 2.0425
    first, second = Color("lab-d65", [50, 2.6772, -79.7751]), Color("lab-d65",
                                                                      [50, 0, -82.7485])
    assert first.delta_e(second, method="2000") == pytest.approx(2.0425, abs=1e-4)
    assert difference("#c0392b", "#2d4a6b", "normal vision") == pytest.approx(
        Color("#c0392b").delta_e(Color("#2d4a6b"), method="2000"))
    deutan = [Color(c).filter("deutan", 1.0, method="brettel").clip("srgb")
              for c in ("#c0392b", "#3f9b48")]
    assert difference("#c0392b", "#3f9b48", "deuteranopia") == pytest.approx(
        deutan[0].delta_e(deutan[1], method="2000"))
    # red and green: plain to most readers, close to a deuteranope
    assert difference("#c0392b", "#3f9b48", "normal vision") > 60
    assert difference("#c0392b", "#3f9b48", "deuteranopia") < THRESHOLD
    # two greys differ in lightness only: greyscale changes nothing
    assert difference("#777777", "#888888", "greyscale") == pytest.approx(
        difference("#777777", "#888888", "normal vision"), abs=0.05)


def test_every_view_is_named_in_the_warning() -> None:
    """A pair close in several views names each, with its figure."""
    pair = ColourSet("test", (Swatch("a", "#777777"), Swatch("b", "#7a7a7a")))
    [problem] = colour_problems([pair])
    assert problem.message.startswith(
        "'a' #777777 and 'b' #7a7a7a (test) look alike to everyone and in greyscale and to "
        "protanopia and to deuteranopia and to tritanopia (ΔE2000 ")
    assert len(VIEWS) == 5
    assert colour_problems([replace(pair, cue="pattern")]) == []


BOARD = """\
game: board-test
title: Board Test
components:
  map:
    kind: board
    grid: {type: square, columns: 4, rows: 3, size: 20mm}
    palette: {water: "#6fa3d6", hill: "#b99a6b"}
    spaces:
      - {at: A1, fill: water}
      - {at: B1, fill: water, label: LAKE}
      - {at: B2, fill: hill, label: HILLS}
      - {at: C3, fill: hill}
"""


def test_a_boards_palette_is_checked_and_labels_on_every_space_are_a_cue(
        run_cli: Run, tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")
    column = BOARD.splitlines()[6].index('"#b99a6b"') + 1
    result = run_cli("check", str(path))
    assert result.status == 0, result.err
    assert (f"{path}:7:{column}: warning: 'water' #6fa3d6 and 'hill' #b99a6b (spaces of the "
            "board 'map') look alike in greyscale (ΔE2000 0.0 < 10)") in result.err
    # a label on every hill: hills are told apart from water by more than colour
    path.write_text(BOARD.replace("{at: C3, fill: hill}", "{at: C3, fill: hill, label: TOR}"),
                    encoding="utf-8")
    result = run_cli("check", "--strict", str(path))
    assert result.status == 0 and "warning" not in result.err, result.err
