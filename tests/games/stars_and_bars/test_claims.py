"""Stars and Bars claims and the example file: every claim answers plain data, refuses bad
arguments, and the worked examples agree with the engine."""

from __future__ import annotations

import random

import pytest
import yaml

from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import StarsAndBarsState
from tests.games.helpers import move_texts
from tests.games.stars_and_bars.common import EXAMPLES, GAME, MANUAL, ONE_CARD, claim, engine


def test_claims_answer_plain_data() -> None:
    state = GAME.parse_state(ONE_CARD)
    assert claim(GAME, state, "differences", "srl1, bbs2") == 4
    assert claim(GAME, state, "is_starred", "sbs1") is True
    assert claim(GAME, state, "is_starred", "bbs1") is False
    assert claim(GAME, state, "legal_spaces", "bbs2") == ["b1", "b2", "c2", "b3", "c3"]
    assert claim(GAME, state, "best_points") == 4
    assert claim(GAME, state, "stack_size", "b2") == 1
    assert claim(GAME, state, "top", "b2") == "srl1"
    assert claim(GAME, state, "top", "a1") is None
    assert claim(GAME, state, "face_down", "b2") is False
    assert claim(GAME, state, "hand", "p2") == ["brl1"]
    assert claim(GAME, state, "stock_size") == 58
    assert claim(GAME, state, "discard_size") == 0
    assert claim(GAME, state, "round") == 1
    assert claim(GAME, state, "beginner") == "P1"
    assert claim(GAME, state, "housekeeping_claims") == []
    assert claim(GAME, state, "points", "pass") == 0
    assert claim(MANUAL, state, "points", "remove a1") == 2
    claims = GAME.claims()
    assert claims["legal_spaces"].unordered and claims["legal_spaces"].takes_argument
    assert not claims["outcome"].takes_argument


@pytest.mark.parametrize(
    ("name", "argument"),
    [
        ("outcome", "x"),
        ("differences", None),
        ("differences", "srl1"),
        ("points", "clear b2"),
        ("points_by_relation", "pass"),
        ("hand", "P3"),
        ("top", "q9"),
        ("is_starred", "srl1 srl2"),
    ],
)
def test_claims_reject_bad_arguments(name: str, argument: str | None) -> None:
    with pytest.raises(ValueError):
        claim(GAME, GAME.parse_state(ONE_CARD), name, argument)


def _generic(game: StarsAndBars, state: StarsAndBarsState, name: str,
             argument: str | None) -> object:
    names = game.player_names(state)
    if name == "legal":
        return game.parse_move(state, argument or "") in game.legal_moves(state)
    if name == "legal_moves":
        return sorted(move_texts(game, state))
    if name == "to_move":
        return None if state.over else names[state.to_move]
    if name == "scores":
        return dict(zip(names, state.scores, strict=True))
    if name == "winners":
        return sorted(names[p] for p in game.winners(state))
    if name == "terminal":
        return state.over
    return None


def test_the_example_file_agrees_with_the_engine() -> None:
    data = yaml.safe_load(EXAMPLES.read_text())
    assert data["game"] == "stars-and-bars"
    names = [e["name"] for e in data["examples"]]
    assert len(names) == len(set(names))
    checked = 0
    for example in data["examples"]:
        options = {**data.get("parameters", {}), **example.get("parameters", {})}
        game = engine(**options)
        state = game.parse_state(example["position"])
        rng = random.Random(example.get("seed", 0))
        for text in example.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (example["name"], text)
            state = game.apply(state, move, rng)
        for key, expected in example["claims"].items():
            name, _, rest = key.partition("(")
            argument = rest[:-1] if rest else None
            if name in ("legal", "legal_moves", "to_move", "scores", "winners", "terminal"):
                actual = _generic(game, state, name, argument)
                if isinstance(expected, list):
                    expected = sorted(expected)
            else:
                rule = game.claims()[name]
                actual = rule.compute(state, argument)
                if rule.unordered:
                    assert isinstance(actual, list) and isinstance(expected, list)
                    actual, expected = sorted(actual), sorted(expected)
            assert actual == expected, (example["name"], key, actual)
            assert type(actual) is type(expected), (example["name"], key)
            checked += 1
    assert checked > 80


def test_the_example_file_covers_what_the_booklet_needs() -> None:
    data = yaml.safe_load(EXAMPLES.read_text())
    claims = [k for e in data["examples"] for k in e["claims"]]
    for relation in ("stacking", "horizontal", "diagonal", "vertical"):
        assert any(k.startswith("points_by_relation") and
                   any(e["claims"][k][relation] > 0 for e in data["examples"]
                       if k in e["claims"]) for k in claims), relation
    assert any(e["claims"].get(k) is False for e in data["examples"] for k in e["claims"]
               if k.startswith("legal("))
    assert any(e["claims"].get("face_down(b2)") is True and e.get("moves")
               for e in data["examples"])
    assert any(e["claims"].get("scores") == {"P1": 205, "P2": 195} and
               e["claims"].get("outcome") == "continue" for e in data["examples"])


def test_the_example_file_shows_who_may_claim_forgotten_housekeeping() -> None:
    data = yaml.safe_load(EXAMPLES.read_text())
    manual = [e for e in data["examples"]
              if e.get("parameters", {}).get("manual_housekeeping") and e.get("moves")]
    claimable = [e["claims"].get(k) for e in manual for k in e["claims"]
                 if k.startswith("legal(turn ")]
    assert True in claimable and False in claimable
