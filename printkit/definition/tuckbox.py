"""The ``tuckbox:`` section of a definition: how the box printed with each deck is sized.

A box is sized from its deck (the card size and the number of cards) and these few
settings; :mod:`printkit.pdf.tuckbox_net` does the arithmetic, :mod:`printkit.pdf.tuckbox_plan`
the planning and :mod:`printkit.pdf.tuckbox_pdf` the drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit.definition.schema import Colour, Field, Flag, Length, Number, Record, Text
from printkit.errors import Location
from printkit.yamlsource import Document

_MM = 72 / 25.4

MOST_CARDS = 2000
"""The most cards one box may be sized for (a stack of 2000 cards at 0.3 mm is 60 cm)."""

TUCKBOX = Record(description=(
    "The tuck box printed with each deck (tuckbox.pdf, NAME-tuckbox.pdf for a cards "
    "component): sized from the card size, the number of cards and the thickness of one "
    "card."), fields={
    "make": Field(Flag("print a tuck box for each deck (false: none)"), default=True),
    "stock": Field(Length("thickness of one card (0.3mm is usual card stock; about 0.5mm "
                          "for a card in a sleeve)", minimum=0.05 * _MM, maximum=3 * _MM),
                   default=0.3 * _MM),
    "cards": Field(Number("how many cards the main deck's box holds (0: every card of the "
                          "main deck, copies included; a component's box holds its own "
                          "cards)", minimum=0, maximum=MOST_CARDS), default=0),
    "slack": Field(Length("room added to the deck's width, height and thickness so the "
                          "cards slide in and out", maximum=10 * _MM), default=2 * _MM),
    "wall": Field(Length("thickness of the paper the box is printed on (the folds are "
                         "placed so that the inside keeps its full size)",
                         maximum=2 * _MM), default=0.3 * _MM),
    "title": Field(Text("words on the front, the spines and the lid (empty: the game's "
                        "title)"), default=""),
    "colour": Field(Colour("colour of the front's plates, the spines, the lid and the "
                           "bottom (default: the style's accent)")),
    "ink": Field(Colour("colour of the words on the box"), default="#ffffff"),
})


@dataclass(frozen=True)
class TuckboxSettings:
    """The checked ``tuckbox:`` section (lengths in points)."""

    make: bool = True
    stock: float = 0.3 * _MM
    cards: int = 0
    """0: every card of the main deck."""
    slack: float = 2 * _MM
    wall: float = 0.3 * _MM
    title: str = ""
    colour: str = ""
    ink: str = "#ffffff"
    where: Location | None = None
    """Where the section was written (``None``: the definition has none)."""
    title_at: Location | None = None
    """Where the words printed on the box were written: ``tuckbox.title``, else the game's
    ``title``."""
    written: tuple[tuple[str, Location], ...] = ()
    """Where each key the section gives was written (its value, or the ``--set``)."""

    def at(self, key: str) -> Location | None:
        """Where ``key`` was written, else where the section was (``None``: neither)."""
        return dict(self.written).get(key, self.where)


def read_tuckbox(doc: Document, section: Mapping[str, object] | None) -> TuckboxSettings:
    """The settings from the schema-checked ``tuckbox`` section (defaults filled in for
    what it leaves out, or for all of it when it is ``None``)."""
    given: dict[str, Any] = {name: found for name, found in (section or {}).items()
                             if found is not None}
    own_title = str(given.get("title") or "")
    written = isinstance(doc.data, dict) and "tuckbox" in doc.data
    settings = TuckboxSettings(
        where=doc.where(("tuckbox",), key=True) if written else None,
        title_at=doc.where(("tuckbox", "title") if own_title else ("title",)),
        written=tuple((name, doc.where(("tuckbox", name))) for name in _FIELDS
                      if name in given) if written else ())
    return replace(settings, **{name: given[name] for name in _FIELDS if name in given})


_FIELDS = ("make", "stock", "cards", "slack", "wall", "title", "colour", "ink")
