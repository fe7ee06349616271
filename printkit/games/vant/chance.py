"""The shuffle and the draws of "I vant to be alone", at less cost than ``random``'s own.

A game shuffles once and draws four hands, and a random playout is short (32 moves), so
these calls are a good part of its time.  :func:`shuffled_deck` and :func:`draw` make
exactly the draws ``random.Random.shuffle`` and ``random.Random.sample`` make (the same
calls to ``getrandbits``, so the same results and the generator left in the same state),
without their per-call overhead.  For any generator other than a plain
``random.Random`` (a subclass may draw otherwise) they call ``random``'s own.

>>> a, b = random.Random(5), random.Random(5)
>>> deck = list(range(32))
>>> b.shuffle(deck)
>>> shuffled_deck(a) == deck and a.getstate() == b.getstate()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from printkit.rules.draws import shuffle

_WIDTHS = tuple(n.bit_length() for n in range(64))
"""Bits drawn for a number below ``n``."""


def shuffled_deck(rng: random.Random) -> list[int]:
    """The cards 0 to 31 in the order ``rng.shuffle(list(range(32)))`` leaves them."""
    deck = list(range(32))
    shuffle(deck, rng)
    return deck


def _set_size(k: int) -> int:
    """The size past which ``Random.sample`` draws by a set rather than from a list."""
    return 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)


def draw(pool: Sequence[int], k: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """``rng.sample(pool, k)``, and what is left of ``pool`` in its order.

    >>> a, b = random.Random(9), random.Random(9)
    >>> drawn, left = draw(range(10, 34), 8, a)
    >>> drawn == b.sample(range(10, 34), 8) and sorted(drawn + left) == list(range(10, 34))
    True
    """
    n = len(pool)
    if type(rng) is not random.Random or not 0 <= k <= n or n > _set_size(k):
        drawn = rng.sample(pool, k)
        return drawn, [c for c in pool if c not in drawn]
    getrandbits, widths = rng.getrandbits, _WIDTHS
    left = list(pool)
    drawn = []
    for i in range(k):  # Random.sample from a list: each pick refilled from the end
        below = n - i
        width = widths[below]
        j = getrandbits(width)
        while j >= below:
            j = getrandbits(width)
        drawn.append(left[j])
        left[j] = left[below - 1]
    chosen = set(drawn)
    return drawn, [c for c in pool if c not in chosen]


__all__ = ["draw", "shuffled_deck"]
