"""The moves of a player's action: builds, moves, battles and reconstructions.

A long game's hands hold many cards, and each card repeats the position's actions (those
its value pays for), so the list is made in two steps: first what the position allows,
card aside (each build, move, battle and reconstruction with the card value it needs),
then, for each card, the moves it pays for, taken from a row of that card's moves that
makes each move the first time it is asked for and shares it after (moves are frozen).
The order is the engine's: by card, then builds, moves, battles and reconstructions, each
by the player's systems in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, TypeVar

from printkit.games.star_battle.state import (
    PASS,
    Battle,
    Build,
    Card,
    Cell,
    MoveShip,
    Reconstruct,
    ShipKind,
    StarBattleMove,
    StarBattleState,
)
from printkit.rules.base import NO_PLAYER

K = TypeVar("K")


class Row(dict[K, StarBattleMove], Generic[K]):
    """One card's moves of one kind, by what else they name, each made when first asked."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], StarBattleMove]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> StarBattleMove:
        move = self[key] = self.make(key)
        return move


class CardRows:
    """Every action move made so far that one card pays for."""

    __slots__ = ("battle", "build", "move", "reconstruct")

    def __init__(self, card: Card) -> None:
        self.build: Row[Cell] = Row(lambda cell: Build(card, cell))
        self.move: Row[tuple[Cell, Cell, ShipKind]] = Row(
            lambda key: MoveShip(card, key[0], key[1], key[2]))
        self.battle: Row[tuple[Cell, Cell]] = Row(lambda key: Battle(card, key[0], key[1]))
        self.reconstruct: Row[tuple[Cell, ShipKind]] = Row(
            lambda key: Reconstruct(card, key[0], key[1]))


def action_moves(state: StarBattleState, cards: Iterable[Card], rows: dict[Card, CardRows],
                 tokens: Mapping[ShipKind, bool], revision1: bool,
                 keep_last: bool) -> list[StarBattleMove]:
    """The mover's actions paid for by each of ``cards`` (in their order), with ``tokens``
    saying which kinds of ship the mover has left, or a pass when there is none."""
    player = state.mover
    index = state.index
    builds: list[tuple[int, Cell, str]] = []  # (rank to beat, cell, the system's suit)
    shifts: list[tuple[int, tuple[Cell, Cell, ShipKind]]] = []  # (rank to beat, move)
    battles: list[tuple[Cell, Cell]] = []
    scraps: list[tuple[Cell, ShipKind]] = []
    own = [s for s in state.galaxy if s.owner == player]
    for s in own:
        if s.card.suit != "C":
            builds.append((s.card.rank, s.cell, s.card.suit))
    reached = [(s, [index[c] for c in state.connections(s.cell)]) for s in own]
    for s, near in reached:
        kinds = s.kinds
        for d in near:
            if d.owner == NO_PLAYER or d.owner == player:
                shifts.extend((d.card.rank, (s.cell, d.cell, kind)) for kind in kinds)
    for s, near in reached:
        battles.extend((s.cell, d.cell) for d in near
                       if d.owner != NO_PLAYER and d.owner != player)
    if not keep_last:
        for s in own:
            scraps.extend((s.cell, kind) for kind in s.kinds)
    dreadnoughts, scouts = tokens["dreadnought"], tokens["scout"]
    moves: list[StarBattleMove] = []
    add, extend = moves.append, moves.extend
    for card in cards:
        row = rows.get(card)
        if row is None:
            row = rows[card] = CardRows(card)
        value = card.discard_value
        suit = card.suit
        for rank, cell, system_suit in builds:
            if value > rank:
                dreadnought = system_suit == "D" if revision1 else suit == system_suit
                if dreadnoughts if dreadnought else scouts:
                    add(row.build[cell])
        extend(map(row.move.__getitem__, [key for rank, key in shifts if value > rank]))
        extend(map(row.battle.__getitem__, battles))
        extend(map(row.reconstruct.__getitem__, scraps))
    return moves or [PASS]  # no action at all: only when the last ship must stay
