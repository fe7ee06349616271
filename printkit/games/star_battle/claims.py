"""Star Battle's claims (the questions a booklet example may ask), figures and heuristic.

Each claim answers in plain data, naming players ``A``, ``B`` ... and cells ``core``,
``E1`` ... as the notation does:

``systems_held``, ``core_holder``, ``connections(CELL)``, ``legal_builds(CARD)``,
``legal_moves_from(CELL)``, ``battle_targets(CELL)``, ``victory``, ``hand_size_due``,
``cards_held`` (short of ``hand_size_due`` only when the deck and the discards ran out),
``survival(CELL)``, ``supply``, ``home_bases`` and ``illegal_reason(MOVE)`` (why a move is
refused, in one word: :mod:`printkit.games.star_battle.refusals`).

Every claim answers for the position as it stands (a ruling of the first audit): the
questions about moves (``legal_builds``, ``legal_moves_from``, ``battle_targets``) are
read off the legal moves, so outside the mover's action, or for a card they do not hold,
the answer is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from printkit.games.star_battle import refusals
from printkit.games.star_battle.engine_needs import Rules
from printkit.games.star_battle.state import (
    Battle,
    Build,
    Cell,
    MoveShip,
    StarBattleState,
    cell_name,
    parse_card,
    parse_cell,
    reading_order,
)
from printkit.rules.base import NO_PLAYER, Claim, Player

Answer = Callable[[Rules, StarBattleState, "str | None"], object]


def claims(game: Rules) -> Mapping[str, Claim[StarBattleState]]:
    """The claims table of ``game``."""

    def bound(answer: Answer) -> Callable[[StarBattleState, str | None], object]:
        return lambda state, arg: answer(game, state, arg)

    return {
        "systems_held": Claim(bound(_systems_held), "systems occupied by each player's ships"),
        "core_holder": Claim(bound(_core_holder),
                             "the player whose ships are on the Core, or null"),
        "connections": Claim(bound(_connections),
                             "the systems the system at CELL connects to",
                             unordered=True, takes_argument=True),
        "legal_builds": Claim(bound(_legal_builds),
                              "the builds the player to move may make now by discarding CARD: "
                              "{cell: ship built}", takes_argument=True),
        "legal_moves_from": Claim(bound(_moves_from),
                                  "cells a ship at CELL can legally move to this turn",
                                  unordered=True, takes_argument=True),
        "battle_targets": Claim(bound(_battle_targets),
                                "enemy-held systems the player to move may attack now from "
                                "CELL",
                                unordered=True, takes_argument=True),
        "victory": Claim(bound(_victory), "null, elimination or domination"),
        "hand_size_due": Claim(bound(_hand_size_due),
                               "the hand each player is brought to: ships in play"),
        "cards_held": Claim(bound(_cards_held), "the number of cards in each player's hand"),
        "survival": Claim(bound(_survival),
                          "chance (a fraction) that the system at CELL keeps a ship "
                          "through a battle", takes_argument=True),
        "supply": Claim(bound(_supply),
                        "tokens each player has left: {dreadnoughts, scouts}, or null"),
        "home_bases": Claim(bound(_home_bases), "each player's Home Base cell or null"),
        "illegal_reason": Claim(bound(refusals.illegal_reason),
                                "why MOVE is refused, in one word (no_lane, enemy_held, "
                                "not_higher, club, no_token, last_ship ...), or null when it "
                                "is legal", takes_argument=True),
    }


def figures(history: Sequence[StarBattleState]) -> Mapping[str, float]:
    """The simulator's figures for one finished game."""
    if not history:
        return {}
    last = history[-1]
    return {
        "elimination wins": float(last.victory == "elimination"),
        "domination wins": float(last.victory == "domination"),
        "battles": float(last.battles),
        "turns of play": float(last.turn),
    }


def heuristic(game: Rules, state: StarBattleState, player: Player) -> float:
    """Systems held count three, ships one and the Core five; minus the best opponent."""
    if state.phase == "over":
        if player in state.winners:
            return 1000.0
        return -1000.0 if state.winners else 0.0
    held = state.systems_held
    ships = state.ships_in_play
    holder = state.core_holder

    def worth(p: Player) -> float:
        return 3.0 * held[p] + ships[p] + (5.0 if holder == p else 0.0)

    others = [worth(p) for p in range(len(state.hands)) if p != player]
    return worth(player) - (max(others) if others else 0.0)


# --------------------------------------------------------------------------- the claims


def _named(game: Rules, state: StarBattleState, values: Sequence[object]
           ) -> dict[str, object]:
    return dict(zip(game.player_names(state), values, strict=True))


def _systems_held(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    return _named(game, state, state.systems_held)


def _core_holder(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    holder = state.core_holder
    return None if holder == NO_PLAYER else game.player_names(state)[holder]


def _connections(game: Rules, state: StarBattleState, arg: str | None) -> object:
    cell = _system_argument(state, arg)
    return [cell_name(c) for c in state.connections(cell)]


def _legal_builds(game: Rules, state: StarBattleState, arg: str | None) -> object:
    card = parse_card(arg.strip()) if arg is not None else None
    if card is None:
        raise ValueError(f"legal_builds needs a card such as 9H, not {arg!r}")
    return {cell_name(m.cell): game.build_kind(state.index[m.cell].card, card)
            for m in game.legal_moves(state) if isinstance(m, Build) and m.card == card}


def _moves_from(game: Rules, state: StarBattleState, arg: str | None) -> object:
    cell = _system_argument(state, arg)
    targets = {m.target for m in game.legal_moves(state)
               if isinstance(m, MoveShip) and m.source == cell}
    return [cell_name(c) for c in sorted(targets, key=reading_order)]


def _battle_targets(game: Rules, state: StarBattleState, arg: str | None) -> object:
    cell = _system_argument(state, arg)
    targets = {m.target for m in game.legal_moves(state)
               if isinstance(m, Battle) and m.source == cell}
    return [cell_name(c) for c in sorted(targets, key=reading_order)]


def _victory(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    return state.victory


def _hand_size_due(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    return _named(game, state, state.ships_in_play)


def _cards_held(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    return _named(game, state, [len(hand) for hand in state.hands])


def _survival(game: Rules, state: StarBattleState, arg: str | None) -> object:
    cell = _system_argument(state, arg)
    here = state.index[cell]
    if here.ships == 0:
        raise ValueError(f"there are no ships at {cell_name(cell)}")
    lost = Fraction(1, 2) ** here.scouts * Fraction(1, 4) ** here.dreadnoughts
    return str(1 - lost)


def _supply(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    if game.params.token_limit is None:
        return None
    values = []
    for p in range(len(state.hands)):
        dreads, scouts = game.supply(state, p)
        values.append({"dreadnoughts": dreads, "scouts": scouts})
    return _named(game, state, values)


def _home_bases(game: Rules, state: StarBattleState, arg: str | None) -> object:
    _no_argument(arg)
    return _named(game, state, [None if h is None else cell_name(h) for h in state.homes])


# --------------------------------------------------------------------------- helpers


def _no_argument(arg: str | None) -> None:
    if arg is not None:
        raise ValueError(f"this claim takes no argument, not {arg!r}")


def _system_argument(state: StarBattleState, arg: str | None) -> Cell:
    if arg is None:
        raise ValueError("this claim needs a cell such as E1 or core")
    cell = parse_cell(arg.strip())
    if cell is None:
        raise ValueError(f"{arg!r} is not a cell (write core, E1, N2, W1S3 ...)")
    if cell not in state.index:
        raise ValueError(f"there is no system at {cell_name(cell)}")
    return cell
