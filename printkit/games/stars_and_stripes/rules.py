"""Stars and Stripes: a territory game with square domino cards around a central Trump.

Each card shows 1-6 stars and 1-6 stripes (36 cards per deck).  Players grow a connected
group of *followers* from their home corner; two cards sharing an edge must agree in stars or
in stripes.  Lone cards (*independents*) may be dropped anywhere with nothing around them and
join whoever reaches them first.  The player who first touches the central Trump ignores the
matching rule for the rest of the game.  Every ruling that groups may play differently is a
field of :class:`StarsAndStripesParams` (also exported as ``Params``).

Rulings taken here beyond the written specification:

- With ``opponent_contact="edge_and_corner"`` the contact rule covers every card that a
  placement turns into a follower, so an independent that touches another player's follower
  at a corner cannot be taken over (territories never touch, not even after a capture).
- A player whose hand is unknown (see below) takes part in no exchange.
- ``winners`` is empty until the game is over; equal top scores share the win.

Squares are written ``row,col`` (0-based, row 0 is the north edge).  Players are named by
their home square (``NW``, ``NE``, ``SE``, ``SW``, or ``N``/``E``/``S``/``W`` for the middle of
an edge); when some home is given as a bare ``row:col`` every player is named ``P1``, ``P2``...
in seating order.  Seating order is the order of the homes and play goes round it.

Position notation
-----------------
One line per board row, north to south, one token per square separated by any whitespace::

    .            empty square
    I:2*2        an independent: stars*stripes
    NW:5*6       a follower of NW
    TRUMP        the unclaimed Trump (always on the centre square)
    TRUMP:NE     the Trump, held by NE

With two or more decks a card carries its deck letter (``5*6A``, ``5*6B`` ...); a card
written without one is from deck A.  The rows are followed by ``key: value`` lines in any
order (``#`` starts a comment, letter case does not matter)::

    to move: NE          the player whose turn it is, or "none" once the game is over (required)
    first: NW            who opens each round (default: the player to move)
    placed: yes          whether a card was placed earlier in this round (default: no)
    turn: 17             turns taken so far (default: 0)
    hand NE: 1*3 6*4     a hand, in any order; "-" for an empty hand, "?" for an unknown one

A player without a ``hand`` line has an *unknown* hand: it may hold any card that is neither
on the board nor in a listed hand, so booklet examples need not invent hands.  Such a
player may place any of those cards, runs out of cards only when none is left, and takes
part in no exchange (its outcome would be undefined).  ``view`` writes the hands a player
cannot see as unknown, with their size in a comment.

The seed's position "NE is blocked", as an example::

    NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1
    NW:5*5 .      .      I:2*2  .      NE:6*3 .
    NW:3*5 .      .      .      .      .      I:1*4
    .      .      .      TRUMP  .      .      .
    .      .      SW:4*1 .      .      .      SE:6*2
    .      .      SW:1*1 .      I:5*1  .      SE:4*2
    SW:4*6 SW:2*6 SW:1*6 .      .      SE:3*2 SE:5*2
    to move: NE

Move notation
-------------
``F 2,5 1*3`` places 1*3 on square 2,5 as a follower; ``I 3,0 2*2`` places 2*2 on 3,0 as an
independent; ``X SE`` exchanges a random card with SE; ``pass``.  The words ``follower``,
``independent`` and ``exchange`` may replace the letters, and a square may be written
``(2, 5)``.  ``legal_moves`` lists follower placements, then independent placements (both
by square, then card), then exchanges in seating order from the mover; a pass only when
nothing else is possible.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, overload

from printkit.rules.base import (
    NO_PLAYER,
    Claim,
    Game,
    IllegalMoveError,
    NotationError,
    Player,
)

STARS_MAX: Final = 6
KINDS: Final = STARS_MAX * STARS_MAX
"""Distinct (stars, stripes) pairs, i.e. cards in one deck."""

EMPTY: Final = -1
TRUMP: Final = -2
"""Values of :attr:`State.cells` that are not cards; cards are ids 0..36k-1."""

NOBODY: Final = -1

FOLLOWER: Final = 0
INDEPENDENT: Final = 1
EXCHANGE: Final = 2
PASS: Final = 3

CORNERS: Final = ("NW", "NE", "SE", "SW")
EDGE_MIDDLES: Final = ("N", "E", "S", "W")
DEFAULT_HOMES: Final[Mapping[int, tuple[str, ...]]] = {
    2: ("NW", "SE"),
    3: ("NW", "NE", "SE"),
    4: ("NW", "NE", "SE", "SW"),
}
DECK_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Square = int
"""A square as an index ``row * size + col``."""
Card = int
"""A card id: ``deck * 36 + (stars - 1) * 6 + (stripes - 1)``."""


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


# --------------------------------------------------------------------------- parameters


def _home_square(text: str, size: int) -> tuple[int, int] | None:
    """Where a home named ``text`` lies on a board of ``size``, or None if unreadable."""
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
    """Whether a new follower may touch another player's follower at a corner."""
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
            square = _home_square(text, size)
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
            square = _home_square(text, size)
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
class _Geometry:
    """Neighbour tables of one board size (squares are row-major indices)."""

    size: int
    edge: tuple[tuple[int, ...], ...]
    edge_mask: tuple[int, ...]
    king_mask: tuple[int, ...]
    closed_king_mask: tuple[int, ...]
    centre: int


@functools.cache
def _geometry(size: int) -> _Geometry:
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
    return _Geometry(size, tuple(edge), tuple(edge_mask), tuple(king_mask), closed,
                     (size // 2) * size + size // 2)


def _squares_of(mask: int) -> list[int]:
    """The set bits of ``mask`` in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --------------------------------------------------------------------------- state and moves


class State(NamedTuple):
    """A position, as an immutable tuple.

    The first eight fields define it.  ``cells`` holds per square a card id, :data:`EMPTY`
    or :data:`TRUMP`; ``followers`` is per player a bit mask of the squares of their
    followers (any other card on the board is an independent); a hand is a sorted tuple of
    card ids, or None when unknown.  The last five fields are derived from the first eight
    and kept up to date by the engine so that move generation is cheap; being functions of
    the others they never make two equal positions compare unequal.  A named tuple rather
    than a frozen dataclass because it is built once per move and is several times faster
    to construct.
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
    frontier: tuple[int, ...]
    """Per player: empty squares sharing an edge with one of their followers."""
    zone: tuple[int, ...]
    """Per player: empty squares touching their followers under the contact rule."""
    free: tuple[Square, ...]
    """Empty squares with nothing around them, in increasing order (independent spots)."""

    def __repr__(self) -> str:
        return (f"State(cells={self.cells!r}, followers={self.followers!r}, "
                f"hands={self.hands!r}, to_move={self.to_move}, first={self.first}, "
                f"placed={self.placed}, turn={self.turn}, trump_holder={self.trump_holder})")


class Move(NamedTuple):
    """A move: ``kind`` is FOLLOWER, INDEPENDENT, EXCHANGE or PASS.

    ``square`` is the target square of a placement (-1 otherwise); ``arg`` is the card placed,
    or the opponent of an exchange (-1 for a pass).
    """

    kind: int
    square: Square
    arg: int


PASS_MOVE: Final = Move(PASS, -1, -1)


class MoveList(Sequence[Move]):
    """The legal moves of one position, in a fixed order.

    Follower placements (by square, then card) come first, then independent placements (by
    square, then card), then exchanges (in seating order after the mover), or a lone pass.
    Independent placements are usually the bulk of the list; they are made only when asked
    for, so drawing one random move from a long list is cheap.  Membership tests are fast.
    """

    __slots__ = ("_cards", "_head", "_n_head", "_n_ind", "_rows", "_squares", "_tail")

    def __init__(self, head: list[Move], rows: Sequence[tuple[Move, ...]],
                 squares: tuple[Square, ...], cards: tuple[Card, ...], tail: list[Move]) -> None:
        self._head = head
        self._rows = rows
        self._squares = squares
        self._cards = cards
        self._tail = tail
        self._n_head = len(head)
        self._n_ind = len(squares) * len(cards)

    def __len__(self) -> int:
        return self._n_head + self._n_ind + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("move index out of range")
        if index < self._n_head:
            return self._head[index]
        index -= self._n_head
        if index < self._n_ind:
            row, col = divmod(index, len(self._cards))
            return self._rows[self._squares[row]][self._cards[col]]
        return self._tail[index - self._n_ind]

    def __iter__(self) -> Iterator[Move]:
        yield from self._head
        for square in self._squares:
            row = self._rows[square]
            for card in self._cards:
                yield row[card]
        yield from self._tail

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != 3:
            return False
        kind, square, arg = move
        if type(kind) is not int or type(square) is not int or type(arg) is not int:
            return False
        if kind == INDEPENDENT:
            return square in self._squares and arg in self._cards
        if kind == FOLLOWER:
            return move in self._head
        return move in self._tail

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


_EMPTY_MOVES: Final = MoveList([], (), (), (), [])

REASONS: Final[Mapping[str, str]] = {
    "game_over": "the game is over",
    "occupied": "the square is not empty",
    "not_isolated": "an independent needs all eight surrounding squares empty",
    "no_follower_neighbour": "no follower of the mover shares an edge with the square",
    "opponent_contact": "the new follower(s) would touch another player's follower",
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
"""Why a move is illegal: stable codes (the ``illegal_reason`` claim) and their meaning."""

_FIELD_RE: Final = re.compile(
    r"\s*(to\s+move|first|placed|turn|hand\s+([^\s:]+))\s*:", re.IGNORECASE
)
_CARD_RE: Final = re.compile(r"([0-9]+)\*([0-9]+)([A-Za-z]?)")
_SQUARE_RE: Final = re.compile(r"(\()?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)(?(1)\s*\))")
_TOKEN_RE: Final = re.compile(r"\S+")


# --------------------------------------------------------------------------- the engine


class StarsAndStripes(Game[State, Move, StarsAndStripesParams]):
    """The Stars and Stripes rules engine (any board size, 2-4 players, k decks)."""

    name = "stars-and-stripes"
    title = "Stars and Stripes"
    Params = StarsAndStripesParams

    def __init__(self, params: StarsAndStripesParams | None = None) -> None:
        super().__init__(params)
        p: StarsAndStripesParams = self.params
        self.size: int = p.size
        self.players: int = p.players
        self.names: tuple[str, ...] = p.player_names
        self.cards_per_player: int = p.cards_per_player
        self.home_indices: tuple[Square, ...] = tuple(
            r * self.size + c for r, c in p.home_squares)
        """The home squares as indices (``row * size + col``), in seating order."""
        self.n_cards: int = KINDS * p.decks
        geo = _geometry(self.size)
        self._geo = geo
        self.centre: Square = geo.centre
        self._corner = p.opponent_contact == "edge_and_corner"
        self._forbid = p.trump_exclusive == "forbid"
        self._contact_mask = geo.king_mask if self._corner else geo.edge_mask
        self._trump_bit = 1 << geo.centre
        self._kill_span = tuple(
            (max(0, s - self.size - 1), s + self.size + 1) for s in range(self.size * self.size)
        )
        self._trump_adjacent = geo.edge_mask[geo.centre]
        self._all_cards = (1 << self.n_cards) - 1
        match_kind = [
            sum(1 << k for k in range(KINDS) if cards_match(a, k)) for a in range(KINDS)
        ]
        every_deck = [sum(m << (d * KINDS) for d in range(p.decks)) for m in match_kind]
        self._match: tuple[int, ...] = tuple(every_deck[c % KINDS] for c in range(self.n_cards))
        self._others: tuple[tuple[Player, ...], ...] = tuple(
            tuple((q + i) % self.players for i in range(1, self.players))
            for q in range(self.players)
        )
        squares = range(self.size * self.size)
        cards = range(self.n_cards)
        self._follower_rows = tuple(tuple(Move(FOLLOWER, s, c) for c in cards) for s in squares)
        self._independent_rows = tuple(
            tuple(Move(INDEPENDENT, s, c) for c in cards) for s in squares
        )
        self._exchange_moves = tuple(Move(EXCHANGE, -1, q) for q in range(self.players))
        multi = p.decks > 1
        self._card_text: tuple[str, ...] = tuple(
            f"{s}*{t}" + (DECK_LETTERS[d] if multi else "")
            for s, t, d in map(card_values, cards)
        )
        self._card_lookup: dict[str, Card] = {}
        for c in cards:
            s, t, d = card_values(c)
            self._card_lookup[f"{s}*{t}{DECK_LETTERS[d]}"] = c
            if d == 0:
                self._card_lookup[f"{s}*{t}"] = c
        self._name_lookup = {n: i for i, n in enumerate(self.names)}
        self._cache: tuple[State, MoveList] | None = None

    # ---- derived values a booklet prints

    @property
    def board_size(self) -> int:
        """The side of the board."""
        return self.size

    def square_text(self, square: Square) -> str:
        """``row,col`` of a square."""
        return f"{square // self.size},{square % self.size}"

    def card_text(self, card: Card) -> str:
        """A card as the notation writes it (``5*6``, or ``5*6B`` with several decks)."""
        return self._card_text[card]

    # ---- setup and play

    def build_state(self, cells: tuple[int, ...], followers: tuple[int, ...],
                    hands: tuple[tuple[Card, ...] | None, ...], to_move: Player, first: Player,
                    placed: bool, turn: int, holder: Player) -> State:
        """A state from its eight defining fields, the derived ones computed from scratch.

        Nothing is checked: :meth:`parse_state` is the way to build a position from text.
        """
        geo = self._geo
        occupied = sum(1 << s for s, c in enumerate(cells) if c != EMPTY)
        owned = 0
        for mask in followers:
            owned |= mask
        independents = sum(1 << s for s, c in enumerate(cells) if c >= 0) & ~owned
        frontier = []
        zone = []
        for mask in followers:
            edge = contact = 0
            for s in _squares_of(mask):
                edge |= geo.edge_mask[s]
                contact |= self._contact_mask[s]
            frontier.append(edge & ~occupied)
            zone.append(contact & ~occupied)
        free = tuple(s for s in range(len(cells)) if not geo.closed_king_mask[s] & occupied)
        front = tuple(frontier)
        return State(cells, followers, hands, to_move, first, placed, turn, holder,
                     occupied, independents, front, tuple(zone) if self._corner else front, free)

    def initial_state(self, rng: random.Random) -> State:
        deck = list(range(self.n_cards))
        rng.shuffle(deck)
        cells = [EMPTY] * (self.size * self.size)
        cells[self.centre] = TRUMP
        for player, home in enumerate(self.home_indices):
            cells[home] = deck[player]
        count = self.cards_per_player
        start = self.players
        hands = tuple(
            tuple(sorted(deck[start + i * count:start + (i + 1) * count]))
            for i in range(self.players)
        )
        first = rng.randrange(self.players)
        followers = tuple(1 << home for home in self.home_indices)
        return self.build_state(tuple(cells), followers, hands, first, first, False, 0, NOBODY)

    def current_player(self, state: State) -> Player:
        return state.to_move if state.to_move >= 0 else NO_PLAYER

    def is_terminal(self, state: State) -> bool:
        return state.to_move < 0

    def num_players(self, state: State) -> int:
        return len(state.followers)

    def turn_number(self, state: State) -> int:
        return state.turn

    def player_names(self, state: State) -> tuple[str, ...]:
        return self.names

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(mask.bit_count() for mask in state.followers)

    def winners(self, state: State) -> tuple[Player, ...]:
        """Every player with the most followers once the game is over (empty before)."""
        if state.to_move >= 0:
            return ()
        scores = self.scores(state)
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    def _pool(self, state: State) -> tuple[Card, ...]:
        """Cards neither on the board nor in a known hand (what an unknown hand may hold)."""
        seen = 0
        for c in state.cells:
            if c >= 0:
                seen |= 1 << c
        for hand in state.hands:
            if hand is not None:
                for c in hand:
                    seen |= 1 << c
        return tuple(_squares_of(self._all_cards & ~seen))

    def _hand(self, state: State, player: Player) -> tuple[Card, ...]:
        hand = state.hands[player]
        return self._pool(state) if hand is None else hand

    def _follower_options(self, state: State, player: Player) -> list[tuple[Square, int]]:
        """Each empty square where ``player`` may place a follower, with the bit mask of the
        cards the matching rule allows there (all cards for the Trump holder)."""
        candidates = state.frontier[player]
        zone = state.zone
        for other in self._others[player]:
            candidates &= ~zone[other]
        holder = state.trump_holder
        if self._forbid and holder >= 0 and holder != player:
            candidates &= ~self._trump_adjacent
        exempt = holder == player
        everything = self._all_cards
        cells = state.cells
        match = self._match
        edge = self._geo.edge
        check_capture = self._corner and state.independents
        options = []
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            square = low.bit_length() - 1
            if check_capture and self._capture_touches(state, player, square):
                continue
            allowed = everything
            if not exempt:
                for near in edge[square]:
                    card = cells[near]
                    if card >= 0:
                        allowed &= match[card]
            options.append((square, allowed))
        return options

    def _capture_group(self, state: State, square: Square) -> int:
        """The independents a follower on ``square`` would take over (a flood fill)."""
        edge_mask = self._geo.edge_mask
        loose = state.independents
        todo = edge_mask[square] & loose
        group = 0
        while todo:
            low = todo & -todo
            group |= low
            todo = (todo | (edge_mask[low.bit_length() - 1] & loose)) & ~group
        return group

    def _capture_touches(self, state: State, player: Player, square: Square) -> bool:
        """Whether independents taken from ``square`` would touch another player's follower."""
        group = self._capture_group(state, square)
        if not group:
            return False
        reach = 0
        for s in _squares_of(group):
            reach |= self._contact_mask[s]
        return any(reach & state.followers[other] for other in self._others[player])

    def legal_moves(self, state: State) -> MoveList:
        player = state.to_move
        if player < 0:
            return _EMPTY_MOVES
        hand = state.hands[player]
        if hand is None:
            hand = self._pool(state)
        head: list[Move] = []
        tail: list[Move] = []
        if hand:
            rows = self._follower_rows
            held = 0
            for card in hand:
                held |= 1 << card
            everything = self._all_cards
            for square, allowed in self._follower_options(state, player):
                row = rows[square]
                if allowed == everything:
                    head.extend([row[c] for c in hand])
                    continue
                fits = allowed & held
                while fits:  # usually only a few cards fit, so walk the set bits
                    low = fits & -fits
                    head.append(row[low.bit_length() - 1])
                    fits ^= low
            if state.hands[player] is not None:
                hands = state.hands
                for other in self._others[player]:
                    if hands[other]:
                        tail.append(self._exchange_moves[other])
        free = state.free if hand else ()
        if not head and not free and not tail:
            tail.append(PASS_MOVE)
        moves = MoveList(head, self._independent_rows, free, hand, tail)
        self._cache = (state, moves)
        return moves

    def refusal(self, state: State, move: Move) -> IllegalMoveError:
        reason = self.illegal_reason(state, move) or "bad_move"
        try:
            text = self.format_move(state, move)
        except ValueError:
            text = repr(move)
        who = self.names[state.to_move] if state.to_move >= 0 else "nobody"
        return IllegalMoveError(
            f"illegal move {text!r} for {who} at turn {state.turn}: {REASONS[reason]} "
            f"({reason})"
        )

    def _play(self, state: State, move: Move, rng: random.Random) -> State:
        """The state after a legal ``move`` (nothing is checked here)."""
        kind, square, arg = move
        player = state.to_move
        hands = state.hands
        followers = state.followers
        holder = state.trump_holder
        placed = state.placed
        cells = state.cells
        occupied = state.occupied
        independents = state.independents
        frontier = state.frontier
        zone = state.zone
        free = state.free
        if kind <= INDEPENDENT:
            hand = hands[player]
            if hand is not None:
                i = hand.index(arg)
                new_hands = list(hands)
                new_hands[player] = hand[:i] + hand[i + 1:]
                hands = tuple(new_hands)
            board = list(cells)
            board[square] = arg
            cells = tuple(board)
            bit = 1 << square
            occupied |= bit
            keep = ~bit
            if kind == FOLLOWER:
                geo = self._geo
                grow = geo.edge_mask[square]
                touch = self._contact_mask[square]
                group = self._capture_group(state, square) if grow & independents else 0
                if group:
                    independents &= ~group
                    for s in _squares_of(group):
                        grow |= geo.edge_mask[s]
                        touch |= self._contact_mask[s]
                if holder < 0 and grow & self._trump_bit:
                    holder = player
                new_followers = list(followers)
                new_followers[player] |= bit | group
                followers = tuple(new_followers)
                new_frontier = [f & keep for f in frontier]
                new_frontier[player] = (frontier[player] | grow) & ~occupied
                frontier = tuple(new_frontier)
                if self._corner:
                    new_zone = [z & keep for z in zone]
                    new_zone[player] = (zone[player] | touch) & ~occupied
                    zone = tuple(new_zone)
                else:
                    zone = frontier
            else:
                independents |= bit
                frontier = tuple(f & keep for f in frontier)
                zone = tuple(z & keep for z in zone) if self._corner else frontier
            if free:
                # only squares within a row of ``square`` can stop being free
                low, high = self._kill_span[square]
                i = bisect.bisect_left(free, low)
                j = bisect.bisect_right(free, high, i)
                if i < j:
                    kill = self._geo.closed_king_mask[square]
                    kept = tuple([s for s in free[i:j] if not kill >> s & 1])
                    free = free[:i] + kept + free[j:]
            placed = True
        elif kind == EXCHANGE:
            mine_hand = hands[player]
            their_hand = hands[arg]
            assert mine_hand is not None and their_hand is not None
            given = mine_hand[rng.randrange(len(mine_hand))]
            taken = their_hand[rng.randrange(len(their_hand))]
            swapped = list(hands)
            swapped[player] = tuple(sorted([c for c in mine_hand if c != given] + [taken]))
            swapped[arg] = tuple(sorted([c for c in their_hand if c != taken] + [given]))
            hands = tuple(swapped)
        to_move = (player + 1) % self.players
        if to_move == state.first:
            if not placed or self._someone_out_of_cards(cells, hands):
                to_move = NOBODY
            placed = False
        return State(cells, followers, hands, to_move, state.first, placed, state.turn + 1,
                     holder, occupied, independents, frontier, zone, free)

    def _someone_out_of_cards(self, cells: tuple[int, ...],
                              hands: tuple[tuple[Card, ...] | None, ...]) -> bool:
        if any(hand is not None and not hand for hand in hands):
            return True
        if all(hand is not None for hand in hands):
            return False
        held = sum(len(hand) for hand in hands if hand is not None)
        on_board = sum(1 for c in cells if c >= 0)
        return held + on_board >= self.n_cards

    # ---- explaining legality

    def illegal_reason(self, state: State, move: Move) -> str | None:
        """A stable code from :data:`REASONS` saying why ``move`` is illegal, or None."""
        player = state.to_move
        if player < 0:
            return "game_over"
        try:
            kind, square, arg = move
        except (TypeError, ValueError):
            return "bad_move"
        if type(kind) is not int or type(square) is not int or type(arg) is not int:
            return "bad_move"
        if kind in (FOLLOWER, INDEPENDENT):
            if not (0 <= square < len(state.cells) and 0 <= arg < self.n_cards):
                return "bad_move"
            if state.cells[square] != EMPTY:
                return "occupied"
            if kind == INDEPENDENT:
                if self._geo.closed_king_mask[square] & state.occupied:
                    return "not_isolated"
            else:
                reason = self._follower_square_reason(state, player, square)
                if reason is not None:
                    return reason
                allowed = dict(self._follower_options(state, player)).get(square, 0)
                if not allowed >> arg & 1:
                    return "matching"
            if arg in state.cells:
                return "on_board"
            if arg not in self._hand(state, player):
                return "not_in_hand"
            return None
        if kind == EXCHANGE:
            if not 0 <= arg < self.players:
                return "bad_move"
            if arg == player:
                return "self_exchange"
            mine, theirs = state.hands[player], state.hands[arg]
            if mine is None or theirs is None:
                return "hand_unknown"
            if not mine:
                return "no_cards"
            if not theirs:
                return "opponent_no_cards"
            return None
        if kind == PASS:
            moves = self.legal_moves(state)
            return None if len(moves) == 1 and moves[0] == PASS_MOVE else "must_act"
        return "bad_move"

    def _follower_square_reason(self, state: State, player: Player,
                                square: Square) -> str | None:
        """Why no follower of ``player`` may go on the empty ``square`` (None if one may)."""
        edge_mask = self._geo.edge_mask[square]
        if not edge_mask & state.followers[player]:
            return "no_follower_neighbour"
        for other in self._others[player]:
            if self._contact_mask[square] & state.followers[other]:
                return "opponent_contact"
        if self._corner and self._capture_touches(state, player, square):
            return "opponent_contact"
        holder = state.trump_holder
        if self._forbid and holder >= 0 and holder != player and edge_mask & self._trump_bit:
            return "trump_claimed"
        return None

    # ---- notation

    def _player_text(self, player: Player) -> str:
        return self.names[player] if player >= 0 else "none"

    def _cell_text(self, state: State, square: Square) -> str:
        card = state.cells[square]
        if card == EMPTY:
            return "."
        if card == TRUMP:
            holder = state.trump_holder
            return "TRUMP" if holder < 0 else f"TRUMP:{self.names[holder]}"
        bit = 1 << square
        for player, mask in enumerate(state.followers):
            if mask & bit:
                return f"{self.names[player]}:{self._card_text[card]}"
        return f"I:{self._card_text[card]}"

    def _hand_text(self, hand: tuple[Card, ...] | None) -> str:
        if hand is None:
            return "?"
        return " ".join(self._card_text[c] for c in hand) if hand else "-"

    def _board_text(self, state: State) -> list[str]:
        tokens = [self._cell_text(state, s) for s in range(len(state.cells))]
        width = max(len(t) for t in tokens)
        n = self.size
        return [
            " ".join(t.ljust(width) for t in tokens[r * n:(r + 1) * n]).rstrip()
            for r in range(n)
        ]

    def format_state(self, state: State) -> str:
        lines = self._board_text(state)
        lines.append(f"to move: {self._player_text(state.to_move)}")
        lines.append(f"first: {self._player_text(state.first)}")
        lines.append(f"placed: {'yes' if state.placed else 'no'}")
        lines.append(f"turn: {state.turn}")
        for player, hand in enumerate(state.hands):
            lines.append(f"hand {self.names[player]}: {self._hand_text(hand)}")
        return "\n".join(lines) + "\n"

    def view(self, state: State, player: Player) -> str:
        lines = self._board_text(state)
        lines.append(f"to move: {self._player_text(state.to_move)}")
        lines.append(f"first: {self._player_text(state.first)}")
        lines.append(f"placed: {'yes' if state.placed else 'no'}")
        lines.append(f"turn: {state.turn}")
        for other, hand in enumerate(state.hands):
            if other == player or hand is None:
                text = self._hand_text(hand)
            else:
                text = f"?  # {len(hand)} card{'s' if len(hand) != 1 else ''}"
            lines.append(f"hand {self.names[other]}: {text}")
        return "\n".join(lines) + "\n"

    def _parse_card(self, word: str, text: str, offset: int) -> Card:
        card = self._card_lookup.get(word.upper())
        if card is not None:
            return card
        match = _CARD_RE.fullmatch(word)
        if match is None:
            raise NotationError.at(
                f"expected a card such as 5*6 (stars*stripes), not {word!r}", text, offset)
        stars, stripes = int(match.group(1)), int(match.group(2))
        if not (1 <= stars <= STARS_MAX and 1 <= stripes <= STARS_MAX):
            raise NotationError.at(
                f"card {word!r}: stars and stripes go from 1 to {STARS_MAX}", text, offset)
        decks = DECK_LETTERS[:self.params.decks]
        raise NotationError.at(
            f"card {word!r}: the deck letter must be one of {', '.join(decks)}", text, offset)

    def _parse_player(self, word: str, text: str, offset: int, *, none_ok: bool = False
                      ) -> Player:
        upper = word.upper()
        if none_ok and upper == "NONE":
            return NOBODY
        player = self._name_lookup.get(upper)
        if player is None:
            raise NotationError.at(
                f"unknown player {word!r}; the players are {', '.join(self.names)}",
                text, offset)
        return player

    def parse_state(self, text: str) -> State:
        n = self.size
        rows: list[list[tuple[str, int]]] = []
        values: dict[str, tuple[str, int]] = {}
        hand_texts: dict[Player, tuple[str, int]] = {}
        offset = 0
        for line in text.split("\n"):
            body = line.split("#", 1)[0]
            match = _FIELD_RE.match(body)
            if match is None:
                tokens = [(m.group(), offset + m.start()) for m in _TOKEN_RE.finditer(body)]
                if tokens:
                    rows.append(tokens)
            else:
                key = " ".join(match.group(1).lower().split())
                value = body[match.end():]
                start = offset + match.end() + len(value) - len(value.lstrip())
                if match.group(2) is not None:
                    player = self._parse_player(match.group(2), text, offset + match.start(2))
                    if player in hand_texts:
                        raise NotationError.at(
                            f"a second hand line for {self.names[player]}", text, offset)
                    hand_texts[player] = (value.strip(), start)
                else:
                    if key in values:
                        raise NotationError.at(f"a second {key!r} line", text, offset)
                    values[key] = (value.strip(), start)
            offset += len(line) + 1
        if len(rows) != n:
            where = rows[n][0][1] if len(rows) > n else len(text)
            raise NotationError.at(
                f"the board needs {n} rows of {n} squares, found {len(rows)} rows", text, where)
        cells = [EMPTY] * (n * n)
        owner = [NOBODY] * (n * n)
        where_at = [0] * (n * n)
        holder = NOBODY
        seen: dict[Card, int] = {}
        for r, row in enumerate(rows):
            if len(row) != n:
                where = row[n][1] if len(row) > n else row[-1][1] + len(row[-1][0])
                raise NotationError.at(
                    f"row {r} needs {n} squares, found {len(row)}", text, where)
            for c, (word, pos) in enumerate(row):
                square = r * n + c
                where_at[square] = pos
                if word == ".":
                    continue
                label, colon, rest = word.partition(":")
                upper = label.upper()
                if upper == "TRUMP":
                    if square != self.centre:
                        raise NotationError.at(
                            f"the Trump lies on the centre square {self.square_text(self.centre)}",
                            text, pos)
                    cells[square] = TRUMP
                    if colon:
                        holder = self._parse_player(rest, text, pos + len(label) + 1)
                    continue
                if not colon:
                    card = self._parse_card(word, text, pos)
                    raise NotationError.at(
                        f"say whose card {word!r} is: I:{self._card_text[card]} for an "
                        f"independent or <player>:{self._card_text[card]} for a follower",
                        text, pos)
                card = self._parse_card(rest, text, pos + len(label) + 1)
                if card in seen:
                    raise NotationError.at(
                        f"card {rest!r} appears twice", text, pos + len(label) + 1)
                seen[card] = pos
                cells[square] = card
                if upper != "I":
                    owner[square] = self._parse_player(label, text, pos)
        if cells[self.centre] != TRUMP:
            raise NotationError.at(
                f"the centre square {self.square_text(self.centre)} must hold the Trump",
                text, where_at[self.centre])
        hands: list[tuple[Card, ...] | None] = [None] * self.players
        for player, (value, start) in sorted(hand_texts.items()):
            if value in ("?", ""):
                if value == "":
                    raise NotationError.at(
                        "write '-' for an empty hand or '?' for an unknown one", text, start)
                continue
            if value == "-":
                hands[player] = ()
                continue
            cards = []
            for m in _TOKEN_RE.finditer(value):
                card = self._parse_card(m.group(), text, start + m.start())
                if card in seen:
                    raise NotationError.at(
                        f"card {m.group()!r} is already on the board or in a hand",
                        text, start + m.start())
                seen[card] = start + m.start()
                cards.append(card)
            hands[player] = tuple(sorted(cards))
        if "to move" not in values:
            raise NotationError.at(
                "missing 'to move: <player>' line (or 'to move: none' for a finished game)",
                text, len(text))
        word, pos = values["to move"]
        to_move = self._parse_player(word, text, pos, none_ok=True)
        first = to_move if to_move >= 0 else 0
        if "first" in values:
            word, pos = values["first"]
            first = self._parse_player(word, text, pos)
        placed = False
        if "placed" in values:
            word, pos = values["placed"]
            if word.lower() not in ("yes", "no"):
                raise NotationError.at(f"'placed' is yes or no, not {word!r}", text, pos)
            placed = word.lower() == "yes"
        turn = 0
        if "turn" in values:
            word, pos = values["turn"]
            if re.fullmatch(r"[0-9]+", word) is None:
                raise NotationError.at(
                    f"'turn' is a count of turns, not {word!r}", text, pos)
            turn = int(word)
        followers = [0] * self.players
        for square, player in enumerate(owner):
            if player >= 0:
                followers[player] |= 1 << square
        state = self.build_state(tuple(cells), tuple(followers), tuple(hands), to_move, first,
                                 placed, turn, holder)
        problem = self._impossibility(state)
        if problem is not None:
            message, square = problem
            raise NotationError.at(message, text, where_at[square])
        return state

    def _impossibility(self, state: State) -> tuple[str, Square] | None:
        """Something no game could have led to, with the square to point at, or None."""
        geo = self._geo
        sq = self.square_text
        cells = state.cells
        for player, home in enumerate(self.home_indices):
            name = self.names[player]
            if not state.followers[player] >> home & 1:
                return f"{name}'s home square {sq(home)} must hold a follower of {name}", home
        for player, home in enumerate(self.home_indices):
            name = self.names[player]
            reached = 1 << home
            todo = reached
            mine = state.followers[player]
            while todo:
                low = todo & -todo
                todo ^= low
                step = geo.edge_mask[low.bit_length() - 1] & mine & ~reached
                reached |= step
                todo |= step
            stray = mine & ~reached
            if stray:
                s = _squares_of(stray)[0]
                return f"follower of {name} on {sq(s)} is not linked to {name}'s home", s
        for player, mask in enumerate(state.followers):
            others = 0
            for other in self._others[player]:
                others |= state.followers[other]
            for s in _squares_of(mask):
                if self._contact_mask[s] & others:
                    return f"followers of two players touch at {sq(s)}", s
        ind = state.independents
        for s in _squares_of(ind):
            if geo.edge_mask[s] & (state.occupied & ~self._trump_bit):
                return f"independent on {sq(s)} shares an edge with a card", s
            if geo.king_mask[s] & (ind | self._trump_bit):
                return f"independent on {sq(s)} touches an independent or the Trump", s
        holder = state.trump_holder
        for player, mask in enumerate(state.followers):
            if mask & self._trump_adjacent:
                if holder < 0:
                    s = _squares_of(mask & self._trump_adjacent)[0]
                    return f"a follower on {sq(s)} touches the Trump, so the Trump is held", s
                if holder != player and self._forbid:
                    s = _squares_of(mask & self._trump_adjacent)[0]
                    return (f"a follower on {sq(s)} touches the Trump that "
                            f"{self.names[holder]} holds"), s
        if holder >= 0 and not state.followers[holder] & self._trump_adjacent:
            return (f"{self.names[holder]} holds the Trump without a follower next to it",
                    self.centre)
        exempt = state.followers[holder] if holder >= 0 else 0
        for s, card in enumerate(cells):
            if card < 0:
                continue
            for near in geo.edge[s]:
                other = cells[near]
                if (near > s and other >= 0 and not cards_match(card, other)
                        and not (exempt >> s & 1 or exempt >> near & 1)):
                    return f"cards on {sq(s)} and {sq(near)} break the matching rule", near
        return None

    def format_move(self, state: State, move: Move) -> str:
        try:
            kind, square, arg = move
        except (TypeError, ValueError):
            raise ValueError(f"not a move of Stars and Stripes: {move!r}") from None
        if type(kind) is not int or type(square) is not int or type(arg) is not int:
            raise ValueError(f"not a move of Stars and Stripes: {move!r}")
        if kind in (FOLLOWER, INDEPENDENT):
            if not (0 <= square < self.size * self.size and 0 <= arg < self.n_cards):
                raise ValueError(f"not a placement on this board: {move!r}")
            letter = "F" if kind == FOLLOWER else "I"
            return f"{letter} {self.square_text(square)} {self._card_text[arg]}"
        if kind == EXCHANGE and 0 <= arg < self.players:
            return f"X {self.names[arg]}"
        if kind == PASS:
            return "pass"
        raise ValueError(f"not a move of Stars and Stripes: {move!r}")

    def parse_move(self, state: State, text: str) -> Move:
        match = _TOKEN_RE.search(text)
        if match is None:
            raise NotationError.at("expected a move such as 'F 2,5 1*3'", text, len(text))
        word = match.group().lower()
        after = match.end()
        if word in ("f", "follower", "i", "independent"):
            kind = FOLLOWER if word[0] == "f" else INDEPENDENT
            rest = text[after:]
            start = after + len(rest) - len(rest.lstrip())
            square_match = _SQUARE_RE.match(text, start)
            if square_match is None or start == after:
                raise NotationError.at(
                    f"expected a square row,col after {match.group()!r}", text, start)
            row, col = int(square_match.group(2)), int(square_match.group(3))
            if not (0 <= row < self.size and 0 <= col < self.size):
                raise NotationError.at(
                    f"square {row},{col} is off the {self.size}x{self.size} board", text, start)
            card_match = _TOKEN_RE.search(text, square_match.end())
            glued = square_match.group(1) is None and card_match is not None and (
                card_match.start() == square_match.end())
            if card_match is None or glued:
                where = card_match.start() if card_match else len(text)
                raise NotationError.at("expected a card such as 1*3 after the square",
                                       text, where)
            card = self._parse_card(card_match.group(), text, card_match.start())
            self._nothing_after(text, card_match.end())
            rows = self._follower_rows if kind == FOLLOWER else self._independent_rows
            return rows[row * self.size + col][card]
        if word in ("x", "exchange"):
            who = _TOKEN_RE.search(text, after)
            if who is None:
                raise NotationError.at("expected the player to exchange with", text, len(text))
            player = self._parse_player(who.group(), text, who.start())
            self._nothing_after(text, who.end())
            return self._exchange_moves[player]
        if word == "pass":
            self._nothing_after(text, after)
            return PASS_MOVE
        raise NotationError.at(
            f"expected F, I, X or pass, not {match.group()!r}", text, match.start())

    @staticmethod
    def _nothing_after(text: str, offset: int) -> None:
        extra = _TOKEN_RE.search(text, offset)
        if extra is not None:
            raise NotationError.at(f"unexpected {extra.group()!r} after the move",
                                   text, extra.start())

    # ---- claims

    def claims(self) -> Mapping[str, Claim[State]]:
        return {
            "followers": Claim(self._claim_followers, "followers per player (home included)"),
            "independents": Claim(self._claim_independents, "number of independents"),
            "independent_squares": Claim(self._claim_independent_squares,
                                         "squares of the independents", unordered=True),
            "trump_holder": Claim(self._claim_trump_holder,
                                  "the player holding the Trump, or null"),
            "legal_placements": Claim(
                self._claim_legal_placements,
                "squares where the player to move could place CARD as a follower (whoever "
                "holds it)", unordered=True, takes_argument=True),
            "legal_independent_squares": Claim(
                self._claim_independent_spots,
                "squares where an independent could go", unordered=True),
            "legal_followers": Claim(
                self._claim_legal_followers,
                "every 'square card' follower placement for the player to move, over all "
                "cards not on the board", unordered=True),
            "captures": Claim(self._claim_captures,
                              "squares of the independents the (legal) MOVE would take",
                              unordered=True, takes_argument=True),
            "claims_trump": Claim(self._claim_claims_trump,
                                  "whether the (legal) MOVE takes the Trump",
                                  takes_argument=True),
            "illegal_reason": Claim(self._claim_illegal_reason,
                                    "why MOVE is illegal (a code), or null if it is legal",
                                    takes_argument=True),
            "owner": Claim(self._claim_owner,
                           "what lies on SQUARE: a player name, 'independent', 'trump' or null",
                           takes_argument=True),
            "matches": Claim(self._claim_matches,
                             "whether each card of CARDS matches the next one",
                             takes_argument=True),
            "hand_sizes": Claim(self._claim_hand_sizes,
                                "cards in each hand (null for an unknown hand)"),
            "first_player": Claim(self._claim_first, "the player who opens each round"),
            "placed_this_round": Claim(self._claim_placed,
                                       "whether a card was placed earlier in this round"),
            "cards_per_player": Claim(self._claim_cards_per_player,
                                      "cards dealt to each player"),
            "board_size": Claim(self._claim_board_size, "the side of the board"),
            "homes": Claim(self._claim_homes, "each player's home square"),
            "trump_square": Claim(self._claim_trump_square, "the Trump's square"),
        }

    @staticmethod
    def _no_argument(argument: str | None) -> None:
        if argument is not None:
            raise ValueError(f"this claim takes no argument, got {argument!r}")

    @staticmethod
    def _need_argument(argument: str | None) -> str:
        if argument is None or not argument.strip():
            raise ValueError("this claim needs an argument in parentheses")
        return argument

    def _mover(self, state: State) -> Player:
        if state.to_move < 0:
            raise ValueError("the game is over: nobody is to move")
        return state.to_move

    def _claim_followers(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return {self.names[p]: m.bit_count() for p, m in enumerate(state.followers)}

    def _claim_independents(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return state.independents.bit_count()

    def _claim_independent_squares(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return [self.square_text(s) for s in _squares_of(state.independents)]

    def _claim_trump_holder(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return self.names[state.trump_holder] if state.trump_holder >= 0 else None

    def _claim_legal_placements(self, state: State, argument: str | None) -> object:
        text = self._need_argument(argument)
        card = self._parse_card(text.strip(), text, len(text) - len(text.lstrip()))
        if card in state.cells:
            raise ValueError(f"card {self._card_text[card]} is already on the board")
        player = self._mover(state)
        return [
            self.square_text(s) for s, allowed in self._follower_options(state, player)
            if allowed >> card & 1
        ]

    def _claim_independent_spots(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        self._mover(state)
        return [self.square_text(s) for s in state.free]

    def _claim_legal_followers(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        player = self._mover(state)
        loose = set(range(self.n_cards)) - set(state.cells)
        out: list[str] = []
        for s, allowed in self._follower_options(state, player):
            out.extend(f"{self.square_text(s)} {self._card_text[c]}"
                       for c in sorted(loose) if allowed >> c & 1)
        return out

    def _legal_move_argument(self, state: State, argument: str | None) -> Move:
        move = self.parse_move(state, self._need_argument(argument))
        reason = self.illegal_reason(state, move)
        if reason is not None:
            raise ValueError(f"{argument!r} is not a legal move here ({reason})")
        return move

    def _claim_captures(self, state: State, argument: str | None) -> object:
        move = self._legal_move_argument(state, argument)
        if move.kind != FOLLOWER:
            return []
        return [self.square_text(s) for s in _squares_of(self._capture_group(state, move.square))]

    def _claim_claims_trump(self, state: State, argument: str | None) -> object:
        move = self._legal_move_argument(state, argument)
        if move.kind != FOLLOWER or state.trump_holder >= 0:
            return False
        after = self._play(state, move, random.Random(0))
        return after.trump_holder == state.to_move

    def _claim_illegal_reason(self, state: State, argument: str | None) -> object:
        return self.illegal_reason(state, self.parse_move(state, self._need_argument(argument)))

    def _claim_owner(self, state: State, argument: str | None) -> object:
        text = self._need_argument(argument)
        match = _SQUARE_RE.fullmatch(text.strip())
        if match is None:
            raise ValueError(f"expected a square row,col, not {text!r}")
        row, col = int(match.group(2)), int(match.group(3))
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise ValueError(f"square {row},{col} is off the board")
        square = row * self.size + col
        card = state.cells[square]
        if card == EMPTY:
            return None
        if card == TRUMP:
            return "trump"
        for player, mask in enumerate(state.followers):
            if mask >> square & 1:
                return self.names[player]
        return "independent"

    def _claim_matches(self, state: State, argument: str | None) -> object:
        text = self._need_argument(argument)
        cards = [self._parse_card(m.group(), text, m.start()) for m in _TOKEN_RE.finditer(text)]
        return all(cards_match(a, b) for a, b in itertools.pairwise(cards))

    def _claim_hand_sizes(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return {self.names[p]: (len(h) if h is not None else None)
                for p, h in enumerate(state.hands)}

    def _claim_first(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return self.names[state.first]

    def _claim_placed(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return state.placed

    def _claim_cards_per_player(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return self.cards_per_player

    def _claim_board_size(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return self.size

    def _claim_homes(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return {self.names[p]: self.square_text(s) for p, s in enumerate(self.home_indices)}

    def _claim_trump_square(self, state: State, argument: str | None) -> object:
        self._no_argument(argument)
        return self.square_text(self.centre)

    # ---- figures and the greedy agent

    def figures(self, history: Sequence[State]) -> Mapping[str, float]:
        """Counts for one game: placements, captures, exchanges, passes and how it ended."""
        counts = {
            "trump captured": 0.0,
            "independents placed": 0.0,
            "independents captured": 0.0,
            "followers placed": 0.0,
            "exchanges": 0.0,
            "passes": 0.0,
            "ended by empty hand": 0.0,
            "shared win": 0.0,
        }
        if not history:
            return counts
        for before, after in itertools.pairwise(history):
            new = after.occupied & ~before.occupied
            if not new:
                counts["exchanges" if after.hands != before.hands else "passes"] += 1
            elif new & after.independents:
                counts["independents placed"] += 1
            else:
                counts["followers placed"] += 1
                counts["independents captured"] += (
                    before.independents & ~after.independents).bit_count()
        last = history[-1]
        counts["trump captured"] = 1.0 if last.trump_holder >= 0 else 0.0
        if self.is_terminal(last):
            counts["ended by empty hand"] = float(self._someone_out_of_cards(last.cells,
                                                                             last.hands))
            counts["shared win"] = float(len(self.winners(last)) > 1)
        return counts

    def heuristic(self, state: State, player: Player) -> float:
        """Follower lead over the best opponent, plus a bonus for holding the Trump."""
        value = super().heuristic(state, player)
        if state.trump_holder == player:
            value += 3.0
        return value


Params = StarsAndStripesParams
"""The parameters under the name every engine module uses."""

__all__ = [
    "EMPTY",
    "EXCHANGE",
    "FOLLOWER",
    "INDEPENDENT",
    "PASS",
    "PASS_MOVE",
    "REASONS",
    "TRUMP",
    "Move",
    "MoveList",
    "Params",
    "StarsAndStripes",
    "StarsAndStripesParams",
    "State",
    "card_id",
    "card_values",
    "cards_match",
]
