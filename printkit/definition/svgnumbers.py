"""The numbers of an SVG drawing, checked before anything draws them.

A drawing is untrusted, and the renderers trust its numbers: reportlab stops on a
coordinate past 10^20 or a dash pattern that adds up to nothing, svglib on path data it
cannot split.  So every number a kept attribute holds is read here the way SVG defines it,
and must be finite and at most :data:`MOST_NUMBER` in size; path data and transforms must
follow their grammar; and each shape, once its transforms (its own and its groups') are
applied, must stay within :data:`REACH` view boxes of the origin, so no placement of the
drawing can make a number a PDF cannot hold.  The numbers are counted against the
``svg-numbers`` limit, which bounds the work of drawing it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from printkit import limits

MOST_NUMBER = 1e6
"""The largest size of any one number in a drawing (a million: a drawing 24 units wide
uses numbers near 24; one in thousandths of a millimetre still fits a metre)."""
REACH = 1e6
"""How far a shape may reach from the drawing's origin once transformed, in view boxes
(the smaller of its width and height)."""

Matrix = tuple[float, float, float, float, float, float]
"""An SVG transform ``matrix(a b c d e f)``."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SEPARATOR = re.compile(r"[\s,]*")
_FLAG = re.compile(r"[\s,]*([01])")
_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
                     r"(px|pt|pc|mm|cm|in|em|ex|%)?\s*")
_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
          "in": 96.0, "em": 16.0, "ex": 8.0}
"""User units in each length unit (CSS pixels, as svglib reads them); ``%`` is of the
view box."""
_ARGUMENTS = {"m": 2, "l": 2, "t": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "a": 7, "z": 0}
_TRANSFORM = re.compile(r"[\s,]*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)")
_TRANSFORM_ARGUMENTS = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2),
                        "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
LENGTHS = ("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2")
"""Attributes holding one length of the shape's geometry."""
STROKE_LENGTHS = ("stroke-width", "stroke-dashoffset")
"""Presentation attributes holding a length (inherited by a group's shapes)."""
_PERCENT = ("x", "y", "width", "height", "cx", "cy", "x1", "y1", "x2", "y2")
"""The lengths a percentage may give (of the view box's width or height)."""
_PLAIN = ("fill-opacity", "stroke-opacity", "opacity", "stroke-miterlimit")


class SvgRefused(ValueError):
    """The drawing cannot be used; the message says why."""


@dataclass(frozen=True)
class Box:
    """The view box a drawing's shapes are checked against."""

    width: float
    height: float

    @property
    def reach(self) -> float:
        """How far from the origin a transformed shape may reach."""
        return REACH * min(self.width, self.height)


class Work:
    """The numbers a drawing has used so far, against the ``svg-numbers`` limit."""

    def __init__(self) -> None:
        self.most = self.left = limits.current().svg_numbers

    @property
    def used(self) -> int:
        """The numbers counted so far."""
        return self.most - self.left

    def spend(self, count: int) -> None:
        """Count ``count`` more numbers; raises :class:`SvgRefused` past the limit."""
        self.left -= count
        if self.left < 0:
            raise SvgRefused(limits.beyond("svg-numbers", "the drawing holds too many numbers",
                                           "numbers"))


class Total:
    """The numbers of all the different drawings (icons and SVG images) of one definition,
    against the ``svg-numbers-total`` limit: each different drawing is drawn once into each
    PDF of a kit, so their numbers together bound the work of a build."""

    def __init__(self) -> None:
        self.numbers = 0

    def take(self, numbers: int) -> None:
        """Count a drawing of ``numbers`` numbers; raises :class:`SvgRefused` (counting
        nothing) when that goes past the limit."""
        if self.numbers + numbers > limits.current().svg_numbers_total:
            raise SvgRefused(limits.beyond(
                "svg-numbers-total", f"with this drawing the definition's drawings hold "
                f"{self.numbers + numbers} numbers", "numbers"))
        self.numbers += numbers


def number(text: str, what: str) -> float:
    """One plain number, finite and in range; raises :class:`SvgRefused`."""
    if _NUMBER.fullmatch(text.strip()) is None:
        raise SvgRefused(f"{what} is {_shown(text)}, which is not a number")
    return _in_range(float(text), what, text)


def view_box(x: float, y: float, width: float, height: float) -> None:
    """Check the four numbers of a view box; raises :class:`SvgRefused`."""
    for value in (x, y, width, height):
        _in_range(value, "the view box", f"{value:g}")
    if min(width, height) < 1 / MOST_NUMBER:
        raise SvgRefused(f"the view box is {width:g} x {height:g}: a width or height under "
                         f"{1 / MOST_NUMBER:g} is too small to place")


def shape(name: str, values: Mapping[str, str], parent: Matrix, inherited: float,
          box: Box, work: Work) -> tuple[Matrix, float]:
    """Check the numbers of one element's kept ``values`` (raises :class:`SvgRefused`).

    ``parent`` is the transform of the groups around it and ``inherited`` the largest
    stroke length they set; returns the element's own transform and stroke length, for
    its children.
    """
    where = f"<{name}>"
    size = 0.0
    strokes = inherited
    for key, text in values.items():
        what = f"{where} {key}"
        if key in LENGTHS:
            size = max(size, _length(text, what, box, work))
        elif key in STROKE_LENGTHS:
            strokes = max(strokes, _length(text, what, box, work))
        elif key == "stroke-dasharray":
            strokes = max(strokes, _dashes(text, what, box, work))
        elif key in _PLAIN:
            work.spend(1)
            _plain(text, what)
        elif key == "points":
            size = max(size, _points(text, what, work))
        elif key == "d":
            size = max(size, path(text, what, work))
    own = transform(values["transform"], f"{where} transform", work) \
        if "transform" in values else IDENTITY
    if not abs(own[0] * own[3] - own[1] * own[2]) >= MOST_NUMBER ** -12:
        raise SvgRefused(f"{where} transform {_shown(values['transform'])} squashes the shape "
                         "flat (the renderer must undo it, and cannot): leave the shape out "
                         "instead")
    matrix = _times(parent, own)
    a, b, c, d, e, f = matrix
    extent = max(size, strokes)
    reach = max((abs(a) + abs(c)) * extent + abs(e), (abs(b) + abs(d)) * extent + abs(f))
    if not reach <= box.reach:  # also when a product of scales overflowed to nan
        raise SvgRefused(f"{where} reaches {reach:.3g} units from the drawing's origin once "
                         f"transformed, more than {REACH:g} times its view box: scale it "
                         "down or fix its transform")
    return matrix, strokes


def path(data: str, what: str, work: Work) -> float:
    """Check SVG path data (its grammar, each number, the points it reaches); returns the
    largest coordinate it reaches.  Raises :class:`SvgRefused`."""
    at = _skip(data, 0)
    if at == len(data):
        return 0.0
    if data[at] not in "Mm":
        raise SvgRefused(f"{what}: path data starts with 'M' (move to), not "
                         f"{_shown(data[at:at + 10])}")
    x = y = largest = 0.0
    command = ""
    while True:
        at = _skip(data, at)
        if at == len(data):
            return largest
        if data[at].lower() in _ARGUMENTS:
            command, at = data[at], at + 1
        elif command.lower() == "z" or not command:
            raise SvgRefused(f"{what}: {_shown(data[at:at + 10])} where a path command "
                             "(M, L, C, Z...) belongs")
        count = _ARGUMENTS[command.lower()]
        if count == 0:
            continue
        args, at = _arguments(data, at, command, count, what)
        work.spend(count)
        relative = command.islower()
        before = max(abs(x), abs(y)) if relative else 0.0
        if command in "Hh":
            x = args[0] + (x if relative else 0.0)
        elif command in "Vv":
            y = args[0] + (y if relative else 0.0)
        else:
            x, y = (args[-2] + x, args[-1] + y) if relative else (args[-2], args[-1])
        # control points lie within the numbers' size of the point the command starts at
        largest = max(largest, abs(x), abs(y), before + max(abs(v) for v in args))
        if largest > MOST_NUMBER:
            raise SvgRefused(f"{what}: the path reaches {largest:.7g}, past "
                             f"{MOST_NUMBER:,.0f} (SVG numbers here stay within that size)")
        if command in "Mm":
            command = "l" if relative else "L"  # pairs after a move are lines


def _skip(data: str, at: int) -> int:
    """Past the spaces and commas at ``at``."""
    found = _SEPARATOR.match(data, at)
    return found.end() if found is not None else at


def _arguments(data: str, at: int, command: str, count: int,
               what: str) -> tuple[list[float], int]:
    args: list[float] = []
    for index in range(count):
        if command in "Aa" and index in (3, 4):  # arc flags: one digit, maybe unspaced
            flag = _FLAG.match(data, at)
            if flag is None:
                raise SvgRefused(f"{what}: an arc's flags are 0 or 1, not "
                                 f"{_shown(data[at:at + 10])}")
            args.append(float(flag.group(1)))
            at = flag.end()
            continue
        at = _skip(data, at)
        found = _NUMBER.match(data, at)
        if found is None and at < len(data):
            raise SvgRefused(f"{what}: {_shown(data[at:at + 10])} is not a number, and "
                             f"'{command}' takes {count}")
        if found is None:
            raise SvgRefused(f"{what}: the path data ends before the {count} numbers "
                             f"'{command}' takes")
        args.append(_in_range(float(found.group()), what, found.group()))
        at = found.end()
    return args, at


def transform(text: str, what: str, work: Work) -> Matrix:
    """The matrix of an SVG ``transform`` list; raises :class:`SvgRefused`."""
    matrix = IDENTITY
    at = 0
    while True:
        found = _TRANSFORM.match(text, at)
        if found is None:
            if text[at:].strip(" \t\r\n,"):
                raise SvgRefused(f"{what} is {_shown(text)}: write translate(), scale(), "
                                 "rotate(), skewX(), skewY() or matrix() with numbers")
            return matrix
        name, inside = found.group(1), found.group(2)
        args = [number(v, what) for v in re.split(r"[\s,]+", inside.strip()) if v]
        work.spend(len(args))
        if len(args) not in _TRANSFORM_ARGUMENTS[name]:
            raise SvgRefused(f"{what}: {name}() takes "
                             f"{' or '.join(map(str, _TRANSFORM_ARGUMENTS[name]))} numbers, "
                             f"not {len(args)}")
        matrix = _times(matrix, _one(name, args))
        at = found.end()


def _one(name: str, args: list[float]) -> Matrix:
    if name == "matrix":
        return args[0], args[1], args[2], args[3], args[4], args[5]
    if name == "translate":
        return 1.0, 0.0, 0.0, 1.0, args[0], args[1] if len(args) > 1 else 0.0
    if name == "scale":
        return args[0], 0.0, 0.0, args[-1], 0.0, 0.0
    turn = math.radians(args[0])
    if name == "rotate":
        cos, sin = math.cos(turn), math.sin(turn)
        cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
        return cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy
    slant = math.tan(turn)
    return (1.0, 0.0, slant, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, slant, 0.0, 1.0,
                                                                     0.0, 0.0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s,
            a * t + c * u + e, b * t + d * u + f)


def _length(text: str, what: str, box: Box, work: Work) -> float:
    """The size of one length, in user units at most (a unit multiplies the number)."""
    found = _LENGTH.fullmatch(text)
    if found is None:
        raise SvgRefused(f"{what} is {_shown(text)}, which is not a length (a number, maybe "
                         "with px, pt, mm, cm, in or %)")
    work.spend(1)
    value = abs(_in_range(float(found.group(1)), what, found.group(1)))
    unit = found.group(2) or ""
    if unit == "%" and what.rsplit(" ", 1)[-1] not in _PERCENT:
        raise SvgRefused(f"{what} is {_shown(text)}: a percentage is of the view box's width "
                         "or height, which this length is neither; give it in user units")
    return value * (max(box.width, box.height) / 100 if unit == "%" else _UNITS[unit])


def _dashes(text: str, what: str, box: Box, work: Work) -> float:
    if text.strip() == "none":
        return 0.0
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not parts:
        raise SvgRefused(f"{what} is empty: write 'none' or dash lengths")
    sizes = []
    for part in parts:
        if part.lstrip().startswith("-"):
            raise SvgRefused(f"{what} is {_shown(text)}: dash lengths cannot be negative")
        sizes.append(_length(part, what, box, work))
    if sum(sizes) <= 0:
        raise SvgRefused(f"{what} is {_shown(text)}: its dashes add up to nothing, which no "
                         "PDF can draw; write 'none' for a solid line")
    return max(sizes)


def _plain(text: str, what: str) -> float:
    text = text.strip()
    return number(text[:-1] if text.endswith("%") else text, what)


def _points(text: str, what: str, work: Work) -> float:
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if len(parts) % 2:
        raise SvgRefused(f"{what} has an odd count of numbers ({len(parts)}): points are "
                         "pairs 'x,y'")
    work.spend(len(parts))
    return max((abs(number(p, what)) for p in parts), default=0.0)


def _in_range(value: float, what: str, text: str) -> float:
    if not abs(value) <= MOST_NUMBER:  # also nan
        raise SvgRefused(f"{what} holds {_shown(text)}, out of range: SVG numbers here are at "
                         f"most {MOST_NUMBER:,.0f} in size")
    return value


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:40] + "...")
