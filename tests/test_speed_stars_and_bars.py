"""Stars and Bars' fast playout path plays exactly the games the engine played before it.

Seeded games are played through the simulator's own loop (``play_game``, as the bench and
``printkit simulate`` play them); every position they pass through is written with
``format_state`` and hashed, with the legal moves offered there and the move chosen.  The
digests below were computed with the engine as it was before its incremental tables
(commit 85b992b), so a change in one legal move, its order, one card drawn or one score
changes a digest.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

import pytest

from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import StarsAndBarsParams
from printkit.rules.agentbase import Agent
from printkit.rules.base import Game, make_params
from printkit.simulator.agents import make_agent
from printkit.simulator.simulate import game_generators, play_game

OPTIONS: dict[str, dict[str, object]] = {
    "default": {},
    "manual": {"manual_housekeeping": True},
    "short-game": {"win_score": 100, "runaway_margin": 30},
    "5x5": {"rows": 5, "columns": 5, "hand_size": 3, "copies": 3, "starred": ""},
    "3-attributes": {"attributes": [["colour", "red", "green", "blue"],
                                    ["shape", "circle", "square:q"], ["fill", "open", "solid"]],
                     "starred": "colour=green", "vertical_differences": 3, "stack_limit": 3,
                     "copies": 5, "manual_housekeeping": True},
}
"""The option sets played: the shipped game, its two variants and two unusual tables."""

GAMES = {"random": 200, "beginner": 50}
"""How many games each agent plays of each option set."""

EXPECTED: dict[tuple[str, str], str] = {
    ("default", "random"): "4fb0d6770d6f1521c5b53891673dc8dc32c1cd566e5ba05bacc1d2e8fe25cbe9",
    ("default", "beginner"): "584749238453828b9f0bd63be20d5743504803c74ae7f47d180e270583c8b115",
    ("manual", "random"): "5edbd95cb23285460b7960f67610daee9e2373f5bb23f597cbcdd0e035fc286b",
    ("manual", "beginner"): "bf0dc5a18cc82c4c92a3cfd4bb78ab88ce4eb5f08133260bb6b3c0cc392bced7",
    ("short-game", "random"): "0321ca596951a8baff1464ccdf3afcbd66eda0a5e348006c8ed22688b0d8d626",
    ("short-game", "beginner"): "60875a557de55ea168b07e0ae6f0bcd6c96d8b11cc1f41eb4686f2a9aeb312a6",
    ("5x5", "random"): "d2cf6a008080daee8c044720220c05809617069f0524d4d0f3d7daf9955169bb",
    ("5x5", "beginner"): "0ac04becadb5570582cfcbaed363bf979b57a969cd31f48626d30ff101157f82",
    ("3-attributes", "random"): "6592c9fbe494f23b0640b2117dac2268ef7869e987991f6436c547eea2227030",
    ("3-attributes", "beginner"):
        "34abafa9283c0a9a0ab2fac9e2b834ed4a70e10b91b6dc154d52be61384e8ada",
}
"""sha256 over the games of each (option set, agent), from the engine before the change."""


class Recorder(Agent):
    """Plays as ``agent`` does, and writes into ``out`` what it was offered and chose."""

    name = "recorder"
    description = "another agent, recorded"

    def __init__(self, agent: Agent, out: Any) -> None:
        self.agent, self.out = agent, out

    def choose(self, game: Game[Any, Any, Any], state: Any, moves: Sequence[Any],
               chance: random.Random, rng: random.Random) -> Any:
        move = self.agent.choose(game, state, moves, chance, rng)
        self.out.update(f"{game.format_state(state)}\n{list(moves)!r}\n> {move!r}\n".encode())
        return move


def digest(options: dict[str, object], agent_name: str, games: int) -> str:
    """Every position of ``games`` seeded games, the moves offered there and the choices."""
    game = StarsAndBars(make_params(StarsAndBarsParams, options))
    out = hashlib.sha256()
    agent = Recorder(make_agent(agent_name, game), out)
    for index in range(games):
        record = play_game(game, agent, *game_generators(7, index), max_moves=1000,
                           max_deals=None)
        last = record.states[-1]
        out.update(f"{game.format_state(last)}\n{record.capped} {game.winners(last)}\n"
                   .encode())
    return out.hexdigest()


@pytest.mark.parametrize(("label", "agent"), [(label, agent) for label in OPTIONS
                                               for agent in GAMES])
def test_seeded_games_are_those_of_the_engine_before(label: str, agent: str) -> None:
    assert digest(OPTIONS[label], agent, GAMES[agent]) == EXPECTED[(label, agent)]


if __name__ == "__main__":
    for key in [(label, agent) for label in OPTIONS for agent in GAMES]:
        print(f"    {key!r}: \"{digest(OPTIONS[key[0]], key[1], GAMES[key[1]])}\",")
