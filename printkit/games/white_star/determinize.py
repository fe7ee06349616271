"""Stars' determinization: the other hands, the widow and (for a defender) the buried cards
redrawn (see :meth:`printkit.rules.base.Game.determinize`); tricks played are open.

It ignores what a player could infer from the play so far (a player who did not follow
suit has none of it left): every unseen card is equally likely anywhere it could lie.
"""

from __future__ import annotations

import dataclasses
import random

from printkit.games.white_star.state import WhiteStarState, card_set, cards_in
from printkit.rules.base import Player
from printkit.rules.redeal import redeal


def determinize(state: WhiteStarState, player: Player, rng: random.Random) -> WhiteStarState:
    """``state`` with the cards ``player`` has not seen dealt anew, each place keeping its
    number of cards."""
    others = [p for p in range(len(state.hands)) if p != player]
    places = [state.hands[p] for p in others] + [state.widow]
    hide_buried = state.bidder != player
    if hide_buried:
        places.append(state.buried)
    unseen = [c for cards in places for c in cards_in(cards)]
    piles = redeal(unseen, [cards.bit_count() for cards in places], rng)
    hands = list(state.hands)
    for seat, pile in zip(others, piles, strict=False):
        hands[seat] = card_set(pile)
    widow = card_set(piles[len(others)])
    buried = card_set(piles[-1]) if hide_buried else state.buried
    return dataclasses.replace(state, hands=tuple(hands), widow=widow, buried=buried)


__all__ = ["determinize"]
