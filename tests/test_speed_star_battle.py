"""Star Battle's engine, made faster for issue 27, still plays exactly the same games.

Seeded games are played as ``bench/rules_bench.py`` seeds them, by the random agent and by
the beginner (whose long games go through the action moves the speed work changed), and
each is hashed: every position's legal moves in order, each move chosen, the result and
the last position.  The digests were written by this file against commit 2d7b60e, the
engine before that work::

    PYTHONPATH=<worktree of 2d7b60e> python tests/test_speed_star_battle.py

A change that alters one legal move, its order, one chance outcome, one agent choice or
one result changes a digest.

The beginner's digest was written again when the beginner was taught to press on (commit
1b0981f and after: its choices changed by design), with the engine of commit 85b992b, from
before the second round of speed work, playing the new beginner in a worktree; the engine
of today gives the same digest.
"""

from __future__ import annotations

import hashlib

from printkit.rules import registry
from printkit.rules.base import Game
from tests.test_engine_speed_equivalence import game_hash

RANDOM_GAMES = 60
BEGINNER_GAMES = 2
MAX_MOVES = 600
"""Moves hashed per game: a beginner's game runs to thousands of moves, and its action
lists, hundreds of moves long, are well under way by then."""

EXPECTED = {
    "random": "7bd6d629735593a982935316cf020693e9bdb04c3d6d86d89717ae649178b26f",
    "beginner": "4feb2a8c15d431951e60a1e2cdfed86c007909a3596a46ba9d26cdae4ebd9534",
}


def _game() -> Game[object, object, object]:
    return registry.engine_class("star-battle").from_options({})


def game_digest(game: Game[object, object, object], agent_name: str, index: int) -> str:
    """A digest of game ``index`` played by ``agent_name`` in every seat (the engine
    equivalence test's digest, over longer games)."""
    return game_hash(game, agent_name, index, max_moves=MAX_MOVES)


def agent_digest(agent_name: str, games: int) -> str:
    """One digest over ``games`` games of ``agent_name``."""
    game = _game()
    digest = hashlib.sha256()
    for index in range(games):
        digest.update(game_digest(game, agent_name, index).encode())
    return digest.hexdigest()


def test_random_games_are_those_before_the_speed_work() -> None:
    assert agent_digest("random", RANDOM_GAMES) == EXPECTED["random"]


def test_beginner_games_are_those_before_the_speed_work() -> None:
    assert agent_digest("beginner", BEGINNER_GAMES) == EXPECTED["beginner"]


def test_the_digest_sees_the_game() -> None:
    game = _game()
    assert game_digest(game, "random", 0) != game_digest(game, "random", 1)


if __name__ == "__main__":
    print({"random": agent_digest("random", RANDOM_GAMES),
           "beginner": agent_digest("beginner", BEGINNER_GAMES)})
