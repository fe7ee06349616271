"""The players ``printkit simulate`` puts at a Stars table.

``beginner`` (the default) plays as a sensible newcomer who has read the rules once.  It
only looks at what a player at the table can see: its own hand, the cards gathered in
tricks and Star piles, the trick on the table and (as contract holder) what it buried.

* **Bidding.**  It estimates what its hand would score as contract holder
  (:func:`estimate`: a little over half the card points it holds, three and a half points
  a Skull, three a card no one can beat, and twelve and a half for the widow and the odd
  tricks any hand picks up; these weights were fitted to what beginners' contract holders
  actually score) and bids up to that estimate: it opens a few points below it and then
  overbids by one while the estimate allows, passing otherwise.  Since the auction
  usually stops below the winner's estimate, about two contracts in three are made.
* **Burying.**  It buries the three non-Skull cards with the most points that cannot win
  a trick for sure (the points are then banked).
* **Leading.**  A card no one can beat (its suit's highest left in play) with the most
  points, else its weakest card of its longest coloured suit.
* **Following suit.**  The cheapest card that takes the trick when it is the last to play
  or holds the suit's highest card; otherwise its cheapest card.
* **Unable to follow.**  Completes a Star on another player's Skull when it can (the Skull's
  player then pays everybody); trumps with its lowest winning Skull when the trick is
  worth three points or more and the Skull cannot be caught in a Star; otherwise throws
  its cheapest coloured card (Champions are kept).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from printkit.games.white_star.state import (
    DEAL,
    DECK,
    NUM_PLAYERS,
    PASS,
    PLAYS,
    RANK_POINTS,
    SKULLS,
    SUIT_MASKS,
    Bid,
    Bury,
    Card,
    CardSet,
    WhiteStarState,
    cards_in,
    points,
)
from printkit.rules.base import Game
from printkit.simulator.agents import Agent

HAND_SHARE = 0.58
"""What a held card point is worth to its holder: a little over half the points come home."""
SKULL_WORTH = 3.5
"""A Skull wins a trick now and then, with the cards in it."""
SURE_WORTH = 3.0
"""A card no one can beat wins its trick (a Champion, a King whose Champion is held...)."""
BASE_WORTH = 12.5
"""The widow (the holder buries its best points) and the odd tricks any hand picks up."""
OPENING = 6
"""How far below its limit a player opens the auction."""
TRUMP_AT = 3
"""The points a trick must hold before a beginner spends a Skull on it."""


def higher(card: Card) -> CardSet:
    """The cards of ``card``'s suit that beat it."""
    suit, rank = divmod(card, 11)
    return SUIT_MASKS[suit] & ((1 << (11 * suit + rank)) - 1)


def sure_winners(hand: CardSet, unseen: CardSet) -> CardSet:
    """The coloured cards of ``hand`` that no unseen card of their suit beats."""
    out = 0
    for card in cards_in(hand & ~SUIT_MASKS[SKULLS]):
        if not higher(card) & unseen:
            out |= 1 << card
    return out


def estimate(hand: CardSet) -> float:
    """What ``hand`` would score for its holder if it took the contract (see the module
    notes); the unseen cards are all the others."""
    unseen = DECK & ~hand
    skulls = (hand & SUIT_MASKS[SKULLS]).bit_count()
    sure = sure_winners(hand, unseen).bit_count()
    return HAND_SHARE * points(hand) + SKULL_WORTH * skulls + SURE_WORTH * sure + BASE_WORTH


def limit(hand: CardSet) -> int:
    """The highest bid a beginner makes with ``hand``."""
    return int(estimate(hand))


def cost(card: Card) -> tuple[int, int]:
    """How much a beginner minds giving ``card`` away: its points, and its rank (a
    Champion, worth nothing but beating everything, is kept like a King)."""
    rank = card % 11
    return (RANK_POINTS[rank] if rank else 5, -rank)


def winner(trick: Sequence[Card]) -> int:
    """The index of the card taking ``trick`` so far (ignoring the Star rule)."""
    skulls = [i for i, c in enumerate(trick) if c // 11 == SKULLS]
    if skulls:
        return min(skulls, key=lambda i: trick[i])
    led = trick[0] // 11
    return min((i for i, c in enumerate(trick) if c // 11 == led), key=lambda i: trick[i])


def beats(card: Card, best: Card) -> bool:
    """Whether ``card`` beats the card ``best`` that is taking the trick."""
    if card // 11 == best // 11:
        return card < best
    return card // 11 == SKULLS


class Beginner(Agent):
    """A sensible newcomer to Stars (see the module notes)."""

    name = "beginner"
    description = ("bids its hand's estimated worth less a margin, buries its safe points, "
                   "leads winners, follows cheaply, completes Stars on others' Skulls")

    def choose(self, game: Game[Any, Any, Any], state: WhiteStarState,
               moves: Sequence[Any], chance: random.Random, rng: random.Random) -> Any:
        phase = state.phase
        if phase == "playing":
            return PLAYS[self.card(state, moves)]
        if phase == "bidding":
            return self.call(state, moves)
        if phase == "burying":
            return self.bury(state, moves)
        return DEAL if phase == "dealing" else moves[0]

    # ---- the auction and the widow

    @staticmethod
    def call(state: WhiteStarState, moves: Sequence[Any]) -> Any:
        player = game_player(state)
        top = limit(state.hands[player])
        if state.bid is None:
            wanted = top - OPENING
            low = min((m.amount for m in moves[:1] if isinstance(m, Bid)), default=None)
            amount = max(wanted, low) if low is not None else None
        else:
            amount = state.bid + 1
        if amount is None or amount > top or Bid(amount) not in moves:
            return PASS
        return Bid(amount)

    @staticmethod
    def bury(state: WhiteStarState, moves: Sequence[Any]) -> Any:
        assert state.bidder is not None
        hand = state.hands[state.bidder]
        count = hand.bit_count() - state.hands[(state.bidder + 1) % NUM_PLAYERS].bit_count()
        keep = sure_winners(hand, DECK & ~hand) | (hand & SUIT_MASKS[SKULLS])
        ranked = sorted(cards_in(hand), key=lambda c: (bool(keep >> c & 1), -RANK_POINTS[c % 11],
                                                       -(c % 11)))
        chosen = Bury(sum(1 << c for c in ranked[:count]))
        return chosen if chosen in moves else moves[0]

    # ---- tricks

    @staticmethod
    def card(state: WhiteStarState, moves: Sequence[Any]) -> Card:
        legal = [m.card for m in moves]
        player = game_player(state)
        hand = state.hands[player]
        seen = state.buried if state.bidder == player else 0
        for won in state.won:
            seen |= won
        for pile in state.stars:
            for star in pile:
                seen |= star
        trick = state.trick
        for c in trick:
            seen |= 1 << c
        unseen = DECK & ~hand & ~seen
        if not trick:
            return lead(hand, unseen, legal)
        return follow(trick, unseen, legal)


def game_player(state: WhiteStarState) -> int:
    """The player to move (the engine's rule, without asking the engine)."""
    if state.phase == "playing":
        assert state.leader is not None
        return (state.leader + len(state.trick)) % NUM_PLAYERS
    if state.phase == "burying":
        assert state.bidder is not None
        return state.bidder
    start = state.bidder if state.bidder is not None else state.dealer
    for i in range(1, NUM_PLAYERS + 1):
        seat = (start + i) % NUM_PLAYERS
        if not state.passed[seat]:
            return seat
    return state.dealer


def lead(hand: CardSet, unseen: CardSet, legal: list[Card]) -> Card:
    """The card a beginner leads."""
    sure = sure_winners(hand, unseen)
    if sure:
        return max(cards_in(sure), key=lambda c: (RANK_POINTS[c % 11], -c))
    coloured = [c for c in legal if c // 11 != SKULLS]
    if not coloured:
        return max(legal)  # only Skulls: the weakest
    length = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    longest = max(coloured, key=lambda c: (length[c // 11], -(c // 11))) // 11
    return min((c for c in coloured if c // 11 == longest), key=cost)


def follow(trick: tuple[Card, ...], unseen: CardSet, legal: list[Card]) -> Card:
    """The card a beginner plays to a trick already led."""
    best = trick[winner(trick)]
    last = len(trick) == NUM_PLAYERS - 1
    led = trick[0] // 11
    if legal[0] // 11 == led:  # following suit
        winning = [c for c in legal if beats(c, best)]
        if winning and (last or not higher(min(winning)) & unseen):
            return max(winning)  # the lowest card that wins (higher rank number is weaker)
        return min(legal, key=cost)
    suits = {c // 11 for c in trick}
    worth = sum(RANK_POINTS[c % 11] for c in trick)
    if last and SKULLS in suits and len(suits) == NUM_PLAYERS - 1:
        missing = [c for c in legal if c // 11 not in suits]
        if missing:  # a Star on another player's Skull pays every opponent of that player
            return min(missing, key=cost)
    skulls = [c for c in legal if c // 11 == SKULLS and beats(c, best)]
    coloured = [c for c in legal if c // 11 != SKULLS]
    colours = len(suits - {SKULLS})
    star_risk = colours == NUM_PLAYERS - 1 if last else colours >= NUM_PLAYERS - 2
    if skulls and worth >= TRUMP_AT and not star_risk:
        return max(skulls)
    if coloured:
        return min(coloured, key=cost)
    return max(legal)


AGENTS = (Beginner,)
"""The agents Stars brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner", "estimate", "limit"]
