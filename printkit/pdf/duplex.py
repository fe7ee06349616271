"""What ``--back-offset`` means on a page: one physical direction on every sheet.

A printer takes paper in portrait, short edge first, and turns a landscape page a quarter
turn to print it (the usual "landscape" of printer drivers: the top of the page goes to
the paper's left edge).  A printer that misplaces the back page does so on the paper, not on
the page, so ``--back-offset X,Y`` is measured on the paper as the printer feeds it: the
back side towards you, upright in portrait, X towards its right edge and Y towards its top
edge.  On a portrait page that is the page's own x and y; on a landscape page the offset
turns with the page: X right on the paper is down the page, Y up the paper is right on it.

The calibration sheet is printed in the orientation of the card sheets it calibrates and
converts its reading with the same rule, so for cards the quarter turn a driver chooses
cancels out; sheets of the other orientation (tokens) rely on the usual turn.
"""

from __future__ import annotations

from printkit.pdf.paper import Paper

Matrix = tuple[tuple[int, int], tuple[int, int]]
"""A 2 x 2 matrix of whole numbers, row by row."""

PORTRAIT: Matrix = ((1, 0), (0, 1))
LANDSCAPE: Matrix = ((0, 1), (-1, 0))
"""Paper (X, Y) to page (x, y) on a landscape page: x = Y, y = -X."""


def is_portrait(paper: Paper) -> bool:
    """True for a page no wider than it is tall (a square page counts as portrait)."""
    return paper.width <= paper.height


def paper_to_page(paper: Paper) -> Matrix:
    """The matrix that takes an offset on the paper to the same offset on ``paper``'s page."""
    return PORTRAIT if is_portrait(paper) else LANDSCAPE


def apply(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    """``matrix`` times the column (x, y)."""
    (a, b), (c, d) = matrix
    return a * x + b * y, c * x + d * y


def transpose(matrix: Matrix) -> Matrix:
    """The transpose: the inverse of a rotation or a mirror."""
    (a, b), (c, d) = matrix
    return (a, c), (b, d)


def page_offset(paper: Paper, back_offset: tuple[float, float]) -> tuple[float, float]:
    """Where ``--back-offset`` (paper frame, points) moves a back on ``paper``'s page."""
    return apply(paper_to_page(paper), *back_offset)


def flips_x(paper: Paper, duplex: str) -> bool:
    """True if turning ``paper``'s page over its ``duplex`` edge swaps left and right (the
    long edge of a portrait page, the short edge of a landscape one)."""
    return (duplex == "long") == is_portrait(paper)


def orientation(paper: Paper) -> str:
    """``portrait`` or ``landscape``, as the sheets say it."""
    return "portrait" if is_portrait(paper) else "landscape"
