"""The players ``printkit simulate`` puts at a Star Battle table.

``beginner`` (the default) rates each legal move by a few rules of thumb a new player
would use and makes the best one, paying with the cheapest card that will do:

* Galaxy: lays the card where it links to most neighbours (both ways).
* Home Base: a system it can build on (no club), of low value (cheap to build on), with
  many links, far from the other Home Bases.
* Free Scout: always taken.
* Build: worth a ship, a Dreadnought more, and more again next to an enemy.
* Move: into an empty system (a system gained, the Core above all), never leaving a system
  empty unless for the Core; between its own systems it only moves a ship that gets
  nearer (in moves) to a system it does not hold, so its fleet flows to the front.
* Battle: the expected ships destroyed on each side (a Scout falls half the time, a
  Dreadnought a quarter), plus the chance of emptying the enemy system, or of wiping that
  enemy out, less the chance of losing its own system, and a little more because a
  beginner would rather fight an even battle than shuffle ships about; it attacks when
  that comes out ahead of building, and when nothing useful is left to do (no build, no
  system to take, no step towards the front) it fights its least bad battle anyway.
* Reconstruction only when nothing else is legal; when trimming its hand, the lowest card
  goes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from printkit.games.star_battle.state import (
    CORE,
    REACH,
    SKIP,
    Battle,
    Build,
    Cell,
    ChooseHome,
    Discard,
    FreeScout,
    MoveShip,
    Pass,
    Place,
    StarBattleState,
    System,
)
from printkit.rules.base import NO_PLAYER, Game
from printkit.simulator.agents import Agent

if TYPE_CHECKING:
    from printkit.games.star_battle.rules import StarBattle

SHIP = 10.0
"""A new ship (a Scout)."""
DREADNOUGHT = 5.0
"""What a Dreadnought is worth beyond a Scout."""
FRONT = 3.0
"""Building next to enemy ships."""
SYSTEM = 20.0
"""A system gained or lost."""
CORE_WORTH = 25.0
"""Reaching the Galactic Core (the free Scout each turn, and domination needs it)."""
KILL = 10.0
"""An enemy ship destroyed, or one of its own lost (in expectation)."""
WIPE_OUT = 40.0
"""Destroying an enemy's last ships."""
REINFORCE = 2.0
"""Moving a ship between its own systems, one step nearer a system it does not hold."""
USEFUL = 1.0
"""Below this, the best move is only shuffling ships about: a bored beginner fights its
least bad battle instead (without this, two fleets that hold their ground never end)."""
FAR = 1_000
"""The distance of a system from which no system of another player can be reached."""
PRESSURE = 4.0
"""A beginner would rather fight an even battle than shuffle ships about (but builds
first): without it, two fleets that can no longer build stare at each other for ever."""
CARD = 0.05
"""The worth of a card's value: the cheapest card that does the job is spent."""
LAST_RESORT = -100.0
"""A reconstruction (it scraps one of its own ships)."""


def loss(system: System) -> float:
    """Ships a battle is expected to destroy on ``system``."""
    return 0.5 * system.scouts + 0.25 * system.dreadnoughts


def cleared(system: System) -> float:
    """The chance a battle leaves ``system`` without ships."""
    return 0.5 ** system.scouts * 0.25 ** system.dreadnoughts


class Beginner(Agent):
    """Rules of thumb for every kind of move (see the module notes)."""

    name = "beginner"
    description = ("builds, moves into empty systems and the Core, attacks when the coin "
                   "flips favour it, pays with its cheapest card")

    def choose(self, game: Game[Any, Any, Any], state: StarBattleState,
               moves: Sequence[Any], chance: random.Random, rng: random.Random) -> Any:
        engine = cast("StarBattle", game)
        first = moves[0]
        if isinstance(first, Place):
            return self._place(state, moves, rng)
        if isinstance(first, ChooseHome):
            return max(moves, key=lambda m: self._home(state, m.cell))
        if isinstance(first, FreeScout):
            return first
        if isinstance(first, Discard):
            return min(moves, key=lambda m: (m.card.discard_value, m.card))
        if len(moves) == 1 or first is SKIP:
            return first
        player = state.mover
        index = state.index
        near_enemy = {cell for cell, s in index.items() if s.owner == player and any(
            n.owner not in (NO_PLAYER, player) for n in _neighbours(index, cell))}
        ahead = distances(state, player)
        known: dict[tuple[Any, ...], float] = {}
        # a Build's worth depends on its system and its card's suit only: looked up by
        # those without asking the engine for the kind of ship each time
        builds: dict[tuple[Cell, str], float] = {}
        best, top = first, float("-inf")
        fight, fiercest = None, float("-inf")
        for move in moves:
            kind = type(move)
            if kind is Build:
                card = move.card
                base = builds.get((move.cell, card.suit))
                if base is None:
                    key: tuple[Any, ...] = (kind, move.cell, engine.build_kind(
                        index[move.cell].card, card))
                    base = builds[move.cell, card.suit] = self._value(
                        state, move, key, player, near_enemy, ahead)
            else:
                if kind is MoveShip or kind is Battle:
                    key = (kind, move.source, move.target)
                else:
                    key = (kind,)
                base = known.get(key)
                if base is None:
                    base = known[key] = self._value(state, move, key, player, near_enemy,
                                                    ahead)
            if kind is Pass:
                value = base
            else:
                rank = move.card.rank  # Card.discard_value, without the property call
                value = base - CARD * (14 if rank == 1 else rank)
            if value > top:
                best, top = move, value
            if kind is Battle and value > fiercest:
                fight, fiercest = move, value
        if top < USEFUL and fight is not None:
            return fight  # nothing useful to do: fight rather than shuffle ships about
        return best

    @staticmethod
    def _place(state: StarBattleState, moves: Sequence[Any], rng: random.Random) -> Any:
        index = state.index
        best: list[Any] = []
        top = -1
        for move in moves:
            links = 0
            x, y = move.cell
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                other = index.get((x + dx, y + dy))
                if other is None:
                    continue
                links += (dx, dy) in REACH[move.card.suit]
                links += (-dx, -dy) in REACH[other.card.suit]
            if links > top:
                top, best = links, [move]
            elif links == top:
                best.append(move)
        return best[rng.randrange(len(best))]

    @staticmethod
    def _home(state: StarBattleState, cell: Cell) -> tuple[float, Cell]:
        system = state.index[cell]
        others = [h for h in state.homes if h is not None]
        far = min((abs(cell[0] - h[0]) + abs(cell[1] - h[1]) for h in others), default=4)
        links = len(state.connections(cell))
        value = (10.0 if system.card.suit != "C" else 0.0) + (13 - system.card.rank) * 0.5
        return (value + links + 2.0 * min(far, 4), (-cell[0], -cell[1]))

    @staticmethod
    def _value(state: StarBattleState, move: Any, key: tuple[Any, ...], player: int,
               near_enemy: set[Cell], ahead: dict[Cell, int]) -> float:
        """A move's worth before the card paying for it (moves that differ only in the
        card share it)."""
        index = state.index
        if isinstance(move, Build):
            value = SHIP + (DREADNOUGHT if key[2] == "dreadnought" else 0.0)
            return value + (FRONT if move.cell in near_enemy else 0.0)
        if isinstance(move, MoveShip):
            source, target = index[move.source], index[move.target]
            value = 0.0
            if source.ships == 1:  # the system would be left empty
                value -= SYSTEM + (CORE_WORTH if move.source == CORE else 0.0)
            if target.owner == player:  # worth something only on the way to the front
                closer = ahead.get(move.target, FAR) < ahead.get(move.source, FAR)
                return value + (REINFORCE if closer else 0.0)
            return value + SYSTEM + (CORE_WORTH if move.target == CORE else 0.0)
        if isinstance(move, Battle):
            mine, theirs = index[move.source], index[move.target]
            value = PRESSURE + KILL * (loss(theirs) - loss(mine))
            gone = cleared(theirs)
            value += gone * (SYSTEM + (CORE_WORTH if move.target == CORE else 0.0))
            if state.ships_in_play[theirs.owner] == theirs.ships:
                value += gone * WIPE_OUT
            value -= cleared(mine) * (SYSTEM + (CORE_WORTH if move.source == CORE else 0.0))
            return value
        return LAST_RESORT


def distances(state: StarBattleState, player: int) -> dict[Cell, int]:
    """For each system ``player`` holds, the fewest moves a ship there needs to reach a
    system the player does not hold (following the links, through its own systems)."""
    index = state.index
    into: dict[Cell, list[Cell]] = {}
    for cell in index:
        for other in state.connections(cell):
            into.setdefault(other, []).append(cell)
    found = {cell: 0 for cell, s in index.items() if s.owner != player}
    todo = list(found)
    for cell in todo:  # breadth first: ``todo`` grows while it is walked
        for source in into.get(cell, ()):
            if source not in found:
                found[source] = found[cell] + 1
                todo.append(source)
    return found


def _neighbours(index: dict[Cell, System], cell: Cell) -> list[System]:
    x, y = cell
    return [s for c in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y))
            if (s := index.get(c)) is not None]


AGENTS = (Beginner,)
"""The agents Star Battle brings to ``printkit simulate``, its default first."""

__all__ = ["AGENTS", "Beginner"]
