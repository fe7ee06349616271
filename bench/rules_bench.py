"""How fast the rules engines play: random complete playouts per second.

Run ``python bench/rules_bench.py [--quick] [--agent NAME]``.  Each row plays complete
games on one core with the random agent, or the agent named (``beginner``: each game's
default), dealing, generating legal moves and playing them as ``printkit simulate`` does,
for a fixed time budget.  Games are capped at 100,000 moves and never by deals, as before
the caps became options, so random Stars games (which never reach the target) are measured
by their moves per second.  The baseline, measured in the same run, is a pure-Python loop that
shuffles a 36-card list and iterates over it once per "game"; the last column says how
many baseline games fit in the time of one playout, so numbers from different machines
can be compared.  Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from printkit.rules import registry
from printkit.rules.agents import Agent, make_agent
from printkit.rules.base import Game
from printkit.rules.simulate import game_generators, play_game


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
    """Play games until ``budget`` seconds have passed (at least three games)."""
    one_game(-1)  # warm up caches and lazily built tables before the clock starts
    games = moves = 0
    start = time.perf_counter()
    while True:
        moves += one_game(games)
        games += 1
        elapsed = time.perf_counter() - start
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
        return play_game(game, agent, *game_generators(0, index + 1), max_moves=100_000,
                         max_deals=None).turns

    return _timed(label, budget, one_game)


VARIANTS: tuple[tuple[str, str, Mapping[str, object]], ...] = (
    ("stars-and-stripes 7x7, 1 deck, 4 players", "stars-and-stripes",
     {"players": 4, "decks": 1, "board_size": 7}),
    ("stars-and-stripes 15x15, 4 decks, 4 players", "stars-and-stripes",
     {"players": 4, "decks": 4, "board_size": 15}),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random complete playouts per second.")
    parser.add_argument("--quick", action="store_true", help="a short time budget per row")
    parser.add_argument("--agent", default="random", help="random (default), greedy or "
                        "beginner")
    args = parser.parse_args(argv)
    budget = 0.5 if args.quick else 2.0

    rows = [baseline(budget)]
    for name in registry.engine_names():
        try:
            cls = registry.engine_class(name)
        except ImportError as exc:
            print(f"{name}: skipped, it does not import ({exc})")
            continue
        variants = [(label, options) for label, game, options in VARIANTS if game == name]
        if not variants:
            variants = [(f"{name} (defaults)", {})]
        for label, options in variants:
            game = cls.from_options(options)
            try:
                agent = make_agent(args.agent, game)
            except KeyError:
                continue  # a game without that agent
            rows.append(playouts(label, game, budget, agent))

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
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        cells = [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        print("  ".join([r[0].ljust(widths[0]), *cells]))
    print(f"({args.agent} agent; time budget {budget:g} s per row; x baseline = baseline "
          "games per playout)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
