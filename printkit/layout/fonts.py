"""Register the fonts printkit draws with, so every PDF embeds the same font files.

Without this, svglib would resolve a family name through the machine's fontconfig and the
output would differ from one computer to the next.  Bitstream Vera ships with reportlab.
"""

from __future__ import annotations

import functools
from pathlib import Path

import reportlab
from reportlab.graphics import shapes
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from svglib import fonts as svg_fonts

from printkit.render.svg import FONT_FAMILY

_VERA_DIR = Path(reportlab.__file__).parent / "fonts"
_VERA = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bolditalic": "VeraBI.ttf",
}

_SVG_STYLES = {
    ("normal", "normal"): "regular",
    ("bold", "normal"): "bold",
    ("normal", "italic"): "italic",
    ("bold", "italic"): "bolditalic",
}

REGULAR = "PK-Vera"
BOLD = "PK-Vera-Bold"
ITALIC = "PK-Vera-Italic"
BOLD_ITALIC = "PK-Vera-BoldItalic"


@functools.cache
def register_fonts() -> None:
    """Register Vera for reportlab text and for the SVG family ``Vera`` (idempotent)."""
    names = {"regular": REGULAR, "bold": BOLD, "italic": ITALIC, "bolditalic": BOLD_ITALIC}
    for style, file_name in _VERA.items():
        pdfmetrics.registerFont(TTFont(names[style], str(_VERA_DIR / file_name)))
    # reportlab's graphics renderer selects its default font before drawing anything;
    # make that our embedded font so no PDF refers to a font it does not carry
    shapes.STATE_DEFAULTS["fontName"] = REGULAR
    font_map = svg_fonts.get_global_font_map()
    for (weight, style), key in _SVG_STYLES.items():
        font_map.register_font(FONT_FAMILY, str(_VERA_DIR / _VERA[key]), weight=weight,
                               style=style, rlgFontName=names[key])
    # last: svglib's registration above re-registers each face on its own, which would
    # otherwise drop the bold and italic links that paragraph markup (<b>, <i>) follows
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)
