"""The pictures of a playing card: the court figures, and the Joker's cap.

Each court is a bust of our own drawing, told apart by its headgear (a pointed crown and a
beard for the King, a tiara and long hair for the Queen, a cap with a feather for the
Jack) and drawn double-ended, as court cards are, so it reads from either side of the
table.  Pictures are lists of :class:`Ink` (path data and a colour) so the card renderer
draws them and the tests can measure them; they are drawn in a unit square that
:func:`fit` maps onto the card without distortion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit.render.faces.suits import Point, Segment, circle
from printkit.render.svg import Box, num


@dataclass(frozen=True)
class Ink:
    """One filled path of a picture."""

    d: str
    fill: str


@dataclass(frozen=True)
class CourtColours:
    """The colours of a court figure: the suit's ink for the robe and the trims."""

    suit: str
    gold: str
    skin: str = "#f2d2ad"
    hair: str = "#5b3a21"


Mapping2D = Callable[[Point], Point]


def fit(box: Box) -> Mapping2D:
    """Map the unit square (0..1, y down) onto the largest square inside ``box`` that
    sits on its lower edge, centred across (a court's half rests on the card's middle)."""
    side = min(box.w, box.h)
    left = box.x + (box.w - side) / 2
    top = box.y + box.h - side

    def to_card(p: Point) -> Point:
        return (left + p[0] * side, top + p[1] * side)

    return to_card


def trace(segments: tuple[Segment, ...], where: Mapping2D) -> str:
    """SVG path data of unit-square segments mapped by ``where``."""
    parts = []
    for command, pts in segments:
        mapped = (where(p) for p in pts)
        parts.append(command + " ".join(f"{num(x)} {num(y)}" for x, y in mapped))
    return " ".join(parts)


def _poly(*pts: Point) -> tuple[Segment, ...]:
    return (("M", (pts[0],)), *(("L", (p,)) for p in pts[1:]), ("Z", ()))


def _curve(start: Point, *curves: tuple[Point, Point, Point]) -> tuple[Segment, ...]:
    return (("M", (start,)), *(("C", c) for c in curves), ("Z", ()))


_ROBE = (("M", ((0.14, 1.0),)), ("L", ((0.17, 0.8),)),
         ("C", ((0.19, 0.72), (0.3, 0.68), (0.4, 0.67))), ("L", ((0.6, 0.67),)),
         ("C", ((0.7, 0.68), (0.81, 0.72), (0.83, 0.8))), ("L", ((0.86, 1.0),)), ("Z", ()))
_BELT = _poly((0.145, 0.95), (0.855, 0.95), (0.86, 1.0), (0.14, 1.0))
_COLLAR = _poly((0.37, 0.675), (0.5, 0.86), (0.63, 0.675), (0.58, 0.668), (0.5, 0.77),
                (0.42, 0.668))
_NECK = _poly((0.45, 0.55), (0.55, 0.55), (0.55, 0.68), (0.45, 0.68))
_HEAD = circle(0.5, 0.47, 0.14)
_EYES = (*circle(0.455, 0.465, 0.014), *circle(0.545, 0.465, 0.014))

_KING_BEARD = _curve((0.375, 0.48), ((0.38, 0.61), (0.45, 0.68), (0.5, 0.68)),
                     ((0.55, 0.68), (0.62, 0.61), (0.625, 0.48)),
                     ((0.58, 0.55), (0.42, 0.55), (0.375, 0.48)))
_KING_CROWN = (*_poly((0.36, 0.37), (0.36, 0.235), (0.43, 0.3), (0.5, 0.175), (0.57, 0.3),
                      (0.64, 0.235), (0.64, 0.37)),
               *circle(0.36, 0.225, 0.025), *circle(0.5, 0.165, 0.025),
               *circle(0.64, 0.225, 0.025))
_QUEEN_HAIR = _curve((0.5, 0.31), ((0.63, 0.31), (0.68, 0.4), (0.68, 0.5)),
                     ((0.68, 0.6), (0.7, 0.66), (0.74, 0.72)),
                     ((0.6, 0.74), (0.4, 0.74), (0.26, 0.72)),
                     ((0.3, 0.66), (0.32, 0.6), (0.32, 0.5)),
                     ((0.32, 0.4), (0.37, 0.31), (0.5, 0.31)))
_QUEEN_TIARA = (*_curve((0.37, 0.38), ((0.39, 0.27), (0.61, 0.27), (0.63, 0.38)),
                        ((0.6, 0.385), (0.6, 0.385), (0.58, 0.385)),
                        ((0.56, 0.32), (0.44, 0.32), (0.42, 0.385)),
                        ((0.4, 0.385), (0.4, 0.385), (0.37, 0.38))),
                *circle(0.5, 0.275, 0.03))
_JACK_HAIR = (*_poly((0.36, 0.38), (0.365, 0.52), (0.395, 0.45), (0.41, 0.38)),
              *_poly((0.64, 0.38), (0.635, 0.52), (0.605, 0.45), (0.59, 0.38)))
_JACK_CAP = _curve((0.34, 0.37), ((0.33, 0.25), (0.44, 0.22), (0.52, 0.22)),
                   ((0.64, 0.22), (0.73, 0.27), (0.7, 0.34)),
                   ((0.6, 0.32), (0.46, 0.33), (0.34, 0.37)))
_JACK_BAND = _poly((0.34, 0.37), (0.7, 0.34), (0.7, 0.37), (0.35, 0.4))
_JACK_FEATHER = _curve((0.6, 0.26), ((0.7, 0.16), (0.8, 0.09), (0.9, 0.05)),
                       ((0.86, 0.13), (0.76, 0.22), (0.64, 0.29)))

_KING_SCEPTRE = (*_poly((0.25, 0.95), (0.28, 0.95), (0.36, 0.62), (0.33, 0.62)),
                 *circle(0.345, 0.6, 0.035))
_QUEEN_FLOWER = (*_poly((0.27, 0.95), (0.3, 0.95), (0.33, 0.72), (0.3, 0.72)),
                 *circle(0.315, 0.66, 0.03), *circle(0.275, 0.7, 0.03),
                 *circle(0.355, 0.7, 0.03), *circle(0.29, 0.745, 0.03),
                 *circle(0.34, 0.745, 0.03))
_JACK_SWORD = (*_poly((0.255, 0.97), (0.285, 0.97), (0.285, 0.9), (0.255, 0.9)),
               *_poly((0.21, 0.9), (0.33, 0.9), (0.33, 0.875), (0.21, 0.875)),
               *_poly((0.255, 0.875), (0.285, 0.875), (0.285, 0.6), (0.27, 0.56),
                      (0.255, 0.6)))
_STEEL = "#aeb8c2"

PIP_AT: Point = (0.16, 0.17)
"""Where a court's suit symbol sits in its half, in unit-square coordinates."""
PIP_SIZE = 0.2
LETTER_AT: Point = (0.16, 0.42)
"""Where a court's letter sits in its half."""
LETTER_SIZE = 0.2


def court(rank: str, colours: CourtColours, where: Mapping2D) -> list[Ink]:
    """The bust of the Jack, Queen or King (``rank`` ``J``, ``Q`` or ``K``) in one half."""
    layers: list[tuple[tuple[Segment, ...], str]] = [(_ROBE, colours.suit),
                                                       (_BELT, colours.gold)]
    if rank == "Q":
        layers.append((_QUEEN_HAIR, colours.hair))
    layers += [(_COLLAR, colours.gold), (_NECK, colours.skin), (_HEAD, colours.skin),
               (_EYES, "#2b2b2b")]
    if rank == "K":
        layers += [(_KING_BEARD, colours.hair), (_KING_CROWN, colours.gold),
                   (_KING_SCEPTRE, colours.gold)]
    elif rank == "Q":
        layers += [(_QUEEN_TIARA, colours.gold), (_QUEEN_FLOWER, colours.gold)]
    else:
        layers += [(_JACK_HAIR, colours.hair), (_JACK_CAP, colours.suit),
                   (_JACK_BAND, colours.gold), (_JACK_FEATHER, colours.gold),
                   (_JACK_SWORD, _STEEL)]
    return [Ink(trace(segments, where), fill) for segments, fill in layers]


JOKER_CAP: tuple[tuple[tuple[Segment, ...], bool], ...] = (
    (_curve((0.3, 0.72), ((0.26, 0.5), (0.14, 0.36), (0.05, 0.32)),
            ((0.2, 0.46), (0.34, 0.56), (0.44, 0.66))), False),
    (_curve((0.38, 0.68), ((0.4, 0.45), (0.45, 0.25), (0.5, 0.1)),
            ((0.55, 0.25), (0.6, 0.45), (0.62, 0.68))), True),
    (_curve((0.7, 0.72), ((0.74, 0.5), (0.86, 0.36), (0.95, 0.32)),
            ((0.8, 0.46), (0.66, 0.56), (0.56, 0.66))), False),
    (_poly((0.26, 0.7), (0.74, 0.7), (0.72, 0.8), (0.28, 0.8)), True),
)
"""The Joker's three-pointed cap: (segments, in the accent colour?)."""
JOKER_BELLS: tuple[Point, ...] = ((0.05, 0.32), (0.5, 0.1), (0.95, 0.32))


_JESTER_HEAD = circle(0.5, 0.89, 0.1)
_JESTER_EYES = (*circle(0.465, 0.88, 0.012), *circle(0.535, 0.88, 0.012))


def joker(ink: str, gold: str, where: Mapping2D) -> list[Ink]:
    """The Joker: a jester's head under a three-pointed cap with bells."""
    layers = [Ink(trace(_JESTER_HEAD, where), CourtColours(ink, gold).skin),
              Ink(trace(_JESTER_EYES, where), "#2b2b2b")]
    layers += [Ink(trace(segments, where), gold if accent else ink)
               for segments, accent in JOKER_CAP]
    layers += [Ink(trace(circle(x, y, 0.05), where), gold) for x, y in JOKER_BELLS]
    return layers
