"""One space of a board drawn from YAML, as :mod:`printkit.render.grids` lays it out and
:mod:`printkit.render.mapart` draws features along it."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.render.svg import Box


@dataclass(frozen=True)
class Space:
    """One space as drawn (millimetres, y down)."""

    key: tuple[str, int, int]
    outline: tuple[tuple[float, float], ...]
    box: Box
    name: str
    """``B3`` for a grid space, the number for a track space."""
    room: float
    """Width a label may take."""


__all__ = ["Space"]
