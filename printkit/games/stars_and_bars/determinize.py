"""Stars and Bars' determinization: the stock's order redrawn (see
:meth:`printkit.rules.base.Game.determinize`).  Both hands lie open on the table and every
face-down card was seen face up before, so the stock's order is all a player does not know.
"""

from __future__ import annotations

import dataclasses
import random

from printkit.games.stars_and_bars.state import StarsAndBarsState
from printkit.rules.base import Player


def determinize(state: StarsAndBarsState, player: Player,
                rng: random.Random) -> StarsAndBarsState:
    """``state`` with its stock shuffled (a stock known only by its count is left so: the
    engine draws its cards by chance)."""
    del player
    if not isinstance(state.stock, tuple) or len(state.stock) < 2:
        return state
    stock = list(state.stock)
    rng.shuffle(stock)
    return dataclasses.replace(state, stock=tuple(stock))


__all__ = ["determinize"]
