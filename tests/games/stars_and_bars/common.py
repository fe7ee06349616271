"""Positions and helpers shared by the Stars and Bars tests."""

from __future__ import annotations

import random
from pathlib import Path

from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import StarsAndBarsParams, StarsAndBarsState
from printkit.rules.base import make_params

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples" / "stars-and-bars.yaml"


def engine(**options: object) -> StarsAndBars:
    return StarsAndBars(make_params(StarsAndBarsParams, options))


GAME = engine()
MANUAL = engine(manual_housekeeping=True)


def card(game: StarsAndBars, code: str) -> int:
    return game.parse_card(code)


def claim(game: StarsAndBars, state: StarsAndBarsState, name: str,
          argument: str | None = None) -> object:
    return game.claims()[name].compute(state, argument)


def random_state(game: StarsAndBars, seed: int, steps: int) -> StarsAndBarsState:
    """The state after ``steps`` random moves of a seeded game (or its end)."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    for _ in range(steps):
        if state.over:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    return state


ONE_CARD = """
+  a  b     c  d
1  .  .     .  .
2  .  srl1  .  .
3  .  .     .  .
4  .  .     .  .
P1 score 0 hand srl2 sbs1 bbs1 bbs2
P2 score 0 hand brl1
"""

THREE_HIGH = """
1 . .                 .     .
2 . [srl1 srl2 srs2]  bbl1  .
3 . brs1              bbs2  .
4 . .                 .     .
P1 score 0 hand bbl2 srs1
P2 score 0 hand brl1
"""
