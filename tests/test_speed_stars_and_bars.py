"""Stars and Bars' fast playout path plays exactly the games the engine played before it.

Seeded games are played through the simulator's own loop (``play_game``, as the bench and
``printkit simulate`` play them); every position they pass through is written with
``format_state`` and hashed, with the legal moves offered there and the move chosen.  The
digests below were computed with the engine as it was before its incremental tables
(commit 85b992b), so a change in one legal move, its order, one card drawn or one score
changes a digest.  The other tests check the packed tables (printkit.games.stars_and_bars.
fast) against the board they describe, position by position, and the lazy move list
against the list it stands for.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Sequence
from typing import Any

import pytest

from printkit.games.stars_and_bars import fast
from printkit.games.stars_and_bars.fast import Placements, spots
from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import (
    PASS,
    Place,
    StarsAndBarsMove,
    StarsAndBarsParams,
    StarsAndBarsState,
)
from printkit.rules.agentbase import Agent
from printkit.rules.base import Game, make_params
from printkit.rules.draws import shuffle
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


def engine(options: dict[str, object]) -> StarsAndBars:
    return StarsAndBars(make_params(StarsAndBarsParams, options))


def digest(options: dict[str, object], agent_name: str, games: int) -> str:
    """Every position of ``games`` seeded games, the moves offered there and the choices."""
    game = engine(options)
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



def searched_moves(game: StarsAndBars, state: StarsAndBarsState) -> list[StarsAndBarsMove]:
    """The placements of ``state`` found by searching the board (the engine's own search,
    which manual housekeeping still uses), by card and then space; a pass when none."""
    hand = state.hands[state.to_move]
    allowed = game._allowed_all(game._tops(state.board))
    found: list[StarsAndBarsMove] = [
        Place(card, space) for card in sorted(set(hand)) for space in range(game.spaces)
        if allowed[space] >> card & 1]
    return found or [PASS]


def seeded_positions(game: StarsAndBars, games: int) -> list[StarsAndBarsState]:
    """Every position of ``games`` random games played through the simulator's loop."""
    positions: list[StarsAndBarsState] = []
    for index in range(games):
        record = play_game(game, make_agent("random", game), *game_generators(3, index),
                           max_moves=1000, max_deals=None)
        positions.extend(record.states)
    return positions


@pytest.mark.parametrize("label", [label for label, options in OPTIONS.items()
                                   if not options.get("manual_housekeeping")])
def test_the_kept_tables_describe_the_board(label: str) -> None:
    game = engine(OPTIONS[label])
    tables = game._tables
    assert tables is not None
    positions = seeded_positions(game, 12)
    assert len(positions) > 300
    for state in positions:
        kept = state.packed
        assert kept is not None  # every position the loop made was made with its tables
        assert kept == tables.pack(state.board)
        # what each card would score on each space, read from the tables
        for card in range(len(game.kinds)):
            for space in range(game.spaces):
                assert (kept[0] >> tables.score_at[card][space] & tables.score_mask
                        == game.points_for(state.board, card, space))
        if state.over:
            continue
        moves = game.legal_moves(state)
        expected = searched_moves(game, state)
        assert list(moves) == expected and len(moves) == len(expected)
        assert [moves[i] for i in range(len(moves))] == expected
        assert [moves[i - len(moves)] for i in range(len(moves))] == expected
        hand = set(state.hands[state.to_move])
        for card in range(len(game.kinds)):
            for space in range(game.spaces):
                for tidy in (True, False):
                    place = Place(card, space, tidy)
                    assert (place in moves) == (tidy and card in hand and place in expected)


def test_a_position_read_or_copied_gets_its_tables_when_asked() -> None:
    game = engine({})
    played = seeded_positions(game, 2)[17]
    assert played.packed is not None
    for state in (game.parse_state(game.format_state(played)),
                  dataclasses.replace(played, stock=played.stock)):
        assert state.packed is None and state == played
        assert list(game.legal_moves(state)) == list(game.legal_moves(played))
        assert state.packed == played.packed


@pytest.mark.parametrize("agent", list(GAMES))
def test_a_board_too_large_for_the_tables_is_searched_and_plays_the_same_games(
        agent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "TABLE_BYTES", 0)
    game = engine(OPTIONS["5x5"])
    assert game._tables is None
    assert fast.tables_for(len(game.kinds), game.spaces, game.centre, game._around,
                           game._gain, game._place) is None
    assert digest(OPTIONS["5x5"], agent, GAMES[agent]) == EXPECTED[("5x5", agent)]


def test_unremembered_hands_and_spaces_play_the_same_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "HANDS_KEPT", 0)
    monkeypatch.setattr(fast, "SPOTS_KEPT", 0)
    monkeypatch.setattr(fast, "_SPOTS", {})
    assert digest({}, "random", GAMES["random"]) == EXPECTED[("default", "random")]
    game = engine({})
    assert len(seeded_positions(game, 3)) > 100
    assert game._tables is not None and not game._tables.hands and not fast._SPOTS


def test_the_placements_behave_as_the_list_they_stand_for() -> None:
    game = engine({})
    state = next(s for s in seeded_positions(game, 1) if len(game.legal_moves(s)) > 5)
    moves = game.legal_moves(state)
    assert isinstance(moves, Placements)
    listed = list(moves)
    assert moves == listed and listed == moves and moves == game.legal_moves(state)
    assert moves != tuple(listed) and moves != listed[1:]
    assert moves[1:4] == listed[1:4] and moves[::-1] == listed[::-1]
    assert repr(moves) == repr(listed) and bool(moves)
    assert moves.index(listed[-1]) == len(listed) - 1 and moves.count(listed[0]) == 1
    for index in (len(listed), -len(listed) - 1):
        with pytest.raises(IndexError):
            moves[index]
    with pytest.raises(TypeError):
        hash(moves)
    anything: Sequence[object] = moves
    assert None not in anything and PASS not in anything and "b2" not in anything
    assert Place(listed[0].card, -1) not in moves and Place(-1, 0) not in moves
    assert Place(listed[0].card, game.spaces) not in moves


def test_spots_lists_the_spaces_of_a_set() -> None:
    lane = fast.LANE
    assert spots(0) == ()
    assert spots(1 << (lane * 3) | 1 | 1 << (lane * 15)) == (0, 3, 15)


@pytest.mark.parametrize("size", [0, 1, 2, 7, 64, 300])
def test_the_shuffle_draws_as_random_shuffle_does(size: int) -> None:
    class Other(random.Random):
        """A generator of another kind: shuffled by its own method."""

    for seed in range(40):
        for kind in (random.Random, Other):
            expected, got = list(range(size)), list(range(size))
            ours, theirs = kind(seed), kind(seed)
            theirs.shuffle(expected)
            shuffle(got, ours)
            assert got == expected and ours.getstate() == theirs.getstate()


if __name__ == "__main__":
    for key in [(label, agent) for label in OPTIONS for agent in GAMES]:
        print(f"    {key!r}: \"{digest(OPTIONS[key[0]], key[1], GAMES[key[1]])}\",")
