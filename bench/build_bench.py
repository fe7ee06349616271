"""Benchmark: printkit's PDFs against the floor, the best plain-reportlab program for the
same job (``bench/floor.py``), both measured in this run.

Run from the repository root:  python bench/build_bench.py [--repeat N] [--naive]

Jobs: Stars and Stripes cut sheets with backs (A4, 3 mm bleed) of 36, 360 and 3,600 cards,
printkit starting from the definition file (load, draw the faces, lay out, write); the
tiled board at 7x7 and 15x15, printkit starting from the game as loaded (its definition
and rules engine, which the board's picture is drawn from: picture, tiling, SVG, PDF);
the reading-order booklet PDF from the verified booklet; then each shipped game's whole kit
(times alone: no floor program writes a whole kit); last, whole ``printkit build`` and
``printkit check`` commands, each a fresh process.  Each timed printkit run starts
with printkit's per-process caches emptied, as a fresh process would; imports and font
registration are done once beforehand for both sides.  Runs of the two sides alternate,
and the table gives medians.  ``--naive`` adds the old baseline of
``bench/cards_bench.py`` (every card drawn in full where it lies) for the card jobs.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import cards_bench, floor
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import booklet_pdf
from printkit.kit.board import plan_board
from printkit.kit.build import build_game
from printkit.kit.cards import card_artwork
from printkit.kit.games import ResolvedGame, installed_games, load, resolve
from printkit.kit.options import BuildOptions, plan
from printkit.kit.prepare import prepare_kit
from printkit.pdf import board_pdf, pdfcanvas
from printkit.pdf.artwork import SheetOptions
from printkit.pdf.cards import cut_sheets
from printkit.pdf.fonts import register_fonts
from printkit.pdf.geometry import SheetSpec
from printkit.pdf.paper import PAPERS
from printkit.plugins import find
from printkit.render.board import board_svg
from printkit.units import MM

GAME = "stars-and-stripes"
DECK = Path(__file__).resolve().parents[1] / "decks" / f"{GAME}.yaml"
SPEC = SheetSpec(PAPERS["a4"], 63.5 * MM, 63.5 * MM, 3 * MM, 5 * MM, 0.0, 4 * MM, 1 * MM)
Job = Callable[[], bytes]


def fresh() -> None:
    """Empty printkit's per-process caches, so a run pays what a new process would."""
    pdfcanvas.clear_caches()


def printkit_cards(copies: int) -> bytes:
    """From the definition file to the cut-sheet PDF."""
    fresh()
    definition = load(DECK)
    faces, back = card_artwork(definition, SPEC.bleed)
    deck = [art for _ in range(copies) for art in faces[:36]]
    return cut_sheets(deck, back, title=definition.title, options=SheetOptions(SPEC))[0]


def printkit_board(game: ResolvedGame) -> bytes:
    """From the game (definition and engine) to the tiled board PDF."""
    fresh()
    board = plan_board(game, plan(game.definition, BuildOptions()))
    assert board is not None
    picture = board.picture
    return board_pdf.tiled_board(board_svg(picture), board.tiling, title=game.definition.title,
                                 about=f"{picture.shape} board")


@dataclass(frozen=True)
class Row:
    """One job's figures."""

    job: str
    printkit: float
    floor: float
    size: int
    floor_size: int
    pages: int
    naive: float | None = None

    def line(self) -> str:
        naive = f"{self.naive:>9.3f}" if self.naive is not None else f"{'':>9}"
        return (f"{self.job:<22}{self.printkit:>10.3f}{self.floor:>9.3f}"
                f"{self.printkit / self.floor:>8.2f}{self.size / 1024:>10.0f}"
                f"{self.floor_size / 1024:>9.0f}{self.pages:>7}{naive}")


HEADER = (f"{'job':<22}{'printkit':>10}{'floor':>9}{'ratio':>8}{'KB':>10}{'floor KB':>9}"
          f"{'pages':>7}{'naive':>9}")


def measure(name: str, ours: Job, theirs: Job, repeat: int, naive: Job | None = None) -> Row:
    """Median seconds of each side over ``repeat`` alternating runs (after one warm-up)."""
    ours()
    theirs()
    mine: list[float] = []
    best: list[float] = []
    old: list[float] = []
    size = floor_size = 0
    for _ in range(repeat):
        for fn, times in ((ours, mine), (theirs, best)):
            start = time.perf_counter()
            data = fn()
            times.append(time.perf_counter() - start)
            if fn is ours:
                size = len(data)
                pages = data.count(b"/Type /Page\n")
            else:
                floor_size = len(data)
    if naive is not None:
        for _ in range(max(1, repeat // 3)):
            start = time.perf_counter()
            naive()
            old.append(time.perf_counter() - start)
    return Row(name, statistics.median(mine), statistics.median(best), size, floor_size,
               pages, statistics.median(old) if old else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--naive", action="store_true",
                        help="also time the old baseline (slow: about 6 s for 3,600 cards)")
    args = parser.parse_args()
    register_fonts()
    title = load(DECK).title
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    print(HEADER)
    for copies in (1, 10, 100):
        cards = 36 * copies
        naive = functools.partial(cards_bench.baseline, pairs * copies, SPEC) \
            if args.naive else None
        row = measure(f"cards, {cards}", functools.partial(printkit_cards, copies),
                      functools.partial(floor.cut_sheets, copies, SPEC, title),
                      args.repeat if copies < 100 else max(3, args.repeat // 2), naive)
        print(row.line(), f"  {row.size / cards:.0f} bytes a card", flush=True)
    for variant, label in ((None, "board, 7x7"), ("large-15", "board, 15x15")):
        game = resolve(GAME, variant=variant)
        board = plan_board(game, plan(game.definition, BuildOptions()))
        assert board is not None
        row = measure(label, functools.partial(printkit_board, game),
                      functools.partial(floor.tiled_board, board.picture, board.tiling,
                                        game.definition.title), args.repeat)
        print(row.line(), flush=True)
    game = resolve(GAME)
    kit = prepare_kit(game, BuildOptions())
    assert kit.booklet is not None
    page = booklet_page(kit.plan.paper)
    book = kit.booklet

    def ours() -> bytes:
        fresh()
        return booklet_pdf(book, page).data

    row = measure("booklet", ours, functools.partial(floor.booklet, book, page),
                  max(3, args.repeat // 2))
    print(row.line(), flush=True)
    kits(max(3, args.repeat // 2))
    commands(max(3, args.repeat // 2))


def kits(repeat: int) -> None:
    """Each shipped game's whole kit (every component, booklet included, written to a
    scratch folder) in one process: no floor program does all that, so times alone."""
    print(f"\n{'kit':<22}{'seconds':>10}{'files':>7}{'MB':>8}")
    with tempfile.TemporaryDirectory() as scratch:
        for name in printkit_games():
            times: list[float] = []
            for _ in range(repeat):
                start = time.perf_counter()
                result = build_game(name, output_root=Path(scratch), options=BuildOptions())
                times.append(time.perf_counter() - start)
            size = sum(path.stat().st_size for path in result.files)
            print(f"{name:<22}{statistics.median(times):>10.3f}{len(result.files):>7}"
                  f"{size / 1e6:>8.1f}", flush=True)


def printkit_games() -> list[str]:
    """The games printkit itself ships (not a test game that may be installed beside)."""
    return [name for name in installed_games() if find(name).package.startswith("printkit.")]


def commands(repeat: int) -> None:
    """Whole commands as a user runs them: a fresh process each time (imports included),
    on the games printkit ships, in one process and with one per core."""
    games = printkit_games()
    print(f"\n{'command (' + str(len(games)) + ' games, every variant checked)':<44}"
          f"{'seconds':>10}")
    with tempfile.TemporaryDirectory() as scratch:
        for words, jobs in (("build", "1"), ("build", "0"), ("check", "1"), ("check", "0")):
            command = [sys.executable, "-m", "printkit", words, "-q", "--jobs", jobs, *games]
            if words == "build":
                command += ["-o", scratch]
            times: list[float] = []
            for _ in range(repeat):
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
            cores = "one process" if jobs == "1" else f"--jobs {os.cpu_count()}"
            print(f"{'printkit ' + words + ', ' + cores:<44}{statistics.median(times):>10.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
