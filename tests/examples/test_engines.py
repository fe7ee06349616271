"""The checker and the simulator against every registered engine that imports.

These tests use only what every engine promises: the claims and notation of the engine
are exercised through example documents written from the engine's own output.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from printkit.examples import GENERIC_CLAIMS, all_claims, flow, same, verify_example
from printkit.examples.values import to_plain
from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import RandomAgent
from printkit.simulator.simulate import format_summary, game_generators, play_game, simulate
from printkit.yamlsource import parse


def engine(name: str) -> Game[Any, Any, Any]:
    try:
        cls = registry.engine_class(name)
    except ImportError as exc:
        pytest.skip(f"{name} does not import yet: {exc}")
    return cls()


NAMES = registry.engine_names()


@pytest.mark.parametrize("name", NAMES)
def test_engine_claims_answer_in_plain_data(name: str) -> None:
    game = engine(name)
    own = game.claims()
    assert not set(own) & set(GENERIC_CLAIMS), "an engine repeats a generic claim"
    record = play_game(game, RandomAgent(), *game_generators(0, 0), max_moves=400)
    for state in record.states[:: max(1, len(record.states) // 6)]:
        for claim_name, claim in own.items():
            if claim.takes_argument:
                continue
            try:
                value = claim.compute(state, None)
            except ValueError:
                continue  # a question this position has no answer to
            text = flow(value)
            assert same(yaml.safe_load(f"v: {text}")["v"], value), (claim_name, text)


@pytest.mark.parametrize("name", NAMES)
def test_examples_written_from_the_engine_verify(name: str) -> None:
    game = engine(name)
    claims = all_claims(game)
    record = play_game(game, RandomAgent(), *game_generators(1, 0), max_moves=60)
    checked = 0
    for step in range(0, len(record.states) - 2, max(1, len(record.states) // 5)):
        state = record.states[step]
        moves = list(game.legal_moves(state))
        move = moves[len(moves) // 2]
        text = game.format_move(state, move)
        after = game.apply(state, move, random.Random(step))
        stated: dict[str, object] = {}
        for key, claim in claims.items():
            if claim.takes_argument:
                continue
            try:
                stated[key] = to_plain(claim.compute(after, None))
            except ValueError:
                continue  # a question this position has no answer to
        if not game.is_terminal(after):
            follow = game.legal_moves(after)[0]
            stated[f"legal({game.format_move(after, follow)})"] = True
        example = {
            "name": f"step {step}",
            "position": game.format_state(state),
            "moves": [text],
            "seed": step,
            "claims": stated,
        }
        doc = parse(yaml.safe_dump(example, sort_keys=False, allow_unicode=True), "gen.yaml")
        verified = verify_example(doc, game=name)
        assert verified.final == after and verified.move_texts == (text,)
        assert all(result.holds for result in verified.claims)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", NAMES)
def test_simulate_runs_every_engine(name: str) -> None:
    game = engine(name)
    summary = simulate(game, games=4, seed=2, agent="random", max_moves=3000)
    assert summary.finished + summary.capped == 4
    assert format_summary(summary) == format_summary(
        simulate(game, games=4, seed=2, agent="random", max_moves=3000)
    )
    assert sum(summary.wins) == pytest.approx(summary.finished - summary.no_winner)
    greedy = simulate(game, games=1, seed=2, agent="greedy", max_moves=120)
    assert greedy.finished + greedy.capped == 1
