"""The claims every rules engine answers, whatever the game (see :mod:`printkit.examples.check`
for what each one means)."""

from __future__ import annotations

from typing import Any

from printkit.rules.base import NO_PLAYER, Claim, Game

AnyGame = Game[Any, Any, Any]

GENERIC_CLAIMS = ("legal", "legal_moves", "to_move", "scores", "winners", "terminal")


def generic_claims(game: AnyGame) -> dict[str, Claim[Any]]:
    """The claims every game answers, as :class:`Claim` objects bound to ``game``."""

    def no_argument(argument: str | None) -> None:
        if argument is not None:
            raise ValueError("this claim takes no argument")

    def legal(state: Any, argument: str | None) -> object:
        move = game.parse_move(state, argument or "")
        return move in game.legal_moves(state)

    def legal_moves(state: Any, argument: str | None) -> object:
        no_argument(argument)
        return [game.format_move(state, m) for m in game.legal_moves(state)]

    def to_move(state: Any, argument: str | None) -> object:
        no_argument(argument)
        player = game.current_player(state)
        if player == NO_PLAYER or game.is_terminal(state):
            return None
        return game.player_names(state)[player]

    def scores(state: Any, argument: str | None) -> object:
        no_argument(argument)
        return dict(zip(game.player_names(state), game.scores(state), strict=True))

    def winners(state: Any, argument: str | None) -> object:
        no_argument(argument)
        if not game.is_terminal(state):
            return []
        names = game.player_names(state)
        return [names[p] for p in game.winners(state)]

    def terminal(state: Any, argument: str | None) -> object:
        no_argument(argument)
        return game.is_terminal(state)

    return {
        "legal": Claim(legal, "whether a move is legal", takes_argument=True),
        "legal_moves": Claim(legal_moves, "every legal move", unordered=True),
        "to_move": Claim(to_move, "the player to act, or null when the game is over"),
        "scores": Claim(scores, "every player's score"),
        "winners": Claim(winners, "the winners of a finished game", unordered=True),
        "terminal": Claim(terminal, "whether the game is over"),
    }


def all_claims(game: AnyGame) -> dict[str, Claim[Any]]:
    """The generic claims and the game's own (the generic ones win a name clash)."""
    return {**game.claims(), **generic_claims(game)}


