"""Whole builds of components, read back from the PDFs: each card behind its own back,
tokens with their backs mirrored and cut outlines outside the bleed, score sheets whose
cells hold their words, boards tiled over sheets, and check refusing what build refuses."""

from __future__ import annotations

import io
import itertools
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.units import MM
from tests.conftest import DATA, Run
from tests.pdfinspect import PageContent, Placement, read_pages
from tests.test_components_pdf import form_colours, paths, rgb, words
from tests.test_content_support import write

SKIRMISH = DATA / "components" / "skirmish.yaml"
BLEED = 3 * MM
SVG = "{http://www.w3.org/2000/svg}"


def build(out: Path, definition: Path, *args: str) -> Path:
    """Build a kit and return its folder."""
    said = io.StringIO()
    status = main(["build", str(definition), "-o", str(out), *args],
                  Console(said, io.StringIO()))
    assert status == 0
    return Path(said.getvalue().rsplit(" files in ", 1)[1].strip().rstrip("/"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build(tmp_path_factory.mktemp("kit"), SKIRMISH)


def test_every_component_writes_its_own_files(kit: Path) -> None:
    names = {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()}
    for stem in ("cards", "events"):
        assert {f"{stem}.pdf", f"{stem}-gutterfold.pdf", f"{stem}-printshop.pdf"} <= names
    assert {"counters.pdf", "coins.pdf", "chits.pdf", "score-pad.pdf", "aid.pdf", "map.pdf",
            "map-single.pdf", "map.svg", "track.pdf", "track-single.pdf", "track.svg",
            "calibration.pdf", "svg/backs/unit.svg", "svg/backs/order.svg",
            "svg/events/event-1.svg", "svg/events/back.svg"} <= names
    assert "svg/back.svg" not in names  # no card shows the deck's own back
    assert "events-calibration.pdf" not in names


def test_the_same_definition_gives_the_same_bytes(kit: Path, tmp_path: Path) -> None:
    again = build(tmp_path, SKIRMISH)
    for path in kit.rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (again / path.relative_to(kit)).read_bytes(), path


def _mirrored(front: PageContent, spot: Placement,
              cell: tuple[float, float]) -> tuple[float, float]:
    """Where the back behind ``spot`` goes on the backs page (long-edge flip)."""
    portrait = front.width <= front.height
    x = front.width - spot.x - cell[0] if portrait else spot.x
    y = spot.y if portrait else front.height - spot.y - cell[1]
    return x, y


def _behind(back: PageContent, x: float, y: float) -> Placement:
    return next(p for p in back.placements if abs(p.x - x) < 0.01 and abs(p.y - y) < 0.01)


def test_each_card_has_its_own_groups_back_behind_it(kit: Path) -> None:
    pdf = kit / "cards.pdf"
    pages = read_pages(pdf)
    cell = (63.5 * MM + 2 * BLEED, 88.9 * MM + 2 * BLEED)
    unit_back, order_back = rgb("#3b4f6b"), rgb("#7a2e1f")
    seen = {"unit": 0, "order": 0}
    back_forms = set()
    for index in range(0, len(pages), 2):
        front, back = pages[index], pages[index + 1]
        assert len(front.placements) == len(back.placements)
        for spot in front.placements:
            is_order = rgb("#f3efe2") in form_colours(pdf, index, spot.name)
            x, y = _mirrored(front, spot, cell)
            behind = _behind(back, x, y)
            colours = form_colours(pdf, index + 1, behind.name)
            assert (order_back if is_order else unit_back) in colours
            assert (unit_back if is_order else order_back) not in colours
            seen["order" if is_order else "unit"] += 1
            back_forms.add(behind.name)
    assert seen == {"unit": 10, "order": 6}
    assert len(back_forms) == 2  # each different back stored once


def test_print_shop_and_gutter_fold_follow_each_cards_back(kit: Path) -> None:
    shop = kit / "cards-printshop.pdf"
    pages = read_pages(shop)
    assert len(pages) == 32
    for index in range(0, 32, 2):
        is_order = rgb("#f3efe2") in form_colours(shop, index, pages[index].placements[0].name)
        colours = form_colours(shop, index + 1, pages[index + 1].placements[0].name)
        assert rgb("#7a2e1f" if is_order else "#3b4f6b") in colours
    fold = kit / "cards-gutterfold.pdf"
    for index, page in enumerate(read_pages(fold)):
        drawn = [form_colours(fold, index, p.name) for p in page.placements]
        fronts = {"unit": sum(rgb("#fffaf0") in c for c in drawn),
                  "order": sum(rgb("#f3efe2") in c for c in drawn)}
        backs = {"unit": sum(rgb("#3b4f6b") in c for c in drawn),
                 "order": sum(rgb("#7a2e1f") in c for c in drawn)}
        assert fronts == backs and sum(fronts.values()) == len(page.placements) // 2


def test_a_cards_component_prints_on_sheets_of_its_own_size(kit: Path) -> None:
    pdf = kit / "events.pdf"
    reader = PdfReader(str(pdf))
    pages = read_pages(pdf)
    assert len(pages) == 4  # 5 tarot cards, 4 to a sheet, fronts and backs
    assert [len(p.placements) for p in pages] == [4, 4, 1, 1]
    name = pages[0].placements[0].name
    resources: Any = reader.pages[0]["/Resources"]
    box = resources["/XObject"][f"/{name}"]["/BBox"]
    assert float(box[2]) == pytest.approx(70 * MM + 2 * BLEED, abs=0.01)
    assert float(box[3]) == pytest.approx(120 * MM + 2 * BLEED, abs=0.01)
    shop = PdfReader(str(kit / "events-printshop.pdf"))
    trim = shop.pages[0].trimbox
    assert float(trim.width) == pytest.approx(70 * MM, abs=0.01)


def _hexagon_ok(drawn: list[tuple[float, float]], centre: tuple[float, float],
                apothem: float) -> bool:
    radius = apothem * 2 / math.sqrt(3)
    return len(drawn) >= 6 and all(
        abs(math.dist(p, centre) - radius) < 0.05 for p in drawn)


def test_hexagonal_tokens_have_outlines_outside_their_bleed_and_backs_behind(
        kit: Path) -> None:
    pdf = kit / "counters.pdf"
    pages = read_pages(pdf)
    assert len(pages) == 2
    across = 22 * MM
    cell = (across + 2 * BLEED, across * 2 / math.sqrt(3) + 2 * BLEED)
    front, back = pages
    assert len(front.placements) == len(back.placements) == 10
    drawn = paths(pdf, 0)
    outlines = [d for d in drawn if d.paint == "S" and len(d.points) >= 6]
    clips = [d for d in drawn if d.paint == "clip"]
    assert len(outlines) == len(clips) == 10
    sides = {"blue": (rgb("#2d4a8b"), rgb("#8fa6d4")), "red": (rgb("#9b2d20"), rgb("#d99a8f"))}
    for spot in front.placements:
        centre = (spot.x + cell[0] / 2, spot.y + cell[1] / 2)
        assert any(_hexagon_ok(list(o.points), centre, across / 2 + BLEED + 0.8 * MM)
                   for o in outlines)
        assert any(_hexagon_ok(list(c.points), centre, across / 2 + BLEED) for c in clips)
        colours = form_colours(pdf, 0, spot.name)
        side = "blue" if sides["blue"][0] in colours else "red"
        x, y = _mirrored(front, spot, cell)
        behind = form_colours(pdf, 1, _behind(back, x, y).name)
        assert sides[side][1] in behind


def test_round_tokens_are_cut_along_circles_clear_of_each_other(kit: Path) -> None:
    pdf = kit / "coins.pdf"
    pages = read_pages(pdf)
    assert [len(p.placements) for p in pages] == [12, 12]
    assert len({p.name for p in pages[1].placements}) == 1  # one back behind every coin
    radius = 10 * MM
    cell = 2 * radius + 2 * BLEED
    drawn = paths(pdf, 0)
    outlines = [d for d in drawn if d.paint == "S" and d.curved]
    clips = [d for d in drawn if d.paint == "clip" and d.curved]
    assert len(outlines) == len(clips) == 12
    centres = []
    for spot in pages[0].placements:
        centre = (spot.x + cell / 2, spot.y + cell / 2)
        centres.append(centre)
        reach = radius + BLEED + 0.8 * MM
        assert any(o.box == pytest.approx((centre[0] - reach, centre[1] - reach,
                                           centre[0] + reach, centre[1] + reach), abs=0.05)
                   for o in outlines)
        reach = radius + BLEED
        assert any(c.box == pytest.approx((centre[0] - reach, centre[1] - reach,
                                           centre[0] + reach, centre[1] + reach), abs=0.05)
                   for c in clips)
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            assert math.dist(a, b) > 2 * (radius + BLEED + 0.8 * MM)


def test_square_tokens_are_cut_along_crop_marks_that_touch_no_token(kit: Path) -> None:
    pages = read_pages(kit / "chits.pdf")
    front = pages[0]
    size = 16 * MM + 2 * BLEED
    assert len(front.placements) == 8 and front.lines
    for line in front.lines:
        for spot in front.placements:
            inside_x = spot.x + 0.01 < max(line.x0, line.x1) and min(line.x0, line.x1) < \
                spot.x + size - 0.01
            inside_y = spot.y + 0.01 < max(line.y0, line.y1) and min(line.y0, line.y1) < \
                spot.y + size - 0.01
            assert not (inside_x and inside_y)


def test_the_score_pad_holds_four_players_and_a_row_per_hand(kit: Path) -> None:
    pdf = kit / "score-pad.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    assert float(reader.pages[0].mediabox.width) == pytest.approx(210 * MM, abs=0.1)
    found = words(pdf)
    text = [w.text for w in found]
    assert text.count("Player") == 4 and text.count("Bid") == 4 and text.count("Total") == 4
    assert "500" in text and "Final" in text
    margin = 5 * MM
    hands = [w for w in found if w.text.isdigit() and w.x0 < margin + 14 * MM]
    numbers = [int(w.text) for w in hands]
    assert numbers == list(range(1, 14))
    middles = [(w.y0 + w.y1) / 2 for w in hands]
    steps = [b - a for a, b in itertools.pairwise(middles)]
    assert steps == pytest.approx([8 * MM] * 12, abs=0.2)
    cells = [r for d in paths(pdf, 0) if d.paint == "S" for r in d.rects]
    assert len(cells) == 5 + 13 + 15 * 13 + 1  # group row, headings, rows, and the frame
    widths = sorted({round(r[2] / MM, 1) for r in cells if r[3] < 9 * MM})
    assert widths == [14.0, 15.5, 46.5]  # hand, the other twelve, a player's heading


def test_the_player_aid_is_landscape_and_keeps_its_words_in_their_column(kit: Path) -> None:
    pdf = kit / "aid.pdf"
    page = PdfReader(str(pdf)).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)
    found = words(pdf)
    margin = 5 * MM
    second = margin + 40 * MM
    line = [w for w in found if w.text in ("Reveal", "keep.", "Units", "reduced")]
    assert len(line) == 4
    assert all(w.x0 > second for w in line)
    assert all(w.x1 < float(page.mediabox.width) - margin for w in found)


def test_boards_are_tiled_with_a_map_and_drawn_whole(kit: Path) -> None:
    assert len(PdfReader(str(kit / "map.pdf")).pages) == 3  # the map and two sheets
    assert len(PdfReader(str(kit / "map-single.pdf")).pages) == 1
    svg = ET.parse(kit / "map.svg").getroot()
    hexes = list(svg.iter(f"{SVG}polygon"))
    assert len(hexes) == 63
    forest = [h for h in hexes if h.get("fill") == "#4f7d45"]
    assert len(forest) == 3
    labels = [t.text for t in svg.iter(f"{SVG}text")]
    assert {"Wood", "Hill", "Keep", "Mill", "C3", "I7"} <= set(labels)
    track = ET.parse(kit / "track.svg").getroot()
    assert len(list(track.iter(f"{SVG}polygon"))) == 32 + 24
    numbers = {t.text for t in track.iter(f"{SVG}text")}
    assert {str(n) for n in range(32)} <= numbers and "Start" in numbers


def test_the_prepared_kit_counts_every_component_for_booklets() -> None:
    kit = prepare_kit(resolve(str(SKIRMISH)), BuildOptions())
    summary = {s.name: (s.kind, s.count, s.sheets) for s in kit.components.summaries}
    assert summary == {"events": ("cards", 5, 2), "counters": ("tokens", 10, 1),
                       "coins": ("tokens", 12, 1), "chits": ("tokens", 8, 1),
                       "score-pad": ("sheet", 1, 1), "aid": ("sheet", 1, 1),
                       "map": ("board", 1, 2), "track": ("board", 1, 1)}


def test_letter_paper_gives_letter_score_sheets(tmp_path: Path) -> None:
    kit = build(tmp_path, SKIRMISH, "--paper", "letter")
    page = PdfReader(str(kit / "score-pad.pdf")).pages[0]
    assert float(page.mediabox.width) == pytest.approx(8.5 * 72, abs=0.1)


PLAIN = "faces:\n  - {id: plain, kind: layout, layout: plain}\nlayouts:\n  plain:\n" \
        "    - {type: rect, fill: '#ffffff', bleed: true}\n"


@pytest.mark.parametrize(("body", "message"), [
    ("  big:\n    kind: cards\n    size: 190mm x 190mm\n    faces: [{id: c, kind: layout, "
     "layout: plain}]\n", "does not fit on A4 paper"),
    ("  pad:\n    kind: sheet\n    columns: [A, B]\n    rows: 40\n",
     "the sheet needs"),
    ("  pad:\n    kind: sheet\n    columns: [{label: A, width: 150mm}, {label: B, "
     "width: 150mm}]\n    rows: 3\n", "the columns need more than"),
    ("  pad:\n    kind: sheet\n    columns: [{label: A, width: 6mm}, B]\n"
     "    rows: [[Unbreakablewordthatcannotfit, x]]\n", "does not fit its column"),
])
def test_check_refuses_what_does_not_fit_the_paper(tmp_path: Path, run_cli: Run, body: str,
                                                    message: str) -> None:
    path = write(tmp_path, PLAIN + "components:\n" + body)
    for command in ("check", "build"):
        result = run_cli(command, str(path), "-o", str(tmp_path / "out")) \
            if command == "build" else run_cli(command, str(path))
        assert result.status == 1, result.err
        assert message in result.err and "game.yaml:" in result.err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_board_section_without_an_engine_is_still_an_error(tmp_path: Path,
                                                             run_cli: Run) -> None:
    body = (PLAIN + "board: {glue: 10mm}\ncomponents:\n  map:\n    kind: board\n"
            "    grid: {type: square, columns: 3, rows: 3, size: 20mm}\n")
    result = run_cli("check", str(write(tmp_path, body)))
    assert result.status == 1
    assert "this 'board:' section is not used" in result.err


def test_flat_topped_hexagons_point_sideways_and_lines_number_from_the_left(
        tmp_path: Path) -> None:
    body = (PLAIN + "components:\n  hexes:\n    kind: tokens\n    shape: hexagon\n"
            "    orientation: flat\n    size: 20mm\n    front: [{id: t, kind: layout, "
            "layout: plain, generate: {n: 1..3}, name: 't{n}'}]\n  line:\n    kind: board\n"
            "    track: {columns: 6, rows: 1, size: 15mm, first: 1}\n")
    kit = build(tmp_path, write(tmp_path, body))
    pdf = kit / "hexes.pdf"
    spots = read_pages(pdf)[0].placements
    cell = (20 * MM * 2 / math.sqrt(3) + 2 * BLEED, 20 * MM + 2 * BLEED)
    outlines = [d for d in paths(pdf, 0) if d.paint == "S" and len(d.points) >= 6]
    assert len(spots) == len(outlines) == 3
    for spot in spots:
        centre = (spot.x + cell[0] / 2, spot.y + cell[1] / 2)
        outline = next(o for o in outlines if _hexagon_ok(list(o.points), centre,
                                                          10 * MM + BLEED + 0.8 * MM))
        rightmost = max(outline.points)
        assert rightmost[1] == pytest.approx(centre[1], abs=0.01)  # a corner, not a side
    track = ET.parse(kit / "line.svg").getroot()
    numbers = [(float(t.get("x") or 0), t.text) for t in track.iter(f"{SVG}text")
               if (t.text or "").isdigit()]
    assert [n for _, n in sorted(numbers)] == ["1", "2", "3", "4", "5", "6"]


def test_token_backs_follow_the_flip_and_the_back_offset(tmp_path: Path) -> None:
    kit = build(tmp_path, SKIRMISH, "--duplex", "short", "--back-offset", "1.5,-2")
    front, back = read_pages(kit / "coins.pdf")
    cell = 20 * MM + 2 * BLEED
    portrait = front.width <= front.height
    assert portrait  # a short-edge flip turns a portrait sheet top to bottom
    for spot in front.placements:
        x, y = spot.x + 1.5 * MM, front.height - spot.y - cell - 2 * MM
        assert any(abs(p.x - x) < 0.01 and abs(p.y - y) < 0.01 for p in back.placements)
