"""The burials open to a contract holder, as a sequence that is not built.

A holder who took a three-card widow chooses 3 of 13 cards: 286 burials, of which a
playout uses one.  :class:`BuryMoves` is that list in the order the engine always gave
(``itertools.combinations`` of the hand's cards in notation order), with its length
counted, any one item worked out from its index, and ``in`` answered from the hand.

>>> moves = BuryMoves(0b1011, 2)
>>> list(moves) == [Bury(0b11), Bury(0b1001), Bury(0b1010)], len(moves), moves[-1]
(True, 3, Bury(cards=10))
>>> Bury(0b1001) in moves, Bury(0b101) in moves, Bury(0b1) in moves
(True, False, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from math import comb
from typing import overload

from printkit.games.white_star.state import Bury, CardSet, cards_in


class BuryMoves(Sequence[Bury]):
    """Every way to bury ``count`` cards of ``hand``, in ``itertools.combinations`` order."""

    __slots__ = ("_bits", "_count", "_hand", "_size")

    def __init__(self, hand: CardSet, count: int) -> None:
        self._hand = hand
        self._count = count
        self._bits = [1 << c for c in cards_in(hand)]
        self._size = comb(len(self._bits), count) if count >= 0 else 0

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Bury: ...

    @overload
    def __getitem__(self, index: slice) -> list[Bury]: ...

    def __getitem__(self, index: int | slice) -> Bury | list[Bury]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        # unrank: of the combinations whose first card is at position ``at``, there are
        # comb(cards after it, cards still to pick); skip whole such blocks
        bits, left, cards, at = self._bits, self._count, 0, 0
        while left:
            block = comb(len(bits) - at - 1, left - 1)
            if index < block:
                cards |= bits[at]
                left -= 1
            else:
                index -= block
            at += 1
        return Bury(cards)

    def __iter__(self) -> Iterator[Bury]:
        for combo in itertools.combinations(self._bits, self._count):
            yield Bury(sum(combo))

    def __contains__(self, move: object) -> bool:
        if type(move) is not Bury or type(move.cards) is not int:
            return False
        cards = move.cards
        return cards >= 0 and not cards & ~self._hand and cards.bit_count() == self._count

    def __repr__(self) -> str:
        return f"BuryMoves({list(self)!r})"
