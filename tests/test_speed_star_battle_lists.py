"""Star Battle's engine after its second speed-up (issue 27 item 1) plays the same games,
in every variant, and its move lists made on demand behave as the lists they stand for.

The galaxy phase's and the action's legal moves are sequences that count their length and
make a move only when asked (``placing.PlaceMoves``, ``actions.ActionMoves``); a position
keeps what the next one starts from (the frontier of the galaxy, each player's ships).
The digests below were written by this file against commit 50f0a2e, the engine before
that change::

    PYTHONPATH=<worktree of 50f0a2e> python tests/test_speed_star_battle_lists.py

Each digest covers seeded games of the random and the greedy agent, played as
``bench/rules_bench.py`` seeds them: every position's legal moves in order, each choice,
the result and the last position.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from printkit.games.star_battle.state import (
    Battle,
    Build,
    Card,
    MoveShip,
    Place,
    Reconstruct,
    StarBattleState,
)
from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import make_agent
from printkit.simulator.simulate import game_generators, play_game
from tests.test_engine_speed_equivalence import game_hash

CASES: dict[str, tuple[Mapping[str, object], int, int]] = {
    "defaults": ({}, 200, 3),
    "three-player": ({"players": 3}, 40, 1),
    "four-player": ({"players": 4}, 40, 1),
    "long-game": ({"decks": 2, "hand_size": 12}, 40, 1),
    "revision1": ({"revision1": True}, 40, 1),
    "unlimited-ships": ({"ships_per_player": "unlimited"}, 40, 1),
    "no-self-elimination": ({"allow_self_elimination": False}, 40, 1),
}
"""Each case: the options (the shipped variants), random games and greedy games.  The
greedy agent (the simulator's own, which does not change with the game) plays every legal
move of every position it meets and asks the list whether each is legal, so its games
check the lists' membership and the play of every kind of move; Star Battle's beginner is
left to tests/test_speed_star_battle.py, its choices being its own to change."""

MAX_MOVES = 300
"""Moves hashed per game (random games end well before; greedy ones are cut here)."""

EXPECTED = {
    "defaults": "35b82fb6700225d701864f6c39b9adc114b4d8f282f14fa171a71fc2aaaf4f0e",
    "three-player": "3268e9724817204fada63c857c142534a498b34d6e8b720df1fdb24d6558dc64",
    "four-player": "a91e96f33618febabe57642778e1757a6b28bab78e744c4f0ad8b72f609b76b2",
    "long-game": "3aea42e2e7196a672d233d7dfa9a0fd9b8debc5a0d644f8082cbb912c99a1aae",
    "revision1": "99d2c7efff2973de20f99ae01ccafd3d985e10aafb04814250859a823a66d94f",
    "unlimited-ships": "003dcb39126308d8142eef899b41b961e4d9eda91b0224fdc696ceb2ec24ef7c",
    "no-self-elimination": "375cf104be5190603f1b386807b135c422bc2738c317bd06f8146ef0df88f60a",
}


def _game(options: Mapping[str, object]) -> Game[Any, Any, Any]:
    return registry.engine_class("star-battle").from_options(dict(options))


def case_digest(label: str) -> str:
    """One digest over the random and greedy games of case ``label``."""
    options, randoms, greedy = CASES[label]
    game = _game(options)
    digest = hashlib.sha256()
    for agent, count in (("random", randoms), ("greedy", greedy)):
        for index in range(count):
            digest.update(game_hash(game, agent, index, max_moves=MAX_MOVES).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("label", list(CASES))
def test_games_are_those_before_the_lazy_lists(label: str) -> None:
    assert case_digest(label) == EXPECTED[label]


def _positions(options: Mapping[str, object], games: int) -> list[StarBattleState]:
    """Every position of a few seeded random games."""
    game = _game(options)
    agent = make_agent("random", game)
    found: list[StarBattleState] = []
    for index in range(games):
        record = play_game(game, agent, *game_generators(7, index), max_moves=2_000)
        found.extend(record.states)
    return found


def _check_list(moves: Sequence[Any], others: Sequence[object]) -> int:
    """``moves`` answers as the plain list of its moves does; the number of answers."""
    made = list(moves)
    assert len(moves) == len(made)
    assert list(moves[:]) == made and list(moves[1:3]) == made[1:3]
    for at, move in enumerate(made):
        assert moves[at] == move and moves[at - len(made)] == move
        assert move in moves
    for index in (len(made), -len(made) - 1):
        with pytest.raises(IndexError):
            moves[index]
    for other in others:  # equal but other objects, and moves of other positions
        assert (other in moves) == (other in made), other
    return len(made) + len(others)


def _foreign(made: list[Any]) -> list[object]:
    """Objects to ask a list about: copies of its moves, the same moves with another
    card, a stated battle outcome, and things that are no move at all."""
    card = Card(13, "H")
    out: list[object] = [None, "place", (1, 2), Place(card, (0, 0, 0))]  # type: ignore[arg-type]
    for move in made[:12]:
        kind = type(move)
        if kind is Place:
            out += [Place(move.card, move.cell), Place(card, move.cell),
                    Place(move.card, (move.cell[0] + 5, move.cell[1]))]
        elif kind is Build:
            out += [Build(move.card, move.cell), Build(card, move.cell)]
        elif kind is MoveShip:
            out += [MoveShip(move.card, move.source, move.target, move.ship),
                    MoveShip(move.card, move.target, move.source, move.ship)]
        elif kind is Battle:
            out += [Battle(move.card, move.source, move.target),
                    Battle(move.card, move.source, move.target, "HT")]
        elif kind is Reconstruct:
            out += [Reconstruct(move.card, move.cell, move.ship),
                    Reconstruct(card, move.cell, move.ship)]
    return out


@pytest.mark.parametrize("options", [{}, {"players": 3, "revision1": True},
                                     {"allow_self_elimination": False,
                                      "ships_per_player": 2}])
def test_lists_made_on_demand_answer_as_lists(options: Mapping[str, object]) -> None:
    game, other = _game(options), _game(options)  # the list checked is not the one walked
    positions = _positions(options, 12)
    answers = 0
    previous: list[Any] = []
    for state in positions:
        if state.phase not in ("galaxy", "action"):
            continue
        made = list(game.legal_moves(state))
        answers += _check_list(other.legal_moves(state), _foreign(made) + previous[:10])
        previous = made
    assert answers > 1_000


def test_kept_frontier_and_ship_counts_are_those_worked_out_anew() -> None:
    # imported here: the file also runs against the engine before these were kept
    from printkit.games.star_battle.placing import frontier, frontier_of

    kept = counted = 0
    for state in _positions({}, 30):
        sides = state.__dict__.get("frontier")
        if sides is not None:
            assert sides == frontier(state.index)
            kept += 1
        ships = state.__dict__.get("ships_in_play")
        if ships is not None:
            fresh = [0] * len(state.hands)
            for s in state.galaxy:
                if s.ships:
                    fresh[s.owner] += s.ships
            assert ships == tuple(fresh)
            counted += 1
        if state.phase == "galaxy":
            assert frontier_of(state) == frontier(state.index)
    assert kept > 100 and counted > 20


def test_a_move_asked_for_is_made_once() -> None:
    game = _game({})
    state = game.initial_state(random.Random(3))
    state = game.apply(state, game.legal_moves(state)[0], random.Random(3))
    moves = game.legal_moves(state)
    assert moves[5] is moves[5] and moves[5] is list(moves)[5]


if __name__ == "__main__":
    print({label: case_digest(label) for label in CASES})
