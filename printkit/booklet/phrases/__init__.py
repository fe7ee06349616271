"""Claims and moves in plain words, for the sentences printed under a booklet's diagrams.

A phrasebook turns an engine's answer to a claim into a sentence written as inline
Markdown, with game notation (cards, squares, moves) in code spans.  Every game gets the
generic phrasebook, which words the six claims every engine answers and falls back on the
claim's own description; a game may register a richer one.
"""

from __future__ import annotations

from printkit.booklet.phrases.base import Phrasebook
from printkit.booklet.phrases.stars_and_stripes import StarsAndStripesPhrases

_BOOKS: dict[str, type[Phrasebook]] = {
    "stars-and-stripes": StarsAndStripesPhrases,
}


def phrasebook(game_name: str) -> Phrasebook:
    """The phrasebook of a game (the generic one if the game has none of its own)."""
    return _BOOKS.get(game_name, Phrasebook)()


__all__ = ["Phrasebook", "phrasebook"]
