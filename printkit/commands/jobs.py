"""The ``--jobs`` option of the commands that work on several games at once, and the
process pool they share (:mod:`printkit.procpool`: its workers die with the command and
share its memory budget)."""

from __future__ import annotations

import argparse
import os
import re
from typing import TYPE_CHECKING

from printkit import budget

if TYPE_CHECKING:
    from printkit import procpool

MOST_JOBS = 256


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


def pool(jobs: int) -> procpool.Pool:
    """A pool of ``jobs`` worker processes (forked where the platform allows: the
    definitions, fonts and plugins loaded so far come along for free)."""
    from printkit import procpool  # loaded by the commands that start processes

    return procpool.pool(jobs, "fork" if os.name == "posix" else "spawn")
