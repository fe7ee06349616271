"""The faster "I vant to be alone" engine plays exactly the games the slower one played.

Seeded games are played with a random player (one ``randrange`` a move, chance from the
same generator, as :func:`printkit.testing.check_engine` plays them) and with the game's
own beginner agent, in the default game and in each variant.  Every state's
``format_state``, the legal moves of the first positions, each chosen move and the result
go into one digest per case.  The pinned digests were computed by this file with the engine
of commit 85b992b, before the speed work: a changed legal move, move order, deal, score,
agent choice or result changes a digest.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import random

import pytest

from printkit.games.vant.chance import draw, shuffled_deck
from printkit.games.vant.rules import Vant
from printkit.games.vant.state import STEPS, VantParams, VantState, inside, open_cells
from printkit.simulator.agents import make_agent

ENGINES = {
    "default": Vant(),
    "claim-or-lose": Vant(VantParams(strict_claims=True)),
    "dead-cells": Vant(VantParams(level2_visibility="cell_dead")),
}

GAMES = {"random": 200, "beginner": 50}
"""Games each player plays in each engine."""

LISTED = 20
"""Games whose every legal move list is hashed too (the rest hash the states only)."""

EXPECTED = {
    ("default", "random"):
        "dd24f844631452ccebbc15f64eece7eedf4e7a607e5acdc4b46e3747a5b41ff9",
    ("default", "beginner"):
        "214bba910bad9d97238b8ee00165387962232b212181e55168671458e1ece20a",
    ("claim-or-lose", "random"):
        "612f8c210fedcb47177906f805ee1a3681373898d22c5d53bab37b90d0dc493b",
    ("claim-or-lose", "beginner"):
        "0ea47b7f46111d7476fe283f36c0793ef2fb2e455e1302a58b630bd67afb977a",
    ("dead-cells", "random"):
        "efd5bbe06ccdd064bc7d50a380229d87c2a54801751ecc5f950d7295d76c5799",
    ("dead-cells", "beginner"):
        "e3c305a7ac4e4f231306f97270dd17a3754c389c75591d799235a7cb66b0d829",
}

DETERMINIZED = "d70ade66b3fe454c18e2da460b3c839d5b4c4fec5004f34fdf5880efc4160ce7"
"""The digest of :func:`_determinized` before the speed work."""


def _digest(game: Vant, player: str) -> str:
    """One digest over every game ``player`` plays of ``game`` (see the module notes)."""
    digest = hashlib.sha256()
    agent = make_agent(player, game) if player != "random" else None
    for index in range(GAMES[player]):
        chance = random.Random(f"speed-vant:{index}:chance")
        rng = random.Random(f"speed-vant:{index}:agent")
        state = game.initial_state(chance)
        digest.update(game.format_state(state).encode())
        while not game.is_terminal(state):
            moves = game.legal_moves(state)
            if index < LISTED:
                digest.update(repr(list(moves)).encode())
            if agent is None:
                move = moves[rng.randrange(len(moves))]
            else:
                move = agent.choose(game, state, moves, chance, rng)
            digest.update(f"> {game.format_move(state, move)}\n".encode())
            state = game.apply(state, move, chance)
            digest.update(game.format_state(state).encode())
        digest.update(f"end {game.winners(state)!r} {game.scores(state)!r}\n".encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("engine", "player"), list(EXPECTED))
def test_games_are_those_before_the_speed_work(engine: str, player: str) -> None:
    assert _digest(ENGINES[engine], player) == EXPECTED[engine, player]


def test_the_digest_sees_a_different_game() -> None:
    # the same engine with another point table scores differently, so the digest differs
    other = Vant(VantParams(suit_values=(4, 3, 2, 1)))
    assert _digest(other, "random") != EXPECTED["default", "random"]


def _states(game: Vant, seed: int) -> list[VantState]:
    rng = random.Random(seed)
    states = [game.initial_state(rng)]
    while not game.is_terminal(states[-1]):
        moves = game.legal_moves(states[-1])
        states.append(game.apply(states[-1], moves[rng.randrange(len(moves))], rng))
    return states


def _determinized(game: Vant) -> str:
    """A digest of every position of a few games redrawn for each player in turn."""
    digest = hashlib.sha256()
    rng = random.Random("speed-vant:determinize")
    for seed in range(20):
        for state in _states(game, seed):
            for player in (0, 1):
                digest.update(game.format_state(game.determinize(state, player, rng)).encode())
    return digest.hexdigest()


def test_determinization_draws_the_hands_it_drew_before() -> None:
    assert _determinized(ENGINES["default"]) == DETERMINIZED


def test_states_survive_pickling_and_copying() -> None:
    # states cross process boundaries in parallel simulation, and search agents copy them
    for state in _states(ENGINES["default"], 7):
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert again == state
            assert again.hands == state.hands and again.placed == state.placed


@pytest.mark.parametrize("engine", list(ENGINES))
def test_a_state_read_back_equals_the_state_played(engine: str) -> None:
    # the parser builds states through the constructor, the engine through its own path:
    # both must give the same derived values, or equal positions would compare unequal
    game = ENGINES[engine]
    for seed in range(5):
        for state in _states(game, seed):
            back = game.parse_state(game.format_state(state))
            assert back == state and hash(back) == hash(state)


def test_the_shuffle_draws_what_random_shuffle_draws() -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck = list(range(32))
        theirs.shuffle(deck)
        assert shuffled_deck(ours) == deck
        assert ours.getstate() == theirs.getstate()


class _Drawing(random.Random):
    """A generator of another class, which the fast draws leave to ``random`` itself."""


@pytest.mark.parametrize("rng_class", [random.Random, _Drawing])
def test_a_draw_is_random_sample(rng_class: type[random.Random]) -> None:
    for n, k in ((24, 8), (16, 8), (8, 4), (4, 4), (40, 8), (30, 3), (5, 0)):
        pool = list(range(100, 100 + n))
        for seed in range(60):
            ours, theirs = rng_class(seed), rng_class(seed)
            drawn, left = draw(pool, k, ours)
            assert drawn == theirs.sample(pool, k)
            assert left == [c for c in pool if c not in drawn]
            assert ours.getstate() == theirs.getstate()


def test_the_first_position_is_the_one_the_constructor_makes() -> None:
    game = ENGINES["default"]
    for seed in range(20):
        dealt = game.initial_state(random.Random(seed))
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        assert dealt == VantState(hands=(frozenset(deck[:4]), frozenset(deck[4:8])), dealer=1)


def _open_by_definition(filled: int) -> tuple[tuple[int, int], ...]:
    """Empty cells sharing an edge with a filled one, if the layout stays within 4 x 4 (the
    engine's earlier, cell-by-cell way of finding them)."""
    if filled == 0:
        return ((0, 0),)
    taken = [(i // 4, i % 4) for i in range(16) if filled >> i & 1]
    height = max(r for r, _ in taken) + 1
    width = max(c for _, c in taken) + 1
    found = set()
    for r, c in taken:
        for dr, dc, _ in STEPS:
            row, col = r + dr, c + dc
            if inside(row, col) and filled >> (row * 4 + col) & 1:
                continue
            grown = (height + 1 if row < 0 else max(height, row + 1),
                     width + 1 if col < 0 else max(width, col + 1))
            if max(grown) <= 4:
                found.add((row, col))
    return tuple(sorted(found))


def test_open_cells_from_bits_are_those_by_definition() -> None:
    for filled in range(1 << 16):
        assert open_cells(filled)[0] == _open_by_definition(filled), bin(filled)
