"""Running text inside a box: wrapped at spaces, shrunk until it fits, drawn as SVG.

Widths come from each font's own advance widths (:class:`~printkit.definition.fonts.FontFace`),
the same numbers the PDF writer uses, so a line that fits here fits on paper.  Text is
shrunk step by step down to its least size; if it still does not fit, :func:`fit_text`
says so (the caller turns that into an error naming the card and the field): nothing is
ever cut off or left to overflow.  ``max_lines`` holds the text to a number of lines the
same way, ``fit: fixed`` sets it at its size or not at all, and with a language to hyphenate
in (:mod:`printkit.definition.language`) a word that does not fit the rest of a line is broken
at a hyphenation point.  Every run of words in one face is one SVG ``<text>`` with its own
position, so the drawing does not depend on the viewer's measuring.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from printkit.definition.fonts import FontFace, FontFamily, css_names, family_of
from printkit.definition.fontstack import current_stack, split_runs
from printkit.definition.language import adds_hyphen, break_points
from printkit.definition.shapes import InlineIcon, Run, TextShape
from printkit.render.svg import CAP_HEIGHT, num
from printkit.units import MM

ICON_HEIGHT = 1.0
"""Height of an icon in running text, as a multiple of the font size."""
ICON_DROP = 0.15
"""How far an icon in text reaches below the baseline, as a multiple of the font size."""
STEP = 0.05
"""Precision of shrinking, in points."""
_PARTS = re.compile(r"\n| +|[^ \n]+")

HOUSE_BOLD = "PK-Vera-Bold"
"""The PDF name of the face printkit's own titles were always set in."""

IconDrawer = Callable[[InlineIcon, float, float, float], str]
"""Draws an icon of running text: ``(icon, x, y, height)`` in millimetres -> SVG."""


ADVICE = "shorten it, enlarge the box or lower min_size"
"""What to do about text that does not fit, when nothing more particular applies."""


class TextDoesNotFit(ValueError):
    """The text cannot fit its box even at its least size; the message says why and
    ``advice`` what to change."""

    def __init__(self, message: str, advice: str = ADVICE) -> None:
        super().__init__(message)
        self.advice = advice


@dataclass(frozen=True)
class TooManyLines:
    """The text fits its box's width only in more lines than ``max_lines``."""

    count: int


@dataclass(frozen=True)
class Fragment:
    """Part of a word: text in one face, or an icon."""

    text: str
    face: FontFace | None
    icon: InlineIcon | None = None

    def width(self, size: float) -> float:
        """Advance width at ``size`` (points)."""
        if self.icon is not None:
            return size * ICON_HEIGHT * self.icon.icon.drawing.aspect
        assert self.face is not None
        return self.face.width(self.text, size)


@dataclass(frozen=True)
class Word:
    """Fragments with no space between them, and the face of the space before the word
    (``None`` at the start of a line of the source text)."""

    fragments: tuple[Fragment, ...]
    space: FontFace | None

    def width(self, size: float) -> float:
        """Width at ``size`` (points)."""
        return sum(f.width(size) for f in self.fragments)


@dataclass(frozen=True)
class Line:
    """Words on one line, with the x of each (points from the line's start)."""

    words: tuple[tuple[float, Word], ...]
    width: float


@dataclass(frozen=True)
class Block:
    """Text laid out at one size: its lines and the height they take (points)."""

    size: float
    lines: tuple[Line, ...]
    height: float


def paragraphs(shape: TextShape) -> list[list[Word]]:
    """The words of the text, one list per line of the source text."""
    result: list[list[Word]] = [[]]
    current: list[Fragment] = []
    space: FontFace | None = None
    pending_space: FontFace | None = None

    def close() -> None:
        nonlocal current, space
        if current:
            result[-1].append(Word(tuple(current), space))
            current = []
        space = None

    for piece in shape.pieces:
        if isinstance(piece, InlineIcon):
            if not current:
                space = pending_space
            current.append(Fragment("", None, piece))
            pending_space = None
            continue
        assert isinstance(piece, Run)
        for part in _PARTS.findall(piece.text):
            if part == "\n":
                close()
                result.append([])
                pending_space = None
            elif part.startswith(" "):
                close()
                pending_space = piece.face if result[-1] else None
            else:
                if not current:
                    space = pending_space
                current.append(Fragment(part, piece.face))
                pending_space = None
    close()
    return result


def layout_at(shape: TextShape, source: list[list[Word]], size: float, width: float,
              height: float) -> Block | str | TooManyLines:
    """The text at ``size`` in a box ``width`` x ``height`` (points), or why it does not
    fit."""
    lines: list[Line] = []
    for words in source:
        placed: list[tuple[float, Word]] = []
        x = 0.0
        queue = deque(words)
        while queue:
            word = queue.popleft()
            w = word.width(size)
            if shape.language and shape.wrap:
                start = x + word.space.width(" ", size) if word.space is not None \
                    and placed else x
                if start + w > width + 1e-6:
                    # the word overruns the line: its first part ends the line, or the
                    # whole word goes on to the next one (and is tried there again)
                    split = hyphenated(shape.language, word, size, width - start)
                    if split is not None:
                        placed.append((start, split[0]))
                        lines.append(Line(tuple(placed), start + split[0].width(size)))
                        placed, x = [], 0.0
                        queue.appendleft(split[1])
                        continue
                    if placed:
                        lines.append(Line(tuple(placed), x))
                        placed, x = [], 0.0
                        queue.appendleft(Word(word.fragments, None))
                        continue
            if w > width + 1e-6:
                text = "".join(f.text or ":icon:" for f in word.fragments)
                hyphens = f" and breaks at no point of {shape.language!r} hyphenation " \
                    "that fits" if shape.language and shape.wrap else ""
                return f"the word {text[:40]!r} is wider than its box{hyphens}"
            gap = word.space.width(" ", size) if word.space is not None and placed else 0.0
            if placed and (not shape.wrap or x + gap + w <= width + 1e-6):
                placed.append((x + gap, word))
                x += gap + w
            elif placed:
                lines.append(Line(tuple(placed), x))
                placed, x = [(0.0, word)], w
            else:
                placed, x = [(0.0, word)], w
            if not shape.wrap and x > width + 1e-6:
                return "a line is wider than its box"
        lines.append(Line(tuple(placed), x))
    if shape.max_lines and len(lines) > shape.max_lines:
        return TooManyLines(len(lines))
    regular = _regular(shape)
    line_height = shape.leading * size
    extent = (regular.ascent + regular.descent) * size
    total = (len(lines) - 1) * line_height + extent
    if total > height + 1e-6:
        return f"{len(lines)} lines need {total / MM:.1f}mm but the box is {height / MM:.1f}mm"
    return Block(size, tuple(lines), total)


def _regular(shape: TextShape) -> FontFace:
    """The face whose ascent and descent set the lines' spacing."""
    face = shape.family.face(bold=False, italic=False)
    if face is not None:
        return face
    return next(p.face for p in shape.pieces if isinstance(p, Run))


def fit_text(shape: TextShape, width: float, height: float) -> Block:
    """The text at the largest size from ``shape.size`` down to ``shape.min_size`` that
    fits (at ``shape.size`` only when it is fixed); raises :class:`TextDoesNotFit` when
    even the least size does not."""
    source = paragraphs(shape)
    best = layout_at(shape, source, shape.size, width, height)
    if isinstance(best, Block):
        return best
    if shape.fixed:
        raise _overflow(shape, best, f"at its fixed size {shape.size:g}pt (fit: fixed)",
                        "shorten it, enlarge the box or lower its size")
    least = layout_at(shape, source, shape.min_size, width, height)
    if not isinstance(least, Block):
        raise _overflow(shape, least, f"even at {shape.min_size:g}pt", ADVICE)
    low, high = shape.min_size, shape.size
    found = least
    while high - low > STEP:
        middle = (low + high) / 2
        trial = layout_at(shape, source, middle, width, height)
        if isinstance(trial, Block):
            low, found = middle, trial
        else:
            high = middle
    return found


def _overflow(shape: TextShape, why: str | TooManyLines, at: str, advice: str) -> TextDoesNotFit:
    """The error for text that does not fit, ``at`` saying at which size."""
    if isinstance(why, TooManyLines):
        more = advice.replace("enlarge the box", "raise max_lines, widen the box")
        return TextDoesNotFit(f"it needs {why.count} lines {at} but its max_lines is "
                              f"{shape.max_lines}", more)
    return TextDoesNotFit(f"{why} {at}", advice)


def hyphenated(language: str, word: Word, size: float, room: float) -> tuple[Word, Word] | None:
    """``word`` broken at its last hyphenation point whose first part, with its hyphen,
    fits in ``room`` points: the part ending the line and the part beginning the next
    (``None`` if there is no such point, or the word holds an icon)."""
    if any(f.face is None for f in word.fragments):
        return None
    text = "".join(f.text for f in word.fragments)
    for point in reversed(break_points(language, text)):
        head, tail = _cut(word.fragments, point)
        face = head[-1].face
        assert face is not None
        if adds_hyphen(text, point):
            if not face.covers("-"):
                continue
            head = (*head, Fragment("-", face))
        first = Word(head, word.space)
        if first.width(size) <= room + 1e-6:
            return first, Word(tail, None)
    return None


def _cut(fragments: tuple[Fragment, ...], point: int) -> tuple[tuple[Fragment, ...],
                                                               tuple[Fragment, ...]]:
    """The fragments before and after ``point`` characters."""
    head: list[Fragment] = []
    tail: list[Fragment] = []
    seen = 0
    for fragment in fragments:
        end = seen + len(fragment.text)
        if end <= point:
            head.append(fragment)
        elif seen >= point:
            tail.append(fragment)
        else:
            head.append(Fragment(fragment.text[:point - seen], fragment.face))
            tail.append(Fragment(fragment.text[point - seen:], fragment.face))
        seen = end
    return tuple(head), tuple(tail)


def text_svg(shape: TextShape, block: Block, box: tuple[float, float, float, float],
             icon_svg: IconDrawer) -> str:
    """SVG elements of a laid-out text in ``box`` (x, y, width, height in millimetres).

    ``icon_svg(icon, x, y, height)`` draws an inline icon (in millimetres).
    """
    x0, y0, width, height = box
    size = block.size
    regular = _regular(shape)
    top = {"top": 0.0, "middle": (height * MM - block.height) / 2,
           "bottom": height * MM - block.height}[shape.valign]
    out = []
    for index, line in enumerate(block.lines):
        baseline = top + regular.ascent * size + index * shape.leading * size
        shift = {"left": 0.0, "center": (width * MM - line.width) / 2,
                 "right": width * MM - line.width}[shape.align]
        segments: list[tuple[float, FontFace, str]] = []
        for x, word in line.words:
            cursor = x + shift
            if segments and word.space is not None and segments[-1][1] == word.space \
                    and word.fragments[0].face == word.space:
                segments[-1] = (segments[-1][0], word.space, segments[-1][2] + " ")
            for fragment in word.fragments:
                if fragment.icon is not None:
                    icon_height = size * ICON_HEIGHT
                    out.append(icon_svg(fragment.icon, x0 + cursor / MM,
                                        y0 + (baseline + size * ICON_DROP - icon_height) / MM,
                                        icon_height / MM))
                elif fragment.face is not None:
                    last = segments[-1] if segments else None
                    if last is not None and last[1] == fragment.face and abs(
                            last[0] + last[1].width(last[2], size) - cursor) < 1e-6:
                        segments[-1] = (last[0], last[1], last[2] + fragment.text)
                    else:
                        segments.append((cursor, fragment.face, fragment.text))
                cursor += fragment.width(size)
        for x, face, text in segments:
            out.append(_text(shape, face, text, x0 + x / MM, y0 + baseline / MM, size / MM))
    return "".join(out)


def _text(shape: TextShape, face: FontFace, text: str, x: float, y: float, size: float) -> str:
    bold = face.style in ("bold", "bold_italic")
    italic = face.style in ("italic", "bold_italic")
    weight = ' font-weight="bold"' if bold else ""
    slant = ' font-style="italic"' if italic else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{_css(shape, face)}" '
            f'font-size="{num(size)}"{weight}{slant} fill="{shape.fill}">{escape(text)}</text>')


def _css(shape: TextShape, face: FontFace) -> str:
    return css_for(shape.family, face)


def css_for(family: FontFamily, face: FontFace) -> str:
    """The ``font-family`` list of a run in ``face`` of text set in ``family``: the
    family's own list, or for a run in a fallback family (``style: fallback:``) that family
    first, then the text's."""
    if face.family_key == family.key:
        return family.css
    own = family_of(face)
    return css_names([own.key, own.name, family.key, family.name, *own.fallbacks])


def title_svg(text: str, x: float, y_centre: float, size: float, fill: str) -> str | None:
    """SVG of a one-line bold title centred on (x, ``y_centre``) in millimetres, its
    capitals centred on ``y_centre``, in the font stack of the kit being built (printkit's
    own words on a game's pieces, such as a back's title); ``None`` when the house font
    (Bitstream Vera) sets it all, which :func:`printkit.render.svg.text` draws."""
    stack = current_stack()
    faces = [f.face(bold=True, italic=False) or f.faces["regular"] for f in stack.families]
    runs = split_runs(text, faces)[0]
    if all(face.name == HOUSE_BOLD for _, face in runs):
        return None
    return runs_svg(stack.primary, runs, x, y_centre + size * CAP_HEIGHT / 2, size, fill,
                    anchor="middle")


def runs_svg(family: FontFamily, runs: list[tuple[str, FontFace]], x: float, baseline: float,
             size: float, fill: str, *, anchor: str = "start") -> str:
    """One line of text set in ``family`` as runs, each its own ``<text>`` placed after the
    one before (``x`` is where the line starts, is centred or ends, as ``anchor`` says)."""
    total = sum(face.width(chunk, size) for chunk, face in runs)
    cursor = x - {"start": 0.0, "middle": total / 2, "end": total}[anchor]
    out = []
    for chunk, face in runs:
        weight = ' font-weight="bold"' if face.style in ("bold", "bold_italic") else ""
        slant = ' font-style="italic"' if face.style in ("italic", "bold_italic") else ""
        out.append(f'<text x="{num(cursor)}" y="{num(baseline)}" font-family='
                   f'"{css_for(family, face)}" font-size="{num(size)}"{weight}{slant} '
                   f'fill="{fill}">{escape(chunk)}</text>')
        cursor += face.width(chunk, size)
    return "".join(out)
