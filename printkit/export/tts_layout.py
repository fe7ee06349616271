"""Where the pieces lie on Tabletop Simulator's table when the saved object is loaded.

Lengths are TTS units, taken as inches (so the pieces keep their printed sizes relative to
each other); x runs to the right of the first player, z away from them.  The middle of
the table holds bands of rows, from the far side towards the first player: the boards,
then the decks and the cards set aside beside them, then the stacks of tokens.  The
players' seats are spaced evenly round that middle, the first player's nearest (south),
the next to their left (clockwise seen from above); what a player keeps lies in a row in
front of their seat, turned to face them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

CARD_HEIGHT_AT_SCALE_1 = 3.5
TILE_HEIGHT_AT_SCALE_1 = 1.318
"""How tall, in TTS units (about an inch each), a card and a tile or board are at scale 1;
the width follows the image's proportions.  Measured on a published mod by a third party
(frankieliu/tts-tools, docs/TTS_SCALING_SOLVED.md), so sizes on the table are close to
the printed pieces' and right relative to each other, not exact."""
GAP = 1.0
ROW_WIDTH = 40.0
"""TTS units between pieces on the table, and the widest a row of pieces grows."""
FACING_FIRST = 180.0
"""The turn (rotation about the vertical) that shows a piece upright to the first
player."""

Size = tuple[float, float]
"""A piece's width and depth on the table."""
Place = tuple[float, float]
"""A centre (x, z)."""


def rows(bands: Sequence[Sequence[Size]]) -> list[list[Place]]:
    """Centres for pieces of the given sizes, one band of rows per kind of piece, from the
    far side of the table towards the first player, each row centred and wrapped at
    :data:`ROW_WIDTH`, the first row's pieces centred on the table's middle line."""
    places: list[list[Place]] = []
    far = 0.0
    for band in bands:
        lines: list[list[int]] = [[]]
        width = 0.0
        for index, (w, _) in enumerate(band):
            if lines[-1] and width + GAP + w > ROW_WIDTH:
                lines.append([])
                width = 0.0
            width += (GAP if lines[-1] else 0.0) + w
            lines[-1].append(index)
        spots: list[Place] = [(0.0, 0.0)] * len(band)
        for line in (row for row in lines if row):
            depth = max(band[i][1] for i in line)
            total = sum(band[i][0] for i in line) + GAP * (len(line) - 1)
            x = -total / 2
            for i in line:
                spots[i] = (x + band[i][0] / 2, far - depth / 2)
                x += band[i][0] + GAP
            far -= depth + 2 * GAP
        places.append(spots)
    first = next((spots[0][1] for spots in places if spots), 0.0)
    return [[(x, z - first) for x, z in spots] for spots in places]


def extent(places: Sequence[Place], sizes: Sequence[Size]) -> tuple[float, float]:
    """How far the pieces reach from the table's centre, across and along (half the width
    and half the depth of the box round them all, centred on the middle)."""
    across = max((abs(x) + w / 2 for (x, _), (w, _) in zip(places, sizes, strict=True)),
                 default=0.0)
    along = max((abs(z) + d / 2 for (_, z), (_, d) in zip(places, sizes, strict=True)),
                default=0.0)
    return across, along


def seat_turn(seat: int, seats: int) -> float:
    """The turn that shows a piece upright to the player in ``seat``."""
    return (FACING_FIRST + seat * 360.0 / seats) % 360.0


def seat_rows(seats: int, middle: tuple[float, float],
              pieces: Sequence[Sequence[Size]]) -> list[list[Place]]:
    """Centres for each seat's pieces (width and depth as the player sees them): a row
    across the seat's line of sight, just outside the ellipse round the ``middle``."""
    across, along = middle
    placed: list[list[Place]] = []
    for seat, row in enumerate(pieces):
        angle = math.radians(270.0 - seat * 360.0 / seats)
        out = (math.cos(angle), math.sin(angle))
        side = (-out[1], out[0])  # the seat's right hand, as they face the middle
        depth = max((max(size) for size in row), default=0.0)
        reach = (across + 2 * GAP + depth / 2, along + 2 * GAP + depth / 2)
        centre = (out[0] * reach[0], out[1] * reach[1])
        total = sum(w for w, _ in row) + GAP * max(0, len(row) - 1)
        step = -total / 2
        spots = []
        for w, _ in row:
            offset = step + w / 2
            spots.append((centre[0] + side[0] * offset, centre[1] + side[1] * offset))
            step += w + GAP
        placed.append(spots)
    return placed


@dataclass(frozen=True)
class Sized:
    """A piece's size in inches (width across, height down its picture)."""

    width: float
    height: float

    def card_scale(self) -> float:
        """The scale that gives a card this height."""
        return self.height / CARD_HEIGHT_AT_SCALE_1

    def tile_scale(self) -> float:
        """The scale that gives a tile or board this height."""
        return self.height / TILE_HEIGHT_AT_SCALE_1
