"""The families, the order their inputs are made in, the warm-up, and one whole run."""

from __future__ import annotations

import gc
import importlib
import io
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bench.fuzzing import definitions
from bench.fuzzing.model import Budget, Case, Outcome, Ticket, family_counts
from bench.fuzzing.report import Findings
from bench.fuzzing.runner import run_cases, write_files

Generator = Callable[[random.Random, int], Case]

SHARES: dict[str, float] = {
    "definitions": 0.30, "data": 0.13, "images": 0.13, "fonts": 0.06, "templates": 0.11,
    "commands": 0.17, "preview": 0.10,
}
"""Each family's share of a run's inputs."""


_GENERATORS = {
    "definitions": ("definitions", "generate"), "data": ("datafiles", "generate_data"),
    "images": ("images", "generate"), "fonts": ("fonts", "generate"),
    "templates": ("templates", "generate"), "commands": ("commandline", "generate"),
    "preview": ("preview", "generate"),
}


def generator(family: str) -> Generator:
    """The generator of ``family``'s cases."""
    module, name = _GENERATORS[family]
    found: Generator = getattr(importlib.import_module(f"bench.fuzzing.{module}"), name)
    return found


def make_case(family: str, seed: int, index: int) -> Case:
    """Case ``index`` of ``family`` in the run seeded ``seed``: the same every time."""
    return generator(family)(random.Random(f"{seed}/{family}/{index}"), index)


def make_ticket(ticket: Ticket) -> Case:
    """The case a ticket stands for."""
    return make_case(ticket.family, ticket.seed, ticket.index)


def schedule(seed: int, inputs: Mapping[str, int]) -> Iterator[Case | Ticket]:
    """Cases of every family interleaved (so that a short run still covers each), until
    each family has made its number of inputs.  The children make the cases but for the
    preview's (cheap to make, and how many inputs each holds is known only once made)."""
    made = dict.fromkeys(inputs, 0)
    index = dict.fromkeys(inputs, 0)
    while True:
        open_ = [f for f in inputs if made[f] < inputs[f]]
        if not open_:
            return
        family = min(open_, key=lambda f: made[f] / inputs[f])
        case: Case | Ticket = (make_case(family, seed, index[family]) if family == "preview"
                               else Ticket(family, seed, index[family]))
        index[family] += 1
        made[family] += case.inputs
        yield case


def split(total: int, families: list[str]) -> dict[str, int]:
    """``total`` inputs shared out by :data:`SHARES` among ``families``."""
    weight = sum(SHARES[f] for f in families)
    return {f: max(1, round(total * SHARES[f] / weight)) for f in families}


def outcome_record(outcome: Outcome) -> dict[str, object]:
    """An outcome as a line of the run's log."""
    return {"family": outcome.case.family, "index": outcome.case.index,
            "label": outcome.case.label[:200], "classes": [v.klass for v in outcome.verdicts],
            "reasons": sorted({v.reason for v in outcome.verdicts if v.reason}),
            "cpu": round(outcome.cpu_seconds, 3), "peak_mb": round(outcome.peak_mb, 1),
            "commands_run": outcome.commands_run}


def warm_up(root: Path) -> None:
    """Import and exercise printkit once in this process, so that every forked child starts
    with fonts, templates and modules loaded (the children then take milliseconds)."""
    from printkit.cli import main
    from printkit.console import Console

    for base in definitions.bases():
        if base.weight < 2:
            continue
        folder = Path(tempfile.mkdtemp(dir=root))
        write_files(Case("warm-up", 0, "", dict(base.files), ()), folder)
        for command in definitions.check_then_build(base.name):
            words = [w.replace("{dir}", str(folder)) for w in command]
            main(words, Console(io.StringIO(), io.StringIO()))
    for words in (["list"], ["schema"], ["schema", "--markdown"], ["check", "toy-nim"]):
        main(words, Console(io.StringIO(), io.StringIO()))
    gc.collect()
    gc.set_threshold(20_000, 20, 20)  # as the printkit command does
    gc.freeze()  # the children then leave the imported objects' pages shared


def scratch() -> str | None:
    """Where the cases' folders go: memory-backed if the system has room there (builds
    sync what they write to disk, which would otherwise set the pace)."""
    shm = Path("/dev/shm")
    try:
        usage = shutil.disk_usage(shm)
    except OSError:
        return None
    return str(shm) if usage.free > 4 << 30 and os.access(shm, os.W_OK) else None


@dataclass
class Run:
    """A finished (or interrupted) run's figures."""

    seed: int
    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0
    generator_errors: list[str] = field(default_factory=list)
    cut_short: str = ""
    """Why the run ended before its inputs were all run, if it did."""

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """Inputs by family and class."""
        return family_counts(self.outcomes)

    @property
    def failed(self) -> int:
        """Inputs that were not fine."""
        return sum(n for row in self.counts.values() for c, n in row.items() if c != "fine")


def _until(cases: Iterator[Case | Ticket], deadline: float | None,
           run: Run) -> Iterator[Case | Ticket]:
    """``cases`` until the clock passes ``deadline`` (then the run is marked cut short)."""
    for case in cases:
        if deadline is not None and time.monotonic() > deadline:
            run.cut_short = "its time ran out"
            return
        yield case


def fuzz(seed: int, inputs: Mapping[str, int], *, jobs: int, budget: Budget,
         findings: Findings, progress: Callable[[Run], None] | None = None,
         cases: Iterator[Case | Ticket] | None = None, minutes: float | None = None,
         log: TextIO | None = None) -> Run:
    """Run the cases of ``inputs`` (or ``cases``) and collect every outcome; start no new
    input after ``minutes``; write a line of JSON for each outcome to ``log``."""
    run = Run(seed)
    started = time.monotonic()
    threshold = gc.get_threshold()
    with tempfile.TemporaryDirectory(prefix="printkit-fuzz-", dir=scratch()) as name:
        root = Path(name)

        def done(outcome: Outcome, folder: Path) -> None:
            if outcome.harness_error:
                run.generator_errors.append(outcome.harness_error)
                print(f"fuzz generator failed ({outcome.case.family} {outcome.case.index}):\n"
                      + outcome.harness_error, file=sys.stderr)
                return
            run.outcomes.append(outcome)
            if log is not None:
                log.write(json.dumps(outcome_record(outcome)) + "\n")
            if outcome.failed:
                if outcome.ticket is not None:  # made in the child: make it again to keep
                    outcome.case = make_ticket(outcome.ticket)
                findings.add(outcome, folder)
            run.seconds = time.monotonic() - started
            if progress is not None:
                progress(run)

        deadline = started + minutes * 60 if minutes is not None else None
        try:
            warm_up(root)
            run_cases(_until(cases if cases is not None else schedule(seed, inputs),
                             deadline, run),
                      jobs=jobs, budget=budget, root=root, done=done, make=make_ticket)
        except KeyboardInterrupt:
            run.cut_short = "it was interrupted"
        finally:  # as this process was before the warm-up (a test session goes on)
            gc.unfreeze()
            gc.set_threshold(*threshold)
    run.seconds = time.monotonic() - started
    return run
