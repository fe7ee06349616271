"""How fast the rules engines play: random complete playouts per second.

Run ``python bench/rules_bench.py [--quick] [--agent NAME]``.  Each row plays complete
games on one core with the random agent, or the agent named (``beginner``: each game's
default), dealing, generating legal moves and playing them as ``printkit simulate`` does,
for a fixed budget of the process's CPU time (so moves per second are per core, and other
work on the machine slows the measure less).  Games are capped at 100,000 moves and never
by deals, as before the caps became options, so random White Star games (which never reach
the target) are measured by their moves per second.  The baseline, measured in the same
run, is a pure-Python loop that shuffles a 36-card list and iterates over it once per
"game"; the last column says how many baseline games fit in the time of one playout, so
numbers from different machines can be compared.  Not a test: nothing is asserted.

``--against COMMIT`` measures an earlier commit's engines beside the current ones in the
same run: the commit is checked out into a temporary git worktree, and each round runs one
fresh process per side (the order alternating from round to round, so that the machine's
drift falls on both alike), each importing printkit from its own tree.  It prints both
sides' moves per second (medians over the rounds) and the median of the rounds' ratios::

    python bench/rules_bench.py --against adfce57 --rounds 5
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from printkit.rules import registry
from printkit.rules.base import Game


def _simulator_module(name: str) -> Any:
    """``printkit.simulator.NAME``, or ``printkit.rules.NAME`` where the simulator lived
    before it had a package of its own (an earlier commit measured by ``--against``)."""
    try:
        return importlib.import_module(f"printkit.simulator.{name}")
    except ModuleNotFoundError:
        return importlib.import_module(f"printkit.rules.{name}")


_agents = _simulator_module("agents")
_simulate = _simulator_module("simulate")
Agent = Any
make_agent: Callable[..., Any] = _agents.make_agent
game_generators: Callable[[int, int], tuple[random.Random, random.Random]] = (
    _simulate.game_generators)
play_game: Callable[..., Any] = _simulate.play_game


@dataclass(frozen=True)
class Row:
    label: str
    games: int
    moves: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.games / self.seconds


def _timed(label: str, budget: float, one_game: Callable[[int], int]) -> Row:
    """Play games until ``budget`` seconds of this process's CPU time have passed (at least
    three games).  CPU time rather than the wall clock: on a machine shared with other work
    the wall clock also counts the time the process waited for a core."""
    one_game(-1)  # warm up caches and lazily built tables before the clock starts
    games = moves = 0
    start = time.process_time()
    while True:
        moves += one_game(games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= budget and games >= 3:
            return Row(label, games, moves, elapsed)


def baseline(budget: float) -> Row:
    """Shuffle and walk a 36-card list per game: the floor any engine is measured from."""
    rng = random.Random(0)
    sink = [0]

    def one_game(index: int) -> int:
        deck = list(range(36))
        rng.shuffle(deck)
        total = 0
        for card in deck:
            total += card
        sink[0] = total
        return 36

    return _timed("baseline: shuffle + walk 36 cards", budget, one_game)


def playouts(label: str, game: Game[Any, Any, Any], budget: float, agent: Agent) -> Row:
    """Complete playouts of ``game`` by ``agent`` in every seat."""

    def one_game(index: int) -> int:
        record = play_game(game, agent, *game_generators(0, index + 1), max_moves=100_000,
                           max_deals=None)
        return int(record.turns)

    return _timed(label, budget, one_game)


VARIANTS: tuple[tuple[str, str, Mapping[str, object]], ...] = (
    ("stars-and-stripes 7x7, 1 deck, 4 players", "stars-and-stripes",
     {"players": 4, "decks": 1, "board_size": 7}),
    ("stars-and-stripes 15x15, 4 decks, 4 players", "stars-and-stripes",
     {"players": 4, "decks": 4, "board_size": 15}),
)


def measure(budget: float, agent_name: str, only: str | None = None) -> list[Row]:
    """The baseline row, then one row for each engine (and each variant of :data:`VARIANTS`),
    or only the engines whose name contains ``only``."""
    rows = [baseline(budget)]
    for name in registry.engine_names():
        if only is not None and only not in name:
            continue
        try:
            cls = registry.engine_class(name)
        except ImportError as exc:
            print(f"{name}: skipped, it does not import ({exc})", file=sys.stderr)
            continue
        variants = [(label, options) for label, game, options in VARIANTS if game == name]
        if not variants:
            variants = [(f"{name} (defaults)", {})]
        for label, options in variants:
            game = cls.from_options(options)
            try:
                agent = make_agent(agent_name, game)
            except KeyError:
                continue  # a game without that agent
            rows.append(playouts(label, game, budget, agent))
    return rows


def print_table(rows: list[Row], agent_name: str, budget: float) -> None:
    base = rows[0].per_second
    table = [("", "games", "moves/game", "playouts/s", "moves/s", "x baseline")]
    for row in rows:
        table.append((
            row.label,
            str(row.games),
            f"{row.moves / row.games:.1f}",
            f"{row.per_second:,.1f}",
            f"{row.moves / row.seconds:,.0f}",
            f"{base / row.per_second:,.1f}",
        ))
    _print_columns(table)
    print(f"({agent_name} agent; time budget {budget:g} s per row; x baseline = baseline "
          "games per playout)")


def _print_columns(table: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        cells = [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        print("  ".join([r[0].ljust(widths[0]), *cells]))


ROOT = Path(__file__).resolve().parents[1]


def _side(tree: Path, budget: float, agent_name: str, only: str | None) -> dict[str, float]:
    """Moves per second of each row, measured in a fresh process importing ``tree``'s code."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--budget", str(budget),
         "--agent", agent_name, *(["--only", only] if only is not None else [])],
        cwd=tree, env=env, capture_output=True, text=True, check=True)
    measured = json.loads(done.stdout)
    rows = [Row(**fields) for fields in measured["rows"]]
    found = {row.label: row.moves / row.seconds for row in rows}
    found.update({COMPILED_NOTE + name: 0.0 for name in measured["compiled"]})
    return found


def against(commit: str, rounds: int, budget: float, agent_name: str,
            only: str | None = None) -> None:
    """Both sides, interleaved round by round, and their ratio."""
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as scratch:
        tree = Path(scratch) / "earlier"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(tree), commit], check=True)
        try:
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for index in range(rounds):
                sides = [(tree, old), (ROOT, new)]
                for path, results in sides if index % 2 == 0 else sides[::-1]:
                    results.append(_side(path, budget, agent_name, only))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=False)
    table = [("moves per second", commit[:10], "now", "ratio")]
    for label in [label for label in new[0] if not label.startswith(COMPILED_NOTE)]:
        if not all(label in r for r in old):
            table.append((label, "-", f"{statistics.median(r[label] for r in new):,.0f}", "-"))
            continue
        ratios = [n[label] / o[label] for o, n in zip(old, new, strict=True)]
        table.append((label, f"{statistics.median(r[label] for r in old):,.0f}",
                      f"{statistics.median(r[label] for r in new):,.0f}",
                      f"{statistics.median(ratios):.2f}x"))
    _print_columns(table)
    print(f"({agent_name} agent; {rounds} rounds of {budget:g} s a row on each side, "
          "alternating; medians; ratio = now / earlier, per round)")
    for side, results in ((commit[:10], old), ("now", new)):
        names = sorted(label.removeprefix(COMPILED_NOTE) for label in results[0]
                       if label.startswith(COMPILED_NOTE))
        print(f"{side}: {_compiled_text(names)}")


COMPILED_NOTE = "compiled: "
"""How a worker's results name a module that ran compiled (not a row)."""


def compiled_modules() -> list[str]:
    """The printkit modules imported so far that run compiled code (mypyc's extension
    modules, its shared runtime left out)."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("printkit.") and not name.endswith("__mypyc")
                  and str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES)))


def _compiled_text(names: list[str]) -> str:
    if not names:
        return "every engine ran as Python"
    return "compiled with mypyc: " + ", ".join(names) + " (the rest ran as Python)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random complete playouts per second.")
    parser.add_argument("--quick", action="store_true", help="a short time budget per row")
    parser.add_argument("--agent", default="random", help="random (default), greedy or "
                        "beginner")
    parser.add_argument("--against", metavar="COMMIT",
                        help="measure this earlier commit's engines beside the current ones")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --against (3)")
    parser.add_argument("--budget", type=float, help="seconds per row (default 2, --quick 0.5)")
    parser.add_argument("--only", metavar="TEXT",
                        help="only the engines whose name contains TEXT")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    budget = args.budget or (0.5 if args.quick else 2.0)
    if args.worker:
        rows = [asdict(row) for row in measure(budget, args.agent, args.only)]
        print(json.dumps({"rows": rows, "compiled": compiled_modules()}))
    elif args.against:
        against(args.against, args.rounds, budget, args.agent, args.only)
    else:
        print_table(measure(budget, args.agent, args.only), args.agent, budget)
        print(_compiled_text(compiled_modules()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
