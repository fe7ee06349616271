"""The long fuzz run: hostile definitions, data files, images, fonts, booklet templates,
command lines and preview requests, each run through printkit in a forked child under a
memory and time budget.

    python bench/fuzz.py                          # 10,000 inputs, a fresh seed
    python bench/fuzz.py --inputs 500 --seed 12   # a short run, replayed by its seed
    python bench/fuzz.py --family fonts --inputs 200
    python bench/fuzz.py --replay fuzz-findings/003-images-crash
    python bench/fuzz.py --hypothesis --examples 500   # the properties of tests/test_fuzz.py

Every input is classified: fine; crash (exit 70 or any exit outside 0-4, a traceback, a
signal); over-budget (peak memory over --memory-mb, or CPU time over --seconds); unlocated
(an error about a definition that names no file:line:col, or a library's stray log line);
disagree (check passed a definition that build refused); unsafe (the preview server
answered a request for another host).  It prints a table of inputs by family and class,
saves the smallest input of each distinct finding to --save (with the command to replay
it), and exits 1 if any input was not fine.  ``tests/test_fuzz_harness.py`` runs the same
harness on a few inputs of each family.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make ``bench.fuzzing`` importable
    sys.path.insert(0, str(ROOT))

from bench.fuzzing.harness import SHARES, Run, fuzz, make_case, split  # noqa: E402
from bench.fuzzing.model import Budget  # noqa: E402
from bench.fuzzing.report import Findings, figures, load_case, table  # noqa: E402


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="inputs in all (10,000)")
    parser.add_argument("--seed", type=int, default=None, help="replay a run (default: new)")
    parser.add_argument("--family", action="append", choices=sorted(SHARES),
                        help="only these families (repeatable; default all)")
    parser.add_argument("--case", type=int, help="only this case number of --family")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="inputs run at once (default: one per core)")
    parser.add_argument("--memory-mb", type=int, default=1024,
                        help="peak memory budget of one input (1024 MB)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="CPU-time budget of one input (30 s)")
    parser.add_argument("--save", type=Path, default=Path("fuzz-findings"),
                        help="where the smallest input of each finding is saved")
    parser.add_argument("--findings", type=Path, help="also write the findings as Markdown")
    parser.add_argument("--minutes", type=float,
                        help="start no new input after this many minutes (the table then "
                             "counts the inputs run)")
    parser.add_argument("--log", type=Path, help="write a line of JSON for every input here")
    parser.add_argument("--replay", type=Path, help="run one saved input again")
    parser.add_argument("--hypothesis", action="store_true",
                        help="run the Hypothesis properties of tests/test_fuzz.py instead")
    parser.add_argument("--examples", type=int, default=500,
                        help="with --hypothesis: inputs per property")
    return parser


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Ctrl-C, or SIGTERM (a background job's SIGINT is ignored), ends the run early with the
    # table of what was run so far
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.hypothesis:
        return _hypothesis(seed, args.examples)
    budget = Budget(memory_mb=args.memory_mb, cpu_seconds=args.seconds)
    findings = Findings(args.save.resolve())
    families = args.family or list(SHARES)
    cases = None
    if args.replay is not None:
        cases = iter([load_case(args.replay)])
    elif args.case is not None:
        cases = iter([make_case(families[0], seed, args.case)])
    last = [time.monotonic()]

    def progress(run: Run) -> None:
        if time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            done = sum(o.case.inputs for o in run.outcomes)
            print(f"  {done:,} inputs, {run.failed} not fine, {run.seconds:.0f} s",
                  file=sys.stderr, flush=True)

    with contextlib.ExitStack() as stack:
        log = stack.enter_context(args.log.open("w", encoding="utf-8")) if args.log else None
        run = fuzz(seed, split(args.inputs, families), jobs=args.jobs, budget=budget,
                   findings=findings, progress=progress, cases=cases, minutes=args.minutes,
                   log=log)
    print(table(run.counts))
    print(figures(run.outcomes))
    if run.cut_short:
        print(f"the run was cut short: {run.cut_short}")
    if run.generator_errors:
        print(f"{len(run.generator_errors)} inputs could not be made (a bug of the harness)")
    done = sum(o.case.inputs for o in run.outcomes)
    cpu = sum(o.cpu_seconds for o in run.outcomes)
    peak = max((o.peak_mb for o in run.outcomes), default=0.0)
    print(f"seed {seed}: {done:,} inputs in {run.seconds:.0f} s with {args.jobs} jobs, "
          f"{cpu:.0f} CPU s in the children, the largest peak {peak:.0f} MB (budget "
          f"{budget.memory_mb} MB and {budget.cpu_seconds:g} CPU s an input)")
    if args.replay is not None or args.case is not None:
        for outcome in run.outcomes:
            for verdict in outcome.verdicts:
                print(f"{verdict.klass}: {verdict.reason} {verdict.detail}")
            print(f"peak {outcome.peak_mb:.0f} MB, {outcome.cpu_seconds:.2f} CPU s\n"
                  + outcome.stderr[-4000:])
    if findings.found:
        text = findings.markdown()
        print(f"\n{len(findings.found)} distinct findings, saved under {findings.folder}:")
        for finding in findings.found.values():
            print(f"  {finding.count:>5}  {finding.family}: {finding.verdict.klass}: "
                  f"{finding.verdict.reason[:90]}")
        if args.findings is not None:
            args.findings.write_text(f"# Fuzz findings (seed {seed})\n\n```\n{table(run.counts)}"
                                     f"\n```\n\n{text}", encoding="utf-8")
    return 1 if run.failed or run.generator_errors else 0


def _hypothesis(seed: int, examples: int) -> int:
    """The Hypothesis properties of tests/test_fuzz.py with ``examples`` inputs each."""
    env = dict(os.environ, PRINTKIT_FUZZ_EXAMPLES=str(examples), PRINTKIT_FUZZ_SEED="1")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(ROOT / "tests" / "test_fuzz.py"), f"--hypothesis-seed={seed}"],
        cwd=ROOT, env=env, check=False)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
