"""Read what a PDF page actually draws: placed forms and straight lines, in page points.

Only the operators printkit's writer uses are followed (q, Q, cm, Do, m, l, S, re).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on the page: its name and where its origin landed."""

    name: str
    x: float
    y: float
    matrix: Matrix


@dataclass(frozen=True)
class Line:
    """A stroked straight segment in page coordinates."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass
class PageContent:
    """The placements and lines on one page, plus the page size."""

    width: float
    height: float
    placements: list[Placement]
    lines: list[Line]
    xobjects: dict[str, str]
    """Name -> subtype of each XObject the page's resources hold."""


def read_pages(path: Path) -> list[PageContent]:
    """Every page of ``path``, inspected."""
    reader = PdfReader(str(path))
    pages = []
    for page in reader.pages:
        box = page.mediabox
        resources = page.get("/Resources") or {}
        xobjs = resources.get("/XObject") or {}
        kinds = {str(k).lstrip("/"): str(v.get_object().get("/Subtype")) for k, v in xobjs.items()}
        content = ContentStream(page.get_contents(), reader)
        ctm = IDENTITY
        stack: list[Matrix] = []
        placements: list[Placement] = []
        lines: list[Line] = []
        current: tuple[float, float] | None = None
        pending: list[Line] = []
        for operands, op in content.operations:
            name = op.decode() if isinstance(op, bytes) else str(op)
            if name == "q":
                stack.append(ctm)
            elif name == "Q":
                ctm = stack.pop()
            elif name == "cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif name == "Do":
                x, y = _apply(ctm, 0, 0)
                placements.append(Placement(str(operands[0]).lstrip("/"), x, y, ctm))
            elif name == "m":
                current = _apply(ctm, float(operands[0]), float(operands[1]))
            elif name == "l" and current is not None:
                end = _apply(ctm, float(operands[0]), float(operands[1]))
                pending.append(Line(current[0], current[1], end[0], end[1]))
                current = end
            elif name in ("S", "s"):
                lines.extend(pending)
                pending = []
            elif name in ("n", "f", "f*", "B", "b"):
                pending = []
        pages.append(PageContent(float(box.width), float(box.height), placements, lines, kinds))
    return pages
