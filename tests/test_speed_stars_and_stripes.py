"""Stars and Stripes, restructured for playout speed (issue 27), plays the same games.

Seeded games are played through the simulator's own loop (``play_game``, as
``printkit simulate`` and ``bench/rules_bench.py`` play them): random and beginner games on
the bench's two boards, and random games of the other seatings and rulings.  Each game is
hashed: every position in notation, every field of every position that other code reads,
every position's legal moves in order, how the game stopped, and one draw of each
generator afterwards (so a generator used once more or once less changes the digest).
The digests were written by this file against commit 85b992b, the engine before that
work::

    python tests/test_speed_stars_and_stripes.py

A change that alters one legal move, its order, one chance outcome, one agent choice or
one position changes a digest.
"""

from __future__ import annotations

import hashlib
from typing import Any

from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import make_agent
from printkit.simulator.simulate import game_generators, play_game

MAX_MOVES = 2_000
"""A bound no game reaches (the longest random game of a 15x15 board has a few hundred
moves); a game cut here would show in its digest."""

FIELDS = ("cells", "followers", "hands", "to_move", "first", "placed", "turn",
          "trump_holder", "occupied", "independents", "frontier", "zone", "free")
"""The state's fields that other code reads (notation, claims, agents, diagrams)."""

RUNS: dict[str, tuple[dict[str, object], str | None, int]] = {
    "7x7 random": ({"players": 4, "decks": 1, "board_size": 7}, "random", 200),
    "7x7 beginner": ({"players": 4, "decks": 1, "board_size": 7}, None, 50),
    "15x15 random": ({"players": 4, "decks": 4, "board_size": 15}, "random", 20),
    "15x15 beginner": ({"players": 4, "decks": 4, "board_size": 15}, None, 5),
    "2 players random": ({"players": 2}, "random", 60),
    "3 players corners random": ({"players": 3, "opponent_contact": "edge_and_corner"},
                                 "random", 60),
    "3 players corners beginner": ({"players": 3, "opponent_contact": "edge_and_corner"},
                                   None, 20),
    "trump allowed random": ({"players": 4, "trump_exclusive": "allow_without_power"},
                             "random", 60),
    "2 decks 2 players random": ({"players": 2, "decks": 2}, "random", 10),
    "5x5 random": ({"players": 2, "board_size": 5}, "random", 60),
}
"""Label -> (options, agent (None: the game's beginner), games)."""

EXPECTED = {
    "7x7 random":
        "a89f9de8ce42e6d19fb883536c2a660212cd335dfebc1c9924f06a44408f5518",
    "7x7 beginner":
        "e8f3b4bf5fcb1f7626b272f13b6eff90df0126964f137134b0148e503442eda4",
    "15x15 random":
        "8cd9e6a00bdafcd66403c1a00340c351972b58b54abc915af8ef4b34d841dfb8",
    "15x15 beginner":
        "2b52d1bced7a8b9b7a141efab5ecbb1ce3b7129103b562b4b43e3d2026bd764b",
    "2 players random":
        "6b99fc5d9f0bedd4a0c30debea86014e58b4334c2f73333f4a148bee2106dea1",
    "3 players corners random":
        "8ebeb8babc82ff3cc719bcbfc78b70ec837e8f0c614b05a2abb45219ce02441f",
    "3 players corners beginner":
        "2dbb53a3d9a0ab94f8aff5168f1b7b0526b70e99b17ae2821195ae333d0c0ee5",
    "trump allowed random":
        "826871ba22657327aa2fb24dd1474440e04638cc3f87c594f2e4fcd0e8cced17",
    "2 decks 2 players random":
        "f7a983c814ec5fb39ce43d86fddf47cc75f1a635fc7370269562d3e954840145",
    "5x5 random":
        "83af2c467b438a8d3d5f95c9f6af0cc5260d001cb9fcc180e4ed8049906ec1ba",
}


def _game(options: dict[str, object]) -> Game[Any, Any, Any]:
    return registry.engine_class("stars-and-stripes").from_options(options)


def game_digest(game: Game[Any, Any, Any], agent_name: str | None, index: int) -> str:
    """A digest of game ``index`` of the run seeded 0 (the bench's seed), as the simulator
    plays it."""
    chance, rng = game_generators(0, index)
    record = play_game(game, make_agent(agent_name, game), chance, rng,
                       max_moves=MAX_MOVES, max_deals=None)
    digest = hashlib.sha256(f"{record.capped} {record.cap}\n".encode())
    for state in record.states:
        digest.update(game.format_state(state).encode())
        digest.update(repr(tuple(getattr(state, name) for name in FIELDS)).encode())
        if not game.is_terminal(state):
            digest.update(repr(list(game.legal_moves(state))).encode())
    digest.update(f"{game.winners(record.states[-1])!r}".encode())
    digest.update(f"{chance.getrandbits(64)} {rng.getrandbits(64)}".encode())
    return digest.hexdigest()


def run_digest(label: str) -> str:
    """One digest over the games of the run ``label`` of :data:`RUNS`."""
    options, agent_name, games = RUNS[label]
    game = _game(options)
    digest = hashlib.sha256()
    for index in range(1, games + 1):
        digest.update(game_digest(game, agent_name, index).encode())
    return digest.hexdigest()


def test_games_are_those_before_the_speed_work() -> None:
    found = {label: run_digest(label) for label in RUNS}
    assert found == EXPECTED


def test_the_digest_sees_the_game() -> None:
    game = _game({})
    assert game_digest(game, "random", 1) != game_digest(game, "random", 2)
    assert game_digest(game, "random", 1) != game_digest(game, None, 1)


if __name__ == "__main__":
    print({label: run_digest(label) for label in RUNS})
