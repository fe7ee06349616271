"""The budget of a whole command (memory and time), the paper-area and png-pixels limits,
and the internal-error report when memory has run out."""

from __future__ import annotations

import io
import math
import os
import resource
import subprocess
import sys
import time
import traceback
from pathlib import Path

import pytest

from printkit import budget, limits
from printkit.cli import Exit, main, save_report
from printkit.commands import jobs
from printkit.commands import list as list_command
from printkit.console import Console
from printkit.errors import DefinitionError
from printkit.pdf.paper import paper_by_name
from printkit.units import MM
from tests.conftest import ROOT, Run


def _printkit(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The ``printkit`` command in a process of its own (where the budget applies)."""
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True,
                          text=True, cwd=cwd, check=False)


# --- paper area ---------------------------------------------------------------------------

def test_a_paper_past_the_area_limit_is_refused_naming_the_limit() -> None:
    with pytest.raises(DefinitionError) as caught:
        paper_by_name("100000mm x 100000mm")
    text = caught.value.render()
    assert "10000000000 square mm" in text and "--limit paper-area=N" in text
    assert paper_by_name("1189mm x 1682mm").height == pytest.approx(1682 * MM)  # 2A0
    with pytest.raises(DefinitionError):
        paper_by_name("1190mm x 1682mm")
    with limits.using(limits.parse_limits(["paper-area=3000000"])):
        assert paper_by_name("1190mm x 1682mm").width == pytest.approx(1190 * MM)


def test_build_refuses_a_huge_paper_before_writing(run_cli: Run, tmp_path: Path) -> None:
    for option in ("--paper", "--board-paper"):
        result = run_cli("build", "stars-and-stripes", option, "100000mm x 100000mm",
                         "-o", str(tmp_path))
        assert result.status == Exit.USAGE, result.err  # an option past its limit
        assert "paper-area" in result.err and "Traceback" not in result.err
        assert list(tmp_path.iterdir()) == []


# --- pixels of an exported picture --------------------------------------------------------

def test_export_png_refuses_a_picture_past_png_pixels_before_drawing(
        run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.export.png as png

    drawn: list[float] = []

    def counting(pdf: bytes, dpi: float, pages: object = None) -> object:
        drawn.append(dpi)
        raise AssertionError("nothing is to be drawn")

    monkeypatch.setattr(png, "png_pages", counting)
    result = run_cli("export", "png", "stars-and-stripes", "--dpi", "1200", "-o",
                     str(tmp_path))
    assert result.status == Exit.INPUT, result.err
    assert "the whole board at 1200 dpi would be" in result.err
    assert "--limit png-pixels=N" in result.err
    assert drawn == [] and list(tmp_path.iterdir()) == []


def test_a_large_picture_is_drawn_in_bands_that_make_the_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pypdfium2

    import printkit.export.raster as raster

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="300pt" '
           'viewBox="0 0 200 300"><rect width="200" height="300" fill="#fff"/>'
           '<circle cx="100" cy="150" r="90" fill="#c33"/>'
           '<path d="M10 10 L190 290" stroke="#000" stroke-width="3"/></svg>')
    pdf = raster.artwork_pdf([svg], title="bands")
    whole = next(raster.page_images(pdf, 150))
    calls: list[tuple[int, int]] = []
    render = pypdfium2.PdfPage.render

    def counted(page: pypdfium2.PdfPage, **kwargs: object) -> pypdfium2.PdfBitmap:
        bitmap = render(page, **kwargs)
        calls.append((bitmap.width, bitmap.height))
        return bitmap

    monkeypatch.setattr(pypdfium2.PdfPage, "render", counted)
    monkeypatch.setattr(raster, "BANDED", 1000)
    monkeypatch.setattr(raster, "BAND", 20_000)
    banded = next(raster.page_images(pdf, 150))
    width, height = whole.size
    rows = 20_000 // width
    assert banded.size == whole.size and banded.mode == "RGB"
    assert len(calls) == math.ceil(height / rows)
    assert all(w == width and h <= rows for w, h in calls)
    assert sum(h for _, h in calls) == height
    # the same picture, up to PDFium's rounding of edges drawn at another offset
    changes = [abs(a - b) for a, b in zip(whole.tobytes(), banded.tobytes(), strict=True)
               if a != b]
    assert max(changes, default=0) <= 2 and len(changes) < len(whole.tobytes()) / 100


def test_a_large_page_is_written_to_png_a_band_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    import printkit.export.pngstream as pngstream
    import printkit.export.raster as raster

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="300pt" '
           'viewBox="0 0 200 300"><rect width="200" height="300" fill="#fff"/>'
           '<circle cx="100" cy="150" r="90" fill="#c33"/></svg>')
    pdf = raster.artwork_pdf([svg], title="streamed")
    monkeypatch.setattr(raster, "BAND", 30_000)
    monkeypatch.setattr(raster, "BANDED", 1000)
    banded = next(raster.page_images(pdf, 300))
    monkeypatch.setattr(pngstream, "BANDED", 1000)
    monkeypatch.setattr(pngstream, "IDAT_SIZE", 1000)  # several IDAT chunks
    png = next(pngstream.png_pages(pdf, 300))
    assert png == next(pngstream.png_pages(pdf, 300))  # the same bytes every time
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.mode == "RGB" and image.size == banded.size
        assert image.tobytes() == banded.tobytes()
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert image.info["gamma"] == pytest.approx(1 / 2.2, abs=1e-4)
    assert png.count(b"IDAT") > 3


# --- the memory budget --------------------------------------------------------------------

def test_a_command_over_its_memory_budget_ends_cleanly(tmp_path: Path) -> None:
    process = _printkit("--limit", "memory=40000000", "build", "stars-and-bars",
                        "-o", str(tmp_path))
    assert process.returncode == Exit.INPUT, process.stderr
    assert "needed more memory" in process.stderr
    assert "--limit memory=N" in process.stderr
    assert "Traceback" not in process.stderr and "internal error" not in process.stderr
    assert not (tmp_path / "stars-and-bars").exists()


def test_main_as_a_library_leaves_the_process_limits_alone(run_cli: Run) -> None:
    before = resource.getrlimit(resource.RLIMIT_DATA)
    assert run_cli("--limit", "memory=1000", "list").status == 0
    assert resource.getrlimit(resource.RLIMIT_DATA) == before
    out, err = io.StringIO(), io.StringIO()
    assert main(["--limit", "memory=999999999999999", "list"], Console(out, err),
                enforce_budget=True) == 0
    assert resource.getrlimit(resource.RLIMIT_DATA) == before  # put back afterwards


def test_memory_running_out_in_a_handler_names_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def greedy(args: object, console: Console) -> int:
        raise MemoryError

    monkeypatch.setattr(list_command, "run", greedy)
    out, err = io.StringIO(), io.StringIO()
    assert main(["--limit", "memory=123456789", "list"], Console(out, err)) == Exit.INPUT
    assert err.getvalue() == ("error: this command needed more memory, past the limit of "
                              "123456789 bytes (raise it with --limit memory=N)\n")


def test_what_counts_as_memory_running_out() -> None:
    import errno

    assert budget.is_out_of_memory(MemoryError())
    assert budget.is_out_of_memory(OSError(errno.ENOMEM, os.strerror(errno.ENOMEM)))
    assert budget.is_out_of_memory(ImportError(
        "/x/_imaging.so: failed to map segment from shared object"))
    assert budget.is_out_of_memory(RuntimeError("can't start new thread"))
    # an extension's start that failed to allocate (seen importing reportlab under 40 MB)
    assert budget.is_out_of_memory(SystemError("error return without exception set"))
    assert not budget.is_out_of_memory(SystemError("some other interpreter complaint"))
    try:
        try:
            raise MemoryError
        except MemoryError as inner:
            raise ValueError("a library's own error") from inner
    except ValueError as outer:
        assert budget.is_out_of_memory(outer)
    assert not budget.is_out_of_memory(ValueError("a plain bug"))
    assert not budget.is_out_of_memory(OSError(errno.ENOSPC, "disk full"))


def test_workers_share_the_memory_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    assert budget.most_workers() is None and budget.worker_share(2) is None  # no budget
    monkeypatch.setattr(budget, "data_size", lambda: 100_000_000)
    monkeypatch.setattr(budget, "_active", limits.parse_limits(["memory=1000000000"]))
    assert budget.most_workers() == 3  # 900 MB left, 250 MB a worker
    assert budget.worker_share(3) == 300_000_000
    assert jobs.workers(8, 10) == 3 and jobs.workers(2, 10) == 2 and jobs.workers(8, 1) == 1
    monkeypatch.setattr(budget, "_active", limits.parse_limits(["memory=200000000"]))
    assert budget.most_workers() == 1 and jobs.workers(8, 10) == 1


SHARED = """
from printkit import budget, limits, procpool

def take(size):
    return len(bytearray(size))

with budget.enforced(limits.parse_limits(["memory=700000000"]), timed=False):
    take(400_000_000)  # the command alone may take 400 MB
    with procpool.pool(2, "fork") as running:
        try:
            running.submit(take, 400_000_000).result()
            print("a worker took 400 MB")
        except MemoryError:
            print("a worker may not take 400 MB of 700 shared by two")
"""


def test_a_worker_keeps_to_its_share_of_the_budget() -> None:
    process = subprocess.run([sys.executable, "-c", SHARED], capture_output=True, text=True,
                             cwd=ROOT, check=True)
    assert process.stdout.strip() == "a worker may not take 400 MB of 700 shared by two"


# --- the time budget ----------------------------------------------------------------------

def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                for child in map(int, listed.read().split()):
                    found |= {child} | _descendants(child)
    except OSError:
        pass  # ended meanwhile
    return found


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def test_a_command_over_its_time_budget_ends_cleanly_with_its_workers() -> None:
    # games of one move each: the first slice, played before the workers start, is over in
    # a moment however busy the machine, so the deadline falls while the workers play
    command = subprocess.Popen(
        [sys.executable, "-m", "printkit", "--limit", "seconds=1", "simulate",
         "stars-and-stripes", "--games", "1000000", "--max-moves", "1", "--jobs", "2"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: set[int] = set()
    while command.poll() is None:  # every process the command starts: workers, server
        seen |= _descendants(command.pid)
    _, err = command.communicate()
    assert command.returncode == Exit.INPUT, err
    assert err.strip() == ("error: this command did not finish in time, past the limit of "
                           "1 seconds (raise it with --limit seconds=N)")
    assert len(seen) >= 3  # the fork server and two workers at least
    for _ in range(200):
        if not any(_running(pid) for pid in seen):
            break
        time.sleep(0.1)
    assert not any(_running(pid) for pid in seen)


def test_the_timer_raises_in_the_main_thread_and_is_put_back() -> None:
    import signal

    before = signal.getsignal(signal.SIGALRM)
    chosen = limits.parse_limits(["seconds=5", "memory=999999999999999"])
    with pytest.raises(budget.OverTime), budget.enforced(chosen):
        signal.raise_signal(signal.SIGALRM)  # what the timer sends at the deadline
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_deadline_passed_while_held_stops_the_command_as_the_hold_ends() -> None:
    import signal

    chosen = limits.parse_limits(["seconds=5", "memory=999999999999999"])
    steps = []
    with pytest.raises(budget.OverTime), budget.enforced(chosen):
        with budget.held():
            signal.raise_signal(signal.SIGALRM)
            steps.append("the worker was started")
        steps.append("never")
    assert steps == ["the worker was started"]


# --- the internal-error report ------------------------------------------------------------

def _broken(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: object, console: Console) -> int:
        raise RuntimeError("a bug somewhere deep")

    monkeypatch.setattr(list_command, "run", broken)


def test_a_report_that_cannot_be_made_still_gives_one_line_and_70(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _broken(monkeypatch)

    def no_memory(*args: object, **kwargs: object) -> list[str]:
        raise MemoryError

    monkeypatch.setattr(traceback, "format_exception", no_memory)
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], Console(out, err)) == Exit.INTERNAL
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and "internal error (RuntimeError)" in lines[0]
    assert "no report could be saved" in lines[0]


class _FailingStream(io.StringIO):
    """A stream whose first ``failures`` writes run out of memory."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    def write(self, text: str) -> int:
        if self.failures:
            self.failures -= 1
            raise MemoryError
        return super().write(text)


def test_when_even_the_message_fails_the_words_made_beforehand_come_out(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    _broken(monkeypatch)
    err = _FailingStream(failures=1)
    assert main(["list"], Console(io.StringIO(), err)) == Exit.INTERNAL
    assert err.getvalue().startswith("printkit: internal error: this is a bug in printkit")
    assert err.getvalue().count("\n") == 1
    err = _FailingStream(failures=10)  # the console is no use at all: straight to stderr
    assert main(["list"], Console(io.StringIO(), err)) == Exit.INTERNAL
    assert "printkit: internal error: this is a bug in printkit" in capfd.readouterr().err


def test_the_report_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process was started while reporting")

    monkeypatch.setattr(os, "fork", refused)
    monkeypatch.setattr(os, "posix_spawn", refused)
    monkeypatch.setattr(subprocess.Popen, "_execute_child", refused)
    try:
        raise RuntimeError("a bug")
    except RuntimeError as exc:
        report = save_report(exc, ["list"])
    assert report is not None
    text = report.read_text()
    report.unlink()
    assert f"on {os.uname().sysname} {os.uname().release}" in text
    assert "RuntimeError: a bug" in text


LOW_MEMORY = """
import resource, sys
from printkit import cli
from printkit.commands import list as command

def hog(args, console):
    held = []
    for size in (1 << 20, 1 << 16, 1 << 12, 1 << 8):  # every last bit, big and small
        try:
            while True:
                held.append(bytearray(size))
        except MemoryError:
            pass
    del held[-8:]  # room to raise in; the rest stays held while the error is reported
    raise RuntimeError("a bug while memory is short")

command.run = hog
cli.make_parser()  # everything a command imports, before the cap
with open("/proc/self/status") as status:
    size = next(int(line.split()[1]) for line in status if line.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, ((size << 10) + (64 << 20), resource.RLIM_INFINITY))
sys.exit(cli.main(["list"]))
"""


def test_a_bug_reported_with_no_memory_left_gives_one_line_and_70() -> None:
    process = subprocess.run([sys.executable, "-c", LOW_MEMORY], capture_output=True,
                             text=True, cwd=ROOT, check=False)
    assert process.returncode == Exit.INTERNAL, process.stderr
    lines = process.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: internal error"), lines
    assert "Traceback" not in process.stderr
    # the memory set aside at the start made room for the whole report
    report = Path(lines[0].split("the details are in ", 1)[1].split(".txt", 1)[0] + ".txt")
    text = report.read_text()
    report.unlink()
    assert "RuntimeError: a bug while memory is short" in text
