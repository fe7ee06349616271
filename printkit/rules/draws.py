"""Chance drawn exactly as :class:`random.Random` draws it, written out for playout speed.

A playout shuffles a deck and picks a first player; ``Random.shuffle`` and
``Random.randrange`` spend most of their time in Python-level calls around
``getrandbits``.  The functions here make the same calls of ``getrandbits`` (a number below
``n`` is drawn as a number of ``n.bit_length()`` bits, drawn again while it is too large),
so a seed deals the games it always dealt.  For any other generator (a subclass, a
stand-in), or should ``Random`` ever draw otherwise, they call its own methods.

>>> import random
>>> deck = list(range(10))
>>> shuffle(deck, random.Random(3)); first = below(random.Random(3), 4)
>>> again = list(range(10)); generator = random.Random(3); generator.shuffle(again)
>>> deck == again, first == random.Random(3).randrange(4)
(True, True)
"""

from __future__ import annotations

import functools
import random
from typing import Any

PLAIN = (random.Random._randbelow  # type: ignore[attr-defined]
         is random.Random._randbelow_with_getrandbits)  # type: ignore[attr-defined]
"""Whether ``random.Random`` draws below a bound as this module writes it out."""


@functools.cache
def shuffle_steps(cards: int) -> tuple[tuple[int, int], ...]:
    """What ``Random.shuffle`` draws for each place of a list of ``cards``, from the last:
    a number not above ``i``, drawn as a number of ``width`` bits until one is."""
    return tuple((i, (i + 1).bit_length()) for i in range(cards - 1, 0, -1))


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same draws, so the same order."""
    if type(rng) is not random.Random or not PLAIN:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, width in shuffle_steps(len(cards)):
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]


def below(rng: random.Random, bound: int) -> int:
    """``rng.randrange(bound)`` for ``bound > 0``: the same draws."""
    if type(rng) is not random.Random or not PLAIN:
        return rng.randrange(bound)
    getrandbits = rng.getrandbits
    width = bound.bit_length()
    found = getrandbits(width)
    while found >= bound:
        found = getrandbits(width)
    return found


__all__ = ["PLAIN", "below", "shuffle", "shuffle_steps"]
