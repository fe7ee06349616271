"""The engines sped up for the playout bench still play exactly the same games.

For each engine (and each Stars and Stripes variant the bench measures) a fixed set of
games is played with the random agent, seeded as ``bench/rules_bench.py`` seeds them, and
with the game's beginner agent and the generic greedy agent.  Each game's full move
sequence, every state's legal move list and the result are hashed; the hashes must match
the fixture ``tests/data/engine_speed_games.json``, which was written by this same file
run against commit adfce57's engines (before the speed work)::

    PYTHONPATH=<worktree of adfce57> python tests/test_engine_speed_equivalence.py --write

A change to an engine that alters one legal move, its order, one chance outcome, one
agent choice or one result changes a hash.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import make_agent

FIXTURE = Path(__file__).parent / "data" / "engine_speed_games.json"

CASES: dict[str, tuple[str, Mapping[str, object]]] = {
    "stars-and-stripes 7x7": ("stars-and-stripes",
                              {"players": 4, "decks": 1, "board_size": 7}),
    "stars-and-stripes 15x15": ("stars-and-stripes",
                                {"players": 4, "decks": 4, "board_size": 15}),
    "i-vant-to-be-alone": ("i-vant-to-be-alone", {}),
    "stars-and-bars": ("stars-and-bars", {}),
    "white-star": ("white-star", {}),
}
"""The engines covered: a label, the engine's name and its options."""

AGENT_GAMES = {"random": 300, "beginner": 12, "greedy": 6}
"""How many games each agent plays of each case (``beginner`` is the game's default)."""

FEWER = {"stars-and-stripes 15x15": {"random": 300, "beginner": 2, "greedy": 1},
         "white-star": {"random": 300, "beginner": 4, "greedy": 2}}
"""Fewer games of the agents that look ahead where a position has hundreds of moves."""

MAX_MOVES = 400
"""Moves hashed per game: random Stars and Stripes games never end, so each game is cut
here (every move up to the cut, and the legal moves of every position, are still hashed)."""


def _generators(index: int) -> tuple[random.Random, random.Random]:
    """The bench's generators of game ``index`` (``game_generators(0, index + 1)``)."""
    return (random.Random(f"printkit:0:{index + 1}:chance"),
            random.Random(f"printkit:0:{index + 1}:agent"))


def game_hash(game: Game[Any, Any, Any], agent_name: str | None, index: int, *,
              max_moves: int = MAX_MOVES) -> str:
    """A digest of game ``index`` played by the agent (None: the game's default): every
    position's legal moves, each choice and the end, over at most ``max_moves`` moves."""
    agent = make_agent(agent_name, game)
    chance, rng = _generators(index)
    digest = hashlib.sha256()
    state = game.initial_state(chance)
    for _ in range(max_moves):
        if game.is_terminal(state):
            digest.update(f"end {game.winners(state)!r}".encode())
            break
        moves = game.legal_moves(state)
        digest.update(repr(list(moves)).encode())
        move = agent.choose(game, state, moves, chance, rng)
        digest.update(f"> {move!r}\n".encode())
        state = game.apply(state, move, chance)
    digest.update(game.format_state(state).encode())
    return digest.hexdigest()


def case_hashes(label: str) -> dict[str, str]:
    """One digest per agent, over all its games of the case ``label``."""
    name, options = CASES[label]
    game = registry.engine_class(name).from_options(options)
    found = {}
    for agent, count in FEWER.get(label, AGENT_GAMES).items():
        digest = hashlib.sha256()
        for index in range(count):
            digest.update(game_hash(game, None if agent == "beginner" else agent,
                                    index).encode())
        found[agent] = digest.hexdigest()
    return found


@pytest.mark.slow  # minutes in all: the 15x15 beginner and greedy games look far ahead
@pytest.mark.parametrize("label", list(CASES))
def test_games_are_those_of_adfce57(label: str) -> None:
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))[label]
    assert case_hashes(label) == expected


def test_a_different_game_changes_the_hash() -> None:
    # the digest does see the games: another game index gives another digest
    name, options = CASES["i-vant-to-be-alone"]
    game = registry.engine_class(name).from_options(options)
    assert game_hash(game, "random", 0) != game_hash(game, "random", 1)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_engine_speed_equivalence.py --write")
    FIXTURE.write_text(json.dumps({label: case_hashes(label) for label in CASES}, indent=2)
                       + "\n", encoding="utf-8")
