""""I vant to be alone"'s determinization: the other hand redrawn from the cards not yet
seen (see :meth:`printkit.rules.base.Game.determinize`); the layout is open, and the stock
is never part of a position (the engine draws it by chance)."""

from __future__ import annotations

import random

from printkit.games.vant.state import DECK, VantState
from printkit.rules.base import Player
from printkit.rules.redeal import redeal


def determinize(state: VantState, player: Player, rng: random.Random) -> VantState:
    """``state`` with the other player's known cards drawn anew from every card ``player``
    has not seen (their hand, the stock and the face-down cards aside)."""
    other = 1 - player
    unseen = DECK - state.table() - state.hands[player]
    known = len(state.hands[other])
    hand, _ = redeal(unseen, [known, len(unseen) - known], rng)
    drawn = tuple(sorted(hand))
    held = (drawn, state.held[1]) if other == 0 else (state.held[0], drawn)
    return state._replace(held=held)


__all__ = ["determinize"]
