"""Face groups a variant changes (issue 24 item 7, parts b-d): ``--set`` into lists, face
groups left out by ``when:`` or ``count: 0``, and the variant named in the problems it
brings.  Every case is a small definition checked or built through the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import limits
from printkit.definition.groupwhen import WhenError, evaluate
from printkit.errors import DefinitionError
from printkit.kit.games import load
from printkit.settings import parse_settings
from tests.conftest import Run

GAME = """\
game: groups
title: Groups
card: {size: poker}
parameters:
  copies: 2
  players: 4
  expansion: true
  mode: long
variants:
  solo:
    description: one player, no jokers
    parameters: {copies: 0, players: 1}
  short:
    parameters: {expansion: false, mode: short}
layouts:
  c:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - id: jokers
    kind: layout
    layout: c
    count: {parameter: copies}
    data: [{name: Joker}]
  - id: main
    kind: layout
    layout: c
    data: [{name: A}, {name: B}]
  - id: more
    kind: layout
    layout: c
    when: "expansion and (players >= 3 or mode == 'short')"
    name: "{name}"
    data: [{name: X}, {name: Y}]
components:
  extra:
    kind: cards
    size: mini
    faces: [{id: e, kind: layout, layout: c, data: [{name: E}]}]
booklet:
  player_colours: ["#e69f00", "#009e73", "#cc79a7", "#56b4e9"]
"""


def _line(text: str, start: str) -> int:
    """The number of the first line of ``text`` that starts with ``start``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _game(tmp_path: Path, text: str = GAME) -> Path:
    path = tmp_path / "groups.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _cards(output: str) -> list[int]:
    """The main deck's card count on each line ``check`` prints."""
    return [int(n) for n in re.findall(r"is valid \((\d+) cards", output)]


def _groups(path: Path, variant: str | None = None, *sets: str) -> dict[str, int]:
    definition = load(path, variant=variant, overrides=parse_settings(sets))
    copies: dict[str, int] = {}
    for face in definition.faces:
        copies[face.group] = copies.get(face.group, 0) + face.copies
    return copies


# --------------------------------------------------------------------------- when, count

def test_a_variant_leaves_groups_out_by_when_and_by_a_count_of_0(tmp_path: Path,
                                                                 run_cli: Run) -> None:
    path = _game(tmp_path)
    assert _groups(path) == {"jokers": 2, "main": 2, "more": 2}
    assert _groups(path, "solo") == {"main": 2}  # copies 0, and players 1 fails the when
    assert _groups(path, "short") == {"jokers": 2, "main": 2}  # expansion false
    result = run_cli("check", str(path), "--variant", "solo")
    assert result.status == 0 and _cards(result.out) == [2]


def test_set_reaches_a_group_by_its_id_or_its_number(tmp_path: Path, run_cli: Run) -> None:
    path = _game(tmp_path)
    assert _groups(path, None, "faces.main.count=3", "faces.3.name={name}-x") == {
        "jokers": 2, "main": 6, "more": 2}
    assert _groups(path, None, "faces.jokers.count=0") == {"main": 2, "more": 2}
    assert _groups(path, None, "faces.3.when=false") == {"jokers": 2, "main": 2}
    names = [f.key for f in load(path, overrides=parse_settings(["faces.3.name={name}-x"])).faces]
    assert names[-2:] == ["X-x", "Y-x"]
    result = run_cli("check", str(path), "--set", "faces.main.count=3")
    assert result.status == 0 and _cards(result.out) == [10, 6, 8]  # every variant too


def test_set_reaches_into_a_list_of_values_and_a_components_groups(tmp_path: Path) -> None:
    path = _game(tmp_path)
    sets = parse_settings(["booklet.player_colours.2=crimson",
                           "components.extra.faces.e.count=3"])
    definition = load(path, overrides=sets)
    colours = definition.booklet["player_colours"]
    assert isinstance(colours, tuple) and colours[:2] == ("#e69f00", "#dc143c")
    [extra] = [c for c in definition.components if c.name == "extra"]
    assert [f.copies for f in extra.faces] == [3]  # type: ignore[attr-defined]


def test_a_path_into_a_list_that_names_no_item_is_refused_with_the_ids(
        tmp_path: Path, run_cli: Run) -> None:
    path = _game(tmp_path)
    result = run_cli("check", str(path), "--set", "faces[2].count=3", "--set",
                     "faces.4.count=1", "--set", "faces.mian.count=2", "--set",
                     "faces.0.count=1", "--set", "booklet.player_colours.x=red")
    assert result.status == 1 and "Traceback" not in result.err
    assert [line for line in result.err.splitlines() if "error:" in line] == [
        "<command line>:1:7: error: cannot set 'faces[2].count': write a list item's number "
        "after a dot, counted from 1 ('faces.2.count'), or its id",
        "<command line>:1:7: error: cannot set 'faces.4.count': 'faces' has 3 item(s): write "
        "a number from 1 to 3",
        "<command line>:1:7: error: cannot set 'faces.mian.count': 'faces' has no item with "
        "the id 'mian' (did you mean 'main'?) (its ids: jokers, main, more; or write a "
        "number from 1 to 3)",
        "<command line>:1:7: error: cannot set 'faces.0.count': 'faces' numbers its items "
        "from 1 (0 names none)",
        "<command line>:1:7: error: cannot set 'booklet.player_colours.x': "
        "'booklet.player_colours' is a list: name an item by its number from 1 to 4"]


def test_later_groups_keep_their_lines_when_one_before_them_goes(tmp_path: Path,
                                                                 run_cli: Run) -> None:
    broken = GAME.replace("  - id: main\n", "  - id: main\n    count: many\n")
    path = _game(tmp_path, broken)
    result = run_cli("check", str(path), "--variant", "solo")  # jokers go, main is 1st
    assert result.status == 1
    line = _line(broken, "    count: many")
    assert f"{path}:{line}:12: error: expected a whole number, found text 'many'" in result.err


@pytest.mark.parametrize(("when", "column", "message"), [
    ('"expansoin and players >= 3"', 12,
     "'expansoin' is not a parameter of this definition (did you mean 'expansion'?)"),
    ('"players >= many"', 23, ">= compares numbers, but 'many' is not one"),
    ('"mode > 2"', 17, "> compares numbers, but the parameter 'mode' is 'long'"),
    ('"(players > 2"', 12, "a '(' is not closed"),
    ("'players > 2 expansion'", 24, "'expansion' cannot follow here (join tests with and/or)"),
    ("players @ 2", 19, "'@' cannot stand here"),
    ("{field: players}", 11, "when takes an expression over the parameters"),
    ('"__import__(\'os\')"', 12, "'__import__' is not a parameter of this definition"),
])
def test_every_fault_of_a_when_is_located(tmp_path: Path, run_cli: Run, when: str,
                                          column: int, message: str) -> None:
    path = _game(tmp_path, re.sub(r"when: .*", f"when: {when}", GAME))
    result = run_cli("check", str(path))
    assert result.status == 1 and "Traceback" not in result.err
    line = _line(GAME, "    when:")
    assert f"{path}:{line}:{column}: error: " in result.err and message in result.err


def test_when_reads_values_never_code() -> None:
    parameters = {"players": 4, "mode": "two words", "strict": True, "name": "x"}
    assert evaluate("mode == 'two words' and strict == true", parameters)
    assert evaluate("not (players < 4) and players != 5.5", parameters)
    assert not evaluate("strict == false or name == y", parameters)
    assert evaluate("name", parameters) and not evaluate("name == 'X'", parameters)
    falsy_values: tuple[object, ...] = ("", "0", "false", "no", 0, False, [])
    for falsy in falsy_values:
        assert not evaluate("p", {"p": falsy})
    long = "players " + "and players " * 90
    with pytest.raises(WhenError, match=re.escape(
            f"{len(long)} characters is over the limit of 1000 characters (raise it with "
            "--limit expression=N)")):
        evaluate(long, parameters)
    with limits.using(limits.parse_limits(["expression=100000"])):
        assert evaluate("not " * 5001 + "players", parameters) is False  # no recursion
    with pytest.raises(WhenError, match="nest more than 16"):
        evaluate("(" * 20 + "players" + ")" * 20, parameters)


def test_a_main_deck_left_without_groups_leaves_the_components(tmp_path: Path,
                                                              run_cli: Run) -> None:
    path = _game(tmp_path)
    gone = [f"faces.{n}.count=0" for n in ("jokers", "main")] + ["faces.more.when=false"]
    definition = load(path, overrides=parse_settings(gone))
    assert definition.faces == () and [c.name for c in definition.components] == ["extra"]
    result = run_cli("check", str(path), "--variant", "short", *(
        a for s in gone for a in ("--set", s)))
    assert result.status == 0, result.err
    assert "is valid (extra: 1 card (44.5 x 63.5 mm) on 1 sheet" in result.out


def test_a_component_left_without_groups_is_an_error(tmp_path: Path, run_cli: Run) -> None:
    path = _game(tmp_path)
    result = run_cli("check", str(path), "--set", "components.extra.faces.1.when=false")
    assert result.status == 1
    assert "error: every face group here is left out (by when: or count: 0)" in result.err


# --------------------------------------------------------------------------- variant named

def test_a_problem_a_variant_brings_names_it_and_the_value_it_sets(tmp_path: Path,
                                                                   run_cli: Run) -> None:
    text = GAME.replace("card: {size: poker}", "card: {size: poker, safe_margin: 40mm}")
    text = text.replace("variants:\n", "variants:\n  big:\n    parameters: {copies: 2000}\n")
    path = _game(tmp_path, text)
    with pytest.raises(DefinitionError) as caught:
        load(path, variant="big")
    count, sets = _line(text, "    count: {parameter"), _line(text, "    parameters: {copies: 2")
    assert [(str(p.location), p.message) for p in caught.value.problems] == [
        (f"{path}:3:34", "40mm is too large (at most 15mm)"),  # not the variant's
        (f"{path}:{count}:12", f"2000 is too large: the most allowed is 1000 (in variant "
                               f"'big', which sets copies: 2000 at {path}:{sets}:26)"),
        ("None", f"these problems were found loading {path} with the variant 'big' "
                 "(--variant big)")]
    for command in (["check"], ["build", "-o", str(tmp_path / "kit")]):
        result = run_cli(*command, str(path), "--variant", "big")
        assert result.status == 1 and "(in variant 'big', which sets copies: 2000 at" in result.err


WORDS = ("players", "mode", "not", "and", "or", "(", ")", "==", "!=", "<", ">=", "3", "-1.5",
         "'x'", '"y y"', "true", "false", "@", "abc", "2p", "__class__", "  ")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=15).map(" ".join))
def test_any_when_is_true_false_or_one_located_fault(text: str) -> None:
    try:
        assert evaluate(text, {"players": 3, "mode": "x"}) in (True, False)
    except WhenError as exc:
        assert 0 <= exc.offset <= len(text)
