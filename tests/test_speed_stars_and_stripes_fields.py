"""Stars and Stripes keeps a position's derived fields (the squares each player is fenced
off, the independent spots, the hands as bit masks ...) up to date move by move for speed;
every position of a played game must equal the same position derived from scratch."""

from __future__ import annotations

import random

import pytest

from printkit.games.stars_and_stripes.rules import StarsAndStripes

RULES = [
    {"players": 4},
    {"players": 2, "board_size": 5},
    {"players": 3, "opponent_contact": "edge_and_corner"},
    {"players": 4, "trump_exclusive": "allow_without_power"},
    {"players": 4, "decks": 4, "board_size": 15},
]


@pytest.mark.parametrize("options", RULES)
def test_every_field_of_every_position_is_its_fresh_derivation(
        options: dict[str, object]) -> None:
    game = StarsAndStripes.from_options(options)
    rng = random.Random(11)
    positions = 0
    for _ in range(3 if game.size > 7 else 25):
        state = game.initial_state(rng)
        while True:
            fresh = game.build_state(state.cells, state.followers, state.hands,
                                     state.to_move, state.first, state.placed, state.turn,
                                     state.trump_holder)
            assert tuple(fresh) == tuple(state)
            positions += 1
            if game.is_terminal(state):
                break
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))], rng)
    assert positions > 100
