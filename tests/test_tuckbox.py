"""The tuck box built with a deck (tuckbox.pdf): sized from the card size, the number of
cards and the card stock; a net whose folds make a box that holds the deck; one page, two
pieces or a larger sheet; and the mistakes a definition can make in its tuckbox section."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.console import Console
from printkit.kit.cards import CardsPlan
from printkit.kit.games import resolve
from printkit.kit.options import LAYOUTS, BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.pdf.tuckbox_net import Piece
from printkit.pdf.tuckbox_plan import TuckboxPlan
from printkit.settings import parse_settings
from printkit.units import MM
from tests.conftest import DATA, ROOT, Result
from tests.legibility import measure

DECK = """\
game: boxed
title: Boxed Deck
card:
  size: {size}
faces:
  - id: card
    kind: layout
    layout: plain
    name: "c{{n}}"
    generate: {{n: 1..{count}}}
layouts:
  plain:
    - {{type: text, text: "{{n}}", x: 5mm, y: 5mm, width: 20mm, height: 10mm}}
"""


def deck(folder: Path, *, size: str = "63.5mm x 88.9mm", count: int = 54,
         extra: str = "") -> Path:
    """A deck of ``count`` cards of ``size`` in ``folder``."""
    path = folder / "boxed.yaml"
    path.write_text(DECK.format(size=size, count=count) + extra, encoding="utf-8")
    return path


def plan(path: Path, *settings: str, layouts: tuple[str, ...] = LAYOUTS) -> TuckboxPlan:
    """The tuck box a build of ``path`` would print."""
    options = BuildOptions(layouts=layouts)
    kit = prepare_kit(resolve(str(path), overrides=parse_settings(list(settings))), options)
    (box,) = kit.tuckboxes
    assert box.file == "tuckbox.pdf"
    return box.plan


def run(*args: str) -> Result:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), Console(out, err))
    return Result(status, out.getvalue(), err.getvalue())


def mm(points: float) -> float:
    return round(points / MM, 3)


def test_the_box_is_sized_from_the_card_size_the_count_and_the_stock(tmp_path: Path) -> None:
    box = plan(deck(tmp_path)).size
    # inside: card + 2 mm slack across and up; 54 cards x 0.3 mm + 2 mm deep
    assert (mm(box.inner_width), mm(box.inner_height), mm(box.inner_depth)) == (
        65.5, 90.9, 18.2)
    # the folds are one wall (0.3 mm of paper) further apart than the inside
    assert (mm(box.width), mm(box.height), mm(box.depth)) == (65.8, 91.2, 18.5)
    thicker = plan(deck(tmp_path), "tuckbox.stock=0.5mm").size
    assert mm(thicker.inner_depth) == 54 * 0.5 + 2
    assert mm(plan(deck(tmp_path), "tuckbox.cards=100").size.inner_depth) == 32.0
    roomy = plan(deck(tmp_path), "tuckbox.slack=4mm", "tuckbox.wall=0.5mm").size
    assert (mm(roomy.width), mm(roomy.height), mm(roomy.depth)) == (68.0, 93.4, 20.7)


def test_copies_count_towards_the_depth(tmp_path: Path) -> None:
    path = deck(tmp_path, count=10)
    path.write_text(path.read_text().replace("    kind: layout\n",
                                             "    kind: layout\n    count: 3\n"))
    assert plan(path).cards == 30
    assert mm(plan(path).size.inner_depth) == 30 * 0.3 + 2


def _rect_of(piece: Piece, name: str) -> tuple[float, float, float, float]:
    (panel,) = piece.panel(name)
    r = panel.rect
    return mm(r.x), mm(r.y), mm(r.w), mm(r.h)


def test_the_panels_fold_into_a_box_that_holds_the_deck(tmp_path: Path) -> None:
    box = plan(deck(tmp_path))
    size = box.size
    (page,) = box.pages
    (placed,) = page.pieces
    net = placed.piece
    front, back = net.panel("front")[0].rect, net.panel("back")[0].rect
    sides = [p.rect for p in net.panel("side")]
    lid, bottom = net.panel("lid")[0].rect, net.panel("bottom")[0].rect
    # four walls side by side, all as tall as the box
    walls = sorted([front, back, *sides], key=lambda r: r.x)
    assert [mm(r.w) for r in walls] == [18.5, 65.8, 18.5, 65.8]
    assert {mm(r.h) for r in walls} == {91.2}
    for left, right in itertools.pairwise(walls):
        assert abs(left.right - right.x) < 1e-6  # shared fold, no gap
        assert (left.right, left.y, left.right, left.top) in net.folds
    # inside the folded walls (each fold in the middle of the paper) the deck fits with
    # its slack: width, height and depth
    wall = size.wall
    assert front.w - wall >= 63.5 * MM + 2 * MM - 1e-6
    assert front.h - wall >= 88.9 * MM + 2 * MM - 1e-6
    assert sides[0].w - wall >= 54 * 0.3 * MM + 2 * MM - 1e-6
    # the lid and the bottom close the ends: as wide as the front, as deep as a side
    assert (mm(lid.w), mm(lid.h)) == (65.8, 18.5) == (mm(bottom.w), mm(bottom.h))
    assert lid.x == back.x and abs(lid.y - back.top) < 1e-6
    assert bottom.x == front.x and abs(bottom.top - front.y) < 1e-6
    # the tuck flap enters the front: narrower than its inside
    tuck_fold = next(f for f in net.folds if abs(f[1] - lid.top) < 1e-6)
    assert tuck_fold[2] - tuck_fold[0] < size.inner_width
    assert mm(tuck_fold[2] - tuck_fold[0]) == round(65.8 - 2 * (0.3 + 0.5), 3)


def test_the_net_has_glue_flaps_a_thumb_notch_and_dust_flaps(tmp_path: Path) -> None:
    net = plan(deck(tmp_path)).pages[0].pieces[0].piece
    size = plan(deck(tmp_path)).size
    assert len(net.glue) == 2  # the side seam and the bottom
    seam, bottom_glue = net.glue
    first_side = net.panel("side")[0].rect
    # the seam's flap hangs off the first side's free edge, glued inside the back
    assert max(x for x, _ in seam) == first_side.x
    assert mm(first_side.x - min(x for x, _ in seam)) == 10.0
    # the bottom's glue flap hangs below the bottom, narrower than the back's inside
    bottom = net.panel("bottom")[0].rect
    assert max(y for _, y in bottom_glue) == bottom.y
    assert max(x for x, _ in bottom_glue) - min(x for x, _ in bottom_glue) < size.inner_width
    # the thumb notch: the cut line dips below the front's top edge, in its middle
    front = net.panel("front")[0].rect
    lowest = min(op[-1] for op in net.outline
                 if front.x < op[-2] < front.right and op[-1] > front.y + front.h / 2)
    assert mm(front.top - lowest) == mm(size.notch) == 10.0
    # a dust flap above and below each side, on a fold
    for side in net.panel("side"):
        r = side.rect
        assert (r.x, r.top, r.right, r.top) in net.folds
        assert (r.x, r.y, r.right, r.y) in net.folds
    # the dust flaps never meet across the opening; the cut line closes where it began
    assert 2 * size.dust < size.inner_width
    assert (net.outline[-1][-2], net.outline[-1][-1]) == net.start
    # every cut corner lies inside the piece's bounding box
    points = [net.start, *[(op[-2], op[-1]) for op in net.outline]]
    assert min(x for x, _ in points) >= -1e-6 and max(x for x, _ in points) <= net.width + 1e-6
    assert min(y for _, y in points) >= -1e-6 and max(y for _, y in points) <= net.height + 1e-6


def test_a_deck_that_fits_a4_whole_is_one_page(tmp_path: Path) -> None:
    box = plan(deck(tmp_path))
    assert len(box.pages) == 1 and box.pieces == 1 and not box.oversize
    page = box.pages[0]
    assert page.paper.name == "A4"
    (placed,) = page.pieces
    assert placed.x >= 5 * MM and placed.x + placed.piece.width <= page.paper.width - 5 * MM


def test_a_net_too_large_for_the_paper_is_cut_in_two_pieces(tmp_path: Path) -> None:
    box = plan(deck(tmp_path, size="tarot", count=78))
    assert box.pieces == 2 and not box.oversize
    first, second = (p for page in box.pages for p in page.pieces)
    assert sorted(p.name for p in first.piece.panels) == ["bottom", "front", "side"]
    assert {p.name for p in second.piece.panels} == {"side", "back", "lid"}
    assert (first.number, second.number) == (1, 2)
    kit = _build(tmp_path, deck(tmp_path, size="tarot", count=78), "--sheets", "tuckbox")
    pages = [page.extract_text() for page in PdfReader(kit / "tuckbox.pdf").pages]
    assert len(pages) == 2 and "piece 1 of 2" in pages[0] and "piece 2 of 2" in pages[1]
    assert "Glue the second piece's flap inside the front's free edge" in pages[0]
    # the second piece has its own glue flap, glued inside the front's free edge
    assert second.piece.glue_words == ("glue inside the front",)
    assert first.piece.glue_words == ("glue inside the back", "glue inside the back")
    for page in box.pages:
        for placed in page.pieces:
            net = placed.piece
            assert (net.outline[-1][-2], net.outline[-1][-1]) == net.start
            assert placed.x + placed.piece.width <= page.paper.width - 5 * MM + 1e-6
            assert placed.y + placed.piece.height <= page.paper.height - 5 * MM + 1e-6


def test_a_box_too_large_even_in_two_pieces_goes_on_a_larger_sheet(tmp_path: Path) -> None:
    box = plan(deck(tmp_path, size="150mm x 200mm", count=80), layouts=("tuckbox",))
    # the net is 367 x 296 mm: A4 cannot hold half of it; A3 holds each half, not the whole
    assert box.oversize and box.pieces == 2
    assert [page.paper.name for page in box.pages] == ["A3", "A3"]
    kit = _build(tmp_path, deck(tmp_path, size="150mm x 200mm", count=80), "--sheets",
                 "tuckbox")
    reader = PdfReader(kit / "tuckbox.pdf")
    text = reader.pages[0].extract_text()
    assert "on A3: too large for A4 even in two pieces" in text
    sizes = {(round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM))
             for page in reader.pages}
    assert sizes <= {(297, 420), (420, 297)} and len(reader.pages) == 2


def _build(out: Path, path: Path, *args: str) -> Path:
    result = run("build", str(path), "-o", str(out / "kits"), *args)
    assert result.status == 0, result.err
    return Path(result.out.rsplit(" files in ", 1)[1].strip().rstrip("/"))


def test_the_build_writes_tuckbox_pdf_with_the_title_and_the_back(tmp_path: Path) -> None:
    kit = _build(tmp_path, deck(tmp_path))
    reader = PdfReader(kit / "tuckbox.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert text.count("Boxed Deck") >= 4  # front, two spines, lid
    assert text.count("54 cards") == 3 and "glue" in text  # front, bottom, page label
    assert "cut solid lines, fold dashed, glue grey" in text
    assert "glue inside the back" in text
    # how to make it, above the net where the page has room
    assert "How to make the box" in text
    assert "3  Glue the flap on the first side's free edge inside the back's free edge." in text
    # no word on the box is smaller than a player should read (6 pt), whatever the scale
    # its artwork is placed at; the scale bar's own label is a printer's mark
    runs = [r for r in measure(kit / "tuckbox.pdf").runs if r.text != "50 mm"]
    assert runs and min(r.size for r in runs) >= 6.0 - 0.01
    # the same input gives the same bytes
    again = _build(tmp_path / "again", deck(tmp_path))
    assert (again / "tuckbox.pdf").read_bytes() == (kit / "tuckbox.pdf").read_bytes()


def test_tuckbox_options_turn_it_off_or_change_its_words(tmp_path: Path) -> None:
    kit = _build(tmp_path, deck(tmp_path, extra="tuckbox:\n  make: false\n"))
    assert not (kit / "tuckbox.pdf").exists() and (kit / "cards.pdf").exists()
    kit = _build(tmp_path / "other", deck(tmp_path), "--set", "tuckbox.title=Box of Cards")
    text = PdfReader(kit / "tuckbox.pdf").pages[0].extract_text()
    assert "Box of Cards" in text and "Boxed Deck" in text  # the label keeps the game's
    kit = _build(tmp_path / "sheets", deck(tmp_path), "--sheets", "sheets")
    assert not (kit / "tuckbox.pdf").exists()
    kit = _build(tmp_path / "only", deck(tmp_path), "--sheets", "tuckbox")
    assert (kit / "tuckbox.pdf").exists() and not (kit / "cards.pdf").exists()


def test_a_game_without_a_deck_gets_no_tuck_box(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("game: flat\ntitle: Flat\ncomponents:\n  aid:\n    kind: sheet\n"
                    "    columns: [a, b]\n    rows: 3\n", encoding="utf-8")
    kit = _build(tmp_path, path)
    assert not (kit / "tuckbox.pdf").exists()


def test_bad_tuckbox_settings_are_located_all_at_once(tmp_path: Path) -> None:
    path = deck(tmp_path, extra="tuckbox:\n  stock: thick\n  cards: -3\n  slack: 50mm\n"
                "  colour: blurple\n  lid: yes\n")
    result = run("check", str(path))
    assert result.status == 1
    lines = [ln for ln in result.err.splitlines() if ": error: " in ln]
    assert [ln.split(": error: ")[0].rsplit("/", 1)[-1] for ln in lines] == [
        f"{path.name}:{n}:{c}" for n, c in ((15, 10), (16, 10), (17, 10), (18, 11), (19, 3))]
    words = result.err
    assert "thick" in words and "-3 is too small" in words and "too large" in words
    assert "blurple" in words and "unknown key 'lid'" in words
    assert "Traceback" not in words


def test_a_bad_set_of_the_stock_is_a_located_error(tmp_path: Path) -> None:
    result = run("build", str(deck(tmp_path)), "-o", str(tmp_path / "k"),
                 "--set", "tuckbox.stock=5mm")
    assert result.status == 1
    assert "<command line>" in result.err and "too large (at most 3mm)" in result.err
    assert not (tmp_path / "k").exists() or not any((tmp_path / "k").rglob("tuckbox.pdf"))


def test_a_title_the_fonts_cannot_draw_is_one_located_error(tmp_path: Path) -> None:
    path = deck(tmp_path, extra="tuckbox:\n  title: \"Deck \u16a0\u16a2\"\n")
    result = run("check", str(path))
    assert result.status == 1
    assert result.err.count("the tuck box prints the title") == 1
    assert "U+16A0" in result.err and "U+16A2" in result.err
    assert f"{path.name}:15:" in result.err


def test_a_title_too_long_for_the_front_is_a_located_error(tmp_path: Path) -> None:
    path = deck(tmp_path, extra="tuckbox:\n  title: " + "W" * 300 + "\n")
    result = run("check", str(path))
    assert result.status == 1
    assert "does not fit the front of the tuck box" in result.err
    assert f"{path.name}:15:" in result.err


def test_a_box_past_the_paper_area_limit_names_the_limit(tmp_path: Path) -> None:
    path = deck(tmp_path, extra="tuckbox:\n  cards: 2000\n  stock: 3mm\n")
    result = run("check", str(path))
    assert result.status == 1
    assert "--limit paper-area=N" in result.err
    assert f"{path.name}:15:10" in result.err  # at cards: 2000


@pytest.mark.parametrize("title", ["Kortspel \u00e5\u00e4\u00f6", "\u03a9\u03bc\u03ad\u03b3\u03b1"])
def test_titles_in_other_scripts_print_in_the_shipped_font(tmp_path: Path, title: str) -> None:
    box = plan(deck(tmp_path), f"tuckbox.title={title}")
    assert " ".join(box.title.lines) == title


def test_a_colour_of_none_is_refused_where_it_was_written(tmp_path: Path) -> None:
    path = deck(tmp_path, extra="tuckbox:\n  stock: 0.4mm\n  colour: none\n  ink: none\n")
    result = run("check", str(path))
    assert result.status == 1
    assert f"{path.name}:16:11: error: tuckbox: colour: none" in result.err
    assert f"{path.name}:17:8: error: tuckbox: ink: none" in result.err


def test_each_cards_component_gets_a_box_of_its_own(tmp_path: Path) -> None:
    skirmish = DATA / "components" / "skirmish.yaml"
    kit = prepare_kit(resolve(str(skirmish)), BuildOptions())
    boxes = {box.file: box.plan for box in kit.tuckboxes}
    assert sorted(boxes) == ["events-tuckbox.pdf", "tuckbox.pdf"]
    events = next(p for p in kit.components.parts
                  if isinstance(p, CardsPlan) and p.deck_source.stem == "events")
    main, other = boxes["tuckbox.pdf"], boxes["events-tuckbox.pdf"]
    # every group of the main deck has a back of its own: the box shows the one most of
    # its cards show, not the deck's back that no card has
    behind = [art.key for art in kit.cards.behind] if kit.cards else []
    assert main.back.key != "back" and behind.count(main.back.key) == max(
        behind.count(key) for key in set(behind))
    assert other.cards == len(events.deck)
    assert mm(other.size.inner_width) == round(events.spec.card_w / MM + 2, 3)
    assert other.label.endswith(", events") and other.subtitle is not None
    # five cards make spines 3.8 mm deep: too narrow for 6 pt, so they stay plain ...
    assert mm(other.size.depth) == 3.8 and other.spine is None and other.lid is None
    # ... and thicker cards give them room for the title and the deck's name
    kit = prepare_kit(resolve(str(skirmish), overrides=parse_settings(["tuckbox.stock=2mm"])),
                      BuildOptions())
    thick = next(box.plan for box in kit.tuckboxes if box.file == "events-tuckbox.pdf")
    assert thick.spine is not None and thick.spine.lines == ("Skirmish: events",)
    # tuckbox: cards: sets the main deck's box only
    kit = prepare_kit(resolve(str(skirmish), overrides=parse_settings(["tuckbox.cards=99"])),
                      BuildOptions())
    counts = {box.file: box.plan.cards for box in kit.tuckboxes}
    assert counts == {"tuckbox.pdf": 99, "events-tuckbox.pdf": other.cards}
    assert main.cards != 99
    built = _build(tmp_path, skirmish, "--sheets", "tuckbox")
    assert {p.name for p in built.glob("*tuckbox.pdf")} == {"tuckbox.pdf",
                                                             "events-tuckbox.pdf"}
    text = PdfReader(built / "events-tuckbox.pdf").pages[0].extract_text()
    assert "events" in text


def test_the_title_is_set_in_the_definitions_font_stack(tmp_path: Path) -> None:
    greek = "\u03a9\u03bc\u03ad\u03b3\u03b1"
    alone = deck(tmp_path, extra=f"style:\n  font: Vera\ntuckbox:\n  title: Box {greek}\n")
    result = run("check", str(alone))
    assert result.status == 1
    assert "the tuck box prints the title 'Box " in result.err
    assert "the font 'Vera' has no glyph for '\u03bc' (U+03BC GREEK SMALL LETTER MU), " \
        in result.err and "choose a font that has them" in result.err
    assert f"{alone.name}:17:10" in result.err  # at tuckbox: title:
    stacked = deck(tmp_path, extra="style:\n  font: Vera\n  fallback: [DejaVu Sans]\n"
                   f"tuckbox:\n  title: Box {greek}\n")
    title = plan(stacked).title
    runs = title.runs(title.lines[0])
    assert [(chunk, face.family) for chunk, face in runs] == [
        ("Box \u03a9", "Vera"), (greek[1:], "DejaVu Sans")]  # Vera has the capital omega


def test_the_json_schema_and_the_reference_name_every_key() -> None:
    result = run("schema")
    assert result.status == 0
    section = json.loads(result.out)["properties"]["tuckbox"]
    keys = {"make", "stock", "cards", "slack", "wall", "title", "colour", "ink"}
    assert set(section["properties"]) == keys and section["additionalProperties"] is False
    reference = (ROOT / "docs" / "definition-reference.md").read_text(encoding="utf-8")
    part = reference.split("## `tuckbox`", 1)[1].split("\n## ", 1)[0]
    assert {key for key in keys if f"- `{key}`:" in part} == keys
