"""The checked, frozen form of a game definition that every later stage reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.definition.fieldnames import normal
from printkit.definition.tuckbox import TuckboxSettings
from printkit.errors import Location

if TYPE_CHECKING:
    from printkit.definition.content import Content

AttributeValue = int | str


@dataclass(frozen=True)
class Component:
    """One named component of a game besides its main deck (each kind's reader in
    :mod:`printkit.definition.pieces` and its own module builds a subclass of it)."""

    name: str
    kind: str
    """``cards``, ``tokens``, ``sheet`` or ``board``."""
    count: int
    """Pieces it makes: cards or tokens (copies included), pages of a sheet, 1 board."""
    size: str
    """The size of one piece as people say it: ``63.5 x 88.9 mm``, ``20 mm round``."""
    where: Location
    """Where the component's name was written."""


@dataclass(frozen=True)
class CardFace:
    """One unique face: a card of a face group, in one deck."""

    key: str
    """Unique within the game; the SVG file name without ``.svg``."""
    group: str
    kind: str
    attributes: tuple[tuple[str, AttributeValue], ...]
    copies: int
    deck: int
    """0-based deck index (0 for faces printed once for the whole game)."""
    deck_mark: str
    """``"A"``, ``"B"``... when several decks are built, else empty."""
    options: object = field(compare=False, hash=False)
    """The typed options of the face's kind (built by the kind from the definition)."""
    owner: str = ""
    """The game whose plugin declares the kind (empty for printkit's generic kinds): kinds
    belong to their game, so two games may each have a kind of the same name."""
    back: Back | None = field(default=None, compare=False, hash=False)
    """The card's own back (its group's, or one its deck's back drew from its fields);
    ``None``: its deck's back."""
    source: Location | None = field(default=None, compare=False, hash=False, repr=False)
    """Where the face was defined: its data row, or its entry in ``faces:`` (the preview
    shows it beside the card)."""

    def attr(self, name: str) -> AttributeValue:
        """The value of attribute ``name`` (``KeyError`` if the face has none); ``name`` is
        compared in normal form C, as a definition's field names are kept."""
        name = normal(name)
        for key, value in self.attributes:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True)
class Back:
    """The design on the back of a group of cards: a back kind and its typed options."""

    kind: str
    options: object = field(compare=False, hash=False)
    owner: str = ""
    """The game whose plugin declares the kind (empty for printkit's generic kinds)."""
    label: str = field(default="", compare=False, hash=False)
    """What the back is called in file names when cards show several (a drawn back: the
    field values that chose it, its layout's name or its picture's stem; empty: the name
    of the first group that shows it)."""


@dataclass(frozen=True)
class Variant:
    """A named set of parameter values from the definition."""

    name: str
    description: str
    parameters: Mapping[str, object] = field(compare=False, hash=False)


@dataclass(frozen=True)
class PrintSettings:
    """Print defaults from the definition (lengths in points)."""

    paper: str
    bleed: float
    margin: float
    gutter: float
    duplex: str
    crop_mark_length: float
    crop_mark_offset: float


@dataclass(frozen=True)
class Definition:
    """A loaded game definition with its variant and overrides applied."""

    path: Path
    game: str
    title: str
    summary: str
    rules: str | None
    variant: str | None
    parameters: Mapping[str, object] = field(compare=False, hash=False)
    """Resolved values: file, then variant, then ``--set``; not yet checked by an engine."""
    parameter_locations: Mapping[str, Location] = field(compare=False, hash=False)
    """Where each resolved parameter was written (a file line or the command line)."""
    variants: tuple[Variant, ...]
    card_width: float
    card_height: float
    safe_margin: float
    font: str
    accent: str
    faces: tuple[CardFace, ...]
    deck_count: int
    back_kind: str
    back_options: object = field(compare=False, hash=False)
    """The typed options of the back's kind."""
    print: PrintSettings
    board: Mapping[str, object] = field(compare=False, hash=False)
    """The ``board:`` section as written (empty when the file has none)."""
    booklet: Mapping[str, object] = field(compare=False, hash=False)
    sections: Mapping[str, Location] = field(default_factory=dict, compare=False, hash=False)
    """Where each top-level key of the file was written."""
    content: Content = field(default_factory=lambda: _empty_content(), compare=False,
                             hash=False)
    """Fonts, icons and layouts the faces draw with."""
    components: tuple[Component, ...] = field(default=(), compare=False, hash=False)
    """The components besides the main deck (tokens, sheets, other decks, boards)."""
    group_backs: Mapping[str, Back] = field(default_factory=dict, compare=False, hash=False)
    """The face groups (by id) that name a back of their own instead of ``back:``."""
    back_owner: str = ""
    """The game whose plugin declares the back's kind (empty for a generic kind)."""
    card_size_at: Location | None = field(default=None, compare=False, hash=False)
    """Where the card size was given: ``card.size`` in the file, or the ``--set`` that
    changed it."""
    tuckbox: TuckboxSettings = field(default_factory=TuckboxSettings, compare=False,
                                     hash=False)
    """How the main deck's tuck box is sized (the ``tuckbox:`` section)."""

    @property
    def card_count(self) -> int:
        """Cards in the whole game (copies included)."""
        return sum(face.copies for face in self.faces)


def _empty_content() -> Content:
    from printkit.definition.content import Content

    return Content()
