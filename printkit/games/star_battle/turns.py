"""Playing Star Battle's moves after the galaxy is laid (laying it is
:func:`printkit.games.star_battle.placing.lay`): Home Bases, the free Scout, the
actions, the battles, victory, trimming hands, drawing and passing the turn.

The rulings are those listed in :mod:`printkit.games.star_battle.rules`; this module does
the work on a :class:`~printkit.games.star_battle.scratch.Scratch`, with each player's
ships counted once per move and systems rebuilt as plain tuples.
"""

from __future__ import annotations

import random
from typing import Protocol

from printkit.games.star_battle.scratch import SHIPS, Scratch, system
from printkit.games.star_battle.state import (
    CORE,
    Battle,
    Build,
    Card,
    Cell,
    MoveShip,
    Pass,
    Reconstruct,
    ShipKind,
    StarBattleState,
    System,
)
from printkit.rules.base import NO_PLAYER, Player


class Table(Protocol):
    """What the moves need of the engine."""

    placer: Player

    def build_kind(self, system: Card, discard: Card) -> ShipKind | None: ...

    def scouts_allowed(self, systems: dict[Cell, System], player: Player) -> bool: ...


def choose_home(table: Table, work: Scratch, cell: Cell, rng: random.Random) -> None:
    """The mover's Home Base, its two ships and the two cards that come with it."""
    player = work.mover
    work.home(player, cell)
    work.add_ship(cell, player, "dreadnought")
    work.add_ship(cell, player, "scout")
    for _ in range(2):
        card = work.draw(rng)
        if card is not None:
            work.hands[player].append(card)
    count = len(work.hands)
    for k in range(1, count + 1):
        p = (player + k) % count
        if work.homes[p] is None:
            work.mover = p
            return
    start_turn(table, work, (table.placer + 1) % count)


def start_turn(table: Table, work: Scratch, player: Player) -> None:
    """``player``'s turn: the free Scout first when they may take it."""
    work.mover = player
    work.phase = "bonus" if table.scouts_allowed(work.systems, player) else "action"


def action(table: Table, state: StarBattleState, work: Scratch,
           move: Build | MoveShip | Battle | Reconstruct | Pass, rng: random.Random) -> None:
    """The mover's action, then victory, or discards and draws and the next turn."""
    player = work.mover
    kind = type(move)
    if kind is not Pass:
        work.hands[player].remove(move.card)  # type: ignore[union-attr]
    systems = work.systems
    if kind is Reconstruct:
        assert isinstance(move, Reconstruct)
        work.remove_ship(move.cell, move.ship)
        cell, card, owner, dreadnoughts, scouts = systems[move.cell]
        work.discards.append(card)
        systems[cell] = system(cell, move.card, owner, dreadnoughts, scouts)
    elif kind is not Pass:
        work.discards.append(move.card)  # type: ignore[union-attr]
        if kind is Build:
            assert isinstance(move, Build)
            ship = table.build_kind(systems[move.cell].card, move.card)
            assert ship is not None
            work.add_ship(move.cell, player, ship)
        elif kind is MoveShip:
            assert isinstance(move, MoveShip)
            work.remove_ship(move.source, move.ship)
            work.add_ship(move.target, player, move.ship)
        else:
            assert isinstance(move, Battle)
            battle(work, move, rng)
    known: tuple[int, ...] | None = state.__dict__.get(SHIPS)
    if known is None or kind is Battle:
        ships = work.ships_in_play()
    else:  # the state's count, less a ship scrapped or more a ship built
        ships = list(known)
        if kind is Build:
            ships[player] += 1
        elif kind is Reconstruct:
            ships[player] -= 1
    work.ships = ships
    if not settle_victory(work, ships, state):
        after_trim(table, work, rng, ships)


def battle(work: Scratch, move: Battle, rng: random.Random) -> None:
    """Flip for every ship of both systems, attacker's first, Dreadnoughts before Scouts;
    a system left empty takes a new card from the stock."""
    work.battles += 1
    flips = iter(move.flips) if move.flips is not None else None

    def heads() -> bool:
        if flips is None:
            return rng.getrandbits(1) == 1
        return next(flips) == "H"

    systems = work.systems
    for cell in (move.source, move.target):
        _, card, owner, dreadnoughts, scouts = systems[cell]
        dreads = sum(1 for _ in range(dreadnoughts) if not (heads() and heads()))
        scouts = sum(1 for _ in range(scouts) if not heads())
        if dreads + scouts == 0:
            new = work.draw(rng)
            if new is None:  # cannot happen: the battle's own discard is in the pile
                systems[cell] = system(cell, card, NO_PLAYER, 0, 0)
            else:
                work.discards.append(card)
                systems[cell] = system(cell, new, NO_PLAYER, 0, 0)
        else:
            systems[cell] = system(cell, card, owner, dreads, scouts)


def settle_victory(work: Scratch, ships: list[int], before: StarBattleState) -> bool:
    """End the game if someone has won, ``ships`` being each player's ships after the
    action played in ``before``; True when it is over."""
    alive = []
    for p, n in enumerate(ships):
        if n > 0:
            alive.append(p)
    if len(alive) <= 1:
        work.end("elimination", tuple(alive) if alive else tuple(
            p for p, n in enumerate(before.ships_in_play) if n > 0))
        return True
    core = work.systems.get(CORE)
    if core is not None and core.owner != NO_PLAYER:
        holder = core.owner
        held = sum(1 for s in work.systems.values() if s.owner == holder)
        if 4 * held > 3 * len(work.systems):
            work.end("domination", (holder,))
            return True
    return False


def after_trim(table: Table, work: Scratch, rng: random.Random, ships: list[int]) -> None:
    """Discards are settled when nobody holds too many cards (``ships`` are each player's
    ships): draw and pass the turn."""
    hands = work.hands
    for p, n in enumerate(ships):  # an eliminated player's hand goes without a choice
        if n == 0 and hands[p]:
            work.discards.extend(hands[p])
            hands[p] = []
    for h, n in zip(hands, ships, strict=True):
        if len(h) > n:
            work.phase = "trim"
            return
    count = len(hands)
    for k in range(count):
        p = (work.mover + k) % count
        while len(hands[p]) < ships[p]:
            card = work.draw(rng)
            if card is None:
                break
            hands[p].append(card)
    work.turn += 1
    for k in range(1, count + 1):
        p = (work.mover + k) % count
        if ships[p] > 0:
            start_turn(table, work, p)
            return
