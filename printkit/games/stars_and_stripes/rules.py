"""Stars and Stripes: a territory game with square domino cards around a central Trump.

The game in brief
=================
Each card shows 1-6 stars and 1-6 stripes (36 cards per deck).  Players grow a connected
group of *followers* from their home corner; two cards sharing an edge must agree in stars or
in stripes.  Lone cards (*independents*) may be dropped anywhere with nothing around them and
join whoever reaches them first.  Whoever first touches the central Trump ignores the
matching rule from then on.  A turn is a placement, an exchange of random cards with an
opponent, or a pass when nothing else is possible.  After each round the game ends if a hand
is empty or nobody placed a card; most followers wins.  Every ruling that groups may play
differently is a field of :class:`StarsAndStripesParams` (exported as ``Params`` too).

Rulings taken by this engine
============================
- ``opponent_contact="edge_and_corner"`` widens "neighbour" from the four edge squares to
  all eight squares around in exactly the check that ``edge`` makes: the card placed
  against other players' followers.  The independents a placement captures are not checked
  (under either option), so a captured independent may touch another player's follower at
  a corner; from then on it counts like any follower, and no other player may place a card
  touching it (settled after the engine's first audit, issue 11).
- A player whose hand is unknown (see the notation) may place any card that is neither on
  the board nor in a listed hand, runs out of cards only when none is left, and takes part
  in no exchange (its outcome would be undefined).
- ``winners`` is empty until the game is over; equal top scores share the win.

Seating order is the order of the homes and play goes round it.  ``legal_moves`` lists
follower placements, then independent placements (both by square, then card), then
exchanges in seating order from the mover; a pass only when nothing else is possible.

The notation of positions and moves is described in
:mod:`printkit.games.stars_and_stripes.notation`, the claims in
:mod:`printkit.games.stars_and_stripes.claims`.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Collection, Mapping, Sequence
from functools import cached_property

from printkit.games.stars_and_stripes import claims, notation
from printkit.games.stars_and_stripes import determinize as _determinize
from printkit.games.stars_and_stripes.state import (
    DECK_LETTERS,
    EMPTY,
    EMPTY_MOVES,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    KINDS,
    PASS_MOVE,
    REASONS,
    TRUMP,
    Card,
    MoveKind,
    MoveList,
    Square,
    StarsAndStripesMove,
    StarsAndStripesParams,
    StarsAndStripesState,
    card_values,
    geometry,
    is_move,
    match_masks,
    squares_of,
)
from printkit.rules.base import NO_PLAYER, Claim, Game, IllegalMoveError, Player


class StarsAndStripes(Game[StarsAndStripesState, StarsAndStripesMove, StarsAndStripesParams]):
    """The Stars and Stripes rules engine (any board size, 2-4 players, k decks)."""

    name = "stars-and-stripes"
    title = "Stars and Stripes"
    Params = StarsAndStripesParams

    @classmethod
    def scale(cls, params: StarsAndStripesParams) -> Mapping[str, tuple[int, str]]:
        """The board's side and the number of cards (36 a deck and the Trump)."""
        sized_by = "board_size" if params.board_size is not None else "decks"
        return {"board": (params.size, sized_by), "cards": (KINDS * params.decks + 1, "decks")}

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
        self._geo = geo = geometry(self.size)
        self.centre: Square = geo.centre
        self._corner = p.opponent_contact == "edge_and_corner"
        self._forbid = p.trump_exclusive == "forbid"
        self._contact_mask = geo.king_mask if self._corner else geo.edge_mask
        self._trump_bit = 1 << geo.centre
        self._trump_adjacent = geo.edge_mask[geo.centre]
        self._all_cards = (1 << self.n_cards) - 1
        self._match = match_masks(p.decks)
        self._others: tuple[tuple[Player, ...], ...] = tuple(
            tuple((q + i) % self.players for i in range(1, self.players))
            for q in range(self.players)
        )
        self._exchange_moves = tuple(StarsAndStripesMove(EXCHANGE, opponent=q)
                                     for q in range(self.players))
        self._card_text = notation.card_texts(p.decks)
        self._cache: tuple[StarsAndStripesState, MoveList] | None = None

    @cached_property
    def _follower_rows(self) -> tuple[tuple[StarsAndStripesMove, ...], ...]:
        """Every follower move, by square then card (made on first use: a large board has
        tens of thousands, and a check that never asks for a move needs none)."""
        return self._move_rows(FOLLOWER)

    @cached_property
    def _independent_rows(self) -> tuple[tuple[StarsAndStripesMove, ...], ...]:
        """Every independent move, by square then card (made on first use)."""
        return self._move_rows(INDEPENDENT)

    def _move_rows(self, kind: MoveKind) -> tuple[tuple[StarsAndStripesMove, ...], ...]:
        cards = range(self.n_cards)
        return tuple(tuple(StarsAndStripesMove(kind, s, c) for c in cards)
                     for s in range(self.size * self.size))

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
                    placed: bool, turn: int, holder: Player) -> StarsAndStripesState:
        """A state from its eight defining fields, the derived ones computed from scratch.

        Nothing is checked: :meth:`parse_state` is the way to build a position from text.
        """
        geo = self._geo
        occupied = sum(1 << s for s, c in enumerate(cells) if c != EMPTY)
        owned = sum(followers)  # the players' masks never overlap
        independents = sum(1 << s for s, c in enumerate(cells) if c >= 0) & ~owned
        frontier, zone = [], []
        for mask in followers:
            edge = contact = 0
            for s in squares_of(mask):
                edge |= geo.edge_mask[s]
                contact |= self._contact_mask[s]
            frontier.append(edge & ~occupied)
            zone.append(contact & ~occupied)
        free = tuple(s for s in range(len(cells)) if not geo.closed_king_mask[s] & occupied)
        front = tuple(frontier)
        return StarsAndStripesState(
            cells, followers, hands, to_move, first, placed, turn, holder, occupied,
            independents, front, tuple(zone) if self._corner else front, free)

    def initial_state(self, rng: random.Random) -> StarsAndStripesState:
        deck = list(range(self.n_cards))
        rng.shuffle(deck)
        cells = [EMPTY] * (self.size * self.size)
        cells[self.centre] = TRUMP
        for player, home in enumerate(self.home_indices):
            cells[home] = deck[player]
        count, start = self.cards_per_player, self.players
        hands = tuple(tuple(sorted(deck[start + i * count:start + (i + 1) * count]))
                      for i in range(self.players))
        first = rng.randrange(self.players)
        followers = tuple(1 << home for home in self.home_indices)
        return self.build_state(tuple(cells), followers, hands, first, first, False, 0,
                                NO_PLAYER)

    def current_player(self, state: StarsAndStripesState) -> Player:
        return state.to_move

    def is_terminal(self, state: StarsAndStripesState) -> bool:
        return state.to_move < 0

    def num_players(self, state: StarsAndStripesState) -> int:
        return len(state.followers)

    def turn_number(self, state: StarsAndStripesState) -> int:
        return state.turn

    def player_names(self, state: StarsAndStripesState) -> tuple[str, ...]:
        return self.names

    def scores(self, state: StarsAndStripesState) -> tuple[int, ...]:
        return tuple(mask.bit_count() for mask in state.followers)

    def winners(self, state: StarsAndStripesState) -> tuple[Player, ...]:
        """Every player with the most followers once the game is over (empty before)."""
        if state.to_move >= 0:
            return ()
        scores = self.scores(state)
        return tuple(p for p, s in enumerate(scores) if s == max(scores))

    def pool(self, state: StarsAndStripesState) -> tuple[Card, ...]:
        """Cards neither on the board nor in a known hand (what an unknown hand may hold)."""
        seen = sum(1 << c for c in state.cells if c >= 0)
        seen |= sum(1 << c for hand in state.hands if hand is not None for c in hand)
        return tuple(squares_of(self._all_cards & ~seen))

    def follower_options(self, state: StarsAndStripesState,
                         player: Player) -> list[tuple[Square, int]]:
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
        options = []
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            square = low.bit_length() - 1
            allowed = everything
            if not exempt:
                for near in edge[square]:
                    card = cells[near]
                    if card >= 0:
                        allowed &= match[card]
            options.append((square, allowed))
        return options

    def capture_group(self, state: StarsAndStripesState, square: Square) -> int:
        """The independents a follower on ``square`` would take over (a flood fill), as a
        bit mask of squares."""
        edge_mask = self._geo.edge_mask
        loose = state.independents
        todo = edge_mask[square] & loose
        group = 0
        while todo:
            low = todo & -todo
            group |= low
            todo = (todo | (edge_mask[low.bit_length() - 1] & loose)) & ~group
        return group

    def legal_moves(self, state: StarsAndStripesState) -> MoveList:
        cache = self._cache
        if cache is not None and cache[0] is state:
            return cache[1]  # the same position again (``apply`` asks after the caller)
        player = state.to_move
        if player < 0:
            return EMPTY_MOVES
        hand = state.hands[player]
        if hand is None:
            hand = self.pool(state)
        head: list[StarsAndStripesMove] = []
        tail: list[StarsAndStripesMove] = []
        if hand:
            rows = self._follower_rows
            held = 0
            for card in hand:
                held |= 1 << card
            everything = self._all_cards
            for square, allowed in self.follower_options(state, player):
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

    def _play(self, state: StarsAndStripesState, move: StarsAndStripesMove,
              rng: random.Random) -> StarsAndStripesState:
        """The state after a legal ``move`` (nothing is checked here)."""
        kind, square, card, opponent = move
        (cells, followers, hands, player, first, placed, turn, holder, occupied, independents,
         frontier, zone, free) = state
        if kind <= INDEPENDENT:
            hand = hands[player]
            if hand is not None:
                i = hand.index(card)
                new_hands = list(hands)
                new_hands[player] = hand[:i] + hand[i + 1:]
                hands = tuple(new_hands)
            board = list(cells)
            board[square] = card
            cells = tuple(board)
            bit = 1 << square
            occupied |= bit
            keep = ~bit
            if kind == FOLLOWER:
                geo = self._geo
                grow = geo.edge_mask[square]
                touch = self._contact_mask[square]
                group = self.capture_group(state, square) if grow & independents else 0
                if group:
                    independents &= ~group
                    for s in squares_of(group):
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
                low, high = self._geo.row_span[square]
                i = bisect.bisect_left(free, low)
                j = bisect.bisect_right(free, high, i)
                if i < j:
                    kill = self._geo.closed_king_mask[square]
                    kept = tuple([s for s in free[i:j] if not kill >> s & 1])
                    free = free[:i] + kept + free[j:]
            placed = True
        elif kind == EXCHANGE:
            mine_hand = hands[player]
            their_hand = hands[opponent]
            assert mine_hand is not None and their_hand is not None
            given = mine_hand[rng.randrange(len(mine_hand))]
            taken = their_hand[rng.randrange(len(their_hand))]
            swapped = list(hands)
            swapped[player] = tuple(sorted([c for c in mine_hand if c != given] + [taken]))
            swapped[opponent] = tuple(sorted([c for c in their_hand if c != taken] + [given]))
            hands = tuple(swapped)
        to_move = (player + 1) % self.players
        if to_move == first:
            if not placed or self.someone_out_of_cards(cells, hands):
                to_move = NO_PLAYER
            placed = False
        return StarsAndStripesState(cells, followers, hands, to_move, first, placed, turn + 1,
                                    holder, occupied, independents, frontier, zone, free)

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

    # ---- explaining refusals

    def illegal_reason(self, state: StarsAndStripesState,
                       move: StarsAndStripesMove) -> str | None:
        """Why ``move`` is illegal, in words (see :data:`REASONS`), or None if it is legal."""
        code = self.refusal_code(state, move)
        return None if code is None else REASONS[code]

    def refusal(self, state: StarsAndStripesState,
                move: StarsAndStripesMove) -> IllegalMoveError:
        reason = self.refusal_code(state, move) or "bad_move"
        try:
            text = self.format_move(state, move)
        except ValueError:
            text = repr(move)
        who = self.names[state.to_move] if state.to_move >= 0 else "nobody"
        return IllegalMoveError(f"illegal move {text!r} for {who} at turn {state.turn}: "
                                f"{REASONS[reason]} ({reason})")

    def refusal_code(self, state: StarsAndStripesState, move: object) -> str | None:
        """A stable code from :data:`REASONS` saying why ``move`` is illegal, or None when
        ``legal_moves`` generates it.  The board's rules come before the card's."""
        player = state.to_move
        if player < 0:
            return "game_over"
        if not is_move(move):
            return "bad_move"
        kind, square, card, opponent = move
        if kind in (FOLLOWER, INDEPENDENT):
            if not (0 <= square < len(state.cells) and 0 <= card < self.n_cards
                    and opponent == NO_PLAYER):
                return "bad_move"
            if state.cells[square] != EMPTY:
                return "occupied"
            if kind == INDEPENDENT:
                if self._geo.closed_king_mask[square] & state.occupied:
                    return "not_isolated"
            else:
                reason = self._follower_square_code(state, player, square)
                if reason is not None:
                    return reason
                allowed = dict(self.follower_options(state, player)).get(square, 0)
                if not allowed >> card & 1:
                    return "matching"
            if card in state.cells:
                return "on_board"
            hand = state.hands[player]
            if card not in (self.pool(state) if hand is None else hand):
                return "not_in_hand"
            return None
        if kind == EXCHANGE:
            if not 0 <= opponent < self.players or square != -1 or card != -1:
                return "bad_move"
            if opponent == player:
                return "self_exchange"
            mine, theirs = state.hands[player], state.hands[opponent]
            if mine is None or theirs is None:
                return "hand_unknown"
            if not mine:
                return "no_cards"
            if not theirs:
                return "opponent_no_cards"
            return None
        if move != PASS_MOVE:
            return "bad_move"
        moves = self.legal_moves(state)
        return None if len(moves) == 1 and moves[0] == PASS_MOVE else "must_act"

    def _follower_square_code(self, state: StarsAndStripesState, player: Player,
                              square: Square) -> str | None:
        """Why no follower of ``player`` may go on the empty ``square`` (None if one may)."""
        edge_mask = self._geo.edge_mask[square]
        if not edge_mask & state.followers[player]:
            return "no_follower_neighbour"
        for other in self._others[player]:
            if self._contact_mask[square] & state.followers[other]:
                return "opponent_contact"
        holder = state.trump_holder
        if self._forbid and holder >= 0 and holder != player and edge_mask & self._trump_bit:
            return "trump_claimed"
        return None

    # ---- notation, claims, figures (see the notation and claims modules)

    def format_state(self, state: StarsAndStripesState) -> str:
        return notation.format_state(self, state)

    def view(self, state: StarsAndStripesState, player: Player) -> str:
        return notation.format_state(self, state, viewer=player)

    def determinize(self, state: StarsAndStripesState, player: Player,
                    rng: random.Random) -> StarsAndStripesState:
        return _determinize.determinize(state, player, rng, self.pool(state))

    def hidden_from(self, state: StarsAndStripesState, player: Player) -> Collection[str]:
        return notation.hidden_from(self, state, player)

    def parse_state(self, text: str) -> StarsAndStripesState:
        return notation.parse_state(self, text)

    def format_move(self, state: StarsAndStripesState, move: StarsAndStripesMove) -> str:
        return notation.format_move(self, move)

    def parse_move(self, state: StarsAndStripesState, text: str) -> StarsAndStripesMove:
        return notation.parse_move(self, text)

    def result_cause(self, state: StarsAndStripesState) -> str:
        """How a finished game was decided, for the simulator's report."""
        why = ("a hand ran out" if self.someone_out_of_cards(state.cells, state.hands)
               else "a round without a placement")
        shared = len(self.winners(state)) > 1
        return f"{'equal most' if shared else 'most'} followers after {why}"

    def claims(self) -> Mapping[str, Claim[StarsAndStripesState]]:
        return claims.claims(self)

    def figures(self, history: Sequence[StarsAndStripesState]) -> Mapping[str, float]:
        """Counts for one game: placements, captures, exchanges, passes and how it ended."""
        return claims.figures(self, history)

    def heuristic(self, state: StarsAndStripesState, player: Player) -> float:
        """Follower lead over the best opponent, plus a bonus for holding the Trump."""
        return claims.heuristic(self, state, player)


Params = StarsAndStripesParams
"""The parameters under the name every engine module uses."""

__all__ = [
    "DECK_LETTERS",
    "EMPTY",
    "EXCHANGE",
    "FOLLOWER",
    "INDEPENDENT",
    "PASS_MOVE",
    "REASONS",
    "TRUMP",
    "MoveList",
    "Params",
    "StarsAndStripes",
    "StarsAndStripesMove",
    "StarsAndStripesParams",
    "StarsAndStripesState",
    "card_values",
]
