"""Lengths written as text ("63.5mm", "2.5in", "9pt", "1cm") converted to PostScript points.

One place converts units; anything it does not know is an error, never passed through.
"""

from __future__ import annotations

import re

POINTS_PER_INCH = 72.0
MM = POINTS_PER_INCH / 25.4
MOST_BLEED = 6 * MM
"""The most bleed a definition or ``--bleed`` may ask for (6 mm), in points."""
"""Points in one millimetre."""

_FACTORS: dict[str, float] = {
    "pt": 1.0,
    "mm": MM,
    "cm": 10 * MM,
    "in": POINTS_PER_INCH,
    "pc": 12.0,
}
_SIZE_SEPARATOR = re.compile("\\s*\u00d7\\s*|\\s+[xX]\\s+|(?<=[a-z])[xX](?=[0-9.])")
_LENGTH = re.compile(r"^\s*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))\s*([a-zA-Z]*)\s*$")
"""A number and a unit; the digits are 0-9 only (Python's ``float`` reads other scripts'
digits too, which a file name made from the length would then lose)."""


LONGEST = 100_000 * MM
"""No length printkit reads is longer than 100 m."""


class UnitError(ValueError):
    """A length could not be read; the message says what was expected."""


def _shown(text: object) -> str:
    """``repr(text)``, cut short for a message."""
    words = repr(text)
    return words if len(words) <= 40 else words[:36] + "...'"


def parse_length(text: str | float | int) -> float:
    """Points in a length such as ``"63.5mm"``; a bare number is an error (no guessing).

    >>> round(parse_length("1in"), 3)
    72.0
    >>> round(parse_length("25.4 mm"), 3)
    72.0
    """
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise UnitError(f"expected a length such as '3mm', not {_shown(text)}")
    if not isinstance(text, str):
        if text == 0:
            return 0.0
        raise UnitError(f"length {_shown(text)} needs a unit: mm, cm, in, pt or pc "
                        f"(e.g. '{_shown(text)}mm')")
    match = _LENGTH.match(text) if len(text) < 40 else None
    if not match:
        raise UnitError(f"expected a length such as '3mm', not {_shown(text)}")
    number, unit = match.groups()
    if not unit:
        if float(number) == 0:
            return 0.0
        raise UnitError(f"length {_shown(text)} needs a unit: mm, cm, in, pt or pc "
                        f"(e.g. '{number}mm')")
    factor = _FACTORS.get(unit.lower())
    if factor is None:
        raise UnitError(f"unknown unit {unit!r} in {_shown(text)}: use mm, cm, in, pt or pc")
    points = float(number) * factor
    if abs(points) > LONGEST:
        raise UnitError(f"length {_shown(text)} is longer than the 100 m printkit reads")
    return points


def parse_size(text: str) -> tuple[float, float]:
    """A ``"W x H"`` pair of lengths in points: ``"63.5mm x 88.9mm"``, ``"2.5in x 3.5in"``."""
    parts = _SIZE_SEPARATOR.split(text.strip())
    if len(parts) != 2:
        raise UnitError("expected a size 'WIDTH x HEIGHT' such as '63mm x 88mm', not "
                        f"{_shown(text)}")
    return parse_length(parts[0]), parse_length(parts[1])


def to_mm(points: float) -> float:
    """Millimetres in ``points``."""
    return points / MM


def format_mm(points: float) -> str:
    """``points`` as a short millimetre string: ``"63.5mm"``."""
    value = round(to_mm(points), 2)
    return f"{value:g}mm"
