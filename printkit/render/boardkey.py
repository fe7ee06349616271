"""The key under a banded board's grid when the board is printed on tiled sheets.

On one sheet each key line runs the grid's width.  A tiled board is cut along the lines
where its sheets meet (:attr:`BoardPicture.joins_x`), and a line of text across a join
would be cut in two.  So the key is set as columns, one for each stretch of the grid
between two joins: its lines are joined back into paragraphs (a line with a lead, or a
pattern, starts one; a line without continues it), each paragraph is wrapped to its
column's width and stays whole in one column, and the paragraphs fill the columns in
order, as evenly as they can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from printkit.definition.fonts import shipped_families
from printkit.render.boardpicture import KeyLine

GAP = 2.0
"""Space (mm) kept clear on each side of a join."""


@dataclass(frozen=True)
class Paragraph:
    """A key entry: a bold lead, then its words, and the pattern drawn before them."""

    lead: str
    text: str
    pattern: tuple[str, ...] = ()


Piece = tuple[str, bool]
"""Words and whether they are bold."""


@dataclass(frozen=True)
class KeyColumn:
    """One column of the key: its left edge, its width and the lines set in it, each a
    tuple of pieces; an empty line is the space between two paragraphs, and a line in
    ``patterns`` (by its index) holds a paragraph's pattern instead of words."""

    x: float
    width: float
    lines: tuple[tuple[Piece, ...], ...]
    patterns: tuple[tuple[int, tuple[str, ...]], ...] = ()


def paragraphs(key: Sequence[KeyLine]) -> list[Paragraph]:
    """The key's lines joined back into the paragraphs they were cut from."""
    out: list[Paragraph] = []
    for line in key:
        if out and not line.lead and not line.pattern:
            last = out[-1]
            out[-1] = Paragraph(last.lead, f"{last.text} {line.text}".strip(), last.pattern)
        else:
            out.append(Paragraph(line.lead, line.text, line.pattern))
    return out


def _width(words: str, size: float, bold: bool) -> float:
    face = shipped_families()["Vera"].faces["bold" if bold else "regular"]
    return float(face.width(words, size))


def wrap_paragraph(paragraph: Paragraph, size: float, room: float) -> list[tuple[Piece, ...]]:
    """The paragraph as lines no wider than ``room``: the lead's words in bold first."""
    words = [(w, True) for w in paragraph.lead.split()] + \
        [(w, False) for w in paragraph.text.split()]
    lines: list[list[Piece]] = []
    width = 0.0
    space = _width(" ", size, False)
    for word, bold in words:
        wide = _width(word, size, bold)
        if lines and width + space + wide <= room:
            lines[-1].append((word, bold))
            width += space + wide
        else:
            lines.append([(word, bold)])
            width = wide
    return [_merged(line) for line in lines]


def _merged(line: list[Piece]) -> tuple[Piece, ...]:
    """Neighbouring words of the same weight as one piece."""
    pieces: list[Piece] = []
    for word, bold in line:
        if pieces and pieces[-1][1] == bold:
            pieces[-1] = (f"{pieces[-1][0]} {word}", bold)
        else:
            pieces.append((word, bold))
    return tuple(pieces)


def _spans(left: float, right: float, joins: Sequence[float]) -> list[tuple[float, float]]:
    inner = sorted(j for j in joins if left < j < right)
    edges = [left, *inner, right]
    spans = []
    for a, b in pairwise(edges):
        x0 = a + (GAP if a != left else 0.0)
        x1 = b - (GAP if b != right else 0.0)
        spans.append((x0, max(0.0, x1 - x0)))
    return spans


def key_columns(key: tuple[KeyLine, ...], left: float, right: float,
                joins: tuple[float, ...], size: float) -> tuple[KeyColumn, ...]:
    """The key set in columns between ``left`` and ``right`` (mm) split at ``joins``."""
    return _columns(key, left, right, joins, size)


@cache
def _columns(key: tuple[KeyLine, ...], left: float, right: float, joins: tuple[float, ...],
             size: float) -> tuple[KeyColumn, ...]:
    spans = _spans(left, right, joins)
    paras = paragraphs(key)
    widest = max(w for _, w in spans)
    heights = [len(wrap_paragraph(p, size, widest)) + bool(p.pattern) for p in paras]
    columns = []
    index = 0
    for (x, width), count in zip(spans, _fill(heights, len(spans)), strict=True):
        lines: list[tuple[Piece, ...]] = []
        patterns: list[tuple[int, tuple[str, ...]]] = []
        for paragraph in paras[index:index + count]:
            if lines:
                lines.append(())
            if paragraph.pattern:
                patterns.append((len(lines), paragraph.pattern))
                lines.append(())
            lines += wrap_paragraph(paragraph, size, width)
        index += count
        columns.append(KeyColumn(x, width, tuple(lines), tuple(patterns)))
    return tuple(columns)


def _fill(heights: list[int], columns: int) -> list[int]:
    """How many paragraphs (of ``heights`` lines) go in each column, in order, so that the
    tallest column is as short as it can be (a blank line between two paragraphs)."""
    n = len(heights)

    def tall(i: int, j: int) -> int:
        return sum(heights[i:j]) + max(0, j - i - 1)

    best: dict[tuple[int, int], tuple[int, list[int]]] = {}

    def solve(start: int, left: int) -> tuple[int, list[int]]:
        if left == 1:
            return tall(start, n), [n - start]
        if (start, left) in best:
            return best[(start, left)]
        option = (10 ** 9, [n - start] + [0] * (left - 1))
        for end in range(n, start - 1, -1):  # on a tie, the earlier columns take more
            rest, counts = solve(end, left - 1)
            worst = max(tall(start, end), rest)
            if worst < option[0]:
                option = (worst, [end - start, *counts])
        best[(start, left)] = option
        return option

    return solve(0, columns)[1]


def key_lines(key: tuple[KeyLine, ...], left: float, right: float, joins: tuple[float, ...],
              size: float) -> int:
    """Lines of the tallest column."""
    return max((len(c.lines) for c in key_columns(key, left, right, joins, size)), default=0)
