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
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import overload

from printkit.games.vant import claims as _claims
from printkit.games.vant import determinize as _determinize
from printkit.games.vant import notation as _notation
from printkit.games.vant.state import (
    CLAIM,
    DECK,
    PASS,
    PLACES,
    PLAYER_NAMES,
    REACH,
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


class MoveList(Sequence[VantMove]):
    """The legal moves of one position, in a fixed order: the decisions about pending
    points, then each card (in card order) on each open cell (in cell order).

    The card plays are made only when asked for, so drawing one random move is cheap, and
    membership is decided from the cards and cells the list is made of.
    """

    __slots__ = ("_cards", "_head", "_n_head", "_size", "_targets")

    def __init__(self, head: tuple[VantMove, ...], cards: Sequence[Card],
                 targets: Sequence[tuple[int, int]]) -> None:
        self._head = head
        self._cards = cards
        self._targets = targets
        self._n_head = len(head)
        self._size = self._n_head + len(cards) * len(targets)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> VantMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[VantMove]: ...

    def __getitem__(self, index: int | slice) -> VantMove | list[VantMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("move index out of range")
        if index < self._n_head:
            return self._head[index]
        card, cell = divmod(index - self._n_head, len(self._targets))
        row, col = self._targets[cell]
        return PLACES[self._cards[card], row, col]

    def __iter__(self) -> Iterator[VantMove]:
        yield from self._head
        places, targets = PLACES, self._targets
        for card in self._cards:
            for row, col in targets:
                yield places[card, row, col]

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Place):
            return move.card in self._cards and (move.row, move.col) in self._targets
        return move in self._head

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


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
        suit, rank = card >> 3, card & 7
        suit_points, rank_points = self.suit_value[card], self.rank_value[card]
        reach = REACH[(row, col)]
        points = 0
        if s.placed < 16:
            cells = s.lower
            for i in reach.around:
                other = cells[i]
                if other is not None and other >> 3 == suit:
                    points += suit_points
            for i in reach.lines:
                other = cells[i]
                if other is not None and other & 7 == rank:
                    points += rank_points
        else:  # what :meth:`visible` shows, looked up only where the card reaches
            lower, upper, dead = s.lower, s.upper, self._dead
            for i in reach.around:
                other = upper[i]
                if other is None:
                    other = lower[i]
                elif dead:
                    continue
                if other is not None and other >> 3 == suit:
                    points += suit_points
            for i in reach.lines:
                other = upper[i]
                if other is None:
                    other = lower[i]
                elif dead:
                    continue
                if other is not None and other & 7 == rank:
                    points += rank_points
        penalty = 0
        if s.placed == 16:
            beneath = s.lower[row * 4 + col]
            if beneath is not None and beneath >> 3 == suit:
                penalty = 10 * suit_points
            elif beneath is not None and beneath & 7 == rank:
                penalty = 10 * rank_points
        return points, penalty

    # ---- play

    def initial_state(self, rng: random.Random) -> VantState:
        deck = list(range(32))
        rng.shuffle(deck)
        return VantState(hands=(frozenset(deck[0:4]), frozenset(deck[4:8])), dealer=1)

    def current_player(self, state: VantState) -> Player:
        return NO_PLAYER if self.is_terminal(state) else self.to_move(state)

    def legal_moves(self, state: VantState) -> MoveList:
        """``claim`` (and ``pass`` when no card may be played) while points are pending,
        then every card the player may hold on every open cell, card by card."""
        targets = self.open_targets(state)
        head: tuple[VantMove, ...] = ()
        if state.pending:
            head = (CLAIM,) if targets else (CLAIM, PASS)
        if not targets:
            return MoveList(head, (), ())
        return MoveList(head, self.available(state, self.to_move(state)), targets)

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
        player = self.to_move(state)
        if not isinstance(move, Place):
            scores = state.scores
            if isinstance(move, ClaimPoints):
                scores = _added(scores, player, state.pending)
            leader = state.leader
            if state.placed == 16 and leader is None:
                leader = leader_by_rule(scores, state.dealer)
            return replace(state, scores=scores, pending=0, leader=leader, turn=state.turn + 1)

        card, row, col = move.card, move.row, move.col
        points, penalty = self.gift(state, card, row, col)
        hands = list(state.hands)
        hidden = list(state.hidden)
        if card in hands[player]:
            hands[player] = hands[player] - {card}
        else:
            hidden[player] -= 1
        lower, upper, leader = state.lower, state.upper, state.leader
        level_one = state.placed < 16
        filled = state.filled
        if level_one:
            lower = shifted(lower, row, col)
            filled = shifted_mask(filled, row, col)
            i = max(row, 0) * 4 + max(col, 0)
            lower = (*lower[:i], card, *lower[i + 1:])
            filled |= 1 << i
        else:
            i = row * 4 + col
            upper = (*upper[:i], card, *upper[i + 1:])
        scores, pending = state.scores, 0
        if self.params.strict_claims:
            pending = points + penalty
        else:
            scores = _added(scores, 1 - player, points + penalty)
        placed = state.placed + level_one
        if level_one and placed in (8, 16):
            pool = sorted(DECK - {c for c in lower if c is not None} - hands[0] - hands[1])
            for p in (1 - state.dealer, state.dealer):
                drawn = rng.sample(pool, 8 if placed == 8 else 4)
                hands[p] = hands[p] | frozenset(drawn)
                pool = [c for c in pool if c not in drawn]
            if placed == 16 and not pending:
                leader = leader_by_rule(scores, state.dealer)
        return VantState.made(lower, upper, (hands[0], hands[1]), (hidden[0], hidden[1]),
                              scores, state.dealer, leader, pending, state.turn + 1,
                              placed=placed, covered=state.covered + (not level_one),
                              topped=state.topped if level_one else state.topped | 1 << i,
                              filled=filled)

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


def _added(scores: tuple[int, int], player: Player, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if player == 0 else (scores[0], scores[1] + points)
