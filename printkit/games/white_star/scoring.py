"""Who takes a trick of Stars (White Star), and what a hand scores.

:class:`Scoring` is the part of the engine (:class:`.rules.WhiteStar` inherits it) that
judges completed tricks and counts hands; it needs only the game's parameters.  An
ordinary trick is judged from the bit mask of its cards: the lowest Skull takes it, else
the lowest card of the suit led (a lower card number is a stronger card), so the taker is
the lowest bit of one mask, found in C.

>>> from printkit.games.white_star.rules import WhiteStar
>>> from printkit.games.white_star.state import SPELLINGS
>>> trick = [SPELLINGS[name] for name in ("KH", "2H", "7X", "QH")]
>>> WhiteStar().trick_outcome(1, trick).taker  # the 7 of Skulls, played by seat 3
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from printkit.games.white_star.state import (
    NUM_PLAYERS,
    PERFECT_FACTOR,
    SKULLS,
    SUIT_MASKS,
    Card,
    CardSet,
    TrickOutcome,
    WhiteStarParams,
    WhiteStarState,
    is_perfect_star,
    points,
    rank_of,
)
from printkit.rules.base import Player

PLAIN_OUTCOMES: Final = tuple(TrickOutcome(seat, seat, False, False, False)
                              for seat in range(NUM_PLAYERS))
"""The outcome of an ordinary trick taken by each seat (outcomes are frozen values)."""
SUIT_BIT: Final = tuple(1 << (card // 11) for card in range(44))
"""A bit for the suit of each card: four cards are a Star when their bits make 15."""
ALL_SUITS: Final = 15
SKULL_CARDS: Final = SUIT_MASKS[SKULLS]


def plain_taker(trick: Sequence[Card], cards: CardSet) -> int:
    """Which card (0 for the lead) takes the trick ``trick``, whose cards are ``cards``,
    when it is not a Star: the lowest Skull, else the lowest card of the suit led."""
    best = cards & SKULL_CARDS or cards & SUIT_MASKS[trick[0] // 11]
    return trick.index((best & -best).bit_length() - 1)


class Scoring:
    """Trick outcomes and hand scores under ``params``."""

    params: WhiteStarParams

    def trick_outcome(self, leader: Player, trick: Sequence[Card]) -> TrickOutcome:
        """Who gathers four cards led by ``leader``, where they go, and who leads next."""
        if len(trick) == NUM_PLAYERS:
            a, b, c, d = trick
            if SUIT_BIT[a] | SUIT_BIT[b] | SUIT_BIT[c] | SUIT_BIT[d] != ALL_SUITS:
                cards = (1 << a) | (1 << b) | (1 << c) | (1 << d)
                return PLAIN_OUTCOMES[(leader + plain_taker(trick, cards)) % NUM_PLAYERS]
            return self.star_outcome(leader, trick)
        # fewer cards (never a Star): one pass over them, as for four
        best, best_card = 0, trick[0]
        trumped = best_card // 11 == SKULLS
        led = best_card // 11
        for i in range(1, len(trick)):
            card = trick[i]
            suit = card // 11
            if suit == SKULLS:
                if not trumped or card < best_card:
                    best, best_card, trumped = i, card, True
            elif not trumped and suit == led and card < best_card:
                best, best_card = i, card
        return PLAIN_OUTCOMES[(leader + best) % NUM_PLAYERS]

    def star_outcome(self, leader: Player, trick: Sequence[Card]) -> TrickOutcome:
        """The outcome of a Star (four cards, one of each suit) led by ``leader``."""
        seats = [(leader + i) % NUM_PLAYERS for i in range(len(trick))]
        skull = next(i for i, c in enumerate(trick) if c // 11 == SKULLS)
        coloured = [i for i in range(len(trick)) if i != skull]
        highest = min(coloured, key=lambda i: (rank_of(trick[i]), i))
        perfect = len({rank_of(trick[i]) for i in coloured}) == 1
        if self.params.colored_star and not perfect:
            return TrickOutcome(seats[highest], seats[highest], True, False, False)
        lead_rule = self.params.star_lead
        if lead_rule == "skull_player":
            nxt = skull
        elif lead_rule == "highest_of_led_suit" and skull != 0:
            nxt = 0  # one card per suit: the leader's card is the only one of the led suit
        else:
            nxt = highest
        return TrickOutcome(seats[skull], seats[nxt], True, perfect, True)

    def star_value(self, trick: CardSet) -> int:
        """What a Star trick in a pile pays to each opponent of its keeper."""
        value = points(trick)
        if not self.params.colored_star and is_perfect_star(trick):
            return PERFECT_FACTOR * value
        return value

    def hand_points(self, state: WhiteStarState) -> tuple[int, ...]:
        """Points in each player's won cards, the holder's buried cards included."""
        out = [points(w) for w in state.won]
        if state.bidder is not None and state.phase != "bidding":
            out[state.bidder] += points(state.buried)
        return tuple(out)

    def star_pile_values(self, state: WhiteStarState) -> tuple[int, ...]:
        """What each player's Star pile pays to each of the other three."""
        return tuple(sum(self.star_value(t) for t in pile) for pile in state.stars)

    def hand_scores(self, state: WhiteStarState) -> tuple[int, ...]:
        """Each player's hand score: own points plus every other player's Star pile."""
        won = self.hand_points(state)
        if not any(state.stars):  # no Star this hand: nothing but the cards won
            return won
        piles = self.star_pile_values(state)
        everyone = sum(piles)
        return tuple(w + everyone - s for w, s in zip(won, piles, strict=True))

    def contract_made(self, state: WhiteStarState) -> bool | None:
        """Whether the holder's hand score reaches the bid (``None`` without a contract)."""
        contract = state.contract
        if contract is None:
            return None
        holder, bid = contract
        return self.hand_scores(state)[holder] >= bid

    def hand_credit(self, state: WhiteStarState) -> tuple[int, ...]:
        """What the hand adds to each total: the hand score, and the bid won or lost."""
        credit = list(self.hand_scores(state))
        contract = state.contract
        if contract is not None:
            holder, bid = contract
            credit[holder] += bid if credit[holder] >= bid else -bid
        return tuple(credit)


__all__ = ["ALL_SUITS", "PLAIN_OUTCOMES", "SKULL_CARDS", "SUIT_BIT", "Scoring", "plain_taker"]
