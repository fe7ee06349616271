"""The calls open to a bidder, as a sequence that is not built.

Without ``max_bid`` a bidder may call any amount above the current bid, so the auction's
legal moves are an endless list: :class:`AuctionMoves` holds every one of them for ``in``
and lists those a hand could score.  The bids it hands out are made once, at import, for
every amount it lists by default (up to :data:`.state.MAX_HAND_SCORE`), so a random
playout's auction makes no move objects.

>>> moves = AuctionMoves(239, None)
>>> list(moves), len(moves), Bid(10**6) in moves, Bid(238) in moves
([Bid(amount=239), Bid(amount=240), Pass()], 3, True, False)
>>> list(AuctionMoves(5, 6)), Bid(7) in AuctionMoves(5, 6), AuctionMoves(5, 6)[1]
([Bid(amount=5), Bid(amount=6), Pass()], False, Bid(amount=6))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from printkit.games.white_star.state import MAX_HAND_SCORE, PASS, Bid, Pass, WhiteStarMove

_BIDS: Final = tuple(Bid(amount) for amount in range(MAX_HAND_SCORE + 1))
"""The bid of each amount a hand can score, by amount."""


def bid(amount: int) -> Bid:
    """The bid of ``amount``: one made at import when it is listed by default."""
    return _BIDS[amount] if 0 <= amount <= MAX_HAND_SCORE else Bid(amount)


class AuctionMoves(Sequence[WhiteStarMove]):
    """The calls open to a bidder: every bid from ``low`` up to ``high``, then ``pass``.

    Without ``max_bid`` (``high`` is ``None``) the bids have no end: every one of them is
    legal, and ``in`` says so.  A sequence needs a length, though, so as a list the bids
    stop at ``listed_to``, the most a hand can score (:data:`.state.MAX_HAND_SCORE`) or
    ``low`` if that is higher: a bid beyond it can never be made, so listing it would tell
    a player, or an agent choosing among the listed moves, nothing more.  An instance never
    changes, so an engine may hand the same one out for every position with the same
    ``low``.
    """

    __slots__ = ("_size", "high", "listed_to", "low")

    def __init__(self, low: int, high: int | None) -> None:
        self.low = low
        self.high = high
        self.listed_to = high if high is not None else max(low, MAX_HAND_SCORE)
        self._size = max(0, self.listed_to - low + 1) + 1

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> WhiteStarMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[WhiteStarMove]: ...

    def __getitem__(self, index: int | slice) -> WhiteStarMove | list[WhiteStarMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        size = self._size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index == size - 1:
            return PASS
        amount = self.low + index
        return _BIDS[amount] if amount <= MAX_HAND_SCORE else Bid(amount)

    def __iter__(self) -> Iterator[WhiteStarMove]:
        for amount in range(self.low, self.listed_to + 1):
            yield bid(amount)
        yield PASS

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Bid):
            return move.amount >= self.low and (self.high is None or move.amount <= self.high)
        return isinstance(move, Pass)

    def __repr__(self) -> str:
        return f"AuctionMoves(low={self.low}, high={self.high})"


__all__ = ["AuctionMoves", "bid"]
