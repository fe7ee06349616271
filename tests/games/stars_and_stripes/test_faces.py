"""Card faces: pips stay inside the safe area and apart; golden SVGs pin the drawing."""

from __future__ import annotations

import os
import re
from itertools import combinations

import pytest

from printkit.games.stars_and_stripes.faces import layout
from printkit.kit.games import load
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Box, Frame, star_box
from printkit.units import MM
from tests.conftest import DATA, DECKS

FRAME = Frame(63.5, 63.5, 3.0, 3.0)
GOLDEN = DATA / "golden"
COUNTS = range(1, 7)


@pytest.mark.parametrize("stars", COUNTS)
@pytest.mark.parametrize("stripes", COUNTS)
@pytest.mark.parametrize("marked", [False, True])
def test_pips_lie_inside_the_safe_area_and_never_overlap(stars: int, stripes: int,
                                                        marked: bool) -> None:
    plan = layout(stars, stripes, FRAME, marked=marked)
    assert len(plan.stars) == stars
    assert len(plan.stripes) == stripes
    safe = Box(FRAME.safe, FRAME.safe, FRAME.width - 2 * FRAME.safe,
               FRAME.height - 2 * FRAME.safe)
    boxes = plan.content_boxes()
    for box in boxes:
        assert box.inside(safe), box
    for a, b in combinations(boxes, 2):
        assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("count", COUNTS)
def test_stars_keep_to_the_field_and_stripes_to_the_other_half(count: int) -> None:
    plan = layout(count, count, FRAME)
    middle = FRAME.width / 2
    assert all(star_box(x, y, r).x + star_box(x, y, r).w < middle for x, y, r in plan.stars)
    assert all(box.x > middle for box in plan.stripes)
    # one stripe pitch for every count: more stripes make a taller block
    heights = [layout(1, n, FRAME).stripes[-1].y + layout(1, n, FRAME).stripes[-1].h
               - layout(1, n, FRAME).stripes[0].y for n in COUNTS]
    assert heights == sorted(heights) and len(set(heights)) == 6


def test_small_cards_still_fit() -> None:
    small = Frame(44.5, 44.5, 2.0, 2.5)
    for stars in COUNTS:
        plan = layout(stars, 6, small, marked=True)
        safe = Box(2.5, 2.5, 44.5 - 5, 44.5 - 5)
        assert all(box.inside(safe) for box in plan.content_boxes())


def test_counts_outside_one_to_six_are_refused() -> None:
    with pytest.raises(ValueError, match=r"1\.\.6"):
        layout(7, 1, FRAME)


def _goldens() -> dict[str, str]:
    definition = load(DECKS / "stars-and-stripes.yaml", overrides=["decks=2"])
    frame = Frame.from_points(definition.card_width, definition.card_height, 3 * MM,
                              definition.safe_margin)
    chosen = {"1-stars-1-stripes-A", "6-stars-6-stripes-A", "3-stars-5-stripes-B",
              "5-stars-2-stripes-A", "trump"}
    svgs = {face.key: render_face(face, frame) for face in definition.faces
            if face.key in chosen}
    svgs["back"] = render_back(definition.back_kind, frame, definition.back_options,
                               definition.title)
    return svgs


@pytest.mark.parametrize("key", ["1-stars-1-stripes-A", "6-stars-6-stripes-A",
                                 "3-stars-5-stripes-B", "5-stars-2-stripes-A", "trump", "back"])
def test_golden_svg(key: str) -> None:
    svg = _goldens()[key]
    path = GOLDEN / f"{key}.svg"
    if os.environ.get("PRINTKIT_UPDATE_GOLDEN"):
        path.write_text(svg)
    assert svg == path.read_text(), f"{key} changed; set PRINTKIT_UPDATE_GOLDEN=1 to accept"


def test_faces_have_bleed_colour_to_the_edge_and_a_mm_view_box() -> None:
    svg = _goldens()["6-stars-6-stripes-A"]
    assert 'width="69.5mm"' in svg and 'viewBox="-3 -3 69.5 69.5"' in svg
    # the first shape paints the whole view box, bleed included
    first = re.search(r"<rect [^>]*/>", svg)
    assert first is not None
    assert 'x="-3"' in first.group(0) and 'width="69.5"' in first.group(0)
    assert svg.count("<path") == 6  # six stars


def test_deck_mark_only_with_several_decks() -> None:
    one = load(DECKS / "stars-and-stripes.yaml")
    two = load(DECKS / "stars-and-stripes.yaml", overrides=["decks=2"])
    frame = Frame(63.5, 63.5, 3, 3)
    assert "<circle" not in render_face(one.faces[0], frame)
    assert "<circle" in render_face(two.faces[0], frame)
    assert ">A</text>" in render_face(two.faces[0], frame)
