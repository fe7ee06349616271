"""The ``--jobs`` option of the commands that work on several games at once, and the
process pool they share."""

from __future__ import annotations

import argparse
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

MOST_JOBS = 256


def job_count(text: str) -> int:
    """``--jobs``: 0 (one per core) up to :data:`MOST_JOBS`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MOST_JOBS:
        raise argparse.ArgumentTypeError(
            f"must be 0 (one per core) to {MOST_JOBS}, not {value}")
    return value


def workers(asked: int, tasks: int) -> int:
    """How many processes to use for ``tasks`` independent tasks (``asked`` 0: a core each)."""
    return max(1, min(asked or os.cpu_count() or 1, tasks))


def pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes (forked where the platform allows: the
    definitions, fonts and plugins loaded so far come along for free)."""
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    return ProcessPoolExecutor(jobs, mp_context=context)
