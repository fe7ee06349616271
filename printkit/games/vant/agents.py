"""The players ``printkit simulate`` puts at an "I vant to be alone" table.

``beginner`` (the default) knows the one thing the game is about: every match it makes
scores for the other player.  Of all the legal plays it makes the one that gives the
opponent the fewest points, covered-card penalty included (the engine's own
:meth:`~printkit.games.vant.rules.Vant.gift`), choosing at random among equally cheap
plays; it claims every point it may claim (``strict_claims``).  It does not look further
ahead, so it never sets traps nor spoils the opponent's next card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from printkit.games.vant.state import CLAIM, Place, VantState
from printkit.rules.base import Game
from printkit.simulator.agents import Agent

if TYPE_CHECKING:
    from printkit.games.vant.rules import Vant


class Beginner(Agent):
    """The cheapest play for the opponent, claims always taken (see the module notes)."""

    name = "beginner"
    description = "plays the card and cell that give the opponent the fewest points"

    def choose(self, game: Game[Any, Any, Any], state: VantState, moves: Sequence[Any],
               chance: random.Random, rng: random.Random) -> Any:
        gift = cast("Vant", game).gift
        best: list[Any] = []
        cheapest = None
        for move in moves:
            if not isinstance(move, Place):
                if move is CLAIM:
                    return move
                continue
            cost = sum(gift(state, move.card, move.row, move.col))
            if cheapest is None or cost < cheapest:
                cheapest, best = cost, [move]
            elif cost == cheapest:
                best.append(move)
        if not best:
            return moves[0]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


AGENTS = (Beginner,)
"""The agents "I vant to be alone" brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner"]
