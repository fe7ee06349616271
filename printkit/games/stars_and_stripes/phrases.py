"""Stars and Stripes claims and moves in plain words.

Squares and cards keep the engine's notation (``1,6``, ``6*4``) in code spans, so a reader
can find them on the diagram's edge labels and on the cards' corner numbers.
"""

from __future__ import annotations

from typing import Any

from printkit.booklet.context import join_words, plural
from printkit.booklet.phrases.base import AnyGame, Handler, Phrasebook, code, codes, tally
from printkit.games.stars_and_stripes.rules import (
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    REASONS,
    StarsAndStripes,
    StarsAndStripesMove,
)


def _engine(game: AnyGame) -> StarsAndStripes:
    if not isinstance(game, StarsAndStripes):
        raise TypeError(f"not a Stars and Stripes engine: {game!r}")
    return game


class StarsAndStripesPhrases(Phrasebook):
    """Sentences for every claim the Stars and Stripes engine answers."""

    def _parts(self, game: AnyGame, state: Any, text: str) -> tuple[StarsAndStripesMove, str, str]:
        engine = _engine(game)
        move: StarsAndStripesMove = engine.parse_move(state, text)
        if move.kind in (FOLLOWER, INDEPENDENT):
            return move, engine.square_text(move.square), engine.card_text(move.card)
        return move, "", ""

    def action(self, game: AnyGame, state: Any, text: str) -> str:
        """What the move ``text`` does, as a verb phrase: ``place `6*4` on `1,6```."""
        move, square, card = self._parts(game, state, text)
        if move.kind == FOLLOWER:
            return f"place {code(card)} on {code(square)}"
        if move.kind == INDEPENDENT:
            return f"put {code(card)} on {code(square)} as an independent"
        if move.kind == EXCHANGE:
            return f"exchange a card with {_engine(game).names[move.opponent]}"
        return "pass"

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        move, square, card = self._parts(game, state, text)
        who = self.mover(game, state)
        if move.kind == FOLLOWER:  # a follower is the usual placement: no need to say so
            return f"{who} places {code(card)} on {code(square)}."
        if move.kind == INDEPENDENT:
            return f"{who} puts {code(card)} on {code(square)} as an independent."
        if move.kind == EXCHANGE:
            return f"{who} exchanges a card with {_engine(game).names[move.opponent]}."
        return f"{who} passes."

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "followers": self._followers,
            "scores": self._scores_as_followers,
            "independents": self._independents,
            "independent_squares": self._independent_squares,
            "trump_holder": self._trump_holder,
            "legal_placements": self._legal_placements,
            "legal_independent_squares": self._independent_spots,
            "legal_followers": self._legal_followers,
            "captures": self._captures,
            "claims_trump": self._claims_trump,
            "illegal_reason": self._illegal_reason,
            "legal": self._legal_move,
            "owner": self._owner,
            "matches": self._matches,
            "hand": self._hand,
            "fitting_cards": self._fitting_cards,
            "open_squares": self._open_squares,
            "hand_sizes": self._hand_sizes,
            "first_player": self._first,
            "placed_this_round": self._placed,
            "cards_per_player": self._cards_per_player,
            "board_size": self._board_size,
            "homes": self._homes,
            "trump_square": self._trump_square,
        }

    def _followers(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"Followers: {tally(value)}."

    def _scores_as_followers(self, game: AnyGame, state: Any, argument: str | None,
                             value: Any) -> str:
        when = "Final score" if game.is_terminal(state) else "Score so far"
        return f"{when} (followers): {tally(value)}."

    def _independents(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        if value == 0:
            return "There is no independent on the board."
        verb = "is" if value == 1 else "are"
        return f"There {verb} {plural(value, 'independent')} on the board."

    def _independent_squares(self, game: AnyGame, state: Any, argument: str | None,
                             value: Any) -> str:
        if not value:
            return "There is no independent on the board."
        return f"Independents lie on {codes(value)}."

    def _trump_holder(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        return "Nobody holds the Trump yet." if value is None else f"{value} holds the Trump."

    def _legal_placements(self, game: AnyGame, state: Any, argument: str | None,
                          value: Any) -> str:
        who, card = self.mover(game, state), code((argument or "").strip())
        if not value:
            return f"{who} cannot place {card} anywhere as a follower."
        if len(value) == 1:
            return f"{who} can place {card} as a follower only on {code(value[0])}."
        return f"{who} can place {card} on {codes(value, 'or')}."

    def _independent_spots(self, game: AnyGame, state: Any, argument: str | None,
                           value: Any) -> str:
        if not value:
            return "No square is free enough for an independent."
        if len(value) == 1:
            return f"An independent can go on {code(value[0])} and nowhere else."
        return f"An independent can go on {len(value)} squares: {codes(value)}."

    def _legal_followers(self, game: AnyGame, state: Any, argument: str | None,
                         value: Any) -> str:
        who = self.mover(game, state)
        if not value:
            return f"{who} cannot place any card as a follower."
        pairs = [str(v).split(" ", 1) for v in value]
        listed = [f"{code(card)} on {code(square)}" for square, card in pairs]
        if len(listed) == 1:
            return f"The only follower {who} can place is {listed[0]}."
        return (f"{who} has {len(listed)} follower placements in all: "
                + ", ".join(listed[:-1]) + f" and {listed[-1]}.")

    def _captures(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        doing = self.action(game, state, argument or "")
        who = self.mover(game, state)
        if not value:
            return f"If {who} chose to {doing}, no independent would change hands."
        taken = "the independent on " + code(value[0]) if len(value) == 1 else (
            "the independents on " + codes(value))
        return f"To {doing} would make {taken} a follower of {who}."

    def _claims_trump(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        doing = self.action(game, state, argument or "")
        who = self.mover(game, state)
        if value:
            return f"To {doing} would give {who} the Trump."
        return f"To {doing} would not give {who} the Trump."

    def _illegal_reason(self, game: AnyGame, state: Any, argument: str | None,
                        value: Any) -> str:
        doing = self.action(game, state, argument or "")
        who = self.mover(game, state)
        if value is None:
            return f"{who} may {doing}."
        return f"{who} may not {doing}: {self.reason(game, who, str(value))}."

    def reason(self, game: AnyGame, who: str, code_: str) -> str:
        """Why a placement is refused, in the booklet's words ("next to" shares an edge,
        "the eight squares around" include the corners); the engine's own words for the
        rarer refusals."""
        corner = _engine(game).params.opponent_contact == "edge_and_corner"
        words = {
            "matching": "it does not match every card next to it",
            "opponent_contact": ("another player's follower is on one of the eight squares "
                                 "around it" if corner
                                 else "it would be next to another player's follower"),
            "no_follower_neighbour": f"it is not next to any follower of {who}",
            "not_isolated": "the eight squares around it are not all empty",
            "trump_claimed": "it is next to the Trump, which another player holds",
            "occupied": "the square is not empty",
        }
        return words.get(code_) or REASONS.get(code_, code_)

    def _legal_move(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        doing = self.action(game, state, argument or "")
        return f"{self.mover(game, state)} {'may' if value else 'may not'} {doing}."

    def _owner(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        square = code((argument or "").strip())
        if value is None:
            return f"Square {square} is empty."
        if value == "trump":
            return f"The Trump lies on {square}."
        if value == "independent":
            return f"The card on {square} is an independent."
        return f"The card on {square} is a follower of {value}."

    def _matches(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        cards = (argument or "").split()
        if len(cards) == 2:
            verb = "match" if value else "do not match"
            return f"{code(cards[0])} and {code(cards[1])} {verb}."
        if value:
            return f"In the row {codes(cards)}, each card matches the next."
        return f"In the row {codes(cards)}, some card does not match the next."

    def _hand(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        who = (argument or "").strip().upper()
        if not value:
            return f"{who} holds no cards."
        return f"{who} holds {codes(value)}."

    def _fitting_cards(self, game: AnyGame, state: Any, argument: str | None,
                       value: Any) -> str:
        who = (argument or "").strip().upper()
        if not value:
            return f"No card in {who}'s hand fits on any square as a follower."
        pairs = [str(v).split(" ", 1) for v in value]
        listed = [f"{code(card)} on {code(square)}" for square, card in pairs]
        return f"{who}'s hand fits as a follower only so: {join_words(listed, 'or')}."

    def _open_squares(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        who = (argument or "").strip().upper()
        if not value:
            return f"No empty square is left where any card could join {who}'s followers."
        return f"{who}'s followers can still grow on {codes(value, 'or')}."

    def _hand_sizes(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        sizes = {v for v in value.values()}
        if len(sizes) == 1 and None not in sizes:
            return f"Each player holds {plural(sizes.pop(), 'card')}."
        shown = {name: ("an unknown number" if n is None else n) for name, n in value.items()}
        return f"Cards in hand: {tally(shown)}."

    def _first(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"{value} opens every round."

    def _placed(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value:
            return "A card has already been placed in this round."
        return "No card has been placed in this round so far."

    def _cards_per_player(self, game: AnyGame, state: Any, argument: str | None,
                          value: Any) -> str:
        return f"Each player is dealt {plural(value, 'card')}."

    def _board_size(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return f"The board has {value} \u00d7 {value} squares."

    def _homes(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return "Homes: " + join_words(f"{name} on {code(square)}"
                                      for name, square in value.items()) + "."

    def _trump_square(self, game: AnyGame, state: Any, argument: str | None,
                      value: Any) -> str:
        return f"The Trump lies on {code(value)}, the centre square."
