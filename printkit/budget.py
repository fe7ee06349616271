"""The budget of one whole command: the memory it may take (``--limit memory=N``, bytes)
and how long it may run (``--limit seconds=N``).

The ``printkit`` command applies it (:func:`enforced`); a program or a test that calls
:func:`printkit.cli.main` keeps its own process as it is.

Memory
    The data segment of the process (``RLIMIT_DATA``: the heap and every private mapping,
    what grows when Python or a library allocates) is capped at the budget, so an
    allocation past it fails with :class:`MemoryError` instead of the machine swapping.
    Worker processes (``--jobs``) share the budget: each may grow by its part of what the
    main process left (:func:`worker_share`), and no more are started than the budget
    gives :data:`WORKER_MEMORY` each (:func:`most_workers`).  Where the system has no
    such limit (Windows, macOS) the memory budget is not enforced.
Time
    A timer raises :class:`OverTime` in the main thread at the deadline; it unwinds the
    command like an interrupt (a kit being written stays as it was, since kits are put in
    place whole) and the pool stops its workers.  Should the main thread be stuck in a
    library call, a watchdog thread ends the process :data:`GRACE` seconds later with the
    same message.

A little memory is held back from the start (:func:`hold_reserve`) and given up before an
error is reported (:func:`release_reserve`), so the report has room even when the command
ran out.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType

from printkit import limits

try:
    import resource
except ImportError:  # Windows: no resource limits
    resource = None  # type: ignore[assignment]

WORKER_MEMORY = 250_000_000
"""Bytes a worker process is given at the least; fewer workers are started rather than less
(building one shipped game takes about 110 MB)."""
GRACE = 10.0
"""Seconds past the deadline before the watchdog ends a process whose main thread is stuck."""
RESERVE = 4 << 20
"""Bytes held back for reporting an error once memory has run out."""
MOST_SECONDS = 100_000_000
"""A time budget past this (about three years) is no budget: the system's timers stop here."""

_reserve: bytearray | None = None
_active: limits.Limits | None = None
"""The limits being enforced in this process (inherited by forked workers), or None."""


_NO_MAPPING = (os.strerror(errno.ENOMEM), "failed to map segment")
"""How the system's loader says a shared library found no memory."""


class OverPace(Exception):
    """A command's first steps show that the rest cannot finish within its time budget."""


def seconds_left() -> float | None:
    """Seconds until this process's time budget runs out, or None when none is enforced."""
    if _active is None or not hasattr(signal, "getitimer"):
        return None
    left = signal.getitimer(signal.ITIMER_REAL)[0]
    return left if left > 0 else None


class Pace:
    """Watches a long piece of work as it goes and stops it early (:class:`OverPace`) once
    the pace so far shows that the rest cannot finish within the time budget, instead of
    letting it run into the budget.  It judges only after :attr:`SETTLE` seconds, and only
    when the rest would take :attr:`MARGIN` times the time that is left, so that a run
    that could just fit is never stopped by it."""

    SETTLE = 2.0
    MARGIN = 1.5

    def __init__(self, what: str, hint: str) -> None:
        self.what = what
        self.hint = hint
        self.began = time.monotonic()

    def check(self, done: int, total: int) -> None:
        """``done`` of ``total`` pieces are done; raises :class:`OverPace`."""
        left = seconds_left()
        spent = time.monotonic() - self.began
        if left is None or done < 1 or done >= total or spent < self.SETTLE:
            return
        rest = spent / done * (total - done)
        if rest > left * self.MARGIN:
            assert _active is not None
            with limits.using(_active):
                raise OverPace(limits.beyond(
                    "seconds", f"{done} of {total} {self.what} took {spent:.0f} s, so the "
                    f"rest would take about {rest:,.0f} s more", "seconds")
                    + f"; or {self.hint}")


class OverTime(BaseException):
    """The command ran past its time budget (a BaseException, like KeyboardInterrupt, so
    that no ``except Exception`` on the way swallows it)."""


def hold_reserve() -> None:
    """Set aside :data:`RESERVE` bytes to be given up when an error is reported."""
    global _reserve
    if _reserve is None:
        _reserve = bytearray(RESERVE)


def release_reserve() -> None:
    """Give up the reserve (allocates nothing)."""
    global _reserve
    _reserve = None


def data_size() -> int | None:
    """Bytes of this process's data segment now (Linux), or None where it is not known."""
    try:
        with open("/proc/self/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _set_data_limit(size: int) -> tuple[int, int] | None:
    """Cap the data segment at ``size`` bytes (never above the hard limit); returns the
    limits before, or None where the system cannot."""
    if resource is None or not hasattr(resource, "RLIMIT_DATA"):
        return None
    try:
        before = resource.getrlimit(resource.RLIMIT_DATA)
        hard = before[1]
        soft = size if hard == resource.RLIM_INFINITY else min(size, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
    except (OSError, ValueError):
        return None
    return before


_NULL_RETURN = ("error return without exception set",
                "returned NULL without setting an exception")
"""What CPython says when C code fails without setting an error: under a memory budget, an
allocation that failed inside an extension module's start (reportlab's, importing its
settings with 40 MB left)."""


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc``, or an error it was raised from or while handling, is memory running
    out: a MemoryError, a system call or shared library refused with ENOMEM, or a thread
    that could not be started."""
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 20:
        if isinstance(current, MemoryError):
            return True
        if isinstance(current, OSError) and current.errno == errno.ENOMEM:
            return True
        if isinstance(current, ImportError) and any(
                words in str(current) for words in _NO_MAPPING):
            return True  # a shared library whose segments could not be mapped
        if isinstance(current, RuntimeError) and "can't start new thread" in str(current):
            return True  # no memory for the thread's stack
        if isinstance(current, SystemError) and any(
                words in str(current) for words in _NULL_RETURN):
            return True  # C code (an import, say) whose allocation failed reported no error
        current = current.__cause__ or current.__context__
        seen += 1
    return False


def memory_message(chosen: limits.Limits) -> str:
    """The error for a command that needed more memory than its budget."""
    with limits.using(chosen):
        return "error: " + limits.beyond("memory", "this command needed more memory", "bytes")


def time_message(chosen: limits.Limits) -> str:
    """The error for a command that ran past its time budget."""
    with limits.using(chosen):
        return "error: " + limits.beyond("seconds", "this command did not finish in time",
                                         "seconds")


_holding = 0
_deferred = False


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Hold the time budget's stop back for the duration of a ``with`` block (a worker
    being started); a deadline passed meanwhile stops the command as the block ends."""
    global _holding, _deferred
    _holding += 1
    try:
        yield
    finally:
        _holding -= 1
        if not _holding and _deferred:
            _deferred = False
            raise OverTime()


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    global _deferred
    if _holding:
        _deferred = True
        return
    raise OverTime()


@contextlib.contextmanager
def enforced(chosen: limits.Limits, *, timed: bool = True) -> Iterator[None]:
    """Hold this process (and the workers it forks) to the memory and, when ``timed``, the
    time budget of ``chosen`` for the duration of a ``with`` block.

    The time budget needs the main thread and a system with ``setitimer`` (not Windows);
    elsewhere only memory is bounded.
    """
    global _active
    timer = (timed and chosen.seconds <= MOST_SECONDS and hasattr(signal, "setitimer")
             and threading.current_thread() is threading.main_thread())
    watchdog: threading.Timer | None = None
    previous: signal.Handlers | object = None
    if timer:  # the thread first: it needs memory for its stack
        message = (time_message(chosen) + "\n").encode("utf-8", "replace")
        watchdog = threading.Timer(chosen.seconds + GRACE, _stop_now, (message,))
        watchdog.daemon = True
        watchdog.start()
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, chosen.seconds)
    before = _set_data_limit(chosen.memory)
    _active = chosen
    try:
        yield
    finally:
        _active = None
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)  # type: ignore[arg-type]
        if watchdog is not None:
            watchdog.cancel()
        if before is not None and resource is not None:
            with contextlib.suppress(OSError, ValueError):
                resource.setrlimit(resource.RLIMIT_DATA, before)


def _stop_now(message: bytes) -> None:
    """End the process at once: its main thread did not answer the timer."""
    with contextlib.suppress(OSError):
        os.write(2, message)
    os._exit(1)


def most_workers() -> int | None:
    """How many worker processes the memory budget holds at :data:`WORKER_MEMORY` each
    (at least one), or None when no budget is enforced."""
    used = data_size()
    if _active is None or used is None:
        return None
    return max(1, (_active.memory - used) // WORKER_MEMORY)


def worker_share(jobs: int) -> int | None:
    """Bytes each of ``jobs`` workers may grow by, or None when no budget is enforced."""
    used = data_size()
    if _active is None or used is None:
        return None
    return max(0, _active.memory - used) // max(1, jobs)


def limit_worker(share: int) -> None:
    """In a freshly forked worker: cap its data segment at what it inherited plus
    ``share`` (the inherited pages are shared with the main process until written)."""
    used = data_size()
    if used is not None:
        _set_data_limit(used + share)
