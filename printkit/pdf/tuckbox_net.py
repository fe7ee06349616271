"""The flat net of a tuck box for a deck: plain arithmetic, no drawing.

The box stands the cards upright.  Its net is one strip of four walls, from left to right
a glue flap, a side (spine), the front, the other side and the back.  Above the back the
lid folds over the top and its rounded tuck flap slides into the front, whose top edge has
a half-round thumb notch for pulling the cards out; above and below each side a tapered
dust flap folds in.  Below the front the bottom folds under the deck and its glue flap is
glued inside the back; the glue flap on the first side is glued inside the back's free
edge.  Solid lines are cut, dashed lines folded.

Sizes: the inside of the box is the card size plus ``slack`` across and up, and the
thickness of the stack (cards x ``stock``) plus ``slack`` deep.  A fold sits in the middle
of the paper's thickness (``wall``), so the folds are placed one wall apart more than the
inside; the flaps that go inside the box (tuck flap, glue flaps) are narrower than the
panel they enter by that clearance.

When the whole net does not fit the paper either way round, it is cut in two at the fold
between the front and the second side: the second piece begins with a glue flap of its
own, glued inside the front's free edge (:func:`two_pieces`).

All values are PDF points with y upwards, each piece's origin at the lower-left corner of
its bounding box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from printkit.pdf.geometry import Rect
from printkit.units import MM

KAPPA = 0.5522847498
"""Control-point distance of a Bézier quarter circle, as a share of the radius."""

Point = tuple[float, float]
Op = tuple[Literal["L"], float, float] | tuple[Literal["C"], float, float, float, float,
                                                float, float]
"""A straight line to (x, y), or a cubic curve through two control points to (x, y)."""

INSIDE_BACK = "glue inside the back"
INSIDE_FRONT = "glue inside the front"

Column = Literal["side", "front", "back"]
"""What a wall of the strip is."""


@dataclass(frozen=True)
class BoxSize:
    """The inside of the box and the distances between its folds (points)."""

    inner_width: float
    """Across the front: the card's width plus the slack."""
    inner_height: float
    """Up the front: the card's height plus the slack."""
    inner_depth: float
    """Front to back: the stack of cards plus the slack."""
    wall: float
    """The paper's thickness."""

    @property
    def width(self) -> float:
        """Between the folds of the front (and of the back)."""
        return self.inner_width + self.wall

    @property
    def height(self) -> float:
        """Between the top and bottom folds of every wall."""
        return self.inner_height + self.wall

    @property
    def depth(self) -> float:
        """Between the folds of a side (and of the lid and the bottom)."""
        return self.inner_depth + self.wall

    @property
    def clearance(self) -> float:
        """How much narrower a flap is than the opening it goes into, on each side."""
        return self.wall + 0.5 * MM

    @property
    def glue(self) -> float:
        """Width of a glue flap: wide enough to hold, never more than a third of the
        front."""
        return min(10 * MM, self.width / 3)

    @property
    def tuck(self) -> float:
        """Height of the tuck flap that slides into the front."""
        return min(max(self.depth, 12 * MM), 25 * MM, self.height / 3)

    @property
    def dust(self) -> float:
        """Height of a dust flap: it covers part of the opening, and two never meet."""
        return min(max(0.8 * self.depth, 8 * MM), self.width / 2 - 2 * MM)

    @property
    def bottom_glue(self) -> float:
        """Height of the bottom's glue flap, glued inside the back."""
        return min(max(0.6 * self.depth, 8 * MM), self.height / 3)

    @property
    def notch(self) -> float:
        """Radius of the thumb notch in the front's top edge."""
        return min(10 * MM, self.width / 5)


def box_size(card_width: float, card_height: float, cards: int, *, stock: float,
             slack: float, wall: float) -> BoxSize:
    """The box that holds ``cards`` cards of ``card_width`` x ``card_height``, each
    ``stock`` thick, with ``slack`` of room each way."""
    return BoxSize(card_width + slack, card_height + slack, cards * stock + slack, wall)


@dataclass(frozen=True)
class Panel:
    """A face of the box (or a flap) on the net: where it is and what it is."""

    name: str
    """``front``, ``back``, ``side``, ``lid``, ``bottom``."""
    rect: Rect
    bleed: tuple[str, ...] = ()
    """The edges (``left``, ``right``, ``top``, ``bottom``) that are cut on the outline,
    where a panel's colour runs on past the line."""


@dataclass(frozen=True)
class Piece:
    """One piece of card to cut out."""

    width: float
    height: float
    start: Point
    outline: tuple[Op, ...]
    """The cut line, closed, from ``start``."""
    folds: tuple[tuple[float, float, float, float], ...]
    """Fold lines (x0, y0, x1, y1)."""
    glue: tuple[tuple[Point, ...], ...]
    """The glue flaps' outlines."""
    glue_words: tuple[str, ...]
    """What each glue flap says: where it is glued."""
    panels: tuple[Panel, ...]

    def panel(self, name: str) -> list[Panel]:
        """The panels called ``name``, left to right."""
        return [p for p in self.panels if p.name == name]


def one_piece(size: BoxSize) -> Piece:
    """The whole net in one piece."""
    return _piece(size, ("side", "front", "side", "back"))


def two_pieces(size: BoxSize) -> tuple[Piece, Piece]:
    """The net cut at the fold between the front and the second side: the glue flap,
    the first side and the front; then a glue flap (glued inside the front's free edge),
    the second side and the back with the lid."""
    return _piece(size, ("side", "front")), _piece(size, ("side", "back"))


@dataclass
class _Builder:
    size: BoxSize
    below: float
    """y of the walls' bottom folds."""
    ops: list[Op]
    folds: list[tuple[float, float, float, float]]
    glue: list[tuple[Point, ...]]
    panels: list[Panel]
    glue_words: list[str]

    @property
    def above(self) -> float:
        """y of the walls' top folds."""
        return self.below + self.size.height

    def line(self, *points: Point) -> None:
        self.ops += [("L", x, y) for x, y in points]

    def quarter(self, start: Point, corner: Point, end: Point) -> None:
        """A quarter circle from ``start`` to ``end`` bulging towards ``corner``."""
        (x0, y0), (cx, cy), (x1, y1) = start, corner, end
        self.ops.append(("C", x0 + (cx - x0) * KAPPA, y0 + (cy - y0) * KAPPA,
                         x1 + (cx - x1) * KAPPA, y1 + (cy - y1) * KAPPA, x1, y1))

    def fold(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.folds.append((x0, y0, x1, y1))

    def tab(self, x: float, reach: float, words: str) -> None:
        """A glue flap on the vertical fold at ``x``, reaching ``reach`` to the left,
        traced from the bottom of the fold up (its ends are cut back and tapered so that
        it clears the folds of the lid and the bottom)."""
        inset = self.size.clearance + 1 * MM
        taper = min(reach, 4 * MM)
        low, high = self.below + inset, self.above - inset
        corners = [(x, low), (x - reach, low + taper), (x - reach, high - taper), (x, high)]
        self.line(*corners)
        self.fold(x, low, x, high)
        self.glue.append(tuple(corners))
        self.glue_words.append(words)

    def dust(self, x0: float, x1: float, *, top: bool) -> None:
        """A tapered dust flap on the fold from ``x0`` to ``x1`` (in tracing order)."""
        size = self.size
        y = self.above if top else self.below
        reach = size.dust if top else -size.dust
        slant = min(abs(x1 - x0) / 4, size.dust / 2, 3 * MM)
        step = slant if x1 > x0 else -slant
        self.line((x0 + step, y + reach), (x1 - step, y + reach), (x1, y))
        self.fold(min(x0, x1), y, max(x0, x1), y)

    def front_top(self, x0: float, x1: float) -> None:
        """The front's top edge with the thumb notch in its middle."""
        radius, y, middle = self.size.notch, self.above, (x0 + x1) / 2
        self.line((middle - radius, y))
        self.quarter((middle - radius, y), (middle - radius, y - radius), (middle, y - radius))
        self.quarter((middle, y - radius), (middle + radius, y - radius), (middle + radius, y))
        self.line((x1, y))

    def lid(self, x0: float, x1: float) -> None:
        """The lid over the back and its rounded tuck flap."""
        size = self.size
        y, hinge = self.above, self.above + size.depth
        left, right = x0 + size.clearance, x1 - size.clearance
        top = hinge + size.tuck
        radius = min(size.tuck / 2, (right - left) / 4)
        self.line((x0, hinge), (left, hinge), (left, top - radius))
        self.quarter((left, top - radius), (left, top), (left + radius, top))
        self.line((right - radius, top))
        self.quarter((right - radius, top), (right, top), (right, top - radius))
        self.line((right, hinge), (x1, hinge), (x1, y))
        self.fold(x0, y, x1, y)
        self.fold(left, hinge, right, hinge)
        self.panels.append(Panel("lid", Rect(x0, y, x1 - x0, size.depth), ("left", "right")))

    def bottom(self, x1: float, x0: float) -> None:
        """The bottom under the front (traced right to left) and its glue flap."""
        size = self.size
        y, hinge = self.below, self.below - size.depth
        left, right = x0 + size.clearance, x1 - size.clearance
        taper = min(4 * MM, (right - left) / 4)
        low = hinge - size.bottom_glue
        corners = ((right, hinge), (right - taper, low), (left + taper, low), (left, hinge))
        self.line((x1, hinge), *corners, (x0, hinge), (x0, y))
        self.fold(x0, y, x1, y)
        self.fold(left, hinge, right, hinge)
        self.glue.append(corners)
        self.glue_words.append(INSIDE_BACK)
        self.panels.append(Panel("bottom", Rect(x0, hinge, x1 - x0, size.depth),
                                 ("left", "right")))


def _extent(size: BoxSize, columns: Sequence[Column]) -> tuple[float, float]:
    """How far the net reaches below the walls' bottom folds and above their top folds."""
    below = max(size.dust if "side" in columns else 0.0,
                size.depth + size.bottom_glue if "front" in columns else 0.0)
    above = max(size.dust if "side" in columns else 0.0,
                size.depth + size.tuck if "back" in columns else 0.0)
    return below, above


def _piece(size: BoxSize, columns: Sequence[Column]) -> Piece:
    """A strip of walls with a glue flap on the left of its first side."""
    below, above = _extent(size, columns)
    widths = [size.depth if column == "side" else size.width for column in columns]
    x0 = size.glue
    edges = [x0]
    for width in widths:
        edges.append(edges[-1] + width)
    total = end = edges[-1]
    b = _Builder(size, below, [], [], [], [], [])
    start = (x0, below)
    # up the left edge, along the tops left to right, down the right edge, back along the
    # bottoms right to left
    b.tab(x0, size.glue, INSIDE_BACK if "front" in columns else INSIDE_FRONT)
    b.line((x0, b.above))
    for column, left, right in zip(columns, edges, edges[1:], strict=False):
        if column == "side":
            b.dust(left, right, top=True)
        elif column == "front":
            b.front_top(left, right)
        else:
            b.lid(left, right)
    b.line((end, below))
    for column, left, right in reversed(list(zip(columns, edges, edges[1:], strict=False))):
        if column == "side":
            b.dust(right, left, top=False)
        elif column == "front":
            b.bottom(right, left)
        else:
            b.line((left, below))
    for index, (column, left, right) in enumerate(zip(columns, edges, edges[1:],
                                                      strict=False)):
        if index:
            b.fold(left, below, left, below + size.height)
        wall = Rect(left, below, right - left, size.height)
        if column == "side":
            b.panels.append(Panel("side", wall))
        elif column == "front":
            b.panels.append(Panel("front", wall, ("top", "right") if right == end else ("top",)))
        elif column == "back":
            b.panels.append(Panel("back", wall, ("right", "bottom")))
    return Piece(total, below + size.height + above, start, tuple(b.ops), tuple(b.folds),
                 tuple(b.glue), tuple(b.glue_words),
                 tuple(sorted(b.panels, key=lambda p: p.rect.x)))
