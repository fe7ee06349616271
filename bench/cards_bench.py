"""Benchmark: printkit's card sheets against plain reportlab drawing the same cards.

Run from the repository root:  python bench/cards_bench.py [--repeat N] [--copies N]

The baseline draws each card straight onto a reportlab canvas with rectangles and star
polygons (no SVG, no forms) on the same grid; printkit renders each unique face to SVG,
parses it once with svglib and reuses it as a PDF form.  Both are timed in this run, so
the ratio compares like with like on whatever machine runs it.  It is not a test.
"""

from __future__ import annotations

import argparse
import functools
import io
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfgen.canvas import Canvas

from printkit.kit.cards import card_artwork
from printkit.kit.games import load
from printkit.pdf.artwork import Artwork, SheetOptions
from printkit.pdf.cards import cut_sheets
from printkit.pdf.geometry import SheetSpec, sheet_grid
from printkit.pdf.paper import PAPERS
from printkit.units import MM

DECK = Path(__file__).resolve().parents[1] / "decks" / "stars-and-stripes.yaml"
DIE = {1: ((0.5, 1),), 2: ((0, 0), (1, 2)), 3: ((0, 0), (0.5, 1), (1, 2)),
       4: ((0, 0), (1, 0), (0, 2), (1, 2)), 5: ((0, 0), (1, 0), (0.5, 1), (0, 2), (1, 2)),
       6: ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))}


def baseline(cards: list[tuple[int, int]], spec: SheetSpec) -> bytes:
    """Plain reportlab: every card drawn in full where it lies, fronts and backs."""
    grid = sheet_grid(spec)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(grid.paper.width, grid.paper.height), invariant=1)
    size, bleed = spec.card_w, spec.bleed
    for start in range(0, len(cards), grid.per_page):
        chunk = cards[start:start + grid.per_page]
        for slot, (stars, stripes) in zip(grid.slots, chunk, strict=False):
            x, y = slot.trim.x, slot.trim.y
            canvas.setFillColorRGB(0.98, 0.97, 0.94)
            canvas.rect(x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed, 0, 1)
            canvas.setFillColorRGB(0.12, 0.23, 0.43)
            canvas.rect(x - bleed, y - bleed, size / 2 + bleed, size + 2 * bleed, 0, 1)
            canvas.setFillColorRGB(1, 1, 1)
            for col, row in DIE[stars]:
                _star(canvas, x + 3 * MM + (col + 0.5) * 12 * MM, y + size - (row + 1.5) * 14 * MM,
                      5 * MM)
            canvas.setFillColorRGB(0.7, 0.13, 0.2)
            for i in range(stripes):
                canvas.rect(x + size / 2 + 3 * MM, y + 10 * MM + i * 7 * MM, 25 * MM, 4.3 * MM,
                            0, 1)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFont("Helvetica-Bold", 13)
            canvas.drawString(x + 5 * MM, y + size - 9 * MM, str(stars))
            canvas.drawString(x + size - 9 * MM, y + 5 * MM, str(stripes))
        canvas.showPage()
        for slot in grid.slots[:len(chunk)]:
            x = grid.paper.width - slot.cell.right
            canvas.setFillColorRGB(0.12, 0.23, 0.43)
            canvas.rect(x, slot.cell.y, slot.cell.w, slot.cell.h, 0, 1)
            canvas.setFillColorRGB(0.5, 0.6, 0.8)
            for i in range(36):
                _star(canvas, x + (i % 6 + 0.5) * slot.cell.w / 6,
                      slot.cell.y + (i // 6 + 0.5) * slot.cell.h / 6, 3 * MM)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _star(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.382
        angle = math.pi / 2 + i * math.pi / 5
        point = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
        if i == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def printkit_sheets(copies: int, spec: SheetSpec) -> bytes:
    """printkit's path from the definition: SVG faces, parsed once, placed as forms."""
    definition = load(DECK)
    faces, back = card_artwork(definition, spec.bleed)
    deck: list[Artwork] = [art for _ in range(copies) for art in faces[:36]]
    data, _ = cut_sheets(deck, back, title=definition.title, options=SheetOptions(spec))
    return data


def timed(fn: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    """Median seconds over ``repeat`` runs and the output size."""
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(fn())
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", type=int, default=100)
    args = parser.parse_args()
    spec = SheetSpec(PAPERS["a4"], 63.5 * MM, 63.5 * MM, 3 * MM, 5 * MM, 0.0, 4 * MM, 1 * MM)
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    print(f"{'job':<34}{'seconds':>9}{'cards/s':>10}{'bytes/card':>12}{'x baseline':>12}")
    for copies, repeat in ((1, args.repeat), (args.copies, max(1, args.repeat // 2))):
        cards = 36 * copies
        base_t, base_size = timed(functools.partial(baseline, pairs * copies, spec), repeat)
        kit_t, kit_size = timed(functools.partial(printkit_sheets, copies, spec), repeat)
        for name, seconds, size in ((f"reportlab baseline, {cards} cards", base_t, base_size),
                                    (f"printkit, {cards} cards", kit_t, kit_size)):
            print(f"{name:<34}{seconds:>9.3f}{cards / seconds:>10.0f}{size / cards:>12.0f}"
                  f"{seconds / base_t:>12.2f}")


if __name__ == "__main__":
    main()
