"""What the printing side is handed to lay out, apart from the writers that draw it: a
card's artwork, the options of a sheet of cards, a token's outline and the grid tokens sit
on. ``printkit check`` plans with these and never loads the PDF writers (reportlab)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from printkit.pdf.geometry import SheetSpec
from printkit.units import MM

SPACING = 3.5 * MM
"""Least gap between the bleeds of neighbouring round or hexagonal tokens: room for two
outlines (a hexagon's corner reaches 2/sqrt(3) of the gap out) and clear paper between."""


@dataclass(frozen=True)
class Artwork:
    """One card to print: the face's unique key and its SVG text (bleed included)."""

    key: str
    svg: str


@dataclass(frozen=True)
class SheetOptions:
    """How to lay out and print card sheets (lengths in points)."""

    spec: SheetSpec
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)


Backs = Artwork | Sequence[Artwork]
"""One back behind every card, or one for each card in order."""


@dataclass(frozen=True)
class TokenShape:
    """A token's outline: ``round``, ``square`` or ``hexagon`` (``pointy`` or ``flat``
    top) in a ``width`` x ``height`` box (points)."""

    shape: str
    orientation: str
    width: float
    height: float

    @property
    def outlined(self) -> bool:
        """Whether the shape is cut along an outline rather than crop marks."""
        return self.shape != "square"

    def points(self, cx: float, cy: float, grow: float) -> list[tuple[float, float]]:
        """A hexagon's corners (y up) around (cx, cy), each side moved out by ``grow``."""
        apothem = (self.width if self.orientation == "pointy" else self.height) / 2 + grow
        radius = apothem * 2 / math.sqrt(3)
        start = 90.0 if self.orientation == "pointy" else 0.0
        return [(cx + radius * math.cos(math.radians(start + 60 * k)),
                 cy + radius * math.sin(math.radians(start + 60 * k))) for k in range(6)]


def token_spec(spec: SheetSpec, shape: TokenShape) -> SheetSpec:
    """The sheet geometry of tokens: cells the size of the token's box, further apart when
    the shape is cut along an outline."""
    gutter = max(spec.gutter, SPACING) if shape.outlined else spec.gutter
    return replace(spec, card_w=shape.width, card_h=shape.height, gutter=gutter)
