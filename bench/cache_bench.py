"""Benchmark: what the rendering cache (printkit/cache.py) saves a preview and a build.

    python bench/cache_bench.py [--edits 5] [--builds 2] [--games GAME ...] [--no-builds]
                                [--against REV] [--now REV]
                                [--no-writers]
                                [--previews spellbook stars-and-stripes pictures]

Preview: the Spellbook example (Stars and Stripes, and a deck of 30 PNG pictures the bench
writes) is copied into a fresh folder and rebuilt the way ``printkit preview`` rebuilds
after a save, through the function it calls
(:func:`printkit.preview.render.render_preview`), in this one process.  Each edit changes
one card (the Spellbook: the text of a card, a cell of ``spells.csv``; Stars and Stripes:
the Trump's label, a card the booklet's diagrams show too) and the rebuild is timed twice,
side by side: with the cache the preview keeps (``--edits`` times; the faces and backs
drawn are counted), and as a full rebuild, every face drawn (an empty cache each time).

PDF writers (``--no-writers`` leaves them out): the same edits, each followed by a build in
this process as a fresh process would make it (what it read, lifted and noted forgotten)
with the cache an earlier build filled, and by one with ``--no-cache``; the CPU seconds
spent in the writers of :mod:`printkit.kit.build` are summed, the SVG texts turned into PDF
drawing (:data:`printkit.pdf.formcache.CONVERTED`) and the pages composed (``showPage``)
are counted, and the two kits are compared byte for byte.  Beside them, a page of the card
PDFs: what laying it out and writing it out cost, and what finding one cache entry costs.

Builds (:mod:`bench.build_times`): each shipped game is built by ``python -m printkit build``
in a fresh process with an empty cache (first build), again with that cache (second build),
and with ``--no-cache``; wall and CPU seconds are measured and the three kits are compared
file by file, byte for byte.  ``--against REV`` times an older commit beside it, in turn.

Figures are medians; the load average is printed beside them, as the machine is shared.
On the 2-core development machine with a load average of 10-14 (other work running),
``--edits 5 --builds 2`` gave:

==========================  ==================  ==================  =====================
preview after one edit      with the cache      full rebuild        faces and backs drawn
==========================  ==================  ==================  =====================
Spellbook                   0.17 s              0.20 s              1 against 13
Stars and Stripes (Trump)   0.80 s              0.90 s              2 against 83
==========================  ==================  ==================  =====================

``python bench/build_times.py --builds 3 --now d88e898 --against d8d607b`` (d8d607b: the
commit before the whole kit was kept; d88e898: one with it and the commands' lazy imports,
other helpers' work between them too), at a load average of 6 to 9, gave (wall / CPU
seconds, medians of 3):

====================  ========  ===============  ===============  ===============  =========
build, new process    code      first build      second build     --no-cache       kits
====================  ========  ===============  ===============  ===============  =========
Stars and Stripes     d8d607b   4.32 / 1.84 s    2.96 / 0.89 s    5.09 / 1.71 s    identical
Stars and Stripes     d88e898   7.75 / 2.02 s    0.56 / 0.18 s    8.43 / 1.89 s    identical
I vant to be alone    d8d607b   10.36 / 2.18 s   4.28 / 0.94 s    8.05 / 1.98 s    identical
I vant to be alone    d88e898   9.49 / 2.20 s    1.06 / 0.18 s    8.50 / 2.03 s    identical
Stars and Bars        d8d607b   8.46 / 2.11 s    4.00 / 0.99 s    6.77 / 1.95 s    identical
Stars and Bars        d88e898   7.58 / 2.13 s    0.80 / 0.17 s    8.40 / 2.06 s    identical
Star Battle           d8d607b   10.01 / 2.53 s   3.06 / 0.96 s    7.81 / 2.32 s    identical
Star Battle           d88e898   10.47 / 2.63 s   1.03 / 0.19 s    9.48 / 2.37 s    identical
White Star            d8d607b   8.66 / 2.25 s    3.79 / 0.96 s    8.34 / 2.06 s    identical
White Star            d88e898   7.04 / 2.38 s    0.60 / 0.19 s    4.62 / 2.15 s    identical
====================  ========  ===============  ===============  ===============  =========

A second build of an unchanged kit now writes the whole kit from the cache
(:mod:`printkit.kit.wholekit`) after checking the files its build read; what it spends is
starting Python, importing the command line, and writing and flushing the kit's files (the
wall time above is mostly waiting for the disk and the other work on the machine).  The
first build costs a little more CPU than before (0.02 to 0.18 s here; ``--no-cache`` rose
by 0.05 to 0.18 s too, so part of it is other work between the two commits): it notes the
files it reads and keeps the whole kit.  The wall times swing with the load of the shared machine
(two cores, six to nine processes running); the CPU seconds are steadier.

===========================  ====================  ====================  ==================
PDF writers after one edit   with the cache        ``--no-cache``        pages composed
===========================  ====================  ====================  ==================
Spellbook                    0.066 CPU s, 1 form   0.091 CPU s, 27       66 against 67
Stars and Stripes (Trump)    0.262 CPU s, 2 forms  0.711 CPU s, 79       130 against 160
30 PNG pictures              0.057 CPU s, 1 form   0.070 CPU s, 31       82 against 83
===========================  ====================  ====================  ==================

(``--edits 5``, load average 8-9; the pictures ``--edits 3``; the Stars and Stripes row
``--edits 3`` at load 1.2, after the booklet's pages became recipes: its booklet writer took
0.196 s against 0.600 s, :mod:`printkit.booklet.pdfrecipe`.)  Most of each other difference
is the other writers' files taken whole from the cache.  The form recipes themselves, measured
by keeping them only within the process instead: about 10 ms of the Spellbook's writers
(0.063-0.066 against 0.073 s) and 11-18 ms of Stars and Stripes' card writer (0.066-0.072
against 0.083-0.084 s; its booklet writer varies by more than that from run to run).
Reading every form of a kit costs 0.017 s (Spellbook), 0.04 s (Stars and Stripes), 0.03 s
(Stars and Bars), 0.12 s (I vant to be alone), 0.15 s (Star Battle) and 0.21-0.28 s (White
Star): that is what recipes can save a build after an edit at most.  After the Trump's
edit, the booklet's writer was 0.65 of Stars and Stripes' 0.72 s: it laid its text out
again (reportlab's paragraphs), which no form cache saves; its pages are now replayed from
recipes (about 0.07 s), and what remains of its 0.2 s is the imposed PDF and the HTML.
The deck of pictures shows where recipes matter more: before printkit's own reader drew
images, svglib read every such face (1.9 ms a face against 0.11 ms), and the same edit took
its card writer 0.181 CPU s with the cache and 0.193 s without.

A page of the card PDFs costs 0.12-0.13 ms to lay out (everything the writer does apart
from reading forms and writing the file) and 0.42-0.65 ms to write out, while finding one
entry in the cache costs 0.035 ms: keeping pages in the cache could save at most a few
milliseconds a build, as replaying a page still places its forms and sets its label's words
for its own document, so pages are laid out again rather than kept.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfgen.canvas import Canvas

from bench.build_times import SHIPPED, builds
from bench.build_times import same_kits as _same
from printkit import cache, memo
from printkit.kit import build as kit_build
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.pdf import formcache, pdfcanvas
from printkit.preview.render import complete, render_preview
from printkit.render import picturemarks
from printkit.render.kindtypes import BackKind, FaceKind

ROOT = Path(__file__).resolve().parents[1]


def _load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


WRITERS = ("write_cards", "write_board", "write_components", "write_tuckboxes",
           "_write_booklet")
"""The functions of :mod:`printkit.kit.build` that lay out and write a kit's files."""


@dataclass
class PdfWork:
    """What the PDF writers of one build or preview did: CPU seconds in the writers, SVG
    texts turned into PDF drawing (:data:`printkit.pdf.formcache.CONVERTED`), pages
    composed (``showPage`` calls)."""

    seconds: float = 0.0
    forms: int = 0
    pages: int = 0
    by_writer: dict[str, float] = field(default_factory=dict)
    """CPU seconds of each writer that ran (one taken from the cache does not run)."""

    def add(self, writer: str, seconds: float) -> None:
        """Count ``seconds`` of CPU spent in ``writer``."""
        self.seconds += seconds
        self.by_writer[writer] = self.by_writer.get(writer, 0.0) + seconds


def _timed(function: Callable[..., Any], spent: Callable[[float], None]) -> Callable[..., Any]:
    """``function``, telling ``spent`` the CPU seconds each call took."""
    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent(time.process_time() - started)
    return run


@contextlib.contextmanager
def _pdf_work() -> Iterator[PdfWork]:
    """Count the forms converted and pages composed, and time the writers, in the block."""
    work = PdfWork()
    real = {name: getattr(kit_build, name) for name in WRITERS}
    show = Canvas.showPage

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        return _timed(function, lambda took: work.add(name, took))

    def counted_show(self: Canvas) -> None:
        work.pages += 1
        show(self)

    for name, function in real.items():
        setattr(kit_build, name, timed(name, function))
    setattr(Canvas, "showPage", counted_show)  # noqa: B010 - counted while measured
    before = formcache.CONVERTED
    try:
        yield work
    finally:
        work.forms = formcache.CONVERTED - before
        setattr(Canvas, "showPage", show)  # noqa: B010
        for name, function in real.items():
            setattr(kit_build, name, function)


def _counted_render(definition: Path) -> tuple[float, int, PdfWork]:
    """Seconds :func:`render_preview` took, how many faces and backs it drew, and what its
    PDFs took (the booklet's, the tuck box's...)."""
    drawn = 0
    face, back = FaceKind.draw, BackKind.draw

    def counted_face(self: FaceKind[Any], *args: Any) -> str:
        nonlocal drawn
        drawn += 1
        return face(self, *args)

    def counted_back(self: BackKind[Any], *args: Any) -> str:
        nonlocal drawn
        drawn += 1
        return back(self, *args)

    setattr(FaceKind, "draw", counted_face)  # noqa: B010 - counted while timed
    setattr(BackKind, "draw", counted_back)  # noqa: B010
    try:
        with _pdf_work() as work:
            started = time.perf_counter()
            preview = complete(render_preview(definition))  # the booklet too
            took = time.perf_counter() - started
    finally:
        setattr(FaceKind, "draw", face)  # noqa: B010
        setattr(BackKind, "draw", back)  # noqa: B010
    if preview.problems:
        raise SystemExit(preview.problems)
    return took, drawn, work


@dataclass(frozen=True)
class Case:
    """A definition copied into a fresh folder, and the edit that changes one card."""

    label: str
    source: Path
    """The definition's folder (copied whole) or file (copied alone)."""
    definition: str
    edited: str
    old: str
    new: str
    """``old`` in the file ``edited`` becomes ``new`` with the edit's number in its ``{}``."""
    make: Callable[[Path], None] | None = None
    """Writes the definition into the folder instead of copying ``source``."""

    def copy(self, folder: Path) -> None:
        if self.make is not None:
            self.make(folder)
        elif self.source.is_dir():
            shutil.copytree(self.source, folder)
        else:
            folder.mkdir()
            shutil.copy(self.source, folder / self.definition)


PICTURES = """\
game: pictures
title: Pictures
card:
  size: 63.5mm x 88.9mm
  safe_margin: 3mm
layouts:
  plain:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
    - {type: image, src: "{picture}", x: 5mm, y: 20mm, width: 30mm, height: 20mm, fit: cover}
    - {type: image, src: "{picture}", x: 5mm, y: 45mm, width: 30mm, height: 20mm}
faces:
  - {id: a, kind: layout, layout: plain, data: cards.csv}
"""


def _picture_deck(folder: Path) -> None:
    """30 cards, each showing a PNG twice: clipped to the box it covers, and stretched."""
    from PIL import Image

    folder.mkdir()
    (folder / "game.yaml").write_text(PICTURES)
    (folder / "cards.csv").write_text("name,picture\n" + "".join(
        f"Card {number},{'red' if number % 2 else 'blue'}.png\n" for number in range(30)))
    for name, colour in (("red", (200, 30, 30)), ("blue", (30, 30, 200))):
        Image.new("RGB", (600, 300), colour).save(folder / f"{name}.png")


CASES = {
    "spellbook": Case("Spellbook, one card's text", ROOT / "sample-games" / "spellbook",
                      "spellbook.yaml", "spells.csv", "Deal 2 damage to one foe",
                      "Deal 2 damage to one foe ({})"),
    "stars-and-stripes": Case("Stars and Stripes, the Trump's label (board and booklet too)",
                              ROOT / "decks" / "stars-and-stripes.yaml",
                              "stars-and-stripes.yaml", "stars-and-stripes.yaml",
                              "label: TRUMP\n", "label: TRUMP {}\n"),
    "pictures": Case("a deck of 30 PNG pictures, one card's name", ROOT, "game.yaml",
                     "cards.csv", "Card 7,", "Card 7 ({}),", _picture_deck),
}


def preview_edits(case: Case, edits: int) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "game"
        case.copy(folder)
        edited = folder / case.edited
        original = edited.read_text()
        definition = folder / case.definition
        warm, cold, drawn_warm, drawn_cold = [], [], [], []
        pdf_warm: list[PdfWork] = []
        pdf_cold: list[PdfWork] = []
        os.environ["XDG_CACHE_HOME"] = str(Path(temp) / "kept")
        # the preview's first rendering, before any edit, the booklet too
        complete(render_preview(definition))
        for number in range(1, edits + 1):
            edited.write_text(original.replace(case.old, case.new.format(number), 1))
            os.environ["XDG_CACHE_HOME"] = str(Path(temp) / "kept")
            took, drawn, work = _counted_render(definition)
            warm.append(took)
            drawn_warm.append(drawn)
            pdf_warm.append(work)
            os.environ["XDG_CACHE_HOME"] = str(Path(temp) / f"empty-{number}")
            took, drawn, work = _counted_render(definition)
            cold.append(took)
            drawn_cold.append(drawn)
            pdf_cold.append(work)
    print(f"preview, {case.label} edited ({edits} edits, load {_load()}):")
    print(f"  with the cache: median {statistics.median(warm):.3f} s "
          f"(range {min(warm):.3f}-{max(warm):.3f}), {max(drawn_warm)} faces and backs drawn, "
          f"{max(w.forms for w in pdf_warm)} forms converted, "
          f"{max(w.pages for w in pdf_warm)} PDF pages composed")
    print(f"  full rebuild:   median {statistics.median(cold):.3f} s "
          f"(range {min(cold):.3f}-{max(cold):.3f}), {max(drawn_cold)} faces and backs drawn, "
          f"{max(w.forms for w in pdf_cold)} forms converted, "
          f"{max(w.pages for w in pdf_cold)} PDF pages composed")
    print(f"  ratio {statistics.median(cold) / statistics.median(warm):.1f}x")


def _writers_build(definition: Path, output: Path, *, use_cache: bool) -> PdfWork:
    """Build in this process as a new process would (what it read and lifted forgotten),
    and what its PDF writers did."""
    pdfcanvas.clear_caches()
    picturemarks.clear()
    with _pdf_work() as work:
        build_game(str(definition), output_root=output, options=BuildOptions(),
                   use_cache=use_cache)
    return work


def pdf_writers(case: Case, edits: int) -> None:
    """The PDF writers of a build after a one-card edit, with the cache an earlier build
    filled and with none (``--no-cache``): CPU seconds, forms converted, pages composed."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "game"
        case.copy(folder)
        edited = folder / case.edited
        original = edited.read_text()
        definition = folder / case.definition
        os.environ["XDG_CACHE_HOME"] = str(Path(temp) / "kept")
        _writers_build(definition, Path(temp) / "first", use_cache=True)
        warm: list[PdfWork] = []
        bare: list[PdfWork] = []
        for number in range(1, edits + 1):
            edited.write_text(original.replace(case.old, case.new.format(number), 1))
            warm.append(_writers_build(definition, Path(temp) / f"warm-{number}",
                                       use_cache=True))
            bare.append(_writers_build(definition, Path(temp) / f"bare-{number}",
                                       use_cache=False))
            if not _same(Path(temp) / f"warm-{number}", Path(temp) / f"bare-{number}"):
                raise SystemExit(f"{case.label}: the kits with and without the cache differ")
    print(f"PDF writers of a build, {case.label} edited ({edits} edits, load {_load()}):")
    for label, works in (("with the cache", warm), ("--no-cache    ", bare)):
        seconds = [work.seconds for work in works]
        print(f"  {label}: median {statistics.median(seconds):.3f} CPU s "
              f"(range {min(seconds):.3f}-{max(seconds):.3f}), "
              f"{max(work.forms for work in works)} forms converted, "
              f"{max(work.pages for work in works)} pages composed")
        writers = {name: statistics.median(work.by_writer.get(name, 0.0) for work in works)
                   for name in WRITERS}
        print("    " + ", ".join(f"{name.strip('_')} {took:.3f}"
                                 for name, took in writers.items() if took))
    print("  the kits are identical, byte for byte")


def page_cost(case: Case, runs: int) -> None:
    """What laying out one page of the card PDFs costs, beside what finding one entry in the
    cache costs: caching pages can save at most the first, and each page would pay the
    second (and still place its forms and set its label's words for its own document)."""
    from printkit.definition.fontstack import game_fonts
    from printkit.kit.games import resolve
    from printkit.kit.outputs import OutputSet
    from printkit.kit.prepare import prepare_kit
    from printkit.kit.write import write_cards

    spent: dict[str, float] = {}

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        return _timed(function, lambda took: spent.__setitem__(name, spent.get(name, 0.0)
                                                                 + took))

    store, save = pdfcanvas.store_form, pdfcanvas.BinaryCanvas.save
    laying, writing, pages = [], [], 0
    with tempfile.TemporaryDirectory() as temp, memo.session():
        folder = Path(temp) / "game"
        case.copy(folder)
        game = resolve(str(folder / case.definition))
        with game_fonts(game.definition.content.sheet_stack):
            cards = prepare_kit(game, BuildOptions(), booklet=False).cards
            assert cards is not None
            pdfcanvas.store_form = timed("forms", store)
            pdfcanvas.BinaryCanvas.save = timed("save", save)  # type: ignore[method-assign]
            try:
                for _ in range(runs + 1):  # the first reads the forms: left out
                    spent.clear()
                    with _pdf_work() as work:
                        started = time.process_time()
                        write_cards(cards, OutputSet(Path(temp) / "out"), lambda *_: None)
                        total = time.process_time() - started
                    pages = work.pages
                    laying.append(total - spent["forms"] - spent["save"])
                    writing.append(spent["save"])
            finally:
                pdfcanvas.store_form = store
                pdfcanvas.BinaryCanvas.save = save  # type: ignore[method-assign]
        found = _lookup_cost(Path(temp) / "cache")
    lay, write = statistics.median(laying[1:]), statistics.median(writing[1:])
    print(f"pages of the card PDFs, {case.label} ({pages} pages, {runs} runs, "
          f"load {_load()}):")
    print(f"  a page: {lay / pages * 1000:.3f} ms CPU laid out (all the card writer does "
          f"but read forms and write the file), {write / pages * 1000:.3f} ms written out; "
          f"one cache entry found: {found * 1000:.3f} ms")


def form_reads(games: list[str]) -> None:
    """CPU seconds svgpdf takes to read every form of each game's kit (built in this
    process without the cache): what the form recipes can save a build at most."""
    from printkit.pdf import svgpdf

    real = svgpdf.read
    spent = [0.0]

    def timed(svg: str) -> svgpdf.Picture | None:
        started = time.process_time()
        try:
            return real(svg)
        finally:
            spent[0] += time.process_time() - started

    print(f"every form of a kit read by svgpdf (load {_load()}):")
    svgpdf.read = timed
    try:
        for game in games:
            pdfcanvas.clear_caches()
            picturemarks.clear()
            spent[0] = 0.0
            with tempfile.TemporaryDirectory() as temp, _pdf_work() as work:
                build_game(game, output_root=Path(temp), options=BuildOptions(),
                           use_cache=False)
            print(f"  {game:20} {work.forms:4} forms read in {spent[0]:.3f} CPU s, "
                  f"all PDF writers {work.seconds:.3f} CPU s")
    finally:
        svgpdf.read = real


def _lookup_cost(folder: Path, entries: int = 200) -> float:
    """CPU seconds to find one entry of 2 kB in the cache (its file read and checked)."""
    keys = [("a page", number) for number in range(entries)]
    with cache.session(folder):
        for key in keys:
            cache.cached_bytes("bench", key, lambda: b"q 1 0 0 1 0 0 cm Q " * 100)
    with cache.session(folder):
        started = time.process_time()
        for key in keys:
            cache.cached_bytes("bench", key, lambda: b"")
        return (time.process_time() - started) / entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--builds", type=int, default=1, help="runs of each build")
    parser.add_argument("--against", metavar="REV",
                        help="also time the builds of this commit, side by side")
    parser.add_argument("--now", metavar="REV",
                        help="time the builds of this commit instead of the working tree")
    parser.add_argument("--games", nargs="*", default=list(SHIPPED))
    parser.add_argument("--no-builds", action="store_true")
    parser.add_argument("--no-writers", action="store_true",
                        help="leave out the PDF writers after one edit")
    parser.add_argument("--previews", nargs="*", choices=sorted(CASES), default=sorted(CASES))
    args = parser.parse_args()
    for name in args.previews:
        preview_edits(CASES[name], args.edits)
    if not args.no_writers:
        for name in args.previews:
            pdf_writers(CASES[name], args.edits)
            page_cost(CASES[name], args.edits)
        form_reads(args.games)
    if not args.no_builds:
        builds(args.games, args.builds, args.against, args.now)


if __name__ == "__main__":
    main()
