"""Tiling a board that is larger than the paper over several sheets: plain arithmetic.

Coordinates are PDF points.  *Board coordinates* have their origin at the bottom-left
corner of the board drawing; a tile's ``offset`` moves them onto its page.  Tiles are
named like spreadsheet cells: columns ``A, B, C...`` from left to right, rows ``1, 2,
3...`` from top to bottom, so ``A1`` is the top-left sheet.

How the sheets go together
--------------------------
The board is cut into *contents*, rectangles that share edges (the *seams*) and together
cover the board exactly once.  A sheet whose right or lower neighbour exists is cut along
that seam and laid *over* the neighbour; the neighbour carries a *glue band*, ``glue``
wide, just outside its content on that side.  So each tile's content has a glue band on
its left when it is not in column A and on its top when it is not in row 1 (the top band
also runs under the diagonal neighbour's corner).  The glue band is printed as a plain
tab, not as board: it ends up hidden under the neighbour, so it carries the instructions
("B1: glue A1 here") and no play square is ever printed under a label.

Registration crosshairs sit on every content corner that ends a seam, on both sheets of
the seam at the same board position: on the sheet laid on top they mark where to cut, on
the sheet underneath where that cut corner must land.  Only the quarters outside the
content are printed, so no mark is left on the finished board.  The four corners of the
board get ordinary crop marks.

Where the seams go
------------------
A seam through a square would split a play space between two sheets, so seams are put on
the lines between squares whenever a square fits on a sheet.  Among the choices that need
the fewest sheets, the one with the most even widths (and heights) is taken, so the sheets
come out as even as the squares allow.  Only when one square alone is larger than
what a sheet can hold are the seams spread evenly and cut through squares
(``Tiling.on_square_edges`` is then false).  Both page orientations are tried and the
one with fewer sheets wins (portrait on a tie).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from printkit.pdf.geometry import INFO_BAND, LayoutError, Rect
from printkit.pdf.paper import Paper
from printkit.render.board import BoardGeometry
from printkit.render.svg import Box
from printkit.units import MM

CUT_ROOM = 6 * MM
"""Clear paper kept beyond a cut edge for crosshairs, crop marks and the cut note."""
CROSS_RADIUS = 2.2 * MM
"""Radius of the circle of a registration crosshair."""
CROSS_ARM = 4.5 * MM
"""Length of each arm of a registration crosshair, from its centre."""
MARK_OFFSET = 1 * MM
"""Gap between a crop mark and the edge it points along."""
MARK_LENGTH = 4 * MM
"""Length of a crop mark at a corner of the board."""
BAND_NOTE_SIZE = 8.0
"""Font size (points) of the notes in a glue band."""
CUT_NOTE_SIZE = 6.0
"""Font size (points) of the note beside a cut edge."""
MIN_NOTE_SIZE = 6.0
"""Smallest font size (points) a glue-band note is shrunk to before it is left out: the
least size of any text a player must read (the sheet's label names the tile anyway)."""
NOTE_SPACING = 110 * MM
"""About one glue-band note per this much band length."""

Side = Literal["left", "right", "top", "bottom"]
Measure = Callable[[str, float], float]
"""Width in points of a text at a font size; the PDF writer passes the real font's."""


def approximate_width(words: str, size: float) -> float:
    """A generous estimate of the width of ``words`` in bold Vera at ``size`` points."""
    return len(words) * size * 0.68


@dataclass(frozen=True)
class BoardOutline:
    """What the tiler needs to know about a board (board coordinates, points)."""

    width: float
    height: float
    column_edges: tuple[float, ...]
    """x of every line between squares (and the grid's outer lines), increasing."""
    row_edges: tuple[float, ...]
    """y of every line between squares (and the grid's outer lines), increasing."""
    play: Rect
    """The area covered by squares."""


def board_outline(geo: BoardGeometry) -> BoardOutline:
    """The outline of a drawn board (millimetres, y down) in board coordinates."""
    height = geo.height * MM
    grid = geo.grid
    return BoardOutline(
        width=geo.width * MM,
        height=height,
        column_edges=tuple(x * MM for x in geo.column_edges()),
        row_edges=tuple(sorted(height - y * MM for y in geo.row_edges())),
        play=Rect(grid.x * MM, height - (grid.y + grid.h) * MM, grid.w * MM, grid.h * MM),
    )


def to_board(geo: BoardGeometry, box: Box) -> Rect:
    """A box of the board drawing (millimetres, y down) in board coordinates."""
    return Rect(box.x * MM, (geo.height - box.y - box.h) * MM, box.w * MM, box.h * MM)


def label_spot(area: Rect, width: float, height: float,
               avoid: Sequence[Rect]) -> tuple[float, float]:
    """Centre for a ``width`` x ``height`` label inside ``area`` that covers none of
    ``avoid``: the point nearest the middle of ``area`` on a fine lattice, else the middle.
    """
    steps = 12
    middle = (area.x + area.w / 2, area.y + area.h / 2)
    spots = []
    for i in range(steps + 1):
        for j in range(steps + 1):
            x = area.x + width / 2 + (area.w - width) * i / steps
            y = area.y + height / 2 + (area.h - height) * j / steps
            spots.append(((x - middle[0]) ** 2 + (y - middle[1]) ** 2, x, y))
    for _, x, y in sorted(spots):
        box = Rect(x - width / 2, y - height / 2, width, height)
        if width <= area.w and height <= area.h and not any(box.intersects(r) for r in avoid):
            return x, y
    return middle


@dataclass(frozen=True)
class GlueBand:
    """A strip of a tile, outside its content, that the neighbour ``over`` is glued onto."""

    rect: Rect
    side: Side
    over: str


@dataclass(frozen=True)
class Note:
    """A line of text; ``box`` is the area it covers (already turned if ``vertical``)."""

    text: str
    box: Rect
    size: float
    vertical: bool


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board (rectangles in board coordinates)."""

    name: str
    column: int
    row: int
    content: Rect
    """The part of the board this sheet contributes to the finished board."""
    window: Rect
    """The content plus the glue bands: everything printed from the board."""
    bands: tuple[GlueBand, ...]
    cut_sides: tuple[Side, ...]
    """Sides of the content along which this sheet is cut to lie on a neighbour."""
    crosses: tuple[tuple[float, float], ...]
    """Centres of the registration crosshairs."""
    corner_marks: tuple[tuple[float, float, float, float], ...]
    """Crop marks at the board's own corners, as (x0, y0, x1, y1) segments."""
    notes: tuple[Note, ...]
    offset: tuple[float, float]
    """Add to a board position to get its position on the page."""

    def on_page(self, rect: Rect) -> Rect:
        """``rect`` moved from board to page coordinates."""
        return Rect(rect.x + self.offset[0], rect.y + self.offset[1], rect.w, rect.h)


@dataclass(frozen=True)
class Tiling:
    """Every sheet of a board, on one paper size and orientation."""

    paper: Paper
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    info: Rect
    """Where the page label goes on every sheet (page coordinates)."""
    printable: Rect
    """The page inside the printer margins."""
    on_square_edges: bool
    glue: float
    x_edges: tuple[float, ...]
    """x of the seams, with 0 and the board width at the ends."""
    y_edges: tuple[float, ...]
    """y of the seams from the top of the board down, with the board height first and 0
    last."""

    def tile(self, column: int, row: int) -> Tile:
        """The tile in ``column`` and ``row`` (both 0-based)."""
        return self.tiles[row * self.columns + column]


def tile_name(column: int, row: int) -> str:
    """``A1`` for the top-left tile; columns past Z continue AA, AB..."""
    letters = ""
    number = column + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def _split(length: float, candidates: Sequence[float], first: float,
           other: float) -> tuple[float, ...] | None:
    """Seam positions from 0 to ``length`` through ``candidates``: fewest pieces first,
    then the most even pieces (least sum of squared lengths).  ``first`` and ``other`` are
    the longest allowed first piece and later piece; ``None`` when no choice fits."""
    eps = 1e-6
    points = [0.0, *sorted(c for c in candidates if eps < c < length - eps), length]
    best: list[tuple[int, float, int] | None] = [None] * len(points)
    best[0] = (0, 0.0, -1)
    for j in range(1, len(points)):
        for i in range(j):
            reached = best[i]
            width = points[j] - points[i]
            if reached is None or width > (first if i == 0 else other) + eps:
                continue
            option = (reached[0] + 1, reached[1] + width * width, i)
            current = best[j]
            if current is None or option[:2] < current[:2]:
                best[j] = option
    if best[-1] is None:
        return None
    cuts = [len(points) - 1]
    while cuts[-1] != 0:
        step = best[cuts[-1]]
        assert step is not None
        cuts.append(step[2])
    return tuple(points[k] for k in reversed(cuts))


def _even(length: float, first: float, other: float) -> tuple[float, ...]:
    """Equal pieces, as few as fit (seams then ignore the squares)."""
    count = 1 if length <= first else math.ceil(length / other)
    return tuple(length * k / count for k in range(count + 1))


def _seams(length: float, candidates: Sequence[float], first: float,
           other: float) -> tuple[tuple[float, ...], bool]:
    if first <= 0 or other <= 0:
        raise LayoutError("the paper leaves no room for a board tile")
    chosen = _split(length, candidates, first, other)
    if chosen is not None:
        return chosen, True
    return _even(length, first, other), False


@dataclass(frozen=True)
class _Plan:
    paper: Paper
    xs: tuple[float, ...]
    ys_down: tuple[float, ...]
    on_edges: bool

    @property
    def count(self) -> int:
        return (len(self.xs) - 1) * (len(self.ys_down) - 1)


def _areas(paper: Paper, margin: float) -> tuple[Rect, Rect]:
    printable = Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)
    area = Rect(printable.x, printable.y + INFO_BAND, printable.w, printable.h - INFO_BAND)
    return printable, area


def _plan(board: BoardOutline, paper: Paper, margin: float, glue: float) -> _Plan:
    _, area = _areas(paper, margin)
    first_w, other_w = area.w - 2 * CUT_ROOM, area.w - CUT_ROOM - glue
    first_h, other_h = area.h - 2 * CUT_ROOM, area.h - CUT_ROOM - glue
    xs, x_ok = _seams(board.width, board.column_edges, first_w, other_w)
    from_top = [board.height - y for y in board.row_edges]
    down, y_ok = _seams(board.height, from_top, first_h, other_h)
    return _Plan(paper, xs, tuple(board.height - d for d in down), x_ok and y_ok)


def tile_board(board: BoardOutline, paper: Paper, *, margin: float, glue: float,
               measure: Measure = approximate_width, allow_landscape: bool = True) -> Tiling:
    """Cut ``board`` into sheets of ``paper`` (see the module notes for the method)."""
    if margin < 0 or glue <= 0:
        raise ValueError("margin must be >= 0 and glue > 0")
    options = [paper]
    if allow_landscape and paper.width != paper.height:
        options.append(paper.landscape())
    plans = [_plan(board, p, margin, glue) for p in options]
    best = min(plans, key=lambda p: (p.count, not p.on_edges, plans.index(p)))
    return _build(board, best, margin, glue, measure)


def _build(board: BoardOutline, plan: _Plan, margin: float, glue: float,
           measure: Measure) -> Tiling:
    printable, area = _areas(plan.paper, margin)
    columns, rows = len(plan.xs) - 1, len(plan.ys_down) - 1
    tiles = []
    for row in range(rows):
        for column in range(columns):
            content = Rect(plan.xs[column], plan.ys_down[row + 1],
                           plan.xs[column + 1] - plan.xs[column],
                           plan.ys_down[row] - plan.ys_down[row + 1])
            tiles.append(_tile(board, content, column, row, columns, rows, glue, area,
                               measure))
    info = Rect(printable.x, printable.y, printable.w, INFO_BAND)
    return Tiling(plan.paper, columns, rows, tuple(tiles), info, printable, plan.on_edges,
                  glue, plan.xs, plan.ys_down)


def _tile(board: BoardOutline, content: Rect, column: int, row: int, columns: int,
          rows: int, glue: float, area: Rect, measure: Measure) -> Tile:
    name = tile_name(column, row)
    bands: list[GlueBand] = []
    if column > 0:
        bands.append(GlueBand(Rect(content.x - glue, content.y, glue, content.h), "left",
                              tile_name(column - 1, row)))
    if row > 0:
        left = content.x - (glue if column > 0 else 0.0)
        bands.append(GlueBand(Rect(left, content.top, content.right - left, glue), "top",
                              tile_name(column, row - 1)))
    window = Rect(content.x - (glue if column > 0 else 0.0), content.y,
                  content.w + (glue if column > 0 else 0.0),
                  content.h + (glue if row > 0 else 0.0))
    cut: list[Side] = []
    if column < columns - 1:
        cut.append("right")
    if row < rows - 1:
        cut.append("bottom")
    # page position: the window plus cut room on the sides without a band, centred
    left_room = 0.0 if column > 0 else CUT_ROOM
    top_room = 0.0 if row > 0 else CUT_ROOM
    block = Rect(window.x - left_room, window.y - CUT_ROOM,
                 window.w + left_room + CUT_ROOM, window.h + top_room + CUT_ROOM)
    offset = (area.x + (area.w - block.w) / 2 - block.x,
              area.y + (area.h - block.h) / 2 - block.y)
    corners = [(content.x, content.y), (content.right, content.y),
               (content.x, content.top), (content.right, content.top)]
    board_corners = {(0.0, 0.0), (board.width, 0.0), (0.0, board.height),
                     (board.width, board.height)}
    crosses = tuple(c for c in corners if not _near_any(c, board_corners))
    marks = tuple(m for c in corners if _near_any(c, board_corners)
                  for m in _corner_marks(c, board))
    notes = [n for band in bands for n in _band_notes(band, content, name, measure)]
    notes += [n for side in cut for n in _cut_notes(content, side, name, column, row, measure)]
    return Tile(name, column, row, content, window, tuple(bands), tuple(cut), crosses, marks,
                tuple(notes), offset)


def _near_any(point: tuple[float, float], targets: set[tuple[float, float]]) -> bool:
    return any(abs(point[0] - x) < 1e-6 and abs(point[1] - y) < 1e-6 for x, y in targets)


def _corner_marks(corner: tuple[float, float],
                  board: BoardOutline) -> tuple[tuple[float, float, float, float], ...]:
    """Two short lines continuing the board's edges past one of its corners."""
    x, y = corner
    sx = 1.0 if x > board.width / 2 else -1.0
    sy = 1.0 if y > board.height / 2 else -1.0
    near, far = MARK_OFFSET, MARK_OFFSET + MARK_LENGTH
    return ((x + sx * near, y, x + sx * far, y), (x, y + sy * near, x, y + sy * far))


def _spread(start: float, end: float, length: float, spacing: float) -> list[float]:
    """Centres of evenly spread notes of ``length`` between ``start`` and ``end``."""
    room = end - start
    if length > room:
        return []
    count = max(1, min(round(room / spacing), int(room // (length * 1.5)) or 1))
    step = room / count
    return [start + step * (k + 0.5) for k in range(count)]


def _band_notes(band: GlueBand, content: Rect, name: str, measure: Measure) -> list[Note]:
    """"B1: glue A1 here", spread along the band where it meets ``content`` (the stretch
    the neighbour's cut edge covers), clear of the crosshairs at the ends of that edge."""
    words = f"{name}: glue {band.over} here"
    r = band.rect
    vertical = band.side == "left"
    start, end = (content.y, content.top) if vertical else (content.x, content.right)
    clear = CROSS_ARM + 2 * MM
    usable = end - start - 2 * clear
    size = BAND_NOTE_SIZE
    text_length = measure(words, size)
    if text_length > usable:  # a short band: smaller type, down to a legible minimum
        size *= max(0.0, usable) / text_length
        text_length = usable
        if size < MIN_NOTE_SIZE:
            return []
    thick = size * 0.9
    notes = []
    across = (r.x + r.w / 2) if vertical else (r.y + r.h / 2)
    for centre in _spread(start + clear, end - clear, text_length, NOTE_SPACING):
        if vertical:
            box = Rect(across - thick / 2, centre - text_length / 2, thick, text_length)
        else:
            box = Rect(centre - text_length / 2, across - thick / 2, text_length, thick)
        notes.append(Note(words, box, size, vertical))
    return notes


def _cut_notes(content: Rect, side: Side, name: str, column: int, row: int,
               measure: Measure) -> list[Note]:
    """One note in the cut room beside a seam this tile is cut along."""
    under = tile_name(column + 1, row) if side == "right" else tile_name(column, row + 1)
    words = f"{name}: cut along this edge, then lay it on the glue band of {under}"
    size = CUT_NOTE_SIZE
    length = content.h if side == "right" else content.w
    usable = length - 2 * (CROSS_ARM + 2 * MM)
    text_length = measure(words, size)
    if text_length > usable:
        words = f"{name}: cut here, lay on {under}"
        text_length = measure(words, size)
        if text_length > usable:
            return []
    thick = size * 0.9
    middle = CUT_ROOM / 2
    if side == "right":
        centre = content.y + content.h / 2
        box = Rect(content.right + middle - thick / 2, centre - text_length / 2, thick,
                   text_length)
        return [Note(words, box, size, True)]
    centre = content.x + content.w / 2
    box = Rect(centre - text_length / 2, content.y - middle - thick / 2, text_length, thick)
    return [Note(words, box, size, False)]


# --------------------------------------------------------------------------- one sheet

ISO_A: tuple[Paper, ...] = (
    Paper("A5", 148 * MM, 210 * MM),
    Paper("A4", 210 * MM, 297 * MM),
    Paper("A3", 297 * MM, 420 * MM),
    Paper("A2", 420 * MM, 594 * MM),
    Paper("A1", 594 * MM, 841 * MM),
    Paper("A0", 841 * MM, 1189 * MM),
    Paper("2A0", 1189 * MM, 1682 * MM),
    Paper("4A0", 1682 * MM, 2378 * MM),
)
"""ISO 216 A sizes (and the two DIN 476 sizes above A0), smallest first."""


@dataclass(frozen=True)
class SingleSheet:
    """The whole board on one page, for a print shop."""

    paper: Paper
    scale: float
    """1.0 at full size; less when the chosen paper is too small for the board."""
    board: Rect
    """Where the (scaled) board goes on the page."""
    info: Rect
    """Where the page label goes."""


def _single_fit(width: float, height: float, paper: Paper, margin: float) -> float:
    """The largest scale (at most 1) at which the board and its crop marks fit."""
    room_w = paper.width - 2 * margin - 2 * CUT_ROOM
    room_h = paper.height - 2 * margin - INFO_BAND - 2 * CUT_ROOM
    if room_w <= 0 or room_h <= 0:
        return 0.0
    return min(1.0, room_w / width, room_h / height)


def smallest_iso_paper(width: float, height: float, margin: float) -> Paper:
    """The smallest ISO A sheet (either way round) that holds the board at full size, or,
    for a board larger than 4A0, a custom sheet just large enough (whole centimetres)."""
    for paper in ISO_A:
        for turned in (paper, paper.landscape()):
            if _single_fit(width, height, turned, margin) >= 1.0 - 1e-9:
                return turned
    cm = 10 * MM
    sheet_w = math.ceil((width + 2 * margin + 2 * CUT_ROOM) / cm) * cm
    sheet_h = math.ceil((height + 2 * margin + INFO_BAND + 2 * CUT_ROOM) / cm) * cm
    return Paper(f"{sheet_w / MM:.0f}mm x {sheet_h / MM:.0f}mm", sheet_w, sheet_h)


def single_sheet(width: float, height: float, paper: Paper | None, *,
                 margin: float) -> SingleSheet:
    """Place a ``width`` x ``height`` board on one page of ``paper`` (``None``: the smallest
    ISO A size that holds it at full size).  A named paper is turned if the board fits
    better sideways; if it is still too small the board is scaled down to fit and
    ``scale`` says by how much, so the page can say so."""
    if paper is None:
        paper = smallest_iso_paper(width, height, margin)
    else:
        turned = paper.landscape()
        if _single_fit(width, height, turned, margin) > _single_fit(width, height, paper,
                                                                    margin) + 1e-9:
            paper = turned
    scale = _single_fit(width, height, paper, margin)
    if scale <= 0:
        raise LayoutError(f"{paper.name} paper leaves no room for the board inside "
                          f"{margin / MM:g} mm margins")
    w, h = width * scale, height * scale
    floor = margin + INFO_BAND + CUT_ROOM
    room_h = paper.height - margin - CUT_ROOM - floor
    board = Rect((paper.width - w) / 2, floor + (room_h - h) / 2, w, h)
    info = Rect(margin, margin, paper.width - 2 * margin, INFO_BAND)
    return SingleSheet(paper, scale, board, info)


def paper_by_iso_name(name: str) -> Paper | None:
    """An ISO A size by name (``"a1"``, ``"2A0"``), or ``None``."""
    key = name.strip().upper()
    return next((p for p in ISO_A if p.name == key), None)
