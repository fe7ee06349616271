"""The legal moves of an "I vant to be alone" position, as a list made only when asked.

A position's moves are every card the player may hold on every open cell: up to a hundred
and more at the start of level two, of which a random playout uses one.  :class:`MoveList`
holds the cards and cells and makes the move at an index from them, so drawing one move
costs a division and two look-ups, and a membership test two.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from printkit.games.vant.state import PLACE_ROWS, Card, Place, VantMove


class MoveList(Sequence[VantMove]):
    """The legal moves of one position, in a fixed order: the decisions about pending
    points (``head``), then each card (in card order) on each open cell (in cell order,
    cells given as :attr:`~printkit.games.vant.state.Place.code` numbers).

    >>> from printkit.games.vant.bits import cell_code
    >>> from printkit.games.vant.state import CLAIM
    >>> moves = MoveList((CLAIM,), (3, 9), (cell_code(0, 1), cell_code(1, 0)))
    >>> len(moves), moves[0], moves[2]
    (5, ClaimPoints(), Place(card=3, row=1, col=0))
    >>> moves[-1] in moves, Place(9, 0, 0) in moves
    (True, False)
    """

    __slots__ = ("_cards", "_codes", "_head", "_n_head", "_size", "_width")

    def __init__(self, head: tuple[VantMove, ...], cards: Sequence[Card],
                 codes: tuple[int, ...]) -> None:
        self._head = head
        self._cards = cards
        self._codes = codes
        self._n_head = len(head)
        self._width = len(codes)
        self._size = self._n_head + len(cards) * self._width

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> VantMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[VantMove]: ...

    def __getitem__(self, index: int | slice) -> VantMove | list[VantMove]:
        if index.__class__ is int and self._n_head <= index < self._size:  # the usual case
            card, cell = divmod(index - self._n_head, self._width)
            return PLACE_ROWS[self._cards[card]][self._codes[cell]]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("move index out of range")
        return self._head[index] if index < self._n_head else self[index]

    def __iter__(self) -> Iterator[VantMove]:
        yield from self._head
        codes = self._codes
        for card in self._cards:
            row = PLACE_ROWS[card]
            for code in codes:
                yield row[code]

    def __contains__(self, move: object) -> bool:
        if move.__class__ is Place:
            return move.card in self._cards and move.code in self._codes
        return move in self._head

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


EMPTY = MoveList((), (), ())
"""The moves of a finished game."""

__all__ = ["EMPTY", "MoveList"]
