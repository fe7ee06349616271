"""Benchmark: what ``printkit preview`` costs at rest and how fast an edit reaches it.

    python bench/preview_bench.py [--game spellbook|stars-and-stripes|stars-and-stripes-card]
                                  [--code DIR] [--filler 6000] [--idle 10] [--edits 5]
                                  [--full 3] [--log inside|outside] [--browser]

The game (the Spellbook example, or Stars and Stripes with its board and booklet, its title
or one card edited) is copied
into a fresh folder beside ``--filler`` small files (a stand-in for a virtual environment
kept next to a definition), and ``printkit preview`` is started on it as a separate
process, its log written into that same folder as ``preview.log`` (or, with ``--log
outside``, beside the folder).  Then:

* CPU at rest: the process's user and system time (``/proc/PID/stat``) over ``--idle``
  seconds with no file changing, as a share of one core; its thread count beside it;
* wake-ups at rest: the voluntary context switches of all its threads
  (``/proc/PID/task/*/status``) over another ``--idle`` seconds: a thread that sleeps in a
  loop shows here even when it costs little CPU;
* rebuilds at rest: how many times the page's version moved over those seconds (anything
  above 0 is the preview rebuilding from its own log or an unrelated file);
* edit to page updated: seconds from an edit (a cell of ``spells.csv``; the title, or the
  Trump's label, in the Stars and Stripes definition) to ``/version`` answering a new number
  (asked every 10 ms), ``--edits`` times; and to the page complete (no part marked as being
  brought up to date: the booklet follows the rest of the kit);
* full rebuild: the preview's whole rendering (booklet included) with an empty cache, in a
  fresh process, ``--full`` times, the import not counted;
* with ``--browser``, the same page open in Debian's Chromium (headless, through
  Playwright): the server's CPU at rest over ``--idle`` seconds with the page open, and
  seconds from an edit to the page showing the new version.

``--code DIR`` runs the printkit package found in DIR (for instance an older version
unpacked with ``git archive HEAD printkit | tar -x -C DIR``) instead of the installed one.

Figures on this 2-core machine while other work ran (load about 11), 6,000 unrelated files,
log outside the folder, medians of 5 edits; "before" is the preview as of commit adfce57
(a scan of the folder every 0.2 s, the page asking every 0.3 s), "after" the watcher of the
files read and the page waiting for the next version:

=================  ==================  ===============  ==================  ==============
game               CPU at rest         with page open   edit to /version    edit to page
=================  ==================  ===============  ==================  ==============
Spellbook          18.6% -> 0.1%       17.7% -> 0.1%    0.75 s -> 0.16 s    1.50 -> 0.43 s
Stars and Stripes  19.2% -> 0.1%       17.8% -> 0.1%    1.17 s -> 0.86 s    1.69 -> 1.46 s
=================  ==================  ===============  ==================  ==============

With its log inside the folder the preview before rebuilt 20 times in 10 s with nothing
edited (21.6% of a core); after, 0 times (0.0%).

Later (issue 25, second round; load 8-9 on the 2 cores, log inside the folder, medians of
3-5 edits): "before" is commit bde3a89 for the rebuild (the booklet as HTML, prepared before
the page moved on) and 0abe7df for the watcher (watchfiles' 50 ms step loop); "after" the
watchdog watcher and the two-phase rebuild, whose booklet is the PDF's pages drawn:

==========================  =====================  ============  ==============  ==========
game, edit                  wake-ups in 10 s idle  edit to page  page complete   full
==========================  =====================  ============  ==============  ==========
Spellbook, one cell         200 -> 0               0.13 -> 0.11  0.13 -> 0.12    0.89, 0.72
Stars and Stripes, Trump    0 -> 0 (both watchdog)  0.31 -> 0.10  0.32 -> 1.30    0.82, 1.60
==========================  =====================  ============  ==============  ==========

(seconds; "full" is the full rebuild before, after).  The booklet now costs more to bring
up to date because the preview makes the booklet's PDF (0.5 s) and draws its 20 pages
(0.35 s) where it used to hand the browser HTML; the edited card shows first.  In Chromium
(Stars and Stripes, Trump, load 3-7): the new page painted 0.30 -> 0.17 s after the edit
and loaded with the pictures in view 0.90 -> 0.15 s (the browser's own clock); Playwright
notices 0.96 -> 0.56 s, its polling after a navigation adding about 0.4 s.

Since the booklet's pages are replayed from recipes after an edit to a card's look
(:mod:`printkit.booklet.pdfrecipe`) and only the pages whose look changed are drawn again
(:mod:`printkit.preview.pageimages`), ``--game stars-and-stripes-card --edits 5`` gave, edit
to page complete: 0.70 s (recipes alone, load 1.9) and 0.58 s (both, load 2.1); edit to
page updated 0.09-0.10 s; full rebuild 1.62-1.67 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Game:
    """What is previewed and how it is edited."""

    copy: Callable[[Path], None]
    definition: str
    edited: str
    old: str
    new: str
    """``old`` in the file ``edited`` becomes ``new`` with the edit's number in its ``{}``."""

    def edit(self, folder: Path, original: str, number: int) -> None:
        """Write ``original`` (the edited file's text at the start) with edit ``number``."""
        (folder / self.edited).write_text(original.replace(self.old, self.new.format(number), 1))


def _spellbook(folder: Path) -> None:
    shutil.copytree(ROOT / "sample-games" / "spellbook", folder)


def _stars(folder: Path) -> None:
    folder.mkdir()
    shutil.copy(ROOT / "decks" / "stars-and-stripes.yaml", folder / "stars-and-stripes.yaml")


GAMES = {
    "spellbook": Game(_spellbook, "spellbook.yaml", "spells.csv", "Spark,", "Spark {},"),
    "stars-and-stripes": Game(_stars, "stars-and-stripes.yaml", "stars-and-stripes.yaml",
                              "title: Stars and Stripes\n", "title: Stars and Stripes {}\n"),
    "stars-and-stripes-card": Game(_stars, "stars-and-stripes.yaml", "stars-and-stripes.yaml",
                                   "label: TRUMP\n", "label: TRUMP {}\n"),
}
"""``stars-and-stripes`` edits the title (every part shows it); ``stars-and-stripes-card``
one card, the Trump's label (the booklet's diagrams show the Trump too)."""


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def at_rest(pid: int, seconds: float) -> float:
    """CPU seconds the process uses over ``seconds`` of waiting."""
    first = cpu_seconds(pid)
    time.sleep(seconds)
    return cpu_seconds(pid) - first


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def wakeups(pid: int) -> dict[str, int]:
    """Each thread's voluntary context switches so far (a sleep or blocking wait that
    ended counts one), by thread id."""
    counts = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            status = Path(f"/proc/{pid}/task/{task}/status").read_text()
        except OSError:
            continue
        counts[task] = int(next(line.split()[1] for line in status.splitlines()
                                if line.startswith("voluntary_ctxt_switches:")))
    return counts


def woken_at_rest(pid: int, seconds: float) -> tuple[int, int]:
    """Wake-ups of all the process's threads over ``seconds`` of waiting, and the most of
    any one thread."""
    first = wakeups(pid)
    time.sleep(seconds)
    later = wakeups(pid)
    each = [later[task] - first.get(task, 0) for task in later]
    return sum(each), max(each, default=0)


def page_complete(url: str) -> bool:
    """Whether the page shows no part still being brought up to date."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        return b'id="booklet-pending"' not in answer.read()


def version(url: str) -> str:
    with urllib.request.urlopen(url + "version", timeout=10) as answer:
        return str(answer.read().decode())


def make_folder(where: Path, game: Game, filler: int) -> Path:
    """The game and ``filler`` unrelated files in ``where``."""
    folder = where / "game"
    game.copy(folder)
    for index in range(filler):
        package = folder / "venv" / "lib" / f"package{index // 100:03d}"
        package.mkdir(parents=True, exist_ok=True)
        (package / f"module{index % 100:02d}.py").write_text(f"VALUE = {index}\n")
    return folder


def start(definition: Path, code: str | None, log_path: Path
          ) -> tuple[subprocess.Popen[bytes], str]:
    env = dict(os.environ)
    if code:
        env["PYTHONPATH"] = code
    log = open(log_path, "wb")  # noqa: SIM115 - the child keeps it open
    process = subprocess.Popen(
        [sys.executable, "-m", "printkit", "preview", str(definition), "--port", "0"],
        stdout=log, stderr=subprocess.STDOUT, env=env,
        cwd=definition.parent.parent)  # not the checkout, whose printkit would come first
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        text = log_path.read_text()
        if " at http://" in text:
            return process, text.split(" at ", 1)[1].split()[0]
        if process.poll() is not None:
            raise SystemExit(f"preview stopped:\n{text}")
        time.sleep(0.1)
    raise SystemExit("preview did not start")


def edit_to_rebuilt(game: Game, folder: Path, original: str, url: str, edits: int
                    ) -> tuple[list[float], list[float]]:
    """Seconds from each edit to the first new version (the page updated), and to the page
    complete (the booklet too)."""
    took, complete = [], []
    for number in range(1, edits + 1):
        before = version(url)
        game.edit(folder, original, number)
        started = time.monotonic()
        while version(url) == before:
            time.sleep(0.01)
        took.append(time.monotonic() - started)
        while not page_complete(url):
            time.sleep(0.01)
        complete.append(time.monotonic() - started)
        time.sleep(1.0)
    return took, complete


def full_rebuilds(game: Game, code: str | None, repeat: int) -> list[float]:
    """Seconds a full rebuild of the edited game takes: the preview's whole rendering with
    an empty cache (every face drawn, the booklet made again), in a fresh process each, the
    import not counted."""
    script = ("import sys, time; from pathlib import Path\n"
              "from printkit.preview import render\n"
              "started = time.monotonic()\n"
              "done = render.render_preview(Path(sys.argv[1]))\n"
              "done = render.complete(done) if hasattr(render, 'complete') else done\n"
              "print(time.monotonic() - started)\n")
    took = []
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "game"
        game.copy(folder)
        for number in range(repeat):
            env = dict(os.environ, XDG_CACHE_HOME=str(Path(temp) / f"empty-{number}"))
            if code:
                env["PYTHONPATH"] = code
            out = subprocess.run([sys.executable, "-c", script, str(folder / game.definition)],
                                 capture_output=True, text=True, env=env, check=True,
                                 cwd=temp)
            took.append(float(out.stdout.split()[-1]))
    return took


PAINTED = """(() => {
  const navigation = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return [performance.timeOrigin, paint ? paint.startTime : navigation.domContentLoadedEventEnd,
          navigation.loadEventEnd];
})()"""
"""When the page was first painted and when it had loaded (its pictures in view too), in
the browser's own clock: milliseconds since the epoch, then since the navigation began."""


def in_browser(game: Game, folder: Path, original: str, url: str, edits: int, pid: int,
               idle: float) -> tuple[float, list[float], list[float], list[float]]:
    """CPU seconds at rest with the page open in Debian's Chromium (headless), and for each
    edit the seconds to: Playwright seeing the new version (its own polling after a
    navigation adds a few tenths), the browser's first paint of the new page, and the
    page loaded with the pictures in view (the last two from the browser's own timing)."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    seen, painted, loaded = [], [], []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium,
                                         args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(url)
        page.wait_for_load_state("load")
        time.sleep(2.0)
        cpu = at_rest(pid, idle)
        for number in range(edits + 1, 2 * edits + 1):
            while not page_complete(url):  # the last edit's booklet is done
                time.sleep(0.05)
            page.wait_for_function(f"document.body && document.body.dataset.version "
                                   f"=== '{version(url)}'", timeout=60_000)
            page.wait_for_load_state("load")
            shown = page.locator("body").get_attribute("data-version")
            game.edit(folder, original, number)
            started, wall = time.monotonic(), time.time()
            page.wait_for_function(f"document.body && document.body.dataset.version "
                                   f"&& document.body.dataset.version !== '{shown}'",
                                   timeout=60_000)
            seen.append(time.monotonic() - started)
            page.wait_for_load_state("load")
            origin, paint, load = page.evaluate(PAINTED)
            painted.append((origin + paint) / 1000 - wall)
            loaded.append((origin + load) / 1000 - wall)
            time.sleep(1.0)
        browser.close()
    return cpu, seen, painted, loaded


def _figures(values: list[float]) -> str:
    return (f"median {statistics.median(values):.2f} s, "
            f"range {min(values):.2f}-{max(values):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="spellbook")
    parser.add_argument("--code", help="run the printkit package in this folder")
    parser.add_argument("--filler", type=int, default=6000)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--log", choices=("inside", "outside"), default="inside")
    parser.add_argument("--full", type=int, default=3,
                        help="full rebuilds timed beside the edits (0: none)")
    parser.add_argument("--browser", action="store_true",
                        help="also with the page open in headless Chromium")
    args = parser.parse_args()
    game = GAMES[args.game]
    with tempfile.TemporaryDirectory() as temp:
        folder = make_folder(Path(temp), game, args.filler)
        log = (folder if args.log == "inside" else folder.parent) / "preview.log"
        process, url = start(folder / game.definition, args.code, log)
        try:
            time.sleep(3.0)  # let the first rebuilds settle
            first_version = version(url)
            cpu = at_rest(process.pid, args.idle)
            woken, most = woken_at_rest(process.pid, args.idle)
            moved = int(version(url)) - int(first_version)
            count = threads(process.pid)
            original = (folder / game.edited).read_text()
            load = os.getloadavg()
            took, complete = edit_to_rebuilt(game, folder, original, url, args.edits)
            browser = (in_browser(game, folder, original, url, args.edits, process.pid,
                                  args.idle) if args.browser else None)
        finally:
            process.terminate()
            process.wait(timeout=30)
    full = full_rebuilds(game, args.code, args.full) if args.full else []
    print(f"{args.game}; code: {args.code or 'installed printkit'}; {args.filler} unrelated "
          f"files; log {args.log} the folder")
    print(f"CPU at rest over {args.idle:g} s: {cpu:.2f} s = {100 * cpu / args.idle:.1f}% "
          f"of a core; {count} threads; {moved} rebuilds with nothing edited")
    print(f"wake-ups at rest over {args.idle:g} s (voluntary context switches, all threads):"
          f" {woken}, the most of one thread {most}")
    print(f"load average at the edits: {' '.join(f'{value:.1f}' for value in load)}")
    print(f"edit to page updated ({args.edits} edits of {game.edited}): {_figures(took)}")
    print(f"edit to page complete, booklet included: {_figures(complete)}")
    if full:
        print(f"full rebuild (empty cache, everything drawn, {args.full} runs): "
              f"{_figures(full)}")
    if browser is not None:
        cpu, seen, painted, loaded = browser
        print(f"with the page open in Chromium: CPU at rest {cpu:.2f} s = "
              f"{100 * cpu / args.idle:.1f}% of a core")
        print(f"  edit to the new page painted (the browser's clock): {_figures(painted)}")
        print(f"  edit to the new page loaded, pictures in view: {_figures(loaded)}")
        print(f"  edit to Playwright seeing it: {_figures(seen)}")


if __name__ == "__main__":
    main()
