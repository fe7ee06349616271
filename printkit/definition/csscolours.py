"""Colours as CSS writes them, read by one function for every colour a definition gives.

A definition's colour may be any CSS colour: one of the 148 CSS names (``crimson``,
``gold``, ``rebeccapurple``...), ``#rgb``, ``#rrggbb`` (and ``#rgba``, ``#rrggbbaa`` when
fully opaque), or a CSS function, ``rgb()``, ``hsl()``, ``hwb()``, ``lab()``, ``lch()``,
``oklab()``, ``oklch()`` or ``color()``, in the comma or space form.  The names and the
functions are read by `coloraide <https://facelessuser.github.io/coloraide/>`_, a
maintained colour library printkit already uses for its colour-vision check, so a name
means exactly what it means in a browser (``red`` is ``#ff0000``).  ``none`` (and
``transparent``) paints nothing.

Every colour comes out as ``#rrggbb`` (or ``none``), the one form the PDF writer's own SVG
reader takes, so a name costs nothing when the cards are drawn.  What cannot be printed
as it is, is refused with the reason rather than changed: a see-through colour (printkit
paints colours solid; a layout element has ``opacity``) and a colour outside sRGB, the
colours an RGB print file holds (the message gives the nearest one inside).

>>> read_colour("Crimson"), read_colour("#ABC"), read_colour("rgb(255 215 0)")
('#dc143c', '#aabbcc', '#ffd700')
>>> read_colour("hsl(120, 50%, 50%)"), read_colour("transparent")
('#40bf40', 'none')
>>> read_colour("crimsom")
Traceback (most recent call last):
...
printkit.definition.csscolours.ColourError: 'crimsom' is not a colour (did you mean 'crimson'?): \
write a CSS colour: a name such as 'crimson', '#rrggbb', 'rgb(220, 20, 60)' or \
'hsl(348, 83%, 47%)'
"""

from __future__ import annotations

import functools
import re

from printkit.errors import did_you_mean

NONE = ("none", "transparent")
"""Words for no paint at all."""
FUNCTIONS = ("rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color")
"""The CSS colour functions read."""
LONGEST = 120
"""No colour is longer than this (a longer text is a mistake, never parsed)."""
_HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNCTION = re.compile(r"([a-z-]+)\s*\(")
EXAMPLES = "a name such as 'crimson', '#rrggbb', 'rgb(220, 20, 60)' or 'hsl(348, 83%, 47%)'"
"""The forms a message suggests."""


class ColourError(ValueError):
    """A text that is not a colour printkit can print; the message says why."""


def colour_names() -> tuple[str, ...]:
    """Every CSS colour name, sorted (from coloraide's table, loaded on first use)."""
    return _names()


@functools.lru_cache(maxsize=1)
def _names() -> tuple[str, ...]:
    from coloraide.css.color_names import name2val_map  # about 75 ms, only when named

    return tuple(sorted(name2val_map))


@functools.lru_cache(maxsize=4096)
def read_colour(value: str) -> str:
    """``value`` as ``#rrggbb`` (or ``none``); raises :class:`ColourError` saying why it
    is not a colour printkit prints."""
    text = value.strip().lower()
    shown = repr(value.strip()) if len(value) <= 60 else repr(value.strip()[:57] + "...")
    if text in NONE:
        return "none"
    if text.startswith("#"):
        return _hex(text, shown)
    if len(text) > LONGEST:
        raise ColourError(f"{shown} is not a colour: it is {len(text)} characters long")
    function = _FUNCTION.match(text)
    if function is not None:
        return _function(function.group(1), value.strip(), shown)
    if re.fullmatch(r"[a-z]+", text) and text in _names():
        return _solid(value.strip(), shown)
    raise ColourError(f"{shown} is not a colour" + did_you_mean(text, (*_names(), *NONE))
                      + f": write a CSS colour: {EXAMPLES}")


def _hex(text: str, shown: str) -> str:
    if _HEX.fullmatch(text) is None:
        raise ColourError(f"{shown} is not a colour: a # takes 3, 4, 6 or 8 hexadecimal "
                          "digits (0-9, a-f), such as '#1f3a6e'")
    digits = text[1:]
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    if len(digits) == 8 and digits[6:] != "ff":
        _see_through(shown, int(digits[6:], 16) / 255)
    return "#" + digits[:6]


def _function(name: str, text: str, shown: str) -> str:
    if name not in FUNCTIONS:
        raise ColourError(f"{shown} is not a colour: {name}() is not a CSS colour function"
                          + did_you_mean(name, FUNCTIONS) + "; the functions are: "
                          + ", ".join(f"{f}()" for f in FUNCTIONS))
    if "--" in text:  # coloraide's own spaces, color(--hsv ...), are not CSS
        raise ColourError(f"{shown} is not a CSS colour: color() takes a CSS colour space "
                          "such as srgb or display-p3")
    return _solid(text, shown)


def _solid(text: str, shown: str) -> str:
    """A name or a function read by coloraide, as ``#rrggbb``."""
    from coloraide import Color  # loaded only for a name or a function

    try:
        colour = Color(text)
    except ValueError:
        name = text.partition("(")[0].strip().lower()
        raise ColourError(f"{shown} is not a colour: {_form(name)}") from None
    if colour.alpha() < 1:
        _see_through(shown, colour.alpha())
    srgb = colour.convert("srgb")
    if not srgb.in_gamut():
        nearest = srgb.clone().fit("srgb").to_string(hex=True)
        raise ColourError(f"{shown} is outside sRGB, the colours a print file's RGB holds "
                          f"(the nearest inside is {nearest!r})")
    return str(srgb.to_string(hex=True))


def _form(name: str) -> str:
    """How a CSS colour function is written, for a message."""
    forms = {"rgb": "rgb() takes three numbers 0-255 (or percentages), such as "
                    "'rgb(220, 20, 60)' or 'rgb(220 20 60)'",
             "hsl": "hsl() takes a hue and two percentages, such as 'hsl(348, 83%, 47%)'",
             "hwb": "hwb() takes a hue and two percentages, such as 'hwb(348 8% 14%)'",
             "color": "color() takes a colour space and three numbers, such as "
                      "'color(srgb 0.86 0.08 0.24)'"}
    key = name.removesuffix("a") if name in ("rgba", "hsla") else name
    return forms.get(key, f"{name}() takes three numbers, as CSS writes it")


def _see_through(shown: str, alpha: float) -> None:
    raise ColourError(f"{shown} is see-through (alpha {alpha:.2g}): printkit paints a "
                      "colour solid, so write it without alpha (a layout element takes "
                      "opacity, such as opacity: 50%)")


__all__ = ["EXAMPLES", "FUNCTIONS", "NONE", "ColourError", "colour_names", "read_colour"]
