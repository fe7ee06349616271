"""Where cards, crop marks and the page label go on a cut sheet: plain arithmetic.

All values are PDF points with the origin at the bottom-left of the page.  A *cell* is a
card plus its bleed on every side; cells are separated by the gutter.  Crop marks are short
lines on the extension of every cut line, in the margins and (where there is room) in the
gutters, and never inside a cell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.pdf.paper import Paper
from printkit.units import MM

INFO_BAND = 11 * MM
"""Room the page label (title, page n of N, print-at-100% note, scale bar) needs."""
MIN_MARK = 2 * MM
"""Shortest crop mark worth printing."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: lower-left corner, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """y of the top edge."""
        return self.y + self.h

    def intersects(self, other: Rect) -> bool:
        """True if the rectangles share area (touching edges do not count)."""
        eps = 1e-6
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.top - eps and other.y < self.top - eps)

    def grow(self, by: float) -> Rect:
        """This rectangle enlarged by ``by`` on every side."""
        return Rect(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)


@dataclass(frozen=True)
class Segment:
    """A line from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def box(self) -> Rect:
        """The segment's bounding box (zero width or height for straight marks)."""
        return Rect(min(self.x0, self.x1), min(self.y0, self.y1),
                    abs(self.x1 - self.x0), abs(self.y1 - self.y0))


@dataclass(frozen=True)
class SheetSpec:
    """What a sheet of cards must respect (all in points)."""

    paper: Paper
    card_w: float
    card_h: float
    bleed: float
    margin: float
    gutter: float
    mark_length: float
    mark_offset: float

    @property
    def cell_w(self) -> float:
        """Width of a card with its bleed."""
        return self.card_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        """Height of a card with its bleed."""
        return self.card_h + 2 * self.bleed


@dataclass(frozen=True)
class Slot:
    """One card position: its trim rectangle and its bleed rectangle."""

    row: int
    column: int
    trim: Rect
    cell: Rect


@dataclass(frozen=True)
class Grid:
    """A page of card slots, with its crop marks and the band left for the label."""

    paper: Paper
    columns: int
    rows: int
    slots: tuple[Slot, ...]
    marks: tuple[Segment, ...]
    info: Rect
    """Where the page label goes; ``info.w < info.h`` means it runs up the side."""
    mark_length: float

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return len(self.slots)


class LayoutError(ValueError):
    """The card (with bleed and marks) does not fit on the paper at all."""


def _fit(length: float, cell: float, gutter: float) -> int:
    return max(0, math.floor((length + gutter + 1e-6) / (cell + gutter)))


def _extent(count: int, cell: float, gutter: float) -> float:
    return count * cell + max(0, count - 1) * gutter


def _plan(spec: SheetSpec, paper: Paper) -> tuple[int, int, str]:
    """Columns, rows and the label side ('side' or 'bottom') that fit the most cards."""
    mark_room = spec.mark_offset + MIN_MARK
    avail_w = paper.width - 2 * spec.margin - 2 * mark_room
    avail_h = paper.height - 2 * spec.margin - 2 * mark_room
    best: tuple[int, int, str] = (0, 0, "bottom")
    for side, w, h in (("bottom", avail_w, avail_h - INFO_BAND),
                       ("side", avail_w - INFO_BAND, avail_h)):
        cols = _fit(w, spec.cell_w, spec.gutter)
        rows = _fit(h, spec.cell_h, spec.gutter)
        if cols * rows > best[0] * best[1]:
            best = (cols, rows, side)
    return best


def sheet_grid(spec: SheetSpec, *, allow_landscape: bool = True) -> Grid:
    """The grid with the most cards per page (portrait preferred on a tie)."""
    options = [spec.paper]
    if allow_landscape and spec.paper.width != spec.paper.height:
        options.append(spec.paper.landscape())
    best_paper, best = options[0], _plan(spec, options[0])
    for paper in options[1:]:
        plan = _plan(spec, paper)
        if plan[0] * plan[1] > best[0] * best[1]:
            best_paper, best = paper, plan
    cols, rows, side = best
    if cols * rows == 0:
        raise LayoutError(
            f"a {spec.card_w / MM:.1f} x {spec.card_h / MM:.1f} mm card with "
            f"{spec.bleed / MM:g} mm bleed does not fit on {spec.paper.name} paper inside "
            f"{spec.margin / MM:g} mm margins; choose larger paper or less bleed")
    return _build(spec, best_paper, cols, rows, side)


def _build(spec: SheetSpec, paper: Paper, cols: int, rows: int, side: str) -> Grid:
    grid_w = _extent(cols, spec.cell_w, spec.gutter)
    grid_h = _extent(rows, spec.cell_h, spec.gutter)
    inner = Rect(spec.margin, spec.margin, paper.width - 2 * spec.margin,
                 paper.height - 2 * spec.margin)
    if side == "side":
        info = Rect(inner.x, inner.y, INFO_BAND, inner.h)
        area = Rect(inner.x + INFO_BAND, inner.y, inner.w - INFO_BAND, inner.h)
    else:
        info = Rect(inner.x, inner.y, inner.w, INFO_BAND)
        area = Rect(inner.x, inner.y + INFO_BAND, inner.w, inner.h - INFO_BAND)
    x0 = area.x + (area.w - grid_w) / 2
    y0 = area.y + (area.h - grid_h) / 2
    room = min((area.w - grid_w) / 2, (area.h - grid_h) / 2) - spec.mark_offset
    mark = max(MIN_MARK, min(spec.mark_length, room))
    slots = []
    for row in range(rows):  # row 0 at the top of the page
        for col in range(cols):
            cx = x0 + col * (spec.cell_w + spec.gutter)
            cy = y0 + grid_h - spec.cell_h - row * (spec.cell_h + spec.gutter)
            cell = Rect(cx, cy, spec.cell_w, spec.cell_h)
            trim = Rect(cx + spec.bleed, cy + spec.bleed, spec.card_w, spec.card_h)
            slots.append(Slot(row, col, trim, cell))
    marks = _crop_marks(spec, x0, y0, grid_w, grid_h, cols, rows, mark)
    return Grid(paper, cols, rows, tuple(slots), marks, info, mark)


def _crop_marks(spec: SheetSpec, x0: float, y0: float, grid_w: float, grid_h: float,
                cols: int, rows: int, mark: float) -> tuple[Segment, ...]:
    """Marks on every cut line: outside the grid, and in gutters wide enough for one."""
    xs = sorted({round(x0 + c * (spec.cell_w + spec.gutter) + spec.bleed + d, 4)
                 for c in range(cols) for d in (0.0, spec.card_w)})
    ys = sorted({round(y0 + r * (spec.cell_h + spec.gutter) + spec.bleed + d, 4)
                 for r in range(rows) for d in (0.0, spec.card_h)})
    off = spec.mark_offset
    marks = outer_marks(xs, ys, Rect(x0, y0, grid_w, grid_h), off, mark)
    lane = spec.gutter - 2 * off
    if lane >= MIN_MARK:
        length = min(mark, lane)
        for c in range(cols - 1):  # vertical gutters: marks for the horizontal cuts
            mid = x0 + (c + 1) * spec.cell_w + c * spec.gutter + spec.gutter / 2
            marks += [Segment(mid - length / 2, y, mid + length / 2, y) for y in ys]
        for r in range(rows - 1):  # horizontal gutters: marks for the vertical cuts
            mid = y0 + (r + 1) * spec.cell_h + r * spec.gutter + spec.gutter / 2
            marks += [Segment(x, mid - length / 2, x, mid + length / 2) for x in xs]
    return tuple(marks)


def outer_marks(xs: list[float], ys: list[float], around: Rect, offset: float,
                length: float) -> list[Segment]:
    """Marks outside ``around`` on the extension of each vertical cut line (at ``xs``) and
    each horizontal one (at ``ys``), ``offset`` clear of it."""
    marks: list[Segment] = []
    for x in xs:
        marks.append(Segment(x, around.top + offset, x, around.top + offset + length))
        marks.append(Segment(x, around.y - offset - length, x, around.y - offset))
    for y in ys:
        marks.append(Segment(around.x - offset - length, y, around.x - offset, y))
        marks.append(Segment(around.right + offset, y, around.right + offset + length, y))
    return marks


# --------------------------------------------------------------------------- gutter fold
# A gutter-fold page holds fronts on one half and their backs on the other, mirrored
# across the fold line: fold, glue, cut, and no duplex printer is needed.  The fold runs
# across the page (fronts above, backs below and turned half round) or down it (fronts on
# the left, backs on the right, upright).  Both ways round of the paper and both folds are
# tried and the layout that holds the most cards wins, as the cut sheets choose their
# orientation; on a tie: portrait folded across, landscape folded across, portrait folded
# down, landscape folded down.

FOLD_MARK = 3 * MM
"""Longest crop mark on a gutter-fold page."""


@dataclass(frozen=True)
class FoldSheet:
    """A gutter-fold page: fronts on one half, their backs mirrored across the fold."""

    paper: Paper
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    """``backs[i]`` is the cell behind ``fronts[i]`` once the sheet is folded."""
    marks: tuple[Segment, ...]
    fold: float
    """y of the fold line (``across``), or its x (folded down)."""
    across: bool
    """The fold runs across the page: fronts above it, backs below, turned half round.
    Otherwise it runs down the page: fronts on the left, backs on the right, upright."""
    cards: Rect
    """The area the cells cover, both halves."""
    info: Rect
    spec: SheetSpec

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return len(self.fronts)


def _fold_counts(spec: SheetSpec, paper: Paper, across: bool) -> tuple[int, int]:
    """Columns and rows of fronts that fit on one half of ``paper``."""
    room = spec.mark_offset + MIN_MARK
    if across:
        cols = _fit(paper.width - 2 * spec.margin - 2 * room - INFO_BAND, spec.cell_w,
                    spec.gutter)
        rows = _fit(paper.height / 2 - spec.margin - room, spec.cell_h, spec.gutter)
    else:
        cols = _fit(paper.width / 2 - spec.margin - room, spec.cell_w, spec.gutter)
        rows = _fit(paper.height - 2 * spec.margin - 2 * room - INFO_BAND, spec.cell_h,
                    spec.gutter)
    return cols, rows


def fold_sheet(spec: SheetSpec, *, allow_landscape: bool = True) -> FoldSheet:
    """The gutter-fold layout that holds the most cards (see the module notes)."""
    papers = [spec.paper]
    if allow_landscape and spec.paper.width != spec.paper.height:
        papers.append(spec.paper.landscape())
    best: tuple[int, Paper, bool, int, int] | None = None
    for across in (True, False):
        for paper in papers:
            cols, rows = _fold_counts(spec, paper, across)
            if best is None or cols * rows > best[0]:
                best = (cols * rows, paper, across, cols, rows)
    assert best is not None
    count, paper, across, cols, rows = best
    if count < 1:
        raise LayoutError(f"a card does not fit on half a {spec.paper.name} sheet for "
                          "gutter folding")
    return _across(spec, paper, cols, rows) if across else _down(spec, paper, cols, rows)


def _across(spec: SheetSpec, paper: Paper, cols: int, rows: int) -> FoldSheet:
    fold = paper.height / 2
    grid_w = _extent(cols, spec.cell_w, spec.gutter)
    x0 = spec.margin + INFO_BAND + (paper.width - 2 * spec.margin - INFO_BAND - grid_w) / 2
    fronts: list[Rect] = []
    backs: list[Rect] = []
    for row in range(rows):
        y = fold + row * (spec.cell_h + spec.gutter)
        for col in range(cols):
            x = x0 + col * (spec.cell_w + spec.gutter)
            fronts.append(Rect(x, y, spec.cell_w, spec.cell_h))
            backs.append(Rect(x, 2 * fold - y - spec.cell_h, spec.cell_w, spec.cell_h))
    half_h = _extent(rows, spec.cell_h, spec.gutter)
    cards = Rect(x0, fold - half_h, grid_w, 2 * half_h)
    info = Rect(spec.margin, spec.margin, INFO_BAND, paper.height - 2 * spec.margin)
    return _sheet(spec, paper, fronts, backs, fold, True, cards, info)


def _down(spec: SheetSpec, paper: Paper, cols: int, rows: int) -> FoldSheet:
    fold = paper.width / 2
    half_w = _extent(cols, spec.cell_w, spec.gutter)
    grid_h = _extent(rows, spec.cell_h, spec.gutter)
    floor = spec.margin + INFO_BAND
    y0 = floor + (paper.height - spec.margin - floor - grid_h) / 2
    fronts: list[Rect] = []
    backs: list[Rect] = []
    for row in range(rows):  # row 0 at the top, columns left to right
        y = y0 + grid_h - spec.cell_h - row * (spec.cell_h + spec.gutter)
        for col in range(cols):
            x = fold - half_w + col * (spec.cell_w + spec.gutter)
            fronts.append(Rect(x, y, spec.cell_w, spec.cell_h))
            backs.append(Rect(2 * fold - x - spec.cell_w, y, spec.cell_w, spec.cell_h))
    cards = Rect(fold - half_w, y0, 2 * half_w, grid_h)
    info = Rect(spec.margin, spec.margin, paper.width - 2 * spec.margin, INFO_BAND)
    return _sheet(spec, paper, fronts, backs, fold, False, cards, info)


def _sheet(spec: SheetSpec, paper: Paper, fronts: list[Rect], backs: list[Rect], fold: float,
           across: bool, cards: Rect, info: Rect) -> FoldSheet:
    cells = fronts + backs
    xs = sorted({round(c.x + spec.bleed, 4) for c in cells}
                | {round(c.right - spec.bleed, 4) for c in cells})
    ys = sorted({round(c.y + spec.bleed, 4) for c in cells}
                | {round(c.top - spec.bleed, 4) for c in cells})
    marks = outer_marks(xs, ys, cards, spec.mark_offset, min(spec.mark_length, FOLD_MARK))
    return FoldSheet(paper, tuple(fronts), tuple(backs), tuple(marks), fold, across, cards,
                     info, spec)


def mirror_slot(slot: Slot, paper: Paper, duplex: str) -> Rect:
    """Where the back of ``slot`` goes on the backs page so that it lands behind the front.

    ``long``: the sheet turns over its long edge (portrait: left and right swap);
    ``short``: over its short edge (portrait: top and bottom swap).  On a landscape page the
    long edge is horizontal, so the two swap roles.
    """
    cell = slot.cell
    portrait = paper.width <= paper.height
    flip_x = (duplex == "long") == portrait
    if flip_x:
        return Rect(paper.width - cell.right, cell.y, cell.w, cell.h)
    return Rect(cell.x, paper.height - cell.top, cell.w, cell.h)


def pages_needed(cards: int, per_page: int) -> int:
    """Sheets for ``cards`` cards at ``per_page`` a sheet."""
    return max(1, math.ceil(cards / per_page))
