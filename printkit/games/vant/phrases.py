"""The claims and moves of "I vant to be alone" in the booklet's words.

The booklet defines three words and these sentences keep to them: a cell is **next to** a
card when they share an edge (where a new card may go), a card is **touching** another
when it lies on one of the eight cells around it, corners included (a suit match), and
two cards are **in line** when they share a row, a column or a diagonal at any distance
(a rank match).  Cards keep the notation's names in code spans (``10H``), as printed
under every card of the diagrams.
"""

from __future__ import annotations

from typing import Any

from printkit.booklet.context import join_words, plural
from printkit.booklet.phrases.base import AnyGame, Handler, Phrasebook, code, codes
from printkit.games.vant.notation import cell_phrase
from printkit.games.vant.rules import Vant
from printkit.games.vant.state import SUIT_NAMES, Place, VantState, card_name, read_card

_DIAGONAL = {(1, 1): "diagonally below and right of", (1, -1): "diagonally below and left of",
             (-1, 1): "diagonally above and right of", (-1, -1): "diagonally above and left of"}
RANK_WORDS = {"7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack",
              "Q": "Queen", "K": "King", "A": "Ace"}


def _engine(game: AnyGame) -> Vant:
    if not isinstance(game, Vant):
        raise TypeError(f"not an engine of \"I vant to be alone\": {game!r}")
    return game


def _place(game: AnyGame, state: Any, text: str) -> Place:
    move = _engine(game).parse_move(state, text)
    if not isinstance(move, Place):
        raise ValueError(f"{text!r} is not a card play")
    return move


def where(state: VantState, move: Place) -> str:
    """Where a card play puts its card, in words with code spans: ``below `8C```, ``on
    `QD```, ``anywhere``, or ``diagonally below and right of `QD``` for a cell that
    touches cards only at corners."""
    phrase = cell_phrase(state, move.row, move.col)
    if phrase == "anywhere":
        return "anywhere"
    if phrase is not None and not phrase.startswith("at "):
        words, _, card = phrase.rpartition(" ")
        return f"{words} {code(card)}"
    for (dr, dc), words in _DIAGONAL.items():
        r, c = move.row - dr, move.col - dc
        if 0 <= r < 4 and 0 <= c < 4 and (near := state.lower[r * 4 + c]) is not None:
            return f"{words} {code(card_name(near))}"
    return "on a cell touching no card"


def play(game: AnyGame, state: Any, text: str) -> str:
    """``put `10H` below `8C```: the play as a verb phrase."""
    move = _place(game, state, text)
    return f"put {code(card_name(move.card))} {where(state, move)}"


class VantPhrases(Phrasebook):
    """Sentences for every claim the engine of "I vant to be alone" answers."""

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        engine = _engine(game)
        move = engine.parse_move(state, text)
        who = self.mover(game, state)
        if not isinstance(move, Place):
            return f"{who} {'claims the points' if text.strip() == 'claim' else 'passes'}."
        spot = where(state, move)
        verb = "starts with" if spot == "anywhere" else "plays"
        tail = "" if spot == "anywhere" else f" {spot}"
        return f"{who} {verb} {code(card_name(move.card))}{tail}."

    def handlers(self) -> dict[str, Handler]:
        return {
            **super().handlers(),
            "points": self._points,
            "penalty": self._penalty,
            "matches": self._matches,
            "legal_cells": self._legal_cells,
            "level": self._level,
            "leader": self._leader,
            "card_value": self._card_value,
            "pending": self._pending,
            "stock": self._stock,
            "refusal": self._refusal,
            "legal": self._legal_play,
            "legal_moves": self._legal_moves_words,
            "to_move": self._to_play,
        }

    def other(self, game: AnyGame, state: Any) -> str:
        """The name of the player who is not to move (who scores what this one gives)."""
        engine = _engine(game)
        return str(engine.player_names(state)[1 - engine.to_move(state)])

    def _points(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        doing = play(game, state, argument or "")
        who, other = self.mover(game, state), self.other(game, state)
        if not value:
            return f"If {who} were to {doing}, {other} would score nothing."
        if _engine(game).params.strict_claims:  # points count only once claimed
            return f"If {who} were to {doing}, {other} could claim {plural(value, 'point')}."
        return f"If {who} were to {doing}, {other} would score {plural(value, 'point')}."

    def _penalty(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        move = _place(game, state, argument or "")
        beneath = state.lower[move.row * 4 + move.col] if state.placed == 16 else None
        if not value or beneath is None:
            return (f"{code(card_name(move.card))} there costs no penalty for the card it "
                    "covers.")
        shared = ("suit" if beneath >> 3 == move.card >> 3 else "rank")
        return (f"Of these, {value} are the penalty for covering {code(card_name(beneath))} "
                f"with a card of the same {shared}: ten times its value.")

    def _matches(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        move = _place(game, state, argument or "")
        card = move.card
        beneath = state.lower[move.row * 4 + move.col] if state.placed == 16 else None
        names = [str(v) for v in value]
        if not names:
            return f"{code(card_name(card))} there would match no card."
        suits, ranks, covered = [], [], []
        for name in names:
            other = read_card(name)
            if other is None:
                continue
            if other == beneath:
                covered.append(name)
            elif other >> 3 == card >> 3:
                suits.append(name)
            else:
                ranks.append(name)
        parts = []
        if suits:
            suit = SUIT_NAMES[card >> 3]
            what = f"a {suit[:-1]}" if len(suits) == 1 else suit
            parts.append(f"{codes(suits)} ({what} touching it)")
        if ranks:
            parts.append(f"{codes(ranks)} "
                         f"({_plural_rank(card_name(card)[:-1], len(ranks))} in line with it)")
        if covered:
            parts.append(f"{code(covered[0])} (the card it would cover)")
        return f"It would match {join_words(parts)}."

    def _legal_cells(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        who, card = self.mover(game, state), code((argument or "").strip())
        if not value:
            return f"{who} cannot play {card} anywhere."
        if list(value) == ["anywhere"]:
            return f"{who} may play {card} anywhere: it is the first card."
        spots = []
        for phrase in value:
            words, _, near = str(phrase).rpartition(" ")
            spots.append(f"{words} {code(near)}" if words else str(phrase))
        if len(spots) == 1:
            return f"{who} may play {card} only {spots[0]}."
        return f"{who} may play {card} {len(spots)} ways: {join_words(spots, 'or')}."

    def _level(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value == 2:
            return "The square is complete: the game is at level two."
        return "The game is at level one."

    def _leader(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if value is None:
            return "Who leads level two is not settled yet."
        return f"{value} leads level two."

    def _card_value(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        card = code((argument or "").strip())
        return f"{card} is worth {value['suit']} for its suit and {value['rank']} for its rank."

    def _pending(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        who = self.mover(game, state)
        if not value:
            return f"{who} has no points to claim."
        return f"{who} may claim {plural(value, 'point')} before playing a card."

    def _stock(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        if not value:
            return "The stock is empty."
        return f"{plural(value, 'card')} are left in the stock." if value > 1 else (
            "One card is left in the stock.")

    def _refusal(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        who = self.mover(game, state)
        doing = play(game, state, argument or "")
        if value is None:
            return f"{who} may {doing}."
        return f"{who} may not {doing}: {self.reason(str(value))}."

    def reason(self, refusal: str) -> str:
        """A refusal code of the ``refusal`` claim in the booklet's words."""
        return {
            "game_over": "the game is over",
            "claim_first": "the points of the last card must first be claimed or given up",
            "not_in_hand": "that card is not in hand",
            "taken": "that cell already holds a card",
            "not_next_to_a_card": "that cell is not next to any card (touching one only at "
                                  "a corner is not enough)",
            "outside_square": "the cards would no longer fit in a square of "
                              "4\u00a0\u00d7\u00a04",
            "covered": "that card is already covered",
        }.get(refusal, refusal)

    def _legal_play(self, game: AnyGame, state: Any, argument: str | None,
                    value: Any) -> str:
        text = argument or ""
        move = _engine(game).parse_move(state, text)
        who = self.mover(game, state)
        if not isinstance(move, Place):
            return f"{who} {'may' if value else 'may not'} {text.strip()}."
        return f"{who} {'may' if value else 'may not'} {play(game, state, text)}."

    def _legal_moves_words(self, game: AnyGame, state: Any, argument: str | None,
                           value: Any) -> str:
        who = self.mover(game, state)
        moves = [str(v) for v in value]
        if not moves:
            return f"{who} has no move."
        if len(moves) == 1:
            return f"{who} has a single move left: to {self._words(game, state, moves[0])}."
        return f"{who} has {len(moves)} moves."

    def _words(self, game: AnyGame, state: Any, text: str) -> str:
        move = _engine(game).parse_move(state, text)
        if isinstance(move, Place):
            return play(game, state, text)
        return text.strip()

    def _to_play(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return "Nobody is to play: the game is over." if value is None else (
            f"{value} is to play.")


def _plural_rank(rank: str, count: int) -> str:
    word = RANK_WORDS.get(rank, rank)
    if count == 1:
        return f"a {word}" if word[0] not in "AEIOU" else f"an {word}"
    return {"Six": "Sixes"}.get(word, word + "s")
