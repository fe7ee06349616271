"""The illegal_reason claim: every refusal in one word, and null exactly for legal moves."""

from __future__ import annotations

import random

import pytest

from printkit.games.star_battle.state import (
    Battle,
    Build,
    FreeScout,
    MoveShip,
    Reconstruct,
    StarBattleMove,
    StarBattleState,
)
from tests.games.star_battle.common import GAME, MIDGAME, game_with, play, position

REASON = GAME.claims()["illegal_reason"]

NO_SCOUTS = MIDGAME.replace("6S[A:1D1S]  KC*[A:1S]  8D[A:1D1S]",
                            "6S[A:1D5S]  KC*[A:5S]  8D[A:1D5S]")
LAST_SHIP = """
phase: action
player: A
galaxy:
  JD          9H   4S   QC[A:1S]
  6S[B:1D1S]  KC*  8D   3H
homes: A=E2N1 B=W1
hand A: 2H
hand B: 2S 4C
"""


@pytest.mark.parametrize(("text", "move", "reason"), [
    (MIDGAME, "move JS E1>E1S1 scout", None),  # J beats 10S: legal
    (MIDGAME, "move 5S core>N1 scout", "not_higher"),  # 5 does not beat 9H
    (MIDGAME, "move AH E1>E2 scout", "enemy_held"),  # B's ships are on E2
    (MIDGAME, "move JS W1>W1S1 scout", None),  # 6S leads up and down: W1S1 is below...
    (MIDGAME, "move JS W1>core scout", "no_lane"),  # ...but the Core is to the right
    (MIDGAME, "build JS core", "club"),
    (MIDGAME, "build 5S E1", "not_higher"),
    (MIDGAME, "build 9D E1", "not_your_card"),
    (MIDGAME, "build JS E2", "no_ship"),
    (MIDGAME, "battle 2H E1>core", "no_enemy"),
    (MIDGAME, "battle 2H core>E2", "no_lane"),
    (MIDGAME, "battle 2H E1>E2 flips=HH", "flips"),
    (MIDGAME, "reconstruct 2H core dreadnought", "no_ship"),
    (MIDGAME, "scout E1", "wrong_phase"),
    (MIDGAME, "discard 2H", "wrong_phase"),
    (NO_SCOUTS, "build 9C W1", "no_token"),
    (LAST_SHIP, "reconstruct 2H E2N1 scout", None),
])
def test_each_refusal_has_its_word(text: str, move: str, reason: str | None) -> None:
    assert REASON.compute(position(text), move) == reason


def test_a_rule_option_changes_the_answer() -> None:
    game = game_with(allow_self_elimination=False)
    state = position(LAST_SHIP, game)
    assert game.claims()["illegal_reason"].compute(state, "reconstruct 2H E2N1 scout") \
        == "last_ship"


def test_the_position_as_it_stands_decides() -> None:
    bonus = position(MIDGAME.replace("phase: action", "phase: bonus"))
    assert REASON.compute(bonus, "build 9C W1") == "wrong_phase"
    assert REASON.compute(bonus, "scout core") == "club"
    assert REASON.compute(bonus, "scout E2") == "no_ship"
    assert REASON.compute(bonus, "skip") is None
    over = play(position(LAST_SHIP), "reconstruct 2H E2N1 scout")
    assert REASON.compute(over, "pass") == "game_over"


def _candidates(state: StarBattleState) -> list[StarBattleMove]:
    """Some legal moves, then moves near them: hand cards with pairs of systems."""
    cards = sorted({c for hand in state.hands for c in hand})[:4]
    cells = [s.cell for s in state.galaxy][:8]
    found: list[StarBattleMove] = list(GAME.legal_moves(state))[:20]
    for card in cards:
        for a in cells:
            found += [Build(card, a), FreeScout(a), Reconstruct(card, a, "scout")]
            found += [m for b in cells for m in (MoveShip(card, a, b, "dreadnought"),
                                                 Battle(card, a, b))]
    return found


def test_null_exactly_when_the_engine_accepts_the_move() -> None:
    rng = random.Random(11)
    checked = legal = 0
    while checked < 3000:
        state = GAME.initial_state(rng)
        while not GAME.is_terminal(state) and checked < 3000:
            if state.phase in ("bonus", "action"):
                for move in _candidates(state)[:120]:
                    allowed = move in GAME.legal_moves(state)
                    answer = REASON.compute(state, GAME.format_move(state, move))
                    assert (answer is None) == allowed, (GAME.format_move(state, move), answer)
                    checked += 1
                    legal += allowed
            state = GAME.apply(state, rng.choice(list(GAME.legal_moves(state))), rng)
    assert legal > 50
