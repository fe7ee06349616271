"""Colours in a definition's SVG drawings, checked the way the PDF writer will read them.

svglib, which draws what printkit's own reader does not, takes ``#rgb``, ``#rgba``,
``#rrggbb`` and ``#rrggbbaa``, the CSS functions reportlab parses (``rgb()``, ``rgba()``,
``hsl()``, ``hsla()``, ``cmyk()``...) and reportlab's colour names; anything else it reports
on stderr and leaves unpainted, and some malformed values (``#zzzzzz``, ``rgb(1,2)``) stop
it with an error.  :func:`colour_problem` accepts exactly what it draws, so ``check`` refuses
the rest with a message instead.

A drawing's colours may also be any opaque CSS colour a definition may write (``crimson``,
``RebeccaPurple``, ``hsl(348, 83%, 47%)``: :mod:`printkit.definition.csscolours`); the kept
``fill`` and ``stroke`` are then written as ``#rrggbb`` (:func:`written_colour`), which both
PDF writers read alike.
"""

from __future__ import annotations

import functools

from printkit.definition.csscolours import ColourError, read_colour

COLOUR_ATTRIBUTES = ("fill", "stroke", "color", "stop-color")
"""The attributes (or style declarations) whose value is a colour."""
KEYWORDS = ("none", "currentColor")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


@functools.lru_cache(maxsize=4096)
def written_colour(value: str) -> str:
    """``value`` as ``#rrggbb`` when it is an opaque CSS name or function, else as it is (a
    keyword, a # form, or a form only the PDF writer's fallback reads, checked by
    :func:`colour_problem`).

    >>> written_colour("RebeccaPurple"), written_colour("currentColor"), written_colour("#f00a")
    ('#663399', 'currentColor', '#f00a')
    """
    if value in KEYWORDS or value.startswith("#"):  # both writers read # as it is
        return value
    try:
        return read_colour(value)
    except ColourError:
        return value


@functools.lru_cache(maxsize=4096)
def colour_problem(value: str) -> str | None:
    """Why the PDF writer cannot paint ``value``, or ``None`` if it can."""
    if value in KEYWORDS:
        return None
    if value.startswith("#"):
        return _hex_problem(value)
    if written_colour(value) != value:  # an opaque CSS colour, written as #rrggbb
        return None
    from reportlab.lib import colors  # small; the drawing side is not loaded

    try:
        parsed = colors.cssParse(value)
    except Exception as exc:  # reportlab refuses a malformed function in several ways
        return f"is not a colour the PDF writer reads ({str(exc)[:80]})"
    if parsed is not None or isinstance(getattr(colors, value, None), colors.Color):
        return None
    return ("is not a colour the PDF writer knows: write #rrggbb, rgb(r, g, b) or a "
            "colour name such as 'navy'")


def _hex_problem(value: str) -> str | None:
    digits = value[1:]
    if len(digits) in (3, 4, 6, 8) and set(digits) <= _HEX_DIGITS:
        return None
    return "is not a colour: a # takes 3, 4, 6 or 8 hexadecimal digits"
