"""How each move of Stars (White Star) changes a position: the engine's hot path.

:class:`Transitions` is the part of the engine (:class:`.rules.WhiteStar` inherits it)
that plays a move :meth:`~printkit.rules.base.Game.apply` or the simulator has found
legal; nothing is checked again here.  A playout spends most of its time in these few
functions, so they are written for speed, with the same results as the plain rules:

* a new position is a draft of the previous one with the changed fields set
  (:mod:`.drafts`), never the frozen dataclass's constructor;
* a card play is told apart by its class (there is one :class:`.state.Play` per card) and
  played in ``_play`` itself, unless it completes a trick;
* an ordinary trick is judged from the bit mask of its cards (:func:`.scoring.plain_taker`);
* a deal shuffles as ``random.Random.shuffle`` does, draw for draw, and puts each card in
  its hand as the shuffle settles it, instead of shuffling a list and dealing it after.
"""

from __future__ import annotations

import random
from typing import Final

from printkit.games.white_star.drafts import draft, evolve
from printkit.games.white_star.scoring import ALL_SUITS, SUIT_BIT, Scoring, plain_taker
from printkit.games.white_star.state import (
    ALL_CARDS,
    DEAL_PATTERN,
    EMPTY4,
    NOBODY_PASSED,
    NUM_PLAYERS,
    Bid,
    Bury,
    Card,
    CardSet,
    Pass,
    Play,
    WhiteStarMove,
    WhiteStarState,
)
from printkit.rules.base import Player

FRESH_HAND: Final = WhiteStarState(phase="bidding", dealer=0)
"""A position just dealt, but for the dealer, the cards, the totals and the counters."""
WIDOW: Final = NUM_PLAYERS
"""The slot of the widow's cards in a deal (slots 0 to 3 are the players)."""


def _deal_slots() -> tuple[int, ...]:
    """Where the card at each position of the shuffled deck goes: ``r`` for the ``r``-th
    player left of the dealer (0 to 3), :data:`WIDOW` for the widow."""
    slots: list[int] = []
    for round_no, count in enumerate(DEAL_PATTERN):
        if round_no == 1:
            slots += [WIDOW] * count
        else:
            for offset in range(NUM_PLAYERS):
                slots += [offset] * count
    return tuple(slots)


DEAL_SLOTS: Final = _deal_slots()
"""The slot of each deck position (the deal goes 3 each, 3 to the widow, 4 each, 3 each)."""
_WIDTHS: Final = tuple((i + 1).bit_length() for i in range(len(ALL_CARDS)))
"""Bits drawn by ``Random._randbelow(i + 1)``, the draw of shuffle's step ``i``."""
SEAT_SLOTS: Final = tuple(tuple((seat - dealer - 1) % NUM_PLAYERS for seat in range(NUM_PLAYERS))
                          for dealer in range(NUM_PLAYERS))
"""For each dealer, each seat's slot (its place to the dealer's left)."""


def shuffled_slots(rng: random.Random) -> list[CardSet]:
    """The cards of each slot (:data:`DEAL_SLOTS`) after ``rng`` shuffles the deck, as
    ``rng.shuffle(list(ALL_CARDS))`` would: the same draws (``_randbelow`` by
    ``getrandbits``, redrawn while too large) and the same swaps.  Only for an ``rng`` of
    type ``random.Random`` exactly, whose ``shuffle`` works so."""
    deck = list(ALL_CARDS)
    parts = [0] * (NUM_PLAYERS + 1)
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        width = _WIDTHS[i]
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        card = deck[j]  # swapped into place i, where the shuffle leaves it
        deck[j] = deck[i]
        parts[DEAL_SLOTS[i]] |= 1 << card
    parts[DEAL_SLOTS[0]] |= 1 << deck[0]
    return parts


def _next_callers() -> dict[tuple[Player, tuple[bool, ...]], Player | None]:
    """Whose call it is, by the seat play goes on from and who has passed: the first
    player after that seat still in (``None`` when everyone has passed)."""
    table: dict[tuple[Player, tuple[bool, ...]], Player | None] = {}
    for start in range(NUM_PLAYERS):
        for flags in range(1 << NUM_PLAYERS):
            passed = tuple(bool(flags >> seat & 1) for seat in range(NUM_PLAYERS))
            table[start, passed] = next(
                ((start + i) % NUM_PLAYERS for i in range(1, NUM_PLAYERS + 1)
                 if not passed[(start + i) % NUM_PLAYERS]), None)
    return table


NEXT_CALLER: Final = _next_callers()


def next_caller(state: WhiteStarState) -> Player:
    """Whose call it is in the auction: the first player still in after the high bidder
    (or the dealer); the dealer in a position where everybody has passed."""
    start = state.bidder if state.bidder is not None else state.dealer
    seat = NEXT_CALLER.get((start, state.passed))
    if seat is None:  # everybody passed (never in a real auction), or unusual flags
        for i in range(1, NUM_PLAYERS + 1):
            seat = (start + i) % NUM_PLAYERS
            if not state.passed[seat]:
                return seat
        return state.dealer
    return seat


class Transitions(Scoring):
    """Playing moves: the state after each kind of move."""

    def _play(self, state: WhiteStarState, move: WhiteStarMove,
              rng: random.Random) -> WhiteStarState:
        if type(move) is Play:  # most moves: a card that does not end the trick
            card = move.card
            trick = state.trick
            leader = state.leader
            assert leader is not None
            seat = (leader + len(trick)) % NUM_PLAYERS
            h0, h1, h2, h3 = state.hands
            keep = ~(1 << card)
            if seat == 0:
                h0 &= keep
            elif seat == 1:
                h1 &= keep
            elif seat == 2:
                h2 &= keep
            else:
                h3 &= keep
            trick = (*trick, card)
            if len(trick) < NUM_PLAYERS:
                after = draft(state)
                after.hands = (h0, h1, h2, h3)
                after.trick = trick
                after.turns = state.turns + 1
                after.__class__ = WhiteStarState
                played: WhiteStarState = after
                return played
            return self._gather(state, leader, (h0, h1, h2, h3), trick)
        return self._other_move(state, move, rng)

    def _gather(self, state: WhiteStarState, leader: Player, hands: tuple[CardSet, ...],
                trick: tuple[Card, ...]) -> WhiteStarState:
        """The position after the fourth card of a trick: the trick gathered."""
        a, b, c, d = trick
        cards = (1 << a) | (1 << b) | (1 << c) | (1 << d)
        won = state.won
        stars = state.stars
        if SUIT_BIT[a] | SUIT_BIT[b] | SUIT_BIT[c] | SUIT_BIT[d] != ALL_SUITS:
            taker = next_leader = (leader + plain_taker(trick, cards)) % NUM_PLAYERS
            piles = list(won)
            piles[taker] |= cards
            won = tuple(piles)
        else:
            outcome = self.star_outcome(leader, trick)
            next_leader = outcome.next_leader
            if outcome.to_star_pile:
                pile = list(stars)
                pile[outcome.taker] = (*pile[outcome.taker], cards)
                stars = tuple(pile)
            else:
                piles = list(won)
                piles[outcome.taker] |= cards
                won = tuple(piles)
        after = draft(state)
        after.hands = hands
        after.trick = ()
        after.leader = next_leader
        after.won = won
        after.stars = stars
        after.last_leader = leader
        after.last_trick = trick
        after.turns = state.turns + 1
        after.__class__ = WhiteStarState
        gathered: WhiteStarState = after
        if hands[0] | hands[1] | hands[2] | hands[3]:
            return gathered
        return self._hand_over(gathered, scored=True)

    def _other_move(self, state: WhiteStarState, move: WhiteStarMove,
                    rng: random.Random) -> WhiteStarState:
        """A call, a burial or a deal (or a card, should a move be of a subclass)."""
        turns = state.turns + 1
        if isinstance(move, Bid):
            return self._after_call(state, move.amount, next_caller(state), state.passed,
                                    turns)
        if isinstance(move, Pass):
            passed = list(state.passed)
            passed[next_caller(state)] = True
            return self._after_call(state, state.bid, state.bidder, tuple(passed), turns)
        if isinstance(move, Bury):
            holder = state.bidder
            assert holder is not None
            hands = list(state.hands)
            hands[holder] &= ~move.cards
            after = draft(state)
            after.hands = tuple(hands)
            after.buried = state.buried | move.cards
            after.turns = turns
            after.phase = "playing"
            after.leader = holder
            after.trick = ()
            after.__class__ = WhiteStarState
            buried: WhiteStarState = after
            if any(hands):
                return buried
            return self._hand_over(buried, scored=True)
        if isinstance(move, Play):
            leader = state.leader
            assert leader is not None
            seat = (leader + len(state.trick)) % NUM_PLAYERS
            hands = list(state.hands)
            hands[seat] &= ~(1 << move.card)
            trick = (*state.trick, move.card)
            if len(trick) < NUM_PLAYERS:
                return evolve(state, hands=tuple(hands), trick=trick, turns=turns)
            return self._gather(state, leader, tuple(hands), trick)
        return self._dealt(state.dealer, rng, state.totals, state.deal + 1, turns)

    def _after_call(self, state: WhiteStarState, bid: int | None, bidder: Player | None,
                    passed: tuple[bool, ...], turns: int) -> WhiteStarState:
        """The position after a call that leaves ``bid``, ``bidder`` and ``passed``: the
        auction ended if it is over."""
        out = sum(passed)
        if bid is not None and out == NUM_PLAYERS - 1:
            assert bidder is not None
            return self._take_widow(state, bidder, bid, turns)
        if out == NUM_PLAYERS:
            if self.params.all_pass == "dealer_forced":
                return self._take_widow(state, state.dealer, self.params.min_bid, turns)
            return self._hand_over(
                evolve(state, bid=bid, bidder=bidder, turns=turns, hands=EMPTY4, widow=0,
                       passed=NOBODY_PASSED), scored=False)
        after = draft(state)
        after.bid = bid
        after.bidder = bidder
        after.passed = passed
        after.turns = turns
        after.__class__ = WhiteStarState
        called: WhiteStarState = after
        return called

    def _take_widow(self, state: WhiteStarState, holder: Player, bid: int,
                    turns: int) -> WhiteStarState:
        """The holder takes up the widow and is to bury as many cards."""
        hands = list(state.hands)
        hands[holder] |= state.widow
        state = evolve(state, hands=tuple(hands), widow=0, bid=bid, bidder=holder,
                       passed=NOBODY_PASSED, phase="burying", turns=turns)
        if hands[holder].bit_count() == hands[(holder + 1) % NUM_PLAYERS].bit_count():
            return self._start_play(state)  # nothing to bury: a position without a widow
        return state

    def _start_play(self, state: WhiteStarState) -> WhiteStarState:
        state = evolve(state, phase="playing", leader=state.bidder, trick=())
        if not any(state.hands):
            return self._hand_over(state, scored=True)
        return state

    def _hand_over(self, state: WhiteStarState, *, scored: bool) -> WhiteStarState:
        """Credit the hand (unless thrown in), then end the game or pass the deal left."""
        totals = state.totals
        if scored:
            credit = self.hand_credit(state)
            totals = tuple(t + c for t, c in zip(totals, credit, strict=True))
        top = max(totals)
        finished = top >= self.params.target and totals.count(top) == 1
        after = draft(state)
        after.phase = "over" if finished else "dealing"
        after.dealer = (state.dealer + 1) % NUM_PLAYERS
        after.totals = totals
        after.leader = None
        after.trick = ()
        after.__class__ = WhiteStarState
        ended: WhiteStarState = after
        return ended

    def _dealt(self, dealer: Player, rng: random.Random, totals: tuple[int, ...], deal: int,
               turns: int) -> WhiteStarState:
        """A fresh hand dealt by ``dealer`` in the 3-widow-4-3 pattern, dealing to the left."""
        if type(rng) is random.Random:
            parts = shuffled_slots(rng)
        else:  # another generator may shuffle otherwise: let it
            deck = list(ALL_CARDS)
            rng.shuffle(deck)
            parts = [0] * (NUM_PLAYERS + 1)
            for position, slot in enumerate(DEAL_SLOTS):
                parts[slot] |= 1 << deck[position]
        slots = SEAT_SLOTS[dealer]
        after = draft(FRESH_HAND)
        after.dealer = dealer
        after.hands = (parts[slots[0]], parts[slots[1]], parts[slots[2]], parts[slots[3]])
        after.widow = parts[WIDOW]
        after.totals = totals
        after.deal = deal
        after.turns = turns
        after.__class__ = WhiteStarState
        dealt: WhiteStarState = after
        return dealt


__all__ = ["DEAL_SLOTS", "FRESH_HAND", "NEXT_CALLER", "SEAT_SLOTS", "WIDOW", "Transitions",
           "next_caller", "shuffled_slots"]
