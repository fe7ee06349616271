"""The moves of the galaxy phase: every card of the mover's hand at every empty cell its
suit can be laid on.

The galaxy phase is most of a short game's moves, so its list is made with as little
Python as can be: the cells around a card are worked out once per cell, and each card
has a row of its moves by cell that makes a move the first time it is asked for and
shares it after (moves are frozen, so sharing them is safe).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from printkit.games.star_battle.state import (
    REACH,
    STEPS,
    Card,
    Cell,
    Place,
    StarBattleMove,
    System,
    reading_key,
)

_BIT = {step: 1 << i for i, step in enumerate(STEPS.values())}
_TOWARDS = tuple(((-dx, -dy), _BIT[dx, dy]) for dx, dy in STEPS.values())
"""From a card, the step to a neighbour and the bit of the way back to the card."""
REACHES = {suit: sum(_BIT[step] for step in steps) for suit, steps in REACH.items()}
"""The steps each suit reaches, as bits."""


class PlaceRow(dict[Cell, Place]):
    """The moves laying one card, by cell, each made when first asked for."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card

    def __missing__(self, cell: Cell) -> Place:
        move = self[cell] = Place(self.card, cell)
        return move


@functools.cache
def _around(cell: Cell) -> tuple[tuple[Cell, int], ...]:
    """The four neighbours of ``cell``, each with the bit of the step back to ``cell``."""
    x, y = cell
    return tuple(((x + dx, y + dy), bit) for (dx, dy), bit in _TOWARDS)


def place_moves(index: Mapping[Cell, System], cards: Iterable[Card],
                rows: dict[Card, PlaceRow]) -> list[StarBattleMove]:
    """Each of ``cards`` (in their order) at each empty cell next to the galaxy ``index``
    that the card's suit would connect to its neighbour, cells in reading order."""
    sides: dict[Cell, int] = {}  # empty cell next to the galaxy -> its neighbours' steps
    get = sides.get
    for cell in index:
        for spot, bit in _around(cell):
            if spot not in index:
                sides[spot] = get(spot, 0) | bit
    every = sorted(sides, key=reading_key)
    by_suit: dict[str, list[Cell]] = {}
    out: list[StarBattleMove] = []
    for card in cards:
        spots = by_suit.get(card.suit)
        if spots is None:
            mask = REACHES[card.suit]
            spots = by_suit[card.suit] = [c for c in every if sides[c] & mask]
        row = rows.get(card)
        if row is None:
            row = rows[card] = PlaceRow(card)
        out.extend(map(row.__getitem__, spots))
    return out
