"""Card PDFs: cut sheets with duplex backs, gutter-fold sheets and print-shop pages.  This
module only draws; the geometry comes from :mod:`printkit.pdf.geometry` and the artwork
from SVG text.

Every card may have a back of its own (two decks of one game with different backs): each
back is placed behind its own card, and each different back is stored once in the PDF.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printkit.pdf.artwork import Artwork, Backs, SheetOptions
from printkit.pdf.duplex import page_offset
from printkit.pdf.filled_marks import filled_marks
from printkit.pdf.geometry import (
    FOLD_MARK,
    FoldSheet,
    Grid,
    Rect,
    Segment,
    SheetSpec,
    Slot,
    fold_sheet,
    mirror_slot,
    pages_needed,
    sheet_grid,
)
from printkit.pdf.label import PageLabels
from printkit.pdf.paper import Paper
from printkit.pdf.pdfcanvas import Form, FormLibrary, new_canvas, saved
from printkit.pdf.pdfops import stroke_code
from printkit.pdf.sheettext import font_name
from printkit.units import MM

MARK_WIDTH = 0.4
"""Crop mark line width in points (about 0.14 mm)."""


def marks_code(marks: Sequence[Segment]) -> str:
    """Every crop mark of a page as one black path (made once, written on each page)."""
    return f"q 0 0 0 RG {stroke_code([(m.x0, m.y0, m.x1, m.y1) for m in marks], MARK_WIDTH)} Q"


def backs_of(cards: Sequence[Artwork], back: Backs) -> list[Artwork]:
    """The back behind each card."""
    if isinstance(back, Artwork):
        return [back] * len(cards)
    if len(back) != len(cards):
        raise ValueError(f"{len(cards)} cards but {len(back)} backs")
    return list(back)


def _back_forms(forms: FormLibrary, backs: Sequence[Artwork]) -> dict[str, Form]:
    """Each different back stored once, in the order the cards first show them."""
    return {art.key: forms.form(art.key, art.svg) for art in backs}


def page_marks(grid: Grid, spec: SheetSpec, count: int) -> str:
    """The crop marks of a sheet holding ``count`` cards in its first slots: the whole
    grid's when it is full, else only round the slots that hold a card."""
    if count >= grid.per_page:
        return marks_code(grid.marks)
    cells = [slot.cell for slot in grid.slots[:count]]
    return marks_code(filled_marks(cells, bleed=spec.bleed, offset=spec.mark_offset,
                                   length=grid.mark_length))


def flipped_band(band: Rect, paper: Paper, duplex: str) -> Rect:
    """Where ``band`` lies on the other side of the sheet."""
    return mirror_slot(Slot(0, 0, band, band), paper, duplex)


def cut_sheets(cards: Sequence[Artwork], back: Backs, *, title: str,
               options: SheetOptions) -> tuple[bytes, Grid]:
    """The cut-sheet PDF: fronts pages, each followed by its mirrored backs page, where each
    card's back lies behind it."""
    grid = sheet_grid(options.spec)
    per_page = grid.per_page
    sheets = pages_needed(len(cards), per_page)
    with_backs = options.duplex != "none"
    total_pages = sheets * (2 if with_backs else 1)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (grid.paper.width, grid.paper.height), title=f"{title} cards",
                        subject="cut sheets")
    forms = FormLibrary(canvas)
    labels = PageLabels(canvas)
    backs = backs_of(cards, back)
    back_forms = _back_forms(forms, backs)
    dx, dy = page_offset(grid.paper, options.back_offset)
    full_marks = marks_code(grid.marks)
    back_band = flipped_band(grid.info, grid.paper, options.duplex)
    page = 0
    for sheet in range(sheets):
        chunk = cards[sheet * per_page:(sheet + 1) * per_page]
        page += 1
        for slot, card in zip(grid.slots, chunk, strict=False):
            forms.place(forms.form(card.key, card.svg), slot.cell.x, slot.cell.y)
        canvas._code.append(full_marks if len(chunk) == per_page
                            else page_marks(grid, options.spec, len(chunk)))
        labels.draw(grid.info, title=title, what="card fronts", page=page, pages=total_pages)
        canvas.showPage()
        if not with_backs:
            continue
        page += 1
        behind = backs[sheet * per_page:(sheet + 1) * per_page]
        for slot, card_back in zip(grid.slots, behind, strict=False):
            spot = mirror_slot(slot, grid.paper, options.duplex)
            forms.place(back_forms[card_back.key], spot.x + dx, spot.y + dy)
        labels.draw(back_band, title=title, what=f"card backs (print on the back of page "
                    f"{page - 1}, {options.duplex}-edge flip)", page=page, pages=total_pages)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), grid


def print_shop(cards: Sequence[Artwork], back: Backs, *, title: str,
               spec: SheetSpec) -> bytes:
    """One card per page at trim size plus bleed, front then back, with TrimBox and BleedBox."""
    size = (spec.cell_w, spec.cell_h)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title=f"{title} cards for a print shop",
                        subject="one card per page, front then back; TrimBox marks the cut")
    forms = FormLibrary(canvas)
    trim = (spec.bleed, spec.bleed, spec.bleed + spec.card_w, spec.bleed + spec.card_h)
    for card, card_back in zip(cards, backs_of(cards, back), strict=True):
        for art in (card, card_back):
            canvas.setTrimBox(trim)
            canvas.setBleedBox((0, 0, spec.cell_w, spec.cell_h))
            forms.place(forms.form(art.key, art.svg), 0, 0)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def gutter_fold(cards: Sequence[Artwork], back: Backs, *, title: str,
                spec: SheetSpec) -> tuple[bytes, int]:
    """Fronts on one half of each page and their backs mirrored across the fold line
    (:mod:`printkit.pdf.gutterfold`): fold, glue, cut.

    Returns the PDF and the number of cards per page.
    """
    sheet = fold_sheet(spec)
    paper = sheet.paper
    per_page = sheet.per_page
    pages = pages_needed(len(cards), per_page)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width, paper.height), title=f"{title} cards, gutter fold",
                        subject="fold along the dashed line, glue, then cut")
    forms = FormLibrary(canvas)
    labels = PageLabels(canvas)
    backs = backs_of(cards, back)
    back_forms = _back_forms(forms, backs)
    full_marks = marks_code(sheet.marks)
    for page in range(pages):
        chunk = cards[page * per_page:(page + 1) * per_page]
        behind = backs[page * per_page:(page + 1) * per_page]
        for spot, back_spot, card, card_back in zip(sheet.fronts, sheet.backs, chunk, behind,
                                                    strict=False):
            forms.place(forms.form(card.key, card.svg), spot.x, spot.y)
            if sheet.across:
                # upside down below the fold, so that it stands upright once folded
                with saved(canvas):
                    canvas.translate(back_spot.right, back_spot.top)
                    canvas.rotate(180)
                    canvas.doForm(back_forms[card_back.key].name)
            else:  # folded over a line down the page, a back stands as it is drawn
                forms.place(back_forms[card_back.key], back_spot.x, back_spot.y)
        full = len(chunk) == per_page
        held = [*sheet.fronts[:len(chunk)], *sheet.backs[:len(chunk)]]
        canvas._code.append(full_marks if full else marks_code(filled_marks(
            held, bleed=spec.bleed, offset=spec.mark_offset,
            length=min(spec.mark_length, FOLD_MARK), inner=False)))
        _fold_line(canvas, sheet, sheet.cards if full else _around(held))
        labels.draw(sheet.info, title=title, what="gutter fold: fold on the dashed line, glue, "
                    "cut", page=page + 1, pages=pages)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), per_page


def _around(cells: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding ``cells``."""
    left, bottom = min(c.x for c in cells), min(c.y for c in cells)
    return Rect(left, bottom, max(c.right for c in cells) - left,
                max(c.top for c in cells) - bottom)


def _fold_line(canvas: Canvas, sheet: FoldSheet, cards: Rect) -> None:
    """Dashed fold guides in the margins at the two ends of the fold, clear of ``cards``
    (the cells the page holds)."""
    with saved(canvas):
        canvas.setLineWidth(0.5)
        canvas.setDash(3, 2)
        canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
        gap = sheet.spec.mark_offset + 3.5 * MM
        fold = sheet.fold
        if sheet.across:
            canvas.line(cards.x - gap - 6 * MM, fold, cards.x - gap, fold)
            canvas.line(cards.right + gap, fold, cards.right + gap + 6 * MM, fold)
            at = (cards.right + gap, fold + 1.2 * MM)
        else:
            canvas.line(fold, cards.top + gap, fold, cards.top + gap + 6 * MM)
            canvas.line(fold, cards.y - gap - 6 * MM, fold, cards.y - gap)
            at = (fold + 1.2 * MM, cards.top + gap + 1.2 * MM)
        canvas.setFont(font_name(bold=False, covering="fold"), 6)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.drawString(*at, "fold")
