"""What one fuzz input is, what became of it, and how an outcome is classified."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

FINE = "fine"
CRASH = "crash"
OVER = "over-budget"
UNLOCATED = "unlocated"
DISAGREE = "disagree"
"""``check`` passed a definition that ``build`` then refused."""
UNSAFE = "unsafe"
"""The preview server answered a request naming another host (DNS rebinding)."""
CLASSES = (FINE, CRASH, OVER, UNLOCATED, DISAGREE, UNSAFE)

ALLOWED_EXITS = frozenset({0, 1, 2, 3, 4})


@dataclass(frozen=True)
class Budget:
    """What one input may use: peak resident memory and CPU seconds (the wall clock only
    catches a child that sleeps, at ``wall_factor`` times the CPU bound: on a machine
    shared with other work a child may get a tenth of a core)."""

    memory_mb: int = 1024
    cpu_seconds: float = 30.0
    wall_factor: float = 10.0


@dataclass(frozen=True)
class Case:
    """One fuzz input: files written into a fresh folder and the commands run on them.

    In the commands ``{dir}`` stands for that folder.  Each command runs only if the one
    before it ended with exit 0 (``check`` then ``build``).  ``located`` says that an
    exit-1 error is about a definition and so must name ``file:line:col``.  A preview case
    has ``requests`` (raw bytes sent to a server started on the first command's
    definition) instead of more commands; each request counts as one input.
    """

    family: str
    index: int
    label: str
    files: Mapping[str, bytes]
    commands: tuple[tuple[str, ...], ...]
    located: bool = True
    requests: tuple[bytes, ...] = ()
    links: Mapping[str, str] = field(default_factory=dict)
    """Symbolic links made in the folder: name -> where it points."""

    @property
    def inputs(self) -> int:
        """How many inputs the case stands for."""
        return len(self.requests) or 1


@dataclass(frozen=True)
class Ticket:
    """A case the child that runs it is to make (so that making inputs is shared out over
    the cores too); the parent makes it again only to save it, should it fail."""

    family: str
    seed: int
    index: int
    inputs: int = 1


@dataclass
class Verdict:
    """The class of one input and a one-line reason (the key findings are grouped by)."""

    klass: str
    reason: str = ""
    detail: str = ""


@dataclass
class Outcome:
    """What became of a case: a verdict for each of its inputs, and its measurements."""

    case: Case
    verdicts: list[Verdict] = field(default_factory=list)
    peak_mb: float = 0.0
    cpu_seconds: float = 0.0
    stderr: str = ""
    commands_run: int = 0
    """How many of the case's commands ran to their end."""
    ticket: Ticket | None = None
    """Where the case came from if the child made it (``case`` then holds no files)."""
    harness_error: str = ""
    """The harness's own failure (a generator's bug), not printkit's."""

    @property
    def worst(self) -> Verdict:
        """The first verdict that is not fine (or the first, if all are)."""
        return next((v for v in self.verdicts if v.klass != FINE), self.verdicts[0])

    @property
    def failed(self) -> bool:
        """Whether any of its inputs was not fine."""
        return any(v.klass != FINE for v in self.verdicts)


_LOCATED = re.compile(r"^\S.*?:\d+:\d+: (?:error|warning): ")
_ERROR = re.compile(r"(?:^|\s)error: ")
_LOG_LINE = re.compile(r"^(?:WARNING|ERROR|CRITICAL|INFO):\S*:")
BUDGET_STOPS = (("this command needed more memory", "stopped by the memory budget"),
                ("this command did not finish in time", "stopped by the time budget"))
"""printkit's own budget messages: the run ended cleanly, but reached its budget."""
NOTES = ("these problems are in the variant", "these problems were found loading")
"""Error lines that only say which run the located problems above them came from."""
_INTERNAL = re.compile(r"internal error \((\w+)\)")


def unlocated_lines(stderr: str) -> list[str]:
    """The error lines of ``stderr`` that name no ``file:line:col`` (and stray log lines
    of a library, which name nothing either)."""
    def bare(line: str) -> bool:
        return bool(_ERROR.search(line)) and not _LOCATED.match(line) \
            and not line.startswith(" ") and not any(note in line for note in NOTES)

    return [line for line in stderr.splitlines() if _LOG_LINE.match(line) or bare(line)]


def classify(status: int | None, signal: int | None, stderr: str, *, peak_mb: float,
             cpu_seconds: float, timed_out: bool, budget: Budget, located: bool,
             previous_ok: bool = False) -> Verdict:
    """The verdict on one command: ``status`` its exit (None if killed by ``signal``),
    ``previous_ok`` whether it is a ``build`` that follows a passing ``check``."""
    internal = _INTERNAL.search(stderr)
    if peak_mb > budget.memory_mb:
        return Verdict(OVER, "memory", f"{peak_mb:.0f} MB peak")
    if cpu_seconds > budget.cpu_seconds:
        return Verdict(OVER, "time", f"{cpu_seconds:.1f} CPU s")
    if timed_out:
        wall = budget.cpu_seconds * budget.wall_factor
        return Verdict(OVER, "wall time",
                       f"killed after {wall:g} s with {cpu_seconds:.1f} CPU s used")
    for words, reason in BUDGET_STOPS:
        if words in stderr and _default_budget(stderr, budget):
            return Verdict(OVER, reason, _first_error(stderr)[:300])
    if internal and internal.group(1) == "MemoryError":
        return Verdict(OVER, "memory", "MemoryError under the address-space cap")
    if signal is not None:
        return Verdict(CRASH, f"signal {signal}")
    if "Traceback (most recent call last)" in stderr or internal:
        return Verdict(CRASH, f"internal error ({internal.group(1)})" if internal
                       else "traceback", _last_line(stderr))
    if status not in ALLOWED_EXITS:
        return Verdict(CRASH, f"exit {status}", _last_line(stderr))
    if located and status == 1:
        lines = unlocated_lines(stderr)
        if lines:
            return Verdict(UNLOCATED, _shape(lines[0]), lines[0][:300])
    if located and previous_ok and status == 1:
        return Verdict(DISAGREE, _shape(_first_error(stderr)), _first_error(stderr)[:300])
    return Verdict(FINE)


_BUDGET_LIMIT = re.compile(r"past the limit of (\d+) (bytes|seconds)")


def _default_budget(stderr: str, budget: Budget) -> bool:
    """Whether printkit stopped at a budget as large as ours (not one the command line
    lowered with ``--limit memory=N`` or ``--limit seconds=N``, where stopping is right)."""
    found = _BUDGET_LIMIT.search(stderr)
    if found is None:
        return True
    number = int(found.group(1))
    if found.group(2) == "bytes":
        return number >= budget.memory_mb * 1_000_000 * 0.9
    return number >= budget.cpu_seconds


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def _first_error(text: str) -> str:
    return next((line for line in text.splitlines() if "error: " in line), _last_line(text))


_NUMBERS = re.compile(r"\d+(?:\.\d+)?")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_PATHS = re.compile(r"/\S*")
_FILES = re.compile(r"[\w.-]+\.(?:yaml|csv|tsv|xlsx|svg|png|jpg|ttf|otf|j2)\b")


def _shape(line: str) -> str:
    """A message with its numbers, quoted words and paths blanked, so that one bug found
    by many inputs is counted as one class."""
    line = _PATHS.sub("PATH", line)
    line = _FILES.sub("FILE", line)
    line = _QUOTED.sub("'X'", line)
    return _NUMBERS.sub("N", line)[:160]


def family_counts(outcomes: list[Outcome]) -> dict[str, dict[str, int]]:
    """Inputs by family and class."""
    table: dict[str, dict[str, int]] = {}
    for outcome in outcomes:
        row = table.setdefault(outcome.case.family, dict.fromkeys(CLASSES, 0))
        for verdict in outcome.verdicts:
            row[verdict.klass] += 1
    return table
