"""Reading back what the component PDFs draw: painted paths (outlines, rules, clips), the
colours inside each placed form, and where poppler finds each word."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.pdfinspect import IDENTITY, Matrix, _apply, _mul


@dataclass(frozen=True)
class Drawn:
    """A painted path in page coordinates: its points (curve ends included), the rectangles
    it holds, whether it has curves, and how it was painted (``S``, ``f``, ``clip``...)."""

    points: tuple[tuple[float, float], ...]
    rects: tuple[tuple[float, float, float, float], ...]
    curved: bool
    paint: str

    @property
    def box(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of every point."""
        xs = [p[0] for p in self.points] + [r[0] for r in self.rects] + [
            r[0] + r[2] for r in self.rects]
        ys = [p[1] for p in self.points] + [r[1] for r in self.rects] + [
            r[1] + r[3] for r in self.rects]
        return min(xs), min(ys), max(xs), max(ys)


def paths(pdf: Path, page: int) -> list[Drawn]:
    """Every path painted (or used as a clip) on a page, outside forms."""
    reader = PdfReader(str(pdf))
    stream = ContentStream(reader.pages[page].get_contents(), reader)
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    points: list[tuple[float, float]] = []
    rects: list[tuple[float, float, float, float]] = []
    curved = clip = False
    found: list[Drawn] = []
    for operands, op in stream.operations:
        name = op.decode() if isinstance(op, bytes) else str(op)
        values = [float(v) for v in operands] if name in ("m", "l", "c", "re", "cm") else []
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop()
        elif name == "cm":
            ctm = _mul(tuple(values), ctm)  # type: ignore[arg-type]
        elif name in ("m", "l"):
            points.append(_apply(ctm, values[0], values[1]))
        elif name == "c":
            points.append(_apply(ctm, values[4], values[5]))
            curved = True
        elif name == "re":
            x, y = _apply(ctm, values[0], values[1])
            rects.append((x, y, values[2] * ctm[0], values[3] * ctm[3]))
        elif name in ("W", "W*"):
            clip = True
        elif name in ("S", "s", "f", "f*", "B", "b", "n"):
            if points or rects:
                paint = "clip" if clip else name
                found.append(Drawn(tuple(points), tuple(rects), curved, paint))
            points, rects, curved, clip = [], [], False, False
    return found


def form_colours(pdf: Path, page: int, name: str) -> set[tuple[float, float, float]]:
    """The fill colours (``rg``) a form placed on a page paints with."""
    reader = PdfReader(str(pdf))
    resources: Any = reader.pages[page]["/Resources"]
    xobject = resources["/XObject"][f"/{name}"].get_object()
    stream = ContentStream(xobject, reader)
    return {tuple(round(float(v), 3) for v in operands)  # type: ignore[misc]
            for operands, op in stream.operations if op == b"rg"}


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as the rounded channels a PDF writes."""
    red, green, blue = (round(int(colour[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    return red, green, blue


@dataclass(frozen=True)
class Word:
    """A word poppler found, its box in points from the page's top left, and its page."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    page: int


def words(pdf: Path) -> list[Word]:
    """Every word of a PDF with its box (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    found: list[Word] = []
    page = -1
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        match = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                          r"(.*)</word>", line)
        if match:
            x0, y0, x1, y1 = (float(match.group(i)) for i in range(1, 5))
            text = match.group(5).replace("&amp;", "&").replace("&lt;", "<")
            found.append(Word(text, x0, y0, x1, y1, page))
    return found
