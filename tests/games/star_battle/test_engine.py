"""Star Battle against the engine contract (printkit.testing) and the game's own invariants
over random playouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import (
    CORE,
    Battle,
    Card,
    MoveShip,
    Reconstruct,
    StarBattleMove,
    StarBattleState,
)
from printkit.rules.base import NO_PLAYER
from printkit.testing import check_engine
from tests.games.star_battle.common import full_deck, game_with

PARAMETER_SETS: list[dict[str, object]] = [
    {},
    {"players": 3},
    {"players": 4, "core_placer": "right_of_dealer"},
    {"players": 5, "decks": 2, "hand_size": 6},
    {"revision1": True, "ships_per_player": 3},
    {"ships_per_player": "unlimited"},
    {"players": 3, "allow_self_elimination": False},
]


@pytest.mark.parametrize("options", PARAMETER_SETS, ids=str)
def test_the_engine_keeps_the_contract(options: dict[str, object]) -> None:
    report = check_engine(game_with(**options), seeds=range(6), moves_per_position=15)
    assert report.games == 6 and report.moves_checked > 0 and report.refusals_checked > 0


def _check(game: StarBattle, state: StarBattleState, deck: Counter[Card]) -> None:
    """Invariants every reachable position keeps."""
    found: Counter[Card] = Counter(s.card for s in state.galaxy)
    for hand in state.hands:
        found.update(hand)
    found.update(state.stock)
    found.update(state.discards)
    assert found == deck
    limit = game.params.token_limit
    for p in range(game.num_players(state)):
        dreads, scouts = game.supply(state, p)
        if limit is not None:
            assert dreads is not None and scouts is not None
            assert 0 <= dreads <= limit and 0 <= scouts <= limit
    for s in state.galaxy:
        assert s.dreadnoughts >= 0 and s.scouts >= 0
        assert (s.owner == NO_PLAYER) == (s.ships == 0)
    if state.phase not in ("core",):
        assert CORE in state.index
    if state.phase in ("bonus", "action"):
        ships = state.ships_in_play
        assert ships[state.mover] > 0
        assert all(len(h) <= n for h, n in zip(state.hands, ships, strict=True))
    if game.is_terminal(state):
        assert not game.legal_moves(state) and state.victory is not None
    else:
        assert game.legal_moves(state)


def _check_move(game: StarBattle, state: StarBattleState, move: StarBattleMove) -> None:
    if not isinstance(move, MoveShip | Battle):
        return
    assert move.target in state.connections(move.source)
    target = state.index[move.target]
    if isinstance(move, MoveShip):
        assert target.owner in (NO_PLAYER, state.mover)
        assert move.card.discard_value > target.card.table_value
    else:
        assert target.owner not in (NO_PLAYER, state.mover)


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 2}, 150),
    ({"players": 3}, 60),
    ({"players": 4}, 40),
    ({"players": 5, "decks": 2, "hand_size": 6}, 15),
    ({"players": 2, "revision1": True, "ships_per_player": 3, "core_placer": "right_of_dealer"},
     60),
])
def test_random_playouts_keep_the_invariants(options: dict[str, object], games: int) -> None:
    game = game_with(**options)
    deck = full_deck(game.params.decks)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state(rng)
        history = [state]
        for _ in range(20000):
            _check(game, state, deck)
            if game.is_terminal(state):
                break
            move = rng.choice(game.legal_moves(state))
            _check_move(game, state, move)
            state = game.apply(state, move, rng)
            history.append(state)
        assert game.is_terminal(state)
        figures = game.figures(history)
        assert figures["battles"] == state.battles
        assert figures["elimination wins"] + figures["domination wins"] == 1


def test_long_games_keep_the_invariants_and_have_no_turn_limit() -> None:
    """Random play that never scraps a ship: supplies run out, the stock is recycled, and
    some games stall; the engine never stops them (the simulator does)."""
    game = game_with(players=2)
    deck = full_deck(1)
    endings: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        state = game.initial_state(rng)
        while not game.is_terminal(state) and state.turn < 400:
            moves = game.legal_moves(state)
            keep: list[StarBattleMove] = [m for m in moves if not isinstance(m, Reconstruct)]
            keep = keep or list(moves)
            move = rng.choice(keep)
            _check_move(game, state, move)
            state = game.apply(state, move, rng)
            _check(game, state, deck)
        endings[str(state.victory)] += 1
    assert endings["None"] > 0 and endings["elimination"] > 0
