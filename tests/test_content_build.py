"""Whole builds of definitions made of layouts and data: the small poker deck under
tests/data/content, fonts embedded, images placed, the same bytes every time, and check
refusing what build refuses."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from printkit.commands.schema import json_schema
from printkit.render.elements import ImageResolutionWarning
from tests.conftest import DATA, Run
from tests.test_content_support import load, problems, write

POKER = DATA / "content" / "poker" / "poker.yaml"
KIT = "content-test--sheets-print-shop"


def _pdffonts(pdf: Path) -> list[tuple[str, str]]:
    """(font name without subset prefix, embedded yes/no) of every font of a PDF."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                         check=True).stdout.splitlines()[2:]
    return [(line.split()[0].split("+")[-1], line.split()[-5]) for line in out]


def _pdftext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_the_poker_deck_loads_with_its_counts() -> None:
    definition = load(POKER)
    assert len(definition.faces) == 57
    assert definition.card_count == 58
    keys = {f.key for f in definition.faces}
    assert {"A-spades", "10-hearts", "K-clubs", "joker-red", "rule-1", "rule-3"} <= keys


def test_the_poker_deck_builds_with_embedded_fonts_and_the_same_bytes(
        run_cli: Run, tmp_path: Path) -> None:
    first = run_cli("-q", "build", str(POKER), "-o", str(tmp_path / "a"))
    second = run_cli("-q", "build", str(POKER), "-o", str(tmp_path / "b"))
    assert first.status == second.status == 0, first.err
    kit_a, kit_b = tmp_path / "a" / "poker-test", tmp_path / "b" / "poker-test"
    for name in ("cards.pdf", "cards-printshop.pdf", "svg/rule-3.svg"):
        assert (kit_a / name).read_bytes() == (kit_b / name).read_bytes()
    fonts = _pdffonts(kit_a / "cards.pdf")
    names = {name for name, _ in fonts}
    assert {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"} <= names
    assert all(embedded == "yes" for _, embedded in fonts)
    text = _pdftext(kit_a / "cards.pdf")
    for words in ("JOKER", "Royal Decree", "rule 3 of 3", "\u2660", "\u2665", "King"):
        assert words in text
    assert "Long Winter" in text and "spring." in text  # the long text shrank, none lost


def test_check_refuses_text_that_does_not_fit_naming_the_cell(run_cli: Run,
                                                               tmp_path: Path) -> None:
    folder = tmp_path / "poker"
    folder.mkdir()
    for source in POKER.parent.rglob("*"):
        target = folder / source.relative_to(POKER.parent)
        if source.is_dir():
            target.mkdir(exist_ok=True)
        else:
            target.write_bytes(source.read_bytes())
    rules = folder / "rules.csv"
    rules.write_text(rules.read_text() + "Endless,\"" + "word " * 400 + "\",1,1\n"
                     + "Boundless,\"" + "more " * 400 + "\",1,1\n")
    result = run_cli("check", str(folder / "poker.yaml"))
    assert result.status == 1
    for row, card in ((5, "rule-4"), (6, "rule-5")):  # every card's problem, not the first
        assert f"{folder / 'rules.csv'}:{row}:" in result.err
        assert f"error: card {card!r}: the text of field 'text' does not fit its box: " \
            in result.err
    assert "even at 7pt" in result.err


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 40, 40)).save(buffer, "PNG")
    return buffer.getvalue()


ART = """\
layouts:
  art:
    - {type: image, src: "art/{picture}", x: 10mm, y: 10mm, width: 20mm, height: 20mm,
       fit: FIT}
faces:
  - {id: a, kind: layout, layout: art, data: [{picture: PICTURE}]}
"""
VECTOR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
          '<rect width="40" height="20" fill="#3366aa"/></svg>')


def _images(pdf: Path) -> list[tuple[int, int]]:
    """Width and height of every raster image drawn anywhere in a PDF (image objects, and
    images written inline in the forms that hold card faces)."""
    found: list[tuple[int, int]] = []

    def walk(resources: Any) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            item = ref.get_object()
            if item["/Subtype"] == "/Image":
                found.append((int(item["/Width"]), int(item["/Height"])))
            elif "/Resources" in item:
                found.extend((int(w), int(h)) for w, h in re.findall(
                    rb"\bBI /W (\d+) /H (\d+)", item.get_data()))
                walk(item["/Resources"])

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def test_svg_images_stay_vector(run_cli: Run, tmp_path: Path) -> None:
    body = ART.replace("FIT", "contain").replace("PICTURE", "wide.svg")
    path = write(tmp_path, body, {"art/wide.svg": VECTOR})
    result = run_cli("-q", "build", str(path), "-o", str(tmp_path / "out"),
                     "--sheets", "print-shop")
    assert result.status == 0, result.err
    pdf = tmp_path / "out" / KIT / "cards-printshop.pdf"
    assert _images(pdf) == []
    svg = (tmp_path / "out" / KIT / "svg" / "a.svg").read_text()
    assert '<rect width="40" height="20" fill="#3366aa"/>' in svg
    assert "translate(10 15) scale(0.5)" in svg  # 20 mm wide, centred in its box


def test_raster_images_are_placed_at_their_resolution_with_a_warning_under_300_dpi(
        run_cli: Run, tmp_path: Path) -> None:
    body = ART.replace("FIT", "cover").replace("PICTURE", "low.png")
    path = write(tmp_path, body, {"art/low.png": _png(120, 60)})
    with pytest.warns(ImageResolutionWarning) as caught:
        result = run_cli("-q", "build", str(path), "-o", str(tmp_path / "out"),
                         "--sheets", "print-shop")
    assert result.status == 0, result.err
    [warning] = caught
    assert warning.filename == str(path) and warning.lineno == 11  # where low.png is named
    assert str(warning.message) == (
        f"card 'a': {tmp_path}/art/low.png (120 x 60 pixels) prints at 76 dpi at 40.0 x "
        "20.0 mm, under the 300 dpi print needs: use an image of at least 473 x 237 pixels")
    pdf = tmp_path / "out" / KIT / "cards-printshop.pdf"
    assert _images(pdf) == [(120, 60)]
    svg = (tmp_path / "out" / KIT / "svg" / "a.svg").read_text()
    assert 'clip-path="url(#pk-clip-0)"' in svg


def test_the_resolution_warning_is_printed_by_build_and_by_check(tmp_path: Path) -> None:
    body = ART.replace("FIT", "contain").replace("PICTURE", "low.png")
    path = write(tmp_path, body, {"art/low.png": _png(100, 100)})
    for command in (["check", str(path)], ["-q", "build", str(path), "-o", str(tmp_path)]):
        done = subprocess.run([sys.executable, "-c", "import sys; from printkit.cli import "
                               "run; sys.argv[0] = 'printkit'; run()", *command],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert f"{path}:11: ImageResolutionWarning: card 'a': {tmp_path}/art/low.png (100 " \
               "x 100 pixels) prints at 127 dpi" in done.stderr
        assert "  - {id: a, kind: layout, layout: art, data: [{picture: low.png}]}" \
            in done.stderr


def test_sharp_images_give_no_warning(run_cli: Run, tmp_path: Path,
                                      recwarn: pytest.WarningsRecorder) -> None:
    body = ART.replace("FIT", "stretch").replace("PICTURE", "sharp.png")
    path = write(tmp_path, body, {"art/sharp.png": _png(240, 240)})
    result = run_cli("check", str(path))
    assert result.status == 0, result.err
    assert not [w for w in recwarn if issubclass(w.category, ImageResolutionWarning)]


@pytest.mark.parametrize(("name", "data", "message"), [
    ("bad.png", b"not an image", "art/bad.png is damaged or not a PNG or JPEG image"),
    ("art.gif", b"GIF89a", "an image is an .svg, .png or .jpg file"),
    ("none.png", None, "there is no image file 'art/none.png'"),
])
def test_image_problems_point_at_the_card_data(tmp_path: Path, name: str, data: bytes | None,
                                               message: str) -> None:
    body = ART.replace("FIT", "contain").replace("PICTURE", name)
    files: dict[str, str | bytes] = {"art/other.png": _png(2, 2)}
    if data is not None:
        files[f"art/{name}"] = data
    path = write(tmp_path, body, files)
    [(file, line, column, text)] = problems(path)
    assert (file, line) == ("game.yaml", 11)
    assert column == path.read_text().splitlines()[10].index(name) + 1
    assert text.startswith("card 'a': ") and message in text


def test_a_definition_font_is_embedded(run_cli: Run, tmp_path: Path) -> None:
    from printkit.definition.fonts import SHIPPED_FOLDER

    body = """\
fonts:
  House: {regular: fonts/house.ttf}
layouts:
  l:
    - {type: text, text: "Hello house", font: House, width: 40mm, height: 10mm}
faces:
  - {id: h, kind: layout, layout: l}
"""
    house = (SHIPPED_FOLDER / "DejaVuSans-BoldOblique.ttf").read_bytes()
    path = write(tmp_path, body, {"fonts/house.ttf": house})
    result = run_cli("-q", "build", str(path), "-o", str(tmp_path / "out"),
                     "--sheets", "print-shop")
    assert result.status == 0, result.err
    pdf = tmp_path / "out" / KIT / "cards-printshop.pdf"
    assert ("DejaVuSans-BoldOblique", "yes") in _pdffonts(pdf)
    assert "Hello house" in _pdftext(pdf)


def test_the_json_schema_describes_the_content_sections_and_accepts_the_deck() -> None:
    schema = json_schema()
    for key in ("fonts", "icons", "layouts"):
        assert key in schema["properties"]
    face = schema["properties"]["faces"]["items"]["properties"]
    assert {"data", "layout"} <= set(face)
    jsonschema.validate(yaml.safe_load(POKER.read_text()), schema)
    bad = yaml.safe_load(POKER.read_text())
    bad["layouts"]["card"][0]["x"] = 3
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
