"""The shapes of a :class:`Scene`: what a drawing holds, in millimetres with y running down.

The data alone, with no renderer: a game's ``positions`` part and the plugin contract name
these types without reaching the face renderers (and, through them, the game plugins);
:mod:`printkit.render.scene` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.definition.model import CardFace
from printkit.render.svg import CAP_HEIGHT


@dataclass(frozen=True)
class RectShape:
    """A rectangle; ``dash`` is the stroke's on/off pattern (empty: solid)."""

    x: float
    y: float
    w: float
    h: float
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class TextShape:
    """One line of Vera text whose capitals are centred vertically on ``y``."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    anchor: str = "middle"
    """``start``, ``middle`` or ``end``."""
    bold: bool = False

    @property
    def baseline(self) -> float:
        """The y of the text's baseline."""
        return self.y + self.size * CAP_HEIGHT / 2


@dataclass(frozen=True)
class CardShape:
    """A card face drawn ``width`` wide with its top-left corner at (x, y)."""

    face: CardFace
    x: float
    y: float
    width: float


@dataclass(frozen=True)
class PictureShape:
    """An SVG drawing (a card back, a whole board) drawn ``width`` wide with its top-left
    corner at (x, y); ``key`` tells drawings apart, as a face's key does."""

    key: str
    svg: str = field(repr=False)
    x: float
    y: float
    width: float


Shape = RectShape | TextShape | CardShape | PictureShape


@dataclass(frozen=True)
class Scene:
    """Shapes in drawing order on a ``width`` x ``height`` millimetre canvas."""

    width: float
    height: float
    title: str
    shapes: tuple[Shape, ...]


__all__ = ["CardShape", "PictureShape", "RectShape", "Scene", "Shape", "TextShape"]
