"""Stars and Stripes' claims, the example file checked against the engine, and the figures
and heuristic the simulator uses."""

from __future__ import annotations

import random

import pytest
import yaml

from printkit.games.stars_and_stripes.rules import Params, StarsAndStripes
from printkit.games.stars_and_stripes.state import REASONS, StarsAndStripesState
from printkit.rules.base import make_params
from tests.games.helpers import move_texts, play
from tests.games.stars_and_stripes.common import EXAMPLES, NE_BLOCKED, TRUMP_RACE, game_of


def test_claims_reject_wrong_arguments() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    claims = game.claims()
    for item in claims.values():
        if item.takes_argument:
            with pytest.raises(ValueError):
                item.compute(state, None)
        else:
            with pytest.raises(ValueError):
                item.compute(state, "1")
    with pytest.raises(ValueError, match="already on the board"):
        claims["legal_placements"].compute(state, "2*2")
    with pytest.raises(ValueError, match="not a legal move"):
        claims["captures"].compute(state, "F 1,4 2*5")
    with pytest.raises(ValueError, match="off the board"):
        claims["owner"].compute(state, "9,9")
    assert claims["owner"].compute(state, "3,3") == "trump"
    assert claims["owner"].compute(state, "(3, 4)") is None
    assert claims["homes"].compute(state, None) == {
        "NW": "0,0", "NE": "0,6", "SE": "6,6", "SW": "6,0"}
    assert claims["board_size"].compute(state, None) == 7
    assert claims["cards_per_player"].compute(state, None) == 8
    assert claims["trump_square"].compute(state, None) == "3,3"
    assert claims["first_player"].compute(state, None) == "NE"
    assert claims["placed_this_round"].compute(state, None) is False
    assert claims["captures"].compute(state, "I 4,0 3*3") == []
    assert claims["legal_placements"].unordered and claims["captures"].takes_argument
    with pytest.raises(ValueError, match="game is over"):
        claims["legal_followers"].compute(state._replace(to_move=-1), None)


def test_refusals_have_a_code_for_claims_and_words_for_players() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED + "hand NE: 2*5 1*3 3*3\n")
    move = game.parse_move(state, "F 1,4 2*5")
    assert game.claims()["illegal_reason"].compute(state, "F 1,4 2*5") == "matching"
    assert game.refusal_code(state, move) == "matching"
    assert game.illegal_reason(state, move) == REASONS["matching"] == (
        "the card does not match every card it shares an edge with")
    assert str(game.refusal(state, move)) == (
        "illegal move 'F 1,4 2*5' for NE at turn 0: the card does not match every card it "
        "shares an edge with (matching)")
    assert game.claims()["illegal_reason"].compute(state, "F 2,5 1*3") is None


def _generic(game: StarsAndStripes, state: StarsAndStripesState, name: str,
             argument: str | None) -> object:
    if name == "legal":
        assert argument is not None
        return game.parse_move(state, argument) in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        return None if game.is_terminal(state) else game.names[state.to_move]
    if name == "scores":
        return dict(zip(game.names, game.scores(state), strict=True))
    if name == "winners":
        return [game.names[p] for p in game.winners(state)]
    if name == "terminal":
        return game.is_terminal(state)
    return game.claims()[name].compute(state, argument)


def test_example_file_agrees_with_the_engine() -> None:
    doc = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    assert doc["game"] == "stars-and-stripes"
    names = [ex["name"] for ex in doc["examples"]]
    assert len(names) == len(set(names)) >= 10
    checked = 0
    for example in doc["examples"]:
        params = {**doc.get("parameters", {}), **example.get("parameters", {})}
        game = StarsAndStripes(make_params(Params, params))
        state = game.parse_state(example["position"])
        assert game.parse_state(game.format_state(state)) == state
        rng = random.Random(example.get("seed", 0))
        for text in example.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (example["name"], text)
            state = game.apply(state, move, rng)
        for key, expected in example["claims"].items():
            name, _, argument = key.partition("(")
            actual = _generic(game, state, name, argument[:-1] if argument else None)
            unordered = name in ("legal_moves", "winners") or game.claims().get(
                name, game.claims()["followers"]).unordered
            if unordered and isinstance(expected, list):
                assert isinstance(actual, list)
                assert sorted(map(str, expected)) == sorted(map(str, actual)), (
                    example["name"], key)
            else:
                assert expected == actual, (example["name"], key, actual)
            checked += 1
    assert checked >= 60
    setup = next(ex for ex in doc["examples"] if ex["name"] == "setup-four-players")
    game = StarsAndStripes()
    assert game.parse_state(setup["position"]) == game.initial_state(random.Random(2026))


# --------------------------------------------------------------------------- figures


def test_figures_count_what_happened() -> None:
    game = game_of(players=2)
    start = game.parse_state(TRUMP_RACE.replace("to move: NW", "to move: NW\nfirst: NW"))
    history = [start]
    for text in ("I 0,3 3*3", "I 6,0 2*2", "F 2,3 2*5", "X NW"):
        history.append(play(game, history[-1], text, seed=1))
    take = next(m for m in move_texts(game, history[-1]) if m.startswith("F 1,3"))
    history.append(play(game, history[-1], take))
    figures = game.figures(history)
    assert figures["trump captured"] == 1.0
    assert figures["followers placed"] == 2 and figures["independents placed"] == 2
    assert figures["independents captured"] == 1
    assert figures["exchanges"] == 1 and figures["passes"] == 0
    assert figures["ended by empty hand"] == 0 and figures["shared win"] == 0
    assert game.figures(history[:2])["trump captured"] == 0.0
    stuck = game.parse_state(TRUMP_RACE.replace("hand NW: 2*5 6*1 3*3", "hand NW: -"))
    passed = play(game, stuck, "pass")
    assert game.figures([stuck, passed])["passes"] == 1
    ended = play(game, passed, "I 6,0 2*2")
    assert game.is_terminal(ended)
    figures = game.figures([stuck, passed, ended])
    assert figures["ended by empty hand"] == 1.0 and figures["shared win"] == 1.0  # 5 each


def test_heuristic_values_followers_and_the_trump() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    assert game.heuristic(state, 0) == 0.0
    after = play(game, state, "F 2,3 2*5")
    assert game.heuristic(after, 0) == 1.0 + 3.0 and game.heuristic(after, 1) == -1.0

