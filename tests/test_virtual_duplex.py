"""Every two-sided PDF of every shipped kit, variant and example, through a virtual duplex
printer (:mod:`tests.duplex.virtual_printer`): the calibration sheet is printed on a
printer that shifts the back page, read as a person reads it, its advice is followed, and
every back of every card and token sheet must land on its front within 0.2 mm.  Gutter-fold
pages are folded; imposed booklets are printed, folded and read."""

from __future__ import annotations

import dataclasses
import functools
import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.booklet.files import booklet_files
from printkit.booklet.impose import A5
from printkit.booklet.imposed import imposed_pdf
from printkit.commands.printing import parse_duplex, parse_offset
from printkit.kit import silent
from printkit.kit.cards import CardsPlan
from printkit.kit.components import TokensPlan
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions, plan
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan, prepare_kit
from printkit.kit.write import write_cards, write_components
from printkit.pdf.paper import PAPERS
from tests.duplex.virtual_printer import (
    Leaf,
    Page,
    Printer,
    folded_misfit,
    misfit,
    read_booklet,
    read_calibration,
    read_pdf,
)

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("white-star", "stars-and-stripes", "star-battle", "i-vant-to-be-alone",
         "stars-and-bars")
EXAMPLES = tuple(str(p) for p in sorted((ROOT / "sample-games").glob("*/*.yaml")))
TOLERANCE = 0.2
"""How far (mm) a back may land from its front."""
LAYOUTS = ("sheets", "gutter-fold", "calibration")
"""The two-sided layouts (print-shop pages are one card each, for a shop to print)."""
SHIFT = (1.7, -2.4)
"""The printer's error: the back page 1.7 mm right and 2.4 mm up the paper (as fed)."""


def _kits() -> list[tuple[str, str | None]]:
    kits: list[tuple[str, str | None]] = []
    for name in GAMES:
        kits.append((name, None))
        kits += [(name, v.name) for v in resolve(name).definition.variants]
    return kits + [(path, None) for path in EXAMPLES]


KITS = _kits()


def _id(kit: tuple[str, str | None]) -> str:
    name, variant = kit
    return Path(name).stem + (f"--{variant}" if variant else "")


@functools.lru_cache(maxsize=8)
def _prepared(name: str, variant: str | None, duplex: str | None) -> KitPlan:
    chosen = None if duplex is None else parse_duplex(duplex)
    return prepare_kit(resolve(name, variant=variant), BuildOptions(duplex=chosen,
                                                                     layouts=LAYOUTS))


def _two_sided(kit: KitPlan, back_offset: str,
               layouts: tuple[str, ...] = LAYOUTS) -> dict[str, bytes]:
    """The kit's card, token and calibration PDFs, laid out with ``back_offset`` as typed
    on the command line (the plan made again from the options, as a build does)."""
    options = BuildOptions(duplex=parse_duplex(kit.plan.duplex),
                           back_offset=parse_offset(back_offset), layouts=layouts)
    offset = plan(kit.game.definition, options).back_offset
    out = OutputSet(Path("unused"))
    parts = [kit.cards, *kit.components.parts]
    for part in parts:
        if isinstance(part, CardsPlan):
            write_cards(dataclasses.replace(part, plan=dataclasses.replace(
                part.plan, back_offset=offset, layouts=layouts)), out, silent)
    tokens = tuple(dataclasses.replace(part, options=dataclasses.replace(
        part.options, back_offset=offset)) for part in parts if isinstance(part, TokensPlan))
    write_components(dataclasses.replace(kit.components, parts=tokens), out, silent, layouts)
    return dict(out.files)


def _duplex_pairs(files: dict[str, bytes]) -> dict[str, list[tuple[Page, Page]]]:
    """Each two-sided PDF (a backs page after each fronts page) as (front, back) pairs."""
    pairs: dict[str, list[tuple[Page, Page]]] = {}
    for name, data in files.items():
        if not name.endswith(".pdf") or name == "calibration.pdf":
            continue
        pages = read_pdf(data)
        backs = [i for i, page in enumerate(pages) if "backs" in page.text]
        if backs:
            assert backs == list(range(1, len(pages), 2)), name
            pairs[name] = [(pages[i - 1], pages[i]) for i in backs]
    return pairs


def _worst(files: dict[str, bytes], printer: Printer) -> dict[str, float]:
    return {name: max(misfit(front, back, printer) for front, back in pairs)
            for name, pairs in _duplex_pairs(files).items()}


def _check_kit(name: str, variant: str | None, duplex: str | None,
               turns: tuple[str, ...] = ("ccw",)) -> None:
    kit = _prepared(name, variant, duplex)
    files = _two_sided(kit, "0,0")
    pairs = _duplex_pairs(files)
    assert pairs, "a shipped kit with nothing two-sided"
    assert "calibration.pdf" in files
    calibration_page = read_pdf(files["calibration.pdf"])[0]
    for turn in turns:
        printer = Printer(SHIFT, turn)
        flip, advice = read_calibration(files["calibration.pdf"], printer)
        # every sheet says the same flip as the calibration sheet
        for pdf, sides in pairs.items():
            assert {back.flip() for _, back in sides} == {flip}, pdf
        # the printer's error shows before the correction, and is gone after it
        before = _worst(files, printer)
        assert min(before.values()) > 1.0, before
        after = _worst(_two_sided(kit, f"{advice[0]:g},{advice[1]:g}", ("sheets",)), printer)
        assert after.keys() == before.keys()
        for pdf, worst in after.items():
            same_turn = read_pdf(files[pdf])[0].portrait == calibration_page.portrait
            if turn == "ccw" or same_turn:  # a driver's other turn is only read on the
                assert worst <= TOLERANCE, (pdf, turn, advice, worst)  # sheet's own kind
    for pdf, data in files.items():
        if pdf.endswith("-gutterfold.pdf"):
            for page in read_pdf(data):
                assert folded_misfit(page) <= TOLERANCE, pdf


@pytest.mark.parametrize("kit", KITS, ids=[_id(k) for k in KITS])
def test_every_back_lands_on_its_front_after_following_the_calibration_sheet(
        kit: tuple[str, str | None]) -> None:
    _check_kit(*kit, None)


@pytest.mark.parametrize("name", [*GAMES, *EXAMPLES], ids=lambda n: Path(n).stem)
def test_a_driver_that_turns_landscape_pages_the_other_way(name: str) -> None:
    """Whichever way a driver turns a landscape page, sheets of the calibration sheet's
    orientation come out right: the turn is read off the sheet and undone alike."""
    _check_kit(name, None, None, ("cw",))


@pytest.mark.parametrize("name", [*GAMES, *EXAMPLES], ids=lambda n: Path(n).stem)
def test_short_edge_duplex_too(name: str) -> None:
    _check_kit(name, None, "short")


def test_the_landscape_kits_calibrate_on_a_landscape_sheet() -> None:
    """White Star's cards lie on landscape A4: a portrait calibration sheet read its
    reading along the wrong axis (2 mm became 2.8 mm off)."""
    kit = _prepared("white-star", None, None)
    files = _two_sided(kit, "0,0")
    front = read_pdf(files["calibration.pdf"])[0]
    cards = read_pdf(files["cards.pdf"])[0]
    assert not front.portrait and not cards.portrait
    assert "landscape A4" in front.text


# --- imposed booklets ----------------------------------------------------------------------

def _numbered(count: int) -> bytes:
    """A reading-order PDF of ``count`` A5 pages."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(A5.width, A5.height), invariant=1)
    for number in range(1, count + 1):
        canvas.drawString(72, 72, f"page {number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _expected(count: int) -> list[Leaf | None]:
    padded = -(-count // 4) * 4
    return [Leaf(n, True) if n <= count else None for n in range(1, padded + 1)]


def _read(imposed: bytes) -> tuple[str, list[Leaf | None]]:
    sides = read_pdf(imposed)
    flips = {side.flip() for side in sides}
    assert len(flips) == 1, flips
    flip = flips.pop()
    return flip, read_booklet(sides, flip)


@pytest.mark.parametrize("duplex, flip", [("long", "long"), ("short", "short"),
                                          ("none", "long")])
@pytest.mark.parametrize("count", [1, 4, 5, 8, 11, 20])
def test_the_imposed_booklet_follows_duplex_and_reads_in_order_upright(
        count: int, duplex: str, flip: str) -> None:
    imposed = imposed_pdf(_numbered(count), page=A5, sheet=PAPERS["a4"].landscape(),
                          title="T", duplex=duplex)
    stated, leaves = _read(imposed)
    assert stated == flip
    assert leaves == _expected(count)
    # turned over the other edge, the backs (blank for a single page) come out upside down
    other = "short" if flip == "long" else "long"
    wrong = read_booklet(read_pdf(imposed), other)
    assert any(leaf is not None and not leaf.upright for leaf in wrong) == (count > 1)


def test_long_and_short_imposition_differ_only_in_the_backs() -> None:
    reading = _numbered(8)
    sheet = PAPERS["a4"].landscape()
    long_pages = read_pdf(imposed_pdf(reading, page=A5, sheet=sheet, title="T"))
    short_pages = read_pdf(imposed_pdf(reading, page=A5, sheet=sheet, title="T",
                                       duplex="short"))
    for index, (one, other) in enumerate(zip(long_pages, short_pages, strict=True)):
        turns = {p.turn for p in one.placed if p.name.startswith("Page")}
        assert turns == ({0} if index % 2 == 0 else {180})
        assert {p.turn for p in other.placed if p.name.startswith("Page")} == {0}


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_booklets_fold_in_order_upright(name: str) -> None:
    kit = _prepared(name, None, None)
    assert kit.booklet is not None
    files = booklet_files(kit.booklet, kit.plan.paper, kit.plan.duplex)
    flip, leaves = _read(files.imposed)
    assert flip == kit.plan.duplex == "long"
    assert leaves == _expected(files.pages)


def test_the_readme_says_what_the_sheets_say() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "long-edge duplex" in readme
    assert "`booklet-imposed.pdf`" in readme and "`--duplex short`" in readme
    assert "turns with the page" in readme
