"""The tuck box's front as the shipped kits print it: the title said once on the front
whatever the back draws (a back's own words are left out there), and a framed back shown
whole rather than cropped under the title's plate."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.cli import main
from printkit.console import Console
from printkit.kit.games import resolve
from printkit.kit.options import LAYOUTS, BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.pdf.tuckbox_art import (
    clear_edge,
    has_frame,
    shape_spans,
    without_words,
    word_band,
)
from printkit.pdf.tuckbox_pdf import CUT_HALO, CUT_WIDTH, front_plates
from printkit.pdf.tuckbox_plan import HOW_TO, STEPS, STEPS_IN_TWO, TuckboxPlan
from printkit.units import MM
from tests.conftest import ROOT

OLYMPIOI = str(ROOT / "sample-games" / "olympioi" / "olympioi.yaml")


def _plan(game: str) -> TuckboxPlan:
    kit = prepare_kit(resolve(game), BuildOptions(layouts=LAYOUTS))
    return kit.tuckboxes[0].plan


def _texts(game: str, out: Path) -> list[tuple[str, float, float]]:
    """Every run of words the tuck box PDF draws, with where it starts (page points for
    the page's own words; a form's words are given in the form's space)."""
    err = io.StringIO()
    status = main(["build", game, "--sheets", "tuckbox", "-o", str(out)],
                  Console(io.StringIO(), err))
    assert status == 0, err.getvalue()
    (pdf,) = out.glob("*/tuckbox.pdf")
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x, y))

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize(("game", "art_words"), [
    ("white-star", ["Stars"]),
    ("i-vant-to-be-alone", ["I vant to be alone"]),
    (OLYMPIOI, ["ΗΡΩΕΣ", "ΟΛΥΜΠΙΟΙ"]),
])
def test_the_front_says_the_title_once(tmp_path: Path, game: str,
                                       art_words: list[str]) -> None:
    box = _plan(game)
    texts = _texts(game, tmp_path)
    # the back's own words are drawn once, on the back panel, not again on the front (a
    # front title's line may say the same words: White Star's first line is "Stars")
    for words in art_words:
        assert [t for t, _, _ in texts].count(words) == 1 + box.title.lines.count(words)
    placed = box.pages[0].pieces[0]
    (front,) = placed.piece.panel("front")
    left, right = placed.x + front.rect.x, placed.x + front.rect.right
    bottom, top = placed.y + front.rect.y, placed.y + front.rect.top
    on_front = [t for t, x, y in texts if left <= x <= right and bottom <= y <= top]
    # the title's lines once each, and the number of cards: nothing else
    assert sorted(on_front) == sorted([*box.title.lines, f"{box.cards} cards"])


def test_the_art_helpers_find_words_their_band_and_a_frame() -> None:
    band = ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="90mm" '
            'viewBox="-3 -3 60 90"><rect x="-3" y="-3" width="60" height="90" fill="#123456"/>'
            '<rect x="-3" y="30" width="60" height="12" fill="#123456"/>'
            '<text x="27" y="38">Band</text></svg>')
    assert word_band(band) == (30.0, 42.0)
    assert "Band" not in without_words(band) and "<rect" in without_words(band)
    assert not has_frame(band)
    loose = band.replace('y="38"', 'y="60"')
    assert word_band(loose) is None  # words on no band
    framed = band.replace("</svg>", '<rect x="4" y="4" width="50" height="80" fill="none" '
                          'stroke="#000000"/></svg>')
    assert has_frame(framed)


def test_a_plate_edge_ends_between_rows_of_the_pattern() -> None:
    rows = [(10.0, 14.0), (20.0, 24.0), (30.0, 34.0)]  # bottom and top of each row
    # an edge across a row moves past it, a gap clear: the plate hides the whole row
    assert clear_edge(12.0, rows, up=True, most=40.0, gap=1.0) == 15.0
    assert clear_edge(22.0, rows, up=False, most=0.0, gap=1.0) == 19.0
    # an edge already between rows, a gap clear of both, stays
    assert clear_edge(17.0, rows, up=True, most=40.0, gap=1.0) == 17.0
    # one just under a row's bottom (its tips would touch the plate) moves past the row
    assert clear_edge(9.5, rows, up=True, most=40.0, gap=1.0) == 15.0
    # one that would have to go past ``most`` stays where it was
    assert clear_edge(12.0, rows, up=True, most=14.5, gap=1.0) == 12.0
    # rows closer than two gaps count as one: the edge goes past both
    assert clear_edge(12.0, [(10.0, 14.0), (15.5, 18.0)], up=True, most=40.0, gap=1.0) == 19.0


@pytest.mark.parametrize("game", ["white-star", "i-vant-to-be-alone", "star-battle",
                                  "stars-and-stripes", "stars-and-bars"])
def test_the_fronts_plates_end_between_the_patterns_rows(game: str) -> None:
    box = _plan(game)
    (front,) = box.pages[0].pieces[0].piece.panel("front")
    foot, (low, high) = front_plates(box, front)
    r = front.rect
    scale = max(r.w / box.card_width, r.h / box.card_height)
    y = r.y + (r.h - box.card_height * scale) / 2
    shapes = [(y + (box.card_height - b * MM) * scale, y + (box.card_height - a * MM) * scale)
              for a, b in shape_spans(without_words(box.back.svg))]
    # no plate edge runs across a shape of the pattern (its tips would poke out)
    for edge in (foot, low, high):
        assert not [s for s in shapes if s[0] < edge < s[1]], (edge, shapes)
    assert r.y < foot < low < high


def test_cut_lines_have_a_white_underlay(tmp_path: Path) -> None:
    _texts("white-star", tmp_path)
    (pdf,) = tmp_path.glob("*/tuckbox.pdf")
    page = PdfReader(pdf).pages[0]
    state = [(1.0, 0.0)]  # line width and stroke grey, saved and restored by q and Q
    strokes: list[tuple[float, float]] = []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            state.append(state[-1])
        elif operator == b"Q":
            state.pop()
        elif operator == b"w":
            state[-1] = (float(operands[0]), state[-1][1])
        elif operator == b"G":
            state[-1] = (state[-1][0], float(operands[0]))
        elif operator in (b"S", b"s", b"B"):
            strokes.append((round(state[-1][0], 2), state[-1][1]))
    # the outline is stroked white and wider, then black on top of it
    underlay = (round(CUT_WIDTH + 2 * CUT_HALO, 2), 1.0)
    pairs = list(itertools.pairwise(strokes))
    assert pairs.count((underlay, (CUT_WIDTH, 0.0))) == 1
    assert strokes.count(underlay) == 1


@pytest.mark.parametrize("args", [
    ["white-star"], ["stars-and-bars"], ["stars-and-stripes", "--variant", "large-13"],
    ["stars-and-stripes", "--variant", "large-15"], ["star-battle", "--variant", "long-game"],
])
def test_every_shipped_box_says_how_to_make_it(tmp_path: Path, args: list[str]) -> None:
    err = io.StringIO()
    status = main(["build", *args, "--sheets", "tuckbox", "-o", str(tmp_path)],
                  Console(io.StringIO(), err))
    assert status == 0, err.getvalue()
    (pdf,) = tmp_path.glob("*/tuckbox.pdf")
    pages = [page.extract_text() for page in PdfReader(pdf).pages]
    text = "\n".join(pages)
    two = "piece 1 of 2" in text or "piece 1 and 2 of 2" in text
    for line in STEPS_IN_TWO if two else STEPS:
        assert text.count(line) == 1, line  # once, on one page
    if two:  # and a drawing of how the pieces join, on the steps' page
        steps_page = next(page for page in pages if HOW_TO in page)
        assert "piece 2's grey flap is glued inside piece 1's front" in steps_page
