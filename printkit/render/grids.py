"""A board from YAML alone as SVG text: square or hex grids, tracks of numbered spaces, or a
grid inside a track, each space filled and labelled as the definition says.

The drawing is in millimetres, origin at the top-left corner, y running down: a margin,
the title band, then the spaces.  A hex grid's odd rows (pointy tops) or odd columns (flat
tops) are shifted half a space, so ``B3`` names the same hexagon however the grid is
printed.  :func:`seams` gives the lines that cut no space, where a tiled board's sheets
should meet.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from printkit.definition.fonts import FontFace
from printkit.definition.pieces import letters
from printkit.definition.plainboard import MARGIN, TITLE_BAND, BoardComponent, Grid, label_size
from printkit.definition.stackedfaces import runs_of
from printkit.render.board import mix
from printkit.render.mapart import ART_SHARE, art_box, art_svg, features_svg
from printkit.render.mapspace import Space
from printkit.render.svg import Box, num
from printkit.render.text import runs_svg

LINE = 0.35
"""Width (mm) of the lines around spaces."""
TITLE_SIZE = 6.0
"""Size (mm) of the title."""


def _square(key: tuple[str, int, int], x: float, y: float, side: float, name: str) -> Space:
    outline = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    return Space(key, outline, Box(x, y, side, side), name, side * 0.86)


def _grid_origin(board: BoardComponent, grid: Grid, top: float) -> tuple[float, float]:
    x, y = MARGIN, top
    track = board.track
    if track is None:
        return x, y
    width, height = grid.extent
    inner_w, inner_h = (track.columns - 2) * track.size, (track.rows - 2) * track.size
    return x + track.size + (inner_w - width) / 2, y + track.size + (inner_h - height) / 2


def _hexagon(key: tuple[str, int, int], cx: float, cy: float, grid: Grid) -> Space:
    radius = grid.size / math.sqrt(3)
    start = -90.0 if grid.orientation == "pointy" else 0.0
    outline = tuple((cx + radius * math.cos(math.radians(start + 60 * k)),
                     cy + radius * math.sin(math.radians(start + 60 * k))) for k in range(6))
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    name = letters(key[1]) + str(key[2] + 1)
    return Space(key, outline, Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                 name, grid.size * 0.72)


def board_spaces(board: BoardComponent, *, band: bool = True) -> list[Space]:
    """Every space of the board: the track's in number order, then the grid's row by row
    (placed under the title band, or at the top margin when ``band`` is false)."""
    spaces: list[Space] = []
    top = MARGIN + (TITLE_BAND if band else 0.0)
    track = board.track
    if track is not None:
        for step in range(track.count):
            column, row = track.cell(step)
            spaces.append(_square(("track", step, 0), MARGIN + column * track.size,
                                  top + row * track.size, track.size,
                                  str(track.first + step)))
    grid = board.grid
    if grid is None:
        return spaces
    x0, y0 = _grid_origin(board, grid, top)
    radius = grid.size / math.sqrt(3)
    for row in range(grid.rows):
        for column in range(grid.columns):
            key = ("grid", column, row)
            if grid.type == "square":
                spaces.append(_square(key, x0 + column * grid.size, y0 + row * grid.size,
                                      grid.size, letters(column) + str(row + 1)))
            elif grid.orientation == "pointy":
                cx = x0 + grid.size / 2 + column * grid.size + (grid.size / 2 if row % 2 else 0)
                spaces.append(_hexagon(key, cx, y0 + radius + row * 1.5 * radius, grid))
            else:
                cy = y0 + grid.size / 2 + row * grid.size + (grid.size / 2 if column % 2 else 0)
                spaces.append(_hexagon(key, x0 + radius + column * 1.5 * radius, cy, grid))
    return spaces


def seams(spaces: list[Space]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The x (across) and y (down) of lines that cross no space, in millimetres."""
    eps = 1e-6

    def clear(value: float, spans: list[tuple[float, float]]) -> bool:
        return not any(low + eps < value < high - eps for low, high in spans)

    across = [(s.box.x, s.box.x + s.box.w) for s in spaces]
    down = [(s.box.y, s.box.y + s.box.h) for s in spaces]
    xs = sorted({round(v, 4) for pair in across for v in pair if clear(v, across)})
    ys = sorted({round(v, 4) for pair in down for v in pair if clear(v, down)})
    return tuple(xs), tuple(ys)


def _ink(fill: str | None, board: BoardComponent) -> str:
    """The colour of words on ``fill``: the board's lines, or white on a dark fill."""
    if fill is None or len(fill) != 7:
        return board.lines
    red, green, blue = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * red + 0.587 * green + 0.114 * blue < 110 else board.lines


def _text(board: BoardComponent, words: str, x: float, y: float, size: float, fill: str, *,
          bold: bool = False, anchor: str = "middle") -> str:
    """Words whose capitals are centred on ``y`` (in runs when some letters come from the
    definition's fallback fonts)."""
    weight = ' font-weight="bold"' if bold else ""
    face = board.family.face(bold=bold, italic=False) or board.family.faces["regular"]
    parts = runs_of(face, words)
    if len(parts) > 1 or parts[0][1].name != face.name:
        return runs_svg(board.family, parts, x, y + size * 0.36, size, fill, anchor=anchor)
    return (f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-family="{board.family.css}" '
            f'font-size="{num(size)}"{weight} fill="{fill}" text-anchor="{anchor}">'
            f"{escape(words)}</text>")


def _cell(board: BoardComponent, space: Space) -> str:
    """The space's outline, filled."""
    marking = board.markings.get(space.key)
    fill = marking.fill if marking is not None else None
    points = " ".join(f"{num(x)},{num(y)}" for x, y in space.outline)
    return (f'<polygon points="{points}" fill="{fill or "none"}" stroke="{board.lines}" '
            f'stroke-width="{num(LINE)}" stroke-linejoin="round"/>')


def _art(board: BoardComponent, space: Space) -> str:
    """The space's icon and picture, if it has any."""
    marking = board.markings.get(space.key)
    if marking is None or (marking.art.icon is None and marking.art.picture is None):
        return ""
    box = space.box
    side = min(box.w, box.h)
    where = art_box(box, side)
    if space.key[0] == "track":  # under the number
        where = Box(where.x, box.y + side * 0.45, where.w, where.h * 0.9)
    return art_svg(marking.art, where, _ink(marking.fill, board))


def _space(board: BoardComponent, space: Space, face: FontFace, bold: FontFace) -> str:
    """The space's words: its number or name, and its label."""
    marking = board.markings.get(space.key)
    fill = marking.fill if marking is not None else None
    parts = []
    ink = _ink(fill, board)
    box = space.box
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    side = min(box.w, box.h)
    pictured = marking is not None and (marking.art.icon is not None
                                        or marking.art.picture is not None)
    if space.key[0] == "track":
        track = board.track
        if track is None or track.numbers:
            size = label_size(bold, space.name, space.room, side * 0.3) or side * 0.2
            parts.append(_text(board, space.name, cx, box.y + side * 0.3, size, ink,
                               bold=True))
        label_y = box.y + side * (0.86 if pictured else 0.68)
    else:
        label_y = cy + (side * (ART_SHARE / 2 + 0.1) if pictured else 0.0)
        grid = board.grid
        if grid is not None and grid.coordinates:
            size = min(2.6, side * 0.11)
            faint = mix(ink, fill or board.background, 0.35)
            if grid.type == "square":
                parts.append(_text(board, space.name, box.x + 0.9, box.y + 0.9 + size * 0.36,
                                   size, faint, anchor="start"))
            else:
                parts.append(_text(board, space.name, cx, box.y + box.h * 0.2, size, faint))
    if marking is not None and marking.label and board.labels:
        fitted = label_size(face, marking.label, space.room,
                            side * (0.14 if pictured else 0.2))
        if fitted is not None:  # the loader refused labels that do not fit
            parts.append(_text(board, marking.label, cx, label_y, fitted, ink))
    return "".join(parts)


def plain_board_svg(board: BoardComponent, *, band: bool = True) -> str:
    """SVG text of the whole board, with its title band or (``band`` false) without it.

    Layers from the bottom: the spaces' fills and outlines, the features across sides
    (roads), the spaces' icons and pictures, the features along sides (rivers, walls), then
    the words, so that no line hides a name or a label."""
    width, height = board.drawn(band=band)
    face, bold = board.faces
    parts = [f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" '
             f'fill="{board.background}"/>']
    if band:
        title_size = min(TITLE_SIZE,
                         (width - 2 * MARGIN) / max(bold.width(board.title, 1.0), 1e-6))
        parts.append(_text(board, board.title, MARGIN, MARGIN + TITLE_BAND / 2, title_size,
                           board.lines, bold=True, anchor="start"))
    spaces = board_spaces(board, band=band)
    parts += [_cell(board, space) for space in spaces]
    keyed = {space.key: space for space in spaces}
    parts.append(features_svg(board.features, keyed, across=True))
    parts += [_art(board, space) for space in spaces]
    parts.append(features_svg(board.features, keyed, across=False))
    parts += [_space(board, space, face, bold) for space in spaces]
    body = "".join(parts)
    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if "xlink:href" in body else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg"{xlink} version="1.1" '
            f'width="{num(width)}mm" height="{num(height)}mm" '
            f'viewBox="0 0 {num(width)} {num(height)}">'
            f"<title>{escape(board.title)}</title>{body}</svg>")
