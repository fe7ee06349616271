"""The two agents that need nothing of a game but its interface: ``random`` and ``greedy``
(see :mod:`printkit.simulator.agents` for how agents are found and named)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from printkit.rules.agentbase import Agent
from printkit.rules.base import Game


class RandomAgent(Agent):
    """Every legal move equally likely."""

    name = "random"
    description = "uniformly random legal moves"
    picks_from_moves = True

    def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        moves: Sequence[Any],
        chance: random.Random,
        rng: random.Random,
    ) -> Any:
        # rng.randrange(n) for n > 0, without its argument checks: the same draws (bits of
        # n's length until one is below n), so the same games, at a fraction of the calls;
        # this runs once per move of every random playout
        count = len(moves)
        if count <= 0:
            raise ValueError("no legal move to choose from")
        getrandbits = rng.getrandbits
        width = count.bit_length()
        index = getrandbits(width)
        while index >= count:
            index = getrandbits(width)
        return moves[index]


class GreedyAgent(Agent):
    """The move whose result the game's heuristic rates best for the mover.

    Each candidate is played on a copy of the chance generator, so the agent sees the
    outcome the move would really have; ties go to the earliest move in the engine's order.
    """

    name = "greedy"
    description = "one-move lookahead on the game's heuristic"

    def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        moves: Sequence[Any],
        chance: random.Random,
        rng: random.Random,
    ) -> Any:
        player = game.current_player(state)
        saved = chance.getstate()
        trial = random.Random()
        best_move = moves[0]
        best_value = float("-inf")
        for move in moves:
            trial.setstate(saved)
            value = game.heuristic(game.apply(state, move, trial), player)
            if value > best_value:
                best_move, best_value = move, value
        return best_move


__all__ = ["GreedyAgent", "RandomAgent"]
