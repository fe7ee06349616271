"""The random agent's own loop in :func:`play_game` (no stall bound, no deals to watch)
plays the games the general loop plays: the same states, the same cap, the same draws."""

from __future__ import annotations

import pytest
from printkit_toy_nim.rules import ToyNim, ToyParams

from printkit.rules import registry
from printkit.simulator.basic_agents import RandomAgent
from printkit.simulator.simulate import game_generators, play_game


class GeneralRandom(RandomAgent):
    """The random agent's choices, played through the general loop (its moves tested)."""

    picks_from_moves = False


@pytest.mark.parametrize("max_moves", [0, 1, 5, 3_000])
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 4, "decks": 4},
                                     {"players": 2, "board_size": 5}])
def test_stars_and_stripes_games_are_those_of_the_general_loop(
        options: dict[str, object], max_moves: int) -> None:
    game = registry.engine_class("stars-and-stripes").from_options(options)
    for index in range(4):
        own_chance, own_rng = game_generators(7, index)
        own = play_game(game, RandomAgent(), own_chance, own_rng, max_moves=max_moves,
                        max_deals=None)
        chance, rng = game_generators(7, index)
        general = play_game(game, GeneralRandom(), chance, rng, max_moves=max_moves,
                            max_deals=None)
        assert (own.states, own.capped, own.cap) == (general.states, general.capped,
                                                     general.cap)
        assert own_chance.getstate() == chance.getstate()
        assert own_rng.getstate() == rng.getstate()
    if max_moves == 5:
        assert own.capped and own.cap == "moves" and own.turns == 5


def test_toy_games_are_those_of_the_general_loop() -> None:
    game = ToyNim(ToyParams(piles=6))
    for index in range(10):
        own = play_game(game, RandomAgent(), *game_generators(2, index))
        general = play_game(game, GeneralRandom(), *game_generators(2, index))
        assert own == general
        assert not own.capped
