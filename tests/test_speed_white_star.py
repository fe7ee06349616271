"""Stars (White Star), restructured for playout speed (issue 27), plays the same games.

Seeded games are played through the simulator's own loop (``play_game``, as
``printkit simulate`` and ``bench/rules_bench.py`` play them): random games in every seat,
beginner games, and a few random games of each variant.  Each game is hashed: every
position in notation, every field of every position, every position's legal moves in
order, how the game stopped, and one draw of each generator afterwards (so a generator
used once more or once less changes the digest).  The digests were written by this file
against commit 85b992b, the engine before that work::

    python tests/test_speed_white_star.py

A change that alters one legal move, its order, one chance outcome, one agent choice or
one position changes a digest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import pickle
import random
from typing import Any

import pytest

from printkit.games.white_star.state import ALL_CARDS, Play
from printkit.games.white_star.transitions import shuffled_slots
from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import make_agent
from printkit.simulator.simulate import game_generators, play_game

RANDOM_GAMES = 200
BEGINNER_GAMES = 50
VARIANT_GAMES = 10
RANDOM_MOVES = 300
"""Moves per random game: random games never reach the target, so each is stopped here,
in its sixth deal."""
BEGINNER_MOVES = 1_000
"""Moves per beginner game: these games end (the longest of the fifty has 614 moves)."""

VARIANTS: dict[str, dict[str, object]] = {
    "colored-star": {"colored_star": True},
    "dealer-forced": {"all_pass": "dealer_forced"},
    "min-bid-40": {"min_bid": 40},
    "max-bid-60": {"max_bid": 60},
    "star-lead-led-suit": {"star_lead": "highest_of_led_suit"},
    "star-lead-skull": {"star_lead": "skull_player"},
    "target-100": {"target": 100},
}
"""Options that take other paths through the rules (the shipped variants, and a table
limit on bids)."""

EXPECTED = {
    "random": "2bf6ecfe941659a9fcf952af908580ede022a9ca6cf6e9ae9c24e5f71f97132e",
    "beginner": "119b2b8ca6463512706961692ae74958d2f129b94976f44bef2b2f13886082f2",
    "variants": "698359a97f99d68a56aa8795f9f7a2ebcdbda9cdef790eddd29a297a97f917a5",
}


def _game(options: dict[str, object]) -> Game[Any, Any, Any]:
    return registry.engine_class("white-star").from_options(options)


def game_digest(game: Game[Any, Any, Any], agent_name: str | None, seed: int,
                index: int) -> str:
    """A digest of game ``index`` of the run seeded ``seed``, as the simulator plays it."""
    chance, rng = game_generators(seed, index)
    record = play_game(game, make_agent(agent_name, game), chance, rng,
                       max_moves=RANDOM_MOVES if agent_name else BEGINNER_MOVES,
                       max_deals=None)
    digest = hashlib.sha256(f"{record.capped} {record.cap}\n".encode())
    for state in record.states:
        digest.update(game.format_state(state).encode())
        fields = tuple(getattr(state, f.name) for f in dataclasses.fields(state))
        digest.update(repr(fields).encode())
        if not game.is_terminal(state):
            digest.update(repr(list(game.legal_moves(state))).encode())
    digest.update(f"{chance.getrandbits(64)} {rng.getrandbits(64)}".encode())
    return digest.hexdigest()


def run_digest(agent_name: str | None, games: int,
               options: dict[str, object] | None = None, seed: int = 7) -> str:
    """One digest over ``games`` games."""
    game = _game(options or {})
    digest = hashlib.sha256()
    for index in range(games):
        digest.update(game_digest(game, agent_name, seed, index).encode())
    return digest.hexdigest()


def variants_digest() -> str:
    """One digest over :data:`VARIANT_GAMES` random games of each of :data:`VARIANTS`."""
    digest = hashlib.sha256()
    for name, options in VARIANTS.items():
        digest.update(f"{name} {run_digest('random', VARIANT_GAMES, options)}".encode())
    return digest.hexdigest()


def test_random_games_are_those_before_the_speed_work() -> None:
    assert run_digest("random", RANDOM_GAMES) == EXPECTED["random"]


def test_beginner_games_are_those_before_the_speed_work() -> None:
    assert run_digest(None, BEGINNER_GAMES) == EXPECTED["beginner"]


def test_variant_games_are_those_before_the_speed_work() -> None:
    assert variants_digest() == EXPECTED["variants"]


def test_the_digest_sees_the_game() -> None:
    game = _game({})
    assert game_digest(game, "random", 7, 0) != game_digest(game, "random", 7, 1)
    assert game_digest(game, "random", 7, 0) != game_digest(game, "random", 8, 0)


class _OtherRandom(random.Random):
    """A generator of another class: the engine lets it shuffle the deck itself."""


def test_the_deal_for_any_generator_is_the_shuffle_dealt() -> None:
    # the engine shuffles a random.Random's deck itself, and any other generator's with
    # its own shuffle; for the same draws both deal the same hands
    game = _game({})
    for seed in range(20):
        assert game.initial_state(random.Random(seed)) == game.initial_state(_OtherRandom(seed))
    rng = random.Random(3)
    before = rng.getstate()
    parts = shuffled_slots(rng)
    after = rng.getstate()
    rng.setstate(before)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    assert rng.getstate() == after  # the same draws, no more and no fewer
    assert parts[0] == sum(1 << c for c in deck[0:3] + deck[15:19] + deck[31:34])


def test_a_play_is_one_object_per_card() -> None:
    play = Play(12)
    assert Play(12) is play and pickle.loads(pickle.dumps(play)) is play
    assert play != Play(13) and repr(play) == "Play(card=12)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.card = 13


if __name__ == "__main__":
    print({"random": run_digest("random", RANDOM_GAMES),
           "beginner": run_digest(None, BEGINNER_GAMES),
           "variants": variants_digest()})
