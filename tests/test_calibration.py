"""The duplex calibration sheet, end to end: a printer that shifts the back page is
simulated, the sheet is read as a person would (the red cross seen through the paper,
against the front's grid), its printed advice is followed, and the cards built with that
``--back-offset`` come out with every back exactly behind its front."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.kit.cards import card_artwork
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions, plan
from printkit.pdf.artwork import SheetOptions
from printkit.pdf.calibration import calibration
from printkit.pdf.cards import cut_sheets
from printkit.pdf.geometry import SheetSpec, sheet_grid
from printkit.pdf.paper import paper_by_name
from printkit.units import MM
from tests.pdfinspect import PageContent, read_pages

Point = tuple[float, float]
FORMULA = re.compile(r"--back-offset=(?:(-?[\d.]+)([+-]))?(-?)([XY]),"
                     r"(?:(-?[\d.]+)([+-]))?(-?)([XY])")


def _spec(paper: str) -> SheetSpec:
    game = resolve("stars-and-stripes")
    return plan(game.definition, BuildOptions(paper=paper_by_name(paper))).spec


def _seen_from_front(point: Point, width: float, height: float, duplex: str) -> Point:
    """Where a point drawn on the back page appears when the sheet is held to the light
    with its front towards you (worked out from the turn, independently of printkit)."""
    x, y = point
    portrait = width <= height
    turns_about_vertical = (duplex == "long") == portrait
    return (width - x, y) if turns_about_vertical else (x, height - y)


def _write(tmp_path: Path, name: str, data: bytes) -> list[PageContent]:
    path = tmp_path / name
    path.write_bytes(data)
    return read_pages(path)


def _cross_centre(page: PageContent) -> Point:
    """The middle of the red cross: the two 20 mm lines that cross."""
    arms = [ln for ln in page.lines
            if abs(abs(ln.x1 - ln.x0) + abs(ln.y1 - ln.y0) - 20 * MM) < 0.01]
    across = [ln for ln in arms if abs(ln.y1 - ln.y0) < 1e-6]
    upright = [ln for ln in arms if abs(ln.x1 - ln.x0) < 1e-6]
    assert len(across) == 1 and len(upright) == 1, arms
    return (across[0].x0 + across[0].x1) / 2, (upright[0].y0 + upright[0].y1) / 2


def _grid_centre(page: PageContent) -> Point:
    """The centre of the front's 40 mm reading grid, from its lines."""
    upright = [ln.x0 for ln in page.lines
               if abs(ln.x1 - ln.x0) < 1e-6 and abs(abs(ln.y1 - ln.y0) - 40 * MM) < 0.01]
    across = [ln.y0 for ln in page.lines
              if abs(ln.y1 - ln.y0) < 1e-6 and abs(abs(ln.x1 - ln.x0) - 40 * MM) < 0.01]
    assert len(upright) == len(across) == 41
    return (min(upright) + max(upright)) / 2, (min(across) + max(across)) / 2


def _follow(text: str, reading: Point) -> tuple[float, float]:
    """The offset (mm) the sheet's printed formula gives for a reading (mm right, mm up)."""
    found = FORMULA.search(text.replace("\n", ""))
    assert found is not None, text
    base_x, op_x, neg_x, letter_x, base_y, op_y, neg_y, letter_y = found.groups()

    def term(base: str | None, op: str | None, negative: str, letter: str) -> float:
        value = reading[0] if letter == "X" else reading[1]
        signed = -value if negative else value
        if op == "-":
            signed = -value
        return (float(base) if base else 0.0) + signed

    return term(base_x, op_x, neg_x, letter_x), term(base_y, op_y, neg_y, letter_y)


def _read_sheet(tmp_path: Path, spec: SheetSpec, duplex: str, built: Point,
                shift: Point) -> tuple[float, float]:
    """Print the sheet on a printer that moves the back page by ``shift`` (points), read it,
    and return the offset its advice gives (mm)."""
    data = calibration(spec, title="T", duplex=duplex, back_offset=(built[0] * MM,
                                                                     built[1] * MM))
    front, back = _write(tmp_path, "calibration.pdf", data)
    cross = _cross_centre(back)
    printed = (cross[0] + shift[0], cross[1] + shift[1])
    seen = _seen_from_front(printed, back.width, back.height, duplex)
    centre = _grid_centre(front)
    reading = ((seen[0] - centre[0]) / MM, (seen[1] - centre[1]) / MM)
    text = PdfReader(str(tmp_path / "calibration.pdf")).pages[0].extract_text()
    return _follow(text, reading)


def _backs_land_behind_fronts(tmp_path: Path, spec: SheetSpec, duplex: str,
                              offset: tuple[float, float], shift: Point) -> float:
    """The largest distance (points) between a front and its back as seen through the
    sheet, for cards printed with ``offset`` (mm) on the shifting printer."""
    game = resolve("stars-and-stripes")
    faces, back = card_artwork(game.definition, spec.bleed)
    grid = sheet_grid(spec)
    data, _ = cut_sheets(faces[:grid.per_page], back, title="T", options=SheetOptions(
        spec, duplex, (offset[0] * MM, offset[1] * MM)))
    front_page, back_page = _write(tmp_path, "cards.pdf", data)
    fronts, backs = front_page.placements, back_page.placements
    assert len(fronts) == len(backs) == grid.per_page
    worst = 0.0
    for front, back_art, slot in zip(fronts, backs, grid.slots, strict=True):
        # the back's cell as printed, then its corners seen through the paper
        x, y = back_art.x + shift[0], back_art.y + shift[1]
        corners = [_seen_from_front(p, back_page.width, back_page.height, duplex)
                   for p in ((x, y), (x + slot.cell.w, y + slot.cell.h))]
        seen = (min(c[0] for c in corners), min(c[1] for c in corners))
        worst = max(worst, abs(seen[0] - front.x) + abs(seen[1] - front.y))
    return worst


SHIFT = (1.7 * MM, -2.4 * MM)
"""The printer in these tests moves the back page 1.7 mm right and 2.4 mm down."""


@pytest.mark.parametrize(("paper", "duplex"), [("a4", "long"), ("a4", "short"),
                                               ("297mm x 210mm", "long")])
def test_following_the_sheet_cancels_the_printers_shift(tmp_path: Path, paper: str,
                                                        duplex: str) -> None:
    spec = _spec(paper)
    offset = _read_sheet(tmp_path, spec, duplex, (0.0, 0.0), SHIFT)
    # the advice undoes the shift: the backs, shifted by the printer, land on the fronts
    assert _backs_land_behind_fronts(tmp_path, spec, duplex, offset, SHIFT) < 0.01
    # and the test can tell: the same numbers with both signs flipped leave an error
    assert _backs_land_behind_fronts(tmp_path, spec, duplex, (-offset[0], -offset[1]),
                                     SHIFT) > 1 * MM
    assert _backs_land_behind_fronts(tmp_path, spec, duplex, (0.0, 0.0), SHIFT) > 1 * MM


def test_a_sheet_built_with_an_offset_includes_it_in_its_advice(tmp_path: Path) -> None:
    spec = _spec("a4")
    fresh = _read_sheet(tmp_path, spec, "long", (0.0, 0.0), SHIFT)
    again = _read_sheet(tmp_path, spec, "long", (1.5, -2.0), SHIFT)
    assert again == pytest.approx(fresh, abs=1e-3)
    text = PdfReader(str(tmp_path / "calibration.pdf")).pages[0].extract_text()
    assert "--back-offset=1.5+X,-2-Y" in text.replace("\n", "")


def test_the_sheet_states_its_advice_in_millimetres_with_a_worked_example(
        tmp_path: Path) -> None:
    data = calibration(_spec("a4"), title="T", duplex="long", back_offset=(0.0, 0.0))
    (tmp_path / "c.pdf").write_bytes(data)
    text = PdfReader(str(tmp_path / "c.pdf")).pages[0].extract_text().replace("\n", " ")
    assert "--back-offset=X,-Y (numbers in mm)" in text
    # the example: a cross read 2 mm right and 1 mm up gives 2,-1 on a long-edge flip
    assert "2 mm right of the centre and 1 mm up" in text and "--back-offset=2,-1" in text
