"""The "I vant to be alone" booklet: one sample game checked move by move, diagrams that show
both levels (a covered card face down under the card lying across it), sentences in the
booklet's words, every rule of the specification in its place, and outputs that print
(PDF in multiples of four with an outline, the imposed sheets, HTML of the same length)."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Booklet, Figure, plain_text
from printkit.booklet.files import BookletFiles, booklet_files
from printkit.kit.games import ResolvedGame, resolve
from printkit.pdf.paper import PAPERS
from printkit.render.diagram import MIN_CARD
from printkit.render.scene import CardShape, PictureShape
from printkit.units import MM
from tests.test_booklet_print import print_html


@pytest.fixture(scope="module")
def game() -> ResolvedGame:
    return resolve("i-vant-to-be-alone")


@pytest.fixture(scope="module")
def booklet(game: ResolvedGame) -> Booklet:
    found = load_booklet(game.definition, game.engine)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def files(booklet: Booklet) -> BookletFiles:
    return booklet_files(booklet, PAPERS["a4"])


@pytest.fixture(scope="module")
def pdf(files: BookletFiles, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("booklet") / "booklet.pdf"
    path.write_bytes(files.pdf)
    return path


@pytest.fixture(scope="module")
def prose(pdf: Path) -> str:
    """The booklet's words, as poppler reads them, on one line."""
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True)
    return " ".join(done.stdout.split())


def figures(booklet: Booklet) -> list[Figure]:
    return [block for block in booklet.blocks if isinstance(block, Figure)]


def sentences(figure: Figure) -> list[str]:
    return [plain_text(sentence) for sentence in figure.sentences]


def test_the_sample_game_is_told_in_ten_checked_examples(booklet: Booklet) -> None:
    found = figures(booklet)
    assert [f.name for f in found] == [
        "deal", "first-cards", "row-of-four", "second-deal", "ten-of-hearts",
        "level-one-done", "level-two-begins", "covering-cards-count", "last-card", "the-end"]
    assert all(f.sentences and f.diagrams for f in found)
    moves = sum(len(plain_text(f.moves).split(" plays ")) - 1 + plain_text(f.moves).count(
        " starts with ") for f in found)
    assert moves == 32  # every card of the game, each told once


def test_the_examples_the_issue_asks_for_are_there(booklet: Booklet) -> None:
    said = {f.name: sentences(f) for f in figures(booklet)}
    assert ("P2 may not put 7S diagonally below and right of QD: that cell is not next to "
            "any card (touching one only at a corner is not enough).") in said["first-cards"]
    assert "If P2 were to put AH below JH, P1 would score 2 points." in said["first-cards"]
    assert ("P1 may not put KS right of 7S: the cards would no longer fit in a square of "
            "4\u00a0\u00d7\u00a04.") in said["row-of-four"]
    # the second row has three empty cells, and P2's 10H is weighed in each of them
    assert said["ten-of-hearts"][1:] == [
        "Below 8C, 10H would give P1 24 points, the original rules' example.",
        "There it would touch JH and AH, and be in line with 10C (in its column) and 10S "
        "(on its diagonal).",
        "Below QD it would give P1 14 points.",
        "There it would touch JH and AH too, and 10S would be in its column.",
        "Below 7S it would match no card, and give P1 nothing."]
    assert ("P2 has the higher score and so leads level two, although P2 also played the last "
            "card of level one.") in said["level-one-done"]
    assert ("Of these, 140 are the penalty for covering AH with a card of the same rank: ten "
            "times its value.") in said["last-card"]
    assert "P1 has a single move left: to put AD on AH." in said["last-card"]
    assert said["the-end"] == ["The game is over.", "Final scores: P1 29 and P2 188.",
                               "P2 wins."]


def test_diagrams_draw_both_levels_with_cards_large_enough_to_read(booklet: Booklet) -> None:
    found = {f.name: f.diagrams[0].scene for f in figures(booklet)}
    deal = found["deal"]
    assert len([s for s in deal.shapes if isinstance(s, CardShape)]) == 8  # both hands
    assert [s for s in deal.shapes if isinstance(s, PictureShape) and s.key == "back"]
    full = found["level-one-done"]
    cards = [s for s in full.shapes if isinstance(s, CardShape)]
    assert len(cards) == 16 and min(c.width for c in cards) >= MIN_CARD
    end = found["the-end"]
    turned = [s for s in end.shapes if isinstance(s, PictureShape)
              and s.key.startswith("sideways-")]
    backs = [s for s in end.shapes if isinstance(s, PictureShape) and s.key == "back"]
    assert len(turned) == 16 and len(backs) == 16
    assert all(t.width >= MIN_CARD for t in turned)
    assert all(scene.width <= 112 for scene in found.values())  # inside an A5 page


def test_the_booklet_pdf_folds_and_has_an_outline(files: BookletFiles, pdf: Path) -> None:
    reader = PdfReader(str(pdf))
    assert files.pages == len(reader.pages) and files.pages % 4 == 0 and files.pages <= 24
    width = float(reader.pages[0].mediabox.width) / MM
    assert round(width) == 148
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    for section in ("What you need", "Setting up", "The goal and a turn", "The rules in full",
                    "A sample game", "Variants and options", "Reconstructions and rulings",
                    "Quick reference"):
        assert section in titles
    imposed = PdfReader(io.BytesIO(files.imposed))
    assert len(imposed.pages) == files.pages // 2


def test_no_example_runs_over_onto_a_second_page(pdf: Path) -> None:
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True)
    pages = [" ".join(page.split()) for page in done.stdout.split("\f")]
    # an example starts a page, or is drawn whole (its diagram made smaller) lower on one
    found = [(i, text) for i, page in enumerate(pages)
             for text in re.split(r"(?=Example \d+:)", page)[1:]
             if not text.startswith("Example 1:")]  # the deal has no moves
    assert len(found) == 9
    for index, text in found:
        assert "Moves:" in text
        assert not pages[index + 1].startswith("\u2022")  # no claim left for the next page


def test_every_rule_of_the_specification_is_stated(prose: str) -> None:
    for words in (
            "the non-dealer, plays first", "deals four to each player",
            "The first card may go anywhere", "next to a card already down",
            "must always fit inside a square of four cells by four",
            "deals eight more cards to each player", "Each of you then still holds four",
            "For each card of the same suit touching it", "however far away",
            "Every match counts",
            "the dealer deals the last eight cards of the stock, four to each player",
            "The player with the higher score leads level two",
            "If the scores are equal, the dealer leads", "Turn the card beneath face down",
            "Each cell is covered once", "ten times the value", "A 10 played on a 10 costs 100",
            "The last card of all is forced", "equal scores are a draw", "easily pass 121",
            "keep only the cards from the Ace down to the 7 of each suit",
            "The dealer deals from it whenever the rules call for more cards",
            "from the leftmost card to the rightmost it may never span more than four columns",
            "even if no row is full"):
        assert words in prose, words


def test_the_reconstruction_is_stated_once_with_how_to_change_it(prose: str) -> None:
    assert prose.count("Only the values of hearts and of the 10 are certain") == 1
    # marked wherever the values print: the cards' picture, the table (pointing to the
    # ruling), the sample game, the two rows of the options table, the ruling and the
    # quick reference
    assert prose.count("provisional") == 7
    assert "Values (provisional). spades 1, hearts 2" in prose
    assert "change suit_values and rank_values under parameters: in " \
           "decks/i-vant-to-be-alone.yaml" in prose
    assert "hearts are worth 2 and a 10 is worth 10" in prose


def test_the_html_prints_to_the_pdfs_page_count(files: BookletFiles, tmp_path: Path) -> None:
    html = tmp_path / "booklet.html"
    html.write_text(files.html, encoding="utf-8")
    out = tmp_path / "printed.pdf"
    print_html(html, out, tmp_path / "profile")
    printed = PdfReader(str(out))
    assert abs(len(printed.pages) - files.pages) <= 1
    assert "Quick reference" in (printed.pages[-1].extract_text() or "")


def test_the_options_table_gives_the_setting_that_turns_each_option_on(prose: str) -> None:
    assert "Claim or lose strict_claims=true" in prose
    assert "level2_visibility=cell_dead" in prose
    assert "strict_claims=false" not in prose and "=played_card_visible" not in prose


def test_the_quick_reference_lets_the_first_card_go_anywhere(prose: str) -> None:
    reference = prose.split("Quick reference")[-1]
    assert "Level one. The first card goes anywhere." in reference


@pytest.mark.parametrize(("variant", "words"), [
    ("claim-or-lose", ("Variant: Claim or lose", "Claiming points",
                       "Your opponent may claim the points of every match your card makes",
                       "you cannot claim only part of them",
                       "this booklet's game keeps that rule",
                       "P2 plays AS on QH. P1 claims the points.",
                       "P1 plays AD on AH. P2 claims the points.",
                       "If P2 were to put AH below JH, P1 could claim 2 points.",
                       "Final scores: P1 29 and P2 188.",
                       "Claim them before the next card, or lose them")),
    ("dead-cells", ("Variant: Dead cells", "a covered cell counts for nothing afterwards",
                    "but only against the cells not covered yet",
                    "In this booklet's game the whole covered cell counts for nothing",
                    "If P2 were to put QC on 10S, P1 would score 3 points.",
                    "Final scores: P1 9 and P2 172.",
                    "A covered cell counts for nothing afterwards."))])
def test_a_variants_booklet_says_its_rules(variant: str, words: tuple[str, ...],
                                           tmp_path: Path) -> None:
    game = resolve("i-vant-to-be-alone", variant=variant)
    found = load_booklet(game.definition, game.engine)
    assert found is not None and found.figures == 10
    path = tmp_path / "booklet.pdf"
    path.write_bytes(booklet_files(found, PAPERS["a4"]).pdf)
    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True)
    text = " ".join(done.stdout.split())
    for line in words:
        assert line in text, line
    assert "drawn for the standard game" not in text  # the examples play this variant
