"""Which edges of a system card its hyperlanes leave by, from the engine's connection table
(shared by the system cards and the player aid's chart)."""

from __future__ import annotations

from printkit.games.star_battle.state import REACH
from printkit.render.faces.suits import Suit

EDGES = {(0, 1): "top", (0, -1): "bottom", (-1, 0): "left", (1, 0): "right"}
"""The card edge each step of the engine's connection table leaves by."""
NO_SHIPYARD = Suit.CLUBS
"""The suit no ship is ever built on."""


def connected_edges(suit: Suit) -> tuple[str, ...]:
    """The edges a system of ``suit`` connects through, in the order top, right, bottom,
    left."""
    edges = {EDGES[step] for step in REACH[suit.letter]}
    return tuple(e for e in ("top", "right", "bottom", "left") if e in edges)
