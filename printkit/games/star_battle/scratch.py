"""Making Star Battle states quickly: a state is made for every move played, so the
engine builds them without the frozen dataclass's field-by-field ``__init__``, and plays
a move on a :class:`Scratch`, a mutable copy that turns back into a state with as little
copying as the move allows (what the move left alone is the old state's own tuples).
"""

from __future__ import annotations

import bisect
import random
from operator import itemgetter
from typing import Any

from printkit.games.star_battle.state import (
    Card,
    Cell,
    Phase,
    ShipKind,
    StarBattleState,
    System,
    Victory,
    system_order,
)
from printkit.rules.base import NO_PLAYER, Player

_bare = object.__new__
_set = object.__setattr__
_system = tuple.__new__


def new_state(phase: Phase, mover: Player, galaxy: tuple[System, ...],
              homes: tuple[Cell | None, ...], hands: tuple[tuple[Card, ...], ...],
              stock: tuple[Card, ...], discards: tuple[Card, ...], turn: int, battles: int,
              victory: Victory | None, winners: tuple[Player, ...]) -> StarBattleState:
    """``StarBattleState(...)`` with every field given, for the engine's own moves: the
    fields go into the new instance's ``__dict__`` at once instead of one frozen
    ``object.__setattr__`` each."""
    state: StarBattleState = _bare(StarBattleState)
    _set(state, "__dict__", {
        "phase": phase, "mover": mover, "galaxy": galaxy, "homes": homes, "hands": hands,
        "stock": stock, "discards": discards, "turn": turn, "battles": battles,
        "victory": victory, "winners": winners})
    return state


def system(cell: Cell, card: Card, owner: Player, dreadnoughts: int, scouts: int) -> System:
    """``System(cell, card, owner, dreadnoughts, scouts)`` without the named tuple's
    argument handling."""
    made: System = _system(System, (cell, card, owner, dreadnoughts, scouts))
    return made


SHIPS = "ships_in_play"
"""Where a state keeps each player's ships (its ``ships_in_play``, remembered)."""
_CELLS = "cells"
"""Where a state keeps the function that reads its galaxy's systems, in reading order, out
of a mapping by cell (in its ``__dict__``: the cells stay the same after the galaxy phase,
so the next state takes it over)."""


def _cells_of(state: StarBattleState) -> Any:
    found = state.__dict__.get(_CELLS)
    if found is None:
        cells = [s.cell for s in state.galaxy]
        found = itemgetter(*cells) if len(cells) > 1 else (
            lambda systems: tuple(systems[c] for c in cells))
        state.__dict__[_CELLS] = found
    return found


class Scratch:
    """A mutable copy of a state, used while one move is played."""

    __slots__ = ("battles", "discards", "drawn", "hands", "homes", "mover", "old_discards",
                 "old_hands", "phase", "ships", "state", "stock", "systems", "turn", "victory",
                 "winners")

    def __init__(self, state: StarBattleState) -> None:
        self.state = state
        self.phase: Phase = state.phase
        self.mover = state.mover
        self.systems = dict(state.index)
        self.homes: tuple[Cell | None, ...] = state.homes
        self.old_hands = state.hands
        self.hands = list(map(list, state.hands))
        self.stock: tuple[Card, ...] | list[Card] = state.stock
        self.drawn = 0
        """Cards taken from the top of ``stock`` so far."""
        self.old_discards = state.discards
        self.discards = list(state.discards)
        self.turn = state.turn
        self.battles = state.battles
        self.victory: Victory | None = state.victory
        self.winners: tuple[Player, ...] = state.winners
        self.ships: list[int] | None = None
        """Each player's ships after the move, when the move counted them."""

    @property
    def players(self) -> int:
        return len(self.hands)

    def end(self, victory: Victory, winners: tuple[Player, ...]) -> None:
        """The game is over."""
        self.phase, self.mover, self.victory, self.winners = "over", NO_PLAYER, victory, winners

    def ships_in_play(self) -> list[int]:
        counts = [0] * len(self.hands)
        for _, _, owner, dreadnoughts, scouts in self.systems.values():
            if owner != NO_PLAYER:
                counts[owner] += dreadnoughts + scouts
        return counts

    def draw(self, rng: random.Random) -> Card | None:
        """The top card of the stock, reshuffling the discards into it when it is empty."""
        if self.drawn == len(self.stock):
            if not self.discards:
                return None
            stock = sorted(self.discards)
            self.discards = []
            rng.shuffle(stock)
            self.stock, self.drawn = stock, 0
        self.drawn += 1
        return self.stock[self.drawn - 1]

    def home(self, player: Player, cell: Cell) -> None:
        """``player``'s Home Base is at ``cell``."""
        homes = list(self.homes)
        homes[player] = cell
        self.homes = tuple(homes)

    def add_ship(self, cell: Cell, player: Player, kind: ShipKind) -> None:
        _, card, _, dreadnoughts, scouts = self.systems[cell]
        if kind == "dreadnought":
            dreadnoughts += 1
        else:
            scouts += 1
        self.systems[cell] = _system(System, (cell, card, player, dreadnoughts, scouts))

    def remove_ship(self, cell: Cell, kind: ShipKind) -> None:
        _, card, owner, dreadnoughts, scouts = self.systems[cell]
        if kind == "dreadnought":
            dreadnoughts -= 1
        else:
            scouts -= 1
        self.systems[cell] = _system(System, (
            cell, card, owner if dreadnoughts + scouts else NO_PLAYER, dreadnoughts, scouts))

    def freeze(self) -> StarBattleState:
        systems = self.systems
        old = self.state
        order = old.galaxy
        same_cells = len(systems) == len(order)
        if same_cells:  # the same cells: keep their reading order
            galaxy = _cells_of(old)(systems) if systems else ()
        elif len(systems) == len(order) + 1:  # a card laid: the last cell added
            placed = systems[next(reversed(systems))]
            laid = [systems[s.cell] for s in order]
            bisect.insort(laid, placed, key=system_order)
            galaxy = tuple(laid)
        else:
            galaxy = tuple(sorted(systems.values(), key=system_order))
        # a hand or the discards left as they were are the state's own tuples again (a card
        # only taken out keeps a sorted list sorted)
        kept = []
        for hand, old_hand in zip(self.hands, self.old_hands, strict=True):
            if len(hand) == len(old_hand) and tuple(hand) == old_hand:
                kept.append(old_hand)
            else:
                kept.append(tuple(sorted(hand)))
        hands = tuple(kept)
        discards = self.discards
        state = new_state(
            self.phase, self.mover, galaxy, self.homes, hands, tuple(self.stock[self.drawn:]),
            (self.old_discards if len(discards) == len(self.old_discards)
             and tuple(discards) == self.old_discards else tuple(sorted(discards))),
            self.turn, self.battles, self.victory, self.winners)
        if self.ships is not None:
            state.__dict__[SHIPS] = tuple(self.ships)
        if same_cells:  # the systems by cell, in the galaxy's order: the new state's index
            state.__dict__["index"] = systems
            if systems:
                state.__dict__[_CELLS] = old.__dict__[_CELLS]
        return state
