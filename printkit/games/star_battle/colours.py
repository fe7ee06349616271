"""The colours Star Battle tells players apart by, for ``printkit check``'s colour check
(:mod:`printkit.kit.colourcheck`).

In the booklet's diagrams each player's ships are drawn in the player's colour and each
system they hold is framed in it; the system also carries the owner's letter (``A``), as
the ship tokens do, so the set's second cue is a letter.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.colourcues import ColourSet, Swatch, located
from printkit.definition.model import Definition
from printkit.games.star_battle.diagrams import player_colours
from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.ships import PLAYER_LETTERS


def colour_sets(definition: Definition, engine: Any) -> tuple[ColourSet, ...]:
    """The players' colours in diagrams, named by letter."""
    if not isinstance(engine, StarBattle):
        raise TypeError(f"not a Star Battle engine: {engine!r}")
    colours = player_colours(definition)
    players = min(engine.params.players, len(PLAYER_LETTERS))
    places = located(definition, [("booklet", "player_colours", seat % len(colours))
                                  for seat in range(players)])
    swatches = tuple(Swatch(PLAYER_LETTERS[seat], colours[seat % len(colours)], places[seat])
                     for seat in range(players))
    return (ColourSet("each player's ships in diagrams", swatches, cue="letter"),)
