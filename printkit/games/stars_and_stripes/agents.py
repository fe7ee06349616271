"""The players ``printkit simulate`` puts at a Stars and Stripes table.

``beginner`` (the default) plays for followers, the game's score:

* It places a follower whenever it can, where it gains most: one for the card, one for
  each independent the card captures, and three more when the card reaches the unclaimed
  Trump (whose holder ignores the matching rule from then on); it chooses at random among
  equally good placements.
* Otherwise it drops an independent two steps from one of its followers, where its next
  follower can capture it, with a card chosen at random.
* Otherwise it exchanges with the opponent holding the most cards, hoping for a card that
  fits, or drops an independent wherever one may go, or passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from printkit.games.stars_and_stripes.state import (
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    StarsAndStripesMove,
    StarsAndStripesState,
    geometry,
    squares_of,
)
from printkit.rules.base import Game
from printkit.simulator.agents import Agent

if TYPE_CHECKING:
    from printkit.games.stars_and_stripes.rules import StarsAndStripes

TRUMP_BONUS = 3
"""What reaching the unclaimed Trump is worth to a beginner, in followers."""


class Beginner(Agent):
    """Followers first, where they gain most (see the module notes)."""

    name = "beginner"
    description = ("places the follower that gains most (captures, the Trump), else an "
                   "independent it can capture later, else exchanges")

    def choose(self, game: Game[Any, Any, Any], state: StarsAndStripesState,
               moves: Sequence[Any], chance: random.Random, rng: random.Random) -> Any:
        engine = cast("StarsAndStripes", game)
        edge = geometry(engine.size).edge_mask
        trump = 1 << engine.centre if state.trump_holder < 0 else 0
        gains: dict[int, int] = {}
        best: list[StarsAndStripesMove] = []
        top = 0
        exchanges: list[StarsAndStripesMove] = []
        for move in moves:
            kind = move.kind
            if kind == INDEPENDENT:
                if best:
                    break  # followers come first in the list: the rest cannot beat them
                continue
            if kind == EXCHANGE:
                exchanges.append(move)
                continue
            if kind != FOLLOWER:
                continue
            square = move.square
            gain = gains.get(square)
            if gain is None:
                group = engine.capture_group(state, square)
                reach = edge[square]
                for s in squares_of(group):
                    reach |= edge[s]
                gain = gains[square] = 1 + group.bit_count() + (
                    TRUMP_BONUS if reach & trump else 0)
            if gain > top:
                top, best = gain, [move]
            elif gain == top:
                best.append(move)
        if best:
            return best[rng.randrange(len(best))]
        hand = state.hands[state.to_move]
        if state.free and hand:
            mine = squares_of(state.followers[state.to_move])
            size = engine.size

            def distance(square: int) -> int:
                r, c = divmod(square, size)
                return min(abs(r - m // size) + abs(c - m % size) for m in mine)

            near = [s for s in state.free if distance(s) == 2]
            if near or not exchanges:
                square = near[rng.randrange(len(near))] if near else min(state.free, key=distance)
                return StarsAndStripesMove(INDEPENDENT, square, hand[rng.randrange(len(hand))])
        if exchanges:
            return max(exchanges, key=lambda m: (len(state.hands[m.opponent] or ()),
                                                 -m.opponent))
        return moves[0]


AGENTS = (Beginner,)
"""The agents Stars and Stripes brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner"]
