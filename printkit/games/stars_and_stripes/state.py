"""Stars and Stripes' vocabulary: cards, the parameters, the board's geometry, the moves and
the state.

A card shows 1-6 stars and 1-6 stripes; with several decks it also carries a deck letter.
Cards and squares are plain ints (ids and row-major indices) and sets of squares are bit
masks, so that move generation is cheap.  The rulings are described in
:mod:`printkit.games.stars_and_stripes.rules`, the notation in
:mod:`printkit.games.stars_and_stripes.notation`.

>>> card_values(card_id(5, 6, deck=1))
(5, 6, 1)
>>> cards_match(card_id(5, 6), card_id(5, 1)), cards_match(card_id(5, 6), card_id(6, 5))
(True, False)
>>> StarsAndStripesParams(players=2).home_squares
((0, 0), (6, 6))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from printkit.games.stars_and_stripes.moves import (
    EMPTY_MOVES,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS,
    PASS_MOVE,
    Card,
    MoveKind,
    MoveList,
    Square,
    StarsAndStripesMove,
    is_move,
)
from printkit.rules.base import Player

# --------------------------------------------------------------------------- constants

STARS_MAX: Final = 6
KINDS: Final = STARS_MAX * STARS_MAX
"""Distinct (stars, stripes) pairs, i.e. cards in one deck."""

EMPTY: Final = -1
TRUMP: Final = -2
"""Values of :attr:`StarsAndStripesState.cells` that are not cards; cards are ids
0..36k-1."""

CORNERS: Final = ("NW", "NE", "SE", "SW")
EDGE_MIDDLES: Final = ("N", "E", "S", "W")
DEFAULT_HOMES: Final[Mapping[int, tuple[str, ...]]] = {
    2: ("NW", "SE"),
    3: ("NW", "NE", "SE"),
    4: ("NW", "NE", "SE", "SW"),
}
DECK_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


# --------------------------------------------------------------------------- cards


def card_id(stars: int, stripes: int, deck: int = 0) -> Card:
    """The id of the card with these numbers from deck ``deck`` (0 = A)."""
    return deck * KINDS + (stars - 1) * STARS_MAX + (stripes - 1)


def card_values(card: Card) -> tuple[int, int, int]:
    """``(stars, stripes, deck)`` of a card id."""
    deck, kind = divmod(card, KINDS)
    return kind // STARS_MAX + 1, kind % STARS_MAX + 1, deck


def cards_match(a: Card, b: Card) -> bool:
    """True when two cards agree in stars or in stripes (the matching rule)."""
    sa, ta, _ = card_values(a)
    sb, tb, _ = card_values(b)
    return sa == sb or ta == tb


@functools.cache
def match_masks(decks: int) -> tuple[int, ...]:
    """Per card id: the cards of every deck it matches, as a bit mask of card ids.

    >>> [card_values(c)[:2] for c in squares_of(match_masks(1)[card_id(1, 1)])][:7]
    [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 1)]
    """
    kinds = [sum(1 << k for k in range(KINDS) if cards_match(a, k)) for a in range(KINDS)]
    every_deck = [sum(m << (d * KINDS) for d in range(decks)) for m in kinds]
    return tuple(every_deck[c % KINDS] for c in range(KINDS * decks))


# --------------------------------------------------------------------------- parameters


def home_square(text: str, size: int) -> tuple[int, int] | None:
    """Where a home named ``text`` lies on a board of ``size``, or None if unreadable.

    >>> home_square("se", 7), home_square("W", 9), home_square("2:5", 7), home_square("x", 7)
    ((6, 6), (4, 0), (2, 5), None)
    """
    word = text.strip().upper()
    last, mid = size - 1, size // 2
    named = {
        "NW": (0, 0), "NE": (0, last), "SE": (last, last), "SW": (last, 0),
        "N": (0, mid), "E": (mid, last), "S": (last, mid), "W": (mid, 0),
    }
    if word in named:
        return named[word]
    match = re.fullmatch(r"([0-9]+)\s*:\s*([0-9]+)", word)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


@dataclass(frozen=True)
class StarsAndStripesParams:
    """Options of Stars and Stripes; every ruling that groups may play differently is here."""

    players: int = 4
    """Number of players, 2 to 4."""
    decks: int = 1
    """Number of 36-card decks shuffled together (a single Trump whatever the number)."""
    board_size: int | None = None
    """Side of the square board (odd, at least 5); None picks 7 for one deck, 2k+7 for k."""
    homes: tuple[str, ...] | None = None
    """Home squares in seating order: NW/NE/SE/SW, N/E/S/W or ``row:col``; None = default."""
    opponent_contact: Literal["edge", "edge_and_corner"] = "edge"
    """Whether the card placed as a follower may touch another player's follower at a corner
    (``edge``) or not (``edge_and_corner``); the independents it captures are not checked."""
    trump_exclusive: Literal["forbid", "allow_without_power"] = "forbid"
    """Whether others may place next to a Trump somebody holds (without gaining anything)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"players: must be 2, 3 or 4, not {self.players}")
        if self.decks < 1:
            raise ValueError(f"decks: must be at least 1, not {self.decks}")
        if self.decks > len(DECK_LETTERS):
            raise ValueError(f"decks: at most {len(DECK_LETTERS)} decks can be marked")
        if self.board_size is not None and (self.board_size < 5 or self.board_size % 2 == 0):
            raise ValueError(
                f"board_size: must be odd and at least 5 so the Trump has a centre, "
                f"not {self.board_size}"
            )
        size = self.size
        texts = self.home_texts
        if len(texts) != self.players:
            raise ValueError(
                f"homes: {self.players} players need {self.players} homes, not {len(texts)}"
            )
        centre = size // 2
        seen: list[tuple[int, int]] = []
        for text in texts:
            square = home_square(text, size)
            if square is None:
                raise ValueError(
                    f"homes: {text!r} is not a home; use NW, NE, SE, SW, N, E, S, W or row:col"
                )
            row, col = square
            if not (0 <= row < size and 0 <= col < size):
                raise ValueError(f"homes: {text!r} is off a {size}x{size} board")
            if max(abs(row - centre), abs(col - centre)) <= 1:
                raise ValueError(f"homes: {text!r} is too close to the Trump on the centre")
            for other in seen:
                if max(abs(row - other[0]), abs(col - other[1])) <= 1:
                    raise ValueError(
                        f"homes: {text!r} touches another home on a {size}x{size} board"
                    )
            seen.append(square)

    @property
    def size(self) -> int:
        """The side of the board actually used."""
        if self.board_size is not None:
            return self.board_size
        return 7 if self.decks == 1 else 2 * self.decks + 7

    @property
    def cards_per_player(self) -> int:
        """Cards dealt to each player after the home cards are drawn."""
        return (KINDS * self.decks - self.players) // self.players

    @property
    def home_texts(self) -> tuple[str, ...]:
        """The homes as given, or the default corners for this number of players."""
        if self.homes is not None:
            return self.homes
        return DEFAULT_HOMES.get(self.players, ())

    @property
    def home_squares(self) -> tuple[tuple[int, int], ...]:
        """The home squares as ``(row, col)``, in seating order."""
        size = self.size
        squares = []
        for text in self.home_texts:
            square = home_square(text, size)
            assert square is not None  # checked in __post_init__
            squares.append(square)
        return tuple(squares)

    @property
    def player_names(self) -> tuple[str, ...]:
        """Names of the players in seating order (their home names, or P1, P2 ...)."""
        words = tuple(t.strip().upper() for t in self.home_texts)
        if all(w in CORNERS or w in EDGE_MIDDLES for w in words):
            return words
        return tuple(f"P{i + 1}" for i in range(self.players))


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    """Neighbour tables of one board size (squares are row-major indices)."""

    size: int
    edge: tuple[tuple[int, ...], ...]
    """Per square: the squares sharing an edge with it, N, E, S, W."""
    edge_mask: tuple[int, ...]
    """Per square: the same squares as a bit mask."""
    king_mask: tuple[int, ...]
    """Per square: the (up to) eight squares around it, as a bit mask."""
    closed_king_mask: tuple[int, ...]
    """Per square: the king mask plus the square itself."""
    centre: int
    row_span: tuple[tuple[int, int], ...]
    """Per square: the first and last squares at most one row away, a range of indices
    that holds every square around it."""


@functools.cache
def geometry(size: int) -> Geometry:
    """The neighbour tables of a ``size`` x ``size`` board (computed once per size)."""
    edge: list[tuple[int, ...]] = []
    edge_mask: list[int] = []
    king_mask: list[int] = []
    for row in range(size):
        for col in range(size):
            near = [
                (row + dr) * size + col + dc
                for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
                if 0 <= row + dr < size and 0 <= col + dc < size
            ]
            edge.append(tuple(near))
            edge_mask.append(sum(1 << s for s in near))
            king_mask.append(sum(
                1 << ((row + dr) * size + col + dc)
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= row + dr < size and 0 <= col + dc < size
            ))
    closed = tuple(m | (1 << s) for s, m in enumerate(king_mask))
    span = tuple((max(0, s - size - 1), s + size + 1) for s in range(size * size))
    return Geometry(size, tuple(edge), tuple(edge_mask), tuple(king_mask), closed,
                    (size // 2) * size + size // 2, span)


def squares_of(mask: int) -> list[int]:
    """The set bits of ``mask`` in increasing order.

    >>> squares_of(0b100101)
    [0, 2, 5]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hand_mask(hand: tuple[Card, ...] | None) -> int:
    """A hand as a bit mask of card ids; -1 for a hand that is unknown (None).

    >>> hand_mask((0, 2, 5)), hand_mask(()), hand_mask(None)
    (37, 0, -1)
    """
    if hand is None:
        return -1
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


# --------------------------------------------------------------------------- state


class StarsAndStripesState(NamedTuple):
    """A position, as an immutable tuple.

    The first eight fields define it.  ``cells`` holds per square a card id, :data:`EMPTY`
    or :data:`TRUMP`; ``followers`` is per player a bit mask of the squares of their
    followers (any other card on the board is an independent); a hand is a sorted tuple of
    card ids, or None when unknown.  ``to_move`` and ``trump_holder`` are
    :data:`~printkit.rules.base.NO_PLAYER` when the game is over and when nobody holds the
    Trump.  The other fields are derived from these eight and kept up to date by the
    engine so that move generation is cheap; being functions of the others they never make
    two equal positions compare unequal.  ``frontier`` and ``zone`` are computed when asked
    for, from ``reach`` and ``touch``, which a move changes for the mover alone (and
    ``fenced`` for the others).  A named tuple rather than a frozen dataclass because it
    is built once per move and is several times faster to construct.
    """

    cells: tuple[int, ...]
    followers: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    to_move: Player
    first: Player
    placed: bool
    turn: int
    trump_holder: Player
    occupied: int
    """Bit mask of the squares holding a card or the Trump."""
    independents: int
    """Bit mask of the squares holding an independent."""
    reach: tuple[int, ...]
    """Per player: the squares sharing an edge with one of their followers, empty or not."""
    touch: tuple[int, ...]
    """Per player: the squares touching their followers under the contact rule, empty or
    not (the same tuple as ``reach`` under the ``edge`` rule)."""
    free: tuple[Square, ...]
    """Empty squares with nothing around them, in increasing order (independent spots)."""
    free_mask: int
    """The same squares as a bit mask."""
    held: tuple[int, ...]
    """Per player: the hand as a bit mask of card ids, -1 for a hand that is unknown."""
    fenced: tuple[int, ...]
    """Per player: the squares the other players keep them off: those the others'
    followers touch (the union of the others' ``touch``) and, under ``forbid``, those next
    to a Trump another player holds."""

    @property
    def frontier(self) -> tuple[int, ...]:
        """Per player: empty squares sharing an edge with one of their followers."""
        empty = ~self.occupied
        return tuple([mask & empty for mask in self.reach])

    @property
    def zone(self) -> tuple[int, ...]:
        """Per player: empty squares touching their followers under the contact rule."""
        empty = ~self.occupied
        return tuple([mask & empty for mask in self.touch])

    def __repr__(self) -> str:
        return (f"StarsAndStripesState(cells={self.cells!r}, followers={self.followers!r}, "
                f"hands={self.hands!r}, to_move={self.to_move}, first={self.first}, "
                f"placed={self.placed}, turn={self.turn}, trump_holder={self.trump_holder})")


REASONS: Final[Mapping[str, str]] = {
    "game_over": "the game is over",
    "occupied": "the square is not empty",
    "not_isolated": "an independent needs all eight surrounding squares empty",
    "no_follower_neighbour": "no follower of the mover shares an edge with the square",
    "opponent_contact": "the new follower would touch another player's follower",
    "trump_claimed": "the square is next to a Trump another player holds",
    "matching": "the card does not match every card it shares an edge with",
    "on_board": "the card is already on the board",
    "not_in_hand": "the mover does not hold the card",
    "self_exchange": "a player cannot exchange with themselves",
    "hand_unknown": "an exchange needs both hands to be known",
    "no_cards": "the mover has no card to exchange",
    "opponent_no_cards": "the opponent has no card to exchange",
    "must_act": "a player may pass only when no other move is possible",
    "bad_move": "this is not a move of Stars and Stripes",
}
"""Why a move is illegal: stable codes (the engine's ``refusal_code`` and the
``illegal_reason`` claim answer with them) and their meaning in words (what the engine's
``illegal_reason`` says)."""


__all__ = [
    "CORNERS",
    "DECK_LETTERS",
    "DEFAULT_HOMES",
    "EDGE_MIDDLES",
    "EMPTY",
    "EMPTY_MOVES",
    "EXCHANGE",
    "FOLLOWER",
    "INDEPENDENT",
    "KINDS",
    "PASS",
    "PASS_MOVE",
    "REASONS",
    "STARS_MAX",
    "TRUMP",
    "Card",
    "Geometry",
    "MoveKind",
    "MoveList",
    "Square",
    "StarsAndStripesMove",
    "StarsAndStripesParams",
    "StarsAndStripesState",
    "card_id",
    "card_values",
    "cards_match",
    "geometry",
    "hand_mask",
    "home_square",
    "is_move",
    "match_masks",
    "squares_of",
]
