"""The words printkit prints for a game (page labels, sheet titles, assembly pages) in the
game's own font stack.

A kit is built for one definition at a time, inside
:func:`~printkit.definition.fontstack.game_fonts` with the definition's stack (its
``style: font`` and ``style: fallback``); outside it (a drawing with no definition behind
it) these words are set in Bitstream Vera, with DejaVu Sans for what Vera lacks.  A line
whose characters one face has is one run, set exactly as the PDF writers set it before
stacks existed; a line that needs several faces is several runs in one text object.  The
titles' characters are checked against the stack when the definition is loaded
(:mod:`printkit.definition.sheetwords`), so nothing is left to print as an empty box.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.definition.fonts import FontFace
from printkit.definition.fontstack import current_stack, house_stack, split_runs
from printkit.pdf.fonts import register_fonts
from printkit.pdf.pdfops import number, text_code


def faces(*, bold: bool, house: bool = False) -> tuple[FontFace, ...]:
    """The faces a line is set in, in order (a family without a bold face lends its
    regular one, so a title in a one-face font is still in that font); ``house`` for
    printkit's own documents (the rules booklet), set in Vera with DejaVu Sans after it
    whatever the game's fonts."""
    stack = house_stack() if house else current_stack()
    found = []
    for family in stack.families:
        face = family.face(bold=bold, italic=False) or family.face(bold=False, italic=False)
        if face is not None:
            found.append(face)
    return tuple(found)


def runs(text: str, *, bold: bool, house: bool = False) -> list[tuple[str, FontFace]]:
    """``text`` as runs, each in the first face that has its letters."""
    return split_runs(text, faces(bold=bold, house=house))[0]


def width(text: str, size: float, *, bold: bool, house: bool = False) -> float:
    """The width of ``text`` at ``size`` points, as :func:`words_code` sets it (measured by
    the PDF writer, as the writers measured their words before stacks)."""
    register_fonts()
    return sum(float(pdfmetrics.stringWidth(chunk, face.name, size))
               for chunk, face in runs(text, bold=bold, house=house))


def font_name(*, bold: bool, covering: str = "") -> str:
    """The PDF font name of the first face of the stack that has every character of
    ``covering`` (else of the stack's first face), for words a writer sets itself in one
    font through the canvas."""
    register_fonts()
    found = faces(bold=bold)
    return next((f.name for f in found if all(f.covers(c) for c in covering if c != " ")),
                found[0].name)


def words_code(canvas: Canvas, size: float, x: float, y: float, text: str, *,
               bold: bool = False, anchor: str = "start", flip: bool = False,
               house: bool = False) -> str:
    """Operators that set ``text`` (one line) in the kit's stack, as
    :func:`printkit.pdf.pdfops.text_code` does in one font."""
    register_fonts()
    parts = runs(text, bold=bold, house=house)
    if len(parts) <= 1:
        name = parts[0][1].name if parts else faces(bold=bold, house=house)[0].name
        return text_code(canvas, name, size, x, y, text, anchor=anchor, flip=flip)
    return runs_code(canvas, parts, size, x, y, anchor=anchor, flip=flip)


def runs_start(parts: list[tuple[str, FontFace]], size: float, x: float,
               anchor: str) -> float:
    """Where a line given as runs starts so that (x, y) is its start, middle or end."""
    if anchor == "start":
        return x
    total = sum(float(pdfmetrics.stringWidth(chunk, face.name, size)) for chunk, face in parts)
    return x - (total / 2 if anchor == "middle" else total)


def runs_code(canvas: Canvas, parts: list[tuple[str, FontFace]], size: float, x: float,
              y: float, *, anchor: str = "start", flip: bool = False) -> str:
    """Operators that set one line given as runs, each in its face, in one text object (the
    writer moves on by each run's width)."""
    register_fonts()
    x = runs_start(parts, size, x, anchor)
    doc = canvas._doc
    size_text = number(size)
    code: list[str] = []
    for chunk, face in parts:
        font = pdfmetrics.getFont(face.name)
        code.extend(f"{font.getSubsetInternalName(subset, doc)} {size_text} Tf "
                    f"({escapePDF(piece)}) Tj" for subset, piece in font.splitString(chunk, doc))
    return f"BT 1 0 0 {'-1' if flip else '1'} {number(x)} {number(y)} Tm {' '.join(code)} ET"


def draw(canvas: Canvas, size: float, x: float, y: float, text: str, *, bold: bool = False,
         anchor: str = "start", house: bool = False) -> None:
    """Set ``text`` on the canvas's page in its current fill colour, for the writers that
    draw through the canvas's own methods: a line in one face is drawn by those methods
    (as it always was), a line of several runs as operators."""
    parts = runs(text, bold=bold, house=house)
    if len(parts) > 1:
        canvas._code.append(words_code(canvas, size, x, y, text, bold=bold, anchor=anchor,
                                       house=house))
        return
    register_fonts()
    canvas.setFont(parts[0][1].name if parts else faces(bold=bold, house=house)[0].name, size)
    anchored_string(canvas, x, y, text, anchor)


def anchored_string(canvas: Canvas, x: float, y: float, text: str, anchor: str) -> None:
    """``text`` in the canvas's current font, starting at (x, y), centred on it
    (``middle``) or ending there (``end``)."""
    if anchor == "middle":
        canvas.drawCentredString(x, y, text)
    elif anchor == "end":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)
