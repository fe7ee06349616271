""""I vant to be alone" against the engine contract (printkit.testing) and the game's own
invariants over random playouts."""

from __future__ import annotations

import itertools

import pytest

from printkit.games.vant.rules import Vant
from printkit.games.vant.state import VantState, hand_size, stock_size
from printkit.rules.base import make_params
from printkit.testing import check_engine
from tests.games.vant.common import ENGINES, playout, stock

PARAMETER_SETS: list[dict[str, object]] = [
    {},
    {"strict_claims": True},
    {"level2_visibility": "cell_dead"},
    {"strict_claims": True, "level2_visibility": "cell_dead",
     "suit_values": [5, 5, 5, 5], "rank_values": [1, 1, 1, 1, 1, 1, 1, 1]},
]


@pytest.mark.parametrize("options", PARAMETER_SETS, ids=str)
def test_the_engine_keeps_the_contract(options: dict[str, object]) -> None:
    game = Vant(make_params(Vant.Params, options))
    report = check_engine(game, seeds=range(5), moves_per_position=12)
    assert report.games == 5 and report.moves_checked > 0 and report.refusals_checked > 0


@pytest.mark.parametrize("kind", sorted(ENGINES))
def test_views_read_back_with_the_other_hand_unknown(kind: str) -> None:
    game = ENGINES[kind]
    for seed in range(4):
        for state in playout(game, seed)[::3]:
            for player in (0, 1):
                seen = game.parse_state(game.view(state, player))
                assert seen.hands[player] == state.hands[player]
                assert seen.hands[1 - player] == frozenset()
                assert seen.hidden[1 - player] == len(state.hands[1 - player])
                assert (seen.lower, seen.upper, seen.scores) == (state.lower, state.upper,
                                                                 state.scores)


def _check_invariants(game: Vant, before: VantState, after: VantState) -> None:
    table = after.table()
    hands = after.hands
    assert not (table & hands[0] or table & hands[1] or hands[0] & hands[1])
    unseen = stock(after)
    assert len(table) + len(hands[0]) + len(hands[1]) + len(unseen) == 32
    assert len(unseen) == stock_size(after.placed)
    for p in (0, 1):
        assert len(hands[p]) == hand_size(after.placed, after.covered, p, after.dealer,
                                          after.leader)
    filled = [i for i in range(16) if after.lower[i] is not None]
    assert {i // 4 for i in filled} == set(range(max(i // 4 for i in filled) + 1))
    assert {i % 4 for i in filled} == set(range(max(i % 4 for i in filled) + 1))
    assert all(after.lower[i] is not None for i in range(16) if after.upper[i] is not None)
    assert after.scores[0] >= before.scores[0] and after.scores[1] >= before.scores[1]
    assert game.turn_number(after) == game.turn_number(before) + 1
    assert after.placed + after.covered - before.placed - before.covered in (0, 1)


@pytest.mark.parametrize(("kind", "games"), [("default", 120), ("strict", 70), ("dead", 70)])
def test_random_playouts_keep_the_invariants(kind: str, games: int) -> None:
    game = ENGINES[kind]
    for seed in range(games):
        states = playout(game, 1000 + seed)
        final = states[-1]
        for before, after in itertools.pairwise(states):
            _check_invariants(game, before, after)
        assert game.is_terminal(final)
        assert final.placed == 16 and final.covered == 16
        assert sum(b.placed + b.covered < a.placed + a.covered
                   for b, a in itertools.pairwise(states)) == 32
        figures = game.figures(states)
        given = figures["level-one points"] + figures["level-two points"]
        assert given - figures["points forfeited"] == sum(final.scores)
        assert 0 <= figures["level-two penalties"] <= 16
        assert figures["penalty points"] >= 10 * figures["level-two penalties"]
        if kind != "strict":
            assert figures["points forfeited"] == 0
            assert len(states) == 33
