"""The tuck box's front as the shipped kits print it: the title said once on the front
whatever the back draws (a back's own words are left out there), and a framed back shown
whole rather than cropped under the title's plate."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.kit.games import resolve
from printkit.kit.options import LAYOUTS, BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.pdf.tuckbox_art import has_frame, without_words, word_band
from printkit.pdf.tuckbox_plan import TuckboxPlan
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
