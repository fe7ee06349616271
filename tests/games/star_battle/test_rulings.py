"""The rulings settled after the engine's first audit (spec, issue 15 item 6): ship supply,
self-elimination, battles that destroy both last fleets, no turn limit, and claims that
answer for the position as it stands."""

from __future__ import annotations

import dataclasses

import pytest

from printkit.games.star_battle.state import Card, Reconstruct
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError
from printkit.simulator.agents import RandomAgent
from printkit.simulator.simulate import game_generators, play_game
from tests.games.star_battle.common import (
    GAME,
    MIDGAME,
    game_with,
    legal_texts,
    play,
    position,
    system,
)

# A has all 15 Scouts out (and 2 Dreadnoughts); the Core is A's
NO_SCOUTS = MIDGAME.replace("6S[A:1D1S]  KC*[A:1S]  8D[A:1D1S]",
                            "6S[A:1D5S]  KC*[A:5S]  8D[A:1D5S]").replace("9C", "9D")

# A's last ship sits on QC, from where a 2H can neither move nor build nor attack
LAST_SHIP = """
phase: action
player: A
galaxy:
  JD          9H         4S          QC[A:1S]
  6S[B:1D1S]  KC*        8D          3H
  AD[B:1S]    7H         10S         5C
  2C          QD         9S          KH
hand A: 2H
hand B: 2S 4C 6D
"""


# --------------------------------------------------------------------------- ship supply


def test_a_build_whose_kind_is_out_of_tokens_is_refused_not_downgraded() -> None:
    state = position(NO_SCOUTS)
    assert GAME.supply(state, 0) == (13, 0)
    builds = {m for m in legal_texts(state) if m.startswith("build")}
    # 9D on 8D is a Dreadnought; 9D on 6S, and JS on 8D, would be Scouts
    assert builds == {"build 9D E1", "build JS W1"}
    with pytest.raises(IllegalMoveError, match="A has no token left for that ship"):
        play(state, "build 9D W1")
    unlimited = game_with(ships_per_player="unlimited")
    assert "build 9D W1" in legal_texts(position(NO_SCOUTS, unlimited), unlimited)
    assert system(play(position(NO_SCOUTS, unlimited), "build 9D W1", game=unlimited),
                  "W1") == ("6S", 0, 1, 6)


def test_no_free_scout_without_a_token_even_for_the_core_holder() -> None:
    state = dataclasses.replace(position(NO_SCOUTS), phase="bonus")
    assert legal_texts(state) == {"skip"}
    with pytest.raises(IllegalMoveError, match="A has no Scout token left"):
        play(state, "scout W1")


def test_revision1_builds_are_refused_too_when_their_kind_is_out() -> None:
    game = game_with(revision1=True, ships_per_player=4)
    state = position(MIDGAME.replace("KC*[A:1S]", "KC*[A:2S]"), game)
    assert game.supply(state, 0) == (2, 0)
    # a spade system gives a Scout (none left), a diamond one a Dreadnought (one left)
    builds = {m for m in legal_texts(state, game) if m.startswith("build")}
    assert builds == {"build 9C E1", "build JS E1", "build AH E1"}
    with pytest.raises(IllegalMoveError, match="no token left"):
        play(state, "build AH W1", game=game)


# --------------------------------------------------------------------------- self-elimination


def test_reconstructing_away_the_last_ship_hands_the_game_to_the_opponent() -> None:
    state = position(LAST_SHIP)
    assert legal_texts(state) == {"reconstruct 2H E2N1 scout"}
    after = play(state, "reconstruct 2H E2N1 scout")
    assert after.victory == "elimination" and after.winners == (1,)
    assert system(after, "E2N1") == ("2H", NO_PLAYER, 0, 0)


def test_without_self_elimination_the_last_ship_stays_and_a_stuck_player_passes() -> None:
    game = game_with(allow_self_elimination=False)
    state = position(LAST_SHIP, game)
    assert legal_texts(state, game) == {"pass"}
    with pytest.raises(IllegalMoveError, match="may not remove their last ship"):
        play(state, "reconstruct 2H E2N1 scout", game=game)
    after = play(state, "pass", game=game)
    assert game.current_player(after) == 1 and [str(c) for c in after.hands[0]] == ["2H"]
    # with another action at hand, passing is refused
    richer = position(LAST_SHIP.replace("hand A: 2H", "hand A: 5S"), game)
    assert legal_texts(richer, game) == {"move 5S E2N1>E1N1 scout", "move 5S E2N1>E2 scout"}
    with pytest.raises(IllegalMoveError, match="must act"):
        play(richer, "pass", game=game)
    # a player with two ships may still reconstruct one of them
    two = position(MIDGAME, game)
    assert any(isinstance(m, Reconstruct) for m in game.legal_moves(two))


def test_self_elimination_among_three_players_lets_the_others_play_on() -> None:
    game = game_with(players=3)
    state = position(LAST_SHIP.replace("KH\n", "KH[C:1S]\n") + "hand C: 8C\n", game)
    after = play(state, "reconstruct 2H E2N1 scout", game=game)
    assert not game.is_terminal(after) and game.current_player(after) == 1
    assert after.ships_in_play == (0, 3, 1) and after.hands[0] == ()


# --------------------------------------------------------------------------- shared draws


BOTH_LAST = """
phase: action
player: A
galaxy:
  JD[C:1S]    9H         4S          QC[D:1S]
  6S          KC*        8D[A:1S]    3H[B:1S]
  AD          7H         10S         5C
  2C          QD         9S          KH
hand A: 2H 5S
hand B: 4C
hand C: 6D
hand D: 8C
"""


def test_a_battle_that_destroys_both_last_fleets_is_a_shared_draw() -> None:
    text = BOTH_LAST.replace("JD[C:1S]", "JD      ").replace("QC[D:1S]", "QC")
    text = text.replace("hand C: 6D\nhand D: 8C\n", "")
    draw = play(position(text), "battle 2H E1>E2 flips=HH")
    assert draw.victory == "elimination" and draw.winners == (0, 1)
    assert GAME.is_terminal(draw) and "result: A B elimination" in GAME.format_state(draw)


def test_when_others_remain_play_goes_on_without_the_two() -> None:
    game = game_with(players=4)
    after = play(position(BOTH_LAST, game), "battle 2H E1>E2 flips=HH", game=game)
    assert not game.is_terminal(after) and game.current_player(after) == 2
    assert after.hands[0] == () and after.hands[1] == ()  # discarded without a decision
    assert {Card(5, "S"), Card(4, "C")} <= set(after.discards)
    after = play(after, "reconstruct 6D W1N1 scout", game=game)  # C scraps its last ship
    assert after.victory == "elimination" and after.winners == (3,)


def test_with_one_other_left_that_player_wins() -> None:
    game = game_with(players=3)
    text = BOTH_LAST.replace("QC[D:1S]", "QC      ").replace("hand D: 8C\n", "")
    after = play(position(text, game), "battle 2H E1>E2 flips=HH", game=game)
    assert after.victory == "elimination" and after.winners == (2,)


# --------------------------------------------------------------------------- no turn limit


def test_there_is_no_turn_limit() -> None:
    state = dataclasses.replace(position(MIDGAME), turn=100_000)
    after = play(state, "build 9C W1")
    assert not GAME.is_terminal(after) and after.turn == 100_001
    with pytest.raises(NotationError, match="'unfinished' is not elimination or domination"):
        position("phase: over\ngalaxy:\n  KC*\nresult: unfinished\n")
    assert "unfinished" not in GAME.figures([state])


def test_the_simulator_caps_a_stalled_game_and_reports_it_capped() -> None:
    record = play_game(GAME, RandomAgent(), *game_generators(0, 0), max_moves=5)
    assert record.capped and not GAME.is_terminal(record.states[-1])


# --------------------------------------------------------------------------- claims


def test_claims_answer_for_the_position_as_it_stands() -> None:
    claims = GAME.claims()
    state = position(MIDGAME)
    bonus = dataclasses.replace(state, phase="bonus")
    assert claims["legal_builds"].compute(state, "9C") == {"W1": "scout", "E1": "scout"}
    assert claims["legal_builds"].compute(bonus, "9C") == {}  # the free Scout comes first
    assert claims["battle_targets"].compute(bonus, "E1") == []
    assert claims["legal_builds"].compute(state, "9D") == {}  # not in A's hand
    assert claims["battle_targets"].compute(state, "E2") == []  # B's ships, A's turn
    trim = play(state, "battle 2H E1>E2 flips=HTTHHH")
    assert trim.phase == "trim"
    assert claims["legal_builds"].compute(trim, "10C") == {}
    assert claims["battle_targets"].compute(trim, "E2S1") == []
    empty = position(MIDGAME.replace("hand A: 2H 5S 9C JS AH", "hand A: -"))
    assert claims["legal_builds"].compute(empty, "9C") == {}
    assert claims["battle_targets"].compute(empty, "E1") == []
    over = play(position(LAST_SHIP), "reconstruct 2H E2N1 scout")
    assert claims["legal_builds"].compute(over, "2S") == {}
    assert claims["battle_targets"].compute(over, "W1") == []
