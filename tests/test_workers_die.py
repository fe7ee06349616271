"""Worker processes die with the command that started them, and a build killed while its
workers run leaves every kit folder whole or as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from printkit import procpool
from tests.conftest import ROOT, Run

GAMES = ("i-vant-to-be-alone", "stars-and-bars", "white-star", "star-battle")
POLLS = 200
"""Looks at the process table before giving up (a tenth of a second apart)."""


def _children(pid: int) -> list[int]:
    children: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listed:
            children += [int(child) for child in listed.read().split()]
    return children


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie waiting to be reaped does
    not: nothing reaps orphans in some containers)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_until_gone(pids: list[int]) -> list[int]:
    for _ in range(POLLS):
        left = [pid for pid in pids if _running(pid)]
        if not left:
            return []
        time.sleep(0.1)
    return left


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_killed_build_leaves_no_worker_and_no_kit_half_written(
        run_cli: Run, tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    assert run_cli("-q", "build", *GAMES, "--jobs", "1", "-o", str(reference)).status == 0
    out = tmp_path / "killed"
    command = subprocess.Popen(
        [sys.executable, "-m", "printkit", "-q", "build", *GAMES, "--jobs", "2", "-o",
         str(out)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        for _ in range(POLLS * 5):  # until both workers have started on their games
            workers = _children(command.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.02)
        assert len(workers) >= 2, "the build never started its workers"
    finally:
        command.send_signal(signal.SIGKILL)
        command.wait()
    assert _wait_until_gone(workers) == []
    kits = sorted(p.name for p in out.iterdir()) if out.exists() else []
    for name in kits:
        if name.startswith("."):  # a staging folder, tidied by the next build
            continue
        assert _files(out / name) == _files(reference / name), name


def test_a_pool_left_by_an_error_kills_its_workers() -> None:
    workers = []
    try:
        with procpool.pool(2, "fork") as running:
            tasks = [running.submit(time.sleep, 3600) for _ in range(2)]
            while not all(task.running() for task in tasks):
                time.sleep(0.01)
            workers = list(running._processes.values())
            raise KeyError("an error while the workers run")
    except KeyError:
        pass
    assert len(workers) == 2
    for worker in workers:  # killed as the pool is left; reaped when the system gets to it
        worker.join(timeout=30)
    assert not any(worker.is_alive() for worker in workers)


WATCHED = """
import os, sys, time
from printkit import procpool
procpool._ask_kernel = lambda: False  # as on a system without prctl: a thread watches
child = os.fork()
if child == 0:
    procpool.die_with_parent(os.getppid())
    time.sleep(3600)
    os._exit(0)
print(child, flush=True)
"""


def test_where_the_kernel_cannot_a_thread_ends_the_orphaned_worker() -> None:
    process = subprocess.run([sys.executable, "-c", WATCHED], capture_output=True,
                             text=True, cwd=ROOT, check=True)
    worker = int(process.stdout)
    assert _wait_until_gone([worker]) == []


def test_the_kernel_is_asked_to_end_a_worker_with_its_parent() -> None:
    script = ("import ctypes, os\nfrom printkit import procpool\n"
              "procpool.die_with_parent(os.getppid())\n"
              "value = ctypes.c_int()\n"
              "ctypes.CDLL(None).prctl(2, ctypes.byref(value), 0, 0, 0)\n"  # PR_GET_PDEATHSIG
              "print(value.value)\n")
    process = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             cwd=ROOT, check=True)
    assert int(process.stdout) == signal.SIGKILL
