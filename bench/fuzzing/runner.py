"""Run fuzz cases, each in a child forked from this process (which has imported and warmed
up printkit once), at most ``jobs`` at a time, under an address-space cap and a CPU limit;
measure each child's peak memory and CPU time from ``wait4`` and classify what it did."""

from __future__ import annotations

import contextlib
import faulthandler
import inspect
import io
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.fuzzing.model import CRASH, OVER, Budget, Case, Outcome, Ticket, Verdict, classify

Maker = Callable[[Ticket], Case]

RESULTS = ".fuzz-results.jsonl"
STDERR = ".fuzz-stderr.txt"
STDOUT = ".fuzz-stdout.txt"


@dataclass
class _Running:
    case: Case | Ticket
    folder: Path
    started: float
    pid: int


def write_files(case: Case, folder: Path) -> None:
    """The case's files, under ``folder``."""
    for name, data in case.files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    for name, pointing in case.links.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).symlink_to(pointing)


def expand(command: tuple[str, ...], folder: Path) -> list[str]:
    """A command with ``{dir}`` replaced by the case's folder."""
    return [word.replace("{dir}", str(folder)) for word in command]


def _cap_bytes(budget: Budget) -> int:
    """The address-space cap of a child: far enough past the budget that a child over it
    is caught by its measured peak first, near enough to keep the machine safe."""
    size = 0
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                size = int(line.split()[1]) * 1024
    except OSError:
        pass
    return size + 2 * budget.memory_mb * 1024 * 1024


def _child(job: Case | Ticket, folder: Path, budget: Budget, cap: int,
           make: Maker | None) -> None:
    """In the forked child: the case, limits, captured output, the commands; never
    returns."""
    status = 70
    try:
        faulthandler.disable()  # a crash is to be seen in the exit status, not a dump
        for number in (signal.SIGINT, signal.SIGTERM):  # as a printkit command has them
            signal.signal(number, signal.default_int_handler if number == signal.SIGINT
                          else signal.SIG_DFL)
        os.setpgid(0, 0)
        if isinstance(job, Ticket):
            try:
                assert make is not None
                case = make(job)
                write_files(case, folder)
            except Exception:
                import traceback
                _record(folder, {"generator_error": traceback.format_exc()})
                os._exit(0)
            _record(folder, {"label": case.label, "commands": len(case.commands),
                             "located": case.located})
        else:
            case = job
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        cpu = int(budget.cpu_seconds * 2) + 5
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        os.chdir(folder)
        tempfile.tempdir = str(folder)
        os.environ["TMPDIR"] = str(folder)
        for fd, name in ((1, STDOUT), (2, STDERR)):
            handle = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(handle, fd)
            os.close(handle)
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), write_through=True)
        sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), write_through=True)
        if case.requests:
            from bench.fuzzing.preview import serve_and_send  # only preview cases need it
            serve_and_send(case, folder, budget, _record)
        else:
            _commands(case, folder)
        status = 0
    except BaseException:
        import traceback
        with open(folder / STDERR, "a", encoding="utf-8") as stream:
            stream.write("fuzz harness child failed:\n" + traceback.format_exc())
    finally:
        os._exit(status)


def _record(folder: Path, entry: dict[str, object]) -> None:
    with open(folder / RESULTS, "a", encoding="utf-8") as stream:
        stream.write(json.dumps(entry) + "\n")


def _commands(case: Case, folder: Path) -> None:
    from printkit.cli import main
    from printkit.console import Console

    # the budget the printkit command holds itself to, where this printkit has one
    options = {"enforce_budget": True} if "enforce_budget" in inspect.signature(
        main).parameters else {}
    for number, command in enumerate(case.commands):
        before = resource.getrusage(resource.RUSAGE_SELF)
        start = (folder / STDERR).stat().st_size
        _record(folder, {"command": number, "start": start})
        status = main(expand(command, folder), Console(sys.stdout, sys.stderr), **options)
        sys.stdout.flush()
        sys.stderr.flush()
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        _record(folder, {"command": number, "status": int(status), "cpu": cpu,
                         "end": (folder / STDERR).stat().st_size})
        if status != 0:
            break


def _judge(running: _Running, wait_status: int, usage: resource.struct_rusage,
           timed_out: bool, budget: Budget) -> Outcome:
    folder = running.folder
    entries = [json.loads(line) for line in _read(folder / RESULTS).decode().splitlines()
               if line.strip()]
    ticket = running.case if isinstance(running.case, Ticket) else None
    if isinstance(running.case, Ticket):
        made = next((e for e in entries if "label" in e or "generator_error" in e), None)
        family, index = running.case.family, running.case.index
        if made is None or "generator_error" in made:
            error = str(made["generator_error"]) if made else "the child made no case"
            return Outcome(Case(family, index, "", {}, ()), ticket=ticket, harness_error=error)
        case = Case(family, index, str(made["label"]), {},
                    tuple(("",) for _ in range(int(made["commands"]))), bool(made["located"]))
    else:
        case = running.case
    peak_mb = usage.ru_maxrss / 1024
    cpu_total = usage.ru_utime + usage.ru_stime
    stderr_bytes = _read(folder / STDERR)
    stderr = stderr_bytes.decode("utf-8", "replace")
    signal_number = os.WTERMSIG(wait_status) if os.WIFSIGNALED(wait_status) else None
    outcome = Outcome(case, peak_mb=peak_mb, cpu_seconds=cpu_total, stderr=stderr,
                      ticket=ticket)
    if case.requests:
        outcome.verdicts = [Verdict(str(e["class"]), str(e.get("reason", "")),
                                    str(e.get("detail", ""))) for e in entries if "class" in e]
        missing = case.inputs - len(outcome.verdicts)
        if missing > 0:
            verdict = (Verdict(OVER, "time", "the preview run was killed") if timed_out
                       else Verdict(CRASH, "harness", _tail(stderr)))
            outcome.verdicts += [verdict] * missing
        return outcome
    ends = {e["command"]: e for e in entries if "status" in e}
    outcome.commands_run = len(ends)
    starts = {e["command"]: e for e in entries if "start" in e}
    for number in sorted(starts):
        end = ends.get(number)
        begin = int(starts[number]["start"])
        if end is None:  # the child died (or was killed) in this command
            text = stderr_bytes[begin:].decode("utf-8", "replace")
            outcome.verdicts = [classify(None, signal_number, text, peak_mb=peak_mb,
                                         cpu_seconds=cpu_total, timed_out=timed_out,
                                         budget=budget, located=case.located)]
            if signal_number is None and not timed_out and outcome.verdicts[0].klass != OVER:
                outcome.verdicts = [Verdict(CRASH, "child died", _tail(stderr))]
            return outcome
        text = stderr_bytes[begin:int(end["end"])].decode("utf-8", "replace")
        verdict = classify(int(end["status"]), None, text, peak_mb=peak_mb,
                           cpu_seconds=float(end["cpu"]), timed_out=False, budget=budget,
                           located=case.located, previous_ok=number > 0)
        outcome.verdicts = [verdict]
        if verdict.klass != "fine":
            return outcome
    if not outcome.verdicts:
        outcome.verdicts = [Verdict(OVER, "time", "killed before it began") if timed_out
                            else Verdict(CRASH, "harness", _tail(stderr))]
    return outcome


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _tail(text: str) -> str:
    return " | ".join(text.strip().splitlines()[-3:])[:300]


def run_cases(cases: Iterable[Case | Ticket], *, jobs: int, budget: Budget, root: Path,
              done: Callable[[Outcome, Path], None], make: Maker | None = None) -> None:
    """Run every case, ``jobs`` at a time, calling ``done(outcome, folder)`` for each as it
    ends (the folder is removed right after: copy what is to be kept)."""
    cap = _cap_bytes(budget)
    running: dict[int, _Running] = {}
    sys.stdout.flush()
    sys.stderr.flush()

    def reap(block: bool) -> None:
        # each of our children by its id: other children of this process are not ours
        while running:
            now = time.monotonic()
            for child, item in list(running.items()):
                pid, wait_status, usage = os.wait4(child, os.WNOHANG)
                overdue = now - item.started > budget.cpu_seconds * budget.wall_factor
                if pid == 0 and overdue:
                    _kill_group(child)
                    _, wait_status, usage = os.wait4(child, 0)
                if pid != 0 or overdue:
                    _finish(running.pop(child), wait_status, usage, pid == 0)
                    return
            if not block:
                return
            time.sleep(0.005)

    def _finish(item: _Running, wait_status: int, usage: resource.struct_rusage,
                timed_out: bool) -> None:
        _kill_group(item.pid)  # whatever the child left running (workers, a server)
        try:
            done(_judge(item, wait_status, usage, timed_out, budget), item.folder)
        finally:
            shutil.rmtree(item.folder, ignore_errors=True)

    try:
        _start_all(cases, jobs, budget, root, cap, make, running, reap)
    except BaseException:  # interrupted: stop every child, leave no folder behind
        for child, item in running.items():
            _kill_group(child)
            with contextlib.suppress(ChildProcessError):
                os.wait4(child, 0)
            shutil.rmtree(item.folder, ignore_errors=True)
        raise


def _start_all(cases: Iterable[Case | Ticket], jobs: int, budget: Budget, root: Path, cap: int,
               make: Maker | None, running: dict[int, _Running],
               reap: Callable[[bool], None]) -> None:
    for case in cases:
        while len(running) >= jobs:
            reap(True)
        folder = Path(tempfile.mkdtemp(prefix=f"{case.family}-{case.index}-", dir=root))
        if isinstance(case, Case):
            write_files(case, folder)
        pid = os.fork()
        if pid == 0:
            _child(case, folder, budget, cap, make)
        with contextlib.suppress(OSError):  # the child did it first, or has already ended
            os.setpgid(pid, pid)
        running[pid] = _Running(case, folder, time.monotonic(), pid)
    while running:
        reap(True)


def _kill_group(pid: int) -> None:
    """Stop the process group of the child ``pid`` (its own workers and servers with it)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
