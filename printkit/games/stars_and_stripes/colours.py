"""The colours Stars and Stripes tells players apart by, for ``printkit check``'s colour
check (:mod:`printkit.kit.colourcheck`).

Each player's colour frames their followers in the booklet's diagrams and tints their home
square on the board.  Neither relies on colour alone: every follower's plate in a diagram
names its player (``NE 6*4``)
and every home square on the board carries its player's name in bold, so the set's second
cue is a letter.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.board_schema import BoardSettings
from printkit.definition.colourcues import ColourSet, Swatch, located
from printkit.definition.model import Definition
from printkit.games.stars_and_stripes.board import player_colours
from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.games.stars_and_stripes.seats import colour_slots


def colour_sets(definition: Definition, engine: Any) -> tuple[ColourSet, ...]:
    """The players' colours, named by seat and located where they were written."""
    if not isinstance(engine, StarsAndStripes):
        raise TypeError(f"not a Stars and Stripes engine: {engine!r}")
    game = engine
    given = player_colours(definition)
    slots = colour_slots(game.names, len(given))[:len(given)]  # each player's corner colour
    colours = [given[slot] for slot in slots]
    section = "board" if BoardSettings.from_mapping(definition.board).colours else "booklet"
    key = "colours" if section == "board" else "player_colours"
    places = located(definition, [(section, key, slot) for slot in slots])
    swatches = tuple(Swatch(game.names[seat], colour, place)
                     for seat, (colour, place) in enumerate(zip(colours, places, strict=True)))
    return (ColourSet("the players' followers in diagrams and homes on the board", swatches,
                      cue="letter"),)
