"""The fixed numbers of Stars, for the booklet to print instead of typing them.

A booklet template reads them as ``engine.facts`` (``{{ engine.facts.deck }}`` cards in the
deck), so every count, point value and total it prints comes from the same constants the
rules engine plays by.

>>> FACTS.deck, FACTS.suit_points, FACTS.hand_points, FACTS.hand_size, FACTS.widow
(43, 20, 80, 10, 3)
>>> FACTS.points["King"], FACTS.spot_high, FACTS.spot_low, FACTS.perfect
(5, '7', '2', 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from printkit.games.white_star.state import (
    DEAL_PATTERN,
    DECK,
    HAND_POINTS_TOTAL,
    HAND_SIZE,
    NUM_PLAYERS,
    PERFECT_FACTOR,
    RANK_NAMES,
    RANK_POINTS,
    SKULLS,
    SUIT_MASKS,
    SUIT_NAMES,
    WIDOW_SIZE,
    points,
)


@dataclass(frozen=True)
class Facts:
    """Counts and points of the deck and of a hand."""

    players: int
    deck: int
    suits: int
    suit_cards: int
    """Cards in each coloured suit (Shields, Wands, Leaves)."""
    skulls: int
    """Cards in the trump suit (no Champion)."""
    suit_points: int
    hand_points: int
    hand_size: int
    widow: int
    tricks: int
    deal: tuple[int, ...]
    """The packets of the deal: to each player, to the widow, to each player, to each player."""
    points: dict[str, int]
    """Each rank's points by its name (``King``: 5, ``7``: 1)."""
    spot_high: str
    spot_low: str
    perfect: int


def _facts() -> Facts:
    spots = [name for name in RANK_NAMES if name.isdigit()]
    return Facts(
        players=NUM_PLAYERS,
        deck=DECK.bit_count(),
        suits=len(SUIT_NAMES),
        suit_cards=SUIT_MASKS[SKULLS + 1].bit_count(),
        skulls=SUIT_MASKS[SKULLS].bit_count(),
        suit_points=points(SUIT_MASKS[SKULLS]),
        hand_points=HAND_POINTS_TOTAL,
        hand_size=HAND_SIZE,
        widow=WIDOW_SIZE,
        tricks=HAND_SIZE,
        deal=DEAL_PATTERN,
        points=dict(zip(RANK_NAMES, RANK_POINTS, strict=True)),
        spot_high=spots[0],
        spot_low=spots[-1],
        perfect=PERFECT_FACTOR,
    )


FACTS: Final = _facts()

__all__ = ["FACTS", "Facts"]
