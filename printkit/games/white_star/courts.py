"""The five court figures of the Stars deck: Champion, King, Queen, Scribe and Lady.

Each is a bust of our own drawing, told apart first by its outline, so the courts differ
in greyscale too: the Champion wears a great helm with a plume and holds a sword, the King
a pointed crown and a beard over an ermine collar and holds a sceptre, the Queen an arched
crown over long hair and holds a rose, the Scribe a flat cap and spectacles and holds a
quill and a book, the Lady a tall cone hat trailing a veil and holds a fan.  A bust fills
a unit square (y down; its foot, y = 1, rests on the middle of the card) and is drawn
twice, the second turned round, as court cards are.  Pictures are lists of
:class:`~printkit.render.faces.courts.Ink` so the card renderer draws them and the tests
can measure them.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.render.faces.courts import Ink, Mapping2D, trace
from printkit.render.faces.suits import Point, Segment, circle

COURT_RANKS = ("C", "K", "Q", "S", "L")
"""The engine's letters of the courts: Champion, King, Queen, Scribe, Lady."""

NAME_BAND = (0.2, 0.885, 0.8, 0.985)
"""Where the court's name is written in its half: (left, top, right, bottom), unit square."""


@dataclass(frozen=True)
class Palette:
    """The colours of a figure: the suit's ink for the robe, and the fixed others."""

    suit: str
    gold: str = "#d4a11e"
    skin: str = "#f2d2ad"
    hair: str = "#5b3a21"
    steel: str = "#9aa5b1"
    dark: str = "#2b2b2b"
    cream: str = "#faf6ea"
    veil: str = "#e4e8ee"


def _poly(*pts: Point) -> tuple[Segment, ...]:
    return (("M", (pts[0],)), *(("L", (p,)) for p in pts[1:]), ("Z", ()))


def _curve(start: Point, *curves: tuple[Point, Point, Point]) -> tuple[Segment, ...]:
    return (("M", (start,)), *(("C", c) for c in curves), ("Z", ()))


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Segment, ...]:
    return _poly((x0, y0), (x1, y0), (x1, y1), (x0, y1))


_ROBE = (("M", ((0.12, 1.0),)), ("L", ((0.16, 0.8),)),
         ("C", ((0.19, 0.71), (0.3, 0.67), (0.41, 0.66))), ("L", ((0.59, 0.66),)),
         ("C", ((0.7, 0.67), (0.81, 0.71), (0.84, 0.8))), ("L", ((0.88, 1.0),)), ("Z", ()))
_NECK = _rect(0.45, 0.55, 0.55, 0.68)
_HEAD = circle(0.5, 0.47, 0.13)
_EYES = (*circle(0.455, 0.47, 0.013), *circle(0.545, 0.47, 0.013))
_V_COLLAR = _poly((0.38, 0.665), (0.5, 0.8), (0.62, 0.665), (0.57, 0.66), (0.5, 0.74),
                  (0.43, 0.66))

# the Champion
_HELM = _curve((0.355, 0.61), ((0.35, 0.4), (0.4, 0.3), (0.5, 0.3)),
               ((0.6, 0.3), (0.65, 0.4), (0.645, 0.61)),
               ((0.55, 0.63), (0.45, 0.63), (0.355, 0.61)))
_VISOR = (*_rect(0.38, 0.45, 0.62, 0.475), *_rect(0.492, 0.49, 0.508, 0.59))
_PLUME = _curve((0.47, 0.32), ((0.5, 0.18), (0.64, 0.1), (0.8, 0.09)),
                ((0.72, 0.15), (0.66, 0.24), (0.55, 0.32)),
                ((0.52, 0.33), (0.5, 0.33), (0.47, 0.32)))
_PAULDRONS = (*circle(0.24, 0.77, 0.075), *circle(0.76, 0.77, 0.075))
_SWORD_BLADE = _poly((0.085, 0.87), (0.085, 0.56), (0.1, 0.5), (0.115, 0.56), (0.115, 0.87))
_SWORD_HILT = (*_rect(0.035, 0.87, 0.165, 0.895), *_rect(0.088, 0.895, 0.112, 0.975))

# the King
_KING_CROWN = (*_poly((0.37, 0.385), (0.36, 0.24), (0.43, 0.31), (0.5, 0.2), (0.57, 0.31),
                      (0.64, 0.24), (0.63, 0.385)),
               *circle(0.36, 0.23, 0.022), *circle(0.5, 0.19, 0.022), *circle(0.64, 0.23, 0.022))
_KING_BEARD = _curve((0.37, 0.47), ((0.37, 0.63), (0.44, 0.7), (0.5, 0.71)),
                     ((0.56, 0.7), (0.63, 0.63), (0.63, 0.47)),
                     ((0.58, 0.55), (0.42, 0.55), (0.37, 0.47)))
_ERMINE = _curve((0.2, 0.74), ((0.3, 0.66), (0.7, 0.66), (0.8, 0.74)),
                 ((0.7, 0.79), (0.3, 0.79), (0.2, 0.74)))
_ERMINE_SPOTS = tuple(s for x in (0.3, 0.4, 0.6, 0.7) for s in circle(x, 0.735, 0.011))
_SCEPTRE = (*_rect(0.745, 0.6, 0.765, 0.96), *circle(0.755, 0.57, 0.04))

# the Queen
_QUEEN_HAIR = _curve((0.5, 0.31), ((0.64, 0.31), (0.68, 0.41), (0.68, 0.5)),
                     ((0.68, 0.6), (0.7, 0.66), (0.75, 0.71)),
                     ((0.6, 0.73), (0.4, 0.73), (0.25, 0.71)),
                     ((0.3, 0.66), (0.32, 0.6), (0.32, 0.5)),
                     ((0.32, 0.41), (0.36, 0.31), (0.5, 0.31)))
_QUEEN_CROWN = (*_rect(0.38, 0.345, 0.62, 0.385),
                *_curve((0.38, 0.35), ((0.38, 0.27), (0.46, 0.27), (0.46, 0.35))),
                *_curve((0.54, 0.35), ((0.54, 0.27), (0.62, 0.27), (0.62, 0.35))),
                *_curve((0.45, 0.35), ((0.45, 0.24), (0.55, 0.24), (0.55, 0.35))),
                *circle(0.5, 0.235, 0.022))
_NECKLACE = tuple(s for x, y in ((0.42, 0.69), (0.46, 0.71), (0.5, 0.72), (0.54, 0.71),
                                 (0.58, 0.69)) for s in circle(x, y, 0.013))
_ROSE_STEM = _rect(0.245, 0.66, 0.265, 0.96)
_ROSE = (*circle(0.255, 0.62, 0.045),)
_ROSE_LEAF = _curve((0.255, 0.76), ((0.3, 0.72), (0.34, 0.73), (0.35, 0.74)),
                    ((0.32, 0.77), (0.28, 0.78), (0.255, 0.76)))

# the Scribe
_SCRIBE_CAP = _curve((0.33, 0.4), ((0.3, 0.33), (0.4, 0.29), (0.5, 0.29)),
                     ((0.62, 0.29), (0.71, 0.33), (0.68, 0.4)),
                     ((0.58, 0.37), (0.42, 0.37), (0.33, 0.4)))
_SCRIBE_TASSEL = _rect(0.495, 0.255, 0.505, 0.3)
_SPECTACLES = (*circle(0.455, 0.47, 0.028), *circle(0.545, 0.47, 0.028),
               *_rect(0.48, 0.465, 0.52, 0.475))
_LENSES = (*circle(0.455, 0.47, 0.018), *circle(0.545, 0.47, 0.018))
_QUILL = _curve((0.74, 0.96), ((0.74, 0.8), (0.78, 0.62), (0.86, 0.52)),
                ((0.87, 0.62), (0.83, 0.76), (0.755, 0.96)))
_BOOK = _rect(0.2, 0.8, 0.44, 0.97)
_BOOK_LINES = (*_rect(0.23, 0.835, 0.41, 0.845), *_rect(0.23, 0.865, 0.41, 0.875),
               *_rect(0.23, 0.895, 0.36, 0.905))

# the Lady
_HENNIN = _poly((0.37, 0.4), (0.58, 0.07), (0.63, 0.4))
_HENNIN_BAND = _rect(0.365, 0.37, 0.635, 0.41)
_VEIL = _curve((0.58, 0.07), ((0.74, 0.16), (0.84, 0.4), (0.83, 0.66)),
               ((0.79, 0.6), (0.74, 0.5), (0.63, 0.39)),
               ((0.61, 0.28), (0.6, 0.16), (0.58, 0.07)))
_LADY_HAIR = (*_curve((0.37, 0.42), ((0.33, 0.5), (0.33, 0.58), (0.36, 0.62)),
                      ((0.38, 0.56), (0.39, 0.48), (0.4, 0.42))),
              *_curve((0.63, 0.42), ((0.67, 0.5), (0.67, 0.58), (0.64, 0.62)),
                      ((0.62, 0.56), (0.61, 0.48), (0.6, 0.42))))
_FAN = _curve((0.3, 0.86), ((0.2, 0.8), (0.17, 0.7), (0.2, 0.63)),
              ((0.27, 0.62), (0.36, 0.68), (0.3, 0.86)))
_FAN_HANDLE = _rect(0.29, 0.84, 0.31, 0.95)


def bust(rank: str, colours: Palette, where: Mapping2D) -> list[Ink]:
    """The figure of the court ``rank`` (the engine's letter, one of :data:`COURT_RANKS`)
    in one half of the card, mapped by ``where``."""
    c = colours
    layers: list[tuple[tuple[Segment, ...], str]] = []
    if rank == "Q":
        layers.append((_QUEEN_HAIR, c.hair))
    if rank == "L":
        layers.append((_VEIL, c.veil))
    layers += [(_ROBE, c.suit), (_NECK, c.skin), (_HEAD, c.skin), (_EYES, c.dark)]
    if rank == "C":
        layers += [(_PAULDRONS, c.steel), (_V_COLLAR, c.gold), (_HELM, c.steel),
                   (_VISOR, c.dark), (_PLUME, c.gold), (_SWORD_BLADE, c.steel),
                   (_SWORD_HILT, c.gold)]
    elif rank == "K":
        layers += [(_ERMINE, c.cream), (_ERMINE_SPOTS, c.dark), (_KING_BEARD, c.hair),
                   (_KING_CROWN, c.gold), (_SCEPTRE, c.gold)]
    elif rank == "Q":
        layers += [(_QUEEN_CROWN, c.gold), (_NECKLACE, c.gold), (_ROSE_STEM, c.gold),
                   (_ROSE_LEAF, c.gold), (_ROSE, c.suit)]
    elif rank == "S":
        layers += [(_V_COLLAR, c.cream), (_SCRIBE_CAP, c.dark), (_SCRIBE_TASSEL, c.gold),
                   (_SPECTACLES, c.dark), (_LENSES, c.skin), (_BOOK, c.cream),
                   (_BOOK_LINES, c.dark), (_QUILL, c.hair)]
    elif rank == "L":
        layers += [(_LADY_HAIR, c.hair), (_HENNIN, c.suit), (_HENNIN_BAND, c.gold),
                   (_NECKLACE, c.gold), (_FAN, c.gold), (_FAN_HANDLE, c.dark)]
    else:
        raise ValueError(f"{rank!r} is not a court (one of {', '.join(COURT_RANKS)})")
    return [Ink(trace(segments, where), fill) for segments, fill in layers]
