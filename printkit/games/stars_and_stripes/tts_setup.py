"""Stars and Stripes on Tabletop Simulator's table: the set-up of the rules.

The Trump lies on the board's centre square for the whole game, and the quick reference
cards are printed with the deck but never shuffled into it; every other card is the play
deck (each player's home card is drawn from it when play begins).
"""

from __future__ import annotations

from typing import Any

from printkit.export.tts_table import SetAside, Square, TableSetup
from printkit.games.stars_and_stripes.rules import StarsAndStripes


def trump_square(engine: Any) -> Square:
    """The centre square, where the engine's starting position has the Trump."""
    if not isinstance(engine, StarsAndStripes):
        raise TypeError(f"not a Stars and Stripes engine: {engine!r}")
    row, column = divmod(engine.centre, engine.board_size)
    return row, column


TABLE = TableSetup(set_aside=(
    SetAside("trump", "Trump", "board", "Lies on the centre square all game.",
             square=trump_square),
    SetAside("reference", "Quick reference", "aside",
             "Not part of the deck: lay them where every player can read one."),
))
