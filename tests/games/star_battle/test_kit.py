"""The Star Battle kit read back from its files: every part written, the ship tokens (a
supply for each player from the parameters, fronts and backs lined up for duplex), the
player aid, the booklet's checked sample game and rulings, its fold and outline, and the
same bytes on a second build."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Figure
from printkit.kit.games import resolve
from printkit.units import MM
from tests.games.kitfiles import build_kit, pdf_text
from tests.pdfinspect import read_pages

GAME = "star-battle"
TOKEN = (18 + 2 * 3) * MM
"""A ship token's drawn size: 18 mm across and its bleed on both sides."""


def build(out: Path, *args: str) -> Path:
    return build_kit(GAME, out, *args)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("sb"))


@pytest.fixture(scope="module")
def smaller(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("sb-small"), "--variant", "three-player",
                "--set", "ships_per_player=5")


text = pdf_text


def test_the_build_writes_the_whole_kit(kit: Path) -> None:
    names = {p.name for p in kit.iterdir()}
    assert {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "calibration.pdf",
            "ships.pdf", "booklet.pdf", "booklet-imposed.pdf", "booklet.html",
            "svg"} <= names
    assert "Star Battle \u00b7 player aid" in text(kit / "cards.pdf")


def _tokens(pdf: Path) -> tuple[int, int]:
    """Tokens on the fronts and on the backs pages."""
    pages = read_pages(pdf)
    return (sum(len(p.placements) for p in pages[0::2]),
            sum(len(p.placements) for p in pages[1::2]))


def test_each_player_gets_the_supply_the_parameters_name(kit: Path, smaller: Path) -> None:
    assert _tokens(kit / "ships.pdf") == (2 * 2 * 15, 2 * 2 * 15)  # 2 players, 2 kinds
    assert _tokens(smaller / "ships.pdf") == (3 * 2 * 5, 3 * 2 * 5)


def test_token_backs_line_up_with_their_fronts_on_a_long_edge_flip(kit: Path) -> None:
    front, back = read_pages(kit / "ships.pdf")[:2]
    fronts = sorted((round(p.x, 2), round(p.y, 2)) for p in front.placements)
    mirrored = sorted((round(front.width - p.x - TOKEN, 2), round(p.y, 2))
                      for p in back.placements)
    assert fronts == mirrored


def test_the_booklet_tells_a_checked_game_and_states_the_rulings(kit: Path) -> None:
    game = resolve(GAME)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    names = [b.name for b in booklet.blocks if isinstance(b, Figure)]
    assert names[:3] == ["deal", "galaxy", "homes"]
    assert {"the-end", "domination", "shared-draw"} <= set(names)
    words = text(kit / "booklet.pdf")
    for needed in ("Quick reference", "Variants and options", "Galactic Core"):
        assert needed in words, needed
    assert "draw" in words.lower()
    pages = len(PdfReader(str(kit / "booklet.pdf")).pages)
    assert pages % 4 == 0
    assert len(PdfReader(str(kit / "booklet-imposed.pdf")).pages) == pages // 2
    assert PdfReader(str(kit / "booklet.pdf")).outline


def test_a_second_build_gives_the_same_bytes(kit: Path,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    again = build(tmp_path_factory.mktemp("sb-again"))
    for name in ("cards.pdf", "ships.pdf", "booklet.pdf", "booklet-imposed.pdf",
                 "booklet.html"):
        assert (kit / name).read_bytes() == (again / name).read_bytes(), name
