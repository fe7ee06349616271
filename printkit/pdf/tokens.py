"""Token sheets: round, square or hexagonal tokens on pages of their own, fronts then their
backs mirrored for duplex, with cut guides that suit the shape.

Square tokens are cut like cards, along crop marks.  A round or hexagonal token cannot be
cut along straight marks, so each gets a thin outline a little outside its bleed (a line
on the cut itself would show on the token's edge wherever the cut strays); its artwork is
clipped to the shape plus its bleed.  Tokens stand further apart than cards to make room
for the outlines.  The tokens' cells come from the same grid as cards
(:func:`printkit.pdf.geometry.sheet_grid`) and their backs go where
:func:`~printkit.pdf.geometry.mirror_slot` puts them; every shape is symmetric both
ways, so a back lands on its front whichever way the sheet is turned.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printkit.pdf.artwork import Artwork, SheetOptions, TokenShape, token_spec
from printkit.pdf.cards import MARK_WIDTH, flipped_band, page_marks
from printkit.pdf.duplex import page_offset
from printkit.pdf.geometry import Grid, Rect, SheetSpec, mirror_slot, pages_needed, sheet_grid
from printkit.pdf.label import PageLabels
from printkit.pdf.pdfcanvas import FormLibrary, new_canvas, saved
from printkit.units import MM

OUTLINE_GAP = 0.8 * MM
"""How far outside the bleed the cut outline of a round or hexagonal token runs."""
OUTLINE_GREY = 0.45
"""Grey of the cut outline (0 black, 1 white)."""


def _shape_path(canvas: Canvas, shape: TokenShape, cell: Rect, grow: float) -> object:
    """The path of the token's outline in ``cell``, grown by ``grow`` on every side."""
    cx, cy = cell.x + cell.w / 2, cell.y + cell.h / 2
    path = canvas.beginPath()
    if shape.shape == "round":
        path.circle(cx, cy, shape.width / 2 + grow)
    else:
        corners = shape.points(cx, cy, grow)
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
    return path


def _place(canvas: Canvas, forms: FormLibrary, art: Artwork, shape: TokenShape, cell: Rect,
           bleed: float) -> None:
    form = forms.form(art.key, art.svg)
    if not shape.outlined:
        forms.place(form, cell.x, cell.y)
        return
    with saved(canvas):
        canvas.clipPath(_shape_path(canvas, shape, cell, bleed), stroke=0, fill=0)
        forms.place(form, cell.x, cell.y)


def _outlines(canvas: Canvas, shape: TokenShape, cells: Sequence[Rect], bleed: float) -> None:
    with saved(canvas):
        canvas.setLineWidth(MARK_WIDTH)
        canvas.setStrokeGray(OUTLINE_GREY)
        for cell in cells:
            canvas.drawPath(_shape_path(canvas, shape, cell, bleed + OUTLINE_GAP), stroke=1,
                            fill=0)


def _guides(canvas: Canvas, grid: Grid, spec: SheetSpec, shape: TokenShape,
            cells: Sequence[Rect]) -> None:
    """Outlines round shaped tokens; crop marks round the slots that hold a square one."""
    if shape.outlined:
        _outlines(canvas, shape, cells, spec.bleed)
        return
    canvas._code.append(page_marks(grid, spec, len(cells)))


def token_sheets(fronts: Sequence[Artwork], backs: Sequence[Artwork] | None, *,
                 shape: TokenShape, title: str, options: SheetOptions) -> tuple[bytes, Grid]:
    """The token PDF: each fronts page followed by its backs page (when the tokens have
    backs), each back mirrored behind its front.  Without a duplex printer (``duplex``
    ``none``) the backs are laid out for a long-edge flip, to print on the other side by
    hand or to glue behind the fronts."""
    spec = token_spec(options.spec, shape)
    grid = sheet_grid(spec)
    per_page = grid.per_page
    sheets = pages_needed(len(fronts), per_page)
    total = sheets * (2 if backs else 1)
    flip = options.duplex if options.duplex != "none" else "long"
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (grid.paper.width, grid.paper.height), title=f"{title} tokens",
                        subject="token sheets")
    forms = FormLibrary(canvas)
    labels = PageLabels(canvas)
    dx, dy = page_offset(grid.paper, options.back_offset)
    page = 0
    for sheet in range(sheets):
        chunk = range(sheet * per_page, min(len(fronts), (sheet + 1) * per_page))
        cells = [slot.cell for slot in grid.slots[:len(chunk)]]
        page += 1
        for cell, index in zip(cells, chunk, strict=True):
            _place(canvas, forms, fronts[index], shape, cell, spec.bleed)
        _guides(canvas, grid, spec, shape, cells)
        labels.draw(grid.info, title=title, what="token fronts", page=page, pages=total)
        canvas.showPage()
        if not backs:
            continue
        page += 1
        spots = [mirror_slot(slot, grid.paper, flip) for slot in grid.slots[:len(chunk)]]
        spots = [Rect(s.x + dx, s.y + dy, s.w, s.h) for s in spots]
        for spot, index in zip(spots, chunk, strict=True):
            _place(canvas, forms, backs[index], shape, spot, spec.bleed)
        if shape.outlined:
            _outlines(canvas, shape, spots, spec.bleed)
        how = (f"print on the back of page {page - 1}, {flip}-edge flip"
               if options.duplex != "none" else
               f"print on the back of page {page - 1} (long-edge flip) or glue behind it")
        labels.draw(flipped_band(grid.info, grid.paper, flip), title=title,
                    what=f"token backs ({how})", page=page, pages=total)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), grid

