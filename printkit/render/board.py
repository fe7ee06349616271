"""A game board as SVG text: a pure function of a :class:`BoardPicture`.

The drawing is in millimetres with the origin at the top-left corner of the board and y
running down.  From the outside in it has a title band, a band of coordinates on every
side (column names above and below, row names left and right) and the grid of squares.
The squares may be oblong (``square_height``: spaces for cards laid sideways, say) and the
grid need not be square (``rows``).  A board that must fill its paper takes the ``side``
layout instead: no bands, the grid at the edge, and the title, note and key in a *panel*
beside it (:mod:`printkit.render.boardpanel`), each square named in its corner.
Squares with a meaning in the game are :class:`Landmark` values: tinted, optionally framed
(the frame lies partly in the play room around a card, so it stays visible once a card is
down), and marked with a name or an emblem.  Each square may also carry its name, small in
its top left corner, where a card covers it once the square is taken, and the outlines of
the cards it takes (:class:`CardOutline`: upright, or sideways for a card laid across
another).  A *key* under the grid says in a few lines how the board is used, so a mat
explains itself on the table.  The renderer knows no game: each game's plugin turns its
rules into a picture (its ``board`` part).

:func:`board_geometry` gives the same measurements without drawing, for the sheet layout
that tiles the board over several pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import svgwrite

from printkit import memo
from printkit.definition.fonts import shipped_families
from printkit.render.boardkey import GAP as JOIN_GAP
from printkit.render.boardkey import key_columns, key_lines
from printkit.render.boardpanel import draw_pattern, side_panel
from printkit.render.boardpicture import BoardMaker, BoardPicture, CardOutline, KeyLine, Landmark
from printkit.render.svg import FONT_FAMILY, Box, num, star_points, text
from printkit.render.svgtext import svg_text

TITLE_BAND = 14.0
"""Height (mm) of the band above the coordinates that holds the title."""
COORD_BAND = 9.0
"""Width (mm) of the band of coordinates on each side of the grid."""
LINE = 0.35
"""Width (mm) of the lines between squares."""
BORDER = 0.7
"""Width (mm) of the line around the grid."""
HOME_RING = 2.6
"""Width (mm) of the coloured frame inside a home square."""
KEY_SIZE = 4.2
"""Size (mm) of the key's words under the grid (shrunk if a line is too long)."""
COLUMN_KEY_SIZE = 3.5
"""Size (mm) of the key's words when it is set in columns between the joins of a tiled
print (about 10 pt: columns take more lines, and a taller board may need more sheets)."""
KEY_STEP = 1.55
"""Height of a line of the key, in font sizes."""
KEY_PAD = 4.0
"""Space (mm) above and below the key."""
EDGE = 1.5
"""Margin (mm) around the grid of the ``side`` layout, on the sides without the panel."""
OUTLINE_CAPTION = 2.6
"""Size (mm) of the caption inside a card outline."""


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid lies in the board drawing (millimetres, y down)."""

    size: int
    square: float
    width: float
    height: float
    grid_x: float
    grid_y: float
    rows: int = 0
    """Rows (0: ``size``)."""
    square_height: float = 0.0
    """Height of a square (0: ``square``)."""
    panel: Box | None = None
    """The side panel of the ``side`` layout."""

    @property
    def grid(self) -> Box:
        """The area of the squares."""
        return Box(self.grid_x, self.grid_y, self.size * self.square,
                   (self.rows or self.size) * (self.square_height or self.square))

    def square_box(self, row: int, column: int) -> Box:
        """One square; row 0 is the top row."""
        tall = self.square_height or self.square
        return Box(self.grid_x + column * self.square, self.grid_y + row * tall,
                   self.square, tall)

    def column_edges(self) -> tuple[float, ...]:
        """x of every vertical grid line, left to right (``size + 1`` values)."""
        return tuple(self.grid_x + k * self.square for k in range(self.size + 1))

    def row_edges(self) -> tuple[float, ...]:
        """y of every horizontal grid line, top to bottom (one more than the rows)."""
        tall = self.square_height or self.square
        return tuple(self.grid_y + k * tall for k in range((self.rows or self.size) + 1))


def board_geometry(size: int, square: float, key_lines: int = 0,
                   key_size: float = KEY_SIZE) -> BoardGeometry:
    """The measurements of a ``size`` x ``size`` board of ``square`` mm squares, with
    ``key_lines`` lines of key under the grid (words ``key_size`` mm)."""
    side = size * square
    key = key_height(key_lines, key_size)
    return BoardGeometry(size, square, side + 2 * COORD_BAND,
                         side + 2 * COORD_BAND + TITLE_BAND + key, COORD_BAND,
                         TITLE_BAND + COORD_BAND)


def _key_count(picture: BoardPicture) -> int:
    """Lines the key takes: one a key line, or the tallest column when it is set in
    columns between the joins of a tiled print."""
    if not picture.joins_x or not picture.key:
        return len(picture.key)
    left = COORD_BAND
    return key_lines(picture.key, left, left + picture.size * picture.square, picture.joins_x,
                     COLUMN_KEY_SIZE)


def _key_size(picture: BoardPicture) -> float:
    return COLUMN_KEY_SIZE if picture.joins_x else KEY_SIZE


def picture_geometry(picture: BoardPicture) -> BoardGeometry:
    """The measurements of ``picture``'s drawing (its key or its panel included)."""
    if picture.layout == "side":
        width = picture.size * picture.square
        height = picture.row_count * picture.height_of_square
        return BoardGeometry(picture.size, picture.square, EDGE + width + picture.panel,
                             2 * EDGE + height, EDGE, EDGE, picture.row_count,
                             picture.height_of_square,
                             Box(EDGE + width, 0.0, picture.panel, 2 * EDGE + height))
    if picture.rows or picture.square_height:
        plain = board_geometry(picture.size, picture.square, _key_count(picture),
                               _key_size(picture))
        extra = picture.row_count * picture.height_of_square - picture.size * picture.square
        return BoardGeometry(plain.size, plain.square, plain.width, plain.height + extra,
                             plain.grid_x, plain.grid_y, picture.row_count,
                             picture.height_of_square)
    return board_geometry(picture.size, picture.square, _key_count(picture),
                          _key_size(picture))


def key_height(lines: int, size: float = KEY_SIZE) -> float:
    """Height (mm) of a key of ``lines`` lines, the space around it included (0 for none)."""
    return 2 * KEY_PAD + lines * size * KEY_STEP if lines else 0.0


def _rgb(colour: str) -> list[int]:
    """The channels of ``#rrggbb``; anything else (``none``) counts as white paper."""
    if len(colour) != 7 or not colour.startswith("#"):
        return [255, 255, 255]
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``.

    >>> mix("#000000", "#ffffff", 0.5)
    '#808080'
    """
    a, b = _rgb(colour), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def board_svg(picture: BoardPicture) -> str:
    """SVG text of the whole board (drawn once a :func:`printkit.memo.session` for equal
    pictures: the board of the sheets, of the booklet's components page and of variants)."""
    return memo.cached("board", picture, lambda: _board_svg(picture))


def _board_svg(picture: BoardPicture) -> str:
    geo = picture_geometry(picture)
    drawing = svgwrite.Drawing(size=(f"{num(geo.width)}mm", f"{num(geo.height)}mm"),
                               viewBox=f"0 0 {num(geo.width)} {num(geo.height)}",
                               profile="full", debug=False)
    drawing.set_desc(title=f"{picture.title}: {picture.subtitle}")
    drawing.add(drawing.rect((0, 0), (num(geo.width), num(geo.height)),
                             fill=picture.background))
    _squares(drawing, picture, geo)
    _outlines(drawing, picture, geo)
    _grid_lines(drawing, picture, geo)
    if geo.panel is not None:
        side_panel(drawing, picture, geo.panel)
    else:
        _coordinates(drawing, picture, geo)
        _title(drawing, picture, geo)
        _key(drawing, picture, geo)
    return svg_text(drawing)


def _squares(drawing: svgwrite.Drawing, picture: BoardPicture, geo: BoardGeometry) -> None:
    s = min(picture.square, picture.height_of_square)
    names_ink = mix(picture.lines, picture.background, 0.4)
    name_size = min(2.8, s * 0.07)
    inset = HOME_RING + 0.9
    marks = {(m.row, m.column): m for m in picture.landmarks}
    for row in range(picture.row_count):
        for col in range(picture.size):
            box = geo.square_box(row, col)
            mark = marks.get((row, col))
            if mark is not None and mark.emblem:
                _emblem(drawing, mark, box, s)
            elif mark is not None:
                _labelled(drawing, mark, box, s)
            if picture.square_names:
                name = picture.square_names[row * picture.size + col]
                text(drawing, drawing, name, box.x + inset, box.y + inset + name_size * 0.36,
                     name_size, names_ink, bold=False, anchor="start")


def _labelled(drawing: svgwrite.Drawing, mark: Landmark, box: Box, square: float) -> None:
    """A tinted square, framed in ``ring`` if given, with a bold label and a caption."""
    ring = HOME_RING
    drawing.add(drawing.rect((num(box.x), num(box.y)), (num(box.w), num(box.h)),
                             fill=mark.fill))
    edge = mark.ring or mark.fill
    if mark.ring is not None:
        drawing.add(drawing.rect((num(box.x + ring / 2), num(box.y + ring / 2)),
                                 (num(box.w - ring), num(box.h - ring)), fill="none",
                                 stroke=mark.ring, stroke_width=num(ring)))
    ink = mix(edge, "#000000", 0.45)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    if mark.label:
        size = min(square * 0.24, square * 0.7 / max(1, len(mark.label)) / 0.72)
        text(drawing, drawing, mark.label, cx, cy - square * 0.06, size, ink)
    if mark.caption:
        text(drawing, drawing, mark.caption, cx, cy + square * 0.17, square * 0.075, ink,
             bold=False)


def _emblem(drawing: svgwrite.Drawing, mark: Landmark, box: Box, square: float) -> None:
    """A tinted square with an outlined emblem and its caption in capitals below."""
    s = square
    drawing.add(drawing.rect((num(box.x), num(box.y)), (num(box.w), num(box.h)),
                             fill=mark.fill))
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    ink = mix(mark.fill, "#000000", 0.55)
    if mark.emblem == "star":
        drawing.add(drawing.path(d=star_points(cx, cy - s * 0.07, s * 0.24),
                                 fill=mix(mark.fill, "#ffffff", 0.55), stroke=ink,
                                 stroke_width=num(s * 0.012), stroke_linejoin="round"))
    if mark.caption:
        text(drawing, drawing, mark.caption.upper(), cx, cy + s * 0.29, s * 0.08, ink)


def _outlines(drawing: svgwrite.Drawing, picture: BoardPicture, geo: BoardGeometry) -> None:
    """Each card outline, dashed, centred in every square, with its caption inside."""
    if not picture.outlines:
        return
    ink = mix(picture.lines, picture.background, 0.45)
    size = OUTLINE_CAPTION
    group = drawing.g(fill="none", stroke=ink, stroke_width=num(LINE * 0.8))
    words = drawing.g(fill=ink, font_family=FONT_FAMILY, font_size=num(size))
    for row in range(picture.row_count):
        for col in range(picture.size):
            box = geo.square_box(row, col)
            cx, cy = box.x + box.w / 2, box.y + box.h / 2
            for outline in picture.outlines:
                x, y = cx - outline.width / 2, cy - outline.height / 2
                group.add(drawing.rect((num(x), num(y)), (num(outline.width),
                                                          num(outline.height)),
                                       stroke_dasharray=" ".join(num(d) for d in outline.dash)))
                if not outline.caption:
                    continue
                inset = size * 0.9
                if outline.width > outline.height:  # sideways: up the left edge
                    tx, ty = x + inset + size * 0.73, cy
                    words.add(drawing.text(outline.caption, insert=(num(tx), num(ty)),
                                           text_anchor="middle",
                                           transform=f"rotate(-90 {num(tx)} {num(ty)})"))
                else:
                    words.add(drawing.text(outline.caption, insert=(num(cx), num(
                        y + inset + size * 0.73)), text_anchor="middle"))
    drawing.add(group)
    drawing.add(words)


def _key(drawing: svgwrite.Drawing, picture: BoardPicture, geo: BoardGeometry) -> None:
    """The key's lines under the bottom coordinates: a bold lead, then the words, each
    line shrunk to the grid's width if it is longer."""
    if not picture.key:
        return
    if picture.joins_x:
        _key_in_columns(drawing, picture, geo)
        return
    family = shipped_families()["Vera"]
    bold, regular = family.faces["bold"], family.faces["regular"]
    grid = geo.grid
    top = grid.y + grid.h + COORD_BAND + KEY_PAD
    for index, line in enumerate(picture.key):
        lead = line.lead + " " if line.lead and line.text else line.lead
        centre = top + (index + 0.5) * KEY_SIZE * KEY_STEP
        x = grid.x
        if line.pattern:
            tall = KEY_SIZE * 1.3
            x += 1.5 + draw_pattern(drawing, line.pattern, x, centre - tall / 2, tall,
                                    picture.square / picture.height_of_square, picture.lines,
                                    mix(picture.lines, picture.background, 0.65))
        wide = bold.width(lead, 1.0) + regular.width(line.text, 1.0)
        size = min(KEY_SIZE, (grid.x + grid.w - x) / wide) if wide else KEY_SIZE
        if lead:
            text(drawing, drawing, lead, x, centre, size, picture.lines, anchor="start")
            x += bold.width(lead, size)
        if line.text:
            text(drawing, drawing, line.text, x, centre, size, picture.lines, bold=False,
                 anchor="start")


def _key_in_columns(drawing: svgwrite.Drawing, picture: BoardPicture,
                    geo: BoardGeometry) -> None:
    """The key set in columns between the joins of a tiled print (:mod:`boardkey`)."""
    family = shipped_families()["Vera"]
    bold, regular = family.faces["bold"], family.faces["regular"]
    size = COLUMN_KEY_SIZE
    space = regular.width(" ", size)
    grid = geo.grid
    top = grid.y + grid.h + COORD_BAND + KEY_PAD
    for column in key_columns(picture.key, grid.x, grid.x + grid.w, picture.joins_x, size):
        patterns = dict(column.patterns)
        for index, line in enumerate(column.lines):
            centre = top + (index + 0.5) * size * KEY_STEP
            if index in patterns:
                tall = size * 1.3
                draw_pattern(drawing, patterns[index], column.x, centre - tall / 2, tall,
                             picture.square / picture.height_of_square, picture.lines,
                             mix(picture.lines, picture.background, 0.65))
                continue
            x = column.x
            for words, heavy in line:
                text(drawing, drawing, words, x, centre, size, picture.lines, bold=heavy,
                     anchor="start")
                x += (bold if heavy else regular).width(words, size) + space


def _grid_lines(drawing: svgwrite.Drawing, picture: BoardPicture, geo: BoardGeometry) -> None:
    grid = geo.grid
    lines = drawing.g(stroke=picture.lines, stroke_width=num(LINE))
    for x in geo.column_edges()[1:-1]:
        lines.add(drawing.line((num(x), num(grid.y)), (num(x), num(grid.y + grid.h))))
    for y in geo.row_edges()[1:-1]:
        lines.add(drawing.line((num(grid.x), num(y)), (num(grid.x + grid.w), num(y))))
    drawing.add(lines)
    drawing.add(drawing.rect((num(grid.x), num(grid.y)), (num(grid.w), num(grid.h)),
                             fill="none", stroke=picture.lines, stroke_width=num(BORDER)))


def _coordinates(drawing: svgwrite.Drawing, picture: BoardPicture,
                 geo: BoardGeometry) -> None:
    grid = geo.grid
    size = min(4.6, COORD_BAND * 0.55, min(picture.square, picture.height_of_square) * 0.5)
    top = grid.y - COORD_BAND / 2
    bottom = grid.y + grid.h + COORD_BAND / 2
    left = grid.x - COORD_BAND / 2
    right = grid.x + grid.w + COORD_BAND / 2
    for k in range(max(picture.size, picture.row_count)):
        if k < picture.size:
            middle = grid.x + (k + 0.5) * picture.square
            for y in (top, bottom):
                text(drawing, drawing, picture.column_labels[k], middle, y, size,
                     picture.lines)
        if k < picture.row_count:
            middle = grid.y + (k + 0.5) * picture.height_of_square
            for x in (left, right):
                text(drawing, drawing, picture.row_labels[k], x, middle, size, picture.lines)


def _title(drawing: svgwrite.Drawing, picture: BoardPicture, geo: BoardGeometry) -> None:
    """Title on the left of the band; subtitle and note on the right, shrunk to fit."""
    left, right = COORD_BAND, geo.width - COORD_BAND
    title_size, sub_size, note_size = 7.0, 4.4, 3.4
    needed = (_width(picture.title, title_size, bold=True) + 6.0
              + max(_width(picture.subtitle, sub_size, bold=True),
                    _width(picture.note, note_size, bold=False)))
    scale = min(1.0, (right - left) / needed)
    joins = [j for j in picture.joins_x if left < j < right]
    if joins:  # the title ends before the first join, the words on the right after the last
        scale = min(scale, (min(joins) - JOIN_GAP - left) / _width(picture.title, title_size,
                                                                     bold=True),
                    (right - max(joins) - JOIN_GAP) / max(
                        _width(picture.subtitle, sub_size, bold=True),
                        _width(picture.note, note_size, bold=False)))
    middle = TITLE_BAND / 2 + 1.0
    text(drawing, drawing, picture.title, left, middle, title_size * scale, picture.lines,
         anchor="start")
    lines: Sequence[tuple[str, float, bool]] = [(picture.subtitle, sub_size * scale, True)]
    if picture.note:
        lines = [(picture.subtitle, sub_size * scale, True),
                 (picture.note, note_size * scale, False)]
    step = 5.0 * scale
    first = middle - step * (len(lines) - 1) / 2
    for index, (words, size, bold) in enumerate(lines):
        text(drawing, drawing, words, right, first + index * step, size, picture.lines,
             bold=bold, anchor="end")


def _width(words: str, size: float, *, bold: bool) -> float:
    """A generous estimate of the width of ``words`` in Vera at ``size`` mm."""
    return len(words) * size * (0.7 if bold else 0.62)


__all__ = ["COORD_BAND", "KEY_SIZE", "TITLE_BAND", "BoardGeometry", "BoardMaker", "BoardPicture",
           "CardOutline", "KeyLine", "Landmark", "board_geometry", "board_svg", "key_height",
           "mix", "picture_geometry"]
