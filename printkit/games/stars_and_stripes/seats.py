"""Which of the game's colours each player takes.

A player keeps the colour of their corner whatever the number of players: the colours are
listed for NW, NE, SE and SW, and SE is drawn in the third colour in a game for two as in a
game for four.  A booklet built for two players shows its own table and the sample game for
four, so SE must look the same in both (green for SE beside pink for SE was read as two
different players).  Homes that are not all corners, or too few colours for the corners
used, fall back to seating order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from printkit.games.stars_and_stripes.state import CORNERS
from printkit.render.diagram import BoardView


def colour_slots(names: Sequence[str], available: int) -> tuple[int, ...]:
    """The index into the colour list of each seat's colour.

    >>> colour_slots(("NW", "SE"), 4), colour_slots(("NW", "SE"), 2)
    ((0, 2), (0, 1))
    >>> colour_slots(("N", "S"), 4)
    (0, 1)
    """
    if not all(name in CORNERS for name in names):
        return tuple(range(len(names)))
    slots = tuple(CORNERS.index(name) for name in names)
    if max(slots, default=-1) >= available:
        return tuple(range(len(names)))
    return slots


def in_corner_colours(view: BoardView, names: Sequence[str]) -> BoardView:
    """``view`` (seats in seating order) with each player moved to their corner's colour
    slot; the slots nobody uses are named ``""`` and stay out of the legend, which lists
    only the players with a card or a home on the board.  The booklet's diagrams always
    have the four colours of the corners (the definition's schema asks for four)."""
    slots = colour_slots(names, len(CORNERS))
    if slots == tuple(range(len(names))):
        return view
    players = [""] * (max(slots) + 1)
    for seat, slot in enumerate(slots):
        players[slot] = view.players[seat]
    pieces = tuple(replace(p, owner=None if p.owner is None else slots[p.owner])
                   for p in view.pieces)
    return replace(view, pieces=pieces, players=tuple(players),
                   homes=tuple((square, slots[seat]) for square, seat in view.homes),
                   hands=tuple((slots[seat], cards) for seat, cards in view.hands))
