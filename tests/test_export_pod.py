"""``printkit export pod``: each service's files at its picture size, bleed and resolution,
named and ordered as it asks, a located warning where the game's safe margin is narrower
than the service's safe zone, clear errors for a deck of another size and for an unknown
service, and the same bytes twice."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path
from typing import Any, cast

import pypdf
import pytest
from PIL import Image

from printkit.cli import Exit
from printkit.export.pod import export_pod
from printkit.export.services import SERVICES, service
from tests.conftest import DATA, ROOT, Run

POKER_PIXELS = (825, 1125)
"""2.75 x 3.75 in at 300 dpi: a poker card with 1/8 in of bleed on each side."""


def _at(deck: str, text: str) -> str:
    """``decks/DECK.yaml:LINE:COLUMN`` of the first line holding ``text`` (the value's
    column), so the test follows the definition when it is edited."""
    lines = (ROOT / "decks" / f"{deck}.yaml").read_text().splitlines()
    number, line = next((n, line) for n, line in enumerate(lines, 1) if text in line)
    return f"decks/{deck}.yaml:{number}:{line.index(text) + len(text) + 2}"


def _phys(png: bytes) -> tuple[int, int, int]:
    """The pHYs chunk's pixels per unit across and down, and its unit (1: metre)."""
    at = png.index(b"pHYs")
    across, down, unit = struct.unpack(">IIB", png[at + 4:at + 13])
    return across, down, unit


@pytest.fixture(scope="module")
def crafter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export_pod("white-star", service("thegamecrafter"),
                      output_root=tmp_path_factory.mktemp("tgc")).result.folder


def test_the_game_crafter_files_are_poker_pictures_with_bleed(crafter: Path) -> None:
    assert crafter.name == "white-star--pod-thegamecrafter"
    fronts = sorted(p.name for p in (crafter / "cards" / "fronts").iterdir())
    assert len(fronts) == 44  # White Star's different faces (the aid is one, shown 4 times)
    assert fronts[0] == "001-KX.png" and fronts[-1] == "044-player-aid.png"
    backs = [crafter / "cards" / "back.png", crafter / "cards" / "backs" / "aid.png"]
    for path in [crafter / "cards" / "fronts" / fronts[0], *backs]:
        with Image.open(path) as image:
            assert image.size == POKER_PIXELS and image.mode == "RGB"
        assert _phys(path.read_bytes()) == (11811, 11811, 1)  # 300 dpi in pixels a metre
    readme = (crafter / "README.txt").read_text()
    assert "cards/fronts/044-player-aid.png  x4  behind it: cards/backs/aid.png" in readme
    assert "cards/fronts/001-KX.png  x1  behind it: cards/back.png" in readme
    assert "825 x 1125 pixels" in readme


def test_a_landscape_deck_gets_wide_pictures(tmp_path: Path) -> None:
    folder = export_pod("stars-and-bars", service("thegamecrafter"),
                        output_root=tmp_path).result.folder
    with Image.open(folder / "cards" / "back.png") as image:
        assert image.size == (1125, 825)
    for name, pdf, pixels in (("drivethrucards", "cards.pdf", (1125, 825)),
                              ("mbprint", "stars-and-bars-cards_63.5x89.pdf", (1122, 821))):
        folder = export_pod("stars-and-bars", service(name), output_root=tmp_path).result.folder
        page = pypdf.PdfReader(folder / pdf).pages[0]
        resources: Any = page["/Resources"]
        (image,) = [value.get_object() for value in resources["/XObject"].values()]
        assert (image["/Width"], image["/Height"]) == pixels
        # the page is the picture at 300 dpi
        assert (round(float(page.mediabox.width) * 300 / 72),
                round(float(page.mediabox.height) * 300 / 72)) == pixels


def test_drivethrucards_gets_one_cmyk_pdf_x1a_back_then_face(tmp_path: Path) -> None:
    done = export_pod("white-star", service("drivethrucards"), output_root=tmp_path)
    names = sorted(path.name for path in done.result.files)
    assert names == ["README.txt", "cards.pdf"]
    path = done.result.folder / "cards.pdf"
    assert path.read_bytes().startswith(b"%PDF-1.4\n")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2 * 47  # every card, copies included, back then face
    trailer: Any = reader.trailer
    info = trailer["/Info"]
    assert info["/GTS_PDFXVersion"] == info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False" and info["/Title"] == "Stars (White Star)"
    assert len(trailer["/ID"]) == 2
    (intent,) = trailer["/Root"]["/OutputIntents"]
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert intent["/RegistryName"] == "http://www.color.org"
    inks: list[int] = []
    for index in (0, 1):
        page = reader.pages[index]
        assert [round(v) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
        assert [round(v) for v in page.bleedbox] == [0, 0, 198, 270]
        assert [round(v) for v in page.trimbox] == [9, 9, 189, 261]  # 1/8 in inside
        resources: Any = page["/Resources"]
        (image,) = [value.get_object() for value in resources["/XObject"].values()]
        assert image["/ColorSpace"] == "/DeviceCMYK" and image["/BitsPerComponent"] == 8
        assert (image["/Width"], image["/Height"]) == POKER_PIXELS  # 300 dpi
        data = image.get_data()
        assert len(data) == 4 * 825 * 1125
        inks.append(max(sum(data[at:at + 4]) for at in range(0, len(data), 4 * 7)))
    assert max(inks) <= 2.4 * 255  # the service's ink limit
    assert inks[0] > 255  # the dark back is printed with more than black alone
    pages = [cast(Any, reader.pages[index]["/Resources"])["/XObject"].raw_get("/Im0").idnum
             for index in (0, 1, 2)]
    assert pages[0] == pages[2] != pages[1]  # pages 1 and 3: the deck's back, stored once
    readme = (done.result.folder / "README.txt").read_text()
    assert "page 1 is the back of card 1" in readme and "CMYK PDF/X-1a:2003" in readme


MB_PIXELS = (821, 1122)
"""69.5 x 95 mm at 300 dpi: MB PRINT's 63.5 x 89 mm card with 3 mm of bleed on each side."""


def test_mb_print_gets_one_rgb_pdf_per_format_face_then_back(tmp_path: Path) -> None:
    done = export_pod("white-star", service("mbprint"), output_root=tmp_path)
    assert done.result.folder.name == "white-star--pod-mbprint"
    names = sorted(path.name for path in done.result.files)
    assert names == ["README.txt", "white-star-cards_63.5x89.pdf"]  # NAME_WxH.pdf
    reader = pypdf.PdfReader(done.result.folder / names[1])
    assert len(reader.pages) == 2 * 47
    trailer: Any = reader.trailer
    assert "/GTS_PDFXVersion" not in trailer["/Info"]  # RGB: not marked PDF/X
    assert "/OutputIntents" not in trailer["/Root"]
    page = reader.pages[0]
    assert [round(v * 25.4 / 72, 1) for v in page.trimbox] == [3.0, 3.0, 66.5, 92.0]
    pictures = []
    for index in (0, 1, 3):
        resources: Any = reader.pages[index]["/Resources"]
        reference = resources["/XObject"].raw_get("/Im0")
        image = reference.get_object()
        assert image["/ColorSpace"] == "/DeviceRGB"
        assert (image["/Width"], image["/Height"]) == MB_PIXELS
        pictures.append(reference.idnum)
    # page 1 is the first card's face, pages 2 and 4 the deck's back
    assert pictures[1] == pictures[2] != pictures[0]
    readme = (done.result.folder / "README.txt").read_text()
    assert "page 1 is the face of card 1, page 2 its back" in readme
    assert "3 mm of bleed" in readme and "4 mm inside it" in readme


def test_mb_print_warns_of_its_4_mm_safe_zone_and_refuses_a_square_deck(
        run_cli: Run, tmp_path: Path) -> None:
    narrow = run_cli("export", "pod", "white-star", "--service", "mbprint",
                     "--set", "card.safe_margin=3.5mm", "-o", str(tmp_path / "a"))
    assert narrow.status == Exit.OK
    assert "safe_margin is 3.5 mm, less than MB PRINT's safe zone of 4 mm" in narrow.err
    square = run_cli("export", "pod", "stars-and-stripes", "--service", "mbprint",
                     "-o", str(tmp_path / "b"))
    assert square.status == Exit.INPUT
    assert f"{_at('stars-and-stripes', '  size:')}: error:" in square.err
    assert "MB PRINT prints poker (63.5 x 89 mm)" in square.err
    assert not (tmp_path / "b").exists() or not list((tmp_path / "b").iterdir())


def test_safe_margin_narrower_than_the_safe_zone_is_a_located_warning(
        run_cli: Run, tmp_path: Path) -> None:
    narrow = run_cli("export", "pod", "white-star", "--service", "thegamecrafter",
                     "-o", str(tmp_path))
    assert narrow.status == Exit.OK
    assert f"{_at('white-star', 'safe_margin:')}: warning: Stars (White Star): " \
        "safe_margin is 3 mm" in narrow.err
    assert "3.175 mm" in narrow.err
    wide = run_cli("export", "pod", "white-star", "--service", "thegamecrafter",
                   "--set", "card.safe_margin=4mm", "-o", str(tmp_path))
    assert wide.status == Exit.OK and "warning" not in wide.err


def test_a_deck_of_another_size_is_refused_with_both_sizes(run_cli: Run,
                                                           tmp_path: Path) -> None:
    result = run_cli("export", "pod", "stars-and-stripes", "--service", "drivethrucards",
                     "-o", str(tmp_path))
    assert result.status == Exit.INPUT
    assert f"{_at('stars-and-stripes', '  size:')}: error:" in result.err
    assert "63.5 x 63.5 mm" in result.err and "poker (2.5 x 3.5 in)" in result.err
    assert "Traceback" not in result.err
    assert not list(tmp_path.iterdir())  # nothing written


def test_an_unknown_service_lists_the_known_ones(run_cli: Run, tmp_path: Path) -> None:
    result = run_cli("export", "pod", "white-star", "--service", "gamecrafter",
                     "-o", str(tmp_path))
    assert result.status == Exit.USAGE
    assert "did you mean 'thegamecrafter'?" in result.err
    for name in SERVICES:
        assert name in result.err
    assert not list(tmp_path.iterdir())


def test_the_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    for name in SERVICES:
        first = export_pod("white-star", service(name), output_root=tmp_path / "a").result
        second = export_pod("white-star", service(name), output_root=tmp_path / "b").result
        assert len(first.files) == len(second.files) > 1
        for one, two in zip(first.files, second.files, strict=True):
            assert one.relative_to(first.folder) == two.relative_to(second.folder)
            assert one.read_bytes() == two.read_bytes(), one


def test_the_picture_limits_of_export_png_apply(run_cli: Run, tmp_path: Path) -> None:
    result = run_cli("export", "pod", "white-star", "--service", "thegamecrafter",
                     "--limit", "png-pixels=900000", "-o", str(tmp_path))
    assert result.status == Exit.INPUT
    assert "png-pixels" in result.err and "825 x 1125 = 928125 pixels" in result.err
    assert not list(tmp_path.iterdir())


def test_a_cards_component_gets_its_own_folder_and_its_own_warning(
        run_cli: Run, tmp_path: Path) -> None:
    folder = tmp_path / "skirmish"
    shutil.copytree(DATA / "components", folder)
    definition = folder / "skirmish.yaml"
    text = definition.read_text()
    assert "    size: tarot\n" in text
    definition.write_text(text.replace("    size: tarot\n",
                                       "    size: poker\n    safe_margin: 2mm\n"))
    result = run_cli("export", "pod", str(definition), "--service", "thegamecrafter",
                     "-o", str(tmp_path / "out"))
    assert result.status == Exit.OK, result.err
    lines = definition.read_text().splitlines()
    line = lines.index("    safe_margin: 2mm") + 1
    assert f"skirmish.yaml:{line}:18: warning: Skirmish, events: safe_margin is 2 mm" \
        in result.err
    export = tmp_path / "out" / "skirmish--pod-thegamecrafter"
    events = sorted(p.name for p in (export / "events" / "fronts").iterdir())
    assert events and all(name.endswith(".png") for name in events)
    with Image.open(export / "events" / "back.png") as image:
        assert image.size == POKER_PIXELS
    assert any((export / "cards" / "fronts").iterdir())  # the main deck beside it
    mb = run_cli("export", "pod", str(definition), "--service", "mbprint",
                 "-o", str(tmp_path / "out"))
    assert mb.status == Exit.OK, mb.err
    pdfs = sorted(path.name for path in (tmp_path / "out" / "skirmish--pod-mbprint").iterdir())
    assert pdfs == ["README.txt", "skirmish-cards_63.5x89.pdf", "skirmish-events_63.5x89.pdf"]
