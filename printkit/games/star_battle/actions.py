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

import functools
from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import compress, repeat
from operator import eq, itemgetter
from typing import Generic, TypeVar

from printkit.games.star_battle.segments import CardRuns
from printkit.games.star_battle.state import (
    PASS,
    REACH,
    SHIP_KINDS,
    Battle,
    Build,
    Card,
    Cell,
    MoveList,
    MoveShip,
    Reconstruct,
    ShipKind,
    StarBattleMove,
    StarBattleState,
)
from printkit.rules.base import NO_PLAYER

K = TypeVar("K")
V = TypeVar("V")


class Row(dict[K, StarBattleMove], Generic[K]):
    """One card's moves of one kind, by what else they name, each made when first asked."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], StarBattleMove]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> StarBattleMove:
        move = self[key] = self.make(key)
        return move


class Interned(dict[K, V], Generic[K, V]):
    """Moves made by ``make`` from one key each, each made when first asked for."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


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


_IN_READING_ORDER = ((0, 1), (-1, 0), (1, 0), (0, -1))
"""The four steps, in the reading order of the cells they lead to (north, west, east,
south)."""
_LANES = {suit: tuple(step for step in _IN_READING_ORDER if step in steps)
          for suit, steps in REACH.items()}
"""The steps each suit reaches, in reading order: the connections without a sort."""
_OWNER = itemgetter(2)
"""A system's owner (``System.owner``)."""


@functools.cache
def _lanes(cell: Cell, suit: str) -> tuple[Cell, ...]:
    """The cells a system of ``suit`` at ``cell`` connects to when they hold systems, in
    reading order."""
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in _LANES[suit])


_KINDS: dict[tuple[bool, bool], tuple[ShipKind, ...]] = {
    (True, True): SHIP_KINDS, (True, False): SHIP_KINDS[:1], (False, True): SHIP_KINDS[1:],
    (False, False): ()}
"""The kinds of ship on a system, by (any Dreadnought, any Scout): ``System.kinds``."""


class Actions:
    """What a position allows its mover, card aside: each build, move, battle and
    reconstruction with the card rank it needs, each by the mover's systems in reading
    order."""

    __slots__ = ("battles", "builds", "dreadnoughts", "revision1", "scouts", "scraps",
                 "shifts")

    def __init__(self, state: StarBattleState, limit: int | None, revision1: bool,
                 allow_self_elimination: bool) -> None:
        player = state.mover
        index = state.index
        builds: list[tuple[int, Cell, str]] = []  # (rank to beat, cell, the system's suit)
        shifts: list[tuple[int, tuple[Cell, Cell, ShipKind]]] = []  # (rank to beat, move)
        battles: list[tuple[Cell, Cell]] = []
        scraps: list[tuple[Cell, ShipKind]] = []
        fleet = [0, 0]  # the mover's Dreadnoughts and Scouts
        galaxy = state.galaxy
        # the mover's systems, picked out without a loop of Python code over the galaxy
        own = compress(galaxy, map(eq, map(_OWNER, galaxy), repeat(player)))
        for cell, card, _, dreads, scouts in own:
            fleet[0] += dreads
            fleet[1] += scouts
            suit = card.suit
            if suit != "C":
                builds.append((card.rank, cell, suit))
            kinds = _KINDS[dreads > 0, scouts > 0]
            for kind in kinds:
                scraps.append((cell, kind))
            for there in _lanes(cell, suit):
                near = index.get(there)
                if near is None:
                    continue
                owner = near[2]
                if owner in (NO_PLAYER, player):
                    rank = near[1].rank
                    for kind in kinds:
                        shifts.append((rank, (cell, there, kind)))
                else:
                    battles.append((cell, there))
        if not allow_self_elimination and fleet[0] + fleet[1] == 1:
            scraps = []  # the last ship must stay
        self.builds, self.shifts, self.battles, self.scraps = builds, shifts, battles, scraps
        self.dreadnoughts = limit is None or fleet[0] < limit
        self.scouts = limit is None or fleet[1] < limit
        self.revision1 = revision1

    def builds_for(self, card: Card) -> list[Cell]:
        """Where ``card`` pays for a build (the value test, and a token of the kind)."""
        value = 14 if card.rank == 1 else card.rank  # Card.discard_value
        suit, revision1 = card.suit, self.revision1
        dreadnoughts, scouts = self.dreadnoughts, self.scouts
        found = []
        for rank, cell, system_suit in self.builds:
            if value > rank and (dreadnoughts if (
                    system_suit == "D" if revision1 else suit == system_suit) else scouts):
                found.append(cell)
        return found

    def build_ranks(self, suit: str) -> list[int]:
        """The ranks to beat of the builds a card of ``suit`` may pay for, as far as the
        supply goes (the kind of ship depends on the suits), sorted."""
        revision1, dreadnoughts, scouts = self.revision1, self.dreadnoughts, self.scouts
        return sorted([rank for rank, _, system_suit in self.builds if (dreadnoughts if (
            system_suit == "D" if revision1 else suit == system_suit) else scouts)])

    def shifts_for(self, card: Card) -> list[tuple[Cell, Cell, ShipKind]]:
        """The ship moves ``card`` pays for."""
        value = 14 if card.rank == 1 else card.rank
        found = []
        for rank, key in self.shifts:
            if value > rank:
                found.append(key)
        return found


_ACTION_TYPES = (Build, MoveShip, Battle, Reconstruct)


def _row(rows: dict[Card, CardRows], card: Card) -> CardRows:
    row = rows.get(card)
    if row is None:
        row = rows[card] = CardRows(card)
    return row


class ActionMoves(CardRuns):
    """The mover's actions paid for by each of ``cards`` (in their order): by card, then
    builds, moves, battles and reconstructions.  Its length is counted and a move is made
    when asked for; the whole list only when it is walked."""

    __slots__ = ("_actions", "_paid", "_rows")

    def __init__(self, actions: Actions, cards: list[Card], rows: dict[Card, CardRows]) -> None:
        self._actions = actions
        self._rows = rows
        fixed = len(actions.battles) + len(actions.scraps)
        ends: list[int] = []
        total = 0
        # a card pays for the builds and moves whose rank its value beats: counted by
        # bisection in the ranks, sorted, without listing them for every card
        shift_ranks = sorted([rank for rank, _ in actions.shifts])
        build_ranks: dict[str, list[int]] = {}  # by the paying card's suit
        builds = actions.builds
        for card in cards:
            value = 14 if card.rank == 1 else card.rank  # Card.discard_value
            total += fixed + bisect_left(shift_ranks, value)
            if builds:
                ranks = build_ranks.get(card.suit)
                if ranks is None:
                    ranks = build_ranks[card.suit] = actions.build_ranks(card.suit)
                total += bisect_left(ranks, value)
            ends.append(total)
        super().__init__(cards, ends)
        # each card's builds and ship moves, listed when asked for
        self._paid: dict[int, tuple[list[Cell], list[tuple[Cell, Cell, ShipKind]]]] = {}

    def _paid_by(self, which: int) -> tuple[list[Cell], list[tuple[Cell, Cell, ShipKind]]]:
        """The builds and the ship moves card number ``which`` pays for."""
        found = self._paid.get(which)
        if found is None:
            card, actions = self._cards[which], self._actions
            found = self._paid[which] = (actions.builds_for(card), actions.shifts_for(card))
        return found

    def _one(self, which: int, at: int) -> StarBattleMove:
        """The move at ``at`` among those card number ``which`` pays for."""
        actions, row = self._actions, _row(self._rows, self._cards[which])
        builds, shifts = self._paid_by(which)
        if at < len(builds):
            return row.build[builds[at]]
        at -= len(builds)
        if at < len(shifts):
            return row.move[shifts[at]]
        at -= len(shifts)
        if at < len(actions.battles):
            return row.battle[actions.battles[at]]
        return row.reconstruct[actions.scraps[at - len(actions.battles)]]

    def _all(self) -> list[StarBattleMove]:
        made = self._made
        if made is None:
            made = self._made = []
            actions = self._actions
            for which, card in enumerate(self._cards):
                builds, shifts = self._paid_by(which)
                row = _row(self._rows, card)
                made.extend(map(row.build.__getitem__, builds))
                made.extend(map(row.move.__getitem__, shifts))
                made.extend(map(row.battle.__getitem__, actions.battles))
                made.extend(map(row.reconstruct.__getitem__, actions.scraps))
        return made

    def __contains__(self, move: object) -> bool:
        """Found from what the position allows, without making the list: the card is
        one of the list's, and what the move names is among the actions it pays for."""
        if move is self._given and move is not None:
            return True  # the move handed out last
        kind = type(move)
        if kind not in _ACTION_TYPES:
            return False
        action: Build | MoveShip | Battle | Reconstruct = move  # type: ignore[assignment]
        cards = self._cards
        try:
            if action.card not in cards:
                return False
            builds, shifts = self._paid_by(cards.index(action.card))
            actions = self._actions
            if kind is Build:
                assert isinstance(action, Build)
                return action.cell in builds
            if kind is MoveShip:
                assert isinstance(action, MoveShip)
                return (action.source, action.target, action.ship) in shifts
            if kind is Battle:
                assert isinstance(action, Battle)
                return action.flips is None and (action.source, action.target) in actions.battles
            assert isinstance(action, Reconstruct)
            return (action.cell, action.ship) in actions.scraps
        except TypeError:  # fields that cannot be compared: not a move of this list
            return False


def action_moves(state: StarBattleState, cards: list[Card], rows: dict[Card, CardRows],
                 limit: int | None, revision1: bool,
                 allow_self_elimination: bool) -> Sequence[StarBattleMove]:
    """The mover's actions paid for by each of ``cards`` (in their order), with ``limit``
    tokens of each kind in a supply (None: unlimited), or a pass when there is none."""
    moves = ActionMoves(Actions(state, limit, revision1, allow_self_elimination), cards, rows)
    return moves if len(moves) else MoveList([PASS])  # only when the last ship must stay
