"""Why Star Battle refuses a move, in one word: the ``illegal_reason`` claim.

The engine explains a refusal in a sentence for people at a terminal; a booklet words its
refusals itself, in its own vocabulary, so this claim answers with a code: ``no_lane`` (the
system a ship leaves does not connect that way), ``enemy_held`` (ships never enter a
system holding enemy ships), ``not_higher`` (the discard does not beat the card),
``club`` (no ship is built on a club), ``no_token`` (the supply of that kind is out),
``last_ship`` (a reconstruction may not remove the last ship), and the rarer
``game_over``, ``wrong_phase``, ``not_your_card``, ``must_act``, ``not_highest``,
``no_bonus``, ``taken``, ``no_neighbour``, ``no_system``, ``home_taken``, ``no_core``,
``no_ship``, ``no_enemy`` and ``flips`` (stated flips that do not fit the battle).  A legal
move answers ``null``.  Like every claim it answers for the position as it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.games.star_battle.state import (
    CORE,
    Battle,
    Build,
    ChooseHome,
    Discard,
    FreeScout,
    LayCore,
    MoveShip,
    Pass,
    Place,
    Reconstruct,
    SkipScout,
    StarBattleMove,
    StarBattleState,
)
from printkit.rules.base import NO_PLAYER

if TYPE_CHECKING:
    from printkit.games.star_battle.rules import StarBattle


def illegal_reason(game: StarBattle, state: StarBattleState, arg: str | None) -> object:
    """The claim: ``null`` for a legal move, else the code of its refusal."""
    if arg is None:
        raise ValueError("illegal_reason needs a move such as 'move 9H E1>E2 scout'")
    move = game.parse_move(state, arg)
    if game.illegal_reason(state, move) is None:
        return None
    return refusal(game, state, move)


def refusal(game: StarBattle, state: StarBattleState, move: StarBattleMove) -> str:
    """The code of the refusal of ``move``, which the engine refuses in ``state``."""
    if state.phase == "over":
        return "game_over"
    if state.phase != move.kind.phase:
        return "wrong_phase"
    player = game.current_player(state)
    card = getattr(move, "card", None)
    if card is not None and card not in state.hands[player]:
        return "not_your_card"
    if isinstance(move, Discard):  # any card in hand may be discarded while trimming
        return "not_your_card"
    if isinstance(move, Pass):
        return "must_act"
    if isinstance(move, LayCore):
        return "not_highest"
    if isinstance(move, SkipScout):
        return "no_bonus"
    if isinstance(move, Place):
        return "taken" if move.cell in state.index else "no_neighbour"
    cells = [move.source, move.target] if isinstance(move, MoveShip | Battle) else [
        getattr(move, "cell", CORE)]
    if any(cell not in state.index for cell in cells):
        return "no_system"
    if isinstance(move, ChooseHome):
        return "home_taken"
    here = state.index[cells[0]]
    if isinstance(move, FreeScout) and state.core_holder != player:
        return "no_core"
    if here.owner != player:
        return "no_ship"
    if isinstance(move, FreeScout | Build):
        if here.card.suit == "C":
            return "club"
        if isinstance(move, Build) and move.card.discard_value <= here.card.table_value:
            return "not_higher"
        return "no_token"
    if isinstance(move, MoveShip | Reconstruct) and not (
            here.dreadnoughts if move.ship == "dreadnought" else here.scouts):
        return "no_ship"
    if isinstance(move, Reconstruct):
        return "last_ship"
    return _way(state, move)


def _way(state: StarBattleState, move: MoveShip | Battle) -> str:
    """Why a move or battle from the player's own system is refused."""
    if move.target not in state.connections(move.source):
        return "no_lane"
    there = state.index[move.target]
    enemy = there.owner not in (NO_PLAYER, state.index[move.source].owner)
    if isinstance(move, Battle):
        return "flips" if enemy else "no_enemy"
    if enemy:
        return "enemy_held"
    return "not_higher"
