"""The side panel of a board that fills its paper, and the small square patterns of keys.

A board in the ``side`` layout (:mod:`printkit.render.board`) has no bands round its grid:
its title, subtitle, note and key stand in a panel on its right, each wrapped to the
panel's width and set as large as the panel's height allows.  A key line may carry a
*pattern*: a few squares drawn in the board's proportions, the one the line is about
dark, the ones it is compared with tinted (how a card relates to its neighbours, say).
On a tiled print a block of words (the title, the note, a key entry) that would cross a
join between two sheets starts just below it instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import svgwrite

from printkit.definition.fonts import shipped_families
from printkit.render.svg import Box, num, text

if TYPE_CHECKING:
    from printkit.render.boardpicture import BoardPicture

PAD = 3.0
"""Space (mm) inside the panel, around its words."""
SIZES = (6.5, 3.8, 3.0, 3.3, 3.0)
"""Largest sizes (mm) of the title, the subtitle, the note, a key line's lead and words."""
STEP = 1.3
"""Height of a line of words, in font sizes."""
PATTERN = 3.4
"""Height of a key pattern, in sizes of a key's words."""
SMALLEST = 0.45
PHRASE_BREAK = re.compile(r"(?<=:) |(?<= \u00b7) | (?=\()")
"""Where a heading may break: after a colon or a middle dot, before a bracket."""
"""The panel shrinks its words to no less than this share of their sizes."""


@dataclass(frozen=True)
class _Line:
    words: str
    size: float
    bold: bool
    gap: float
    """Space before the line, in its font sizes."""
    block: int = 0
    """The block of words it belongs to (the title, the subtitle, the note, a key entry):
    a block is kept whole on one side of a join of a tiled print."""


def wrap(words: str, size: float, room: float, *, bold: bool) -> list[str]:
    """``words`` broken into lines no wider than ``room`` at ``size`` (a word longer than
    the room stands alone)."""
    face = shipped_families()["Vera"].faces["bold" if bold else "regular"]
    lines: list[str] = []
    for word in words.split():
        if lines and face.width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def phrases(heading: str) -> list[str]:
    """``heading`` cut where it changes phrase: after a colon or a middle dot, before a
    bracket ("STACKING: 1 point" -> "STACKING:", "1 point"), so that a heading too wide for
    its column breaks there and not between a number and its unit."""
    parts = PHRASE_BREAK.split(heading)
    return [part for part in parts if part]


def heading_lines(heading: str, size: float, room: float) -> list[str]:
    """A bold heading as lines no wider than ``room``: whole if it fits, else one line a
    phrase (see :func:`phrases`), a phrase wrapped between words only if it alone is too
    wide."""
    if not heading:
        return []
    whole = wrap(heading, size, room, bold=True)
    if len(whole) == 1:
        return whole
    return [line for phrase in phrases(heading) for line in wrap(phrase, size, room, bold=True)]


def title_size(title: str, largest: float, smallest: float, room: float) -> float:
    """The title's size: ``largest``, or smaller down to ``smallest`` so it stands on one
    line."""
    face = shipped_families()["Vera"].faces["bold"]
    one_line = room / face.width(title, 1.0) if title else largest
    return max(smallest, min(largest, one_line))


def draw_pattern(drawing: svgwrite.Drawing, pattern: Sequence[str], x: float, y: float,
                 height: float, aspect: float, ink: str, tint: str) -> float:
    """Draw ``pattern`` with its top-left corner at (x, y), ``height`` tall, each square
    ``aspect`` times as wide as tall; returns its width."""
    tall = height / len(pattern)
    wide = tall * aspect
    gap = tall * 0.12
    for row, cells in enumerate(pattern):
        for column, cell in enumerate(cells):
            cx, cy = x + column * wide + gap / 2, y + row * tall + gap / 2
            w, h = wide - gap, tall - gap
            if cell == "=":  # a stack: the card underneath shows at a corner
                drawing.add(drawing.rect((num(cx + gap), num(cy - gap)), (num(w), num(h)),
                                         fill="#ffffff", stroke=ink, stroke_width="0.2"))
            fill = {"o": ink, "=": ink, "#": tint}.get(cell, "#ffffff")
            drawing.add(drawing.rect((num(cx), num(cy)), (num(w), num(h)), fill=fill,
                                     stroke=ink, stroke_width="0.2"))
    return len(pattern[0]) * wide


def _lines(picture: BoardPicture, room: float, scale: float) -> list[_Line]:
    title, subtitle, note, lead, words = (size * scale for size in SIZES)
    title = title_size(picture.title, title, lead, room)
    subtitle = min(subtitle, title)
    out = [_Line(t, title, True, 0.0, 0) for t in heading_lines(picture.title, title, room)]
    out += [_Line(t, subtitle, True, 0.3 if i == 0 else 0.0, 1)
            for i, t in enumerate(heading_lines(picture.subtitle, subtitle, room))]
    out += [_Line(t, note, False, 0.3 if i == 0 else 0.0, 2)
            for i, t in enumerate(wrap(picture.note, note, room, bold=False))]
    for block, entry in enumerate(picture.key, start=3):
        first = True
        if entry.pattern:
            out.append(_Line("", words * PATTERN, False, 1.0 / PATTERN, block))
            first = False
        for t in heading_lines(entry.lead, lead, room):
            out.append(_Line(t, lead, True, 0.9 if first else 0.15, block))
            first = False
        for t in wrap(entry.text, words, room, bold=False):
            out.append(_Line(t, words, False, 0.9 if first else 0.0, block))
            first = False
    return out


def _tops(lines: Sequence[_Line], top: float, joins: Sequence[float]) -> list[float]:
    """The top of each line, from ``top`` down; a block that would cross a join starts
    just below it instead.  The last value is where the words end."""
    tops: list[float] = []
    y = top
    start = 0
    while start < len(lines):
        end = start
        while end < len(lines) and lines[end].block == lines[start].block:
            end += 1
        block = lines[start:end]
        height = sum(line.size * (STEP + line.gap) for line in block)
        crossed = [j for j in joins if y < j < y + height]
        if crossed:
            y = max(crossed) + PAD - block[0].size * block[0].gap
        for line in block:
            y += line.size * line.gap
            tops.append(y)
            y += line.size * STEP
        start = end
    return [*tops, y]


def side_panel(drawing: svgwrite.Drawing, picture: BoardPicture, panel: Box) -> None:
    """The title, subtitle, note and key of ``picture`` in ``panel``, one under the other,
    shrunk together until they fit its height."""
    room = panel.w - 2 * PAD
    top, floor = panel.y + PAD, panel.y + panel.h - PAD
    joins = picture.joins_y
    scale = 1.0
    lines = _lines(picture, room, scale)
    while _tops(lines, top, joins)[-1] > floor and scale > SMALLEST:
        scale *= 0.95
        lines = _lines(picture, room, scale)
    patterns = iter(entry.pattern for entry in picture.key if entry.pattern)
    tint = _tint(picture.lines, picture.background)
    aspect = picture.square / picture.height_of_square
    for line, y in zip(lines, _tops(lines, top, joins), strict=False):
        if not line.words:  # the place of a pattern
            draw_pattern(drawing, next(patterns), panel.x + PAD, y, line.size, aspect,
                         picture.lines, tint)
            continue
        text(drawing, drawing, line.words, panel.x + PAD, y + line.size * STEP / 2,
             line.size, picture.lines, bold=line.bold, anchor="start")


def _tint(ink: str, paper: str) -> str:
    """A colour between the board's ink and its paper, for the squares a pattern compares."""
    def channels(colour: str) -> list[int]:
        if len(colour) != 7 or not colour.startswith("#"):
            return [255, 255, 255]
        return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    a, b = channels(ink), channels(paper)
    return "#" + "".join(f"{round(x + (y - x) * 0.65):02x}" for x, y in zip(a, b, strict=True))
