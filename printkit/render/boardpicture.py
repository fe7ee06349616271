"""What a board drawing shows: its squares, landmarks, card outlines and key, as data.

A game's ``board`` part (a :data:`BoardMaker`) returns a :class:`BoardPicture`;
:mod:`printkit.render.board` draws it and :mod:`printkit.render.boardpanel` sets its side
panel.  The data sits apart from both drawing modules so that each can name it without
importing the other; a game's plugin imports these names from :mod:`printkit.render.board`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Landmark:
    """A square with a meaning in the game (a home, a centre, a start...).

    It is tinted ``fill``; with ``ring`` it is framed in that colour.  It shows either a
    ``label`` in bold (a player's name) with a small ``caption`` under it, or an
    ``emblem`` (``"star"``) with the ``caption`` in capitals below.  ``keep_clear`` says
    whether seams of a tiled board should avoid it.
    """

    row: int
    column: int
    fill: str
    ring: str | None = None
    label: str = ""
    caption: str = ""
    emblem: str = ""
    keep_clear: bool = True


@dataclass(frozen=True)
class CardOutline:
    """Where a card lies in every square: a thin dashed outline centred in the square.

    ``width`` and ``height`` are the card's (mm): wider than tall for a card laid
    sideways.  The ``caption`` is written inside the outline as the card would be read:
    along its top edge when it stands upright, turned a quarter to the left (reading up
    its left edge) when it lies sideways.  ``dash`` is the stroke's on/off pattern (mm).
    """

    width: float
    height: float
    caption: str = ""
    dash: tuple[float, ...] = (2.4, 1.6)


@dataclass(frozen=True)
class KeyLine:
    """A line of the key under the grid: ``lead`` in bold, then ``text``.

    ``pattern`` is an optional small picture of a square among its neighbours, drawn
    before the words: rows of equal length, ``o`` the square the line is about, ``=`` the
    same holding a stack, ``#`` a square it is compared with and ``.`` any other square.
    """

    lead: str
    text: str
    pattern: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.pattern and (len({len(row) for row in self.pattern}) != 1 or any(
                c not in "o=#." for row in self.pattern for c in row)):
            raise ValueError(f"a key pattern is rows of equal length made of o, =, # and ., "
                             f"not {self.pattern!r}")


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board drawing shows; ``square`` in millimetres."""

    title: str
    subtitle: str
    size: int
    square: float
    landmarks: tuple[Landmark, ...]
    column_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    square_names: tuple[str, ...] = ()
    """Row by row; empty: no names in the squares."""
    note: str = ""
    """A short line under the subtitle, e.g. how squares are named."""
    background: str = "#f8f4e8"
    lines: str = "#1d2a44"
    instructions: tuple[str, ...] = ()
    """Sentences for the assembly map (what goes on which square)."""
    outlines: tuple[CardOutline, ...] = ()
    """Card outlines drawn in every square."""
    key: tuple[KeyLine, ...] = ()
    """Lines printed under the grid (in the panel, for the side layout): how the board is
    used."""
    rows: int = 0
    """Rows of the grid (0: as many as its ``size`` columns)."""
    square_height: float = 0.0
    """Height (mm) of a square, when it is not ``square`` (0: squares are square)."""
    layout: str = "banded"
    """``banded`` (title band, coordinates on every side, key under the grid) or ``side``
    (the grid at the edge, square names in the squares, everything else in a panel
    ``panel`` millimetres wide on its right)."""
    panel: float = 0.0
    joins_x: tuple[float, ...] = ()
    """Where the sheets of a tiled print of the board meet, in millimetres from the
    drawing's left edge: no line of the title or the key is set across one (the key is
    set in columns between them)."""
    joins_y: tuple[float, ...] = ()
    """The same for joins across the board, in millimetres from its top edge: the side
    panel sets no block of words across one."""

    @property
    def columns(self) -> int:
        """Squares across (the ``size``)."""
        return self.size

    @property
    def row_count(self) -> int:
        """Squares down."""
        return self.rows or self.size

    @property
    def height_of_square(self) -> float:
        """Height (mm) of a square."""
        return self.square_height or self.square

    @property
    def shape(self) -> str:
        """``7 x 7`` with a multiplication sign (columns by rows)."""
        return f"{self.columns} \u00d7 {self.row_count}"

    def __post_init__(self) -> None:
        n, rows = self.size, self.row_count
        shape = f"{n}x{rows}" if rows != n else f"{n}x{n}"
        if n < 1 or rows < 1 or self.square <= 0 or self.height_of_square <= 0:
            raise ValueError(f"a board needs at least one square, not {n} of {self.square} mm")
        if len(self.column_labels) != n or len(self.row_labels) != rows:
            raise ValueError(f"a {shape} board needs {n} column and {rows} row labels")
        if self.square_names and len(self.square_names) != n * rows:
            raise ValueError(f"a {shape} board needs {n * rows} square names")
        for mark in self.landmarks:
            if not (0 <= mark.row < rows and 0 <= mark.column < n):
                raise ValueError(f"square {mark.row},{mark.column} is off a {shape} board")
        for outline in self.outlines:
            if not (0 < outline.width <= self.square
                    and 0 < outline.height <= self.height_of_square):
                raise ValueError(f"a {outline.width:g} x {outline.height:g} mm card outline "
                                 f"does not fit a {self.square:g} mm square")
        if self.layout not in ("banded", "side") or (self.layout == "side") != (self.panel > 0):
            raise ValueError(f"layout {self.layout!r}: 'banded' without a panel, or 'side' "
                             "with a panel wider than 0 mm")


BoardMaker = Callable[[Any, Any], "BoardPicture | None"]
"""A game's ``board`` part: (engine, definition) -> the board's picture, or None when this
variant has no board.  It raises :class:`~printkit.errors.DefinitionError` for a problem
the definition can fix (too few player colours, say)."""


__all__ = ["BoardMaker", "BoardPicture", "CardOutline", "KeyLine", "Landmark"]
