"""The four French suits as vector shapes of our own, and the small geometry they need.

A suit symbol is never a font glyph: a font may lack it, draw it in its own style or be
replaced by the PDF viewer.  Each shape is a list of path segments in a unit box (height 1,
centred on the origin, y downwards) that :meth:`Shape.path` scales, moves and turns into
SVG path data.  Turning a symbol upside down (the lower pips of a card, the lower corner
index) is a rotation by 180 degrees, which maps the control points of a Bezier curve onto
the control points of the turned curve, so no shape needs a second drawing.

The box of a placed shape is the box of its control points: a Bezier curve lies inside the
hull of its control points, so the box is never smaller than the ink.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import Enum

from printkit.render.svg import Box, num

Point = tuple[float, float]
Segment = tuple[str, tuple[Point, ...]]
"""A path command (``M``, ``L``, ``C`` or ``Z``) with its points."""

_K = 0.5523
"""Control distance of a quarter circle drawn as a cubic Bezier curve (radius 1)."""


@dataclass(frozen=True)
class Shape:
    """Path segments in a unit box: the shape is 1 high and centred on (0, 0)."""

    segments: tuple[Segment, ...]

    def points(self) -> tuple[Point, ...]:
        """Every point of every segment (control points included)."""
        return tuple(p for _, pts in self.segments for p in pts)

    def path(self, cx: float, cy: float, size: float, *, turned: bool = False,
             stretch: float = 1.0) -> str:
        """SVG path data of the shape ``size`` mm high centred on (cx, cy); ``turned``
        rotates it by 180 degrees and ``stretch`` scales its width."""
        return _placed(self, cx, cy, size, turned, stretch)

    def box(self, cx: float, cy: float, size: float, *, stretch: float = 1.0) -> Box:
        """The box that holds the placed shape (the same turned or not, as every shape
        here is symmetric about its vertical axis and its box is centred)."""
        xs = [x for x, _ in self.points()]
        ys = [y for _, y in self.points()]
        half_w = max(abs(min(xs)), abs(max(xs))) * size * stretch
        half_h = max(abs(min(ys)), abs(max(ys))) * size
        return Box(cx - half_w, cy - half_h, 2 * half_w, 2 * half_h)

    @property
    def aspect(self) -> float:
        """Width over height of the unit shape."""
        xs = [x for x, _ in self.points()]
        return max(xs) - min(xs)


@functools.lru_cache(maxsize=4096)
def _placed(shape: Shape, cx: float, cy: float, size: float, turned: bool,
            stretch: float) -> str:
    """:meth:`Shape.path`, worked out once for each placing: the pips of a suit stand in
    the same few places on many cards (checking the five games places 2,200 pips in 210
    different ways)."""
    sign = -1.0 if turned else 1.0
    parts = []
    for command, pts in shape.segments:
        coords = " ".join(f"{num(cx + sign * x * size * stretch)} {num(cy + sign * y * size)}"
                          for x, y in pts)
        parts.append(command + coords)
    return " ".join(parts)


def circle(cx: float, cy: float, r: float) -> tuple[Segment, ...]:
    """A circle as four cubic Bezier curves (clockwise on the page)."""
    k = _K * r
    return (
        ("M", ((cx, cy - r),)),
        ("C", ((cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))),
        ("C", ((cx + r, cy + k), (cx + k, cy + r), (cx, cy + r))),
        ("C", ((cx - k, cy + r), (cx - r, cy + k), (cx - r, cy))),
        ("C", ((cx - r, cy - k), (cx - k, cy - r), (cx, cy - r))),
        ("Z", ()),
    )


def _stem(top: float) -> tuple[Segment, ...]:
    """The flared foot shared by spades and clubs, from ``top`` down to the base line."""
    return (
        ("M", ((-0.035, top),)),
        ("C", ((-0.04, 0.33), (-0.1, 0.45), (-0.21, 0.5))),
        ("L", ((0.21, 0.5),)),
        ("C", ((0.1, 0.45), (0.04, 0.33), (0.035, top))),
        ("Z", ()),
    )


HEART = Shape((
    ("M", ((0.0, 0.5),)),
    ("C", ((-0.12, 0.34), (-0.52, 0.08), (-0.52, -0.2))),
    ("C", ((-0.52, -0.4), (-0.39, -0.5), (-0.26, -0.5))),
    ("C", ((-0.12, -0.5), (-0.03, -0.41), (0.0, -0.3))),
    ("C", ((0.03, -0.41), (0.12, -0.5), (0.26, -0.5))),
    ("C", ((0.39, -0.5), (0.52, -0.4), (0.52, -0.2))),
    ("C", ((0.52, 0.08), (0.12, 0.34), (0.0, 0.5))),
    ("Z", ()),
))

DIAMOND = Shape((
    ("M", ((0.0, -0.5),)),
    ("C", ((0.12, -0.3), (0.26, -0.13), (0.38, 0.0))),
    ("C", ((0.26, 0.13), (0.12, 0.3), (0.0, 0.5))),
    ("C", ((-0.12, 0.3), (-0.26, 0.13), (-0.38, 0.0))),
    ("C", ((-0.26, -0.13), (-0.12, -0.3), (0.0, -0.5))),
    ("Z", ()),
))

SPADE = Shape((
    ("M", ((0.0, -0.5),)),
    ("C", ((-0.13, -0.32), (-0.48, -0.13), (-0.48, 0.1))),
    ("C", ((-0.48, 0.26), (-0.37, 0.35), (-0.25, 0.35))),
    ("C", ((-0.14, 0.35), (-0.06, 0.3), (-0.035, 0.24))),
    ("L", ((0.035, 0.24),)),
    ("C", ((0.06, 0.3), (0.14, 0.35), (0.25, 0.35))),
    ("C", ((0.37, 0.35), (0.48, 0.26), (0.48, 0.1))),
    ("C", ((0.48, -0.13), (0.13, -0.32), (0.0, -0.5))),
    ("Z", ()),
    *_stem(0.24),
))

CLUB = Shape((
    *circle(0.0, -0.27, 0.23),
    *circle(-0.25, 0.1, 0.23),
    *circle(0.25, 0.1, 0.23),
    ("M", ((0.0, -0.2),)),
    ("L", ((0.22, 0.06),)),
    ("L", ((0.0, 0.27),)),
    ("L", ((-0.22, 0.06),)),
    ("Z", ()),
    *_stem(0.12),
))


class Suit(Enum):
    """A French suit: its letter, its shape and whether it is one of the red suits."""

    SPADES = ("S", "spades", False)
    HEARTS = ("H", "hearts", True)
    CLUBS = ("C", "clubs", False)
    DIAMONDS = ("D", "diamonds", True)

    def __init__(self, letter: str, plural: str, red: bool) -> None:
        self.letter = letter
        self.plural = plural
        self.red = red

    @property
    def shape(self) -> Shape:
        """The suit's symbol."""
        return _SHAPES[self.letter]


_SHAPES = {"S": SPADE, "H": HEART, "C": CLUB, "D": DIAMOND}

_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _word in (_suit.letter, _suit.plural, _suit.plural[:-1]):
        _SUIT_WORDS[_word.lower()] = _suit


def read_suit(value: object) -> Suit | None:
    """The suit a definition names: a letter (``H``) or a name (``hearts``, ``heart``), in
    any case; ``None`` for anything else."""
    if not isinstance(value, str):
        return None
    return _SUIT_WORDS.get(re.sub(r"\s+", "", value).lower())


SUIT_HELP = "S, H, C, D or spades, hearts, clubs, diamonds"
"""The suits as a definition may write them, for messages."""
