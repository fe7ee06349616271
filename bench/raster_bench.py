"""Benchmark: two wheel-only rasterisers for PNG export, on the same cards.

    python bench/raster_bench.py [--dpi 300] [--repeat 3]

PDFium (``pypdfium2``, what printkit uses) renders the print-shop PDF, one card with bleed
per page, so it draws what the PDF holds: the embedded fonts and the vector art.  resvg
(``resvg-py``, installed for this comparison only: ``pip install resvg-py``) renders each
face's SVG, given printkit's font files.  The table gives seconds per card and how far the
two pictures differ (share of pixels off by more than 32 of 255 in some channel); look at
the side-by-side PNG it writes to judge the difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageChops

from printkit.export.raster import page_images
from printkit.kit.cards import card_artwork
from printkit.kit.games import load
from printkit.pdf.cards import print_shop
from printkit.pdf.geometry import SheetSpec
from printkit.pdf.paper import PAPERS
from printkit.units import MM

DECK = Path(__file__).resolve().parents[1] / "decks" / "stars-and-stripes.yaml"


def font_files() -> list[str]:
    """Every TrueType file printkit embeds (so resvg can match the SVG's family names)."""
    import reportlab

    found = sorted(str(p) for p in (Path(reportlab.__file__).parent / "fonts").glob("Vera*.ttf"))
    package = Path(__file__).resolve().parents[1] / "printkit" / "fonts"
    found += sorted(str(p) for p in package.glob("*.ttf"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default="/tmp/raster-bench.png")
    args = parser.parse_args()
    definition = load(DECK)
    faces, back = card_artwork(definition, 3 * MM)
    spec = SheetSpec(PAPERS["a4"], definition.card_width, definition.card_height, 3 * MM,
                     5 * MM, 0.0, 4 * MM, 1 * MM)
    pdf = print_shop(faces, back, title="bench", spec=spec)
    pages = list(range(0, 2 * len(faces), 2))

    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        pdfium = list(page_images(pdf, args.dpi, pages))
        times.append(time.perf_counter() - start)
    pdfium_s = statistics.median(times) / len(faces)
    print(f"{'rasteriser':<12}{'s/card':>10}  notes")
    print(f"{'pdfium':<12}{pdfium_s:>10.4f}  renders the PDF: embedded fonts, same vectors")
    try:
        import resvg_py
    except ImportError:
        print("resvg       (not installed: pip install resvg-py to compare)")
        return 0
    fonts = font_files()
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        pictures = [bytes(resvg_py.svg_to_bytes(svg_string=art.svg, dpi=args.dpi,
                                                font_files=fonts, skip_system_fonts=True))
                    for art in faces]
        times.append(time.perf_counter() - start)
    resvg_s = statistics.median(times) / len(faces)
    import io

    resvg = [Image.open(io.BytesIO(data)).convert("RGB") for data in pictures]
    off = []
    for a, b in zip(pdfium, resvg, strict=True):
        b = b.resize(a.size)
        diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 32 else 0)
        off.append(sum(diff.histogram()[255:]) / (a.width * a.height))
    print(f"{'resvg':<12}{resvg_s:>10.4f}  renders the SVG with {len(fonts)} font files; "
          f"{statistics.mean(off):.2%} of pixels differ from pdfium (worst card "
          f"{max(off):.2%})")
    worst = off.index(max(off))
    side = Image.new("RGB", (pdfium[worst].width * 2 + 10, pdfium[worst].height), "white")
    side.paste(pdfium[worst], (0, 0))
    side.paste(resvg[worst].resize(pdfium[worst].size), (pdfium[worst].width + 10, 0))
    side.save(args.out)
    print(f"side by side (pdfium left, resvg right): {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
