"""The ``board:`` section of a game definition, and its checked, typed form.

The section only says how the board *looks* and how it is printed.  What the board *is*
(its side, the home squares, its special squares) belongs to the game (its rules engine
and its plugin's board picture), so a variant such as ``--set decks=3`` changes the board
without touching this section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from printkit.definition.schema import Colour, Field, Flag, Length, ListOf, Record

_MM = 72 / 25.4

DEFAULT_COLOURS: tuple[str, ...] = ("#e69f00", "#009e73", "#cc79a7", "#56b4e9")
"""Player colours in seating order when the definition gives none (colour-blind safe)."""

BOARD = Record(description="How the board is drawn and printed.", fields={
    "play": Field(Length("room added to the card size on each square, so that cards put "
                         "side by side do not touch", maximum=10 * _MM), default=3 * _MM),
    "glue": Field(Length("width of the band where two sheets of a tiled board overlap and "
                         "are glued", minimum=6 * _MM, maximum=25 * _MM), default=12 * _MM),
    "colours": Field(ListOf(Colour("a player's colour"), min_items=2, description=(
        "player colours in seating order; a home square is painted in its player's "
        "colour.  Leave it out to use the booklet's player colours, so that the board "
        "and the booklet's diagrams agree"))),
    "background": Field(Colour("colour of an ordinary square"), default="#f8f4e8"),
    "lines": Field(Colour("colour of the grid lines, coordinates and title"),
                   default="#1d2a44"),
    "highlight": Field(Colour("colour of the board's special squares (in Stars and Stripes, "
                              "the Trump's square)"), default="#cfcfcf"),
    "square_names": Field(Flag("print each square's name small in its corner, so booklet "
                               "examples can be found on the table"), default=True),
})


def _default(name: str) -> object:
    return BOARD.fields[name].default


@dataclass(frozen=True)
class BoardSettings:
    """The ``board:`` section after checking (lengths in points).

    ``colours`` is ``None`` when the section gives none; the builder then uses the
    booklet's player colours, or :data:`DEFAULT_COLOURS`.
    """

    play: float
    glue: float
    colours: tuple[str, ...] | None
    background: str
    lines: str
    highlight: str
    square_names: bool

    @classmethod
    def from_mapping(cls, section: Mapping[str, object]) -> BoardSettings:
        """Typed settings from a definition's checked ``board`` mapping.

        A key the mapping lacks takes the schema's default, so a mapping built by hand
        (in a test, say) needs only the keys it wants to change.
        """
        def pick(name: str) -> object:
            value = section.get(name)
            return _default(name) if value is None else value

        colours = section.get("colours")
        return cls(
            play=float(cast(float, pick("play"))),
            glue=float(cast(float, pick("glue"))),
            colours=None if colours is None else tuple(
                str(c) for c in cast(tuple[str, ...], colours)),
            background=str(pick("background")),
            lines=str(pick("lines")),
            highlight=str(pick("highlight")),
            square_names=bool(pick("square_names")),
        )
