"""The generic phrasebook: the claims every engine answers, and a plain fallback."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from printkit.booklet.context import join_words
from printkit.examples.generic import all_claims
from printkit.examples.model import ClaimResult
from printkit.examples.values import flow
from printkit.rules.base import NO_PLAYER, Game

AnyGame = Game[Any, Any, Any]
Handler = Callable[[AnyGame, Any, "str | None", Any], "str | None"]
"""Words one claim: (engine, state, argument, the engine's answer) -> sentence or None."""


def code(text: object) -> str:
    """``text`` as a code span (game notation); backticks inside are doubled around."""
    value = str(text)
    fence = "``" if "`" in value else "`"
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def codes(items: Sequence[object], last: str = "and") -> str:
    """Several code spans joined: ```1,6` or `2,5```."""
    return join_words([code(i) for i in items], last)


def tally(counts: Mapping[str, object]) -> str:
    """``{NW: 5, NE: 4}`` -> ``"NW 5 and NE 4"``."""
    return join_words(f"{name} {value}" for name, value in counts.items())


def value_words(value: object) -> str:
    """A claim's answer in plain words: ``none`` for nothing (``null``, an empty list or
    mapping), ``yes`` or ``no`` for a truth value, items joined with "and", a mapping as
    ``key value`` pairs, and notation in code spans."""
    if value is None or (isinstance(value, (list, tuple, dict)) and not value):
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return join_words(f"{key} {_item_words(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return join_words([_item_words(item) for item in value])
    return code(flow(value))


def _item_words(value: object) -> str:
    """One item of a list or mapping: a nested list or mapping in its flow form."""
    if isinstance(value, (list, tuple, dict)) and value:
        return code(flow(value))
    return value_words(value)


class Phrasebook:
    """Sentences for claims and moves; subclasses add a game's own claims."""

    def mover(self, game: AnyGame, state: Any) -> str:
        """The name of the player to act in ``state`` (``"nobody"`` once the game is over)."""
        player = game.current_player(state)
        if player == NO_PLAYER or game.is_terminal(state):
            return "nobody"
        return str(game.player_names(state)[player])

    def move(self, game: AnyGame, state: Any, text: str) -> str:
        """A sentence saying that the player to act in ``state`` plays ``text``: the move's
        notation stands on its own, so a notation that starts with a verb (``play R4``)
        is not read as "plays play"."""
        return f"{self.mover(game, state)}'s move: {code(text)}."

    def claim(self, game: AnyGame, state: Any, result: ClaimResult) -> str:
        """The sentence stating ``result`` about ``state``: the example's own (its
        ``says``, checked against the answer) when it gives one, else the handler's."""
        if result.says is not None:
            return " ".join(result.says.split())
        words = self.handlers().get(result.name)
        if words is not None:
            sentence = words(game, state, result.argument, result.actual)
            if sentence is not None:
                return sentence
        rule = all_claims(game).get(result.name)
        what = (rule.description if rule is not None and rule.description.strip()
                else result.name.replace("_", " "))
        subject = f"{what}, for {code(result.argument)}" if result.argument else what
        return f"{subject[:1].upper()}{subject[1:]}: {value_words(result.actual)}."

    def handlers(self) -> dict[str, Handler]:
        """Claim name -> function giving its sentence (``None`` to use the fallback)."""
        return {
            "to_move": self._to_move,
            "scores": self._scores,
            "winners": self._winners,
            "terminal": self._terminal,
            "legal": self._legal,
            "legal_moves": self._legal_moves,
        }

    def _to_move(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return "Nobody is to move: the game is over." if value is None else f"{value} is to move."

    def _scores(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        when = "Final scores" if game.is_terminal(state) else "Scores so far"
        return f"{when}: {tally(value)}."

    def _winners(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        names = [str(v) for v in value]
        if not names:
            return "Nobody has won yet."
        if len(names) == 1:
            return f"{names[0]} wins."
        return f"{join_words(names)} share the win."

    def _terminal(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        return "The game is over." if value else "The game goes on."

    def _legal(self, game: AnyGame, state: Any, argument: str | None, value: Any) -> str:
        who = self.mover(game, state)
        if value:
            return f"{code(argument)} is a legal move for {who}."
        if who == "nobody":
            return f"{code(argument)} is not a legal move: the game is over."
        return f"{code(argument)} is not a legal move for {who}."

    def _legal_moves(self, game: AnyGame, state: Any, argument: str | None,
                     value: Any) -> str:
        moves = list(value)
        who = self.mover(game, state)
        if not moves:
            return f"{who} has no legal move."
        if len(moves) > 12:
            return f"{who} has {len(moves)} legal moves."
        return f"{who}'s legal moves: {codes(moves)}."

