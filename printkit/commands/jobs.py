"""The ``--jobs`` option of the commands that work on several games at once, and the
process pool they share.

Workers die with the command: on Linux the kernel kills each one when the process that
started it ends (``PR_SET_PDEATHSIG``), elsewhere a thread in the worker watches for its
parent to change; a pool left by an error or an interrupt stops its workers at once instead
of letting them finish their games.  Workers share the command's memory budget
(:mod:`printkit.budget`).
"""

from __future__ import annotations

import argparse
import ctypes
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType

from printkit import budget

MOST_JOBS = 256
PR_SET_PDEATHSIG = 1
"""The ``prctl`` option that names the signal a process gets when its parent ends (Linux)."""
WATCH_EVERY = 0.5
"""Seconds between a watching thread's looks at the parent, where prctl is not at hand."""


def job_count(text: str) -> int:
    """``--jobs``: 0 (one per core) up to :data:`MOST_JOBS`."""
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,9}\s*", text):  # int() reads other digits, 1_0
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    value = int(text)
    if not 0 <= value <= MOST_JOBS:
        raise argparse.ArgumentTypeError(
            f"must be 0 (one per core) to {MOST_JOBS}, not {value}")
    return value


def workers(asked: int, tasks: int) -> int:
    """How many processes to use for ``tasks`` independent tasks (``asked`` 0: a core
    each), no more than the memory budget holds."""
    most = budget.most_workers()
    return max(1, min(asked or os.cpu_count() or 1, tasks,
                      tasks if most is None else most))


class _Pool(ProcessPoolExecutor):
    """A process pool that, left by an exception (an error, an interrupt, the time
    budget), kills its workers rather than waiting for the tasks they are running."""

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> bool | None:
        if kind is not None:
            self.stop()
        return super().__exit__(kind, value, traceback)

    def stop(self) -> None:
        """Cancel what has not started and kill the workers."""
        processes = list((self._processes or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join()


def pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes (forked where the platform allows: the
    definitions, fonts and plugins loaded so far come along for free)."""
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    return _Pool(jobs, mp_context=context, initializer=_start_worker,
                 initargs=(os.getpid(), budget.worker_share(jobs)))


def _start_worker(parent: int, share: int | None) -> None:
    """Set up a new worker: it dies with ``parent`` and keeps to its share of memory."""
    die_with_parent(parent)
    if share is not None:
        budget.limit_worker(share)


def die_with_parent(parent: int) -> None:
    """End this process when ``parent`` (the process that started it) ends."""
    if _ask_kernel():
        if os.getppid() != parent:  # the parent ended before the request was made
            os.kill(os.getpid(), signal.SIGKILL)
        return
    threading.Thread(target=_watch, args=(parent,), name="printkit-parent-watch",
                     daemon=True).start()


def _ask_kernel() -> bool:
    """Ask Linux to send SIGKILL to this process when its parent ends; whether it could."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the symbols already loaded: libc's
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """Look at the parent now and then; once it has gone, end this process."""
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)
