"""A board that explains itself: card outlines in every square and a key under the grid."""

from __future__ import annotations

import re

import pytest

from printkit.pdf.tiling import board_outline
from printkit.render.board import (
    COORD_BAND,
    KEY_SIZE,
    BoardPicture,
    CardOutline,
    KeyLine,
    board_geometry,
    board_svg,
    key_height,
    picture_geometry,
)
from printkit.units import MM


def picture(**changes: object) -> BoardPicture:
    base: dict[str, object] = dict(
        title="Mat", subtitle="4 x 4", size=4, square=95.0, landmarks=(),
        column_labels=("",) * 4, row_labels=("",) * 4,
        outlines=(CardOutline(63.5, 88.9, "upright"), CardOutline(88.9, 63.5, "sideways")),
        key=(KeyLine("Level one.", "Lay a card upright."),
             KeyLine("Level two.", "Lay a card sideways on top. " * 12)))
    base.update(changes)
    return BoardPicture(**base)  # type: ignore[arg-type]


def test_the_key_makes_the_board_taller_by_its_lines() -> None:
    plain = board_geometry(4, 95.0)
    keyed = picture_geometry(picture())
    assert keyed.height == pytest.approx(plain.height + key_height(2))
    assert keyed.width == plain.width and keyed.grid == plain.grid
    assert key_height(0) == 0 and key_height(3) > key_height(2) > 0
    assert board_outline(keyed).height == pytest.approx(keyed.height * MM)


def test_key_lines_lie_under_the_grid_and_long_ones_shrink_to_its_width() -> None:
    svg = board_svg(picture())
    geo = picture_geometry(picture())
    bottom = geo.grid.y + geo.grid.h + COORD_BAND
    leads = re.findall(r'<text[^>]*font-size="([\d.]+)"[^>]*y="([\d.]+)"[^>]*>Level', svg)
    assert len(leads) == 2
    assert all(bottom < float(y) < geo.height for _, y in leads)
    sizes = [float(size) for size, _ in leads]
    assert sizes[0] == pytest.approx(KEY_SIZE) and sizes[1] < KEY_SIZE  # the long line shrank
    rest = re.search(r'font-size="([\d.]+)"[^>]*font-weight="normal"[^>]*x="([\d.]+)"[^>]*>'
                     r'Lay a card upright', svg)
    assert rest is not None and float(rest.group(1)) == pytest.approx(KEY_SIZE)
    assert geo.grid.x + 20 < float(rest.group(2)) < geo.grid.x + 30  # after the bold lead


def test_outlines_are_drawn_in_every_square_with_their_captions() -> None:
    svg = board_svg(picture())
    assert len(re.findall(r'<rect height="88.9" stroke-dasharray="[\d. ]+" width="63.5"',
                          svg)) == 16
    assert len(re.findall(r'<rect height="63.5" stroke-dasharray="[\d. ]+" width="88.9"',
                          svg)) == 16
    assert svg.count(">upright</text>") == 16 and svg.count(">sideways</text>") == 16
    assert svg.count("rotate(-90") == 16  # the sideways caption reads up its left edge
    assert board_svg(picture()) == svg
    bare = board_svg(picture(outlines=(), key=()))
    assert "upright" not in bare and "Level" not in bare


def test_an_outline_larger_than_a_square_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit a 60 mm square"):
        picture(square=60.0)
