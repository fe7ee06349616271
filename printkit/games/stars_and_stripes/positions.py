"""A Stars and Stripes position built from its defining fields, every derived field
(occupied squares, independents, reach and touch, independent spots, hands as bit masks)
worked out from scratch.  The engine's moves update those fields instead; this is for a
position that does not come from a move (a parsed one, the dealt one's template)."""

from __future__ import annotations

from printkit.games.stars_and_stripes.state import (
    EMPTY,
    Card,
    Geometry,
    StarsAndStripesState,
    hand_mask,
    squares_of,
)
from printkit.rules.base import Player


def build_state(geo: Geometry, contact_mask: tuple[int, ...], corner: bool, forbid: bool,
                cells: tuple[int, ...], followers: tuple[int, ...],
                hands: tuple[tuple[Card, ...] | None, ...], to_move: Player, first: Player,
                placed: bool, turn: int, holder: Player) -> StarsAndStripesState:
    """A state of a board with neighbour tables ``geo``, ``contact_mask`` the squares a
    follower keeps other players off, ``corner`` whether those differ from the edge
    neighbours (``opponent_contact="edge_and_corner"``) and ``forbid`` whether a held
    Trump keeps the other players off the squares next to it
    (``trump_exclusive="forbid"``)."""
    occupied = sum(1 << s for s, c in enumerate(cells) if c != EMPTY)
    owned = sum(followers)  # the players' masks never overlap
    independents = sum(1 << s for s, c in enumerate(cells) if c >= 0) & ~owned
    reach, touch = [], []
    for mask in followers:
        edge = contact = 0
        for s in squares_of(mask):
            edge |= geo.edge_mask[s]
            contact |= contact_mask[s]
        reach.append(edge)
        touch.append(contact)
    free = tuple(s for s in range(len(cells)) if not geo.closed_king_mask[s] & occupied)
    reached = tuple(reach)
    fenced = []
    for player in range(len(touch)):
        fence = 0
        for other, contact in enumerate(touch):
            if other != player:
                fence |= contact
        if forbid and holder >= 0 and holder != player:
            fence |= geo.edge_mask[geo.centre]
        fenced.append(fence)
    return StarsAndStripesState(
        cells, followers, hands, to_move, first, placed, turn, holder, occupied,
        independents, reached, tuple(touch) if corner else reached, free,
        sum(1 << s for s in free), tuple(hand_mask(hand) for hand in hands), tuple(fenced))


__all__ = ["build_state"]
