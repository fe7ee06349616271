"""Colours in a definition's SVG drawings, checked the way the PDF writer will read them.

svglib, which draws what printkit's own reader does not, takes ``#rgb``, ``#rgba``,
``#rrggbb`` and ``#rrggbbaa``, the CSS functions reportlab parses (``rgb()``, ``rgba()``,
``hsl()``, ``hsla()``, ``cmyk()``...) and reportlab's colour names; anything else it reports
on stderr and leaves unpainted, and some malformed values (``#zzzzzz``, ``rgb(1,2)``) stop
it with an error.  :func:`colour_problem` accepts exactly what it draws, so ``check`` refuses
the rest with a message instead.
"""

from __future__ import annotations

import functools

COLOUR_ATTRIBUTES = ("fill", "stroke", "color", "stop-color")
"""The attributes (or style declarations) whose value is a colour."""
KEYWORDS = ("none", "currentColor")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


@functools.lru_cache(maxsize=4096)
def colour_problem(value: str) -> str | None:
    """Why the PDF writer cannot paint ``value``, or ``None`` if it can."""
    if value in KEYWORDS:
        return None
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) in (3, 4, 6, 8) and set(digits) <= _HEX_DIGITS:
            return None
        return "is not a colour: a # takes 3, 4, 6 or 8 hexadecimal digits"
    from reportlab.lib import colors  # small; the drawing side is not loaded

    try:
        parsed = colors.cssParse(value)
    except Exception as exc:  # reportlab refuses a malformed function in several ways
        return f"is not a colour the PDF writer reads ({str(exc)[:80]})"
    if parsed is not None or isinstance(getattr(colors, value, None), colors.Color):
        return None
    return ("is not a colour the PDF writer knows: write #rrggbb, rgb(r, g, b) or a "
            "colour name such as 'navy'")
