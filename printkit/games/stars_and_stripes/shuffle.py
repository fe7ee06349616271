"""The deal's draws: the deck shuffled and the first player chosen exactly as
``Random.shuffle`` and ``Random.randrange`` would (the same calls of ``getrandbits``), so
that a seed deals the games it always dealt, without their Python-level helpers.

>>> import random
>>> deck = list(range(10))
>>> first = shuffle_deck(random.Random(3), deck, shuffle_steps(10), 4)
>>> again = list(range(10)); generator = random.Random(3); generator.shuffle(again)
>>> deck == again, first == generator.randrange(4)
(True, True)
"""

from __future__ import annotations

import random

from printkit.rules.base import Player

_Random = random.Random


def shuffle_steps(cards: int) -> tuple[tuple[int, int], ...]:
    """What ``Random.shuffle`` draws for each place of a deck of ``cards``, from the last:
    a number below ``i + 1``, drawn as a number of ``width`` bits until one is."""
    return tuple((i, (i + 1).bit_length()) for i in range(cards - 1, 0, -1))


def shuffle_deck(rng: random.Random, deck: list[int],
                 steps: tuple[tuple[int, int], ...], players: int) -> Player:
    """Shuffle ``deck`` in place with the draws ``steps`` (:func:`shuffle_steps` of its
    length) and return the first player, a number below ``players``, drawn next."""
    if type(rng) is not _Random:
        rng.shuffle(deck)
        return rng.randrange(players)
    getrandbits = rng.getrandbits
    for i, width in steps:
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        deck[i], deck[j] = deck[j], deck[i]
    width = players.bit_length()
    first = getrandbits(width)
    while first >= players:
        first = getrandbits(width)
    return first


__all__ = ["shuffle_deck", "shuffle_steps"]
