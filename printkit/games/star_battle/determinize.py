"""Star Battle's determinization: the other hands and the stock redrawn (see
:meth:`printkit.rules.base.Game.determinize`); the galaxy and the discards are open."""

from __future__ import annotations

import dataclasses
import random

from printkit.games.star_battle.state import StarBattleState
from printkit.rules.base import Player
from printkit.rules.redeal import redeal


def determinize(state: StarBattleState, player: Player, rng: random.Random) -> StarBattleState:
    """``state`` with every hand but ``player``'s and the stock dealt anew from their cards."""
    others = [p for p in range(len(state.hands)) if p != player]
    unseen = [c for p in others for c in state.hands[p]] + list(state.stock)
    sizes = [len(state.hands[p]) for p in others] + [len(state.stock)]
    piles = redeal(unseen, sizes, rng)
    hands = list(state.hands)
    for seat, pile in zip(others, piles, strict=False):
        hands[seat] = tuple(sorted(pile))
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(piles[-1]))


__all__ = ["determinize"]
