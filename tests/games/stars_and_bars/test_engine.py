"""Stars and Bars against the engine contract (printkit.testing), plus the invariants of
this game checked over seeded random playouts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import (
    Chore,
    Housekeep,
    Pass,
    Place,
    Stack,
    StarsAndBarsState,
    named_cards,
)
from printkit.rules.base import IllegalMoveError
from printkit.testing import check_engine
from tests.games.stars_and_bars.common import GAME, MANUAL, claim, engine, random_state

# --------------------------------------------------------------------------- the contract

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"manual_housekeeping": True},
    {"rows": 5, "columns": 5, "hand_size": 3, "copies": 3, "starred": ""},
    {"attributes": [["colour", "red", "green", "blue"], ["shape", "circle", "square:q"],
                    ["fill", "open", "solid"]],
     "starred": "colour=green", "vertical_differences": 3, "stack_limit": 3, "copies": 5,
     "manual_housekeeping": True},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "manual", "5x5", "3-attributes"])
def test_the_engine_keeps_the_contract(options: dict[str, object]) -> None:
    report = check_engine(engine(**options), seeds=range(8), moves_per_position=16)
    assert report.games == 8 and report.refusals_checked > 0


def test_apply_refuses_exactly_what_legal_moves_leaves_out() -> None:
    """Every move that could be written, not only those seen in a game: the fast
    membership test of the legal move list agrees with its contents, and apply with it."""
    rng = random.Random(11)
    for seed in range(12):
        for game in (GAME, MANUAL):
            state = random_state(game, seed, rng.randrange(40))
            if state.over:
                continue
            moves = game.legal_moves(state)
            legal = set(moves)
            candidates: list[Any] = [
                Place(c, s, t) for c in range(16) for s in range(16) for t in (True, False)]
            candidates += [Housekeep(Chore.TURN, s) for s in range(16)]
            candidates += [Housekeep(Chore.REMOVE, s) for s in range(16)]
            candidates += [Housekeep(Chore.CLEAR), Pass()]
            for move in candidates:
                assert (move in moves) == (move in legal), move
                assert (game.illegal_reason(state, move) is None) == (move in legal), move
                if move in legal:
                    game.apply(state, move, random.Random(0))
                else:
                    with pytest.raises(IllegalMoveError):
                        game.apply(state, move, random.Random(0))


# --------------------------------------------------------------------------- playouts


def _check_invariants(game: StarsAndBars, before: StarsAndBarsState, move: object,
                      after: StarsAndBarsState) -> None:
    limit = game.params.stack_limit
    deck = Counter({c: game.params.copies for c in range(len(game.kinds))})
    assert game.card_count(after) == game.deck_size
    named = Counter(named_cards(after))  # playouts know every card
    assert named == deck
    manual = game.params.manual_housekeeping
    for space, (was, now) in enumerate(zip(before.board, after.board, strict=True)):
        if was.face_down:  # nothing lands on a face-down stack; it only leaves by a clear
            # (an unclaimed clear comes before the card is laid, which may go there)
            cleared = now == Stack() or (manual and len(now.cards) == 1 and not now.face_down)
            assert now == was or (cleared and game.is_centre[space])
        if now.face_down:
            assert game.is_centre[space]
        if not game.params.manual_housekeeping:
            assert now.face_down or now.size < limit
    if isinstance(move, Place) and not game.is_centre[move.space]:
        found = game.comparisons(game.board_to_play(before), move.card, move.space)
        assert found and all(points >= 0 for *_, points in found)
    if isinstance(move, Place):
        gained = after.scores[before.to_move] - before.scores[before.to_move]
        assert gained == claim(game, before, "points", game.format_move(before, move))
    assert all(list(h) == sorted(h) for h in after.hands)


EVENTS = {Chore.TURN: "stacks turned", Chore.CLEAR: "centre clears",
          Chore.REMOVE: "outer stacks removed"}


def _unclaimed(game: StarsAndBars, state: StarsAndBarsState) -> Counter[str]:
    """The housekeeping done for nobody as the player to move lays a card or passes."""
    if not game.params.manual_housekeeping:
        return Counter()
    chores = game.open_chores(state)
    done = Counter(EVENTS[chore.chore] for chore in chores)
    settled = game.board_to_play(state)
    if Housekeep(Chore.CLEAR) not in chores and any(
            state.board[s] != settled[s] == Stack() for s in game.centre):
        done["centre clears"] += 1  # turning the last centre stack cleared the centre
    return done


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({}, 120),
        ({"manual_housekeeping": True}, 50),
        ({"rows": 5, "columns": 5, "hand_size": 3, "copies": 3}, 30),
        ({"attributes": [["colour", "red", "green", "blue"], ["shape", "circle", "square:q"],
                         ["fill", "open", "solid"]],
          "starred": "colour=green", "vertical_differences": 3, "stack_limit": 3,
          "copies": 5}, 30),
    ],
)
def test_random_playouts_keep_every_invariant(options: dict[str, object], games: int) -> None:
    game = engine(**options)
    rng = random.Random(2024)
    totals: Counter[str] = Counter()
    for _ in range(games):
        state = game.initial_state(rng)
        history = [state]
        events: Counter[str] = Counter()
        while not state.over:
            assert len(history) < 400, "the game does not end"
            moves = game.legal_moves(state)
            assert moves and moves == game.legal_moves(state)
            move = rng.choice(list(moves))
            after = game.apply(state, move, rng)
            _check_invariants(game, state, move, after)
            if isinstance(move, Housekeep):
                events[EVENTS[move.chore]] += 1
                events["housekeeping claims"] += 1
            else:
                events.update(_unclaimed(game, state))
            if isinstance(move, Place) and move.tidy:
                grown = game.board_to_play(state)[move.space].size + 1
                if grown >= game.params.stack_limit:
                    if game.is_centre[move.space]:
                        events["stacks turned"] += 1
                        events["centre clears"] += all(
                            not after.board[s].face_down for s in game.centre)
                    else:
                        events["outer stacks removed"] += 1
            elif isinstance(move, Pass):
                events["passes"] += 1
            state = after
            history.append(state)
        assert not any(state.hands) or game.round_decision(state.scores) is not None
        figures = game.figures(history)
        for key in ("stacks turned", "centre clears", "outer stacks removed",
                    "housekeeping claims", "passes"):
            assert figures[key] == events[key], key
        results = [figures[k] for k in ("threshold wins", "runaway wins", "end wins", "ties")]
        assert sorted(results) == [0, 0, 0, 1]
        totals.update({k: int(v) for k, v in figures.items()})
    assert totals["stacks turned"] > 0 and totals["centre clears"] > 0
    assert totals["outer stacks removed"] > 0


def test_the_greedy_heuristic_prefers_own_points() -> None:
    state = GAME.parse_state("P1 score 30\nP2 score 20")
    assert GAME.heuristic(state, 0) == 10 and GAME.heuristic(state, 1) == -10
