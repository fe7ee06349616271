"""What example files may claim about a position of "I vant to be alone", and the figures
and heuristic the simulator uses.

A claim that names a move (``points(10H below 8C)``) takes it in the move notation and
refuses a move that is not legal in the position.

>>> from printkit.games.vant.rules import Vant
>>> game = Vant()
>>> state = game.parse_state("layout:\\n  9H  8C\\nP1: 10H ? ?")
>>> game.claims()["points"].compute(state, "10H below 8C")
2
>>> game.claims()["card_value"].compute(state, "QD")
{'suit': 4, 'rank': 12}
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from printkit.games.vant.engine_needs import Rules
from printkit.games.vant.notation import cell_phrase, move_text, read_card_at
from printkit.games.vant.state import REACH, Place, VantState, card_name, stock_size
from printkit.rules.base import Claim, Player
from printkit.rules.notation import Token

# --------------------------------------------------------------------------- the table

REFUSALS = ("game_over", "claim_first", "not_in_hand", "taken", "not_next_to_a_card",
            "outside_square", "covered")
"""The reasons the ``refusal`` claim gives, checked in this order: the game is over, the
pending points must first be claimed or passed, the card is not the player's, the cell
holds a card already, it shares no edge with a card of the layout (touching one only at a
corner is not enough), the layout would no longer fit in 4 x 4, or (at level two, where the
notation names only cells of the square) the card beneath is already covered."""


def claims(game: Rules) -> Mapping[str, Claim[VantState]]:
    """The claims of the game, answered by ``game`` (its parameters count)."""

    def bound(compute: Callable[[Rules, VantState, str | None], object]
              ) -> Callable[[VantState, str | None], object]:
        return lambda state, argument: compute(game, state, argument)

    return {
        "points": Claim(bound(_points), "points the opponent gets if the player to move "
                        "plays MOVE (covered-card penalty included)", takes_argument=True),
        "penalty": Claim(bound(_penalty), "the covered-card part of those points "
                         "(0 at level one)", takes_argument=True),
        "matches": Claim(bound(_matches), "the cards MOVE would match",
                         unordered=True, takes_argument=True),
        "legal_cells": Claim(bound(_legal_cells), "where the player to move may put CARD "
                             "(as a move names it: 'below 8C', 'on 10H', 'anywhere')",
                             unordered=True, takes_argument=True),
        "level": Claim(_no_argument(lambda s: 1 if s.placed < 16 else 2),
                       "1 until the square holds 16 cards, then 2"),
        "leader": Claim(_no_argument(lambda s: None if s.leader is None
                                     else game.player_names(s)[s.leader]),
                        "who leads level two (null until known)"),
        "card_value": Claim(bound(_card_value), "a card's suit and rank values: "
                            "{suit: N, rank: N}", takes_argument=True),
        "pending": Claim(_no_argument(lambda s: s.pending),
                         "points the player to move may still claim"),
        "stock": Claim(_no_argument(lambda s: stock_size(s.placed)),
                       "cards left in the stock"),
        "refusal": Claim(bound(_refusal), "why the card play MOVE is refused (null when it "
                         "is legal): " + ", ".join(REFUSALS), takes_argument=True),
    }


def figures(game: Rules, history: Sequence[VantState]) -> Mapping[str, float]:
    """Points given away per level, covered-card penalties, forfeits, draws, leader wins."""
    given = [0, 0]
    penalties = penalty_points = 0
    strict = game.params.strict_claims
    for before, after in itertools.pairwise(history):
        if after.placed + after.covered == before.placed + before.covered:
            continue  # a claim or a pass
        points = after.pending if strict else sum(after.scores) - sum(before.scores)
        level = 0 if after.placed > before.placed else 1
        given[level] += points
        if level:
            i = next(i for i in range(16) if before.upper[i] != after.upper[i])
            card = after.upper[i]
            if card is not None:
                penalty = game.gift(before, card, i // 4, i % 4)[1]
                penalties += penalty > 0
                penalty_points += penalty
    final = history[-1]
    won = game.winners(final)
    return {
        "level-one points": float(given[0]),
        "level-two points": float(given[1]),
        "level-two penalties": float(penalties),
        "penalty points": float(penalty_points),
        "points forfeited": float(sum(given) - sum(final.scores)),
        "draws": float(len(won) == 2),
        "leader wins": float(len(won) == 1 and won[0] == final.leader),
    }


def heuristic(game: Rules, state: VantState, player: Player) -> float:
    """Own score minus the other's, pending points counted for whoever may claim them."""
    scores = list(state.scores)
    if state.pending:
        scores[game.to_move(state)] += state.pending
    return float(scores[player] - scores[1 - player])


# --------------------------------------------------------------------------- the claims


def _points(game: Rules, state: VantState, argument: str | None) -> object:
    move = _legal_place(game, state, argument)
    return sum(game.gift(state, move.card, move.row, move.col))


def _penalty(game: Rules, state: VantState, argument: str | None) -> object:
    move = _legal_place(game, state, argument)
    return game.gift(state, move.card, move.row, move.col)[1]


def _matches(game: Rules, state: VantState, argument: str | None) -> object:
    """The cards a play would match (the covered card included)."""
    move = _legal_place(game, state, argument)
    card, row, col = move.card, move.row, move.col
    reach = REACH[(row, col)]
    cells = state.lower if state.placed < 16 else game.visible(state)
    found = [c for i in reach.around if (c := cells[i]) is not None and c >> 3 == card >> 3]
    found += [c for i in reach.lines if (c := cells[i]) is not None and c & 7 == card & 7]
    if state.placed == 16:
        beneath = state.lower[row * 4 + col]
        if beneath is not None and (beneath >> 3 == card >> 3 or beneath & 7 == card & 7):
            found.append(beneath)
    return [card_name(c) for c in found]


def _legal_cells(game: Rules, state: VantState, argument: str | None) -> object:
    text = _required(argument)
    card = _card_argument(text)
    if game.is_terminal(state) or not game.holds(state, game.to_move(state), card):
        return []
    phrases = (cell_phrase(state, r, c) for r, c in game.open_targets(state))
    return [p for p in phrases if p is not None]


def _refusal(game: Rules, state: VantState, argument: str | None) -> object:
    """The first of :data:`REFUSALS` that a card play breaks, from the layout itself."""
    move = game.parse_move(state, _required(argument))
    if not isinstance(move, Place):
        raise ValueError("the argument must be a card play")
    if game.illegal_reason(state, move) is None:
        return None
    if game.is_terminal(state):
        return "game_over"
    if not game.open_targets(state):
        return "claim_first"
    if not game.holds(state, game.to_move(state), move.card):
        return "not_in_hand"
    row, col = move.row, move.col
    if state.placed == 16:
        return "covered"
    if 0 <= row < 4 and 0 <= col < 4 and state.lower[row * 4 + col] is not None:
        return "taken"
    cells = {(i // 4, i % 4) for i in range(16) if state.lower[i] is not None}
    if not any((row + dr, col + dc) in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        return "not_next_to_a_card"
    return "outside_square"


def _card_value(game: Rules, state: VantState, argument: str | None) -> object:
    card = _card_argument(_required(argument))
    return {"suit": game.suit_value[card], "rank": game.rank_value[card]}


# --------------------------------------------------------------------------- helpers


def _legal_place(game: Rules, state: VantState, argument: str | None) -> Place:
    move = game.parse_move(state, _required(argument))
    if not isinstance(move, Place):
        raise ValueError("the argument must be a card play")
    why = game.illegal_reason(state, move)
    if why is not None:
        raise ValueError(f"{move_text(state, move)!r} is not legal here: {why}")
    return move


def _card_argument(text: str) -> int:
    return read_card_at(text, Token(text.strip(), len(text) - len(text.lstrip())))


def _required(argument: str | None) -> str:
    if argument is None or not argument.strip():
        raise ValueError("this claim needs an argument")
    return argument


def _no_argument(compute: Callable[[VantState], object]
                 ) -> Callable[[VantState, str | None], object]:
    def run(state: VantState, argument: str | None) -> object:
        if argument is not None:
            raise ValueError("this claim takes no argument")
        return compute(state)
    return run
