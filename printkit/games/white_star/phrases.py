"""Stars claims and moves in players' words.

The booklet never prints the notation: a card is "the King of Wands", a move "P3 plays the
Champion of Leaves", a score "P1 \u22123" with a true minus sign, as the score sheet writes it.
Ranks and suits are named as the deck prints them (Champion, King, Queen, Scribe, Lady, 7
to 2; Skulls, Shields, Wands, Leaves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.booklet.context import join_words, plural
from printkit.booklet.phrases.base import AnyGame, Handler, Phrasebook
from printkit.games.white_star.diagrams import signed
from printkit.games.white_star.notation import read_card
from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    RANK_NAMES,
    SKULLS,
    SUIT_NAMES,
    Bid,
    Bury,
    Card,
    Deal,
    Pass,
    Play,
    WhiteStarState,
    cards_in,
    rank_of,
    suit_of,
)


def _engine(game: AnyGame) -> WhiteStar:
    if not isinstance(game, WhiteStar):
        raise TypeError(f"not a Stars engine: {game!r}")
    return game


def card_words(card: Card) -> str:
    """``the King of Wands``."""
    return f"the {RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def cards_words(cards: Sequence[Card], last: str = "and") -> str:
    """Several cards, those of a suit together: ``the King or the 2 of Shields``."""
    by_suit: dict[int, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(suit_of(card), []).append(card)
    parts = []
    for suit, group in by_suit.items():
        ranks = [f"the {RANK_NAMES[rank_of(c)]}" for c in group]
        parts.append(f"{join_words(ranks, last)} of {SUIT_NAMES[suit]}")
    return join_words(parts, last)


def _named(text: str) -> str:
    """The card written ``text`` (``KW``), in words."""
    return card_words(read_card(text))


def _tally(names: Sequence[str], values: Sequence[int]) -> str:
    return join_words(f"{name} {signed(value)}" for name, value in zip(names, values,
                                                                        strict=True))


class WhiteStarPhrases(Phrasebook):
    """Sentences for every claim the Stars engine answers."""

    def action(self, game: AnyGame, state: Any, text: str) -> str:
        """What the move ``text`` does, as a verb phrase: ``play the 3 of Skulls``."""
        move = _engine(game).parse_move(state, text)
        if isinstance(move, Bid):
            return f"bid {move.amount}"
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, Bury):
            return "bury " + cards_words(cards_in(move.cards))
        if isinstance(move, Deal):
            return "deal the next hand"
        if isinstance(move, Play):
            return "play " + card_words(move.card)
        return f"make the move {text}"

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        engine = _engine(game)
        move = engine.parse_move(state, text)
        who = self.mover(game, state)
        if isinstance(move, Bid):
            return f"{who} bids {move.amount}."
        if isinstance(move, Pass):
            return f"{who} passes."
        if isinstance(move, Bury):
            return f"{who} buries {cards_words(cards_in(move.cards))}."
        if isinstance(move, Deal):
            return f"{who} shuffles and deals the next hand."
        if isinstance(move, Play) and isinstance(state, WhiteStarState):
            card = card_words(move.card)
            if not state.trick:
                return f"{who} leads {card}."
            led = suit_of(state.trick[0])
            if suit_of(move.card) != led:
                if suit_of(move.card) == SKULLS:
                    return f"{who}, with no {SUIT_NAMES[led]}, trumps with {card}."
                return f"{who}, with no {SUIT_NAMES[led]}, plays {card}."
            return f"{who} plays {card}."
        return super().move(game, state, text)

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "scores": self._totals,
            "totals": self._totals,
            "legal": self._legal_move,
            "legal_moves": self._legal_moves,
            "phase": self._phase,
            "dealer": self._dealer,
            "hand_points": self._hand_points,
            "star_piles": self._star_piles,
            "hand_scores": self._hand_scores,
            "contract": self._contract,
            "high_bid": self._high_bid,
            "contract_made": self._contract_made,
            "trick_winner": self._trick_winner,
            "is_star_trick": self._is_star,
            "is_perfect_star": self._is_perfect,
            "leader": self._leader,
            "card_points": self._card_points,
            "points_gathered": self._points_gathered,
            "legal_cards": self._legal_cards,
        }

    def _totals(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"Totals: {_tally(list(value), list(value.values()))}."

    def _legal_move(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        doing = self.action(game, state, argument or "")
        return f"{self.mover(game, state)} {'may' if value else 'may not'} {doing}."

    def _legal_moves(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        who = self.mover(game, state)
        doings = [self.action(game, state, str(m)) for m in value]
        if not doings:
            return f"{who} has nothing to do."
        if len(doings) == 1:
            return f"All {who} can do is {doings[0]}."
        return f"{who} may {join_words(doings, 'or')}."

    def _phase(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        names = _engine(game).names
        words = {
            "bidding": "The auction is on.",
            "burying": (f"{names[state.bidder]} now buries cards."
                        if isinstance(state, WhiteStarState) and state.bidder is not None
                        else "The contract holder now buries cards."),
            "playing": "The tricks are being played.",
            "dealing": "The hand is over.",
            "over": "The game is over.",
        }
        return words.get(str(value), f"Phase: {value}.")

    def _dealer(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if isinstance(state, WhiteStarState) and state.phase in ("dealing", "over"):
            return f"{value} deals the next hand."
        return f"{value} dealt this hand."

    def _hand_points(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        engine = _engine(game)
        text = f"Points in the cards won: {_tally(list(value), list(value.values()))}"
        if isinstance(state, WhiteStarState) and state.buried and state.contract is not None:
            holder = engine.names[state.contract[0]]
            text += f" ({holder}'s buried cards included)"
        return text + "."

    def _star_piles(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        kept = [(name, points) for name, points in value.items() if points]
        if not kept:
            return "Nobody keeps a Star pile."
        each = join_words(f"{name}'s Star pile gives {points} points" for name, points in kept)
        return f"{each} to each of the other players."

    def _hand_scores(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        return f"Hand scores, Star points included: {_tally(list(value), list(value.values()))}."

    def _contract(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Nobody holds a contract."
        return f"{value['holder']} holds the contract at {value['bid']}."

    def _high_bid(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Nobody has bid yet."
        return f"The highest bid is {value['bidder']}'s {value['bid']}."

    def _contract_made(self, game: AnyGame, state: Any, argument: str | None,
                       value: Any) -> str:
        engine = _engine(game)
        if value is None or not isinstance(state, WhiteStarState) or state.contract is None:
            return "There is no contract."
        holder, bid = state.contract
        score = engine.hand_scores(state)[holder]
        name = engine.names[holder]
        if value:
            return (f"{name} makes the contract: a hand score of {score} reaches the bid of "
                    f"{bid}, so {name} adds {score} + {bid}.")
        return (f"{name} fails the contract: a hand score of {score} is short of the bid of "
                f"{bid}, so {name} adds {score} {chr(0x2212)} {bid} = {signed(score - bid)}.")

    def _trick_winner(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        if value is None:
            return "No trick has been completed yet."
        engine = _engine(game)
        if isinstance(state, WhiteStarState) and state.last_leader is not None:
            outcome = engine.trick_outcome(state.last_leader, state.last_trick)
            if outcome.to_star_pile:
                return (f"{value} played the Skull, so {value} gathers the trick into a Star "
                        "pile.")
        return f"{value} wins the last trick."

    def _is_star(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "No trick has been completed yet."
        if value:
            return "The last trick is a Star: it holds one card of each suit."
        if isinstance(state, WhiteStarState) and not any(
                suit_of(c) == SKULLS for c in state.last_trick):
            return "The last trick is not a Star: it holds no Skull."
        return "The last trick is not a Star: two of its cards are of one suit."

    def _is_perfect(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        if value is None:
            return "No trick has been completed yet."
        if value:
            return "It is a Perfect Star: its three coloured cards have the same rank."
        return "It is not a Perfect Star."

    def _leader(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Nobody is leading a trick."
        if isinstance(state, WhiteStarState) and state.trick:
            return f"{value} led this trick."
        return f"{value} leads the next trick."

    def _card_points(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        card = _named(argument or "")
        counted = "no points" if value == 0 else plural(int(value), "point")
        return f"{card[:1].upper()}{card[1:]} counts {counted}."

    def _points_gathered(self, game: AnyGame, state: Any, argument: str | None,
                         value: Any) -> str:
        return (f"The cards taken, buried or kept in Star piles hold {value} points, each "
                "card counted once.")

    def _legal_cards(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        who = self.mover(game, state)
        cards = [read_card(str(v)) for v in value]
        if not cards:
            return f"{who} has no card to play."
        if isinstance(state, WhiteStarState) and len(cards) == state.hands[
                _engine(game).current_player(state)].bit_count() and len(cards) > 1:
            return f"{who} may play any card: {cards_words(cards, 'or')}."
        if len(cards) == 1:
            return f"{who} must play {card_words(cards[0])}."
        return f"{who} may play {cards_words(cards, 'or')}."
