"""``printkit export png``: one image per unique face, back and token side with bleed, the
board as the pages of its tiled PDF and as a whole, at the chosen resolution; the pictures
agree with what the kit's PDFs print (rendered here by poppler, another rasteriser), and the
same input gives the same bytes."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from printkit.cli import Exit
from printkit.export.png import export_png
from tests.conftest import DATA, ROOT, Run

DPI = 100


def _px(mm: float, dpi: float = DPI) -> int:
    return math.ceil(mm / 25.4 * dpi - 1e-9)


@pytest.fixture(scope="module")
def stars(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export_png("stars-and-stripes", output_root=tmp_path_factory.mktemp("png"),
                      dpi=DPI).folder


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit's own print-shop cards and tiled board, built by ``printkit build``."""
    out = tmp_path_factory.mktemp("kit")
    subprocess.run(["printkit", "build", "stars-and-stripes", "--sheets", "print-shop",
                    "-o", str(out), "-q"], check=True, timeout=300)
    return out / "stars-and-stripes--sheets-print-shop"


def _poppler(pdf: Path, page: int, tmp: Path) -> Image.Image:
    prefix = tmp / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(prefix)], check=True, timeout=120)
    return Image.open(f"{prefix}.png").convert("RGB")


def _difference(ours: Image.Image, theirs: Image.Image) -> float:
    """Mean difference per channel (0..255) once both are the same size."""
    theirs = theirs.resize(ours.size)
    return sum(ImageStat.Stat(ImageChops.difference(ours.convert("RGB"), theirs)).mean) / 3


def test_one_image_per_face_and_back_and_board_page(stars: Path) -> None:
    assert stars.name == f"stars-and-stripes--png-{DPI}dpi"
    cards = sorted(p.name for p in (stars / "cards").iterdir())
    assert len(cards) == 38 + 1 and "back.png" in cards and "trump.png" in cards
    board = sorted(p.name for p in (stars / "board").iterdir())
    assert board[:2] == ["assembly.png", "tile-A1.png"] and "whole.png" in board
    assert len([name for name in board if name.startswith("tile-")]) == 8
    for name in cards:
        image = Image.open(stars / "cards" / name)
        # a 63.5 mm square card with 3 mm of bleed on every side
        assert image.size == (_px(69.5), _px(69.5)) and image.mode == "RGB"
    whole = Image.open(stars / "board" / "whole.png")
    # 484 x 498 mm, give or take the millimetre the board's summary rounds to
    assert abs(whole.width - _px(484)) <= 3 and abs(whole.height - _px(498)) <= 3
    assert Image.open(stars / "board" / "tile-A1.png").size == (_px(297), _px(210))


def test_images_show_what_the_pdfs_print(stars: Path, printed: Path, tmp_path: Path) -> None:
    shop = printed / "cards-printshop.pdf"
    first_face = _poppler(shop, 1, tmp_path)
    back = _poppler(shop, 2, tmp_path)
    ours = Image.open(stars / "cards" / "1-stars-1-stripes.png")
    assert _difference(ours, first_face) < 4
    assert _difference(Image.open(stars / "cards" / "back.png"), back) < 4
    assert _difference(ours, back) > 20  # and the comparison does tell pictures apart
    tile = _poppler(printed / "board.pdf", 2, tmp_path)
    assert _difference(Image.open(stars / "board" / "tile-A1.png"), tile) < 4
    assembly = _poppler(printed / "board.pdf", 1, tmp_path)
    assert _difference(Image.open(stars / "board" / "assembly.png"), assembly) < 4


def test_the_same_export_gives_the_same_bytes(tmp_path: Path, run_cli: Run) -> None:
    for name in ("one", "two"):
        result = run_cli("export", "png", "stars-and-stripes", "--dpi", "60", "-o",
                         str(tmp_path / name))
        assert result.status == 0, result.err
    one, two = (tmp_path / name / "stars-and-stripes--png-60dpi" for name in ("one", "two"))
    files = sorted(str(p.relative_to(one)) for p in one.rglob("*.png"))
    assert len(files) == 39 + 10
    for name in files:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_default_resolution_and_print_options(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli("export", "png", "stars-and-stripes", "-o", str(tmp_path))
    assert result.status == 0 and "300 dpi" in result.out
    card = Image.open(tmp_path / "stars-and-stripes--png-300dpi" / "cards" / "back.png")
    assert card.size == (821, 821)  # 69.5 mm at 300 dpi
    result = run_cli("export", "png", "stars-and-stripes", "--dpi", "50", "--bleed", "0",
                     "--paper", "letter", "-o", str(tmp_path))
    assert result.status == 0, result.err
    folder = tmp_path / "stars-and-stripes--png-50dpi--paper-letter--bleed-0"
    assert Image.open(folder / "cards" / "back.png").size == (_px(63.5, 50), _px(63.5, 50))
    tiles = [Image.open(p).size for p in (folder / "board").glob("tile-*.png")]
    assert tiles and set(tiles) <= {(550, 425), (425, 550)}  # US Letter at 50 dpi


def test_tokens_components_and_plain_boards(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli("export", "png", str(DATA / "components" / "skirmish.yaml"), "--dpi",
                     str(DPI), "-o", str(tmp_path))
    assert result.status == 0, result.err
    folder = tmp_path / f"skirmish--png-{DPI}dpi"
    names = {str(p.relative_to(folder)) for p in folder.rglob("*.png")}
    assert {"cards/backs/unit.png", "cards/backs/order.png", "events/back.png",
            "counters/front/Guard.png", "counters/back/Guard.png", "coins/back/coin-back.png",
            "chits/back.png", "map/whole.png", "map/tile-B1.png", "track/tile-A1.png"} <= names
    assert "track/assembly.png" not in names  # the track fits one sheet: nothing to join
    assert len([n for n in names if n.startswith("counters/")]) == 8
    coin = Image.open(folder / "coins" / "front" / "coin-1.png")
    assert coin.size == (_px(20 + 6), _px(20 + 6))  # 20 mm across, bleed all round


def test_bad_resolution_and_limits_write_nothing(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli("export", "png", "stars-and-stripes", "--dpi", "10", "-o", str(tmp_path))
    assert result.status == Exit.USAGE and "--dpi 10" in result.err
    result = run_cli("export", "png", "stars-and-stripes", "--dpi", "1200", "-o",
                     str(tmp_path), "--limit", "output=50000000", "--limit",
                     "png-pixels=1000000000")
    assert result.status == Exit.INPUT
    assert "the whole board at 1200 dpi would be" in result.err and "--limit output" in result.err
    result = run_cli("export", "png", "stars-and-stripes", "--dpi", "50", "--paper",
                     "2000mm x 2000mm", "-o", str(tmp_path), "--limit", "output=40000000",
                     "--limit", "paper-area=4000000")
    assert result.status == Exit.INPUT and "a sheet of 2000mm x 2000mm" in result.err
    result = run_cli("export", "png", str(ROOT / "sample-games" / "standard-deck" /
                                          "standard-deck.yaml"), "--dpi", "50", "-o",
                     str(tmp_path), "--limit", "output=100000")
    assert result.status == Exit.INPUT and "the export is" in result.err
    assert not list(tmp_path.iterdir())


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks of a PNG file in order (type, data), read from the bytes themselves."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        found.append((data[at + 4:at + 8], data[at + 8:at + 8 + size]))
        at += 12 + size
    return found


def test_every_image_says_its_resolution_and_colour_space(stars: Path) -> None:
    """A print service reads each image at the export's dpi (pHYs, pixels per metre) and as
    sRGB (an sRGB chunk, with gAMA and cHRM for older readers), all before the pixels."""
    metre = round(DPI / 0.0254)
    images = sorted(stars.rglob("*.png"))
    assert len(images) > 40
    for path in images:
        chunks = _chunks(path.read_bytes())
        names = [name for name, _ in chunks]
        first_pixels = names.index(b"IDAT")
        assert {b"pHYs", b"sRGB", b"gAMA", b"cHRM"} <= set(names[:first_pixels]), path
        physical = dict(chunks)[b"pHYs"]
        assert physical == metre.to_bytes(4, "big") * 2 + b"\x01", path  # 1: the metre
        assert dict(chunks)[b"sRGB"] == b"\x00"
        assert not {b"tEXt", b"iTXt", b"zTXt", b"tIME"} & set(names)  # nothing that varies
        with Image.open(path) as image:
            assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.01)


def test_the_pixels_of_a_whole_export_are_counted_before_drawing(tmp_path: Path,
                                                                  run_cli: Run) -> None:
    """png-pixels-total bounds all the pictures of an export together (its time grows
    with them), and the sum checked before drawing is the sum of what is drawn."""
    result = run_cli("export", "png", "star-battle", "--dpi", "50", "-o",
                     str(tmp_path / "all"))
    assert result.status == Exit.OK, result.err
    drawn = 0
    for path in (tmp_path / "all").rglob("*.png"):
        with Image.open(path) as image:
            drawn += image.size[0] * image.size[1]
    result = run_cli("export", "png", "star-battle", "--dpi", "50", "-o",
                     str(tmp_path / "just"), "--limit", f"png-pixels-total={drawn}")
    assert result.status == Exit.OK, result.err
    result = run_cli("export", "png", "star-battle", "--dpi", "50", "-o",
                     str(tmp_path / "over"), "--limit", f"png-pixels-total={drawn - 1}")
    assert result.status == Exit.INPUT
    assert f"would have {drawn} pixels together" in result.err
    assert "--limit png-pixels-total=N" in result.err
    assert not (tmp_path / "over").exists() or not list((tmp_path / "over").iterdir())
