"""Stars and Bars housekeeping: stacks turned, cleared and removed by themselves, and with
``manual_housekeeping`` left undone, claimed by the opponent or done for no points."""

from __future__ import annotations

import pytest

from printkit.games.stars_and_bars.state import Stack
from printkit.rules.base import IllegalMoveError, NotationError
from tests.games.helpers import move_texts, play
from tests.games.stars_and_bars.common import GAME, MANUAL, THREE_HIGH, card, claim, engine


def test_a_centre_stack_of_four_turns_face_down() -> None:
    after = play(GAME, GAME.parse_state(THREE_HIGH), "bbl2 b2")
    stack = after.board[5]  # b2
    assert stack.face_down and stack.size == 4
    assert "brl1 b2" not in move_texts(GAME, after)


def test_four_face_down_centre_stacks_are_cleared() -> None:
    state = GAME.parse_state("""
        1 . .  .                 .
        2 . #4 #4                .
        3 . #4 [srl1 srl2 srs2]  bbl1
        4 . .  .                 .
        P1 hand srs1
        P2 hand brl1
        discard 3
    """)
    after = play(GAME, state, "srs1 c3")
    assert all(after.board[s] == Stack() for s in GAME.centre)
    assert after.discard == 3 + 16
    assert after.scores == (1, 0)  # stacking on srs2; d3's bbl1 differs in 3, not 2
    assert GAME.card_count(after) == 64


def test_an_outer_stack_of_four_is_removed() -> None:
    state = GAME.parse_state("""
        1 .                 .    . .
        2 [sbs1 bbs2 brl1]  srl1 . .
        3 .                 .    . .
        4 .                 .    . .
        P1 hand bbl1
    """)
    after = play(GAME, state, "bbl1 a2")
    assert after.board[4] == Stack() and after.scores == (3, 0)
    assert after.discard == (card(GAME, "sbs1"), card(GAME, "bbs2"), card(GAME, "brl1"),
                             card(GAME, "bbl1"))


def test_stack_limit_is_an_option() -> None:
    game = engine(stack_limit=3)
    state = game.parse_state("""
        1 . .           . .
        2 . [srl1 srl2] . .
        3 . .           . .
        4 . .           . .
        P1 hand bbs1
    """)
    assert play(game, state, "bbs1 b2").board[5].face_down
    with pytest.raises(NotationError, match="would have been turned"):
        game.parse_state("1 . . . .\n2 . [srl1 srl2 srl1] . .\n3 . . . .\n4 . . . .")


def test_manual_housekeeping_offers_leave_and_claims() -> None:
    state = MANUAL.parse_state(THREE_HIGH)
    legal = move_texts(MANUAL, state)
    assert "bbl2 b2" in legal and "bbl2 b2 leave" in legal
    assert "bbl2 c2 leave" not in legal  # nothing to tidy there
    tidy = play(MANUAL, state, "bbl2 b2")
    assert tidy.board[5].face_down
    left = play(MANUAL, state, "bbl2 b2 leave")
    assert not left.board[5].face_down and left.board[5].size == 4
    # the opponent may claim the turn before laying a card; unclaimed, it is done first
    assert move_texts(MANUAL, left)[0] == "turn b2"
    assert "brl1 b2" not in move_texts(MANUAL, left)
    claimed = play(MANUAL, left, "turn b2")
    assert claimed.scores == (0, 2) and claimed.to_move == 1 and claimed.turn == left.turn
    assert "turn b2" not in move_texts(MANUAL, claimed)


def test_manual_claim_points_are_options() -> None:
    game = engine(manual_housekeeping=True, turn_claim_points=5, clear_claim_points=3)
    state = game.parse_state("""
        1 . .  .                      .
        2 . #4 #4                     .
        3 . #4 [srl1 srl2 srs2 srs1]  .
        4 . .  .                      .
        P1 hand bbl1
    """)
    assert move_texts(game, state)[0] == "turn c3"
    assert play(game, state, "turn c3", "clear").scores == (8, 0)
    assert play(MANUAL, MANUAL.parse_state(game.format_state(state)),
                "turn c3", "clear").scores == (6, 0)


def test_manual_mode_face_down_centre_can_be_claimed() -> None:
    state = MANUAL.parse_state("""
        1 . .  .  .
        2 . #4 #4 .
        3 . #4 #4 .
        4 . .  .  .
        P1 hand bbl1
    """)
    # clear it for 4, or lay a card at once: the centre is then cleared for no points
    assert move_texts(MANUAL, state) == ["clear", "bbl1 b2", "bbl1 c2", "bbl1 b3", "bbl1 c3"]
    laid = play(MANUAL, state, "bbl1 c2")
    assert laid.scores == (0, 0) and laid.discard_size == 16 + state.discard_size
    assert [laid.board[s].size for s in MANUAL.centre] == [0, 1, 0, 0]
    with pytest.raises(NotationError, match="cleared"):
        GAME.parse_state(MANUAL.format_state(state))


# --------------------------------------------------------------------------- manual: who may claim


def test_only_the_opponent_may_claim_forgotten_housekeeping() -> None:
    left = play(MANUAL, MANUAL.parse_state(THREE_HIGH), "bbl2 b2 leave")
    assert left.to_move == 1 and claim(MANUAL, left, "housekeeping_claims") == ["turn b2"]
    assert play(MANUAL, left, "turn b2").scores == (left.scores[0], left.scores[1] + 2)
    # P2 lays a card instead: the turn is done for nobody, and P1, who forgot it, cannot
    # claim it on the next turn
    unclaimed = play(MANUAL, left, "brl1 c3")
    assert unclaimed.board[5].face_down and unclaimed.board[5].size == 4
    gained = claim(MANUAL, left, "points", "brl1 c3")
    assert unclaimed.scores == (left.scores[0], left.scores[1] + gained)  # type: ignore[operator]
    assert unclaimed.to_move == 0 and claim(MANUAL, unclaimed, "housekeeping_claims") == []
    assert "turn b2" not in move_texts(MANUAL, unclaimed)
    with pytest.raises(IllegalMoveError, match="P2 left no such housekeeping undone"):
        play(MANUAL, unclaimed, "turn b2")


def test_a_card_is_laid_and_scored_after_the_housekeeping() -> None:
    left = play(MANUAL, MANUAL.parse_state(THREE_HIGH), "bbl2 b2 leave")
    # b2's bbl2 would score 2 beside brl1 on c2, but b2 is turned before the card is laid
    assert claim(MANUAL, left, "points_by_relation", "brl1 c2") == {
        "stacking": 1, "horizontal": 0, "diagonal": 0, "vertical": 0}
    assert claim(MANUAL, left, "legal_spaces", "brl1") == ["c2", "b3", "c3", "d4"]
    assert play(MANUAL, left, "brl1 c2").scores == (left.scores[0], left.scores[1] + 1)
    with pytest.raises(IllegalMoveError, match=r"face-down stack \(the housekeeping left"):
        play(MANUAL, left, "brl1 b2")
    with pytest.raises(ValueError, match="face-down"):
        claim(MANUAL, left, "points", "brl1 b2")


def test_an_unclaimed_clear_is_done_when_the_card_is_laid() -> None:
    state = MANUAL.parse_state("""
        1 . .  .                      .
        2 . #4 #4                     .
        3 . #4 [srl1 srl2 srs2 srs1]  .
        4 . .  .                      .
        P1 hand bbl1
        discard 0
    """)
    turned = play(MANUAL, state, "turn c3")
    assert move_texts(MANUAL, turned)[0] == "clear"
    laid = play(MANUAL, turned, "bbl1 b2")
    assert laid.scores == (2, 0) and laid.discard_size == 16
    assert [laid.board[s].size for s in MANUAL.centre] == [1, 0, 0, 0]


def test_an_unclaimed_outer_removal_is_done_when_the_card_is_laid() -> None:
    state = MANUAL.parse_state("""
        1 .                      .     .  .
        2 [bbl1 sbs2 sbs1 brs1]  srl1  .  .
        3 .                      .     .  .
        4 .                      .     .  .
        P1 hand brs2
        discard [sbl1]
    """)
    assert move_texts(MANUAL, state)[0] == "remove a2"
    laid = play(MANUAL, state, "brs2 b3")
    assert laid.board[4] == Stack() and laid.scores == (0, 0)
    assert laid.discard == tuple(card(MANUAL, c) for c in ("sbl1", "bbl1", "sbs2", "sbs1",
                                                            "brs1"))


def test_a_pass_also_does_the_housekeeping_left_undone() -> None:
    state = MANUAL.parse_state("""
        1 . .                      .     .
        2 . [srl1 srl2 srs2 sbs2]  bbl1  .
        3 . brs1                   bbs2  .
        4 . .                      .     .
        P1 score 5 hand -
        P2 score 3 hand brl1
        stock 0
    """)
    assert move_texts(MANUAL, state) == ["turn b2", "pass"]
    passed = play(MANUAL, state, "pass")
    assert passed.board[5].face_down and passed.scores == (5, 3) and passed.to_move == 1
    assert play(MANUAL, state, "turn b2", "pass").scores == (7, 3)
