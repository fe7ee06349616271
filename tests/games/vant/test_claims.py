"""Claims of "I vant to be alone": scoring, the point table, penalties, visibility, and the
example file read with the engine alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from printkit.games.vant.rules import Vant
from printkit.games.vant.state import VantParams, VantState
from printkit.rules.base import NotationError, ParamsError, make_params
from tests.games.helpers import play
from tests.games.vant.common import (
    DEAD,
    EXAMPLES,
    GAME,
    SCORING,
    SEED_LAYOUT,
    SQUARE,
)

# --------------------------------------------------------------------------- example file


def _generic(game: Vant, state: VantState, name: str, arg: str | None) -> object:
    names = game.player_names(state)
    if name == "legal":
        return game.parse_move(state, arg or "") in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        return None if game.is_terminal(state) else names[game.current_player(state)]
    if name == "scores":
        return dict(zip(names, game.scores(state), strict=True))
    if name == "winners":
        return [names[p] for p in game.winners(state)]
    assert name == "terminal", name
    return game.is_terminal(state)


def _same(expected: object, actual: object, unordered: bool) -> bool:
    if unordered and isinstance(expected, list) and isinstance(actual, list):
        return sorted(map(repr, expected)) == sorted(map(repr, actual))
    return expected == actual


def test_example_file_claims_hold() -> None:
    data: dict[str, Any] = yaml.safe_load(EXAMPLES.read_text())
    assert data["game"] == GAME.name
    names = [ex["name"] for ex in data["examples"]]
    assert len(names) == len(set(names))
    checked = 0
    for ex in data["examples"]:
        params = {**data.get("parameters", {}), **ex.get("parameters", {})}
        game = Vant(make_params(VantParams, params))
        state = game.parse_state(ex["position"])
        rng = random.Random(ex.get("seed", 0))
        for text in ex.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (ex["name"], text)
            state = game.apply(state, move, rng)
        own = game.claims()
        for key, expected in ex["claims"].items():
            name, _, rest = key.partition("(")
            arg = rest[:-1] if rest else None
            if name in own:
                assert own[name].takes_argument == (arg is not None), key
                actual = own[name].compute(state, arg)
                unordered = own[name].unordered
            else:
                actual = _generic(game, state, name, arg)
                unordered = name in ("legal_moves", "winners")
            assert _same(expected, actual, unordered), (ex["name"], key, actual)
            checked += 1
    assert checked > 60


RULE_EXAMPLES = {
    "point table (reconstruction)": "card-values",
    "point table given by the deck": "point-table-from-the-deck",
    "the non-dealer plays first": "non-dealer-starts",
    "the first card goes anywhere": "first-card-anywhere",
    "later cards go orthogonally next to a card": "only-next-to-a-card",
    "the layout stays within 4 x 4": "square-stays-four-by-four",
    "8 more cards each after 8 are placed": "second-deal-after-eight-cards",
    "same suit among the 8 surrounding cells": "ten-of-hearts-gives-24",
    "same rank on the row, at any distance": "rank-matches-along-a-row",
    "same rank on the column and diagonals": "ten-of-hearts-gives-24",
    "the opponent scores": "ten-of-hearts-scored",
    "strict_claims: claim before the next card": "strict-claim-pending",
    "strict_claims: a claim scores": "strict-claim-taken",
    "strict_claims: a forgotten claim is lost": "strict-claim-forgotten",
    "the higher score leads level two": "higher-score-leads",
    "the higher score leads, read from a position": "higher-score-leads-from-the-scores",
    "a tie goes to the dealer (P2)": "tie-lets-the-dealer-lead",
    "a tie goes to the dealer (P1)": "tie-goes-to-the-dealer-p1",
    "level two: the covered-card penalty": "ten-on-a-ten",
    "level2_visibility: played_card_visible": "covering-card-counts",
    "level2_visibility: cell_dead": "covered-cell-is-dead",
    "the last card is forced": "last-card-is-forced",
    "the higher final score wins": "last-card-decides",
    "equal final scores draw": "equal-scores-draw",
}
"""Each rule of the spec and an example of the example file that shows it."""


def test_every_rule_of_the_spec_has_an_example() -> None:
    data: dict[str, Any] = yaml.safe_load(EXAMPLES.read_text())
    examples = {ex["name"]: ex for ex in data["examples"]}
    missing = {rule: name for rule, name in RULE_EXAMPLES.items() if name not in examples}
    assert not missing
    options = {key: value for ex in examples.values()
               for key, value in ex.get("parameters", {}).items()}
    assert options.keys() >= {"strict_claims", "level2_visibility", "suit_values",
                              "rank_values"}


# --------------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("move", "points", "matches"),
    [
        ("10H below 8C", 4, ["9H", "7H"]),  # two hearts around, diagonal one included
        ("9C below 8C", 30, ["8C", "9H", "9S", "9D"]),  # a club around, nines on diagonals
        ("QH below 8C", 16, ["9H", "7H", "QS"]),  # the queen in the same column
        ("9C below 7H", 27, ["9D", "9S", "9H"]),  # nines two cells away still count
        ("AD below 7H", 0, []),
    ],
)
def test_scoring_counts_every_match(move: str, points: int, matches: list[str]) -> None:
    state = GAME.parse_state(SCORING)
    claims = GAME.claims()
    assert claims["points"].compute(state, move) == points
    found = claims["matches"].compute(state, move)
    assert isinstance(found, list) and sorted(found) == sorted(matches)
    assert GAME.current_player(state) == 1
    after = play(GAME, state, move)
    assert after.scores == (points, 0)  # P2 played: the points are P1's


def test_point_table_is_a_parameter() -> None:
    flat = Vant(make_params(VantParams, {"suit_values": [5, 5, 5, 5],
                                         "rank_values": "1,1,1,1,1,1,1,1"}))
    state = flat.parse_state(SCORING)
    assert flat.claims()["points"].compute(state, "9C below 8C") == 5 + 3
    assert flat.claims()["card_value"].compute(state, "AD") == {"suit": 5, "rank": 1}
    seed = flat.parse_state(SEED_LAYOUT)
    assert flat.claims()["points"].compute(seed, "10H below 8C") == 5 + 5 + 1 + 1
    assert Vant.from_options({"rank_values": [0] * 8}).params.rank_values == (0,) * 8


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"suit_values": [1, 2, 3]}, "suit_values"),
        ({"rank_values": [1] * 9}, "rank_values"),
        ({"suit_values": [1, -2, 3, 4]}, "suit_values"),
        ({"level2_visibility": "hidden"}, "level2_visibility"),
        ({"strict_claim": True}, "strict_claim"),
    ],
)
def test_bad_parameters_are_reported_by_key(values: dict[str, object], key: str) -> None:
    with pytest.raises(ParamsError) as caught:
        make_params(VantParams, values)
    assert [k for k, _ in caught.value.problems] == [key]


def test_covered_card_penalty_is_ten_times_the_match() -> None:
    square = GAME.parse_state(SQUARE + "P1: 10D KH 8S ? ? ? ? ?")
    penalty = GAME.claims()["penalty"]
    assert penalty.compute(square, "10D on 10S") == 100  # rank: Ten on a Ten
    assert penalty.compute(square, "KH on 10H") == 20  # suit: heart on a heart
    assert penalty.compute(square, "KH on 8C") == 0
    assert GAME.claims()["points"].compute(square, "10D on 10S") == 124
    with pytest.raises(ValueError, match="not legal"):
        penalty.compute(square, "7S on 10S")


def test_visibility_of_covered_cells() -> None:
    square = SQUARE.replace("10S\n", "10D/10S\n") + "leader: P1\nP2: JD 8S ? ? ? ? ? ?"
    shown, dead = GAME.parse_state(square), DEAD.parse_state(square)
    # JD on JH: diamonds QD, 7D and (only while it counts) the covering 10D; a Jack beneath
    assert GAME.claims()["points"].compute(shown, "JD on JH") == 12 + 110
    assert DEAD.claims()["points"].compute(dead, "JD on JH") == 8 + 110
    # the face-down Ten of spades never counts: 8S beside it matches nothing either way
    assert GAME.claims()["points"].compute(shown, "8S on JH") == 0
    assert DEAD.claims()["points"].compute(dead, "8S on JH") == 0


# --------------------------------------------------------------------------- arguments


def test_claims_reject_bad_arguments() -> None:
    seed = GAME.parse_state(SEED_LAYOUT)
    claims = GAME.claims()
    with pytest.raises(ValueError, match="takes no argument"):
        claims["level"].compute(seed, "1")
    with pytest.raises(ValueError, match="needs an argument"):
        claims["points"].compute(seed, None)
    with pytest.raises(ValueError, match="card play"):
        claims["points"].compute(seed, "claim")
    with pytest.raises(NotationError):
        claims["card_value"].compute(seed, "11H")
    assert claims["legal_cells"].compute(GAME.parse_state(""), "10H") == ["anywhere"]
    known = GAME.parse_state(SEED_LAYOUT + "P2: 10H 7H 8H 9H JS QS AS")
    assert claims["legal_cells"].compute(known, "KS") == []
    assert claims["leader"].compute(known, None) is None
