"""The "I vant to be alone" kit as it is printed, read back from its files: every part is
written, the mat is four cells by four that fit a card either way and explain both levels,
the score pad carries both levels and the point table, a changed table reaches every part,
and a second build gives the same bytes."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.definition.load import load_definition
from printkit.definition.scoresheet import SheetComponent
from printkit.render.kinds import catalogue
from tests.games.kitfiles import build_kit, pdf_text, size_mm
from tests.pdfinspect import read_pages

GAME = "i-vant-to-be-alone"
DECK = Path(__file__).parents[3] / "decks" / f"{GAME}.yaml"
SVG = "{http://www.w3.org/2000/svg}"
CHANGED = ("--set", "suit_values=[4, 3, 2, 1]", "--set", "rank_values=[1, 2, 3, 4, 5, 6, 7, 8]")


def build(out: Path, *args: str) -> Path:
    return build_kit(GAME, out, *args)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("vant"))


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("vant-table"), *CHANGED)


text = pdf_text



def test_the_build_writes_the_whole_kit(kit: Path) -> None:
    names = {p.name for p in kit.iterdir()}
    assert {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "calibration.pdf",
            "board.pdf", "board-single.pdf", "board.svg", "score-pad.pdf", "booklet.pdf",
            "booklet-imposed.pdf", "booklet.html", "svg"} <= names
    assert len(list((kit / "svg").glob("*.svg"))) == 32 + 1  # the 32 faces and the back


# --------------------------------------------------------------------------- the mat


def _rects(svg: ET.Element) -> list[tuple[float, float]]:
    return [(float(r.get("width", 0)), float(r.get("height", 0)))
            for r in svg.iter(f"{SVG}rect") if r.get("stroke-dasharray")]


def test_the_mat_has_sixteen_cells_that_take_a_card_upright_and_sideways(kit: Path) -> None:
    svg = ET.parse(kit / "board.svg").getroot()
    outlines = _rects(svg)
    assert outlines.count((63.5, 88.9)) == 16 and outlines.count((88.9, 63.5)) == 16
    width = float(svg.get("viewBox", "").split()[2])
    grid = [r for r in svg.iter(f"{SVG}rect") if r.get("fill") == "none"
            and r.get("stroke-width") == "0.7"]
    [frame] = grid
    side = float(frame.get("width", 0)) / 4
    assert side >= 88.9 + 5  # a card turned sideways fits with room around it
    assert float(frame.get("height", 0)) == pytest.approx(4 * side)
    assert width > 4 * side


def test_the_mat_explains_both_levels_and_prints_the_point_table(kit: Path) -> None:
    words = " ".join(t.text or "" for t in ET.parse(kit / "board.svg").getroot()
                     .iter(f"{SVG}text"))
    assert words.count("LEVEL ONE: upright") == 16
    assert words.count("LEVEL TWO: sideways on top") == 16
    for line in ("Level one.", "Level two.", "Points.", "slide them all one cell over",
                 "turn the covered card face down",
                 "Suits: spades 1 \u00b7 hearts 2 \u00b7 clubs 3 \u00b7 diamonds 4",
                 "A = 14"):
        assert line in words


def test_the_mat_is_tiled_over_a4_and_whole_on_a2(kit: Path) -> None:
    tiled = PdfReader(str(kit / "board.pdf"))
    assert len(tiled.pages) == 1 + 8  # the assembly map, then 4 columns of 2 sheets
    assert {size_mm(kit / "board.pdf", i) for i in range(len(tiled.pages))} <= {
        (210, 297), (297, 210)}
    assert "putting the board together" in text(kit / "board.pdf", 1)
    assert size_mm(kit / "board-single.pdf") == (420, 594)
    assert "REDUCED" not in text(kit / "board-single.pdf")


# --------------------------------------------------------------------------- the score pad


def test_the_score_pad_holds_both_levels_and_the_point_table(kit: Path) -> None:
    pad = kit / "score-pad.pdf"
    assert len(PdfReader(str(pad)).pages) == 1
    assert size_mm(pad) == (297, 210)  # landscape A4
    words = text(pad)
    assert words.count("P1 total") == 2 and words.count("P2 total") == 2
    assert "Level 1" in words and "Level 2" in words
    numbers = re.findall(r"\b\d+\b", words.split("Points for each match")[0])
    assert {str(n) for n in range(1, 33)} <= set(numbers)
    assert "Suit spades hearts clubs diamonds Points 1 2 3 4" in words
    assert "Rank 7 8 9 10 J Q K A Points 7 8 9 10 11 12 13 14" in words
    assert "higher total leads" in words and "ten times" in words


def test_the_base_pad_counts_points_at_once_and_names_the_game_once(kit: Path) -> None:
    words = text(kit / "score-pad.pdf")
    assert "Claim or lose" not in words  # the base game counts every point for the players
    assert "Every point counts at once" in words
    assert words.count("I vant to be alone") == 1  # in the footer, beside "Score pad"


@pytest.mark.parametrize(("variant", "claims", "dead"), [
    (None, False, False), ("claim-or-lose", True, False), ("dead-cells", False, True)])
def test_the_pads_notes_follow_the_options(variant: str | None, claims: bool,
                                          dead: bool) -> None:
    definition = load_definition(DECK, kinds=catalogue(), display=DECK.name, variant=variant)
    [pad] = [c for c in definition.components if isinstance(c, SheetComponent)]
    notes = " ".join(note.text for note in pad.notes)
    assert ("Claim or lose: write only points claimed before the next card." in notes) is claims
    assert ("Every point counts at once" in notes) is not claims
    assert ("A covered cell is dead" in notes) is dead


def test_the_score_pads_rules_stop_at_its_heading_row(kit: Path) -> None:
    pad = kit / "score-pad.pdf"
    lines = read_pages(pad)[0].lines
    verticals = [ln for ln in lines if abs(ln.x0 - ln.x1) < 0.01 and abs(ln.y0 - ln.y1) > 1]
    heading_words = subprocess.run(["pdftotext", "-bbox", str(pad), "-"], capture_output=True,
                                   text=True, check=True).stdout
    match = re.search(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Points</word>\s*'
                      r'<word[^>]*>for</word>', heading_words)
    assert match is not None
    height = float(PdfReader(str(pad)).pages[0].mediabox.height)
    middle = height - (float(match.group(1)) + float(match.group(2))) / 2
    assert not [ln for ln in verticals if min(ln.y0, ln.y1) < middle < max(ln.y0, ln.y1)]


# --------------------------------------------------------------------------- a changed table


def test_a_changed_table_reaches_mat_score_pad_cards_and_booklet(changed: Path) -> None:
    mat = " ".join(t.text or "" for t in ET.parse(changed / "board.svg").getroot()
                   .iter(f"{SVG}text"))
    assert "spades 4 \u00b7 hearts 3 \u00b7 clubs 2 \u00b7 diamonds 1" in mat
    assert "A = 8" in mat
    pad = text(changed / "score-pad.pdf")
    assert "Points 4 3 2 1" in pad and "Points 1 2 3 4 5 6 7 8" in pad
    ten = ET.parse(changed / "svg" / "10H.svg").getroot()
    assert (ten.findtext(f"{SVG}title") or "").startswith("Ten of hearts (4 for its rank, 3 "
                                                          "for its suit)")
    booklet = text(changed / "booklet.pdf")
    assert "gives the other player 3 + 3 + 4 + 4 = 14 points" in booklet
    assert "Below 8C, 10H would give P1 14 points" in booklet  # the seed's example, again
    assert "Final scores: P1 23 and P2 127." in booklet
    assert "built with a table of its own: spades 4, hearts 3, clubs 2, diamonds 1" in booklet
    assert "Point table of this booklet: spades 4" in text(changed / "booklet.pdf", 1)


# --------------------------------------------------------------------------- determinism


def test_a_second_build_gives_the_same_bytes(kit: Path, tmp_path: Path) -> None:
    again = build(tmp_path)
    for name in ("board.svg", "board.pdf", "board-single.pdf", "score-pad.pdf",
                 "booklet.pdf", "booklet-imposed.pdf", "booklet.html", "cards.pdf"):
        assert (again / name).read_bytes() == (kit / name).read_bytes(), name
