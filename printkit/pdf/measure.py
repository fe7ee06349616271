"""The width of a board's notes ("B1: glue A1 here") in the bold faces of the game's font
stack (:func:`printkit.definition.fontstack.current_stack`; Bitstream Vera outside a kit),
measured without the PDF writer: the tiler places the notes while a kit is planned, and
``printkit check`` plans every kit without loading reportlab."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from printkit.definition.fonts import FontFace
from printkit.definition.fontstack import current_stack, split_runs


@functools.lru_cache(maxsize=32)
def _thousandths(face: FontFace) -> Mapping[int, float]:
    """Each character's advance in thousandths of the font size (a character the font
    lacks counts for nothing)."""
    per_thousand = 1000 / face.units_per_em
    return {code: units * per_thousand for code, units in face.advances.items()}


def bold_width(words: str, size: float) -> float:
    """Width in points of ``words`` in the bold faces of the game's stack at ``size`` points.

    The sums are reportlab's own, made in its order (each advance scaled to thousandths,
    added up, then multiplied by a thousandth of the size), so a note planned here is exactly
    as wide as the one the writer sets: the same input gives the same PDF bytes either way.
    """
    faces = [f.face(bold=True, italic=False) or f.faces["regular"]
             for f in current_stack().families]
    width = 0.0
    for chunk, face in split_runs(words, faces)[0]:
        advances = _thousandths(face)
        total = 0.0
        for char in chunk:
            total += advances.get(ord(char), 0.0)
        width += total * 0.001 * size
    return width
