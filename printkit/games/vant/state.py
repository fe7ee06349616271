"""The vocabulary of "I vant to be alone": cards, parameters, moves, positions, the layout.

A card is a small int (``suit * 8 + rank``).  The layout is kept in a 4 x 4 *frame* whose
top-left corner is always the layout's bounding box's (so two layouts that differ only in
where they lie on the table are the same position); a level-one card played above or left of
the box shifts the frame (:func:`shifted`).  Level two lies in a second frame of the same
cells (:attr:`VantState.upper`).

>>> card_name(read_card("t♥"))
'10H'
>>> [card_name(c) for c in sorted(DECK)[:3]]
['7S', '8S', '9S']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import ClassVar, Literal, NamedTuple

from printkit.games.vant import bits
from printkit.rules.base import Player

# --------------------------------------------------------------------------- constants

Card = int
"""A card as ``suit * 8 + rank``; suits S H C D, ranks 7 8 9 10 J Q K A (ascending)."""

SUIT_LETTERS = ("S", "H", "C", "D")
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")
DECK: frozenset[Card] = frozenset(range(32))
PLAYER_NAMES = ("P1", "P2")
"""``P1`` is the non-dealer of the shipped start and plays first; ``P2`` deals."""

CARD_HELP = "a card is a rank (7, 8, 9, 10, J, Q, K, A) then a suit (S, H, C, D), e.g. 10H"

_SUIT_READ = {"S": 0, "H": 1, "C": 2, "D": 3, "♠": 0, "♥": 1, "♣": 2, "♦": 3,
              "♤": 0, "♡": 1, "♧": 2, "♢": 3}
_RANK_READ = {name: i for i, name in enumerate(RANK_NAMES)} | {"T": 3}


def card_name(card: Card) -> str:
    """``10H`` for the Ten of hearts."""
    return RANK_NAMES[card & 7] + SUIT_LETTERS[card >> 3]


def read_card(token: str) -> Card | None:
    """The card a token names (``10h``, ``TH`` and ``10♥`` all work), or ``None``."""
    text = token.strip().upper()
    if len(text) < 2:
        return None
    suit = _SUIT_READ.get(text[-1])
    rank = _RANK_READ.get(text[:-1])
    if suit is None or rank is None:
        return None
    return suit * 8 + rank


# --------------------------------------------------------------------------- parameters

Visibility = Literal["played_card_visible", "cell_dead"]


@dataclass(frozen=True)
class VantParams:
    """Every option of the game; the defaults are the spec's rulings and reconstruction.

    ``suit_values`` lists spades, hearts, clubs, diamonds in that order; ``rank_values``
    lists 7, 8, 9, 10, J, Q, K, A.  The point table of the original is lost: these defaults
    are a reconstruction that a deck file may replace.
    """

    suit_values: tuple[int, ...] = (1, 2, 3, 4)
    rank_values: tuple[int, ...] = (7, 8, 9, 10, 11, 12, 13, 14)
    #: the opponent must claim a score before the next card is played, or lose it
    strict_claims: bool = False
    #: at level two, does a covering card count for later plays, or is its cell dead?
    level2_visibility: Visibility = "played_card_visible"

    def __post_init__(self) -> None:
        if len(self.suit_values) != 4:
            raise ValueError("suit_values: give 4 values (spades, hearts, clubs, diamonds), "
                             f"not {len(self.suit_values)}")
        if len(self.rank_values) != 8:
            raise ValueError("rank_values: give 8 values (7, 8, 9, 10, J, Q, K, A), "
                             f"not {len(self.rank_values)}")
        for key, values in (("suit_values", self.suit_values), ("rank_values", self.rank_values)):
            if any(v < 0 for v in values):
                raise ValueError(f"{key}: a value cannot be negative")


# --------------------------------------------------------------------------- moves


class MoveKind(Enum):
    """The kinds of decision; the value is the word a decision is written with."""

    PLACE = "place"
    CLAIM = "claim"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class Place:
    """Play ``card`` to the cell (``row``, ``col``) of the current frame.

    At level one the row and column may be -1 (just above or left of the layout); the
    layout is shifted after the card lands.  At level two the cell is one of the square's.
    The other fields are worked out once from these three, for the engine's hot path.
    """

    card: Card
    row: int
    col: int
    kind: ClassVar[MoveKind] = MoveKind.PLACE
    #: the frame cell the card lands in, once the frame is shifted
    index: int = field(init=False, repr=False, compare=False)
    #: the cell as a number from 0 to 35 (-1 off the cells a play may name)
    code: int = field(init=False, repr=False, compare=False)
    #: whether the frame moves before the card lands (row or column -1)
    shifts: bool = field(init=False, repr=False, compare=False)
    #: the card's board at :attr:`index` (see :mod:`printkit.games.vant.bits`)
    bits: int = field(init=False, repr=False, compare=False)
    #: the cells whose suit it matches, in its suit's lane
    suit_reach: int = field(init=False, repr=False, compare=False)
    #: the cells whose rank it matches, in its rank's lane
    rank_reach: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        card, row, col = self.card, self.row, self.col
        index = max(row, 0) * 4 + max(col, 0)
        setter = object.__setattr__
        setter(self, "index", index)
        setter(self, "code", bits.cell_code(row, col) if -1 <= row <= 4 and -1 <= col <= 4
               else -1)
        setter(self, "shifts", row < 0 or col < 0)
        card_known = 0 <= card < 32  # a move naming no card of the pack is simply illegal
        setter(self, "bits", bits.card_bits(card) << index if card_known else 0)
        setter(self, "suit_reach", bits.suit_reach(card, row, col) if card_known else 0)
        setter(self, "rank_reach", bits.rank_reach(card, row, col) if card_known else 0)


@dataclass(frozen=True, slots=True)
class ClaimPoints:
    """``claim``: take the pending points (``strict_claims`` only)."""

    kind: ClassVar[MoveKind] = MoveKind.CLAIM


@dataclass(frozen=True, slots=True)
class PassPoints:
    """``pass``: give the pending points up when no card may be played instead."""

    kind: ClassVar[MoveKind] = MoveKind.PASS


VantMove = Place | ClaimPoints | PassPoints
"""One decision of a player."""

Decision = ClaimPoints | PassPoints
"""The two decisions about pending points (``strict_claims`` only)."""

CLAIM = ClaimPoints()
PASS = PassPoints()

PLACES: dict[tuple[Card, int, int], Place] = {
    (card, r, c): Place(card, r, c) for card in range(32) for r in range(-1, 5)
    for c in range(-1, 5)
}
"""One shared :class:`Place` per card and cell, so move generation allocates nothing."""

PLACE_ROWS: tuple[tuple[Place, ...], ...] = tuple(
    tuple(PLACES[card, code // 6 - 1, code % 6 - 1] for code in range(36)) for card in range(32))
"""The same places by card, then by :attr:`Place.code`."""


# --------------------------------------------------------------------------- positions

Cells = tuple[Card | None, ...]
"""Sixteen cells of the 4 x 4 frame, row by row."""

EMPTY_CELLS: Cells = (None,) * 16


class _Fields(NamedTuple):
    """What a :class:`VantState` holds, the derived values after the given ones."""

    lower: Cells
    upper: Cells
    held: tuple[tuple[Card, ...], tuple[Card, ...]]
    hidden: tuple[int, int]
    scores: tuple[int, int]
    dealer: Player
    leader: Player | None
    pending: int
    turn: int
    placed: int
    covered: int
    filled: int
    topped: int
    shown: int
    alive: int


class VantState(_Fields):
    """A position: the two levels of the layout, hands, scores and whose turn it is.

    ``lower`` holds the level-one cards with the layout's bounding box at the frame's
    top-left; ``upper`` the level-two cards on top of them.  ``hands`` are the cards known
    to be held and ``hidden`` how many more each player holds unseen.  ``leader`` is known
    once level two can begin.  ``pending`` is what the player to move may still claim
    (``strict_claims`` only); ``turn`` counts decisions taken.

    The other values are derived from these, and kept so that a move costs a few integer
    operations: ``held`` (each hand as a sorted tuple, which ``hands`` reads), ``placed``
    and ``covered`` (cards at each level), ``filled`` and ``topped`` (bit ``i`` set when
    frame cell ``i`` holds a level-one or a level-two card), ``shown`` (the board of
    :mod:`~printkit.games.vant.bits` of what each cell shows) and ``alive`` (of the
    level-one cards not covered).  A state is an immutable tuple: two states are equal when
    their positions are.
    """

    __slots__ = ()

    def __new__(cls, lower: Cells = EMPTY_CELLS, upper: Cells = EMPTY_CELLS,
                hands: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset()),
                hidden: tuple[int, int] = (0, 0), scores: tuple[int, int] = (0, 0),
                dealer: Player = 1, leader: Player | None = None, pending: int = 0,
                turn: int = 0) -> VantState:
        lower, upper = tuple(lower), tuple(upper)
        showing = tuple(low if up is None else up for low, up in zip(lower, upper, strict=True))
        return tuple.__new__(cls, (
            lower, upper, (tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
            (hidden[0], hidden[1]), (scores[0], scores[1]), dealer, leader, pending, turn,
            16 - lower.count(None), 16 - upper.count(None), mask(lower), mask(upper),
            bits.board_of(showing),
            bits.board_of([low if up is None else None
                           for low, up in zip(lower, upper, strict=True)])))

    def __getnewargs__(self) -> tuple[Cells, Cells, tuple[frozenset[Card], frozenset[Card]],
                                      tuple[int, int], tuple[int, int], Player,
                                      Player | None, int, int]:
        """The given values, from which copying and pickling make the state again."""
        return (self.lower, self.upper, self.hands, self.hidden, self.scores, self.dealer,
                self.leader, self.pending, self.turn)

    def __repr__(self) -> str:
        given = ("lower", "upper", "hands", "hidden", "scores", "dealer", "leader", "pending",
                 "turn")
        return f"VantState({', '.join(f'{name}={getattr(self, name)!r}' for name in given)})"

    @property
    def hands(self) -> tuple[frozenset[Card], frozenset[Card]]:
        """The cards known to be held, by player."""
        return frozenset(self.held[0]), frozenset(self.held[1])

    def table(self) -> frozenset[Card]:
        """Every card on the table, face up or face down."""
        return frozenset(c for c in self.lower + self.upper if c is not None)


def hand_size(placed: int, covered: int, player: Player, dealer: Player,
              leader: Player | None) -> int:
    """How many cards ``player`` holds once this many cards are on the table."""
    if placed < 16:
        played = placed // 2 if player == dealer else (placed + 1) // 2
        return (4 if placed < 8 else 12) - played
    played = (covered + 1) // 2 if player == leader else covered // 2
    return 8 - played


def stock_size(placed: int) -> int:
    """Cards still in the stock."""
    return 24 if placed < 8 else 8 if placed < 16 else 0


def leader_by_rule(scores: tuple[int, int], dealer: Player) -> Player:
    """Level two is led by the higher score after level one, on a tie by the dealer."""
    if scores[0] == scores[1]:
        return dealer
    return 0 if scores[0] > scores[1] else 1


# --------------------------------------------------------------------------- the frame

DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
STEPS = ((-1, 0, "below"), (0, -1, "right of"), (0, 1, "left of"), (1, 0, "above"))
"""Neighbour offsets of an empty cell, with the word that names the cell from it."""


def inside(row: int, col: int) -> bool:
    """Whether (``row``, ``col``) is a cell of the 4 x 4 frame."""
    return 0 <= row < 4 and 0 <= col < 4


@dataclass(frozen=True)
class Reach:
    """The frame cells a card at some cell is compared with."""

    around: tuple[int, ...]  # the eight surrounding cells (suit matches)
    lines: tuple[int, ...]  # its row, column and both diagonals (rank matches)


def _reach(row: int, col: int) -> Reach:
    around = tuple((row + dr) * 4 + col + dc for dr, dc in DIRECTIONS
                   if inside(row + dr, col + dc))
    lines = tuple((row + k * dr) * 4 + col + k * dc for dr, dc in DIRECTIONS
                  for k in range(1, 6) if inside(row + k * dr, col + k * dc))
    return Reach(around, lines)


REACH: dict[tuple[int, int], Reach] = {
    (r, c): _reach(r, c) for r in range(-1, 5) for c in range(-1, 5)
}


def mask(cells: Cells) -> int:
    """Bit ``i`` set for each filled cell ``i``."""
    out = 0
    bit = 1
    for card in cells:  # a plain loop: this runs for every position made
        if card is not None:
            out |= bit
        bit <<= 1
    return out


@cache
def uncovered(covered: int) -> tuple[tuple[int, int], ...]:
    """The level-two cells (row, column) not yet covered, for the covered cells' mask."""
    return tuple((code // 6 - 1, code % 6 - 1) for code in bits.UNCOVERED_CODES[covered])


@cache
def open_cells(filled: int) -> tuple[tuple[tuple[int, int], ...], frozenset[tuple[int, int]]]:
    """Where the next level-one card may go (in order, and as a set) for these cells.

    >>> open_cells(0)[0]
    ((0, 0),)
    >>> open_cells(0b1)[0]
    ((-1, 0), (0, -1), (0, 1), (1, 0))
    """
    cells = tuple((code // 6 - 1, code % 6 - 1) for code in bits.OPEN_CODES[filled])
    return cells, frozenset(cells)


def shifted(cells: Cells, row: int, col: int) -> Cells:
    """The frame moved one row down if ``row`` is -1 and one column right if ``col`` is."""
    if row < 0:
        cells = EMPTY_CELLS[:4] + cells[:12]
    if col < 0:
        cells = tuple(None if i % 4 == 0 else cells[i - 1] for i in range(16))
    return cells


def shifted_mask(filled: int, row: int, col: int) -> int:
    """:func:`mask` of ``shifted(cells, row, col)`` from ``filled``, the mask of ``cells``.

    >>> shifted_mask(0b0011_0001, -1, -1) == mask(shifted((0, None, None, None, 1, 2)
    ...                                                  + (None,) * 10, -1, -1))
    True
    """
    if row < 0:
        filled = filled << 4 & 0xFFFF
    if col < 0:
        filled = filled << 1 & 0xEEEE
    return filled


def connected(cells: Cells) -> set[int]:
    """Indices of the filled cells orthogonally connected to the first filled one."""
    filled = {i for i, c in enumerate(cells) if c is not None}
    if not filled:
        return set()
    seen = {min(filled)}
    todo = [min(filled)]
    while todo:
        i = todo.pop()
        r, c = divmod(i, 4)
        for dr, dc, _ in STEPS:
            j = (r + dr) * 4 + c + dc
            if inside(r + dr, c + dc) and j in filled and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen
