"""The Stars and Bars classroom kit read back from its files: every part written, the
board's spaces and key, the score sheet's and handout's numbers following the parameters,
the booklet's checked examples, its teacher's page, fold and outline, and the same bytes
on a second build."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Figure
from printkit.kit.games import resolve
from tests.games.kitfiles import build_kit, pdf_text, size_mm

GAME = "stars-and-bars"
SHORT = ("--variant", "short-game")


def build(out: Path, *args: str) -> Path:
    return build_kit(GAME, out, *args)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("sab"))


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("sab-short"), *SHORT)


text = pdf_text



def test_the_build_writes_the_whole_kit(kit: Path) -> None:
    names = {p.name for p in kit.iterdir()}
    assert {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "calibration.pdf",
            "board.pdf", "board-single.pdf", "board.svg", "score-sheet.pdf", "handout.pdf",
            "booklet.pdf", "booklet-imposed.pdf", "booklet.html", "svg"} <= names
    assert len(list((kit / "svg").glob("*.svg"))) == 16 + 1  # 16 kinds of card, one back


def test_the_board_has_the_guides_spaces_tiled_and_on_one_a2_sheet_with_its_key(
        kit: Path) -> None:
    tiled = PdfReader(str(kit / "board.pdf"))
    assert len(tiled.pages) == 5  # the assembly map and four A4 tiles
    assert size_mm(kit / "board-single.pdf") == (594, 420)  # spaces of about 95 x 70 mm
    words = text(kit / "board-single.pdf")
    for relation, points, differences in (("STACKING", 1, 1), ("HORIZONTAL", 2, 2),
                                          ("DIAGONAL", 3, 3), ("VERTICAL", 4, 4)):
        assert f"{relation}: {points} point" in words
        assert f"if exactly {differences} difference" in words
    assert words.count("centre") >= 4
    assert all(f"{c}{r}" in words for c in "abcd" for r in "1234")
    assert "putting the board together" in text(kit / "board.pdf")


def test_the_score_sheet_and_handout_print_the_variants_thresholds(kit: Path,
                                                                   short: Path) -> None:
    standard, shorter = text(kit / "score-sheet.pdf"), text(short / "score-sheet.pdf")
    assert "over 200 points and ahead by at least 15 wins" in standard
    assert "ahead by more than 50 wins" in standard
    assert "over 100 points" in shorter and "ahead by more than 30 wins" in shorter
    assert "over 200" not in shorter
    assert "Player 1:" in standard and "Player 2:" in standard and "Total" in standard
    assert len(PdfReader(str(kit / "handout.pdf")).pages) == 1
    handout = text(kit / "handout.pdf")
    assert "Lay a card" in handout and "Differences needed: 1" in handout


def test_the_booklet_tells_a_checked_sample_game_and_speaks_to_teachers(kit: Path,
                                                                       short: Path) -> None:
    game = resolve(GAME)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    names = [b.name for b in booklet.blocks if isinstance(b, Figure)]
    assert {"each-relation", "the-most", "not-over-yet", "refused", "the-centre-clears",
            "forgotten", "claimed", "not-claimed"} <= set(names)
    words = text(kit / "booklet.pdf")
    for heading in ("For teachers", "Reconstructions and rulings", "Quick reference",
                    "Variants and options"):
        assert heading in words
    assert "reconstruction" in words.lower()
    assert "205" in words and "195" in words
    pages = len(PdfReader(str(kit / "booklet.pdf")).pages)
    assert pages % 4 == 0
    assert len(PdfReader(str(kit / "booklet-imposed.pdf")).pages) == pages // 2
    assert PdfReader(str(kit / "booklet.pdf")).outline
    assert "over 100" in text(short / "booklet.pdf")


def test_a_second_build_gives_the_same_bytes(kit: Path,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    again = build(tmp_path_factory.mktemp("sab-again"))
    for name in ("cards.pdf", "board.pdf", "board-single.pdf", "score-sheet.pdf",
                 "handout.pdf", "booklet.pdf", "booklet-imposed.pdf", "booklet.html"):
        assert (kit / name).read_bytes() == (again / name).read_bytes(), name


def test_the_handout_alone_starts_a_game(kit: Path, short: Path) -> None:
    handout = " ".join(text(kit / "handout.pdf").split())
    for words in ("Setting up", "Two cards differ", "The tinted spaces in the middle are the "
                  "centre", "Agree who draws first", "holds 4 cards", "Who begins",
                  "the player who drew second", "A round is the beginner's turn",
                  "the card it covers", "pass", "takes no card"):
        assert words in handout, words
    assert len(PdfReader(str(short / "handout.pdf")).pages) == 1
    shorter = " ".join(text(short / "handout.pdf").split())
    assert "Over 100" in shorter and "more than 30" in shorter and "200" not in shorter


def test_the_score_sheets_example_holds_in_the_short_game(kit: Path, short: Path) -> None:
    # 205 against 195 ends the short game in a tie (both over 100, less than 15 apart), so
    # the sheet states its play-on case from the variant's own numbers
    shorter = " ".join(text(short / "score-sheet.pdf").split())
    assert "205" not in shorter
    assert "over 100 but ahead by less than 15, while the other is not over 100" in shorter


def test_the_teacher_page_names_only_the_kit_and_quotes_the_simulation(kit: Path,
                                                                      short: Path) -> None:
    words = " ".join(text(kit / "booklet.pdf").split())
    assert "role card" not in words
    assert "printkit simulate stars-and-bars --games 300 --jobs 1" in words
    assert "191 of them ended in a tie" in words
    assert "use 100 instead of 200" in words  # the short game, playable with this kit
    shorter = " ".join(text(short / "booklet.pdf").split())
    assert "Variant: The short game" in shorter
    assert "This booklet's game is the short game" in shorter
    assert "Over 100 wins" not in shorter  # the old, false variant line


_BLOCK = re.compile(r"^```example\n(.*?)^```", re.MULTILINE | re.DOTALL)
SEPARATE = "A separate illustration, not from the sample game"


def test_every_example_replays_the_deal_or_says_it_stands_apart() -> None:
    template = (Path(__file__).resolve().parents[3] / "templates" / "stars-and-bars.md.j2")
    blocks: dict[str, tuple[str, str]] = {}
    for body in _BLOCK.findall(template.read_text(encoding="utf-8")):
        name = re.search(r"^name: (\S+)", body, re.MULTILINE)
        after = re.search(r"^after: (\S+)", body, re.MULTILINE)
        assert name is not None, body
        blocks[name.group(1)] = (after.group(1) if after else "", " ".join(body.split()))
    from_deal = {name for name, (after, body) in blocks.items()
                 if not after and "position: | {{ deal |" in body}
    apart = {name for name, (after, body) in blocks.items()
             if not after and SEPARATE in body}
    assert "deal" in from_deal
    # forgotten stacks: a branch of the sample game where the booklet plays with the option,
    # else the same deal replayed under it, and then it says it stands apart
    forgotten = blocks["forgotten"][1]
    assert blocks["forgotten"][0] == "refused"
    assert "position: | {{ deal |" in forgotten
    assert "A separate illustration, played with forgotten stacks" in forgotten
    assert apart == {"setup", "each-relation", "the-most", "not-over-yet"}
    for start in blocks:
        first, seen = start, {start}
        while blocks[first][0]:
            first = blocks[first][0]
            assert first not in seen
            seen.add(first)
        assert first in from_deal | apart, seen


def test_the_kit_names_the_last_stack_claim_and_the_short_game_as_its_own(
        kit: Path, short: Path) -> None:
    handout = " ".join(text(kit / "handout.pdf").split())
    assert "2 + 4 for the last centre stack left face up" in handout
    words = " ".join(text(kit / "booklet.pdf").split())
    assert "win_score=100: The short game" in words  # the setting that gives the variant
    assert "wins at once" not in words  # the tests come after a round
    assert "built separately, with the command" in words
    shorter = " ".join(text(short / "booklet.pdf").split())
    assert "this edition's own variant, not the guide's" in shorter
    assert "205 against 195 is a tie" in shorter  # under the short game's thresholds
