"""The Stars (White Star) kit read back from its files: every part written, the score sheet's
columns, worked row and target, the player aids worded from the variant, the booklet's
checked examples, the mapping to an ordinary pack, its fold and outline, and the same bytes
on a second build."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Figure
from printkit.kit.games import resolve
from tests.games.kitfiles import build_kit, pdf_text

GAME = "white-star"


def build(out: Path, *args: str) -> Path:
    return build_kit(GAME, out, *args)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("ws"))


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("ws-short"), "--variant", "target-100",
                "--set", "min_bid=40")


text = pdf_text


def test_the_build_writes_the_whole_kit(kit: Path) -> None:
    names = {p.name for p in kit.iterdir()}
    assert {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "calibration.pdf",
            "score-sheet.pdf", "booklet.pdf", "booklet-imposed.pdf", "booklet.html",
            "svg"} <= names
    assert (kit / "svg" / "player-aid.svg").is_file()
    # 43 playing cards and 4 aids, each a page of fronts and of backs in the print-shop file
    assert len(PdfReader(str(kit / "cards-printshop.pdf")).pages) == 2 * 47


def test_the_score_sheet_has_four_players_a_worked_row_and_the_target(kit: Path,
                                                                      short: Path) -> None:
    words = text(kit / "score-sheet.pdf")
    for player in range(1, 5):
        assert f"Player {player}:" in words
    assert words.count("Bid") >= 4 and words.count("Total") >= 4
    assert "\u221257 54 \u22123" in words  # the worked hand: bid 57 failed, 54 scored
    assert "reaches 200 points" in words
    assert "24" in words.split("Bid:")[0]  # a row for each of 24 hands
    assert "reaches 100 points" in text(short / "score-sheet.pdf")


def test_the_player_aid_states_the_variants_numbers(kit: Path, short: Path) -> None:
    standard, shorter = text(kit / "cards.pdf"), text(short / "cards.pdf")
    assert "Stars: player aid" in standard
    assert "the first bid is at least 1)" in standard
    assert "reaches 200, the highest total wins" in standard
    assert "the first bid is at least 40)" in shorter
    assert "reaches 100, the highest total wins" in shorter


def test_the_booklet_checks_every_example_the_issue_names(kit: Path, short: Path) -> None:
    game = resolve(GAME)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    names = [b.name for b in booklet.blocks if isinstance(b, Figure)]
    assert names == ["deal", "auction", "three-passes", "all-pass", "widow", "first-tricks",
                     "follow", "trump", "only-skulls", "star", "perfect-star", "hand-end",
                     "worked-hand", "game-over"]
    words = text(kit / "booklet.pdf")
    for needed in ("Playing with an ordinary pack", "Eights", "Ace of clubs",
                   "Reconstructions and rulings", "Quick reference", "Variants and options",
                   "54 \u2212 57 = \u22123", "(5 + 5 + 5 + 1) \u00d7 3 = 48",
                   "not part of the sample game"):
        assert needed in words, needed
    pages = len(PdfReader(str(kit / "booklet.pdf")).pages)
    assert pages % 4 == 0
    assert len(PdfReader(str(kit / "booklet-imposed.pdf")).pages) == pages // 2
    assert PdfReader(str(kit / "booklet.pdf")).outline
    variant = text(short / "booklet.pdf")
    assert "reaches 100" in variant and "at least 40" in variant
    assert "drawn for the standard game" in variant


def test_a_second_build_gives_the_same_bytes(kit: Path,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    again = build(tmp_path_factory.mktemp("ws-again"))
    for name in ("cards.pdf", "score-sheet.pdf", "booklet.pdf", "booklet-imposed.pdf",
                 "booklet.html"):
        assert (kit / name).read_bytes() == (again / name).read_bytes(), name
