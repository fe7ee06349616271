"""The duplex calibration sheet: one sheet printed on both sides that shows how far a
printer shifts the back page, and says in millimetres what ``--back-offset`` undoes it.

The front carries a millimetre grid around the page centre; the back carries a red cross
placed where the centre lands once the sheet is turned over (:func:`mirror_slot`, the rule
the card sheets use), moved by the offset the sheet was built with.  Held against a window,
the cross shows the printer's shift as seen from the front.

The sign of the advice follows from the turn.  Seen from the front, a back-page shift
``s`` appears as ``L s``, where ``L`` mirrors the axis the sheet turns about (long-edge
flip on a portrait page: x).  ``--back-offset`` is measured on the paper as the printer
feeds it (:mod:`printkit.pdf.duplex`), which on a landscape sheet is a quarter turn from
the page, so :func:`advice` says which reading goes into which number, with which sign.
The sheet is laid out like the card sheets (portrait or landscape), so it is turned over
the same way as they are.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.pdf.duplex import flips_x, orientation, page_offset, paper_to_page, transpose
from printkit.pdf.geometry import INFO_BAND, Rect, SheetSpec, Slot, mirror_slot, sheet_grid
from printkit.pdf.label import draw_label
from printkit.pdf.paper import Paper
from printkit.pdf.pdfcanvas import new_canvas, saved
from printkit.pdf.sheettext import font_name
from printkit.units import MM

GRID = 20
"""Half the side of the reading grid, in millimetres."""
RED = (0.8, 0.0, 0.0)
GREY = (0.55, 0.55, 0.55)
INK = (0.1, 0.1, 0.1)
EXAMPLE = (2, 1)
"""The reading shown in the sheet's worked example (mm right, mm up)."""


@dataclass(frozen=True)
class Advice:
    """How a reading (x right, y up, seen from the front) turns into ``--back-offset``:
    each of the new offset's two numbers is its base plus or minus one of the reading's,
    in millimetres (``terms[i]`` is ``(sign, 0 for X or 1 for Y)``)."""

    terms: tuple[tuple[int, int], tuple[int, int]]
    base_x: float
    base_y: float

    def offset(self, x: float, y: float) -> tuple[float, float]:
        """The ``--back-offset`` (mm) that cancels a reading of ``x`` right and ``y`` up."""
        reading = (x, y)
        (sign_x, from_x), (sign_y, from_y) = self.terms
        return (self.base_x + sign_x * reading[from_x],
                self.base_y + sign_y * reading[from_y])

    def formula(self) -> str:
        """The advice as the sheet prints it: ``--back-offset=X,-Y`` (``1.5+X,-Y`` when the
        sheet was built with an offset; ``-Y,-X`` on a landscape sheet)."""
        (sign_x, from_x), (sign_y, from_y) = self.terms
        return f"--back-offset={_term(self.base_x, sign_x, 'XY'[from_x])},"\
               f"{_term(self.base_y, sign_y, 'XY'[from_y])}"


def _mm(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _term(base: float, sign: int, name: str) -> str:
    letter = name if sign > 0 else f"-{name}"
    if abs(base) < 1e-9:
        return letter
    return f"{_mm(base)}{'+' if sign > 0 else ''}{letter}"


def advice(paper: Paper, duplex: str, back_offset: tuple[float, float]) -> Advice:
    """What to build with after reading the sheet printed on ``paper`` (``back_offset`` in
    points, as built, in the paper's frame: :mod:`printkit.pdf.duplex`).

    A back shifted by ``s`` on its page is seen from the front at ``L s`` (``L`` mirrors
    the axis the sheet turns about), so a reading ``d`` asks for ``-L d`` more on the page,
    which is ``-P^T L d`` on the paper (``P`` takes the paper's frame to the page's).
    """
    mirror = ((-1, 0), (0, 1)) if flips_x(paper, duplex) else ((1, 0), (0, -1))
    (a, b), (c, d) = transpose(paper_to_page(paper))
    (m, _), (_, n) = mirror
    rows = ((-a * m, -b * n), (-c * m, -d * n))
    terms = tuple((row[0] + row[1], 0 if row[0] else 1) for row in rows)
    return Advice((terms[0], terms[1]), back_offset[0] / MM, back_offset[1] / MM)


def _grid(canvas: Canvas, cx: float, cy: float, half: int, unit: float, *,
          labels: bool) -> None:
    """A millimetre grid of ``2 * half`` squares a side centred on (cx, cy); ``unit`` is
    one millimetre of the grid on paper (larger in the worked example)."""
    with saved(canvas):
        for mm in range(-half, half + 1):
            major = mm % 5 == 0
            canvas.setLineWidth(0.9 if mm == 0 else 0.45 if major else 0.2)
            canvas.setStrokeColorRGB(*(INK if major else GREY))
            x, y = cx + mm * unit, cy + mm * unit
            canvas.line(x, cy - half * unit, x, cy + half * unit)
            canvas.line(cx - half * unit, y, cx + half * unit, y)
        if not labels:
            return
        canvas.setFillColorRGB(*INK)
        canvas.setFont(font_name(bold=False, covering="-0123456789"), 6)
        for mm in range(-half, half + 1, 5):
            text = str(mm)
            canvas.drawCentredString(cx + mm * unit, cy - half * unit - 4 * MM, text)
            canvas.drawRightString(cx - half * unit - 2 * MM, cy + mm * unit - 0.8 * MM, text)
        canvas.setFont(font_name(bold=True, covering="X: mm to the rightY up"), 7)
        canvas.drawCentredString(cx, cy - half * unit - 8.5 * MM, "X: mm to the right")
        with saved(canvas):
            canvas.translate(cx - half * unit - 10 * MM, cy)
            canvas.rotate(90)
            canvas.drawCentredString(0, 0, "Y: mm up")


def _red_cross(canvas: Canvas, x: float, y: float, arm: float, ring: float,
               width: float) -> None:
    with saved(canvas):
        canvas.setStrokeColorRGB(*RED)
        canvas.setLineWidth(width)
        canvas.circle(x, y, ring)
        canvas.line(x - arm, y, x + arm, y)
        canvas.line(x, y - arm, x, y + arm)


def _example(canvas: Canvas, left: float, top: float, guide: Advice) -> None:
    """The worked example: a small enlarged grid with the cross read at :data:`EXAMPLE`."""
    unit = 2.2 * MM
    half = 4
    cx, cy = left + half * unit, top - half * unit
    _grid(canvas, cx, cy, half, unit, labels=False)
    ex, ey = EXAMPLE
    _red_cross(canvas, cx + ex * unit, cy + ey * unit, 1.6 * unit, 0.9 * unit, 0.9)
    new_x, new_y = guide.offset(ex, ey)
    text_x = left + 2 * half * unit + 5 * MM
    lines = [
        (True, "Example (enlarged)"),
        (False, f"The red cross shows {ex} mm right of the centre and {ey} mm up:"),
        (False, f"X = {ex}, Y = {ey}. Build again with"),
        (True, f"--back-offset={_mm(new_x)},{_mm(new_y)}"),
        (False, "and print the cards: their backs now sit behind their fronts."),
    ]
    with saved(canvas):
        canvas.setFillColorRGB(*INK)
        for i, (bold, line) in enumerate(lines):
            canvas.setFont(font_name(bold=bold, covering=line), 8)
            canvas.drawString(text_x, top - 3 * MM - i * 4.4 * MM, line)


def calibration(spec: SheetSpec, *, title: str, duplex: str, back_offset: tuple[float, float],
                sheets: str = "the card sheets (cards.pdf)") -> bytes:
    """Two pages (one sheet, duplex): a millimetre grid and the advice on the front, a red
    cross on the back.  The sheet takes the orientation of the sheets ``spec`` lays out
    (named by ``sheets``), since a landscape sheet turns over another edge than a portrait
    one.  ``back_offset`` (points, paper frame) is the offset the sheet is built with."""
    paper = sheet_grid(spec).paper
    guide = advice(paper, duplex, back_offset)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} duplex test",
                        subject="print on both sides, hold to the light, read the offset")
    cx, cy = paper.width / 2, paper.height / 2
    top = paper.height - spec.margin
    canvas.setFillColorRGB(*INK)
    canvas.setFont(font_name(bold=True, covering="Duplex calibration"), 12)
    canvas.drawCentredString(cx, top - 8 * MM, "Duplex calibration")
    steps = [
        f"1. Print both pages on one sheet: two-sided, {duplex}-edge flip, actual size (100%).",
        "2. Hold the sheet against a window with this side facing you.",
        "3. Read where the middle of the red cross falls on the grid: X mm to the right of",
        "    the centre (left of it: X is negative), Y mm up (below it: Y is negative).",
        f"4. Build again with {guide.formula()} (numbers in mm).",
    ]
    if guide.base_x or guide.base_y:
        steps.append(f"    This sheet was built with --back-offset={_mm(guide.base_x)},"
                     f"{_mm(guide.base_y)}; the formula includes it.")
    subtitle = f"for {sheets}, {orientation(paper)} {paper.name}"
    canvas.setFont(font_name(bold=False, covering=subtitle + "".join(steps)), 8.5)
    canvas.drawCentredString(cx, top - 12.5 * MM, f"for {sheets}, {orientation(paper)} "
                             f"{paper.name}")
    left = spec.margin + 8 * MM
    for i, line in enumerate(steps):
        canvas.drawString(left, top - (19 + 5 * i) * MM, line)
    _grid(canvas, cx, cy, GRID, MM, labels=True)
    _example(canvas, left, cy - (GRID + 22) * MM, guide)
    band = Rect(spec.margin, spec.margin, paper.width - 2 * spec.margin, INFO_BAND)
    draw_label(canvas, band, title=title, what=f"duplex calibration for {orientation(paper)} "
               "sheets, front", page=1, pages=2)
    canvas.showPage()
    # the back: the cross sits where the front's centre lands, moved by the offset
    probe = Rect(cx, cy, 0, 0)
    spot = mirror_slot(Slot(0, 0, probe, probe), paper, duplex)
    dx, dy = page_offset(paper, back_offset)
    bx, by = spot.x + dx, spot.y + dy
    _red_cross(canvas, bx, by, 10 * MM, 6 * MM, 0.8)
    canvas.setFont(font_name(bold=False, covering="back of the calibration sheet"), 8)
    canvas.setFillColorRGB(*RED)
    canvas.drawCentredString(bx, by - 14 * MM, "back of the calibration sheet")
    draw_label(canvas, mirror_slot(Slot(0, 0, band, band), paper, duplex), title=title,
               what=f"duplex calibration, back ({duplex}-edge flip)", page=2, pages=2)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
