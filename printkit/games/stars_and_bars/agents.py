"""The players ``printkit simulate`` puts at a Stars and Bars table.

``beginner`` (the default) plays like a pupil who has just learnt the scoring: it claims
every housekeeping point the opponent left (``manual_housekeeping``), and of the cards it
may lay it lays the one that scores most where it scores most, choosing at random among
equally good placements, and always does its own housekeeping.  It does not think about
what it leaves for the opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from printkit.games.stars_and_bars.state import Housekeep, Place, StarsAndBarsState
from printkit.rules.base import Game
from printkit.simulator.agents import Agent

if TYPE_CHECKING:
    from printkit.games.stars_and_bars.rules import StarsAndBars


class Beginner(Agent):
    """The highest-scoring placement, claims always taken (see the module notes)."""

    name = "beginner"
    description = "claims forgotten housekeeping and lays the card that scores most"

    def choose(self, game: Game[Any, Any, Any], state: StarsAndBarsState,
               moves: Sequence[Any], chance: random.Random, rng: random.Random) -> Any:
        if isinstance(moves[0], Housekeep):
            return moves[0]
        engine = cast("StarsAndBars", game)
        points_for = engine.points_for
        manual = engine.params.manual_housekeeping
        board = engine.board_to_play(state) if manual else state.board
        best: list[Any] = []
        top = -1
        for move in moves:
            if type(move) is not Place or not move.tidy:
                continue
            points = points_for(board, move.card, move.space)
            if points > top:
                top, best = points, [move]
            elif points == top:
                best.append(move)
        if not best:
            return moves[0]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


AGENTS = (Beginner,)
"""The agents Stars and Bars brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner"]
