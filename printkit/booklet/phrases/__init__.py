"""Claims and moves in plain words, for the sentences printed under a booklet's diagrams.

A phrasebook turns an engine's answer to a claim into a sentence written as inline
Markdown, with game notation (cards, squares, moves) in code spans.  Every game gets the
generic phrasebook, which words the six claims every engine answers and falls back on the
claim's own description; a game's plugin may name a richer one (its ``phrases`` part).
"""

from __future__ import annotations

from printkit import plugins
from printkit.booklet.phrases.base import Phrasebook


def phrasebook(game_name: str) -> Phrasebook:
    """The phrasebook of a game (the generic one if the game has none of its own)."""
    if game_name not in plugins.game_names():
        return Phrasebook()
    return plugins.find(game_name).phrasebook() or Phrasebook()


__all__ = ["Phrasebook", "phrasebook"]
