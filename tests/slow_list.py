"""Make tests/slow_tests.txt from the ``--durations=0`` report of a full pytest run.

    python -m pytest -p no:cacheprovider --durations=0 -q > durations.txt
    python tests/slow_list.py durations.txt > tests/slow_tests.txt

A test function is slow when its setup, call and teardown, over all its parameter sets,
add up to ``--seconds`` (half a second by default) or more.  The files listed at the end of
:data:`SLOW_FILES` are slow whole: their module fixtures build whole kits, which the first
of their tests would otherwise carry alone.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:call|setup|teardown) +(\S+)")
SLOW_FILES = ("tests/test_page_flow.py", "tests/test_export_pod.py",
              "tests/test_booklet_one_deal.py")
"""Test files slow as a whole (a module fixture builds every booklet or a whole kit)."""
HEADER = """\
# The tests that `python -m pytest -m "not slow"` leaves out: each took half a second or
# more (all its parameter sets together) in a full run on the 2-core development machine,
# and the files listed last are slow whole (their module fixtures build whole kits).
# Regenerate after adding slow tests:
#   python -m pytest -p no:cacheprovider --durations=0 -q > durations.txt
#   python tests/slow_list.py durations.txt > tests/slow_tests.txt"""


def seconds_by_function(lines: Iterable[str]) -> dict[str, float]:
    """Seconds per test function (node id without its parameters).

    >>> seconds_by_function(["0.50s call     tests/a.py::t[1]", "0.70s setup    tests/a.py::t[2]",
    ...                      "collected 2 items"])
    {'tests/a.py::t': 1.2}
    """
    totals: dict[str, float] = defaultdict(float)
    for line in lines:
        found = LINE.match(line)
        if found:
            totals[found[2].partition("[")[0]] += float(found[1])
    return {name: round(seconds, 3) for name, seconds in totals.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("durations", type=Path, help="the output of pytest --durations=0")
    parser.add_argument("--seconds", type=float, default=0.5, help="the threshold (0.5)")
    args = parser.parse_args(argv)
    text = args.durations.read_text(encoding="utf-8", errors="replace")
    totals = seconds_by_function(text.splitlines())
    slow = sorted(name for name, seconds in totals.items() if seconds >= args.seconds)
    sys.stdout.write(HEADER + "\n" + "".join(f"{name}\n" for name in slow)
                     + "".join(f"{name}\n" for name in SLOW_FILES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
