"""Register the fonts printkit draws with, so every PDF embeds the same font files.

Without this, svglib would resolve a family name through the machine's fontconfig and the
output would differ from one computer to the next.  Bitstream Vera ships with reportlab
(the sheets' labels and the shipped game's faces use it); DejaVu Sans ships with printkit
(the default of layouts); a definition's own families are registered under the key
:mod:`printkit.definition.fonts` gave them when the definition was loaded, the same key its faces'
SVG names first in ``font-family``.
"""

from __future__ import annotations

import functools
import io
from typing import cast

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.definition.fontcheck import verified
from printkit.definition.fonts import FontFace, FontFamily, families_in_use, shipped_families

_SVG_STYLES = {
    "regular": ("normal", "normal"),
    "bold": ("bold", "normal"),
    "italic": ("normal", "italic"),
    "bold_italic": ("bold", "italic"),
}
"""Each style of a family as SVG's (font-weight, font-style)."""

REGULAR = "PK-Vera"
BOLD = "PK-Vera-Bold"
ITALIC = "PK-Vera-Italic"
BOLD_ITALIC = "PK-Vera-BoldItalic"

USER_PREFIX = "PK-U"
"""How the names :mod:`printkit.definition.fonts` gives a definition's faces begin (the digest
of the file's bytes follows)."""

_REGISTERED: set[str] = set()
"""Keys of the families registered so far in this run."""


def register_fonts() -> None:
    """Register every family a definition may draw with (idempotent; call before drawing).

    The shipped families are registered once; a family a definition loaded since the last
    call is registered now.
    """
    _register_shipped()
    for family in families_in_use():
        if family.key not in _REGISTERED:
            _register(family)


@functools.cache
def _register_shipped() -> None:
    from reportlab.graphics import shapes  # the drawing side: loaded when drawing begins

    shipped = shipped_families()
    vera = shipped["Vera"]
    if {face.name for face in vera.faces.values()} != {REGULAR, BOLD, ITALIC, BOLD_ITALIC}:
        raise RuntimeError("the Vera faces and the PDF font names disagree")
    _register(vera)
    # reportlab's graphics renderer selects its default font before drawing anything;
    # make that our embedded font so no PDF refers to a font it does not carry
    shapes.STATE_DEFAULTS["fontName"] = REGULAR
    for name, family in shipped.items():
        if name != "Vera":
            _register(family)


def _register(family: FontFamily) -> None:
    """Register a family's faces with reportlab and with svglib (under its key)."""
    from svglib import fonts as svg_fonts  # the drawing side: loaded when drawing begins

    font_map = svg_fonts.get_global_font_map()
    for face in family.faces.values():
        pdfmetrics.registerFont(TTFont(face.name, _source(face)))
    for style, face in family.faces.items():
        weight, slant = _SVG_STYLES[style]
        # svglib hands the source to reportlab's TTFont, which reads a file object too
        font_map.register_font(family.key, cast(str, _source(face)), weight=weight,
                               style=slant, rlgFontName=face.name)
    # last: svglib's registration above re-registers each face on its own, which would
    # otherwise drop the bold and italic links that paragraph markup (<b>, <i>) follows
    regular = family.faces.get("regular")
    if regular is not None:
        names = {style: face.name for style, face in family.faces.items()}
        pdfmetrics.registerFontFamily(
            regular.name, normal=regular.name, bold=names.get("bold", regular.name),
            italic=names.get("italic", regular.name),
            boldItalic=names.get("bold_italic", regular.name))
    _REGISTERED.add(family.key)


def _source(face: FontFace) -> str | io.BytesIO:
    """Where reportlab reads ``face`` from: a definition's font from the very bytes
    :mod:`printkit.definition.fontcheck` checked (its name holds their digest), so a file changed
    between ``check`` and drawing is never read; a shipped font from its file."""
    if not face.name.startswith(USER_PREFIX):
        return str(face.path)
    data = verified(face.name.removeprefix(USER_PREFIX))
    if data is None:  # a definition's faces are checked as it loads, just before drawing
        raise RuntimeError(f"the font {face.path} was not checked in this run")
    return io.BytesIO(data)
