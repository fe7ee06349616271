"""The tuck box's net for any deck printkit accepts (cards 20 to 200 mm a side, one card
to two thousand, any stock, slack and paper thickness the schema allows): the walls meet at
shared folds, the inside holds the deck, the flaps fit where they go, the cut line closes,
and a net in two pieces has the same walls as the whole one."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.pdf.tuckbox_net import BoxSize, Piece, box_size, one_piece, two_pieces
from printkit.units import MM

EPS = 1e-6

boxes = st.builds(
    lambda w, h, n, stock, slack, wall: box_size(w * MM, h * MM, n, stock=stock * MM,
                                                 slack=slack * MM, wall=wall * MM),
    st.floats(20, 200), st.floats(20, 200), st.integers(1, 2000), st.floats(0.05, 3),
    st.floats(0, 10), st.floats(0, 2))


def _ends(piece: Piece) -> list[tuple[float, float]]:
    return [piece.start, *[(op[-2], op[-1]) for op in piece.outline]]


def _check_piece(piece: Piece, size: BoxSize) -> None:
    points = _ends(piece)
    assert points[-1] == piece.start  # the cut line closes
    assert all(-EPS <= x <= piece.width + EPS and -EPS <= y <= piece.height + EPS
               for x, y in points)
    walls = sorted((p.rect for p in piece.panels if p.name in ("side", "front", "back")),
                   key=lambda r: r.x)
    for left, right in itertools.pairwise(walls):
        assert abs(left.right - right.x) < EPS
        assert (left.right, left.y, left.right, left.top) in piece.folds
    for corners in piece.glue:  # a glue flap stays off the walls' top and bottom folds
        ys = [y for _, y in corners]
        assert min(ys) > walls[0].y + size.wall or max(ys) < walls[0].y
        assert max(ys) < walls[0].top - size.wall or min(ys) > walls[0].top


@settings(max_examples=150, deadline=None)
@given(boxes)
def test_every_net_folds_into_a_box_that_holds_its_deck(size: BoxSize) -> None:
    assert size.width - size.wall >= size.inner_width - EPS
    assert size.height - size.wall >= size.inner_height - EPS
    assert size.depth - size.wall >= size.inner_depth - EPS
    assert 2 * size.dust < size.inner_width  # the dust flaps never meet
    assert size.width - 2 * size.clearance < size.inner_width  # the tuck flap goes in
    assert size.tuck <= size.height / 3 + EPS and size.bottom_glue <= size.height / 3 + EPS
    assert 2 * size.notch < size.width and size.glue <= size.width / 3 + EPS
    whole = one_piece(size)
    _check_piece(whole, size)
    names = [p.name for p in sorted(whole.panels, key=lambda p: (p.rect.x, p.rect.y))]
    assert names == ["side", "bottom", "front", "side", "back", "lid"]
    first, second = two_pieces(size)
    for piece in (first, second):
        _check_piece(piece, size)
    # the two pieces have the walls of the whole net, and each is narrower than it
    widths = sorted(round(p.rect.w, 6) for piece in (first, second) for p in piece.panels
                    if p.name in ("side", "front", "back"))
    assert widths == sorted(round(p.rect.w, 6) for p in whole.panels
                            if p.name in ("side", "front", "back"))
    assert max(first.width, second.width) < whole.width
