"""A move list made on demand, in runs of one card each: what the galaxy's placements
(:mod:`~printkit.games.star_battle.placing`) and the actions a card pays for
(:mod:`~printkit.games.star_battle.actions`) have in common.

``_ends[i]`` is where card ``i``'s run ends; its length is counted without making the moves.
A move is made when asked for (:meth:`CardRuns._one`), the whole list only when it is walked
or sliced (:meth:`CardRuns._all`), and the move handed out last is remembered, so that the
simulator's membership test of the move it was just given is answered at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from printkit.games.star_battle.state import Card, StarBattleMove


class CardRuns(Sequence[StarBattleMove]):
    """The moves of ``_cards``, card after card; subclasses make them."""

    __slots__ = ("_cards", "_ends", "_given", "_made")

    def __init__(self, cards: list[Card], ends: list[int]) -> None:
        self._cards = cards
        self._ends = ends
        self._made: list[StarBattleMove] | None = None
        self._given: StarBattleMove | None = None

    def _one(self, which: int, at: int) -> StarBattleMove:
        """The move at ``at`` in the run of card number ``which``."""
        raise NotImplementedError

    def _all(self) -> list[StarBattleMove]:
        """Every move, in order (made once)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> StarBattleMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[StarBattleMove]: ...

    def __getitem__(self, index: int | slice) -> StarBattleMove | list[StarBattleMove]:
        if isinstance(index, slice):
            return self._all()[index]
        if self._made is not None:
            return self._made[index]
        ends = self._ends
        size = ends[-1] if ends else 0
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        start = 0
        for which, end in enumerate(ends):
            if index < end:
                move = self._one(which, index - start)
                self._given = move
                return move
            start = end
        raise AssertionError("unreachable: the index is below the last end")

    def __iter__(self) -> Iterator[StarBattleMove]:
        return iter(self._all())

    def __repr__(self) -> str:
        return repr(self._all())
