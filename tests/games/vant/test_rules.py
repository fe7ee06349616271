"""The rules of "I vant to be alone": legality and its explanations, the layout, deals, the
leader, level two, the end, and strict claims."""

from __future__ import annotations

import random

import pytest

from printkit.games.vant.rules import MoveList
from printkit.games.vant.state import (
    CLAIM,
    DECK,
    PASS,
    Place,
    VantMove,
    hand_size,
    leader_by_rule,
    stock_size,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError
from tests.games.helpers import play
from tests.games.vant.common import (
    ENGINES,
    GAME,
    SEED_LAYOUT,
    SQUARE,
    STRICT,
    card,
    playout,
    stock,
)

# --------------------------------------------------------------------------- legality


def test_apply_and_illegal_reason_agree_with_legal_moves() -> None:
    candidates: list[VantMove] = [CLAIM, PASS]
    candidates += [Place(c, r, k) for c in range(32) for r in range(-1, 5) for k in range(-1, 5)]
    checked = 0
    for game in ENGINES.values():
        for state in playout(game, 7)[::5]:
            legal = set(game.legal_moves(state))
            before = game.format_state(state)
            for move in candidates:
                assert (game.illegal_reason(state, move) is None) == (move in legal), move
                try:
                    game.apply(state, move, random.Random(0))
                except IllegalMoveError:
                    assert move not in legal, move
                else:
                    assert move in legal, move
                    checked += 1
            assert game.format_state(state) == before
    assert checked > 300


def test_the_move_list_is_a_sequence_of_the_generated_moves() -> None:
    for game in ENGINES.values():
        for state in playout(game, 8)[::4]:
            moves = game.legal_moves(state)
            assert isinstance(moves, MoveList)
            listed = list(moves)
            assert len(moves) == len(listed) == len(set(listed))
            assert [moves[i] for i in range(len(moves))] == listed
            assert [moves[-i - 1] for i in range(len(moves))] == listed[::-1]
            assert moves[1:3] == listed[1:3]
            assert all(move in moves for move in listed)
            strangers: list[object] = ["claim", None, (0, 0, 0)]
            assert not any(stranger in moves for stranger in strangers)
            with pytest.raises(IndexError):
                moves[len(moves)]


@pytest.mark.parametrize(
    ("position", "move", "reason"),
    [
        (SEED_LAYOUT + "P2: 10H 7H 8H 9H JS QS AS", "KH below 8C", "KH is not in P2's hand"),
        (SEED_LAYOUT, "10H below 7S", ""),  # hidden hands may hold any unseen card
        (SEED_LAYOUT, "10H on 9C", "that cell is taken"),
        (SEED_LAYOUT, "10H right of 8C", "inside a 4 x 4 square"),
        (SEED_LAYOUT, "10H at d2", ""),
        (SEED_LAYOUT, "claim", "no points to claim"),
        (SQUARE, "10D at d4", ""),
        (SQUARE.replace("10S\n", "JD/10S\n") + "leader: P1", "10D on JD",
         "already covered"),
        (SQUARE + "P1: 10D ? ? ? ? ? ? ?", "7S on 10S", "7S is not in P1's hand"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason(position: str, move: str,
                                                 reason: str) -> None:
    state = GAME.parse_state(position)
    parsed = GAME.parse_move(state, move)
    if not reason:
        assert parsed in GAME.legal_moves(state)
        GAME.apply(state, parsed, random.Random(0))
        return
    assert parsed not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError) as caught:
        GAME.apply(state, parsed, random.Random(0))
    assert reason in str(caught.value)
    assert repr(GAME.format_move(state, parsed)) in str(caught.value)


def test_cells_outside_the_square_are_refused_at_level_two() -> None:
    square = GAME.parse_state(SQUARE + "P1: 10D ? ? ? ? ? ? ?")
    reason = GAME.illegal_reason(square, Place(card("10D"), 4, 0))
    assert reason == "level two plays on top of a card of the square"


def test_game_over_refuses_everything() -> None:
    final = playout(GAME, 3)[-1]
    assert GAME.is_terminal(final)
    assert list(GAME.legal_moves(final)) == []
    assert GAME.current_player(final) == NO_PLAYER
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.apply(final, CLAIM, random.Random(0))


# --------------------------------------------------------------------------- level one


def test_first_card_goes_anywhere_then_next_to_a_card() -> None:
    start = GAME.initial_state(random.Random(4))
    moves = GAME.legal_moves(start)
    assert len(moves) == 4
    assert {(m.row, m.col) for m in moves if isinstance(m, Place)} == {(0, 0)}
    assert sorted(m.card for m in moves if isinstance(m, Place)) == sorted(start.hands[0])
    one = GAME.apply(start, moves[0], random.Random(0))
    cells = {(m.row, m.col) for m in GAME.legal_moves(one) if isinstance(m, Place)}
    assert cells == {(-1, 0), (0, -1), (0, 1), (1, 0)}


def test_placing_above_or_left_shifts_the_frame() -> None:
    small = GAME.parse_state("layout:\n  7S 9D\nP1: JD ? ?")
    moved = play(GAME, small, "JD above 7S")
    assert moved.lower[:6] == (card("JD"), None, None, None, card("7S"), card("9D"))
    moved = play(GAME, small, "JD left of 7S")
    assert moved.lower[:3] == (card("JD"), card("7S"), card("9D"))
    assert "\n  JD  7S  9D\n" in GAME.format_state(moved)


def test_bounding_box_stays_within_four_by_four() -> None:
    column = GAME.parse_state("layout:\n  7S\n  8S\n  9S\n  10S\nP1: ? ?")
    cells = {(m.row, m.col) for m in GAME.legal_moves(column) if isinstance(m, Place)}
    assert cells == {(r, c) for r in range(4) for c in (-1, 1)}


def test_deals_after_eight_and_sixteen_cards() -> None:
    states = playout(GAME, 11)
    for state in states:
        placed, covered = state.placed, state.covered
        for p in (0, 1):
            size = hand_size(placed, covered, p, state.dealer, state.leader)
            assert len(state.hands[p]) == size
        if placed == 8 and covered == 0:
            assert [len(h) for h in state.hands] == [8, 8]
            assert stock_size(placed) == 8
        if placed == 16 and covered == 0:
            assert [len(h) for h in state.hands] == [8, 8]
            assert stock_size(placed) == 0


def test_hidden_hands_draw_from_the_unseen_cards() -> None:
    state = GAME.parse_state("layout:\n  7S 8S 9S\n  10S JS QS\nP2: KS")
    assert state.hidden == (1, 0)
    last = play(GAME, state, "AH right of 9S", "KS right of QS", seed=5)
    assert last.placed == 8 and last.hidden == (0, 0)
    assert len(last.hands[0]) == len(last.hands[1]) == 8
    assert last.table() | last.hands[0] | last.hands[1] | stock(last) == DECK


# --------------------------------------------------------------------------- level two


def test_leader_rule() -> None:
    assert leader_by_rule((10, 3), dealer=1) == 0
    assert leader_by_rule((3, 10), dealer=0) == 1
    assert leader_by_rule((7, 7), dealer=1) == 1
    assert leader_by_rule((7, 7), dealer=0) == 0
    last = SQUARE.replace("10S\n", ".\n").replace("P1 31, P2 27", "P1 20, P2 20")
    last = last.replace("dealer: P2", "dealer: P1") + "P1: 10S QS ? ? ?"
    state = play(GAME, GAME.parse_state(last), "10S below AH")
    assert state.scores == (20, 40) and state.leader == 1
    state = play(GAME, GAME.parse_state(last), "QS below AH")
    assert state.scores == (20, 20) and state.leader == 0  # the dealer
    assert GAME.current_player(state) == 0


def test_last_card_is_forced_and_equal_scores_draw() -> None:
    for seed in range(20):
        states = playout(GAME, seed)
        assert len(GAME.legal_moves(states[-2])) == 1
        final = states[-1]
        first, second = final.scores
        expected = (0, 1) if first == second else ((0,) if first > second else (1,))
        assert GAME.winners(final) == expected
    draw = GAME.parse_state(
        "dealer: P2\nleader: P1\nscores: P1 160, P2 190\nlayout:\n"
        "  QS/7S  AC/9D   8S/KS  QH/8C\n  JC/8H  9S/9C   KD/QD  7C/10H\n"
        "  8D/AD  10D/QC  7H/JH  KC/AH\n  AS/JS  9H/10C  7D     JD/10S\nP2: KH"
    )
    final = play(GAME, draw, "KH on 7D")
    assert GAME.winners(final) == (0, 1)
    assert GAME.figures([draw, final])["draws"] == 1.0


# --------------------------------------------------------------------------- strict claims


def test_strict_claims_must_be_made_before_the_next_card() -> None:
    seed = STRICT.parse_state(SEED_LAYOUT + "P1: 8S ? ? ? ? ?")
    after = play(STRICT, seed, "10H below 8C")
    assert (after.scores, after.pending, STRICT.current_player(after)) == ((0, 0), 24, 0)
    assert STRICT.legal_moves(after)[0] == CLAIM
    assert PASS not in STRICT.legal_moves(after)
    assert STRICT.heuristic(after, 0) == 24.0  # the points are P1's to take
    claimed = play(STRICT, after, "claim")
    assert (claimed.scores, claimed.pending, STRICT.current_player(claimed)) == ((24, 0), 0, 0)
    assert STRICT.turn_number(claimed) == 13 and claimed.placed == 12
    assert "turn: 13" in STRICT.format_state(claimed)
    with pytest.raises(IllegalMoveError, match="no points to claim"):
        play(STRICT, claimed, "claim")
    forgotten = play(STRICT, after, "8S below 7S")
    assert (forgotten.scores, forgotten.pending) == ((0, 0), 1)
    with pytest.raises(IllegalMoveError, match="may simply play a card"):
        play(STRICT, after, "pass")


def test_strict_claim_before_level_two_may_change_the_leader() -> None:
    last = SQUARE.replace("10S\n", ".\n").replace("P1 31, P2 27", "P1 20, P2 20")
    state = STRICT.parse_state(last + "P2: 10S ? ? ? ?")
    waiting = play(STRICT, state, "10S below AH", seed=2)
    assert waiting.leader is None and waiting.pending == 20
    assert list(STRICT.legal_moves(waiting)) == [CLAIM, PASS]
    with pytest.raises(IllegalMoveError, match="must first claim or pass"):
        STRICT.apply(waiting, Place(card("QS"), 3, 3), random.Random(0))
    assert play(STRICT, waiting, "claim").leader == 0
    assert play(STRICT, waiting, "pass").leader == 1
    assert STRICT.parse_state(STRICT.format_state(waiting)) == waiting
    with pytest.raises(NotationError, match="only with strict_claims"):
        GAME.parse_state(STRICT.format_state(waiting))
