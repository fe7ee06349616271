"""Process pools whose workers die with the command that started them.

On Linux each worker asks the kernel for SIGKILL when the process that started it ends
(``PR_SET_PDEATHSIG``); elsewhere a thread in the worker watches for its parent to change.
A pool left by an exception (an error, an interrupt, the time budget) kills its workers
instead of waiting for the tasks they are running.  Each worker keeps to its share of the
command's memory budget (:mod:`printkit.budget`).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, TypeVar

from printkit import budget

T = TypeVar("T")
PR_SET_PDEATHSIG = 1
"""The ``prctl`` option that names the signal a process gets when its parent ends (Linux)."""
WATCH_EVERY = 0.5
"""Seconds between a watching thread's looks at the parent, where prctl is not at hand."""


class Pool(ProcessPoolExecutor):
    """A process pool that, left by an exception, kills its workers rather than waiting
    for the tasks they are running."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Hand ``fn`` over to the pool (starting a worker for it where needed) with the
        time budget's stop held back until the pool knows every worker it started: one
        half started, unknown to the pool, would not be stopped with the others."""
        with budget.held():
            return super().submit(fn, *args, **kwargs)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> bool | None:
        if kind is not None:
            self.stop()
        return super().__exit__(kind, value, traceback)

    def stop(self) -> None:
        """Kill the workers and cancel what has not started (the workers first: a worker
        still starting needs the pool's queues, which shutting down removes)."""
        processes = list((self._processes or {}).values())
        for process in processes:
            process.kill()
        for process in processes:
            process.join()
        # the pool's manager thread reaps the killed workers too: a join above that lost
        # that race returned before the worker's exit code was known, so the thread is
        # waited for (shutdown forgets it, and leaving the pool would not wait for it)
        manager: threading.Thread | None = getattr(self, "_executor_manager_thread", None)
        self.shutdown(wait=False, cancel_futures=True)
        if manager is not None:
            manager.join()


def pool(jobs: int, method: str) -> Pool:
    """A pool of ``jobs`` workers started by ``method`` (``fork``, ``forkserver`` or
    ``spawn``), each dying with its parent and given its part of the memory budget."""
    # a forked worker's parent is this process; a forkserver's, the server (which ends
    # when this process does), so there the worker takes the parent it finds
    parent = os.getpid() if method == "fork" else None
    return Pool(jobs, mp_context=multiprocessing.get_context(method),
                initializer=_start_worker, initargs=(parent, budget.worker_share(jobs)))


def _start_worker(parent: int | None, share: int | None) -> None:
    """Set up a new worker: it dies with its parent and keeps to its share of memory."""
    die_with_parent(os.getppid() if parent is None else parent)
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
