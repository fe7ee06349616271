"""The backs in the booklet's components list: each different back the cards print, with
the cards that show it counted.

A deck may show one back on every card, or a back of each face group, or a back drawn from
each card's fields.  Backs are told apart as the kit tells them apart, by their drawing:
two groups whose backs draw alike show one back.  One back keeps the list's old row ("The
back, the same on every card"); several get a row each, named after the groups that show
it, so the list never claims one back for a deck that prints three.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from printkit.definition.model import CardFace, Definition
from printkit.render.kinds import render_back
from printkit.render.svg import Frame

ONE_BACK = "The back, the same on every card"
"""The row's name when every card shows the same back (and the template gives none)."""


@dataclass
class BackUse:
    """One different back: its drawing, the groups showing it and how many cards do."""

    svg: str
    groups: list[str] = field(default_factory=list)
    cards: int = 0
    deck: bool = False
    """Whether it is the deck's own back (the template's words for ``back`` name it)."""


def backs_in_use(definition: Definition, faces: Sequence[CardFace], frame: Frame
                 ) -> list[BackUse]:
    """Every different back the cards of ``faces`` show, in the order they first do, each
    drawn once per different back a face names (copies counted); a back that draws like
    the deck's own is the deck's."""
    drawn: dict[int, str] = {}
    found: dict[str, BackUse] = {}
    deck_svg = render_back(definition.back_kind, frame, definition.back_options,
                           definition.title, definition.back_owner)
    for face in faces:
        if face.back is None:
            svg = deck_svg
        else:
            own = face.back
            if id(own) not in drawn:
                drawn[id(own)] = render_back(own.kind, frame, own.options, definition.title,
                                             own.owner)
            svg = drawn[id(own)]
        use = found.setdefault(svg, BackUse(svg, deck=svg == deck_svg))
        if face.group not in use.groups:
            use.groups.append(face.group)
        use.cards += face.copies
    return list(found.values())


def back_name(use: BackUse, several: bool) -> str:
    """The row's words for ``use`` when the template gives none."""
    if not several:
        return ONE_BACK
    return "The back of the " + _joined(use.groups) + " cards"


def back_note(use: BackUse, several: bool) -> str:
    """The line under the row's name."""
    if not several:
        return "Printed on the back of the card sheets."
    return (f"Printed behind the {_joined(use.groups)} cards on the back of the card "
            "sheets; the backs differ by group.")


def _joined(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
