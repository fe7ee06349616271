"""Why a move of Stars and Stripes is illegal: the stable codes of
:data:`~printkit.games.stars_and_stripes.state.REASONS`, found by the rules in the order a
player would check them (the board's rules before the card's).

Kept apart from the engine's move generation, which never asks: a playout plays only the
moves it was given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.games.stars_and_stripes.state import (
    EMPTY,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS_MOVE,
    Square,
    StarsAndStripesState,
    is_move,
)
from printkit.rules.base import NO_PLAYER, Player

if TYPE_CHECKING:
    from printkit.games.stars_and_stripes.core import Core


def refusal_code(game: Core, state: StarsAndStripesState,
                 move: object) -> str | None:
    """A stable code from :data:`REASONS` saying why ``move`` is illegal, or None when
    ``legal_moves`` generates it."""
    player = state.to_move
    if player < 0:
        return "game_over"
    if not is_move(move):
        return "bad_move"
    kind, square, card, opponent = move
    if kind in (FOLLOWER, INDEPENDENT):
        if not (0 <= square < len(state.cells) and 0 <= card < game.n_cards
                and opponent == NO_PLAYER):
            return "bad_move"
        if state.cells[square] != EMPTY:
            return "occupied"
        if kind == INDEPENDENT:
            if game.geometry.closed_king_mask[square] & state.occupied:
                return "not_isolated"
        else:
            reason = follower_square_code(game, state, player, square)
            if reason is not None:
                return reason
            allowed = dict(game.follower_options(state, player)).get(square, 0)
            if not allowed >> card & 1:
                return "matching"
        if card in state.cells:
            return "on_board"
        hand = state.hands[player]
        if card not in (game.pool(state) if hand is None else hand):
            return "not_in_hand"
        return None
    if kind == EXCHANGE:
        if not 0 <= opponent < game.players or square != -1 or card != -1:
            return "bad_move"
        if opponent == player:
            return "self_exchange"
        mine, theirs = state.hands[player], state.hands[opponent]
        if mine is None or theirs is None:
            return "hand_unknown"
        if not mine:
            return "no_cards"
        if not theirs:
            return "opponent_no_cards"
        return None
    if move != PASS_MOVE:
        return "bad_move"
    moves = game.legal_moves(state)
    return None if len(moves) == 1 and moves[0] == PASS_MOVE else "must_act"


def follower_square_code(game: Core, state: StarsAndStripesState, player: Player,
                         square: Square) -> str | None:
    """Why no follower of ``player`` may go on the empty ``square`` (None if one may)."""
    edge_mask = game.geometry.edge_mask[square]
    if not edge_mask & state.followers[player]:
        return "no_follower_neighbour"
    contact = game.contact_mask[square]
    for other in range(game.players):
        if other != player and contact & state.followers[other]:
            return "opponent_contact"
    holder = state.trump_holder
    if (game.params.trump_exclusive == "forbid" and holder >= 0 and holder != player
            and edge_mask & (1 << game.centre)):
        return "trump_claimed"
    return None


__all__ = ["follower_square_code", "refusal_code"]
