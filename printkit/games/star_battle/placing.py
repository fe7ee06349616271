"""The galaxy phase: every card of the mover's hand at every empty cell its suit can be
laid on, and laying one.

The galaxy phase is most of a short game's moves, and an agent that picks one move at
random looks at one move of a list of up to a hundred, so the list is not made: a
:class:`PlaceMoves` knows its length from the empty cells next to the galaxy (the
*frontier*, each cell with the directions of its laid neighbours, kept from one position
to the next as a card is laid) and makes a move only when it is asked for, from a row of
that card's moves shared by every position of the game (moves are frozen, so sharing them
is safe).  Whether a move is in the list is answered from the frontier and the hand,
without a scan.

The frontier names its cells by their reading keys (``(-y, x)``, see
:func:`~printkit.games.star_battle.state.reading_order`), so that putting them in reading
order is a sort of plain tuples; so does the list of the galaxy's keys a position of the
phase keeps, where a card laid finds its place by bisection.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Mapping

from printkit.games.star_battle.scratch import new_state, system
from printkit.games.star_battle.segments import CardRuns
from printkit.games.star_battle.state import (
    REACH,
    STEPS,
    Card,
    Cell,
    Phase,
    Place,
    StarBattleMove,
    StarBattleState,
    System,
)
from printkit.rules.base import NO_PLAYER, Player

Key = tuple[int, int]
"""A cell's reading key: (steps south of the Core, steps east)."""

_BIT = {step: 1 << i for i, step in enumerate(STEPS.values())}
REACHES = {suit: sum(_BIT[step] for step in steps) for suit, steps in REACH.items()}
"""The steps each suit reaches, as bits."""
_FITS = {mask: [1 if bits & mask else 0 for bits in range(16)]
         for mask in set(REACHES.values())}
"""For each suit's bits, whether a frontier cell with the given bits takes the suit."""
_EVERY = REACHES["D"]
"""Every step: any frontier cell takes a suit that reaches them all."""

Frontier = dict[Key, int]
"""The empty cells next to the galaxy, by reading key, each with the bits of the steps
from it to its laid neighbours."""


def key_of(cell: Cell) -> Key:
    """The reading key of ``cell``."""
    return (-cell[1], cell[0])


@functools.cache
def _around(key: Key) -> tuple[tuple[Key, int, int], ...]:
    """The four neighbours of the cell keyed ``key``, each with the bit of the step from
    it back to the cell and the bit of the step from the cell to it."""
    south, east = key
    return tuple(((south - dy, east + dx), _BIT[-dx, -dy], _BIT[dx, dy])
                 for dx, dy in STEPS.values())


def frontier(index: Mapping[Cell, System]) -> Frontier:
    """The frontier of the galaxy ``index``, worked out from every system."""
    laid = {key_of(cell) for cell in index}
    sides: Frontier = {}
    get = sides.get
    for key in laid:
        for spot, back, _ in _around(key):
            if spot not in laid:
                sides[spot] = get(spot, 0) | back
    return sides


_FRONTIER = "frontier"
"""Where a galaxy-phase state keeps its frontier (in its ``__dict__``, beside the
other values remembered from it)."""
_KEYS = "keys"
"""Where a galaxy-phase state keeps the reading keys of its galaxy, in order."""


def frontier_of(state: StarBattleState) -> Frontier:
    """``state``'s frontier: the one its last card laid left, or worked out anew."""
    found: Frontier | None = state.__dict__.get(_FRONTIER)
    if found is None:
        found = state.__dict__[_FRONTIER] = frontier(state.index)
    return found


def lay(state: StarBattleState, card: Card, cell: Cell, placer: Player) -> StarBattleState:
    """``state`` after the mover lays ``card`` at ``cell`` (the Core, or a cell of the
    frontier): only a hand, the galaxy and the mover change (hands are sorted, and stay
    sorted with a card taken out), and the next player holding cards lays one, or, with
    every hand empty, Home Bases are chosen from the player after ``placer`` on."""
    mover = state.mover
    hands = state.hands
    hand = hands[mover]
    at = hand.index(card)
    hands = (*hands[:mover], hand[:at] + hand[at + 1:], *hands[mover + 1:])
    key = (-cell[1], cell[0])
    keys: list[Key] | None = state.__dict__.get(_KEYS)
    if keys is None:
        keys = [key_of(s.cell) for s in state.galaxy]
    at = bisect.bisect(keys, key)
    galaxy = state.galaxy
    galaxy = (*galaxy[:at], system(cell, card, NO_PLAYER, 0, 0), *galaxy[at:])
    count = len(hands)
    phase: Phase = "galaxy"
    for k in range(1, count + 1):
        nxt = (mover + k) % count
        if hands[nxt]:
            break
    else:
        phase, nxt = "home", (placer + 1) % count
    after = new_state(phase, nxt, galaxy, state.homes, hands, state.stock, state.discards,
                      state.turn, state.battles, state.victory, state.winners)
    if phase == "galaxy":
        keys = keys.copy()
        keys.insert(at, key)
        after.__dict__[_KEYS] = keys
        sides: Frontier | None = state.__dict__.get(_FRONTIER)
        if sides is not None:  # the bits of the cell say which neighbours are laid
            sides = sides.copy()
            laid = sides.pop(key)
            get = sides.get
            for spot, back, out in _around(key):
                if not laid & out:
                    sides[spot] = get(spot, 0) | back
            after.__dict__[_FRONTIER] = sides
    return after


class PlaceRow(dict[Key, Place]):
    """The moves laying one card, by the reading key of their cell, each made when first
    asked for."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card

    def __missing__(self, key: Key) -> Place:
        move = self[key] = Place(self.card, (key[1], -key[0]))
        return move


class PlaceMoves(CardRuns):
    """Each of ``cards`` (in their order) at each cell of ``sides`` that the card's suit
    would connect to a neighbour, cells in reading order: made when asked for."""

    __slots__ = ("_rows", "_sides", "_spots")

    def __init__(self, sides: Frontier, cards: list[Card], rows: dict[Card, PlaceRow]) -> None:
        self._sides = sides
        self._rows = rows
        counts = {_EVERY: len(sides)}
        ends: list[int] = []
        total = 0
        for card in cards:
            mask = REACHES[card.suit]
            count = counts.get(mask)
            if count is None:
                count = counts[mask] = sum(map(_FITS[mask].__getitem__, sides.values()))
            total += count
            ends.append(total)
        super().__init__(cards, ends)
        self._spots: dict[int, list[Key]] = {}

    def _keys(self, mask: int) -> list[Key]:
        """The keys of the frontier's cells a suit reaching ``mask`` may be laid on, in
        reading order."""
        found = self._spots.get(mask)
        if found is None:
            sides = self._sides
            found = self._spots[mask] = sorted(sides) if mask == _EVERY else sorted(
                [key for key, bits in sides.items() if bits & mask])
        return found

    def _row(self, card: Card) -> PlaceRow:
        row = self._rows.get(card)
        if row is None:
            row = self._rows[card] = PlaceRow(card)
        return row

    def _one(self, which: int, at: int) -> StarBattleMove:
        card = self._cards[which]
        return self._row(card)[self._keys(REACHES[card.suit])[at]]

    def _all(self) -> list[StarBattleMove]:
        made = self._made
        if made is None:
            made = self._made = []
            for card in self._cards:
                made.extend(map(self._row(card).__getitem__, self._keys(REACHES[card.suit])))
        return made

    def __contains__(self, move: object) -> bool:
        if move is self._given and move is not None:
            return True  # the move handed out last
        if type(move) is not Place or move.card not in self._cards:
            return False
        cell = move.cell
        if type(cell) is not tuple or len(cell) != 2:
            return False
        try:
            bits = self._sides.get((-cell[1], cell[0]))
        except TypeError:  # not a cell: not a move of this list
            return False
        return bits is not None and bool(bits & REACHES[move.card[1]])


def place_moves(state: StarBattleState, cards: list[Card],
                rows: dict[Card, PlaceRow]) -> PlaceMoves:
    """The galaxy-phase moves of ``state`` laying one of ``cards`` (in their order)."""
    return PlaceMoves(frontier_of(state), cards, rows)
