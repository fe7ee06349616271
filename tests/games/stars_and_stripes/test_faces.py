"""Card faces: pips stay inside the safe area and apart; golden SVGs pin the drawing."""

from __future__ import annotations

import os
import re
import subprocess
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.games.stars_and_stripes.faces import layout
from printkit.kit.build import build_game
from printkit.kit.games import load
from printkit.kit.options import BuildOptions
from printkit.render.board import mix
from printkit.render.kinds import back_kinds, render_back, render_face
from printkit.render.svg import Box, Frame, star_box
from printkit.settings import parse_settings
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
    definition = load(DECKS / "stars-and-stripes.yaml", overrides=parse_settings(["decks=2"]))
    frame = Frame.from_points(definition.card_width, definition.card_height, 3 * MM,
                              definition.safe_margin)
    chosen = {"1-stars-1-stripes-A", "6-stars-6-stripes-A", "3-stars-5-stripes-B",
              "5-stars-2-stripes-A", "trump", "reference"}
    svgs = {face.key: render_face(face, frame) for face in definition.faces
            if face.key in chosen}
    svgs["back"] = render_back(definition.back_kind, frame, definition.back_options,
                               definition.title)
    return svgs


@pytest.mark.parametrize("key", ["1-stars-1-stripes-A", "6-stars-6-stripes-A",
                                 "3-stars-5-stripes-B", "5-stars-2-stripes-A", "trump",
                                 "reference", "back"])
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
    two = load(DECKS / "stars-and-stripes.yaml", overrides=parse_settings(["decks=2"]))
    frame = Frame(63.5, 63.5, 3, 3)
    assert "<circle" not in render_face(one.faces[0], frame)
    assert "<circle" in render_face(two.faces[0], frame)
    assert ">A</text>" in render_face(two.faces[0], frame)


def _back(**options: object) -> str:
    definition = load(DECKS / "stars-and-stripes.yaml")
    spec = back_kinds()[definition.back_kind]
    written = {"background": "#1f3a6e", "motif": "stars", "title": "Stars and Stripes"}
    return render_back(definition.back_kind, FRAME, spec.build({**written, **options}),
                       definition.title)


def _shapes(svg: str, tag: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.tag.rsplit("}", 1)[-1] == tag]


def test_the_backs_motif_is_faint_by_each_shapes_fill_opacity() -> None:
    svg = _back()
    assert ' opacity="' not in svg  # a group opacity would be dropped on the way to PDF
    stars = _shapes(svg, "path")
    assert stars and {s.get("fill-opacity") for s in stars} == {"0.28"}


def test_the_backs_motif_is_faint_in_the_pdf(tmp_path: Path) -> None:
    """The back's form in the card sheets uses a graphics state with /ca 0.28, and the
    printed page shows the stars as a tint of the back colour, not solid white."""
    build_game("stars-and-stripes", output_root=tmp_path,
               options=BuildOptions(layouts=("sheets",)))
    path = next(tmp_path.glob("*/cards.pdf"))
    reader = PdfReader(str(path))
    resources: Any = reader.pages[1]["/Resources"]
    alphas = set()
    for form in resources["/XObject"].values():
        states = form.get_object()["/Resources"].get("/ExtGState", {})
        alphas |= {round(float(s["/ca"]), 2) for s in states.values() if "/ca" in s}
        content = ContentStream(form.get_object(), reader)
        used = {str(operands[0]) for operands, op in content.operations if op == b"gs"}
        assert used <= {str(name) for name in states}
    assert alphas == {0.28, 1.0}  # 1.0: the opaque parts, stated (a form inherits opacity)
    subprocess.run(["pdftoppm", "-r", "30", "-f", "2", "-l", "2", "-png", str(path),
                    str(tmp_path / "back")], check=True, capture_output=True)
    image = Image.open(next(tmp_path.glob("back*.png"))).convert("RGB")
    colours: list[Any] = [c for _, c in image.getcolors(1 << 20) or []]
    tint = mix("#1f3a6e", "#ffffff", 0.28)
    expected = tuple(int(tint[i:i + 2], 16) for i in (1, 3, 5))
    assert any(all(abs(a - b) <= 6 for a, b in zip(c, expected, strict=True)) for c in colours)


def test_no_star_is_cut_by_the_title_band_and_the_band_runs_into_the_bleed() -> None:
    svg = _back()
    rects = _shapes(svg, "rect")
    band = next(r for r in rects if r.get("fill") == "#1f3a6e"
                and float(r.get("height", 0)) < FRAME.height / 2)
    top, bottom = float(band.get("y", 0)), float(band.get("y", 0)) + float(band.get("height", 0))
    assert float(band.get("x", 0)) == -FRAME.bleed
    assert float(band.get("width", 0)) == FRAME.width + 2 * FRAME.bleed
    for star in _shapes(svg, "path"):
        ys = [float(v) for v in re.findall(r"[ML]-?[\d.]+ (-?[\d.]+)", star.get("d", ""))]
        assert max(ys) < top or min(ys) > bottom, (min(ys), max(ys), top, bottom)


def test_the_back_has_no_frame_unless_asked_and_then_on_the_safe_line() -> None:
    assert not [r for r in _shapes(_back(), "rect") if r.get("fill") == "none"]
    (frame,) = [r for r in _shapes(_back(border=0.5 * MM), "rect") if r.get("fill") == "none"]
    assert float(frame.get("x", 0)) == FRAME.safe == float(frame.get("y", 0))
    assert float(frame.get("width", 0)) == FRAME.width - 2 * FRAME.safe


def test_the_trump_is_decorated_and_its_label_reads_from_both_sides() -> None:
    definition = load(DECKS / "stars-and-stripes.yaml")
    trump = next(f for f in definition.faces if f.kind == "trump")
    svg = render_face(trump, FRAME)
    assert svg.count(">TRUMP</text>") == 2 and "rotate(180" in svg
    assert len(_shapes(svg, "path")) >= 9  # the large star and its ring of small ones


def test_the_reference_card_fits_its_lines_inside_the_safe_area() -> None:
    definition = load(DECKS / "stars-and-stripes.yaml")
    card = next(f for f in definition.faces if f.group == "reference")
    assert card.copies == 2 and card.deck == 0
    svg = render_face(card, FRAME)
    texts = _shapes(svg, "text")
    lines = card.options.lines  # type: ignore[attr-defined]
    assert [t.text for t in texts[1:]] == [line.lstrip("#").strip() for line in lines]
    indented = [t for t, line in zip(texts[1:], lines, strict=True) if line.startswith(" ")]
    assert indented and all(float(t.get("x", 0)) > FRAME.safe + 1 for t in indented)
    for element in texts[1:]:
        size = float(element.get("font-size", 0))
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        width = 0.6 * size * len(element.text or "")
        assert x >= FRAME.safe and x + width <= FRAME.width - FRAME.safe
        assert y <= FRAME.height - FRAME.safe and size >= 2.0
