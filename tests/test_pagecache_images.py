"""Faces with PNG or JPEG images in PDFs: printkit's own reader (printkit/pdf/svgpdf.py)
draws the image, stretched or clipped to the box it covers, to the pixels svglib drew, so
such a face is kept as a recipe too (printkit/pdf/formcache.py) and a one-card edit of a
deck of pictures reads that card's SVG alone."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageChops

from printkit import cache
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.pdf import formcache, pdfcanvas, rasterpdf, svgpdf
from printkit.pdf.svgpdf import Raster
from printkit.render import picturemarks
from tests.test_content_support import write


def _png() -> bytes:
    """A red picture, half-transparent blue along a diagonal (so a flip or shift shows)."""
    image = Image.new("RGBA", (40, 20), (200, 30, 30, 255))
    for step in range(20):
        image.putpixel((step, step), (0, 0, 255, 128))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


HREF = f"data:image/png;base64,{base64.b64encode(_png()).decode()}"


def _face(image: str, clip: str = '<clipPath id="pk-clip-1"><rect x="5" y="40" '
          'width="20" height="20"/></clipPath>') -> str:
    """A card face: a stretched image, and ``image`` (by default clipped by ``clip``)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            ' width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9">'
            '<rect x="0" y="0" width="63.5" height="88.9" fill="#eeeeee"/>'
            f'<image x="5" y="5" width="40" height="20" preserveAspectRatio="none" '
            f'xlink:href="{HREF}"/>{clip}{image}'
            '<text x="5" y="80" font-family="Vera" font-size="5">Ærø</text></svg>')


COVERED = (f'<g clip-path="url(#pk-clip-1)"><image x="-5" y="40" width="40" height="20" '
           f'preserveAspectRatio="none" xlink:href="{HREF}"/></g>')


def _document(svg: str, *, svglib: bool = False) -> bytes:
    """A page with the face placed once, read by svgpdf (or, with ``svglib``, by svglib)."""
    pdfcanvas.clear_caches()
    buffer = io.BytesIO()
    canvas = pdfcanvas.new_canvas(buffer, (200, 260), title="pictures")
    if svglib:
        canvas.beginForm("face", 0, 0, 180, 252)
        rasterpdf.draw(pdfcanvas.parsed_svg(rasterpdf.lift(svg)[0]), canvas)
        canvas.endForm()
    else:
        pdfcanvas.store_form(canvas, "face", svg)
    canvas.doForm("face")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _pixels(data: bytes) -> Image.Image:
    document = pypdfium2.PdfDocument(data)
    try:
        image: Image.Image = document[0].render(scale=3).to_pil().convert("RGB")
        return image
    finally:
        document.close()


def test_a_stretched_and_a_covered_image_are_read_and_drawn_as_svglib_drew_them() -> None:
    svg = _face(COVERED)
    lifted, _ = rasterpdf.lift(svg)
    picture = svgpdf.read(lifted)
    assert picture is not None
    rasters = [step for step in picture.steps if isinstance(step, Raster)]
    assert [(r.x, r.y, r.width, r.height) for r in rasters] == [(5, 5, 40, 20), (-5, 40, 40, 20)]
    assert len({r.digest for r in rasters}) == 1  # one image, stored once in a document
    assert any(" W n" in step for step in picture.steps if isinstance(step, str))
    ours, theirs = _pixels(_document(svg)), _pixels(_document(svg, svglib=True))
    assert ImageChops.difference(ours, theirs).getbbox() is None
    red = ours.getpixel(((30 * 3), (40 * 3)))  # inside the stretched picture
    assert isinstance(red, tuple) and red[0] > 150 > red[1]


@pytest.mark.parametrize("image, clip", [
    (COVERED.replace('"none"', '"xMidYMid slice"'), None),  # a fit svgpdf does not make
    (COVERED.replace("pk-clip-1", "elsewhere"), None),  # a clip not defined before
    (COVERED, '<clipPath id="pk-clip-1"><circle cx="5" cy="5" r="3"/></clipPath>'),
    (COVERED.replace("xlink:href", "href").replace(HREF, "https://example.org/a.png"), None),
])
def test_what_svgpdf_does_not_draw_is_left_to_svglib(image: str, clip: str | None) -> None:
    svg = _face(image) if clip is None else _face(image, clip)
    assert svgpdf.read(rasterpdf.lift(svg)[0]) is None
    assert _document(svg)  # svglib draws it


def test_a_recipe_with_images_replays_to_the_same_bytes(tmp_path: Path) -> None:
    svg = _face(COVERED)
    before = formcache.CONVERTED
    with cache.session(tmp_path / "cache"):
        kept = _document(svg)  # _document forgets what the process read, each time
        again = _document(svg)
    assert formcache.CONVERTED - before == 1
    assert kept == again == _document(svg)


TABLE = "name,picture\nSpark,red.png\nFrost,blue.png\nLeaf,blue.png\nBolt,red.png\n"
BODY = """\
layouts:
  plain:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
    - {type: image, src: "{picture}", x: 5mm, y: 20mm, width: 30mm, height: 20mm, fit: cover}
    - {type: image, src: "{picture}", x: 5mm, y: 45mm, width: 30mm, height: 20mm}
faces:
  - {id: a, kind: layout, layout: plain, data: cards.csv}
"""


def _solid(colour: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (600, 300), colour).save(buffer, "PNG")
    return buffer.getvalue()


def _build(definition: Path, output: Path, *, use_cache: bool = True) -> dict[str, bytes]:
    pdfcanvas.clear_caches()
    picturemarks.clear()
    result = build_game(str(definition), output_root=output, options=BuildOptions(),
                        use_cache=use_cache)
    return {path.relative_to(result.folder).as_posix(): path.read_bytes()
            for path in result.files}


def test_a_one_card_edit_of_a_deck_of_pictures_reads_that_card_alone(tmp_path: Path) -> None:
    definition = write(tmp_path / "game", BODY, {
        "cards.csv": TABLE, "red.png": _solid((200, 30, 30)), "blue.png": _solid((30, 30, 200))})
    before = formcache.CONVERTED
    _build(definition, tmp_path / "first")
    full = formcache.CONVERTED - before
    assert full >= 5  # four faces and a back at least
    (definition.parent / "cards.csv").write_text(TABLE.replace("Frost,", "Frost Bite,"))
    before = formcache.CONVERTED
    edited = _build(definition, tmp_path / "edited")
    assert formcache.CONVERTED - before == 1
    before = formcache.CONVERTED
    assert edited == _build(definition, tmp_path / "bare", use_cache=False)
    assert formcache.CONVERTED - before == full
