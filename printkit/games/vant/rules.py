"""Rules engine for "I vant to be alone", David Parlett's two-player avoid-matching game.

Thirty-two cards are laid out in a 4 x 4 square (level one), then played on top of the
square's cards (level two).  Whoever plays a card gives points to the *other* player for
every match: a neighbouring card (in any of the eight directions) of the same suit, and a
card of the same rank anywhere on the same row, column or diagonal.  At level two the card
underneath costs ten times the matching value on top of that.

The layout is kept *translation-free*: its bounding box always starts at the top-left
corner of a 4 x 4 frame, so two layouts that differ only in where they lie on the table
are the same state; a card played above or left of the box shifts the frame.  Hands hold
the cards a position knows about plus a count of unknown ones, so a booklet may leave
hands out.  The stock is never listed: it is whatever is neither on the table nor in a
known hand, and deals draw from those unseen cards with the ``random.Random`` handed to
:meth:`Vant.apply`.

Rulings of the spec: the layout's bounding box stays within 4 x 4; scores are counted
automatically (option ``strict_claims``: the opponent must claim before the next card or
lose the points); a covered card is turned face down and the covering card shows in its
cell, each cell covered once (option ``level2_visibility``: ``played_card_visible`` or
``cell_dead``); level two is led by the higher score after level one, on a tie by the
dealer (who played last); equal final scores are a draw.  The point table (option
``suit_values`` and ``rank_values``) is a reconstruction, kept as data.

Rulings the spec leaves open: the non-dealer ``P1`` plays first and ``P2`` deals; a card
can never match the card it covers by both suit and rank (the pack holds each card once),
so the penalty is for one or the other; with ``strict_claims`` a claim takes all the
pending points or none, is its own decision before the next card (playing a card instead
gives the points up) and, after the last card of a level, is ``claim`` or ``pass``; the
leader of level two is chosen once that claim is settled.

The notation of positions and moves is described in :mod:`printkit.games.vant.notation`
(``10H below 8C``, ``QS on 10H``, ``claim``, ``pass``); the claims an example file may
state are in :mod:`printkit.games.vant.claims`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from printkit.games.vant import claims as _claims
from printkit.games.vant import determinize as _determinize
from printkit.games.vant import notation as _notation
from printkit.games.vant.bits import CLEAR, OPEN_CODES, UNCOVERED_CODES, cell_code, shifted_board
from printkit.games.vant.chance import draw, shuffled_deck
from printkit.games.vant.moves import EMPTY
from printkit.games.vant.moves import MoveList as MoveList  # the engine tests import it from here
from printkit.games.vant.state import (
    CLAIM,
    DECK,
    EMPTY_CELLS,
    PASS,
    PLACES,
    PLAYER_NAMES,
    Card,
    Cells,
    ClaimPoints,
    Place,
    VantMove,
    VantParams,
    VantState,
    card_name,
    inside,
    leader_by_rule,
    open_cells,
    shifted,
    shifted_mask,
    uncovered,
)
from printkit.rules.base import NO_PLAYER, Claim, Game, Player

Params = VantParams


class Vant(Game[VantState, VantMove, VantParams]):
    """Two players; the non-dealer ``P1`` plays first, ``P2`` deals."""

    name = "i-vant-to-be-alone"
    title = "I vant to be alone"
    Params = VantParams

    def __init__(self, params: VantParams | None = None) -> None:
        super().__init__(params)
        suits, ranks = self.params.suit_values, self.params.rank_values
        self.suit_value = tuple(suits[c >> 3] for c in range(32))
        """The suit's points of each card, by card."""
        self.rank_value = tuple(ranks[c & 7] for c in range(32))
        """The rank's points of each card, by card."""
        self._dead = self.params.level2_visibility == "cell_dead"
        self._strict = self.params.strict_claims
        self._penalty = tuple(
            10 * suits[card >> 3] if card >> 3 == under >> 3
            else 10 * ranks[card & 7] if card & 7 == under & 7 else 0
            for card in range(32) for under in range(32))
        """The covered-card penalty of a card (``card * 32 + covered card``)."""

    # ---- helpers over states

    def to_move(self, s: VantState) -> Player:
        """Who decides next (also in a finished game: the one who would)."""
        if s.placed < 16 or s.leader is None:
            return 1 - s.dealer if s.placed % 2 == 0 else s.dealer
        return s.leader if s.covered % 2 == 0 else 1 - s.leader

    def unknown(self, s: VantState) -> frozenset[Card]:
        """Cards neither on the table nor in a known hand (hidden hands and the stock)."""
        return DECK - s.table() - s.hands[0] - s.hands[1]

    def available(self, s: VantState, player: Player) -> list[Card]:
        """The cards ``player`` may play: known ones, and any unknown one if some are."""
        cards = set(s.hands[player])
        if s.hidden[player]:
            cards |= self.unknown(s)
        return sorted(cards)

    def holds(self, s: VantState, player: Player, card: Card) -> bool:
        """Whether ``player`` may hold ``card`` (known, or possibly among the unseen)."""
        if card in s.hands[player]:
            return True
        return bool(s.hidden[player]) and card in self.unknown(s)

    def visible(self, s: VantState) -> Cells:
        """What each cell shows to a level-two card being scored."""
        if self._dead:
            return tuple(lo if up is None else None for lo, up in zip(s.lower, s.upper,
                                                                        strict=True))
        return tuple(lo if up is None else up for lo, up in zip(s.lower, s.upper, strict=True))

    def open_targets(self, s: VantState) -> Sequence[tuple[int, int]]:
        """The cells a card may be played to now (empty while a claim must be settled)."""
        settling = (s.placed == 16 and s.leader is None) or s.covered == 16
        if self.is_terminal(s) or (s.pending and settling):
            return ()
        if s.placed < 16:
            return open_cells(s.filled)[0]
        return uncovered(s.topped)

    def gift(self, s: VantState, card: Card, row: int, col: int) -> tuple[int, int]:
        """(points for matching cards in the layout, covered-card penalty) for a play."""
        place = PLACES.get((card, row, col)) or Place(card, row, col)
        board = s.alive if self._dead and s.placed == 16 else s.shown
        points = (self.suit_value[card] * (board & place.suit_reach).bit_count()
                  + self.rank_value[card] * (board & place.rank_reach).bit_count())
        penalty = 0
        if s.placed == 16 and inside(row, col):
            beneath = s.lower[row * 4 + col]
            if beneath is not None:
                penalty = self._penalty[card << 5 | beneath]
        return points, penalty

    # ---- play

    def initial_state(self, rng: random.Random) -> VantState:
        deck = shuffled_deck(rng)
        return _new(VantState, (EMPTY_CELLS, EMPTY_CELLS, (tuple(sorted(deck[0:4])),
                                tuple(sorted(deck[4:8]))), (0, 0), (0, 0), 1, None, 0, 0,
                                0, 0, 0, 0, 0, 0))

    def current_player(self, state: VantState) -> Player:
        return NO_PLAYER if self.is_terminal(state) else self.to_move(state)

    def legal_moves(self, state: VantState) -> MoveList:
        """``claim`` (and ``pass`` when no card may be played) while points are pending,
        then every card the player may hold on every open cell, card by card."""
        placed, leader = state.placed, state.leader
        if state.pending or state.covered == 16 or (placed == 16 and leader is None):
            return self._settling_moves(state)
        player: Player
        if placed < 16 or leader is None:
            player = state.dealer if placed & 1 else 1 - state.dealer
            codes = OPEN_CODES[state.filled]
        else:
            player = 1 - leader if state.covered & 1 else leader
            codes = UNCOVERED_CODES[state.topped]
        if state.hidden[player]:
            return MoveList((), self.available(state, player), codes)
        return MoveList((), state.held[player], codes)

    def _settling_moves(self, state: VantState) -> MoveList:
        """:meth:`legal_moves` of a finished game, of one with points pending, or of a
        position whose leader is not known yet."""
        targets = self.open_targets(state)
        head: tuple[VantMove, ...] = ()
        if state.pending:
            head = (CLAIM,) if targets else (CLAIM, PASS)
        if not targets:
            return MoveList(head, (), ()) if head else EMPTY
        return MoveList(head, self.available(state, self.to_move(state)),
                        tuple(cell_code(row, col) for row, col in targets))

    def illegal_reason(self, state: VantState, move: VantMove) -> str | None:
        if move in self.legal_moves(state):
            return None
        if self.is_terminal(state):
            return "the game is over"
        player = self.to_move(state)
        name = PLAYER_NAMES[player]
        if not isinstance(move, Place):
            if not state.pending:
                return "there are no points to claim"
            return f"{name} may simply play a card (which gives up the points)"
        if not self.open_targets(state):
            return f"{name} must first claim or pass the {state.pending} pending points"
        if not self.holds(state, player, move.card):
            return f"{card_name(move.card)} is not in {name}'s hand"
        row, col = move.row, move.col
        if state.placed < 16:
            if inside(row, col) and state.lower[row * 4 + col] is not None:
                return "that cell is taken"
            return "a card must go next to one already placed, inside a 4 x 4 square"
        if not inside(row, col):
            return "level two plays on top of a card of the square"
        if state.upper[row * 4 + col] is not None:
            return "that card is already covered"
        return "it is not one of the legal moves"

    def _play(self, state: VantState, move: VantMove, rng: random.Random) -> VantState:
        # the hot path of every playout: the state's values unpacked, each updated from the
        # place's precomputed fields (no gift() call, no frozensets), one tuple made at the end
        if not isinstance(move, Place):
            return self._decide(state, move)
        (lower, upper, held, hidden, scores, dealer, leader, pending, turn, placed, covered,
         filled, topped, shown, alive) = state
        card = move.card
        index = move.index
        if placed < 16:
            player = dealer if placed & 1 else 1 - dealer
            points = (self.suit_value[card] * (shown & move.suit_reach).bit_count()
                      + self.rank_value[card] * (shown & move.rank_reach).bit_count())
            if move.shifts:
                row, col = move.row, move.col
                lower = shifted(lower, row, col)
                filled = shifted_mask(filled, row, col)
                shown = shifted_board(shown, row, col)
            cells = list(lower)
            cells[index] = card
            lower = tuple(cells)
            filled |= 1 << index
            shown |= move.bits
            alive = shown
            placed += 1
        else:
            if leader is None:
                player = dealer if placed & 1 else 1 - dealer
            else:
                player = 1 - leader if covered & 1 else leader
            board = alive if self._dead else shown
            points = (self.suit_value[card] * (board & move.suit_reach).bit_count()
                      + self.rank_value[card] * (board & move.rank_reach).bit_count()
                      + self._penalty[card << 5 | lower[index]])  # type: ignore[operator]
            cells = list(upper)
            cells[index] = card
            upper = tuple(cells)
            topped |= 1 << index
            clear = CLEAR[index]
            shown = shown & clear | move.bits
            alive &= clear
            covered += 1
        mine = held[player]
        if card in mine:
            at = mine.index(card)
            mine = mine[:at] + mine[at + 1:]
            held = (mine, held[1]) if player == 0 else (held[0], mine)
        else:
            hidden = (hidden[0] - 1, hidden[1]) if player == 0 else (hidden[0], hidden[1] - 1)
        if self._strict:
            pending = points
        else:
            pending = 0
            scores = (scores[0], scores[1] + points) if player == 0 else (
                scores[0] + points, scores[1])
        if (placed == 8 or placed == 16) and not covered:
            held = _dealt(lower, held, placed, dealer, rng)
            if placed == 16 and not pending:
                leader = leader_by_rule(scores, dealer)
        return _new(VantState, (lower, upper, held, hidden, scores, dealer, leader, pending,
                                turn + 1, placed, covered, filled, topped, shown, alive))

    def _decide(self, state: VantState, move: VantMove) -> VantState:
        """The state after ``claim`` or ``pass``."""
        scores = state.scores
        if isinstance(move, ClaimPoints):
            scores = _added(scores, self.to_move(state), state.pending)
        leader = state.leader
        if state.placed == 16 and leader is None:
            leader = leader_by_rule(scores, state.dealer)
        return state._replace(scores=scores, pending=0, leader=leader, turn=state.turn + 1)

    def is_terminal(self, state: VantState) -> bool:
        return state.covered == 16 and not state.pending

    def scores(self, state: VantState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: VantState) -> tuple[Player, ...]:
        if not self.is_terminal(state):
            return ()
        first, second = state.scores
        if first == second:
            return (0, 1)
        return (0,) if first > second else (1,)

    def num_players(self, state: VantState) -> int:
        return 2

    def turn_number(self, state: VantState) -> int:
        return state.turn

    def player_names(self, state: VantState) -> tuple[str, ...]:
        return PLAYER_NAMES

    def determinize(self, state: VantState, player: Player,
                    rng: random.Random) -> VantState:
        return _determinize.determinize(state, player, rng)

    def hidden_from(self, state: VantState, player: Player) -> Collection[str]:
        """The cards of the other hand: the stock is never written, and the face-down cards
        were seen when they were played."""
        return frozenset(card_name(c) for c in state.hands[1 - player])

    # ---- notation

    def parse_state(self, text: str) -> VantState:
        return _notation.parse_state(self, text)

    def format_state(self, state: VantState) -> str:
        return _notation.format_state(self, state)

    def parse_move(self, state: VantState, text: str) -> VantMove:
        return _notation.parse_move(state, text)

    def format_move(self, state: VantState, move: VantMove) -> str:
        return _notation.format_move(state, move)

    def view(self, state: VantState, player: Player) -> str:
        return _notation.view(self, state, player)
    def result_cause(self, state: VantState) -> str:
        """How a finished game was decided, for the simulator's report."""
        return "equal scores" if len(self.winners(state)) > 1 else "higher score"


    # ---- claims and figures

    def claims(self) -> Mapping[str, Claim[VantState]]:
        return _claims.claims(self)

    def figures(self, history: Sequence[VantState]) -> Mapping[str, float]:
        """Points given away per level, covered-card penalties, forfeits, draws, leader wins."""
        return _claims.figures(self, history)

    def heuristic(self, state: VantState, player: Player) -> float:
        """Own score minus the other's, pending points counted for whoever may claim them."""
        return _claims.heuristic(self, state, player)


# --------------------------------------------------------------------------- helpers


_new = tuple.__new__


def _dealt(lower: Cells, held: tuple[tuple[Card, ...], tuple[Card, ...]], placed: int,
           dealer: Player, rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hands after the deal that follows the eighth or the sixteenth level-one card:
    each player, the non-dealer first, draws from the cards neither on the table nor in a
    known hand (in card order), eight cards after the eighth, four after the sixteenth."""
    taken = {*lower, *held[0], *held[1]}
    pool = [c for c in range(32) if c not in taken]
    hands = [held[0], held[1]]
    for p in (1 - dealer, dealer):
        drawn, pool = draw(pool, 8 if placed == 8 else 4, rng)
        hands[p] = tuple(sorted(hands[p] + tuple(drawn)))
    return hands[0], hands[1]


def _added(scores: tuple[int, int], player: Player, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if player == 0 else (scores[0], scores[1] + points)
