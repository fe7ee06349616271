"""Positions and helpers shared by the "I vant to be alone" tests."""

from __future__ import annotations

import random
from pathlib import Path

from printkit.games.vant.rules import Vant
from printkit.games.vant.state import VantParams, VantState, read_card

EXAMPLES = Path(__file__).parents[2] / "data" / "examples" / "i-vant-to-be-alone.yaml"

GAME = Vant()
STRICT = Vant(VantParams(strict_claims=True))
DEAD = Vant(VantParams(level2_visibility="cell_dead"))
ENGINES = {"default": GAME, "strict": STRICT, "dead": DEAD}

SEED_LAYOUT = """\
dealer: P2
layout:
  7S  9D   KS  8C
  .   9C   QD  .
  .   QC   JH  AH
  .   10C  .   10S
"""

SQUARE = """\
dealer: P2
scores: P1 31, P2 27
layout:
  7S  9D   KS  8C
  8H  9C   QD  10H
  AD  QC   JH  AH
  JS  10C  7D  10S
"""

SCORING = "layout:\n  9H  8C  9S\n  JD  .   7H\n  9D  QS  .\n"


def card(name: str) -> int:
    """The card ``name`` names (the test fails if it names none)."""
    found = read_card(name)
    assert found is not None, name
    return found


def playout(game: Vant, seed: int, stop: int | None = None) -> list[VantState]:
    """States of one random game (or its first ``stop`` decisions)."""
    rng = random.Random(seed)
    states = [game.initial_state(rng)]
    while not game.is_terminal(states[-1]) and (stop is None or len(states) <= stop):
        moves = game.legal_moves(states[-1])
        states.append(game.apply(states[-1], moves[rng.randrange(len(moves))], rng))
    return states


def stock(state: VantState) -> frozenset[int]:
    """The cards neither on the table nor in a known hand."""
    return frozenset(range(32)) - state.table() - state.hands[0] - state.hands[1]
