"""The width of a board's notes ("B1: glue A1 here") in bold Vera, measured without the PDF
writer: the tiler places the notes while a kit is planned, and ``printkit check`` plans every
kit without loading reportlab."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from printkit.definition.fonts import shipped_families


@functools.cache
def _bold_vera() -> Mapping[int, float]:
    """Each character's advance in thousandths of the font size (a character the font
    lacks counts for nothing; the notes printkit writes have none)."""
    face = shipped_families()["Vera"].faces["bold"]
    per_thousand = 1000 / face.units_per_em
    return {code: units * per_thousand for code, units in face.advances.items()}


def bold_width(words: str, size: float) -> float:
    """Width in points of ``words`` in bold Vera at ``size`` points.

    The sums are reportlab's own, made in its order (each advance scaled to thousandths,
    added up, then multiplied by a thousandth of the size), so a note planned here is exactly
    as wide as the one the writer sets: the same input gives the same PDF bytes either way.
    """
    advances = _bold_vera()
    total = 0.0
    for char in words:
        total += advances.get(ord(char), 0.0)
    return total * 0.001 * size
