"""Benchmark: what ``printkit preview`` costs at rest and how fast an edit reaches it.

    python bench/preview_bench.py [--code DIR] [--filler 6000] [--idle 10] [--edits 5]
                                  [--log inside|outside]

The Spellbook example is copied into a fresh folder beside ``--filler`` small files (a
stand-in for a virtual environment kept next to a definition), and ``printkit preview`` is
started on it as a separate process, its log written into that same folder as
``preview.log`` (or, with ``--log outside``, beside the folder).  Then, with nothing else
changing:

* CPU at rest: the process's user and system time (``/proc/PID/stat``) over ``--idle``
  seconds with no file changing, as a share of one core; its thread count beside it;
* rebuilds at rest: how many times the page's version moved over those seconds (anything
  above 0 is the preview rebuilding from its own log or an unrelated file);
* edit to rebuilt: seconds from rewriting a cell of ``spells.csv`` to the page's
  ``/version`` answering a new number (asked every 10 ms), ``--edits`` times;
* with ``--browser``, edit to page: seconds from such an edit to the page open in Debian's
  Chromium (headless, through Playwright) showing the new version.

``--code DIR`` runs the printkit package found in DIR (for instance an older version
unpacked with ``git archive HEAD printkit | tar -x -C DIR``) instead of the installed one.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def version(url: str) -> str:
    with urllib.request.urlopen(url + "version", timeout=10) as answer:
        return str(answer.read().decode())


def make_folder(where: Path, filler: int) -> Path:
    """The Spellbook example and ``filler`` unrelated files in ``where``."""
    shutil.copytree(ROOT / "examples" / "spellbook", where / "spellbook")
    folder = where / "spellbook"
    for index in range(filler):
        package = folder / "venv" / "lib" / f"package{index // 100:03d}"
        package.mkdir(parents=True, exist_ok=True)
        (package / f"module{index % 100:02d}.py").write_text(f"VALUE = {index}\n")
    return folder


def start(folder: Path, code: str | None, log_path: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = dict(os.environ)
    if code:
        env["PYTHONPATH"] = code
    log = open(log_path, "wb")  # noqa: SIM115 - the child keeps it open
    process = subprocess.Popen(
        [sys.executable, "-m", "printkit", "preview", str(folder / "spellbook.yaml"),
         "--port", "0"], stdout=log, stderr=subprocess.STDOUT, env=env,
        cwd=folder.parent)  # not the checkout, whose printkit would come before --code
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        text = log_path.read_text()
        if " at http://" in text:
            return process, text.split(" at ", 1)[1].split()[0]
        if process.poll() is not None:
            raise SystemExit(f"preview stopped:\n{text}")
        time.sleep(0.1)
    raise SystemExit("preview did not start")


def edit_to_rebuilt(folder: Path, url: str, edits: int) -> list[float]:
    data = folder / "spells.csv"
    original = data.read_text()
    took = []
    for number in range(edits):
        before = version(url)
        data.write_text(original.replace("Spark,", f"Spark {number + 1},", 1))
        started = time.monotonic()
        while version(url) == before:
            time.sleep(0.01)
        took.append(time.monotonic() - started)
        time.sleep(1.0)
    return took


def edit_to_page(folder: Path, url: str, edits: int) -> list[float]:
    """Seconds from an edit to the page showing it in Debian's Chromium (headless)."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    data = folder / "spells.csv"
    original = data.read_text()
    took = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium,
                                         args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(url)
        for number in range(edits):
            page.wait_for_load_state("load")
            shown = page.locator("body").get_attribute("data-version")
            data.write_text(original.replace("Spark,", f"Spark {number + 1},", 1))
            started = time.monotonic()
            page.wait_for_function(f"document.body && document.body.dataset.version "
                                   f"&& document.body.dataset.version !== '{shown}'",
                                   timeout=30_000)
            took.append(time.monotonic() - started)
            time.sleep(1.0)
        browser.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", help="run the printkit package in this folder")
    parser.add_argument("--filler", type=int, default=6000)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--log", choices=("inside", "outside"), default="inside")
    parser.add_argument("--browser", action="store_true",
                        help="also time edit to page shown in headless Chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = make_folder(Path(temp), args.filler)
        log = (folder if args.log == "inside" else folder.parent) / "preview.log"
        process, url = start(folder, args.code, log)
        try:
            time.sleep(3.0)  # let the first rebuilds settle
            first_version, first_cpu = version(url), cpu_seconds(process.pid)
            time.sleep(args.idle)
            cpu = cpu_seconds(process.pid) - first_cpu
            moved = int(version(url)) - int(first_version)
            count = threads(process.pid)
            took = edit_to_rebuilt(folder, url, args.edits)
            shown = edit_to_page(folder, url, args.edits) if args.browser else []
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"code: {args.code or 'installed printkit'}; {args.filler} unrelated files; "
          f"log {args.log} the folder")
    print(f"CPU at rest over {args.idle:g} s: {cpu:.2f} s = {100 * cpu / args.idle:.1f}% "
          f"of a core; {count} threads; {moved} rebuilds with nothing edited")
    print(f"edit to rebuilt ({args.edits} edits of spells.csv): median "
          f"{statistics.median(took):.2f} s, range {min(took):.2f}-{max(took):.2f} s")
    if shown:
        print(f"edit to page shown in Chromium: median {statistics.median(shown):.2f} s, "
              f"range {min(shown):.2f}-{max(shown):.2f} s")


if __name__ == "__main__":
    main()
