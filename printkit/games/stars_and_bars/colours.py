"""The colours Stars and Bars tells things apart by, for ``printkit check``'s colour check
(:mod:`printkit.kit.colourcheck`).

* The colour attribute of the cards (red and blue in the shipped deck, which print as
  nearly the same grey): every colour also fills its symbols with a pattern of its own
  and is written along the card's edge, so its second cue is a pattern.
* The centre spaces: on the board they are tinted and named ("centre"), a label; in the
  booklet's diagrams they are tinted and hatched, a pattern.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.board_schema import BoardSettings
from printkit.definition.colourcues import ColourSet, Swatch, face_group_index, located
from printkit.definition.model import Definition
from printkit.games.stars_and_bars.board import centre_tint
from printkit.games.stars_and_bars.diagrams import OUTER
from printkit.games.stars_and_bars.faces import ROLES, CardOptions, look_of, value_word


def colour_sets(definition: Definition, engine: Any) -> tuple[ColourSet, ...]:
    """The cards' colours and the centre's tint against the other spaces."""
    board = BoardSettings.from_mapping(definition.board)
    highlight, background = located(definition, [("board", "highlight"),
                                                 ("board", "background")])
    sets = [ColourSet("the centre spaces on the board", (
                Swatch("centre", board.highlight, highlight),
                Swatch("other spaces", board.background, background)), cue="label"),
            ColourSet("the centre spaces in diagrams", (
                Swatch("centre", centre_tint(definition), highlight),
                Swatch("other spaces", OUTER)), cue="pattern")]
    cards = _card_colours(definition)
    if cards:
        sets.append(ColourSet("the cards' colours", cards, cue="pattern"))
    return tuple(sets)


def _card_colours(definition: Definition) -> tuple[Swatch, ...]:
    """Each value of the cards' colour attribute with the colour the cards draw it in."""
    found: dict[str, str] = {}
    group = ""
    for face in definition.faces:
        if not isinstance(face.options, CardOptions):
            continue
        group = group or face.group
        look = look_of(face, face.options)
        for name, raw in face.attributes:
            if ROLES.get(name.strip().lower()) == "colour":
                found.setdefault(value_word(raw), look.colour)
    index = face_group_index(definition, group) if group else None
    place = located(definition, [("faces", index)])[0] if index is not None else None
    return tuple(Swatch(word, colour, place) for word, colour in found.items())
