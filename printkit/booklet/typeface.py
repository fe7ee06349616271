"""The booklet's type: the definition's font stack, tried per character.

A booklet is set in the definition's ``style: font``, then its ``style: fallback`` fonts,
then printkit's DejaVu Sans (always last, so the machinery's own English words and most
scripts have a glyph).  A shipped game set in Vera gets Vera with DejaVu Sans after it,
as booklets always were.  A family without an italic (or bold) face lends its upright (or
regular) one, so a designer's one-weight font still sets the whole booklet.

Text is split into runs, each in the first face of the stack that has its letters
(:func:`~printkit.definition.fontstack.split_runs`): paragraph markup wraps a run in
another face in a ``<font name=...>`` tag, and words drawn on the canvas are set run by
run.  A line whose characters the first face has is written exactly as before stacks, so
shipped booklets keep their bytes.  The stack itself, and the check that every character
of the booklet has a glyph in it, are :mod:`printkit.booklet.glyphs`.
"""

from __future__ import annotations

from html import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.booklet.glyphs import stack_faces
from printkit.definition.fonts import FontFace, shipped_families
from printkit.definition.fontstack import FontStack, split_runs
from printkit.pdf import sheettext
from printkit.pdf.fonts import register_fonts

CSS_TAIL = ("Verdana", '"Segoe UI"', "sans-serif")
GENERIC = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"})
"""CSS generic families, never quoted and always last."""
"""What the HTML booklet names after the stack, for a browser without its fonts."""
_CSS_NAMES = {"Vera": '"Bitstream Vera Sans"'}
"""Shipped families under the name a reader's system knows them by."""


def faces(stack: FontStack, *, bold: bool = False, italic: bool = False
          ) -> tuple[FontFace, ...]:
    """The faces a text of this weight and slant is set in, in order."""
    return stack_faces(stack, bold=bold, italic=italic)


def font(stack: FontStack, *, bold: bool = False, italic: bool = False) -> str:
    """The PDF name of the stack's first face of this weight and slant."""
    register_fonts()
    return faces(stack, bold=bold, italic=italic)[0].name


def runs(stack: FontStack, text: str, *, bold: bool = False, italic: bool = False
         ) -> list[tuple[str, FontFace]]:
    """``text`` as runs, each in the first face that has its letters."""
    return split_runs(text, faces(stack, bold=bold, italic=italic))[0]


def width(stack: FontStack, text: str, size: float, *, bold: bool = False,
          italic: bool = False) -> float:
    """The width of ``text`` at ``size`` points, set run by run."""
    register_fonts()
    return sum(float(pdfmetrics.stringWidth(chunk, face.name, size))
               for chunk, face in runs(stack, text, bold=bold, italic=italic))


def marked(stack: FontStack, text: str, *, bold: bool = False, italic: bool = False,
           quote: bool = False) -> str:
    """``text`` as paragraph markup (escaped, quotes too with ``quote``), a run in a face
    other than the first in a ``<font>`` tag naming that face; a text the first face
    covers is only escaped."""
    register_fonts()
    first = faces(stack, bold=bold, italic=italic)[0]
    out = []
    for chunk, face in runs(stack, text, bold=bold, italic=italic):
        words = escape(chunk, quote=quote)
        out.append(words if face is first else f'<font name="{face.name}">{words}</font>')
    return "".join(out)


def draw(canvas: Canvas, stack: FontStack, size: float, x: float, y: float, text: str, *,
         bold: bool = False, italic: bool = False, anchor: str = "start",
         set_font: bool = True) -> bool:
    """Set one line on the canvas in its current fill colour: a line in one face through
    the canvas's own methods (as before stacks), a line of several faces run by run.
    ``set_font=False`` leaves the canvas's font alone when it is already the line's (lines
    set one under the other); the answer is whether the line took several faces (the
    canvas's font is then not the one its state says)."""
    register_fonts()
    parts = runs(stack, text, bold=bold, italic=italic)
    if len(parts) > 1:  # one text object, a run in each face (a booklet page's text is
        # set through text objects only: :mod:`printkit.pdf.pagerecipe` records them)
        line = canvas.beginText(sheettext.runs_start(parts, size, x, anchor), y)
        for chunk, face in parts:
            line.setFont(face.name, size)
            line.textOut(chunk)
        canvas.drawText(line)
        return True
    name = parts[0][1].name if parts else font(stack, bold=bold, italic=italic)
    if set_font or canvas._fontname != name or canvas._fontsize != size:
        canvas.setFont(name, size)
    sheettext.anchored_string(canvas, x, y, text, anchor)
    return False


def css_fonts(stack: FontStack) -> str:
    """The HTML booklet's ``font-family`` list: the same stack (a definition's font by the
    key the preview serves it under, then by its name and the names it has on the system),
    then a few common fonts, and last the generic family of the definition's font (its own
    design: serif for a serif font)."""
    shipped = shipped_families()
    names: list[str] = []
    generic: str | None = None
    for family in stack.families:
        known = _CSS_NAMES.get(family.name)
        if known:
            candidates = [known]
        elif family.name in shipped and shipped[family.name].key == family.key:
            candidates = [_quoted(family.key), _quoted(family.name)]
        else:
            candidates = [_quoted(family.key), _quoted(family.name),
                          *(_quoted(n) for n in family.fallbacks if n not in GENERIC)]
            generic = generic or next((n for n in family.fallbacks if n in GENERIC), None)
        for name in candidates:
            if name not in names:
                names.append(name)
    tail = [t for t in CSS_TAIL if t not in GENERIC]
    return ", ".join([*names, *tail, generic or "sans-serif"])


def _quoted(name: str) -> str:
    """``name`` as a CSS string inside the page's ``<style>``: the characters that could
    end the string, the rule or the element are left out."""
    return '"' + "".join(c for c in name if c.isprintable() and c not in '"\\<>{};') + '"'
