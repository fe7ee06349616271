"""Stars and Stripes' moves, and the list of one position's legal moves.

Every possible move is made once per game (by square, then card, for each kind of
placement) and handed out again and again; a position's list is a :class:`MoveList` that
makes none of them: it keeps what the position allows (the cards that fit each follower
square, the squares and cards of the independents) and finds a move by its index.  A
random playout draws one move of each list, so the list's length and the move drawn are
all it costs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import IntEnum
from typing import Final, NamedTuple, TypeGuard, overload

from printkit.rules.base import NO_PLAYER, Player

Square = int
"""A square as an index ``row * size + col``."""
Card = int
"""A card id: ``deck * 36 + (stars - 1) * 6 + (stripes - 1)``."""


class MoveKind(IntEnum):
    """The four kinds of turn, in the order :class:`MoveList` lists them."""

    FOLLOWER = 0
    INDEPENDENT = 1
    EXCHANGE = 2
    PASS = 3


FOLLOWER: Final = MoveKind.FOLLOWER
INDEPENDENT: Final = MoveKind.INDEPENDENT
EXCHANGE: Final = MoveKind.EXCHANGE
PASS: Final = MoveKind.PASS


class StarsAndStripesMove(NamedTuple):
    """A move.  A named tuple rather than a frozen dataclass for speed: the engine makes
    every possible move once and hands out the same objects.

    ``square`` and ``card`` are those of a placement (FOLLOWER or INDEPENDENT),
    ``opponent`` the other player of an EXCHANGE; a field a kind does not use is -1.

    >>> StarsAndStripesMove(EXCHANGE, opponent=2)
    StarsAndStripesMove(kind=<MoveKind.EXCHANGE: 2>, square=-1, card=-1, opponent=2)
    """

    kind: MoveKind
    square: Square = -1
    card: Card = -1
    opponent: Player = NO_PLAYER


PASS_MOVE: Final = StarsAndStripesMove(PASS)


def is_move(move: object) -> TypeGuard[StarsAndStripesMove]:
    """Whether ``move`` has the shape of a move: a :class:`MoveKind` and three whole numbers
    (whether it is one on the board and legal is another matter).

    >>> is_move(PASS_MOVE), is_move(StarsAndStripesMove(FOLLOWER, 19, True)), is_move((3, -1))
    (True, False, False)
    """
    if type(move) is not StarsAndStripesMove:
        return False
    kind, square, card, opponent = move
    return (type(kind) is MoveKind and type(square) is int and type(card) is int
            and type(opponent) is int)


MoveRows = Sequence[tuple[StarsAndStripesMove, ...]]
"""Every move of one kind of placement: per square, per card id."""


def nth_bit(mask: int, index: int) -> int:
    """The position of the ``index``-th set bit of ``mask``, counting from the lowest.

    >>> nth_bit(0b101100, 0), nth_bit(0b101100, 2)
    (2, 5)
    """
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class MoveList(Sequence[StarsAndStripesMove]):
    """The legal moves of one position, in a fixed order.

    Follower placements (by square, then card) come first, then independent placements (by
    square, then card), then exchanges (in seating order after the mover), or a lone pass.
    ``fits`` maps each square open to a follower, in increasing order, to the bit mask of
    the cards that may go there, and ``n_followers`` is the number of follower placements;
    the independents are every card of ``cards`` on every square of ``squares``.  No move
    is made until asked for, so drawing one random move from a long list is cheap, and
    membership tests are fast.

    The engine makes a list once per position by :func:`object.__new__`, filling in the
    slots (half the cost of calling the class); ``position`` is the state the list belongs
    to, or None.
    """

    __slots__ = ("cards", "fits", "followers", "independents", "length", "n_followers",
                 "n_ind", "position", "squares", "tail")

    fits: Mapping[Square, int]
    n_followers: int
    followers: MoveRows
    squares: Sequence[Square]
    cards: Sequence[Card]
    independents: MoveRows
    tail: Sequence[StarsAndStripesMove]
    n_ind: int
    """How many independent placements: ``len(squares) * len(cards)``."""
    length: int
    position: object

    def __init__(self, fits: Mapping[Square, int], n_followers: int, followers: MoveRows,
                 squares: Sequence[Square], cards: Sequence[Card], independents: MoveRows,
                 tail: Sequence[StarsAndStripesMove], position: object = None) -> None:
        self.fits = fits
        self.n_followers = n_followers
        self.followers = followers
        self.squares = squares
        self.cards = cards
        self.independents = independents
        self.tail = tail
        self.n_ind = n_ind = len(squares) * len(cards)
        self.length = n_followers + n_ind + len(tail)
        self.position = position

    def __len__(self) -> int:
        return self.length

    @overload
    def __getitem__(self, index: int) -> StarsAndStripesMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[StarsAndStripesMove]: ...

    def __getitem__(self, index: int | slice) -> StarsAndStripesMove | list[StarsAndStripesMove]:
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self.length))]
            index = index.__index__()
        if index < 0:
            index += self.length
            if index < 0:
                raise IndexError("move index out of range")
        if index < self.n_followers:
            for square, fits in self.fits.items():
                here = fits.bit_count()
                if index < here:
                    return self.followers[square][nth_bit(fits, index)]
                index -= here
        index -= self.n_followers
        if index < self.n_ind:
            row, col = divmod(index, len(self.cards))
            return self.independents[self.squares[row]][self.cards[col]]
        return self.tail[index - self.n_ind]

    def __iter__(self) -> Iterator[StarsAndStripesMove]:
        followers = self.followers
        for square, fits in self.fits.items():
            row = followers[square]
            while fits:
                low = fits & -fits
                yield row[low.bit_length() - 1]
                fits ^= low
        independents = self.independents
        cards = self.cards
        for square in self.squares:
            row = independents[square]
            for card in cards:
                yield row[card]
        yield from self.tail

    def __contains__(self, move: object) -> bool:
        if type(move) is not StarsAndStripesMove:
            return False
        kind, square, card, opponent = move
        if (type(kind) is not MoveKind or type(square) is not int or type(card) is not int
                or type(opponent) is not int):
            return False
        if kind == FOLLOWER:
            return (card >= 0 and opponent == NO_PLAYER
                    and self.fits.get(square, 0) >> card & 1 == 1)
        if kind == INDEPENDENT:
            return square in self.squares and card in self.cards and opponent == NO_PLAYER
        return move in self.tail

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


EMPTY_MOVES: Final = MoveList({}, 0, (), (), (), (), ())


__all__ = [
    "EMPTY_MOVES",
    "EXCHANGE",
    "FOLLOWER",
    "INDEPENDENT",
    "PASS",
    "PASS_MOVE",
    "Card",
    "MoveKind",
    "MoveList",
    "MoveRows",
    "Square",
    "StarsAndStripesMove",
    "is_move",
    "nth_bit",
]
