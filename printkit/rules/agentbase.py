"""What an agent is: the base class of every player in a simulated game.

The class alone, apart from :mod:`printkit.simulator.agents`, which finds a game's own agents
through its plugin: the plugin contract names :class:`Agent` without reaching the plugins.
A game's plugin imports :class:`Agent` from :mod:`printkit.simulator.agents`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from printkit.rules.base import Game


class Agent(ABC):
    """A policy: given a position and its legal moves, choose one."""

    name: ClassVar[str]
    description: ClassVar[str]
    picks_from_moves: ClassVar[bool] = False
    """True for an agent whose choice is always one of the very moves it is given (an item
    of the sequence, as the random agent's is): the simulator then skips the membership
    test it makes of any other agent's move."""

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


__all__ = ["Agent"]
