"""Ready-made PDF operator text for what is drawn the same way again and again.

reportlab's canvas methods keep a graphics state and format every number on every call;
a placement or a line of text repeated on hundreds of pages is cheaper written as the
operators themselves, made once where they do not change.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas


def number(value: float) -> str:
    """``value`` as PDF writes numbers (reportlab's own formatting)."""
    return str(fp_str(value))


def text_code(canvas: Canvas, font_name: str, size: float, x: float, y: float, text: str,
              *, anchor: str = "start", flip: bool = False) -> str:
    """Operators that set one line of ``text`` in a registered TrueType font, its baseline
    at (x, y), starting there, centred on it (``middle``) or ending there (``end``);
    ``flip`` for a y-down space.  The words are encoded in this document's font subsets."""
    font = pdfmetrics.getFont(font_name)
    if not font._dynamicFont:
        raise ValueError(f"{font_name} is not an embedded TrueType font")
    if anchor != "start":
        width = font.stringWidth(text, size)
        x -= width / 2 if anchor == "middle" else width
    doc = canvas._doc
    size_text = number(size)
    runs = " ".join(f"{font.getSubsetInternalName(subset, doc)} {size_text} Tf "
                    f"({escapePDF(chunk)}) Tj" for subset, chunk in font.splitString(text, doc))
    return f"BT 1 0 0 {'-1' if flip else '1'} {number(x)} {number(y)} Tm {runs} ET"


Segment = tuple[float, float, float, float]
"""A straight line from (x0, y0) to (x1, y1)."""


def stroke_path(segments: Sequence[Segment]) -> str:
    """The segments as one path (not painted)."""
    return " ".join(f"{number(x0)} {number(y0)} m {number(x1)} {number(y1)} l"
                    for x0, y0, x1, y1 in segments)


def stroke_code(segments: Sequence[Segment], width: float) -> str:
    """Every segment in one path, stroked ``width`` points wide in the current stroke
    colour."""
    return f"{number(width)} w {stroke_path(segments)} S"


KAPPA = 0.5522847498
"""Control-point distance of a Bézier quarter circle, as a share of the radius."""


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> str:
    """An ellipse as four Bézier curves, closed (not painted)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    p = number
    return (f"{p(cx + rx)} {p(cy)} m "
            f"{p(cx + rx)} {p(cy + ky)} {p(cx + kx)} {p(cy + ry)} {p(cx)} {p(cy + ry)} c "
            f"{p(cx - kx)} {p(cy + ry)} {p(cx - rx)} {p(cy + ky)} {p(cx - rx)} {p(cy)} c "
            f"{p(cx - rx)} {p(cy - ky)} {p(cx - kx)} {p(cy - ry)} {p(cx)} {p(cy - ry)} c "
            f"{p(cx + kx)} {p(cy - ry)} {p(cx + rx)} {p(cy - ky)} {p(cx + rx)} {p(cy)} c h")


def circle_code(cx: float, cy: float, r: float) -> str:
    """A circle as a closed path (not painted)."""
    return ellipse_path(cx, cy, r, r)
