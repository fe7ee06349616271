"""The toy game the checker and simulator tests rely on behaves as its docstring says."""

from __future__ import annotations

import random

import pytest
from printkit_toy_nim.rules import ToyMove, ToyNim, ToyParams

from printkit.rules.base import IllegalMoveError, NotationError, ParamsError, make_params


def test_notation_round_trips_through_random_games() -> None:
    for players in (1, 2, 4):
        game = ToyNim(ToyParams(players=players))
        rng = random.Random(players)
        for _ in range(30):
            state = game.initial_state(rng)
            while True:
                assert game.parse_state(game.format_state(state)) == state
                if game.is_terminal(state):
                    break
                for move in game.legal_moves(state):
                    assert game.parse_move(state, game.format_move(state, move)) == move
                state = game.apply(state, rng.choice(list(game.legal_moves(state))), rng)
            assert sum(game.scores(state)) >= 2


def test_rules_and_errors() -> None:
    game = ToyNim(ToyParams(max_take=2, rolls=False))
    state = game.parse_state("  piles: 3  1\n\n scores: 0 0\nto move: P2\n")
    assert [game.format_move(state, m) for m in game.legal_moves(state)] == [
        "take 1 from 1", "take 2 from 1", "take 1 from 2",
    ]
    with pytest.raises(IllegalMoveError, match="'take 3 from 1'"):
        game.apply(state, ToyMove(0, 3), random.Random(0))
    after = game.apply(state, ToyMove(1, 1), random.Random(0))
    assert after.scores == (0, 1) and after.to_move == 0 and state.piles == (3, 1)
    with pytest.raises(NotationError) as raised:
        game.parse_state("piles: 3 1\nscores: 0 zero\nto move: P1")
    assert (raised.value.line, raised.value.column) == (2, 11)
    with pytest.raises(ParamsError):
        make_params(ToyParams, {"players": 5})
