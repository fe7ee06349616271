"""The printed result: parse the card PDFs and check what a cutter and a printer meet."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.units import MM
from tests.conftest import ROOT
from tests.pdfinspect import PageContent, Placement, read_pages

CARD = 63.5 * MM
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)


def build(out: Path, *args: str) -> Path:
    """Build the kit and return its folder (named after the options that differ)."""
    said = io.StringIO()
    status = main(["build", "stars-and-stripes", "-o", str(out), *args],
                  Console(said, io.StringIO()))
    assert status == 0
    return Path(said.getvalue().rsplit(" files in ", 1)[1].strip().rstrip("/"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    out = tmp_path_factory.mktemp("kit")
    import os
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        yield build(out)
    finally:
        os.chdir(cwd)


def cells(page: PageContent, bleed: float = 3 * MM) -> list[tuple[float, float, float, float]]:
    size = CARD + 2 * bleed
    return [(p.x, p.y, size, size) for p in page.placements]


def test_a4_sheets_hold_eight_bled_cards_and_alternate_fronts_and_backs(kit: Path) -> None:
    pages = read_pages(kit / "cards.pdf")
    assert len(pages) == 10  # 39 cards at 8 a sheet: 5 sheets, each front and back
    for page in pages:
        assert (page.width, page.height) == pytest.approx(A4, abs=0.01)
    fronts, backs = pages[0::2], pages[1::2]
    assert [len(p.placements) for p in fronts] == [8, 8, 8, 8, 7]
    assert [len(p.placements) for p in backs] == [8, 8, 8, 8, 7]
    for page in pages:
        for x, y, w, h in cells(page):
            assert x >= 5 * MM - 0.01 and y >= 5 * MM - 0.01
            assert x + w <= page.width - 5 * MM + 0.01 and y + h <= page.height - 5 * MM + 0.01


def test_cells_never_overlap(kit: Path) -> None:
    for page in read_pages(kit / "cards.pdf"):
        boxes = cells(page)
        for i, (x, y, w, h) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[i + 1:]:
                assert x + w <= x2 + 0.01 or x2 + w2 <= x + 0.01 or \
                    y + h <= y2 + 0.01 or y2 + h2 <= y + 0.01


def test_crop_marks_point_at_every_cut_line_and_touch_no_card(kit: Path) -> None:
    front = read_pages(kit / "cards.pdf")[0]
    trims = [(x + 3 * MM, y + 3 * MM, CARD, CARD) for x, y, _, _ in cells(front)]
    bled = cells(front)
    marks = [m for m in front.lines if m.x0 == m.x1 or m.y0 == m.y1]
    assert marks
    for m in marks:
        for x, y, w, h in bled:  # not even on the bleed
            inside_x = min(m.x0, m.x1) < x + w - 0.01 and max(m.x0, m.x1) > x + 0.01
            inside_y = min(m.y0, m.y1) < y + h - 0.01 and max(m.y0, m.y1) > y + 0.01
            assert not (inside_x and inside_y), (m, (x, y, w, h))
    cut_xs = {round(x, 2) for x, _, _, _ in trims} | {round(x + w, 2) for x, _, w, _ in trims}
    cut_ys = {round(y, 2) for _, y, _, _ in trims} | {round(y + h, 2) for _, y, _, h in trims}
    vertical_at = {round(m.x0, 2) for m in marks if m.x0 == m.x1}
    horizontal_at = {round(m.y0, 2) for m in marks if m.y0 == m.y1}
    assert cut_xs <= vertical_at
    assert cut_ys <= horizontal_at
    for m in marks:  # printable: inside the 5 mm printer margin
        for v in (m.x0, m.x1):
            assert 5 * MM - 0.01 <= v <= front.width - 5 * MM + 0.01
        for v in (m.y0, m.y1):
            assert 5 * MM - 0.01 <= v <= front.height - 5 * MM + 0.01


def _pairs(front: PageContent, back: PageContent) -> list[tuple[Placement, Placement]]:
    return list(zip(front.placements, back.placements, strict=True))


def test_long_edge_backs_are_mirrored_left_to_right(kit: Path) -> None:
    pages = read_pages(kit / "cards.pdf")
    size = CARD + 6 * MM
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        for f, b in _pairs(front, back):
            assert b.x == pytest.approx(front.width - f.x - size, abs=0.01)
            assert b.y == pytest.approx(f.y, abs=0.01)
        names = {p.name for p in back.placements}
        assert len(names) == 1  # one back form, reused


def test_short_edge_and_offset_move_the_backs(tmp_path: Path, run_cli: object) -> None:
    del run_cli  # chdir to the repository
    kit = build(tmp_path, "--duplex", "short", "--back-offset", "1.5,-2", "--sheets", "sheets")
    pages = read_pages(kit / "cards.pdf")
    size = CARD + 6 * MM
    front, back = pages[0], pages[1]
    for f, b in _pairs(front, back):
        assert b.x == pytest.approx(f.x + 1.5 * MM, abs=0.01)
        assert b.y == pytest.approx(front.height - f.y - size - 2 * MM, abs=0.01)


def test_letter_without_bleed_fits_nine_and_no_duplex_has_no_backs(tmp_path: Path,
                                                                 run_cli: object) -> None:
    del run_cli
    kit = build(tmp_path, "--paper", "letter", "--bleed", "0", "--duplex", "none",
                "--sheets", "sheets")
    pages = read_pages(kit / "cards.pdf")
    assert len(pages) == 5  # 39 cards at 9 a page, fronts only
    assert (pages[0].width, pages[0].height) == pytest.approx(LETTER, abs=0.01)
    assert len(pages[0].placements) == 9


def test_each_unique_face_is_stored_once(kit: Path) -> None:
    reader = PdfReader(str(kit / "cards.pdf"))
    forms: set[int] = set()
    for page in reader.pages:
        resources: Any = page["/Resources"]
        for ref in resources["/XObject"].values():
            obj = ref.get_object()
            assert obj["/Subtype"] == "/Form"  # vector forms, never images
            forms.add(ref.idnum)
    assert len(forms) == 39  # 36 cards, the Trump, the quick reference and the back


def test_no_raster_images_and_fonts_embedded(kit: Path) -> None:
    for name in ("cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf", "calibration.pdf"):
        data = (kit / name).read_bytes()
        assert b"/Subtype /Image" not in data, name
        reader = PdfReader(str(kit / name))
        fonts: dict[str, Any] = {}
        for page in reader.pages:
            _collect_fonts(page.get("/Resources"), fonts)
        assert fonts, name
        for font_name, font in fonts.items():
            descriptor = font["/FontDescriptor"]
            assert "/FontFile2" in descriptor, (name, font_name)


def _collect_fonts(resources: Any, found: dict[str, Any]) -> None:
    if not resources:
        return
    res = resources.get_object() if hasattr(resources, "get_object") else resources
    for key, ref in (res.get("/Font") or {}).items():
        font = ref.get_object()
        found[str(font.get("/BaseFont", key))] = font
    for ref in (res.get("/XObject") or {}).values():
        _collect_fonts(ref.get_object().get("/Resources"), found)


def test_print_shop_pages_carry_trim_and_bleed_boxes(kit: Path) -> None:
    reader = PdfReader(str(kit / "cards-printshop.pdf"))
    assert len(reader.pages) == 2 * 39
    bleed = 3 * MM
    for page in reader.pages[:4]:
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, CARD + 2 * bleed, CARD + 2 * bleed], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed, bleed, bleed + CARD, bleed + CARD], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(
            [0, 0, CARD + 2 * bleed, CARD + 2 * bleed], abs=0.01)


def test_gutter_fold_backs_mirror_the_fronts_across_the_fold(kit: Path) -> None:
    pages = read_pages(kit / "cards-gutterfold.pdf")
    page = pages[0]
    fold = page.height / 2
    size = CARD + 6 * MM
    fronts = [p for p in page.placements if p.matrix[0] == pytest.approx(1)]
    backs = [p for p in page.placements if p.matrix[0] == pytest.approx(-1)]
    assert len(fronts) == len(backs) == 4
    for f, b in zip(fronts, backs, strict=True):
        assert f.y >= fold - 0.01  # fronts above the fold
        # a back is drawn turned half round: its origin is its top-right corner
        assert b.x == pytest.approx(f.x + size, abs=0.01)
        assert b.y == pytest.approx(2 * fold - f.y, abs=0.01)
    assert len(pages) == 10  # 39 cards at 4 a page


def test_calibration_sheet_is_one_sheet_with_labels(kit: Path) -> None:
    reader = PdfReader(str(kit / "calibration.pdf"))
    assert len(reader.pages) == 2
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert f"page {number} of 2" in text and "100%" in text


def test_every_page_says_print_at_100_percent_with_page_numbers(kit: Path) -> None:
    reader = PdfReader(str(kit / "cards.pdf"))
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert "Stars and Stripes" in text
        assert f"page {number} of 10" in text
        assert "100%" in text and "50 mm" in text


def test_one_svg_per_unique_face(kit: Path) -> None:
    names = sorted(p.name for p in (kit / "svg").glob("*.svg"))
    assert len(names) == 39
    assert "6-stars-6-stripes.svg" in names and "trump.svg" in names and "back.svg" in names
