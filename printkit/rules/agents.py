"""Players for simulated games: pick one of the legal moves of a position.

An agent never changes the game's random stream: ``chance`` is the generator the game
will use for the move's own chance (deals, exchanges), which an agent may only copy, and
``rng`` is the agent's own generator for its choices.  Both are derived from the
simulation seed, so a run replays exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from printkit.errors import did_you_mean
from printkit.rules.base import Game


class Agent(ABC):
    """A policy: given a position and its legal moves, choose one."""

    name: ClassVar[str]
    description: ClassVar[str]

    @abstractmethod
    def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        moves: Sequence[Any],
        chance: random.Random,
        rng: random.Random,
    ) -> Any:
        """One of ``moves`` (never empty) for the player to act in ``state``."""


class RandomAgent(Agent):
    """Every legal move equally likely."""

    name = "random"
    description = "uniformly random legal moves"

    def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        moves: Sequence[Any],
        chance: random.Random,
        rng: random.Random,
    ) -> Any:
        return moves[rng.randrange(len(moves))]


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


AGENTS: dict[str, type[Agent]] = {cls.name: cls for cls in (RandomAgent, GreedyAgent)}


def make_agent(name: str) -> Agent:
    """The agent called ``name``; ``KeyError`` with a suggestion for an unknown name."""
    try:
        return AGENTS[name]()
    except KeyError:
        raise KeyError(f"no agent named {name!r}" + did_you_mean(name, AGENTS)) from None
