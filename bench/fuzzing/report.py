"""What a fuzz run tells: the table of inputs by family and class, each failing input saved
to a folder it can be replayed from, and the distinct findings with their smallest input."""

from __future__ import annotations

import base64
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from bench.fuzzing.model import CLASSES, FINE, Case, Outcome, Verdict

CASE_FILE = "case.json"
INPUT = "input"


def table(counts: dict[str, dict[str, int]]) -> str:
    """Inputs by family (rows) and class (columns), with totals."""
    names = list(counts)
    header = f"{'family':<12}" + "".join(f"{c:>13}" for c in CLASSES) + f"{'inputs':>9}"
    lines = [header, "-" * len(header)]
    totals = dict.fromkeys(CLASSES, 0)
    for name in names:
        row = counts[name]
        lines.append(f"{name:<12}" + "".join(f"{row[c]:>13,}" for c in CLASSES)
                     + f"{sum(row.values()):>9,}")
        for c in CLASSES:
            totals[c] += row[c]
    lines.append("-" * len(header))
    lines.append(f"{'total':<12}" + "".join(f"{totals[c]:>13,}" for c in CLASSES)
                 + f"{sum(totals.values()):>9,}")
    return "\n".join(lines)


def figures(outcomes: list[Outcome]) -> str:
    """What each family cost: cases, CPU seconds (in all and the most for one case) and the
    largest peak of memory."""
    rows: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        rows.setdefault(outcome.case.family, []).append(outcome)
    lines = [f"{'family':<12}{'cases':>8}{'CPU s':>9}{'most CPU s':>12}{'largest MB':>12}"]
    for name, items in rows.items():
        cpu = [o.cpu_seconds for o in items]
        lines.append(f"{name:<12}{len(items):>8,}{sum(cpu):>9.0f}{max(cpu):>12.1f}"
                     f"{max(o.peak_mb for o in items):>12.0f}")
    return "\n".join(lines)


def save_case(case: Case, target: Path, source: Path | None = None,
              outcome: Outcome | None = None) -> Path:
    """Write ``case`` to ``target`` so that ``--replay`` can run it again: its files under
    ``input/``, its commands and requests in ``case.json``, and (from the finished run's
    ``source`` folder) what it printed and any internal-error report."""
    target.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        path = target / INPUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    record: dict[str, object] = {
        "family": case.family, "index": case.index, "label": case.label,
        "commands": [list(c) for c in case.commands], "located": case.located,
        "requests": [base64.b64encode(r).decode() for r in case.requests],
        "links": dict(case.links),
    }
    if outcome is not None:
        record["verdicts"] = [vars(v) for v in outcome.verdicts if v.klass != FINE]
        record["peak_mb"] = round(outcome.peak_mb, 1)
        record["cpu_seconds"] = round(outcome.cpu_seconds, 2)
        (target / "stderr.txt").write_text(outcome.stderr[-200_000:], encoding="utf-8")
    if source is not None:
        for report in sorted(source.glob("printkit-report-*.txt"))[:3]:
            shutil.copyfile(report, target / report.name)
    (target / CASE_FILE).write_text(json.dumps(record, indent=1), encoding="utf-8")
    return target


def load_case(folder: Path) -> Case:
    """A case saved by :func:`save_case`."""
    record = json.loads((folder / CASE_FILE).read_text(encoding="utf-8"))
    files = {str(p.relative_to(folder / INPUT)): p.read_bytes()
             for p in sorted((folder / INPUT).rglob("*")) if p.is_file()}
    return Case(str(record["family"]), int(record["index"]), str(record["label"]), files,
                tuple(tuple(c) for c in record["commands"]), bool(record["located"]),
                tuple(base64.b64decode(r) for r in record["requests"]),
                dict(record.get("links", {})))


def size(case: Case) -> int:
    """How big an input is (to keep the smallest of a finding)."""
    return sum(len(d) for d in case.files.values()) + sum(len(r) for r in case.requests)


@dataclass
class Finding:
    """One distinct way of failing, with how often it was seen and its smallest input."""

    family: str
    verdict: Verdict
    count: int = 0
    smallest: Case | None = None
    saved: Path | None = None
    frames: list[str] = field(default_factory=list)


def last_frames(folder: Path, count: int = 6) -> list[str]:
    """The last lines of the traceback in an internal-error report saved in ``folder``
    (or in its ``stderr.txt``)."""
    for path in [*sorted(folder.glob("printkit-report-*.txt")), folder / "stderr.txt"]:
        if path.exists():
            text = path.read_text(encoding="utf-8", errors="replace")
            at = text.rfind("Traceback (most recent call last)")
            if at >= 0:
                lines = [line for line in text[at:].splitlines() if line.strip()]
                return lines[-count:]
    return []


class Findings:
    """Failing inputs grouped by family, class and reason."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.found: dict[tuple[str, str, str], Finding] = {}

    def add(self, outcome: Outcome, source: Path) -> None:
        """Count the outcome's failures; save its input if it is the smallest so far."""
        for verdict in {(v.klass, v.reason): v for v in outcome.verdicts
                        if v.klass != FINE}.values():
            key = (outcome.case.family, verdict.klass, verdict.reason)
            finding = self.found.setdefault(key, Finding(outcome.case.family, verdict))
            finding.count += 1
            if finding.smallest is None or size(outcome.case) < size(finding.smallest):
                finding.smallest = outcome.case
                number = list(self.found).index(key) + 1
                target = self.folder / f"{number:03d}-{outcome.case.family}-{verdict.klass}"
                shutil.rmtree(target, ignore_errors=True)
                finding.saved = save_case(outcome.case, target, source, outcome)
                finding.frames = last_frames(target)
                finding.verdict = verdict

    def markdown(self) -> str:
        """Every finding: class, reason, count, the saved reproducer and the last frames."""
        parts = []
        for finding in self.found.values():
            case = finding.smallest
            assert case is not None
            parts.append(f"### {finding.family}: {finding.verdict.klass}: "
                         f"{finding.verdict.reason}\n")
            parts.append(f"- seen {finding.count} times; smallest input ({size(case):,} "
                         f"bytes): {case.label[:200]}")
            parts.append(f"- detail: {finding.verdict.detail[:300]}")
            parts.append(f"- replay: `python bench/fuzz.py --replay {finding.saved}`")
            if case.commands:
                parts.append(f"- command: `printkit {' '.join(case.commands[0])[:200]}`")
            if finding.frames:
                parts.append("- last frames:\n\n```\n" + "\n".join(finding.frames) + "\n```")
            parts.append("")
        return "\n".join(parts) if parts else "No findings.\n"
