"""What one card's layout draws, every style settled: the face's options for kinds that draw
layouts.

The loader (:mod:`printkit.definition.resolve`) makes these from a layout and a card's fields,
after checking every reference; the renderer only places them.  Geometry stays in
:class:`~printkit.definition.layouts.Measure` values so the same shapes fit any card size.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.fonts import FontFace, FontFamily
from printkit.definition.layouts import Box, Measure
from printkit.definition.pictures import Icon, Picture
from printkit.errors import Location


@dataclass(frozen=True)
class Placement:
    """Where an element goes and how it is turned."""

    box: Box
    rotate: float = 0.0
    opacity: float = 1.0
    bleed: bool = False
    """Edges lying on the card's edge run on into the bleed."""


@dataclass(frozen=True)
class Paint:
    """Fill and outline (``"none"`` for none); ``stroke_width`` in points."""

    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0


NO_RADIUS = Measure(0.0)


@dataclass(frozen=True)
class RectShape:
    """A rectangle, with rounded corners when ``radius`` is above zero."""

    place: Placement
    paint: Paint
    radius: Measure = NO_RADIUS


@dataclass(frozen=True)
class EllipseShape:
    """The ellipse inscribed in the box."""

    place: Placement
    paint: Paint


@dataclass(frozen=True)
class PolygonShape:
    """Corners given (``points``), or a regular polygon of ``sides`` inside the box."""

    place: Placement
    paint: Paint
    points: tuple[tuple[Measure, Measure], ...] = ()
    sides: int = 0
    flat: bool = False


@dataclass(frozen=True)
class LineShape:
    """A line through ``points``."""

    place: Placement
    paint: Paint
    points: tuple[tuple[Measure, Measure], ...] = ()


@dataclass(frozen=True)
class IconShape:
    """An icon as large as fits the box, centred; ``fill`` colours its parts without one."""

    place: Placement
    icon: Icon
    fill: str


@dataclass(frozen=True)
class ImageShape:
    """An image in the box: ``contain``, ``cover`` or ``stretch``."""

    place: Placement
    picture: Picture
    fit: str
    where: Location
    """Where the image was named (for the resolution warning)."""
    card: str


@dataclass(frozen=True)
class Run:
    """Words in one font face."""

    text: str
    face: FontFace


@dataclass(frozen=True)
class InlineIcon:
    """An icon in running text."""

    icon: Icon


@dataclass(frozen=True)
class TextShape:
    """Running text to wrap and fit inside the box; sizes in points."""

    place: Placement
    pieces: tuple[Run | InlineIcon, ...]
    family: FontFamily
    size: float
    min_size: float
    fill: str
    align: str
    valign: str
    leading: float
    wrap: bool
    where: Location
    """Where the words were written (a table cell or the layout), for the error when they
    do not fit."""
    subject: str
    """What the words are, for that error: ``"field 'text'"``, ``"the text 'Draw'"``."""
    card: str
    max_lines: int = 0
    """The most lines the text may take (0: as many as fit the box)."""
    fixed: bool = False
    """Set at ``size`` exactly (``fit: fixed``): text that does not fit is an error, never
    shrunk."""
    language: str = ""
    """The language whose hyphenation breaks words at line ends (empty: words never
    break)."""


Shape = (RectShape | EllipseShape | PolygonShape | LineShape | IconShape | ImageShape
         | TextShape)


@dataclass(frozen=True)
class LayoutOptions:
    """The ``options:`` of a face kind that draws layouts (none of its own yet).

    A kind whose options class derives from this one draws a layout: its face groups name
    one with ``layout:``, and the loader gives each face a :class:`LayoutFace`.
    """


@dataclass(frozen=True)
class LayoutFace(LayoutOptions):
    """A face of a layout-drawing kind: its layout's name and the shapes it draws."""

    layout: str = ""
    shapes: tuple[Shape, ...] = ()
    base: LayoutOptions | None = None
    """The options the kind built from the group's ``options:``."""
