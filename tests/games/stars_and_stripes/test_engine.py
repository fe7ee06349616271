"""Stars and Stripes against the engine contract (printkit.testing) and over random playouts.

The playouts drive the engine through hundreds of random games and check (after every move
in a good share of them) the invariants the rules promise: cards conserved, connected and
separate territories, isolated independents, matching kept except by the Trump holder.  They
are checked with code independent of the engine's own bookkeeping.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.games.stars_and_stripes.state import (
    EMPTY,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS_MOVE,
    TRUMP,
    StarsAndStripesMove,
    StarsAndStripesState,
    cards_match,
    squares_of,
)
from printkit.testing import check_engine
from tests.games.stars_and_stripes.common import game_of

# --------------------------------------------------------------------------- the contract

PARAMETER_SETS: list[dict[str, object]] = [
    {},
    {"players": 2},
    {"players": 3, "opponent_contact": "edge_and_corner"},
    {"players": 2, "trump_exclusive": "allow_without_power"},
    {"decks": 2},
    {"players": 2, "board_size": 5},
    {"players": 2, "homes": ["0:0", "4:6"]},
]


@pytest.mark.parametrize("options", PARAMETER_SETS, ids=str)
def test_the_engine_keeps_the_contract(options: dict[str, object]) -> None:
    report = check_engine(game_of(**options), seeds=range(10), moves_per_position=20)
    assert report.games == 10 and report.moves_checked > 0 and report.refusals_checked > 0


def test_legal_moves_are_kept_for_the_same_position() -> None:
    game = game_of()
    state = game.initial_state(random.Random(4))
    moves = game.legal_moves(state)
    assert game.legal_moves(state) is moves  # apply asks again: it costs nothing
    other = game.parse_state(game.format_state(state))
    assert other == state and other is not state
    assert game.legal_moves(other) is not moves and list(game.legal_moves(other)) == list(moves)


# --------------------------------------------------------------------------- every move


def _all_candidates(game: StarsAndStripes) -> Iterator[StarsAndStripesMove]:
    for square in range(game.size * game.size):
        for card in range(game.n_cards):
            yield StarsAndStripesMove(FOLLOWER, square, card)
            yield StarsAndStripesMove(INDEPENDENT, square, card)
    for player in range(game.players):
        yield StarsAndStripesMove(EXCHANGE, opponent=player)
    yield PASS_MOVE


@pytest.mark.parametrize("options", [
    {}, {"players": 3, "opponent_contact": "edge_and_corner"},
    {"players": 2, "trump_exclusive": "allow_without_power"},
])
def test_illegal_reason_agrees_with_legal_moves(options: dict[str, object]) -> None:
    """Every move that could be written, not only those seen in a game (check_engine)."""
    game = game_of(**options)
    rng = random.Random(17)
    candidates = list(_all_candidates(game))
    sampled = 0
    for _ in range(4):
        state = game.initial_state(rng)
        while not game.is_terminal(state):
            if rng.random() < 0.25:
                legal = set(game.legal_moves(state))
                assert len(legal) == len(game.legal_moves(state))
                for move in candidates:
                    assert (game.illegal_reason(state, move) is None) == (move in legal), move
                    assert (game.refusal_code(state, move) is None) == (move in legal), move
                sampled += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    assert sampled >= 10


# --------------------------------------------------------------------------- playouts


def _edge_neighbours(n: int, square: int) -> list[int]:
    row, col = divmod(square, n)
    return [r * n + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < n and 0 <= c < n]


def _all_neighbours(n: int, square: int) -> list[int]:
    row, col = divmod(square, n)
    return [r * n + c for r in (row - 1, row, row + 1) for c in (col - 1, col, col + 1)
            if 0 <= r < n and 0 <= c < n and (r, c) != (row, col)]


def check_invariants(game: StarsAndStripes, state: StarsAndStripesState,
                     previous: StarsAndStripesState | None,
                     captured: set[int] | None = None) -> None:
    """What the rules promise about every reachable position, checked from scratch.

    ``captured`` holds the squares of every independent taken over so far in the game.
    """
    n = game.size
    cells = state.cells
    owner = {s: p for p in range(game.players) for s in range(n * n) if state.followers[p] >> s & 1}
    # cards conserved: every card exactly once, on the board or in a hand
    held = [c for h in state.hands if h is not None for c in h]
    assert sorted([c for c in cells if c >= 0] + held) == list(range(game.n_cards))
    assert cells.count(TRUMP) == 1 and cells[game.centre] == TRUMP
    assert all(cells[s] >= 0 for s in owner)
    for player, home in enumerate(game.home_indices):
        mine = {s for s, p in owner.items() if p == player}
        assert home in mine
        reached, todo = {home}, [home]
        while todo:
            for near in _edge_neighbours(n, todo.pop()):
                if near in mine and near not in reached:
                    reached.add(near)
                    todo.append(near)
        assert reached == mine, "followers must hang together"
    corner = game.params.opponent_contact == "edge_and_corner"
    contact = _all_neighbours if corner else _edge_neighbours
    for square, player in owner.items():
        assert all(owner.get(near, player) == player for near in _edge_neighbours(n, square))
        if corner and captured is not None:
            # two territories meet at a corner only where a captured independent lies
            assert all(owner.get(near, player) == player or {square, near} & captured
                       for near in _all_neighbours(n, square))
    for square, card in enumerate(cells):
        if card < 0 or square in owner:
            continue
        assert all(cells[near] == EMPTY for near in _edge_neighbours(n, square))
        assert all(cells[near] == EMPTY or near in owner for near in _all_neighbours(n, square))
    holder = state.trump_holder
    touching = {owner[s] for s in _edge_neighbours(n, game.centre) if s in owner}
    assert (holder == -1) == (not touching)
    if holder >= 0:
        assert holder in touching
        if game.params.trump_exclusive == "forbid":
            assert touching == {holder}
    for square, card in enumerate(cells):
        for near in _edge_neighbours(n, square):
            other = cells[near]
            if card >= 0 and other >= 0 and not cards_match(card, other):
                assert holder >= 0 and holder in (owner.get(square), owner.get(near))
    # the engine's own bookkeeping equals a fresh derivation
    fresh = game.build_state(cells, state.followers, state.hands, state.to_move, state.first,
                             state.placed, state.turn, holder)
    for name in ("occupied", "independents", "frontier", "zone", "free"):
        assert getattr(fresh, name) == getattr(state, name), name
    if previous is not None:
        for square in range(n * n):  # the card placed touches no other player's follower
            if previous.cells[square] == EMPTY and square in owner:
                assert all(owner.get(near, owner[square]) == owner[square]
                           for near in contact(n, square))
        assert state.turn == previous.turn + 1
        assert previous.trump_holder in (-1, holder)
        assert all(cells[s] == previous.cells[s] for s in range(n * n) if previous.cells[s] >= 0)
        assert all(previous.followers[p] & ~state.followers[p] == 0 for p in range(game.players))
        if game.is_terminal(state):
            mover = previous.to_move
            assert (mover + 1) % game.players == previous.first
            assert not state.placed or any(not h for h in state.hands)


def run_games(game: StarsAndStripes, games: int, seed: int, *, deep: bool) -> int:
    rng = random.Random(seed)
    total_turns = 0
    limit = game.size * game.size * 4 * game.players
    for _ in range(games):
        state = game.initial_state(rng)
        check_invariants(game, state, None)
        previous = None
        captured: set[int] = set()
        while not game.is_terminal(state):
            moves = game.legal_moves(state)
            assert len(moves) > 0
            move = rng.choice(moves)
            previous, state = state, game.apply(state, move, rng)
            captured.update(squares_of(previous.independents & ~state.independents))
            total_turns += 1
            assert state.turn <= limit, "the game must end"
            if deep:
                check_invariants(game, state, previous, captured)
        check_invariants(game, state, previous, captured)
        assert game.winners(state) and set(game.winners(state)) <= set(range(game.players))
        best = max(game.scores(state))
        assert all(game.scores(state)[p] == best for p in game.winners(state))
    return total_turns


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 4}, 150),
    ({"players": 3}, 100),
    ({"players": 2}, 100),
    ({"players": 4, "opponent_contact": "edge_and_corner"}, 60),
    ({"players": 3, "trump_exclusive": "allow_without_power"}, 60),
])
def test_random_playouts_on_the_standard_board(options: dict[str, object], games: int) -> None:
    game = game_of(**options)
    assert run_games(game, games // 3, seed=1, deep=True) > 0
    assert run_games(game, games - games // 3, seed=2, deep=False) > 0


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 4, "decks": 2}, 6),
    ({"players": 3, "decks": 2, "opponent_contact": "edge_and_corner"}, 4),
    ({"players": 4, "decks": 4}, 2),
    ({"players": 2, "decks": 4, "board_size": 13}, 2),
    ({"players": 2, "board_size": 5}, 20),
])
def test_random_playouts_on_other_boards(options: dict[str, object], games: int) -> None:
    game = game_of(**options)
    assert run_games(game, games, seed=3, deep=True) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), players=st.integers(2, 4))
def test_positions_read_back_whatever_the_spacing(seed: int, steps: int, players: int) -> None:
    """(That positions and moves round-trip as written is checked by check_engine above.)"""
    game = game_of(players=players)
    rng = random.Random(seed)
    state = game.initial_state(rng)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    text = game.format_state(state)
    again = game.parse_state(text)
    assert again.free == state.free and again.zone == state.zone
    spaced = "\n".join("  " + "   ".join(line.split(" ")) + "  " for line in text.splitlines())
    assert game.parse_state(spaced) == state
