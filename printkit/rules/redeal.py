"""Redealing hidden cards: the shared step of every engine's ``determinize``.

A determinization keeps every hand and pile at its size and draws anew which of the
unseen cards lie where (see :meth:`printkit.rules.base.Game.determinize`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

C = TypeVar("C")


def redeal(cards: Iterable[C], sizes: Sequence[int], rng: random.Random) -> list[list[C]]:
    """``cards`` shuffled and dealt out in piles of ``sizes`` (which must add up to their
    number), in a fixed order before the shuffle so that a seed replays."""
    pool = sorted(cards)  # type: ignore[type-var]
    if sum(sizes) != len(pool):
        raise ValueError(f"cannot deal {len(pool)} cards into piles of {list(sizes)}")
    rng.shuffle(pool)
    piles: list[list[C]] = []
    start = 0
    for size in sizes:
        piles.append(pool[start:start + size])
        start += size
    return piles


__all__ = ["redeal"]
