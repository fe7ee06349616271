"""How ``printkit simulate`` scales with cores, and how fast each game's default agent plays.

Run ``python bench/simulate_bench.py [--quick]``.  For each shipped game it plays the same
games with its default agent on 1, 2 ... N processes (N = the cores this process may use)
and prints games per second and the speed-up over one process; the results of every run
are checked to be identical.  Not a test: only that equality is asserted.
"""

from __future__ import annotations

import argparse
import time

from printkit.rules import registry
from printkit.simulator.agents import make_agent
from printkit.simulator.runner import RunSpec, default_jobs, run

GAMES = {"stars-and-stripes": 400, "i-vant-to-be-alone": 200, "stars-and-bars": 200,
         "white-star": 60, "star-battle": 12}
"""Games per row: about the same few seconds on one core."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Simulation speed and scaling by cores.")
    parser.add_argument("--quick", action="store_true", help="a quarter of the games")
    args = parser.parse_args(argv)
    cores = default_jobs()
    print(f"{'game':<22} {'games':>6} " + " ".join(f"{f'{j} proc g/s':>12}"
                                                   for j in range(1, cores + 1))
          + "  speed-up")
    for name, games in GAMES.items():
        games = max(4, games // 4) if args.quick else games
        cls = registry.engine_class(name)
        game = cls()
        spec = RunSpec(cls, game.params, type(make_agent(None, game)), seed=1,
                       max_moves=3_000)
        rates, first = [], None
        for jobs in range(1, cores + 1):
            start = time.perf_counter()
            tally = run(spec, 0, games, jobs=jobs)
            rates.append(games / (time.perf_counter() - start))
            first = first or tally
            assert tally == first, f"{name}: {jobs} processes gave another result"
        print(f"{name:<22} {games:>6} " + " ".join(f"{r:>12,.1f}" for r in rates)
              + f"  {rates[-1] / rates[0]:.2f}x")
    print(f"(default agents, max 3,000 moves a game; {cores} cores may be used here)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
