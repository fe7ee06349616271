"""The example checker, driven by data files written for the toy game.

Each ``data/*.yaml`` file other than ``good.yaml`` ends with comment lines saying which
error it raises and, for each problem, ``# expect LINE:COL text`` where the text must
occur in the message.  The problems must be exactly those, in that order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from printkit_toy_nim.rules import ToyMove, ToyNim, ToyParams, ToyState

from printkit.errors import DefinitionError, ExampleError, Location, Problem
from printkit.examples import (
    GENERIC_CLAIMS,
    Locator,
    all_claims,
    check_document,
    check_file,
    flow,
    same,
    verify_example,
)
from printkit.plugins import GamePlugin, registered
from printkit.rules.base import IllegalMoveError
from printkit.yamlsource import parse

DATA = Path(__file__).parent / "data"
BAD_FILES = sorted(p for p in DATA.glob("*.yaml") if p.name != "good.yaml")
_EXPECT = re.compile(r"# expect (\d+):(\d+) (.*)$")


def expectations(path: Path) -> tuple[str, list[tuple[int, int, str]]]:
    text = path.read_text(encoding="utf-8")
    raises = re.search(r"# raises (\w+)", text)
    assert raises, f"{path.name} says nothing about the error it raises"
    wanted = []
    for line in text.splitlines():
        match = _EXPECT.match(line)
        if match:
            wanted.append((int(match.group(1)), int(match.group(2)), match.group(3)))
    return raises.group(1), wanted


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda p: p.stem)
def test_bad_file_reports_every_problem_at_its_place(path: Path) -> None:
    error_class, wanted = expectations(path)
    report = check_file(path)
    error = report.error()
    assert error is not None and type(error).__name__ == error_class
    found = [
        (p.location.line, p.location.column, p.message)
        for p in report.problems
        if p.location is not None
    ]
    assert len(found) == len(report.problems) == len(wanted), "\n".join(map(str, found))
    for (line, column, message), (w_line, w_column, w_text) in zip(found, wanted, strict=True):
        assert (line, column) == (w_line, w_column), message
        assert w_text in message
    with pytest.raises(type(error)) as raised:
        report.raise_for_problems()
    assert raised.value.problems == report.problems


def test_every_problem_shows_its_source_line() -> None:
    report = check_file(DATA / "bad-notation.yaml")
    lines = (DATA / "bad-notation.yaml").read_text(encoding="utf-8").splitlines()
    for problem in report.problems:
        loc = problem.location
        assert loc is not None and loc.source_line == lines[loc.line - 1]
    rendered = report.problems[0].render()
    assert rendered.splitlines()[1:] == [
        "    6 |       scores: 0 seven",
        "      |                 ^^^^^",
    ]


def test_good_file_verifies_and_hands_back_states() -> None:
    report = check_file(DATA / "good.yaml")
    assert report.ok and report.error() is None
    report.raise_for_problems()
    assert [e.name for e in report.examples] == [
        "opening", "a roll replays from its seed", "the last pebble ends the game",
        "a tie is a shared win",
    ]
    assert report.claims_checked == 21
    assert report.summary().endswith("4 examples verified, 21 claims checked, all true")
    rolled = report.examples[1]
    assert isinstance(rolled.game, ToyNim) and rolled.game.params == ToyParams(players=3)
    assert rolled.move_texts == ("roll 3", "take 2 from 2")
    assert len(rolled.states) == 3 and rolled.final.piles == (0, 0, 3)
    assert rolled.start.piles == (0, 2, 5)
    assert all(result.holds for e in report.examples for result in e.claims)
    bonus = report.examples[2]
    assert bonus.game.params.last_bonus == 5 and bonus.final.scores == (4, 10)
    assert report.examples[0].game is report.examples[3].game  # one engine per parameters


def test_the_seed_decides_the_roll() -> None:
    text = (DATA / "good.yaml").read_text(encoding="utf-8").replace("seed: 7", "seed: 8")
    report = check_document(parse(text, "seeded.yaml"))
    assert isinstance(report.error(), ExampleError)
    assert [p.message for p in report.problems] == [
        "claim 'pile(3)' is false: the engine says 4",
        "claim 'scores' is false: the engine says {P1: 3, P2: 2, P3: 4}",
        "claim 'pebbles' is false: the engine says {P1: 3, P2: 2, P3: 4}",
    ]
    assert [p.location.line for p in report.problems if p.location] == [42, 43, 45]


def test_unordered_lists_are_multisets_and_mappings_must_match_exactly() -> None:
    assert same(["a", "b", "a"], ["a", "a", "b"], unordered=True)
    assert not same(["a", "b"], ["a", "a", "b"], unordered=True)
    assert not same(["a", "b"], ["b", "a"])
    assert same({"x": [1, 2]}, {"x": [1, 2]})
    assert not same({"x": 1}, {"x": 1, "y": 2})
    assert not same(True, 1) and not same(0, False) and not same("3", 3)
    assert same(2, 2.0) and same(None, None) and not same(None, "null")
    assert same([{"a": 1}, [2]], ((2,), {"a": 1}), unordered=True)


@pytest.mark.parametrize("value", [
    None, True, False, 0, -3, 2.5, 1e100, "a1-b2", "take 2 from 3", "yes", "no", "3",
    "null", "a: b", "x, y", "", "-", "#c", "@x", "it's", "[x]", "{y}", "a\nb",
    {"NW": 5, "NE": [1, "2"]}, ["6*4 at (1,6)", None], {"1": {"2": [True]}},
])
def test_flow_text_reads_back_as_the_same_value(value: object) -> None:
    text = flow(value)
    assert "\n" not in text
    assert yaml.safe_load(f"claim: {text}") == {"claim": value}
    assert yaml.safe_load(f"claim: [{text}]") == {"claim": [value]}


def test_flow_text_is_bare_where_it_can_be() -> None:
    assert flow({"NW": 5, "NE": 4}) == "{NW: 5, NE: 4}"
    assert flow(["take 1 from 1", "roll 2"]) == "[take 1 from 1, roll 2]"
    assert flow("yes") == '"yes"' and flow(None) == "null"


GOOD_BLOCK = """\
name: from a booklet
position: |
  piles: 2 0 1
  scores: 0 0
  to move: P2
moves: [take 2 from 1]
claims:
  total: 1
  to_move: P1
"""


def test_verify_example_from_a_booklet_block() -> None:
    doc = parse(GOOD_BLOCK, "rules.md")
    verified = verify_example(doc, game="toy-nim", base_params={"players": 2})
    assert verified.name == "from a booklet"
    assert verified.final.piles == (0, 0, 1) and verified.move_texts == ("take 2 from 1",)
    assert [(c.key, c.actual, c.holds) for c in verified.claims] == [
        ("total", 1, True), ("to_move", "P1", True),
    ]
    # a game class may be given instead of a name
    assert verify_example(doc, game=ToyNim).final == verified.final


def test_verify_example_reports_locations_in_the_enclosing_file() -> None:
    bad = GOOD_BLOCK.replace("  scores: 0 0", "  scores: 0 0 x").replace("total: 1", "total: 5")
    doc = parse(bad, "rules.md")
    with pytest.raises(DefinitionError) as raised:
        verify_example(doc, game="toy-nim", line_offset=40)
    (problem,) = raised.value.problems
    assert problem.location == Location("rules.md", 44, 15, "  scores: 0 0 x", 1)

    doc = parse(GOOD_BLOCK.replace("total: 1", "total: 5"), "rules.md")
    with pytest.raises(ExampleError) as raised_claim:
        verify_example(doc, game="toy-nim", line_offset=40)
    (problem,) = raised_claim.value.problems
    assert problem.message == "claim 'total' is false: the engine says 1"
    assert problem.location is not None and problem.location.line == 48


def test_verify_example_accepts_the_callers_extra_keys_only_when_told() -> None:
    doc = parse(GOOD_BLOCK + "caption: Player 2 empties pile 1\n", "rules.md")
    with pytest.raises(DefinitionError, match="unknown key 'caption'"):
        verify_example(doc, game="toy-nim")
    verify_example(doc, game="toy-nim", extra_keys=("caption",))


def test_verify_example_at_a_path_and_unknown_game() -> None:
    doc = parse("intro: 1\nexample:\n" + "\n".join(
        "  " + line for line in GOOD_BLOCK.splitlines()) + "\n", "rules.md")
    assert verify_example(doc, ("example",), game=ToyNim).final.piles == (0, 0, 1)
    with pytest.raises(DefinitionError, match=r"unknown game 'toy-nm' \(did you mean 'toy-nim'"):
        verify_example(doc, ("example",), game="toy-nm")


def test_generic_claims_on_a_finished_and_a_running_game() -> None:
    game = ToyNim()
    claims = all_claims(game)
    assert set(GENERIC_CLAIMS) <= set(claims)
    running = game.parse_state("piles: 0 1\nscores: 3 0\nto move: P2")
    over = game.parse_state("piles: 0 0\nscores: 3 3\nto move: P1")
    answers = {
        name: claims[name].compute(running, None) for name in GENERIC_CLAIMS if name != "legal"
    }
    assert answers == {
        "legal_moves": ["take 1 from 2", "roll 2"], "to_move": "P2",
        "scores": {"P1": 3, "P2": 0}, "winners": [], "terminal": False,
    }
    assert claims["legal"].compute(running, "take 1 from 2") is True
    assert claims["legal"].compute(running, "take 1 from 1") is False
    assert claims["to_move"].compute(over, None) is None
    assert claims["winners"].compute(over, None) == ["P1", "P2"]
    with pytest.raises(ValueError, match="no argument"):
        claims["terminal"].compute(over, "x")


def test_unreadable_file_is_a_report_not_a_crash(tmp_path: Path) -> None:
    report = check_file(tmp_path / "missing.yaml")
    assert isinstance(report.error(), DefinitionError) and not report.examples
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    assert "empty" in check_file(tmp_path / "empty.yaml").problems[0].message


def test_locator_inside_plain_and_block_values() -> None:
    text = "a: take 1 from x\nb: |\n\n    one\n    two three\nc: >\n  folded\n"
    doc = parse(text, "t.yaml")
    where = Locator(doc, 10)
    loc, exact = where.inside(("a",), "take 1 from x", 1, 13)
    assert exact and (loc.line, loc.column, loc.length) == (11, 16, 1)
    loc, exact = where.inside(("b",), "\none\ntwo three\n", 3, 5)
    assert exact and (loc.line, loc.column, loc.length, loc.source_line) == (
        15, 9, 5, "    two three")
    loc, exact = where.inside(("c",), "folded\n", 1, 2)
    assert not exact and (loc.line, loc.column) == (16, 4)


def test_problems_of_several_examples_come_in_file_order() -> None:
    report = check_file(DATA / "bad-notation.yaml")
    keys = [(p.location.line, p.location.column) for p in report.problems if p.location]
    assert keys == sorted(keys)
    assert all(isinstance(p, Problem) for p in report.problems)


_plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(_plain)
def test_flow_text_round_trips_any_plain_value(value: object) -> None:
    assert same(yaml.safe_load(f"v: {flow(value)}")["v"], value)


class _Lenient(ToyNim):
    """An engine whose _play refuses a move that legal_moves generates, and whose
    legal_moves leaves out a move its own rules would allow."""

    def legal_moves(self, state: ToyState) -> Sequence[ToyMove]:
        return [m for m in super().legal_moves(state) if m.count != 2]

    def _play(self, state: ToyState, move: ToyMove, rng: random.Random) -> ToyState:
        if move.count == 3:
            raise IllegalMoveError("three is too many today")
        return super()._play(state, move, rng)


def test_engines_that_disagree_with_themselves_are_reported() -> None:
    block = GOOD_BLOCK.replace("piles: 2 0 1", "piles: 5 0 1")
    lenient = GamePlugin(name="toy-nim", title="Lenient", package=__name__,
                         engine=f"{__name__}:_Lenient")
    doc = parse(block.replace("take 2 from 1", "take 3 from 1"), "rules.md")
    with (pytest.raises(ExampleError, match="generates 'take 3 from 1' but refuses it"),
          registered(lenient)):
            verify_example(doc, game="toy-nim")
    # apply is final: a move legal_moves leaves out is refused whatever else the engine says
    with (pytest.raises(ExampleError, match="'take 2 from 1' is illegal here"),
          registered(lenient)):
            verify_example(parse(block, "rules.md"), game="toy-nim")
