"""Stars and Stripes' determinization: the other hands redrawn from every card the player
has not seen (see :meth:`printkit.rules.base.Game.determinize`); the board is open.

It ignores what a player learnt in exchanges (the card they took or gave): every unseen
card is equally likely in any other hand or among the cards left out of the deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printkit.games.stars_and_stripes.state import Card, StarsAndStripesState, hand_mask
from printkit.rules.base import Player
from printkit.rules.redeal import redeal


def determinize(state: StarsAndStripesState, player: Player, rng: random.Random,
                loose: Sequence[Card]) -> StarsAndStripesState:
    """``state`` with every known hand but ``player``'s dealt anew, each keeping its size;
    ``loose`` are the cards neither on the board nor in a known hand."""
    others = [p for p, hand in enumerate(state.hands) if p != player and hand is not None]
    unseen = [c for p in others for c in state.hands[p] or ()] + list(loose)
    sizes = [len(state.hands[p] or ()) for p in others] + [len(loose)]
    piles = redeal(unseen, sizes, rng)
    hands = list(state.hands)
    for seat, pile in zip(others, piles, strict=False):
        hands[seat] = tuple(sorted(pile))
    return state._replace(hands=tuple(hands),
                          held=tuple(hand_mask(hand) for hand in hands))


__all__ = ["determinize"]
