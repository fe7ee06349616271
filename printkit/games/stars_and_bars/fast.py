"""Stars and Bars' playout tables: where each card may go and what it scores, kept for a
board as two integers that a placement updates in a few operations, so that a position's
legal moves need no search of the board.

A board is described by two integers (:data:`Packed`).  The first, ``body``, holds
counters side by side, each in a lane of :data:`LANE` bits:

* lane ``card * spaces + space``, one per card and space: how many face-up relations of
  that outer space the card would fail (the stack's top card, and each face-up
  neighbour's);
* lane ``cards * spaces + space``, after the last card's, one per space: how many face-up
  relations the outer space has at all (an outer space with none takes no card);
* from bit :attr:`Tables.scores` on, one counter of :attr:`Tables.width` bits per card and
  space: what the card would score there (the positive gains of its face-up relations).

A relation counter starts at :data:`BIAS`, so that its top bit is set exactly when it
counts one relation or more, and one shift and one mask tell which counters are not
zero; it holds at most nine relations (the stack itself and eight neighbours) and never
carries into the next lane.  The second integer, ``down``, has bit ``LANE * space`` set for
each face-down stack.

A face-up top card ``k`` on space ``s`` adds the fixed amount ``adds[s][k]`` to ``body``;
when the top changes, the old amount is taken off and the new one added.  A set of spaces
is a set of bits at ``LANE * space``: a card may be laid on the centre spaces that are not
face down, and on the outer spaces that are not, have a relation, and whose counter for
the card is zero.  Here ``srl2`` differs from ``srl1`` in one way, where the horizontal
relation needs two, so it may only go on the centre; ``brl2`` differs in two and may go
on ``a2`` too:

>>> from printkit.games.stars_and_bars.rules import StarsAndBars
>>> game = StarsAndBars()
>>> state = game.parse_state("1 . . . .\\n2 . srl1 . .\\n3 . . . .\\n4 . . . .\\n"
...                          "P1 hand srl2 brl2")
>>> moves = game.legal_moves(state)
>>> len(moves), moves[4], Place(1, 5) in moves, Place(1, 4) in moves
(9, Place(card=9, space=4, tidy=True), True, False)
>>> [game.format_card(moves[0].card), game.format_card(moves[4].card)]
['srl2', 'brl2']
>>> [game.space_name(m.space) for m in moves]
['b2', 'c2', 'b3', 'c3', 'a2', 'b2', 'c2', 'b3', 'c3']
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import NamedTuple, overload

from printkit.games.stars_and_bars.state import (
    PASS,
    STACKING,
    Card,
    MoveList,
    Pile,
    Place,
    Space,
    Stack,
    StarsAndBarsState,
)
from printkit.rules.base import Player

LANE = 5
"""Bits of a counter of relations (see :data:`BIAS`)."""

BIAS = 15
"""Where a relation counter starts: counting up to nine relations it stays in its lane, and
its top bit says whether it counts any."""

TABLE_BYTES = 1 << 24
"""The largest tables an engine keeps (16 MB: a board of 100 spaces and 16 kinds of card
takes 3 MB; 225 spaces take too much, and the board is searched instead)."""

HANDS_KEPT = 1 << 13
"""How many hands an engine remembers what :class:`Placements` needs of (the shipped deck
has 4,845 hands of one to four cards; a remembered hand takes about a kilobyte)."""

Packed = tuple[int, int]
"""``(body, down)`` of a board (see the module notes)."""


def tables_for(kinds: int, spaces: int, centre: Sequence[Space],
               around: Sequence[Sequence[tuple[Space, int]]],
               gain: Sequence[Sequence[Sequence[int]]],
               rows: Sequence[Sequence[Place]]) -> Tables | None:
    """The tables of a deck and board (see :class:`Tables`), or ``None`` when they would
    take more than :data:`TABLE_BYTES`: on so large a board each amount is an integer of
    thousands of digits, and searching the board is quicker."""
    touched = [((s, STACKING), *around[s]) for s in range(spaces)]
    best = [max(0, *(gain[r][c][k] for c in range(kinds) for k in range(kinds)))
            for r in range(len(gain))]
    width = max(1, max(sum(best[r] for _, r in touched[s]) for s in range(spaces))
                .bit_length())
    if (spaces * kinds) ** 2 * (LANE + width) // 8 > TABLE_BYTES:
        return None
    return Tables(kinds, spaces, centre, touched, width, gain, rows)


class Tables:
    """The fixed amounts of one engine's deck and board (see the module notes)."""

    __slots__ = ("adds", "block", "centre", "hands", "offset", "ones", "outer", "reach",
                 "repeat", "rows", "score_at", "score_mask", "scores", "spaces", "start",
                 "width")

    def __init__(self, kinds: int, spaces: int, centre: Sequence[Space],
                 touched: Sequence[Sequence[tuple[Space, int]]], width: int,
                 gain: Sequence[Sequence[Sequence[int]]],
                 rows: Sequence[Sequence[Place]]) -> None:
        """``touched[s]``: the relations the top card of ``s`` takes part in, as (space,
        relation) pairs: its own stack and its neighbours; ``width``: bits of a score."""
        self.spaces, self.rows, self.width = spaces, rows, width
        inner = set(centre)
        relations = range(len(gain))
        self.score_mask = (1 << width) - 1
        block = LANE * spaces
        self.reach = block * kinds
        self.scores = scores = block * (kinds + 1)
        lanes = range((kinds + 1) * spaces)
        self.ones = sum(1 << (LANE * lane) for lane in lanes)
        self.start = BIAS * self.ones
        self.score_at = tuple(tuple(scores + width * (c * spaces + t) for t in range(spaces))
                              for c in range(kinds))
        # per relation and top card: the cards failing it, and the relation counted present
        fails = [[sum(1 << (block * c) for c in range(kinds) if gain[r][c][k] < 0)
                  + (1 << self.reach) for k in range(kinds)] for r in relations]
        gains = [[sum(gain[r][c][k] << (scores + width * spaces * c) for c in range(kinds)
                      if gain[r][c][k] > 0) for k in range(kinds)] for r in relations]
        self.adds = tuple(
            tuple(sum((fails[r][k] << (LANE * t) if t not in inner else 0)
                      + (gains[r][k] << (width * t)) for t, r in touched[s])
                  for k in range(kinds))
            for s in range(spaces))
        self.centre = sum(1 << (LANE * s) for s in inner)
        self.outer = sum(1 << (LANE * s) for s in range(spaces) if s not in inner)
        self.offset = tuple(block * c for c in range(kinds))
        self.block = (1 << block) - 1
        self.repeat = sum(1 << offset for offset in self.offset)
        self.hands: dict[tuple[Card, ...], Hand] = {}

    def pack(self, board: Sequence[Stack]) -> Packed:
        """The packed description of ``board``, worked out from its stacks."""
        body, down = self.start, 0
        adds = self.adds
        for space, stack in enumerate(board):
            if stack.face_down:
                down |= 1 << (LANE * space)
            elif stack.cards:
                body += adds[space][stack.cards[-1]]
        return body, down

    def hand(self, hand: tuple[Card, ...]) -> Hand:
        """What :class:`Placements` needs of a (sorted) hand; remembered for the first
        :data:`HANDS_KEPT` hands seen."""
        known = self.hands.get(hand)
        if known is None:
            cards = tuple(dict.fromkeys(hand))
            offsets = tuple(self.offset[card] for card in cards)
            blocks = tuple(self.block << offset for offset in offsets)
            rows = self.rows
            known = Hand(cards, sum(blocks), tuple(zip(cards, offsets, blocks, (
                rows[card] for card in cards), strict=True)))
            if len(self.hands) < HANDS_KEPT:
                self.hands[hand] = known
        return known

    def moves(self, packed: Packed, hand: tuple[Card, ...]) -> Placements | MoveList:
        """The legal moves of a hand (automatic housekeeping): the placements by card and
        then space, or a pass when there is none."""
        body, down = packed
        failed = body >> (LANE - 1) & self.ones  # bit LANE * n: counter n is not zero
        outer = failed >> self.reach & self.outer & ~down  # with a relation, not face down
        centre = self.centre & ~down
        known = self.hands.get(hand) or self.hand(hand)
        bad = failed & outer * self.repeat  # the open outer spaces each card fails
        base = outer.bit_count() + centre.bit_count()  # the spaces a card failing none has
        size = len(known.cards) * base - (bad & known.mask).bit_count()
        if not size:
            return MoveList([PASS], (0,) * self.spaces, ())
        return Placements(known, bad, outer, centre, base, size)


class Hand(NamedTuple):
    """A hand's distinct cards in order, the bits of their counters, and for each card:
    the card, where its counters start, their bits, and its moves by space."""

    cards: tuple[Card, ...]
    mask: int
    each: tuple[tuple[Card, int, int, Sequence[Place]], ...]


_new = object.__new__
_STATE_SLOTS = tuple(StarsAndBarsState.__dict__[name].__set__ for name in (
    "board", "hands", "scores", "stock", "discard", "beginner", "turn", "over", "packed"))
_STACK_SLOTS = tuple(Stack.__dict__[name].__set__ for name in ("cards", "face_down", "hidden"))


def make_state(board: tuple[Stack, ...], hands: tuple[tuple[Card, ...], tuple[Card, ...]],
               scores: tuple[int, int], stock: Pile, discard: Pile, beginner: Player,
               turn: int, over: bool, packed: Packed | None) -> StarsAndBarsState:
    """``StarsAndBarsState(board, ..., over)`` with ``packed`` kept, its fields set straight
    into their slots (the frozen dataclass's ``__init__`` takes twice as long, and a
    playout makes one state a move)."""
    state = _new(StarsAndBarsState)
    set_board, set_hands, set_scores, set_stock, set_discard, set_beginner, set_turn, \
        set_over, set_packed = _STATE_SLOTS
    set_board(state, board)
    set_hands(state, hands)
    set_scores(state, scores)
    set_stock(state, stock)
    set_discard(state, discard)
    set_beginner(state, beginner)
    set_turn(state, turn)
    set_over(state, over)
    set_packed(state, packed)
    return state


def make_stack(cards: tuple[Card, ...]) -> Stack:
    """``Stack(cards)``, face up, its slots set straight (as :func:`make_state`)."""
    stack = _new(Stack)
    set_cards, set_face_down, set_hidden = _STACK_SLOTS
    set_cards(stack, cards)
    set_face_down(stack, False)
    set_hidden(stack, 0)
    return stack


_SPOTS: dict[int, tuple[Space, ...]] = {}
SPOTS_KEPT = 1 << 16
"""How many sets of spaces :func:`spots` remembers (shared by every engine)."""


def spots(spaces: int) -> tuple[Space, ...]:
    """The spaces of a set (bits at ``LANE * space``), in order; remembered for the sets
    seen first."""
    found = []
    rest = spaces
    while rest:
        low = rest & -rest
        found.append(low.bit_length() // LANE)
        rest ^= low
    out = tuple(found)
    if len(_SPOTS) < SPOTS_KEPT:
        _SPOTS[spaces] = out
    return out


_NOTHING = Place(-1, -1)
"""A move no list holds, for :class:`Placements` before one is looked up."""


class Placements(Sequence[Place]):
    """The placements of a position, by card and then space, made only when looked at: a
    random playout asks for the length and one move, and the membership test reads the
    sets of spaces without a list.

    Sets of spaces are bits at ``LANE * space``: ``outer`` the open outer spaces with a
    relation, ``centre`` the open centre spaces, ``bad`` (at each card's offset) the outer
    spaces the card fails; ``base`` counts ``outer`` and ``centre`` together.
    """

    __slots__ = ("_data", "_last", "_moves", "_size")

    def __init__(self, hand: Hand, bad: int, outer: int, centre: int, base: int,
                 size: int) -> None:
        self._data = (hand.each, bad, outer, centre, base)
        self._size = size
        self._moves: list[Place] | None = None
        self._last = _NOTHING  # the move last looked up: a member for sure

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Place: ...
    @overload
    def __getitem__(self, index: slice) -> list[Place]: ...

    def __getitem__(self, index: int | slice) -> Place | list[Place]:
        if type(index) is not int:
            if isinstance(index, slice):
                return self.as_list()[index]
            index = operator.index(index)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("legal move index out of range")
        each, bad, outer, centre, base = self._data
        for _, offset, block, row in each:
            count = base - (bad & block).bit_count()
            if index < count:
                spaces = outer ^ (bad >> offset & outer) | centre
                move = self._last = row[(_SPOTS.get(spaces) or spots(spaces))[index]]
                return move
            index -= count
        raise AssertionError("unreachable: the counts add up to the size")  # pragma: no cover

    def __iter__(self) -> Iterator[Place]:
        return iter(self.as_list())

    def __contains__(self, move: object) -> bool:
        if move is self._last:
            return True
        if type(move) is not Place or move.tidy is not True:
            return False
        card, space = move.card, move.space
        each, bad, outer, centre, _ = self._data
        if type(card) is not int or type(space) is not int or not 0 <= space < len(
                each[0][3]):
            return False
        for held, offset, _, _ in each:
            if held == card:
                spaces = outer ^ (bad >> offset & outer) | centre
                return bool(spaces >> (LANE * space) & 1)
        return False

    def as_list(self) -> list[Place]:
        """Every placement, in order (made once)."""
        if self._moves is None:
            each, bad, outer, centre, _ = self._data
            moves: list[Place] = []
            for _, offset, _, row in each:
                spaces = outer ^ (bad >> offset & outer) | centre
                moves.extend(row[space] for space in _SPOTS.get(spaces) or spots(spaces))
            self._moves = moves
        return self._moves

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placements):
            return self.as_list() == other.as_list()
        if isinstance(other, list):
            return self.as_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list of moves, as unhashable as a list

    def __repr__(self) -> str:
        return repr(self.as_list())


__all__ = ["BIAS", "HANDS_KEPT", "LANE", "SPOTS_KEPT", "TABLE_BYTES", "Hand", "Packed",
           "Placements", "Tables", "make_stack", "make_state", "spots", "tables_for"]
