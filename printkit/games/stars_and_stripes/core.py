"""The core of the Stars and Stripes engine: the tables made once per game, the deal, the
legal moves of a position and the position a move leads to, all written for playout speed.

:class:`~printkit.games.stars_and_stripes.rules.StarsAndStripes` adds the rest of the
engine's interface (notation, claims, refusals, results) on top.  What makes it fast:

- a position is a named tuple whose derived fields (occupied squares, independents, the
  squares each player's followers reach, the squares the others fence each player off,
  the independent spots, the hands as bit masks) are updated by each move and never
  recomputed;
- every possible move is made once per game; a position without independent spots (most
  positions of a small board) lists its few legal moves as a plain tuple, whose length and
  items cost no Python call, and any other position's list
  (:class:`~printkit.games.stars_and_stripes.moves.MoveList`) keeps only what the position
  allows, making a move when it is asked for by index;
- the cards each square allows a follower are a memo of the engine that follows the
  playout (see ``_board_cells``), updated in place for the four squares around a card
  placed, rather than a field copied into every position;
- the generators are drawn from exactly as ``Random.shuffle`` and ``Random.randrange`` draw
  (the same calls of ``getrandbits``; the deal's in :mod:`printkit.rules.draws`), without
  their Python-level helpers, so that a seed gives the games it gave before;
- the module is compiled with mypyc when printkit is installed where a C compiler is
  (``setup.py``; :mod:`printkit.rules.compiled` runs it only while the sources it was
  built from are unchanged), so it keeps to what mypyc compiles: the class allows the
  interpreted subclass that adds the engine's interface, and the move tables are made on
  first use by :meth:`Core._rows` rather than by a cached property (a compiled class has
  no instance dictionary to cache in).
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right, insort
from collections.abc import Sequence
from operator import itemgetter

from mypy_extensions import mypyc_attr

from printkit.games.stars_and_stripes import notation, positions
from printkit.games.stars_and_stripes.state import (
    EMPTY,
    EMPTY_MOVES,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    KINDS,
    PASS_MOVE,
    TRUMP,
    Card,
    MoveKind,
    MoveList,
    Square,
    StarsAndStripesMove,
    StarsAndStripesParams,
    StarsAndStripesState,
    geometry,
    hand_mask,
    match_masks,
    squares_of,
)
from printkit.rules.base import NO_PLAYER, Game, Player
from printkit.rules.draws import below, shuffle

_new = tuple.__new__
"""Makes a state from its fields without the named tuple's own ``__new__`` (a Python
function): states are made once per move."""
_Random = random.Random
PASS_ONLY: tuple[StarsAndStripesMove, ...] = (PASS_MOVE,)
"""The legal moves of a player who can do nothing else."""
SMALL_HAND = 12
"""The largest deal whose positions without independent spots list their moves as a tuple
(the 7x7 board's 8 cards give a few follower placements; the 15x15 board's 35 give dozens,
which cost more to list, about 3% in A/B runs, than the lazy list costs to index)."""
_object_new = object.__new__
_Rows = tuple[tuple[StarsAndStripesMove, ...], ...]
"""Every move of a kind, by square then card."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the engine's interface is added below
class Core(Game[StarsAndStripesState, StarsAndStripesMove, StarsAndStripesParams]):
    """Tables, deal, legal moves and play (see the module notes)."""

    Params = StarsAndStripesParams

    def __init__(self, params: StarsAndStripesParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self.size: int = p.size
        self.players: int = p.players
        self.names: tuple[str, ...] = p.player_names
        self.cards_per_player: int = p.cards_per_player
        self.home_indices: tuple[Square, ...] = tuple(
            r * self.size + c for r, c in p.home_squares)
        """The home squares as indices (``row * size + col``), in seating order."""
        self.n_cards: int = KINDS * p.decks
        self.geometry = geo = geometry(self.size)
        """The board's neighbour tables."""
        self.centre: Square = geo.centre
        self._corner = p.opponent_contact == "edge_and_corner"
        self._forbid = p.trump_exclusive == "forbid"
        self.contact_mask: tuple[int, ...] = geo.king_mask if self._corner else geo.edge_mask
        """Per square: the squares another player's follower may not occupy when a follower
        goes there (edge neighbours, or all eight under ``edge_and_corner``)."""
        self._edge, self._edge_mask, self._closed = geo.edge, geo.edge_mask, geo.closed_king_mask
        self._trump_bit = 1 << geo.centre
        self._trump_adjacent = geo.edge_mask[geo.centre]
        self._all_cards = (1 << self.n_cards) - 1
        size = self.size
        self._blocks = tuple(
            tuple((r * size + max(c - 1, 0), r * size + min(c + 1, size - 1))
                  for r in range(max(row - 1, 0), min(row + 2, size)))
            for row in range(size) for c in range(size))
        """Per square: the first and last square of each row of the 3x3 block around it."""
        self._card_bits = tuple(1 << card for card in range(self.n_cards))
        count = self.cards_per_player
        assert count >= 2  # a hand's bits are picked by one itemgetter (see initial_state)
        self._hand_slices = tuple((start, start + count) for start in range(
            self.players, self.players + self.players * count, count))
        """Where each hand lies in the shuffled deck (after one home card per player)."""
        self._home_edges = tuple((player, home, geo.edge[home])
                                 for player, home in enumerate(self.home_indices))
        """Per player: the home square and the squares sharing an edge with it."""
        # per cell value (a card id, or EMPTY and TRUMP counted from the end): the cards a
        # follower may be next to it
        self._fit_of = (*match_masks(p.decks), self._all_cards, self._all_cards)
        self._others: tuple[tuple[Player, ...], ...] = tuple(
            tuple((q + i) % self.players for i in range(1, self.players))
            for q in range(self.players)
        )
        self._next: tuple[Player, ...] = tuple((q + 1) % self.players
                                               for q in range(self.players))
        self._exchange_moves = tuple(StarsAndStripesMove(EXCHANGE, opponent=q)
                                     for q in range(self.players))
        self._exchanges: tuple[tuple[StarsAndStripesMove, ...], ...] = tuple(
            tuple(self._exchange_moves[q] for q in others) for others in self._others)
        """Per mover: an exchange with every other player, in seating order."""
        self._card_text = notation.card_texts(p.decks)
        self._short_lists = self.cards_per_player <= SMALL_HAND
        self._listed: StarsAndStripesState | None = None
        self._cache: Sequence[StarsAndStripesMove] = EMPTY_MOVES
        """The legal moves last listed, and the position ``_listed`` they are for."""
        board = [EMPTY] * (self.size * self.size)
        board[self.centre] = TRUMP
        self._empty_board = board
        """The board before the deal: the Trump alone."""
        dealt = board[:]
        for home in self.home_indices:
            dealt[home] = 0
        self._start = self.build_state(tuple(dealt), tuple(1 << h for h in self.home_indices),
                                       (None,) * self.players, 0, 0, False, 0, NO_PLAYER)
        """A dealt position with a card on every home: what it derives from the board is
        the same in every deal."""
        self._start_allow = [self._all_cards] * len(board)
        """Per square, the cards a follower may take there before the deal: all."""
        # The board of the position last played, as a list, with the cards a follower may
        # take on each square (those matching every card sharing an edge with it): a memo
        # of ``_board_cells``, the cells of that position, kept by reference.  A playout
        # goes forward, so a move updates both in place for the four squares around the
        # card placed; a position reached otherwise has them computed afresh.
        self._board_cells: tuple[int, ...] = ()
        self._board: list[int] = []
        self._allow: list[int] = []
        self._made_rows: tuple[_Rows, _Rows] | None = None
        """Every follower and independent move (see :meth:`_rows`)."""

    def _rows(self) -> tuple[_Rows, _Rows]:
        """Every follower move and every independent move, by square then card (made on
        first use: a large board has tens of thousands, and a check that never asks for a
        move needs none)."""
        if self._made_rows is None:
            self._made_rows = (self._move_rows(FOLLOWER), self._move_rows(INDEPENDENT))
        return self._made_rows

    def _move_rows(self, kind: MoveKind) -> _Rows:
        cards = range(self.n_cards)
        return tuple(tuple(StarsAndStripesMove(kind, s, c) for c in cards)
                     for s in range(self.size * self.size))

    # ---- setup and play

    def build_state(self, cells: tuple[int, ...], followers: tuple[int, ...],
                    hands: tuple[tuple[Card, ...] | None, ...], to_move: Player, first: Player,
                    placed: bool, turn: int, holder: Player) -> StarsAndStripesState:
        """A state from its eight defining fields, the derived ones computed from scratch.

        Nothing is checked: :meth:`parse_state` is the way to build a position from text.
        """
        return positions.build_state(self.geometry, self.contact_mask, self._corner,
                                     self._forbid, cells, followers, hands, to_move, first,
                                     placed, turn, holder)

    def allow_of(self, cells: tuple[int, ...]) -> list[int]:
        """Per square of the board ``cells``: the cards a follower may take there under the
        matching rule, as a bit mask of card ids (read only: the engine updates it)."""
        if cells is not self._board_cells:
            fit_of = self._fit_of
            allow = []
            for near in self.geometry.edge:
                allowed = self._all_cards
                for square in near:
                    allowed &= fit_of[cells[square]]
                allow.append(allowed)
            self._board, self._allow, self._board_cells = list(cells), allow, cells
        return self._allow

    def initial_state(self, rng: random.Random) -> StarsAndStripesState:
        deck = list(range(self.n_cards))
        shuffle(deck, rng)
        first = below(rng, self.players)
        cells = self._empty_board[:]
        allow = self._start_allow[:]
        fit_of = self._fit_of
        for player, home, around in self._home_edges:
            card = cells[home] = deck[player]
            fit = fit_of[card]
            for near in around:
                allow[near] &= fit
        hands = []
        held = []
        bits = self._card_bits
        for start, end in self._hand_slices:
            dealt = deck[start:end]
            dealt.sort()
            hand = tuple(dealt)
            hands.append(hand)
            # the cards' bits picked in one call (a hand has at least 8 cards, so the
            # getter gives a tuple); distinct bits: their sum is their union
            held.append(sum(itemgetter(*hand)(bits)))
        s = self._start
        board = tuple(cells)
        self._board, self._allow, self._board_cells = cells, allow, board
        return _new(StarsAndStripesState, (
            board, s.followers, tuple(hands), first, first, False, 0, NO_PLAYER,
            s.occupied, 0, s.reach, s.touch, s.free, s.free_mask, tuple(held), s.fenced))

    def pool(self, state: StarsAndStripesState) -> tuple[Card, ...]:
        """Cards neither on the board nor in a known hand (what an unknown hand may hold)."""
        seen = sum(1 << c for c in state.cells if c >= 0)
        seen |= sum(1 << c for hand in state.hands if hand is not None for c in hand)
        return tuple(squares_of(self._all_cards & ~seen))

    def _open_squares(self, state: StarsAndStripesState, player: Player) -> int:
        """The empty squares where ``player`` may place a follower whatever the card."""
        return state.reach[player] & ~state.occupied & ~state.fenced[player]

    def follower_options(self, state: StarsAndStripesState,
                         player: Player) -> list[tuple[Square, int]]:
        """Each empty square where ``player`` may place a follower, with the bit mask of the
        cards the matching rule allows there (all cards for the Trump holder)."""
        exempt = state.trump_holder == player
        allow = self.allow_of(state.cells)
        everything = self._all_cards
        return [(square, everything if exempt else allow[square])
                for square in squares_of(self._open_squares(state, player))]

    def capture_group(self, state: StarsAndStripesState, square: Square) -> int:
        """The independents a follower on ``square`` would take over (a flood fill), as a
        bit mask of squares."""
        edge_mask = self.geometry.edge_mask
        loose = state.independents
        todo = edge_mask[square] & loose
        group = 0
        while todo:
            low = todo & -todo
            group |= low
            todo = (todo | (edge_mask[low.bit_length() - 1] & loose)) & ~group
        return group

    def legal_moves(self, state: StarsAndStripesState) -> Sequence[StarsAndStripesMove]:
        """The legal moves: a tuple when the position allows no independent (most positions
        of a small board, with a few follower placements and the exchanges), whose length
        and items cost no Python call; else a :class:`MoveList`, which makes a move only
        when asked for it (a position with independents has dozens of moves)."""
        if self._listed is state:
            return self._cache  # the same position again (``apply`` asks after the caller)
        (cells, _, hands, player, _, _, _, holder, occupied, _, reach, _, free, _, held,
         fenced) = state
        hand: Sequence[Card] | None  # None: the mover's known hand, fetched where used
        tail: Sequence[StarsAndStripesMove]
        if player >= 0 and min(held) > 0:  # every hand known and holding a card
            self._listed = state
            mine = held[player]
            hand = None
            tail = self._exchanges[player]
        else:
            if player < 0:
                return EMPTY_MOVES
            self._listed = state
            mine = held[player]  # -1 for an unknown hand, 0 for an empty one
            if mine > 0:
                hand = hands[player]
                tail = tuple([self._exchange_moves[q] for q in self._others[player]
                              if hands[q]])
            else:
                hand = () if mine == 0 else self.pool(state)
                if not hand:
                    self._cache = PASS_ONLY
                    return PASS_ONLY
                mine = hand_mask(hand)
                tail = ()
        candidates = reach[player] & ~occupied & ~fenced[player]
        if holder != player:
            allow = self._allow if cells is self._board_cells else self.allow_of(cells)
            if not free and self._short_lists:  # a few followers and the exchanges
                rows = (self._made_rows or self._rows())[0]
                listed: list[StarsAndStripesMove] = []
                append = listed.append
                while candidates:
                    low = candidates & -candidates
                    candidates ^= low
                    square = low.bit_length() - 1
                    allowed = allow[square] & mine
                    if allowed:
                        row = rows[square]
                        while allowed:
                            low = allowed & -allowed
                            append(row[low.bit_length() - 1])
                            allowed ^= low
                if listed:
                    listed += tail
                    small: Sequence[StarsAndStripesMove] = tuple(listed)
                else:
                    small = tail or PASS_ONLY
                self._cache = small
                return small
            fits: dict[Square, int] = {}
            count = 0
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                square = low.bit_length() - 1
                allowed = allow[square] & mine
                if allowed:
                    fits[square] = allowed
                    count += allowed.bit_count()
        else:  # the Trump's holder places any card it holds
            fits = dict.fromkeys(squares_of(candidates), mine)
            count = len(fits) * mine.bit_count()
        if hand is None:
            hand = hands[player] or ()  # known here: ``or ()`` only tells the type
        if not count and not free and not tail:
            tail = PASS_ONLY
        # MoveList(...) without calling the class (see its notes)
        moves = _object_new(MoveList)
        moves.fits = fits
        moves.n_followers = count
        moves.followers, moves.independents = self._made_rows or self._rows()
        moves.squares = free
        moves.cards = hand
        moves.tail = tail
        moves.n_ind = n_ind = len(free) * len(hand)
        moves.length = count + n_ind + len(tail)
        moves.position = state
        self._cache = moves
        return moves

    def _play(self, state: StarsAndStripesState, move: StarsAndStripesMove,
              rng: random.Random) -> StarsAndStripesState:
        """The state after a legal ``move`` (nothing is checked here)."""
        kind, square, card, opponent = move
        (cells, followers, hands, player, first, placed, turn, holder, occupied, independents,
         reach, touch, free, free_mask, held, fenced) = state
        if kind <= INDEPENDENT:
            hand = hands[player]
            if hand is not None:
                i = hand.index(card)
                new_hands = list(hands)
                new_hands[player] = hand[:i] + hand[i + 1:]
                hands = tuple(new_hands)
                new_held = list(held)
                new_held[player] ^= self._card_bits[card]
                held = tuple(new_held)
            if cells is self._board_cells:  # the memo follows the playout (see __init__)
                board = self._board
                board[square] = card
                allow = self._allow
                fit = self._fit_of[card]
                for near in self._edge[square]:
                    allow[near] &= fit
                cells = self._board_cells = tuple(board)
            else:
                board = list(cells)
                board[square] = card
                cells = tuple(board)
            bit = 1 << square
            occupied |= bit
            if kind == FOLLOWER:
                edge_mask = self._edge_mask
                grow = edge_mask[square]
                gained = bit
                if grow & independents:  # a flood fill through the independents reached
                    todo = grow & independents
                    group = 0
                    while todo:
                        low = todo & -todo
                        group |= low
                        todo = (todo | (edge_mask[low.bit_length() - 1] & independents)
                                ) & ~group
                    independents &= ~group
                    gained |= group
                    for s in squares_of(group):
                        grow |= edge_mask[s]
                new_followers = list(followers)
                new_followers[player] |= gained
                followers = tuple(new_followers)
                new_reach = list(reach)
                new_reach[player] |= grow
                if self._corner:
                    contact = self.contact_mask
                    near = 0
                    for s in squares_of(gained):
                        near |= contact[s]
                    new_touch = list(touch)
                    new_touch[player] |= near
                    touch = tuple(new_touch)
                    reach = tuple(new_reach)
                else:
                    reach = touch = tuple(new_reach)
                    near = grow
                if holder < 0 and grow & self._trump_bit:
                    holder = player
                    if self._forbid:  # the others may no longer go next to the Trump
                        near |= self._trump_adjacent
                # the squares the new followers touch are closed to every other player
                new_fenced = [fence | near for fence in fenced]
                new_fenced[player] = fenced[player]
                fenced = tuple(new_fenced)
            else:
                independents |= bit
            dead = self._closed[square] & free_mask
            if dead:
                free_mask ^= dead
                if free_mask:
                    # the spots lost lie in the three rows of the square's 3x3 block, a
                    # run of the sorted list in each: cut the runs out
                    spots = list(free)
                    at = 0
                    for start, end in self._blocks[square]:
                        at = bisect_left(spots, start, at)
                        del spots[at:bisect_right(spots, end, at)]
                    free = tuple(spots)
                else:
                    free = ()
            placed = True
        elif kind == EXCHANGE:
            mine = hands[player]
            theirs = hands[opponent]
            assert mine is not None and theirs is not None
            if type(rng) is _Random:  # rng.randrange(n) twice, the same draws
                getrandbits = rng.getrandbits
                size = len(mine)
                width = size.bit_length()
                i = getrandbits(width)
                while i >= size:
                    i = getrandbits(width)
                size = len(theirs)
                width = size.bit_length()
                j = getrandbits(width)
                while j >= size:
                    j = getrandbits(width)
            else:
                i = rng.randrange(len(mine))
                j = rng.randrange(len(theirs))
            given = mine[i]
            taken = theirs[j]
            kept = list(mine)
            del kept[i]
            insort(kept, taken)
            other = list(theirs)
            del other[j]
            insort(other, given)
            swapped = list(hands)
            swapped[player] = tuple(kept)
            swapped[opponent] = tuple(other)
            hands = tuple(swapped)
            bits = self._card_bits
            both = bits[given] | bits[taken]
            new_held = list(held)
            new_held[player] ^= both
            new_held[opponent] ^= both
            held = tuple(new_held)
        to_move = self._next[player]
        if to_move == first:
            if not placed or 0 in held or (
                    -1 in held and self.someone_out_of_cards(cells, hands)):
                to_move = NO_PLAYER
            placed = False
        return _new(StarsAndStripesState, (
            cells, followers, hands, to_move, first, placed, turn + 1, holder, occupied,
            independents, reach, touch, free, free_mask, held, fenced))

    def someone_out_of_cards(self, cells: tuple[int, ...],
                             hands: tuple[tuple[Card, ...] | None, ...]) -> bool:
        """Whether some player has no card left (an unknown hand only when no card is left
        for it: every card is on the board or in a known hand)."""
        if any(hand is not None and not hand for hand in hands):
            return True
        if all(hand is not None for hand in hands):
            return False
        held = sum(len(hand) for hand in hands if hand is not None)
        on_board = sum(1 for c in cells if c >= 0)
        return held + on_board >= self.n_cards


__all__ = ["Core"]
