"""Measure how large a PDF's text and pictures land on paper.

Every text-showing operator is followed through the text matrix, the current
transformation matrix and every form XObject it sits in, so the size reported is the
size a reader meets on the printed page: the font size times the scale of the whole
transformation. Only the operators printkit's writer uses are followed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject

from tests.pdfinspect import IDENTITY, Matrix, _apply, _mul

MM = 72 / 25.4


@dataclass(frozen=True)
class Run:
    """One shown string: its text, its size on paper and where it stands."""

    page: int
    """1-based page number."""
    text: str
    size: float
    """Font size times the scale of the full transformation, in points."""
    x: float
    y: float
    """Baseline origin of the run on the page, in points."""
    bold: bool
    forms: tuple[str, ...]
    """Names of the forms the run sits in, outermost first (empty: on the page itself)."""
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """The area its glyphs may cover on the page (x0, y0, x1, y1): from its origin to the
    end of its advance, from a descender below the baseline to an ascender above it."""
    font: str = ""
    """The font's name without its subset prefix (``BitstreamVeraSans-Roman``)."""


@dataclass(frozen=True)
class Form:
    """A form XObject placed on a page: its name and its size on paper."""

    page: int
    name: str
    width: float
    height: float
    """Size of its bounding box on the page, in points."""
    natural: tuple[float, float]
    """Its bounding box's size before placing."""
    scale: float


def _scale(m: Matrix) -> float:
    """How much the matrix enlarges a letter's height: the distance between two baselines
    one unit apart, so a squeezed (narrowed) letter keeps its height and a flattened one
    does not."""
    along = math.hypot(m[0], m[1])
    return abs(m[0] * m[3] - m[1] * m[2]) / along if along else 0.0


ASCENT = 0.80
DESCENT = 0.25
"""A generous height above and below the baseline that a font's glyphs reach, in sizes."""


@dataclass(frozen=True)
class _Font:
    bold: bool
    codes: dict[int, str]
    """One-byte code -> its text, from the font's ToUnicode map (subset fonts renumber)."""
    widths: dict[int, float] | None = None
    """One-byte code -> its advance in thousandths of the size (``/Widths``)."""
    name: str = ""

    def decode(self, raw: Any) -> str:
        return "".join(self.codes.get(b, chr(b)) for b in _bytes(raw))

    def advance(self, raw: Any) -> float:
        """The advance of ``raw`` in sizes (a code without a width counts 0.6)."""
        widths = self.widths or {}
        return sum(widths.get(b, 600.0) for b in _bytes(raw)) / 1000


def _bytes(raw: Any) -> bytes:
    """The string's codes as written in the PDF: pypdf decodes a text string through
    PDFDocEncoding, which turns codes such as 0x18-0x1F and 0x80-0x9F into characters
    that latin-1 cannot give back, so the original bytes are taken where pypdf kept them."""
    if isinstance(raw, bytes):
        return raw
    original = getattr(raw, "original_bytes", None)
    if isinstance(original, bytes):
        return original
    return str(raw).encode("latin-1", "replace")


def _widths(font: DictionaryObject) -> dict[int, float]:
    first = int(font.get("/FirstChar", 0))
    return {first + i: float(w) for i, w in enumerate(font.get("/Widths") or [])}


def _unicode_map(font: DictionaryObject) -> dict[int, str]:
    stream = font.get("/ToUnicode")
    if stream is None:
        return {}
    text = stream.get_object().get_data().decode("latin-1")
    codes: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            codes[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be", "replace")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, dst in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            for offset, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                codes[code] = chr(int(dst, 16) + offset)
    return codes


def _fonts(resources: DictionaryObject) -> dict[str, _Font]:
    """Font resource name -> whether it is bold, and how its codes read."""
    out: dict[str, _Font] = {}
    fonts = resources.get("/Font") or {}
    for key, ref in fonts.items():
        font = ref.get_object()
        base = str(font.get("/BaseFont", ""))
        out[str(key)] = _Font("bold" in base.lower(), _unicode_map(font), _widths(font),
                              base.lstrip("/").split("+")[-1])
    return out


class _Walker:
    def __init__(self, reader: PdfReader) -> None:
        self.reader = reader
        self.runs: list[Run] = []
        self.forms: list[Form] = []

    def walk(self, page_no: int, content: Any, resources: DictionaryObject,
             ctm: Matrix, forms: tuple[str, ...]) -> None:
        xobjects = resources.get("/XObject") or {}
        fonts = _fonts(resources)
        stack: list[Matrix] = []
        tm = tlm = IDENTITY
        size = 0.0
        leading = 0.0
        font = _Font(False, {})
        for operands, op in ContentStream(content, self.reader).operations:
            name = op.decode() if isinstance(op, bytes) else str(op)
            if name == "q":
                stack.append(ctm)
            elif name == "Q":
                ctm = stack.pop() if stack else ctm
            elif name == "cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif name == "BT":
                tm = tlm = IDENTITY
            elif name == "Tf":
                size = float(operands[1])
                font = fonts.get(str(operands[0]), _Font(False, {}))
            elif name == "TL":
                leading = float(operands[0])
            elif name == "Tm":
                tm = tlm = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif name in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if name == "TD":
                    leading = -ty
                tm = tlm = _mul((1.0, 0.0, 0.0, 1.0, tx, ty), tlm)
            elif name in ("T*", "'", '"'):
                tm = tlm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tlm)
            if name in ("Tj", "'", '"', "TJ"):
                raw = operands[-1]
                parts = raw if name == "TJ" else [raw]
                text = "".join(font.decode(p) for p in parts if not isinstance(p, (int, float)))
                advance = sum(-float(p) / 1000 if isinstance(p, (int, float))
                              else font.advance(p) for p in parts) * size
                full = _mul(tm, ctm)
                if text.strip():
                    corners = [_apply(full, x, y) for x in (0.0, advance)
                               for y in (-DESCENT * size, ASCENT * size)]
                    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
                    x, y = _apply(full, 0.0, 0.0)
                    self.runs.append(Run(page_no, text, size * _scale(full), x, y, font.bold,
                                         forms, (min(xs), min(ys), max(xs), max(ys)),
                                         font.name))
                tm = _mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), tm)
            elif name == "Do":
                key = str(operands[0])
                ref = xobjects.get(key)
                if ref is None:
                    continue
                obj = ref.get_object()
                if obj.get("/Subtype") != "/Form":
                    continue
                matrix = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
                placed = _mul(matrix, ctm)  # type: ignore[arg-type]
                bbox = [float(v) for v in obj.get("/BBox")]
                corners = [_apply(placed, bx, by) for bx in (bbox[0], bbox[2])
                           for by in (bbox[1], bbox[3])]
                xs = [c[0] for c in corners]
                ys = [c[1] for c in corners]
                label = key.lstrip("/")
                self.forms.append(Form(page_no, label, max(xs) - min(xs), max(ys) - min(ys),
                                       (bbox[2] - bbox[0], bbox[3] - bbox[1]), _scale(placed)))
                inner = obj.get("/Resources") or resources
                self.walk(page_no, obj, inner, placed, (*forms, label))


@dataclass
class Measured:
    """Every text run and every placed form of one PDF."""

    path: Path
    runs: list[Run]
    forms: list[Form]


def measure(path: Path) -> Measured:
    """Follow every page of ``path`` and report its text runs and placed forms."""
    reader = PdfReader(str(path))
    walker = _Walker(reader)
    for number, page in enumerate(reader.pages, start=1):
        resources = page.get("/Resources") or DictionaryObject()
        walker.walk(number, page.get_contents(), resources, IDENTITY, ())
    return Measured(path, walker.runs, walker.forms)


def wrapped_headings(runs: list[Run], *, gap: float = 1.6) -> list[tuple[str, str]]:
    """Pairs of bold lines in a placed picture (a board and its key) that are one heading
    wrapped over two lines.

    Two bold runs of the same size, in the same forms, starting at the same x, the second
    one line below the first (less than ``gap`` times the size): the heading did not fit
    its column and was broken between words.  A break between two phrases (after a colon
    a middle dot or a full stop, before a bracket) is how a heading is meant to be set in a narrow
    column, not a broken one.
    """
    found: list[tuple[str, str]] = []
    bold = sorted((r for r in runs if r.bold and r.forms),
                  key=lambda r: (r.page, r.forms, r.x, -r.y))
    for a, b in pairwise(bold):
        if (a.page, a.forms) != (b.page, b.forms) or abs(a.size - b.size) > 0.01:
            continue
        if abs(a.x - b.x) > 0.5:
            continue
        drop = a.y - b.y
        between_phrases = (a.text.rstrip().endswith((":", "\u00b7", "."))
                           or b.text.startswith("("))
        if 0 < drop < gap * a.size and not between_phrases:
            found.append((a.text, b.text))
    return found
