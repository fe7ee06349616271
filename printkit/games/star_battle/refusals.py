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

from printkit.games.star_battle.engine_needs import Rules
from printkit.games.star_battle.state import (
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
    cell_name,
)
from printkit.rules.base import NO_PLAYER, Player


def illegal_reason(game: Rules, state: StarBattleState, arg: str | None) -> object:
    """The claim: ``null`` for a legal move, else the code of its refusal."""
    if arg is None:
        raise ValueError("illegal_reason needs a move such as 'move 9H E1>E2 scout'")
    move = game.parse_move(state, arg)
    if game.illegal_reason(state, move) is None:
        return None
    return refusal(game, state, move)


def refusal(game: Rules, state: StarBattleState, move: StarBattleMove) -> str:
    """The code of the refusal of ``move``, which the engine refuses in ``state``."""
    player = game.current_player(state)
    return refused(state, move, player, game.player_names(state)[player])[0]


OTHER = "it is not among the legal moves"
"""The sentence for a refusal that no rule below names."""


def refused(state: StarBattleState, move: StarBattleMove, player: Player,
            name: str) -> tuple[str, str]:
    """Why ``player`` (called ``name``) may not make ``move``, which the engine refuses in
    ``state``: the claim's code, and the engine's sentence for ``illegal_reason``."""
    if state.phase == "over":
        return "game_over", "the game is over"
    if state.phase != move.kind.phase:
        return "wrong_phase", f"{move.kind.word!r} is not a move of the {state.phase} phase"
    card = getattr(move, "card", None)
    if card is not None and card not in state.hands[player]:
        return "not_your_card", f"{card} is not in {name}'s hand"
    if isinstance(move, Discard):  # any card in hand may be discarded while trimming
        return "not_your_card", OTHER
    if isinstance(move, Pass):
        return "must_act", f"{name} holds cards and can act, so must act"
    if isinstance(move, LayCore):
        return "not_highest", "the Core must be the placer's highest card"
    if isinstance(move, SkipScout):
        return "no_bonus", "no free Scout is due"
    if isinstance(move, Place):
        if move.cell in state.index:
            return "taken", f"{cell_name(move.cell)} is already taken"
        return "no_neighbour", f"{move.card} would not connect to a neighbouring card"
    cells = [move.source, move.target] if isinstance(move, MoveShip | Battle) else [move.cell]
    for cell in cells:
        if cell not in state.index:
            return "no_system", f"there is no system at {cell_name(cell)}"
    if isinstance(move, ChooseHome):
        return "home_taken", f"{cell_name(move.cell)} is the Core or already a Home Base"
    here = state.index[cells[0]]
    if isinstance(move, FreeScout) and state.core_holder != player:
        return "no_core", f"{name} does not hold the Core"
    if here.owner != player:
        return "no_ship", f"{name} has no ship at {cell_name(cells[0])}"
    if isinstance(move, FreeScout):
        if here.card.suit == "C":
            return "club", "no ship can be placed on a club"
        return "no_token", f"{name} has no Scout token left"
    if isinstance(move, Build):
        if here.card.suit == "C":
            return "club", "no ship can be built on a club"
        if move.card.discard_value <= here.card.table_value:
            return "not_higher", f"{move.card} is not higher than {here.card}"
        return "no_token", f"{name} has no token left for that ship"
    if isinstance(move, MoveShip | Reconstruct) and not (
            here.dreadnoughts if move.ship == "dreadnought" else here.scouts):
        return "no_ship", f"{name} has no {move.ship} at {cell_name(cells[0])}"
    if isinstance(move, Reconstruct):
        if state.ships_in_play[player] == 1:
            return "last_ship", (f"{name} may not remove their last ship "
                                 "(allow_self_elimination is off)")
        return "last_ship", OTHER
    return _way(state, move)


def _way(state: StarBattleState, move: MoveShip | Battle) -> tuple[str, str]:
    """Why a move or battle from the player's own system is refused."""
    here = state.index[move.source]
    if move.target not in state.connections(move.source):
        return "no_lane", (f"{here.card} at {cell_name(move.source)} does not connect to "
                           f"{cell_name(move.target)}")
    there = state.index[move.target]
    enemy = there.owner not in (NO_PLAYER, here.owner)
    if isinstance(move, Battle):
        if enemy:
            return "flips", OTHER
        return "no_enemy", f"there are no enemy ships at {cell_name(move.target)}"
    if enemy:
        return "enemy_held", (f"{cell_name(move.target)} is held by enemy ships "
                              "(battle instead)")
    if move.card.discard_value <= there.card.table_value:
        return "not_higher", f"{move.card} is not higher than {there.card}"
    return "not_higher", OTHER
