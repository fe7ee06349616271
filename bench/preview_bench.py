"""Benchmark: what ``printkit preview`` costs at rest and how fast an edit reaches it.

    python bench/preview_bench.py [--game spellbook|stars-and-stripes] [--code DIR]
                                  [--filler 6000] [--idle 10] [--edits 5]
                                  [--log inside|outside] [--browser]

The game (the Spellbook example, or Stars and Stripes with its board and booklet) is copied
into a fresh folder beside ``--filler`` small files (a stand-in for a virtual environment
kept next to a definition), and ``printkit preview`` is started on it as a separate
process, its log written into that same folder as ``preview.log`` (or, with ``--log
outside``, beside the folder).  Then:

* CPU at rest: the process's user and system time (``/proc/PID/stat``) over ``--idle``
  seconds with no file changing, as a share of one core; its thread count beside it;
* rebuilds at rest: how many times the page's version moved over those seconds (anything
  above 0 is the preview rebuilding from its own log or an unrelated file);
* edit to rebuilt: seconds from an edit (a cell of ``spells.csv``; the title in the Stars
  and Stripes definition) to ``/version`` answering a new number (asked every 10 ms),
  ``--edits`` times;
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
}


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
                    ) -> list[float]:
    took = []
    for number in range(1, edits + 1):
        before = version(url)
        game.edit(folder, original, number)
        started = time.monotonic()
        while version(url) == before:
            time.sleep(0.01)
        took.append(time.monotonic() - started)
        time.sleep(1.0)
    return took


def in_browser(game: Game, folder: Path, original: str, url: str, edits: int, pid: int,
               idle: float) -> tuple[float, list[float]]:
    """CPU seconds at rest with the page open, and seconds from each edit to the page
    open in Debian's Chromium (headless) showing it."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    took = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium,
                                         args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(url)
        page.wait_for_load_state("load")
        time.sleep(2.0)
        cpu = at_rest(pid, idle)
        for number in range(edits + 1, 2 * edits + 1):
            page.wait_for_load_state("load")
            shown = page.locator("body").get_attribute("data-version")
            game.edit(folder, original, number)
            started = time.monotonic()
            page.wait_for_function(f"document.body && document.body.dataset.version "
                                   f"&& document.body.dataset.version !== '{shown}'",
                                   timeout=60_000)
            took.append(time.monotonic() - started)
            time.sleep(1.0)
        browser.close()
    return cpu, took


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
            moved = int(version(url)) - int(first_version)
            count = threads(process.pid)
            original = (folder / game.edited).read_text()
            took = edit_to_rebuilt(game, folder, original, url, args.edits)
            browser = (in_browser(game, folder, original, url, args.edits, process.pid,
                                  args.idle) if args.browser else None)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"{args.game}; code: {args.code or 'installed printkit'}; {args.filler} unrelated "
          f"files; log {args.log} the folder")
    print(f"CPU at rest over {args.idle:g} s: {cpu:.2f} s = {100 * cpu / args.idle:.1f}% "
          f"of a core; {count} threads; {moved} rebuilds with nothing edited")
    print(f"edit to rebuilt ({args.edits} edits of {game.edited}): {_figures(took)}")
    if browser is not None:
        cpu, shown = browser
        print(f"with the page open in Chromium: CPU at rest {cpu:.2f} s = "
              f"{100 * cpu / args.idle:.1f}% of a core; edit to page shown {_figures(shown)}")


if __name__ == "__main__":
    main()
