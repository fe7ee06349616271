"""What the README promises of the printed files holds: the PDFs it says carry a 50 mm scale
bar carry one on every page (and those it says have none have none), and the dead-cells
variant of "I vant to be alone" says on its mat and score pad what a dead cell does."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from tests.duplex.virtual_printer import MM, Page, read_pdf

ROOT = Path(__file__).resolve().parents[1]
WITH_BAR = {"cards.pdf", "cards-gutterfold.pdf", "calibration.pdf", "tuckbox.pdf",
            "board.pdf", "board-single.pdf"}
"""Files the README names as card, gutter-fold, calibration, tuck box and board PDFs."""
WITHOUT_BAR = {"booklet.pdf", "booklet-imposed.pdf", "cards-printshop.pdf"}


def _near(*values: float) -> set[float]:
    """Each value rounded to a thousandth of a point (to compare ends of strokes)."""
    return {round(v, 3) for v in values}


def _has_scale_bar(page: Page) -> bool:
    """A 50 mm stroke with six ticks standing on it, 10 mm apart."""
    for bar in page.strokes:
        if abs(bar.length - 50 * MM) > 0.01:
            continue
        across = abs(bar.y1 - bar.y0) < 1e-6
        ticks = [s for s in page.strokes if s is not bar and s.length < 3 * MM and (
            (across and abs(s.x1 - s.x0) < 1e-6 and round(bar.y0, 3) in _near(s.y0, s.y1)) or
            (not across and abs(s.y1 - s.y0) < 1e-6 and round(bar.x0, 3) in _near(s.x0, s.x1)))]
        spots = sorted(round((t.x0 if across else t.y0) / MM, 2) for t in ticks)
        if len(spots) == 6 and all(abs(b - a - 10) < 0.01 for a, b in itertools.pairwise(spots)):
            return True
    return False


def test_the_readme_names_the_pdfs_with_a_scale_bar() -> None:
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    found = re.search(r"the card, gutter-fold, token, calibration, tuck box, board and "
                      r"score-sheet PDFs "
                      r"carry a 50 mm scale bar on every page.*?the booklets .*? and the "
                      r"print-shop PDF .*? have none", text)
    assert found is not None


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Star Battle's kit (cards, tokens, a booklet) and the mat and score pad
    of "I vant to be alone"."""
    out = tmp_path_factory.mktemp("kits")
    return [build_game(name, output_root=out, options=BuildOptions()).folder
            for name in ("star-battle", "i-vant-to-be-alone")]


def test_every_page_the_readme_promises_a_bar_has_one(kits: list[Path]) -> None:
    files = [path for kit in kits for path in sorted(kit.glob("*.pdf"))]
    names = {path.name for path in files}
    assert names >= WITH_BAR | WITHOUT_BAR
    assert {"ships.pdf", "score-pad.pdf"} <= names
    for path in files:
        pages = read_pdf(path.read_bytes())
        if path.name in WITHOUT_BAR:
            assert not any(_has_scale_bar(page) for page in pages), path.name
        else:
            assert all(_has_scale_bar(page) for page in pages), path.name


@pytest.mark.parametrize("variant, says", [("dead-cells", True), (None, False)])
def test_the_dead_cells_variant_says_what_a_dead_cell_does(tmp_path: Path, variant: str | None,
                                                          says: bool) -> None:
    folder = build_game("i-vant-to-be-alone", output_root=tmp_path, variant=variant,
                        options=BuildOptions(layouts=("sheets",))).folder
    mat = " ".join(read_pdf((folder / "board-single.pdf").read_bytes())[0].text.split())
    pad = " ".join(read_pdf((folder / "score-pad.pdf").read_bytes())[0].text.split())
    assert ("Dead cells. A covered cell is dead: neither of its cards counts for the cards "
            "played after it" in mat) == says
    assert ("A covered cell is dead: later cards score nothing against it." in pad) == says
    assert "After card 32 the higher total wins; equal totals draw." in pad
