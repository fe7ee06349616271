"""Crop marks for a sheet that is only partly filled: marks round the cards that are there,
none round the empty slots.

A full sheet keeps the marks of its whole grid.  On the last sheet of a deck the cards fill
the slots in reading order, so the filled cells make a few *blocks*: runs of neighbouring
rows that hold cards in the same columns (the full rows, then the short last row).  Each
block is marked as a grid of its own: marks on the extension of every cut line outside
the block, and in the gaps inside it that are wide enough for one.  A mark that would run
into a card of another block is left out; that cut line is marked at its other end.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from printkit.pdf.geometry import MIN_MARK, Rect, Segment, outer_marks


def _rows(cells: Sequence[Rect]) -> list[list[Rect]]:
    """The cells grouped in rows (same bottom edge), top row first, left to right."""
    rows: dict[float, list[Rect]] = {}
    for cell in cells:
        rows.setdefault(round(cell.y, 3), []).append(cell)
    return [sorted(rows[y], key=lambda c: c.x) for y in sorted(rows, reverse=True)]


def _blocks(cells: Sequence[Rect]) -> list[list[list[Rect]]]:
    """Runs of neighbouring rows whose cells stand in the same columns."""
    blocks: list[list[list[Rect]]] = []
    for row in _rows(cells):
        columns = [round(c.x, 3) for c in row]
        last = blocks[-1][-1] if blocks else None
        if last is not None and [round(c.x, 3) for c in last] == columns:
            blocks[-1].append(row)
        else:
            blocks.append([row])
    return blocks


def _block_marks(block: list[list[Rect]], bleed: float, offset: float, length: float,
                 inner: bool) -> list[Segment]:
    cells = [c for row in block for c in row]
    xs = sorted({round(x, 4) for c in block[0] for x in (c.x + bleed, c.right - bleed)})
    ys = sorted({round(y, 4) for row in block for y in (row[0].y + bleed, row[0].top - bleed)})
    left = min(c.x for c in cells)
    bottom = min(c.y for c in cells)
    around = Rect(left, bottom, max(c.right for c in cells) - left,
                  max(c.top for c in cells) - bottom)
    marks = outer_marks(xs, ys, around, offset, length)
    if not inner:
        return marks
    first = block[0]
    for a, b in pairwise(first):  # gaps between columns
        lane = b.x - a.right - 2 * offset
        if lane >= MIN_MARK:
            mid, size = (a.right + b.x) / 2, min(length, lane)
            marks += [Segment(mid - size / 2, y, mid + size / 2, y) for y in ys]
    for upper, lower in pairwise(block):  # gaps between rows
        lane = upper[0].y - lower[0].top - 2 * offset
        if lane >= MIN_MARK:
            mid, size = (upper[0].y + lower[0].top) / 2, min(length, lane)
            marks += [Segment(x, mid - size / 2, x, mid + size / 2) for x in xs]
    return marks


def filled_marks(cells: Sequence[Rect], *, bleed: float, offset: float, length: float,
                 inner: bool = True) -> tuple[Segment, ...]:
    """Crop marks round ``cells`` (cards with their bleed) and no other slot.

    ``offset`` is the gap between a mark and the cells, ``length`` a mark's length;
    ``inner`` also marks the cut lines in gaps between cells wide enough for a mark.
    """
    keep_off = [c.grow(offset - 1e-3) for c in cells]
    seen: set[tuple[float, float, float, float]] = set()
    marks: list[Segment] = []
    for block in _blocks(cells):
        for mark in _block_marks(block, bleed, offset, length, inner):
            key = (round(mark.x0, 3), round(mark.y0, 3), round(mark.x1, 3), round(mark.y1, 3))
            if key in seen or any(mark.box().intersects(c) for c in keep_off):
                continue
            seen.add(key)
            marks.append(mark)
    return tuple(marks)
