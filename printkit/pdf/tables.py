"""Where everything of a score sheet or player aid goes on its page: plain arithmetic.

Columns with a width keep it and the others share what is left equally.  Words are wrapped
inside their cells with the font's own widths; a row grows when its words need more lines
than its height holds, and a word too long for its column is set smaller, down to
:data:`LEAST_SIZE`.  Whatever still does not fit (a word, the columns across the page, the
rows down it) is a :class:`~printkit.errors.DefinitionError` at the place it was written.
All values are PDF points with the origin at the bottom-left of the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.definition.fonts import FontFace, FontFamily
from printkit.definition.scoresheet import Column, SheetComponent, Words
from printkit.errors import DefinitionError, Problem
from printkit.pdf.geometry import INFO_BAND, Rect
from printkit.pdf.paper import Paper
from printkit.units import MM

LEAST_SIZE = 6.0
"""Smallest size (points) words in a cell are set at before they are refused."""
LEAST_COLUMN = 6 * MM
"""Narrowest column that is left when columns share the width."""
PAD = 1.6 * MM
"""Room between a cell's edge and its words."""
LEADING = 1.22
"""Line spacing, as a multiple of the size."""
TITLE_SIZE = 16.0
NOTE_SIZE = 10.0
NOTES_SIZE = 8.5
CAP = 0.72
"""Height of a capital as a fraction of the size (DejaVu Sans and Vera alike)."""
GAP = 4 * MM
"""Space between the title block, the table and the notes."""


@dataclass(frozen=True)
class Text:
    """Lines of words set in one face and size; ``y`` is the first line's baseline."""

    lines: tuple[str, ...]
    face: FontFace
    size: float
    x: float
    y: float
    width: float
    align: str


@dataclass(frozen=True)
class TableCell:
    """One cell as printed: its box, its kind of row, its column's look, its words."""

    box: Rect
    row: str
    """``group``, ``heading``, ``head`` (column headings), ``entry``, ``example``, ``totals``."""
    shade: bool
    text: Text | None


@dataclass(frozen=True)
class TablePage:
    """A laid-out page of a sheet."""

    paper: Paper
    title: Text
    note: Text | None
    cells: tuple[TableCell, ...]
    table: Rect
    heavy_columns: tuple[float, ...]
    """x of the rules on the left of each group of columns and each running total."""
    heavy_rows: tuple[float, ...]
    """y of the rules under the headings and over a totals row."""
    notes: Text | None
    info: Rect


def wrap(face: FontFace, words: str, size: float, width: float) -> list[str] | None:
    """``words`` broken into lines no wider than ``width`` (``None``: a word is wider)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            if face.width(word, size) > width + 1e-6:
                return None
            trial = f"{line} {word}" if line else word
            if face.width(trial, size) <= width + 1e-6:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _fit(face: FontFace, words: Words, size: float, width: float, what: str) -> tuple[
        list[str], float]:
    """Lines and size of ``words`` in ``width``, smaller if a word needs it."""
    trial = size
    while trial >= LEAST_SIZE - 1e-9:
        lines = wrap(face, words.text, trial, width)
        if lines is not None:
            return lines, trial
        trial -= 0.5
    raise DefinitionError([Problem(
        f"{what}: {words.text!r} does not fit its column ({width / MM:.1f} mm) even at "
        f"{LEAST_SIZE:g} pt: widen the column (width:), shorten the words or turn the page "
        "(orientation: landscape)", words.where)])


def column_widths(sheet: SheetComponent, room: float) -> list[float]:
    """Each column's width: its own, or an equal share of what the others leave."""
    fixed = sum(c.width for c in sheet.columns if c.width is not None)
    free = [c for c in sheet.columns if c.width is None]
    share = (room - fixed) / len(free) if free else 0.0
    if fixed > room + 1e-6 or (free and share < LEAST_COLUMN - 1e-6):
        where = sheet.columns[0].label.where
        raise DefinitionError([Problem(
            f"{sheet.name}: the columns need more than the {room / MM:.0f} mm across the page "
            f"({fixed / MM:.0f} mm of set widths, {len(free)} more columns of at least "
            f"{LEAST_COLUMN / MM:g} mm): narrow them, use fewer, or turn the page "
            "(orientation: landscape)", where)])
    return [c.width if c.width is not None else share for c in sheet.columns]


@dataclass
class _Builder:
    """Lays out rows from the top of the table down."""

    sheet: SheetComponent
    family: FontFamily
    lefts: list[float]
    widths: list[float]
    top: float
    cells: list[TableCell]

    def faces(self, row: str) -> FontFace:
        bold = row in ("group", "heading", "head", "totals")
        italic = row == "example"
        regular = self.family.faces["regular"]
        return self.family.face(bold=bold, italic=italic) or regular

    def row(self, kind: str, spans: Sequence[tuple[int, int, Words | None, str, bool]]) -> float:
        """Add a row of cells (first column, columns spanned, words, alignment, shade);
        returns the row's height."""
        face = self.faces(kind)
        size = self.sheet.text_size
        laid: list[tuple[int, int, Words | None, str, bool, list[str], float]] = []
        height = self.sheet.row_height
        for first, span, words, align, shade in spans:
            width = sum(self.widths[first:first + span]) - 2 * PAD
            lines, used = ([], size) if words is None or not words.text else _fit(
                face, words, size, width, self.sheet.name)
            laid.append((first, span, words, align, shade, lines, used))
            height = max(height, len(lines) * used * LEADING + 2 * PAD)
        y = self.top - height
        for first, span, _, align, shade, lines, used in laid:
            x = self.lefts[first]
            width = sum(self.widths[first:first + span])
            box = Rect(x, y, width, height)
            text = None
            if lines:
                text = Text(tuple(lines), face, used, x + PAD,
                            _first_baseline(used, len(lines), y + height / 2),
                            width - 2 * PAD, align)
            self.cells.append(TableCell(box, kind, shade, text))
        self.top = y
        return height


def _first_baseline(size: float, count: int, middle: float) -> float:
    """The baseline of the first of ``count`` lines centred on ``middle``, each line's
    capitals centred in its line's height."""
    line = size * LEADING
    return middle + count * line / 2 - line / 2 - CAP * size / 2


def _column_row(sheet: SheetComponent, columns: Sequence[Column], builder: _Builder) -> None:
    groups: list[tuple[int, int, Words | None, str, bool]] = []
    index = 0
    while index < len(columns):
        group = columns[index].group
        span = 1
        while (group >= 0 and index + span < len(columns)
               and columns[index + span].group == group):
            span += 1
        groups.append((index, span, sheet.groups[group] if group >= 0 else None, "center",
                       False))
        index += span
    if sheet.groups:
        builder.row("group", groups)
    builder.row("head", [(i, 1, c.label, c.align, c.shade) for i, c in enumerate(columns)])


def table_page(sheet: SheetComponent, family: FontFamily, paper: Paper,
               margin: float) -> TablePage:
    """Lay the sheet out on ``paper`` (turned if the sheet is landscape)."""
    if sheet.landscape and paper.width < paper.height:
        paper = paper.landscape()
    inner = Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)
    bold = family.face(bold=True, italic=False) or family.faces["regular"]
    regular = family.faces["regular"]
    title_lines, title_size = _fit(bold, sheet.title, TITLE_SIZE, inner.w, sheet.name)
    top = inner.top - title_size * bold.ascent
    title = Text(tuple(title_lines), bold, title_size, inner.x, top, inner.w, "left")
    top -= (len(title_lines) - 1) * title_size * LEADING + title_size * bold.descent
    note = None
    if sheet.note is not None:
        lines, size = _fit(regular, sheet.note, NOTE_SIZE, inner.w, sheet.name)
        note = Text(tuple(lines), regular, size, inner.x, top - 2 * MM - size * regular.ascent,
                    inner.w, "left")
        top -= 2 * MM + len(lines) * size * LEADING
    widths = column_widths(sheet, inner.w)
    lefts = [inner.x + sum(widths[:i]) for i in range(len(widths))]
    builder = _Builder(sheet, family, lefts, widths, top - GAP, [])
    table_top = builder.top
    _column_row(sheet, sheet.columns, builder)
    heavy_rows = [builder.top]
    for row in sheet.rows:
        if row.kind == "heading":
            builder.row("heading", [(0, len(widths), row.cells[0], "left", False)])
            continue
        if row.kind == "totals":
            heavy_rows.append(builder.top)
        cells = [(i, 1, row.cells[i] if i < len(row.cells) else None,
                  "left" if i == 0 and row.kind == "totals" else column.align, column.shade)
                 for i, column in enumerate(sheet.columns)]
        builder.row(row.kind, cells)
    table = Rect(inner.x, builder.top, inner.w, table_top - builder.top)
    notes = None
    floor = inner.y + INFO_BAND
    bottom = builder.top
    if sheet.notes:
        lines = [line for words in sheet.notes
                 for line in _fit(regular, words, NOTES_SIZE, inner.w, sheet.name)[0]]
        notes = Text(tuple(lines), regular, NOTES_SIZE, inner.x,
                     bottom - GAP - NOTES_SIZE * regular.ascent, inner.w, "left")
        bottom -= GAP + len(lines) * NOTES_SIZE * LEADING
    if bottom < floor - 1e-6:
        need, have = (inner.top - bottom) / MM, (inner.top - floor) / MM
        raise DefinitionError([Problem(
            f"{sheet.name}: the sheet needs {need:.0f} mm down the page but {paper.name} has "
            f"{have:.0f} mm: fewer rows, a lower row_height or text_size, or "
            "orientation: landscape", sheet.where)])
    heavy_columns = tuple(lefts[i] for i, c in enumerate(sheet.columns) if i and (
        c.running or (c.group >= 0 and c.group != sheet.columns[i - 1].group)))
    return TablePage(paper, title, note, tuple(builder.cells), table, heavy_columns,
                     tuple(heavy_rows), notes, Rect(inner.x, inner.y, inner.w, INFO_BAND))
