"""A virtual duplex printer: what a two-sided PDF becomes on paper, worked out from the
geometry the PDF draws (no rendering).

A page is read as the forms it places (each with the rectangle its bounding box covers
and how far it is turned) and the straight lines it strokes.  The printer prints a back
page moved by a shift fixed on the paper as it is fed (portrait, short edge first); a
driver turns a landscape page a quarter turn onto the paper, one way or the other
(``ccw``: the page's top to the paper's left edge, the usual; ``cw``: the other).  Turning
the sheet over an edge mirrors the back onto the front, and folding a gutter-fold page
mirrors its lower half onto its upper half.

Everything here is written from the physics of paper, independently of printkit's own
layout code, so the tests compare two derivations rather than one with itself.
"""

from __future__ import annotations

import functools
import io
import re
import subprocess
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
FLIP = re.compile(r"(long|short)-edge flip")


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (points): left, bottom, right, top."""

    x0: float
    y0: float
    x1: float
    y1: float

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def distance(self, other: Box) -> float:
        """The largest difference of any edge (points)."""
        return max(abs(self.x0 - other.x0), abs(self.y0 - other.y0),
                   abs(self.x1 - other.x1), abs(self.y1 - other.y1))


@dataclass(frozen=True)
class Placed:
    """A form drawn on a page: its name, the box it covers and its turn (degrees, 0, 90,
    180 or 270 counter-clockwise; -1 if it is mirrored)."""

    name: str
    box: Box
    turn: int


@dataclass(frozen=True)
class Stroke:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        return float(((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5)


@dataclass(frozen=True)
class Page:
    """One page as the virtual printer sees it."""

    width: float
    height: float
    placed: tuple[Placed, ...]
    strokes: tuple[Stroke, ...]
    text: str

    @property
    def portrait(self) -> bool:
        return self.width <= self.height

    def flip(self) -> str:
        """The edge the page tells the user to turn the sheet over (``long``/``short``)."""
        found = FLIP.findall(self.text.replace("\n", " "))
        assert found, f"the page says no flip: {self.text[:200]!r}"
        assert len(set(found)) == 1, found
        return str(found[0])


def _turn(m: Matrix) -> int:
    a, b, c, d, _, _ = m
    if abs(a * d - b * c) < 1e-9 or a * d - b * c < 0:
        return -1
    turns = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}
    key = (round(a / max(abs(a), abs(b))), round(b / max(abs(a), abs(b))))
    return turns[key]


def page_texts(data: bytes) -> list[str]:
    """The text of each page as poppler's pdftotext gives it (what a reader sees)."""
    done = subprocess.run(["pdftotext", "-q", "-", "-"], input=data, capture_output=True,
                          check=True)
    return done.stdout.decode("utf-8").split("\f")


@functools.lru_cache(maxsize=32)
def read_pdf(data: bytes) -> tuple[Page, ...]:
    """Every page of a PDF: forms placed (by their /BBox), lines stroked, and its text."""
    reader = PdfReader(io.BytesIO(data))
    texts = page_texts(data)
    pages = []
    for number, page in enumerate(reader.pages):
        resources = page.get("/Resources") or {}
        xobjects = {str(k).lstrip("/"): v.get_object()
                    for k, v in (resources.get("/XObject") or {}).items()}
        ctm, stack = IDENTITY, []
        placed: list[Placed] = []
        strokes: list[Stroke] = []
        pending: list[Stroke] = []
        current: tuple[float, float] | None = None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            name = op.decode() if isinstance(op, bytes) else str(op)
            if name == "q":
                stack.append(ctm)
            elif name == "Q":
                ctm = stack.pop()
            elif name == "cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif name == "Do":
                key = str(operands[0]).lstrip("/")
                x0, y0, x1, y1 = (float(v) for v in xobjects[key].get("/BBox", [0, 0, 0, 0]))
                corners = [_apply(ctm, x, y) for x in (x0, x1) for y in (y0, y1)]
                xs, ys = [c[0] for c in corners], [c[1] for c in corners]
                placed.append(Placed(key, Box(min(xs), min(ys), max(xs), max(ys)), _turn(ctm)))
            elif name == "m":
                current = _apply(ctm, float(operands[0]), float(operands[1]))
            elif name == "l" and current is not None:
                end = _apply(ctm, float(operands[0]), float(operands[1]))
                pending.append(Stroke(current[0], current[1], end[0], end[1]))
                current = end
            elif name in ("S", "s"):
                strokes.extend(pending)
                pending = []
            elif name in ("n", "f", "f*", "B", "b"):
                pending = []
        box = page.mediabox
        pages.append(Page(float(box.width), float(box.height), tuple(placed), tuple(strokes),
                          texts[number]))
    return tuple(pages)


# --- the printer -----------------------------------------------------------------------

@dataclass(frozen=True)
class Printer:
    """A duplex printer that prints the back page ``shift`` (mm, on the paper as fed: x to
    its right edge, y to its top edge, back side towards you) off where it should, on a
    driver that turns landscape pages ``turn`` (``ccw`` or ``cw``)."""

    shift: tuple[float, float]
    turn: str = "ccw"

    def on_page(self, page: Page) -> tuple[float, float]:
        """The shift in the page's own frame (points)."""
        sx, sy = self.shift[0] * MM, self.shift[1] * MM
        if page.portrait:
            return sx, sy
        # ccw: the page's +x runs up the paper and its +y towards the paper's left edge
        return (sy, -sx) if self.turn == "ccw" else (-sy, sx)


def seen_from_front(page: Page, flip: str, x: float, y: float) -> tuple[float, float]:
    """Where a point printed on the back page lies behind the front once the sheet is turned
    over its ``flip`` edge: the long edge of a portrait page is vertical."""
    long_is_vertical = page.portrait
    about_vertical = (flip == "long") == long_is_vertical
    return (page.width - x, y) if about_vertical else (x, page.height - y)


def box_seen(page: Page, flip: str, box: Box) -> Box:
    """A box printed on the back, as it lies behind the front."""
    a = seen_from_front(page, flip, box.x0, box.y0)
    b = seen_from_front(page, flip, box.x1, box.y1)
    return Box(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def misfit(front: Page, back: Page, printer: Printer) -> float:
    """The worst distance (mm) between a front's box and its back's box as printed by
    ``printer`` and turned over the edge the backs page states; placements pair up in the
    order the pages draw them."""
    assert len(front.placed) == len(back.placed) > 0, (len(front.placed), len(back.placed))
    flip = back.flip()
    dx, dy = printer.on_page(back)
    worst = 0.0
    for face, behind in zip(front.placed, back.placed, strict=True):
        seen = box_seen(back, flip, behind.box.moved(dx, dy))
        worst = max(worst, seen.distance(face.box) / MM)
    return worst


def folded_misfit(page: Page) -> float:
    """A gutter-fold page folded on its fold line (two 6 mm dashes in the margins at its
    two ends, across the page or down it): the worst distance (mm) between a front and
    the back folded onto it.  Fronts are the forms above a fold across the page, or left of
    a fold down it, in drawing order; backs those on the other side.

    A back must also stand upright once the folded card is turned over its vertical axis:
    the fold mirrors it and the turn mirrors it again, so a back below a fold across the
    page is drawn half a turn round, and one beside a fold down the page is drawn upright."""
    dashes = [s for s in page.strokes if abs(s.length - 6 * MM) < 0.01
              and (abs(s.y0 - s.y1) < 1e-6 or abs(s.x0 - s.x1) < 1e-6)]
    assert len(dashes) == 2, dashes
    across = all(abs(s.y0 - s.y1) < 1e-6 for s in dashes)
    if across:
        assert abs(dashes[0].y0 - dashes[1].y0) < 1e-6, dashes
        fold = dashes[0].y0
        fronts = [p for p in page.placed if p.box.y0 >= fold - 0.01]
        backs = [p for p in page.placed if p.box.y1 <= fold + 0.01]
    else:
        assert abs(dashes[0].x0 - dashes[1].x0) < 1e-6, dashes
        fold = dashes[0].x0
        fronts = [p for p in page.placed if p.box.x1 <= fold + 0.01]
        backs = [p for p in page.placed if p.box.x0 >= fold - 0.01]
    assert len(fronts) == len(backs) > 0
    worst = 0.0
    for face, behind in zip(fronts, backs, strict=True):
        assert (face.turn, behind.turn) == (0, 180 if across else 0), (face, behind)
        b = behind.box
        folded = (Box(b.x0, 2 * fold - b.y1, b.x1, 2 * fold - b.y0) if across
                  else Box(2 * fold - b.x1, b.y0, 2 * fold - b.x0, b.y1))
        worst = max(worst, folded.distance(face.box) / MM)
    return worst


# --- the calibration sheet, read as a person reads it -----------------------------------

ADVICE = re.compile(r"--back-offset=(?:(-?[\d.]+)([+-]))?(-?)([XY]),(?:(-?[\d.]+)([+-]))?"
                    r"(-?)([XY])")


def cross_centre(page: Page) -> tuple[float, float]:
    """The middle of the red cross on the calibration sheet's back (two 20 mm arms)."""
    arms = [s for s in page.strokes if abs(s.length - 20 * MM) < 0.01]
    across = [s for s in arms if abs(s.y1 - s.y0) < 1e-6]
    upright = [s for s in arms if abs(s.x1 - s.x0) < 1e-6]
    assert len(across) == 1 and len(upright) == 1, arms
    return (across[0].x0 + across[0].x1) / 2, (upright[0].y0 + upright[0].y1) / 2


def grid_centre(page: Page) -> tuple[float, float]:
    """The centre of the front's 40 mm reading grid."""
    upright = [s.x0 for s in page.strokes
               if abs(s.x1 - s.x0) < 1e-6 and abs(abs(s.y1 - s.y0) - 40 * MM) < 0.01]
    across = [s.y0 for s in page.strokes
              if abs(s.y1 - s.y0) < 1e-6 and abs(abs(s.x1 - s.x0) - 40 * MM) < 0.01]
    assert len(upright) == len(across) == 41
    return (min(upright) + max(upright)) / 2, (min(across) + max(across)) / 2


def read_calibration(data: bytes, printer: Printer) -> tuple[str, tuple[float, float]]:
    """Print the calibration sheet on ``printer``, turn it over the edge its front says,
    read the cross against the grid and follow the printed advice: the flip the sheet
    states and the ``--back-offset`` (mm) it gives."""
    front, back = read_pdf(data)
    flip = front.flip()
    x, y = cross_centre(back)
    dx, dy = printer.on_page(back)
    seen = seen_from_front(back, flip, x + dx, y + dy)
    centre = grid_centre(front)
    reading = (round((seen[0] - centre[0]) / MM, 1), round((seen[1] - centre[1]) / MM, 1))
    found = ADVICE.search(front.text.replace("\n", ""))
    assert found is not None, front.text
    groups = found.groups()

    def term(base: str | None, op: str | None, negative: str, letter: str) -> float:
        value = reading[0] if letter == "X" else reading[1]
        signed = -value if (negative or op == "-") else value
        return (float(base) if base else 0.0) + signed

    return flip, (term(*groups[:4]), term(*groups[4:]))


# --- the saddle-stitched booklet ---------------------------------------------------------

PAGE_FORM = re.compile(r"Page(\d+)$")


@dataclass(frozen=True)
class Leaf:
    """A booklet page as the reader meets it: its number and whether it stands upright."""

    number: int
    upright: bool


def read_booklet(sides: tuple[Page, ...], flip: str) -> list[Leaf | None]:
    """Print the imposed sides two to a sheet, turned over ``flip``; stack the sheets in
    order, fold them in the middle with the first side outside and read: the pages met, in
    order (``None`` for a blank one).

    Turning a leaf of the folded booklet turns the sheet about the fold, a vertical line
    on the landscape sheet, which is its short edge: printed for a long-edge flip, a back
    side is seen half a turn round from how the PDF draws it.
    """
    assert len(sides) % 2 == 0
    halves: list[tuple[dict[str, Leaf | None], dict[str, Leaf | None]]] = []
    for front, back in zip(sides[0::2], sides[1::2], strict=True):
        half_turn = (flip == "long") != front.portrait
        halves.append((_halves(front, False), _halves(back, half_turn)))
    first = [leaf for front, back in halves for leaf in (front["right"], back["left"])]
    second = [leaf for front, back in reversed(halves) for leaf in (back["right"], front["left"])]
    return first + second


def _halves(page: Page, half_turn: bool) -> dict[str, Leaf | None]:
    """The page on each half of a sheet side, as seen (turned half a turn if asked)."""
    out: dict[str, Leaf | None] = {"left": None, "right": None}
    middle = page.width / 2
    for placed in page.placed:
        found = PAGE_FORM.match(placed.name)
        if found is None:
            continue
        centre = (placed.box.x0 + placed.box.x1) / 2
        turn = placed.turn
        if half_turn:
            centre = page.width - centre
            turn = (turn + 180) % 360
        side = "left" if centre < middle else "right"
        assert out[side] is None, f"two pages on the {side} half"
        out[side] = Leaf(int(found.group(1)), turn == 0)
    return out
