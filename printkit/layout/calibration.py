"""The duplex calibration sheet: one sheet printed on both sides that shows how far a
printer shifts the back page, so ``--back-offset`` can undo it."""

from __future__ import annotations

import io

from printkit.layout.fonts import BOLD, REGULAR
from printkit.layout.geometry import INFO_BAND, Rect, SheetSpec, Slot, mirror_slot
from printkit.layout.label import draw_label
from printkit.layout.paper import Paper
from printkit.layout.pdfcanvas import new_canvas
from printkit.units import MM


def _flipped_band(band: Rect, paper: Paper, duplex: str) -> Rect:
    """Where ``band`` lies on the other side of the sheet."""
    return mirror_slot(Slot(0, 0, band, band), paper, duplex)


def calibration(spec: SheetSpec, *, title: str, duplex: str,
                back_offset: tuple[float, float]) -> bytes:
    """Two pages (one sheet, duplex): a millimetre cross on the front, a target on the back.

    Printed duplex and held against the light, the back's target shows how far the printer
    shifts the back page; the front's scales read that shift for ``--back-offset``.
    """
    paper = spec.paper
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} duplex test",
                        subject="print on both sides, hold to the light, read the offset")
    cx, cy = paper.width / 2, paper.height / 2
    canvas.setFont(BOLD, 11)
    canvas.drawCentredString(cx, paper.height - spec.margin - 8 * MM, "Duplex calibration")
    canvas.setFont(REGULAR, 8)
    lines = [
        f"Print this sheet on both sides ({duplex}-edge flip) at 100%.",
        "Hold it against a window: the red cross on the back should sit on the centre here.",
        "Read on the scales how far it lies to the right (x) and up (y), in mm, as seen from",
        "this side, and build with --back-offset=-X,-Y to move the backs back into place.",
    ]
    for i, line in enumerate(lines):
        canvas.drawCentredString(cx, paper.height - spec.margin - (15 + 4.5 * i) * MM, line)
    canvas.setLineWidth(0.4)
    for mm in range(-20, 21):
        tick = (3 if mm % 5 == 0 else 1.5) * MM
        canvas.line(cx + mm * MM, cy - tick, cx + mm * MM, cy + tick)
        canvas.line(cx - tick, cy + mm * MM, cx + tick, cy + mm * MM)
        if mm % 5 == 0 and mm:
            canvas.setFont(REGULAR, 5)
            canvas.drawCentredString(cx + mm * MM, cy - tick - 2.2 * MM, f"{mm}")
            canvas.drawString(cx + tick + 0.8 * MM, cy + mm * MM - 0.6 * MM, f"{mm}")
    canvas.line(cx - 20 * MM, cy, cx + 20 * MM, cy)
    canvas.line(cx, cy - 20 * MM, cx, cy + 20 * MM)
    band = Rect(spec.margin, spec.margin, paper.width - 2 * spec.margin, INFO_BAND)
    draw_label(canvas, band, title=title, what="duplex calibration, front", page=1, pages=2)
    canvas.showPage()
    # the back: the target sits at the mirror image of the centre, moved by the offset
    probe = Rect(cx, cy, 0, 0)
    spot = mirror_slot(Slot(0, 0, probe, probe), paper, duplex)
    bx, by = spot.x + back_offset[0], spot.y + back_offset[1]
    canvas.setStrokeColorRGB(0.8, 0, 0)
    canvas.setLineWidth(0.8)
    canvas.circle(bx, by, 6 * MM)
    canvas.line(bx - 10 * MM, by, bx + 10 * MM, by)
    canvas.line(bx, by - 10 * MM, bx, by + 10 * MM)
    canvas.setFont(REGULAR, 8)
    canvas.setFillColorRGB(0.8, 0, 0)
    canvas.drawCentredString(bx, by - 14 * MM, "back of the calibration sheet")
    draw_label(canvas, _flipped_band(band, paper, duplex), title=title,
               what="duplex calibration, back", page=2, pages=2)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
