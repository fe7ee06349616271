"""The simulator tests every agent's move against the legal list, except an agent that
declares it returns an item of that very list (the random agent): its move needs no test."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from printkit_toy_nim.rules import ToyMove, ToyNim, ToyParams, ToyState

from printkit.rules.base import Game, IllegalMoveError
from printkit.simulator.basic_agents import RandomAgent
from printkit.simulator.simulate import game_generators, play_game


class Counted(list[ToyMove]):
    """A legal list that counts the membership tests made of it."""

    tests = 0

    def __contains__(self, item: object) -> bool:
        Counted.tests += 1
        return super().__contains__(item)


class CountedNim(ToyNim):
    def legal_moves(self, state: ToyState) -> Sequence[ToyMove]:
        return Counted(super().legal_moves(state))


class CheckedRandom(RandomAgent):
    """The random agent's choices, tested like any other agent's."""

    picks_from_moves = False


def test_random_agent_moves_are_not_tested_and_games_are_unchanged() -> None:
    game = CountedNim(ToyParams())
    Counted.tests = 0
    trusted = play_game(game, RandomAgent(), *game_generators(3, 1))
    assert Counted.tests == 0
    checked = play_game(game, CheckedRandom(), *game_generators(3, 1))
    assert Counted.tests == checked.turns > 0
    assert trusted.states == checked.states


def test_other_agents_moves_are_still_tested() -> None:
    class Liar(CheckedRandom):
        name = "liar"

        def choose(self, game: Game[Any, Any, Any], state: Any, moves: Sequence[Any],
                   chance: random.Random, rng: random.Random) -> Any:
            return ToyMove(99, 1)

    with pytest.raises(IllegalMoveError):
        play_game(ToyNim(ToyParams()), Liar(), *game_generators(3, 1))
