"""The long fuzz run: the properties of tests/test_fuzz.py with many more inputs.

    python bench/fuzz.py                 # 500 inputs a property, a fresh random seed
    python bench/fuzz.py --examples 5000 --seed 12

It prints how many inputs each property tried and whether any failed (a failing input is
shown by Hypothesis, shrunk to its simplest form, and is replayed by the same seed).  CI
runs the same properties with 25 inputs each.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=500, help="inputs per property")
    parser.add_argument("--seed", type=int, default=None, help="replay a run (default: new)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    env = dict(os.environ, PRINTKIT_FUZZ_EXAMPLES=str(args.examples), PRINTKIT_FUZZ_SEED="1")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" /
         "test_fuzz.py"), f"--hypothesis-seed={seed}", "--hypothesis-show-statistics"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    tried = [line.strip() for line in done.stdout.splitlines()
             if "passing examples" in line or "failing examples" in line
             or line.startswith("tests/test_fuzz.py::") or "check exit" in line]
    print("\n".join(tried))
    print(f"seed {seed}, {args.examples} inputs a property, "
          f"{time.monotonic() - started:.0f} s: "
          + ("no failures" if done.returncode == 0 else "FAILURES (output below)"))
    if done.returncode != 0:
        print(done.stdout[-20000:])
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
