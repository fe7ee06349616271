"""The colours White Star tells suits apart by, for ``printkit check``'s colour check
(:mod:`printkit.kit.colourcheck`).

Each suit has its colour, and every card also draws the suit's own symbol (a skull, a
shield, a wand, a leaf) and its letter, so the set's second cue is a shape.  The booklet's
diagrams show hands and tricks as the cards themselves: no colour of their own tells
players apart there.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.colourcues import ColourSet, Swatch, face_group_index, located
from printkit.definition.model import Definition
from printkit.games.white_star.faces import StarsCardOptions


def colour_sets(definition: Definition, engine: Any) -> tuple[ColourSet, ...]:
    """The suits' colours of the first face group that has them."""
    face = next((f for f in definition.faces if isinstance(f.options, StarsCardOptions)),
                None)
    if face is None:
        return ()
    assert isinstance(face.options, StarsCardOptions)
    suits = face.options.suits
    index = face_group_index(definition, face.group)
    places = (located(definition, [("faces", index, "options", "suits", k, "colour")
                                   for k in range(len(suits))])
              if index is not None else [None] * len(suits))
    swatches = tuple(Swatch(suit.name, suit.colour, place)
                     for suit, place in zip(suits, places, strict=True))
    return (ColourSet("the suits on the cards", swatches, cue="shape"),)
