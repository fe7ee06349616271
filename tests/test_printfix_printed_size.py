"""The legibility measure (:mod:`tests.legibility`) against the printed page itself.

The measure reads a text's size from the PDF's operators (font size through the text
matrix, every form and the page's transformation).  Here the same lines are rendered at
1200 dpi and the ink they leave is measured: the height from the highest to the lowest
inked pixel of a line must be what its glyphs' outlines give at the measured size.  A
scale the measure missed (a form drawn smaller, a text matrix, a card drawn under its
nominal size) would show as a difference.  The lines are those a reader of the printed
kits found small: Star Battle's player-aid captions, the Stars and Stripes reference card's
body text and the notes beside the cut edges of a tiled board.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from printkit.definition.fonts import shipped_families
from tests.legibility import Run, measure

DPI = 1200
READ_PT = 6.0
FONTS = {"BitstreamVeraSans-Roman": ("Vera", "regular"),
         "BitstreamVeraSans-Bold": ("Vera", "bold"),
         "DejaVuSans": ("DejaVu Sans", "regular"), "DejaVuSans-Bold": ("DejaVu Sans", "bold")}
CASES = [
    ("star-battle", "cards.pdf", "left, right"),
    ("star-battle", "cards.pdf", "up, down"),
    ("stars-and-stripes", "cards.pdf", "eight squares around it."),
    ("stars-and-stripes", "cards.pdf", "nobody else may build next to it."),
    ("stars-and-stripes", "board.pdf", "A1: cut along this edge"),
]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("printed")
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "-q", "star-battle",
                           "stars-and-stripes", "-o", str(root)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return root


@functools.cache
def _outline_extent(font: str, text: str) -> tuple[float, float]:
    """The lowest and highest point (in sizes) of the outlines of ``text``'s glyphs."""
    family, face = FONTS[font]
    found = shipped_families()[family].faces[face]
    ttf = TTFont(os.fspath(found.path))
    glyphs = ttf.getGlyphSet()
    cmap = ttf.getBestCmap()
    table = ttf["glyf"]
    per_em = ttf["head"].unitsPerEm
    low, high = 0.0, 0.0
    for char in text:
        name = cmap.get(ord(char))
        if name is None or name not in glyphs:
            continue
        glyph = table[name]
        if getattr(glyph, "numberOfContours", 0) == 0:
            continue
        glyph.recalcBounds(table)
        low, high = min(low, glyph.yMin / per_em), max(high, glyph.yMax / per_em)
    return low, high


def _inked_height(pdf: Path, run: Run) -> float:
    """The height (points) from the highest to the lowest inked pixel of a horizontal run,
    rendered at :data:`DPI`."""
    document = pdfium.PdfDocument(str(pdf))
    page = document[run.page - 1]
    height = page.get_height()
    scale = DPI / 72
    x0, y0, x1, y1 = run.box
    image = page.render(scale=scale, crop=(x0, y0, page.get_width() - x1, height - y1),
                        grayscale=True).to_pil()
    document.close()
    rows = [r for r in range(image.height)
            if any(image.getpixel((c, r)) < 128 for c in range(image.width))]
    assert rows, f"no ink in {run.text!r}"
    return (rows[-1] - rows[0] + 1) / scale


@pytest.mark.parametrize(("kit", "pdf", "start"), CASES)
def test_the_measured_size_is_the_printed_size(kits: Path, kit: str, pdf: str,
                                               start: str) -> None:
    path = kits / kit / pdf
    runs = [r for r in measure(path).runs if r.text.startswith(start)
            and r.box[2] - r.box[0] > r.box[3] - r.box[1]]  # a line set across the page
    assert runs, f"{start!r} not found in {path}"
    run = runs[0]
    low, high = _outline_extent(run.font, run.text)
    expected = (high - low) * run.size
    inked = _inked_height(path, run)
    assert inked == pytest.approx(expected, rel=0.05, abs=72 / DPI * 1.5), (run.size, inked,
                                                                            expected)
    assert run.size >= READ_PT - 0.01, (run.text, run.size)


def test_scaled_forms_and_text_matrices_are_measured_as_printed(tmp_path: Path) -> None:
    """Text drawn 10 pt inside a form placed at 0.62, and 10 pt through a text matrix that
    scales by 0.55: the measure reports 6.2 and 5.5 pt, and the ink agrees."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printkit.pdf.fonts import REGULAR, register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 200))
    canvas.beginForm("face")
    canvas.setFont(REGULAR, 10)
    canvas.drawString(10, 20, "Independents join you")
    canvas.endForm()
    canvas.saveState()
    canvas.translate(20, 120)
    canvas.scale(0.62, 0.62)
    canvas.doForm("face")
    canvas.restoreState()
    words = canvas.beginText()
    words.setTextTransform(0.55, 0, 0, 0.55, 30, 40)
    words.setFont(REGULAR, 10)
    words.textOut("flattened by the matrix")
    canvas.drawText(words)
    canvas.showPage()
    canvas.save()
    path = tmp_path / "scaled.pdf"
    path.write_bytes(buffer.getvalue())
    runs = {r.text: r for r in measure(path).runs}
    assert runs["Independents join you"].size == pytest.approx(6.2)
    assert runs["flattened by the matrix"].size == pytest.approx(5.5)
    for run in runs.values():
        low, high = _outline_extent(run.font, run.text)
        inked = _inked_height(path, run)
        assert inked == pytest.approx((high - low) * run.size, rel=0.05, abs=72 / DPI * 1.5)
