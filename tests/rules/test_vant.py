"""Tests of the "I vant to be alone" engine: notation, legality, scoring, options, playouts."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.vant.rules import (
    CLAIM,
    DECK,
    PASS,
    IVantToBeAlone,
    Move,
    Place,
    VantParams,
    VantState,
    card_name,
    hand_size,
    leader_by_rule,
    read_card,
    stock_size,
)
from printkit.rules.base import (
    NO_PLAYER,
    IllegalMoveError,
    NotationError,
    ParamsError,
    make_params,
)
from tests.rules.helpers import play

EXAMPLES = Path(__file__).parents[1] / "data" / "examples" / "i-vant-to-be-alone.yaml"

GAME = IVantToBeAlone()
STRICT = IVantToBeAlone(VantParams(strict_claims=True))
DEAD = IVantToBeAlone(VantParams(level2_visibility="cell_dead"))
ENGINES = {"default": GAME, "strict": STRICT, "dead": DEAD}

SEED_LAYOUT = """\
dealer: P2
layout:
  7S  9D   KS  8C
  .   9C   QD  .
  .   QC   JH  AH
  .   10C  .   10S
"""

SQUARE = """\
dealer: P2
scores: P1 31, P2 27
layout:
  7S  9D   KS  8C
  8H  9C   QD  10H
  AD  QC   JH  AH
  JS  10C  7D  10S
"""


def card(name: str) -> int:
    found = read_card(name)
    assert found is not None, name
    return found


def playout(game: IVantToBeAlone, seed: int, stop: int | None = None) -> list[VantState]:
    """States of one random game (or its first ``stop`` decisions)."""
    rng = random.Random(seed)
    states = [game.initial_state(rng)]
    while not game.is_terminal(states[-1]) and (stop is None or len(states) <= stop):
        moves = game.legal_moves(states[-1])
        states.append(game.apply(states[-1], moves[rng.randrange(len(moves))], rng))
    return states


# --------------------------------------------------------------------------- example file


def _generic(game: IVantToBeAlone, state: VantState, name: str, arg: str | None) -> object:
    names = game.player_names(state)
    if name == "legal":
        return game.parse_move(state, arg or "") in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        return None if game.is_terminal(state) else names[game.current_player(state)]
    if name == "scores":
        return dict(zip(names, game.scores(state), strict=True))
    if name == "winners":
        return [names[p] for p in game.winners(state)]
    assert name == "terminal", name
    return game.is_terminal(state)


def _same(expected: object, actual: object, unordered: bool) -> bool:
    if unordered and isinstance(expected, list) and isinstance(actual, list):
        return sorted(map(repr, expected)) == sorted(map(repr, actual))
    return expected == actual


def test_example_file_claims_hold() -> None:
    data: dict[str, Any] = yaml.safe_load(EXAMPLES.read_text())
    assert data["game"] == GAME.name
    names = [ex["name"] for ex in data["examples"]]
    assert len(names) == len(set(names))
    checked = 0
    for ex in data["examples"]:
        params = {**data.get("parameters", {}), **ex.get("parameters", {})}
        game = IVantToBeAlone(make_params(VantParams, params))
        state = game.parse_state(ex["position"])
        rng = random.Random(ex.get("seed", 0))
        for text in ex.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (ex["name"], text)
            state = game.apply(state, move, rng)
        own = game.claims()
        for key, expected in ex["claims"].items():
            name, _, rest = key.partition("(")
            arg = rest[:-1] if rest else None
            if name in own:
                assert own[name].takes_argument == (arg is not None), key
                actual = own[name].compute(state, arg)
                unordered = own[name].unordered
            else:
                actual = _generic(game, state, name, arg)
                unordered = name in ("legal_moves", "winners")
            assert _same(expected, actual, unordered), (ex["name"], key, actual)
            checked += 1
    assert checked > 60


# --------------------------------------------------------------------------- notation


@st.composite
def positions(draw: st.DrawFn) -> tuple[IVantToBeAlone, VantState]:
    game = ENGINES[draw(st.sampled_from(sorted(ENGINES)))]
    states = playout(game, draw(st.integers(0, 10**6)), draw(st.integers(0, 50)))
    return game, states[-1]


@settings(max_examples=60, deadline=None)
@given(positions())
def test_positions_and_moves_round_trip(found: tuple[IVantToBeAlone, VantState]) -> None:
    game, state = found
    assert game.parse_state(game.format_state(state)) == state
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(state, move)) == move
    for player in (0, 1):
        seen = game.parse_state(game.view(state, player))
        assert seen.hands[player] == state.hands[player]
        assert seen.hands[1 - player] == frozenset()
        assert seen.hidden[1 - player] == len(state.hands[1 - player])
        assert (seen.lower, seen.upper, seen.scores) == (state.lower, state.upper, state.scores)


def test_level_two_cells_show_the_covering_card_first() -> None:
    square = GAME.parse_state(SQUARE + "P1: 10D ? ? ? ? ? ? ?")
    after = play(GAME, square, "10D on 10S")
    text = GAME.format_state(after)
    assert "  JS  10C  7D  10D/10S\n" in text
    assert "leader: P1\nto move: P2\nscores: P1 31, P2 151\n" in text
    assert GAME.parse_state(text) == after


def test_notation_is_tolerant() -> None:
    messy = (
        "  # a comment line\n"
        "DEALER :   p2   \n"
        "\tScores: p2 0 ,  P1 0\n"
        "Layout:\n"
        "   7♠   9d     # first row\n"
        "\n"
        "   .    tc\n"
        "p1 :  ? ?\n"
    )
    state = GAME.parse_state(messy)
    assert state.lower[:2] == (card("7S"), card("9D"))
    assert state.lower[5] == card("10C")
    assert GAME.format_state(state) == (
        "dealer: P2\nto move: P2\nscores: P1 0, P2 0\nlayout:\n  7S  9D\n  .   10C\n"
        "P1: ? ?\nP2: ? ? ?\n"
    )
    padded = GAME.parse_state("layout:\n . . . \n . 7S 9D\n . . 10C\n")
    assert padded.lower == state.lower
    seed = GAME.parse_state(SEED_LAYOUT)
    for text in ("10h below 8c", "  10H   BELOW  8C ", "T♥ below 8♣"):
        assert GAME.parse_move(seed, text) == Place(card("10H"), 1, 3)
    for text in ("JD left-of 10C", "JD left of 10C", "JD LEFT 10C", "JD at a4"):
        assert GAME.parse_move(seed, text) == Place(card("JD"), 3, 0)
    assert GAME.parse_move(seed, "JD right of 8C") == Place(card("JD"), 0, 4)
    assert GAME.parse_move(seed, "JD above 7S") == Place(card("JD"), -1, 0)
    assert GAME.parse_move(seed, " Claim ") == CLAIM
    assert GAME.parse_move(seed, "pass") == PASS


@pytest.mark.parametrize(
    ("text", "fragment", "line", "column"),
    [
        ("dealer: P3", "'P3' is not a player", 1, 9),
        ("dealr: P2", "did you mean 'dealer'", 1, 1),
        ("layout:\n  7S 1H", "'1H' is not a card", 2, 6),
        ("layout:\n  7S 7s", "7S appears twice", 2, 6),
        ("layout:\n  7S 9D\nP2: 9d", "9D appears twice", 3, 5),
        ("layout:\n  7S .  9D", "9D is not joined", 2, 9),
        ("layout:\n  7S 9D\n  8S", "this row has 1 cells", 3, 3),
        ("layout:\n  7S 8S 9S 10S JS", "must fit in 4 x 4", 1, 1),
        ("P1: 7S 8S 9S 10S JS", "P1 holds 4 cards", 1, 1),
        ("P1: 7S ? ?", "P1 holds 4 cards at this point, not 3", 1, 1),
        ("to move: P2", "the player to move here is P1", 1, 10),
        ("pending: 5\nlayout:\n  7S", "only with strict_claims", 1, 10),
        ("leader: P1", "the leader is not known yet", 1, 9),
        ("layout:\n  QS/7S 9D", "level two starts only when", 2, 3),
        ("dealer: P2\nhello", "expected 'key: value'", 2, 1),
        ("dealer: P2\ndealer: P1", "given twice", 2, 1),
        ("scores: P1 3", "write the scores as", 1, 9),
        ("scores: P1 x, P2 0", "expected a whole number, found 'x'", 1, 12),
        ("layout: 7S", "on the lines below 'layout:'", 1, 9),
        ("turn: 3", "the turn is between 0 and 0", 1, 7),
    ],
)
def test_position_errors_point_at_the_token(text: str, fragment: str, line: int,
                                            column: int) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_state(text)
    assert fragment in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)


def test_level_two_positions_need_a_leader_and_a_consistent_one() -> None:
    square = SQUARE + "P1: ? ? ? ? ? ? ? ?\n"
    assert GAME.parse_state(square).leader == 0  # 31 beats 27
    with pytest.raises(NotationError, match="P1 leads level two"):
        GAME.parse_state(square + "leader: P2\n")
    tied = square.replace("P1 31, P2 27", "P1 27, P2 27")
    assert GAME.parse_state(tied).leader == 1  # a tie goes to the dealer
    started = SQUARE.replace("10S\n", "JD/10S\n")
    with pytest.raises(NotationError, match="say who led it"):
        GAME.parse_state(started)
    assert GAME.parse_state(started + "to move: P1\n").leader == 1
    assert GAME.parse_state(started + "leader: P2\n").leader == 1
    with pytest.raises(NotationError, match="the player to move"):
        STRICT.parse_state(started + "leader: P2\nto move: P2\n")


@pytest.mark.parametrize(
    ("text", "fragment", "column"),
    [
        ("1H below 8C", "'1H' is not a card", 1),
        ("10H beside 8C", "expected one of below", 5),
        ("10H below 6S", "'6S' is not a card", 11),
        ("10H below 8S", "8S is not in the layout", 11),
        ("10H", "say where 10H goes", 4),
        ("10H below", "expected a card after 'below'", 10),
        ("10H below 8C now", "unexpected 'now'", 14),
        ("claim now", "unexpected 'now'", 7),
        ("10H at e5", "'e5' is not a cell", 8),
        ("", "expected a move", 1),
    ],
)
def test_move_errors_point_at_the_token(text: str, fragment: str, column: int) -> None:
    seed = GAME.parse_state(SEED_LAYOUT)
    with pytest.raises(NotationError) as caught:
        GAME.parse_move(seed, text)
    assert fragment in caught.value.message
    assert caught.value.column == column


def test_level_two_moves_name_the_covered_card() -> None:
    square = GAME.parse_state(SQUARE)
    assert GAME.parse_move(square, "10D on 10S") == Place(card("10D"), 3, 3)
    assert GAME.parse_move(square, "10D at d4") == Place(card("10D"), 3, 3)
    with pytest.raises(NotationError, match="goes on top of another"):
        GAME.parse_move(square, "10D below AH")
    assert GAME.format_move(square, Place(card("10D"), 3, 3)) == "10D on 10S"
    assert GAME.parse_move(GAME.parse_state("P1: 7S ? ? ?"), "7S anywhere") == Place(0, 0, 0)


# --------------------------------------------------------------------------- legality


def test_apply_accepts_exactly_the_legal_moves() -> None:
    candidates: list[Move] = [CLAIM, PASS]
    candidates += [Place(c, r, k) for c in range(32) for r in range(-1, 5) for k in range(-1, 5)]
    checked = 0
    for game in ENGINES.values():
        for state in playout(game, 7)[::5]:
            legal = set(game.legal_moves(state))
            before = game.format_state(state)
            for move in candidates:
                try:
                    game.apply(state, move, random.Random(0))
                except IllegalMoveError:
                    assert move not in legal, move
                else:
                    assert move in legal, move
                    checked += 1
            assert game.format_state(state) == before
    assert checked > 300


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


def test_game_over_refuses_everything() -> None:
    final = playout(GAME, 3)[-1]
    assert GAME.is_terminal(final)
    assert GAME.legal_moves(final) == []
    assert GAME.current_player(final) == NO_PLAYER
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.apply(final, CLAIM, random.Random(0))


# --------------------------------------------------------------------------- rules


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


SCORING = "layout:\n  9H  8C  9S\n  JD  .   7H\n  9D  QS  .\n"


@pytest.mark.parametrize(
    ("move", "points", "matches"),
    [
        ("10H below 8C", 4, ["9H", "7H"]),  # two hearts around, diagonal one included
        ("9C below 8C", 30, ["8C", "9H", "9S", "9D"]),  # a club around, nines on diagonals
        ("QH below 8C", 16, ["9H", "7H", "QS"]),  # the queen in the same column
        ("9C below 7H", 27, ["9D", "9S", "9H"]),  # nines two cells away still count
        ("AD below 7H", 0, []),
    ],
)
def test_scoring_counts_every_match(move: str, points: int, matches: list[str]) -> None:
    state = GAME.parse_state(SCORING)
    claims = GAME.claims()
    assert claims["points"].compute(state, move) == points
    found = claims["matches"].compute(state, move)
    assert isinstance(found, list) and sorted(found) == sorted(matches)
    assert GAME.current_player(state) == 1
    after = play(GAME, state, move)
    assert after.scores == (points, 0)  # P2 played: the points are P1's


def test_point_table_is_a_parameter() -> None:
    flat = IVantToBeAlone(make_params(VantParams, {"suit_values": [5, 5, 5, 5],
                                                   "rank_values": "1,1,1,1,1,1,1,1"}))
    state = flat.parse_state(SCORING)
    assert flat.claims()["points"].compute(state, "9C below 8C") == 5 + 3
    assert flat.claims()["card_value"].compute(state, "AD") == {"suit": 5, "rank": 1}
    seed = flat.parse_state(SEED_LAYOUT)
    assert flat.claims()["points"].compute(seed, "10H below 8C") == 5 + 5 + 1 + 1


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"suit_values": [1, 2, 3]}, "suit_values"),
        ({"rank_values": [1] * 9}, "rank_values"),
        ({"suit_values": [1, -2, 3, 4]}, "suit_values"),
        ({"level2_visibility": "hidden"}, "level2_visibility"),
        ({"strict_claim": True}, "strict_claim"),
    ],
)
def test_bad_parameters_are_reported_by_key(values: dict[str, object], key: str) -> None:
    with pytest.raises(ParamsError) as caught:
        make_params(VantParams, values)
    assert [k for k, _ in caught.value.problems] == [key]


def test_covered_card_penalty_is_ten_times_the_match() -> None:
    square = GAME.parse_state(SQUARE + "P1: 10D KH 8S ? ? ? ? ?")
    penalty = GAME.claims()["penalty"]
    assert penalty.compute(square, "10D on 10S") == 100  # rank: Ten on a Ten
    assert penalty.compute(square, "KH on 10H") == 20  # suit: heart on a heart
    assert penalty.compute(square, "KH on 8C") == 0
    assert GAME.claims()["points"].compute(square, "10D on 10S") == 124
    with pytest.raises(ValueError, match="not legal"):
        penalty.compute(square, "7S on 10S")


def test_visibility_of_covered_cells() -> None:
    square = SQUARE.replace("10S\n", "10D/10S\n") + "leader: P1\nP2: JD 8S ? ? ? ? ? ?"
    shown, dead = GAME.parse_state(square), DEAD.parse_state(square)
    # JD on JH: diamonds QD, 7D and (only while it counts) the covering 10D; a Jack beneath
    assert GAME.claims()["points"].compute(shown, "JD on JH") == 12 + 110
    assert DEAD.claims()["points"].compute(dead, "JD on JH") == 8 + 110
    # the face-down Ten of spades never counts: 8S beside it matches nothing either way
    assert GAME.claims()["points"].compute(shown, "8S on JH") == 0
    assert DEAD.claims()["points"].compute(dead, "8S on JH") == 0


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


# --------------------------------------------------------------------------- claims, view


def test_claims_reject_bad_arguments() -> None:
    seed = GAME.parse_state(SEED_LAYOUT)
    claims = GAME.claims()
    with pytest.raises(ValueError, match="takes no argument"):
        claims["level"].compute(seed, "1")
    with pytest.raises(ValueError, match="needs an argument"):
        claims["points"].compute(seed, None)
    with pytest.raises(ValueError, match="card play"):
        claims["points"].compute(seed, "claim")
    with pytest.raises(NotationError):
        claims["card_value"].compute(seed, "11H")
    assert claims["legal_cells"].compute(GAME.parse_state(""), "10H") == ["anywhere"]
    known = GAME.parse_state(SEED_LAYOUT + "P2: 10H 7H 8H 9H JS QS AS")
    assert claims["legal_cells"].compute(known, "KS") == []
    assert claims["leader"].compute(known, None) is None


def test_view_masks_only_the_other_hand() -> None:
    state = GAME.initial_state(random.Random(9))
    mine = GAME.view(state, 0)
    for c in state.hands[0]:
        assert card_name(c) in mine
    for c in state.hands[1]:
        assert card_name(c) not in mine
    assert "P2: ? ? ? ?" in mine


def test_hidden_hands_draw_from_the_unseen_cards() -> None:
    state = GAME.parse_state("layout:\n  7S 8S 9S\n  10S JS QS\nP2: KS")
    assert state.hidden == (1, 0)
    last = play(GAME, state, "AH right of 9S", "KS right of QS", seed=5)
    assert last.placed == 8 and last.hidden == (0, 0)
    assert len(last.hands[0]) == len(last.hands[1]) == 8
    assert last.table() | last.hands[0] | last.hands[1] | _stock(last) == DECK


def _stock(state: VantState) -> frozenset[int]:
    return DECK - state.table() - state.hands[0] - state.hands[1]


# --------------------------------------------------------------------------- playouts


def _check_invariants(game: IVantToBeAlone, before: VantState, after: VantState) -> None:
    table = after.table()
    hands = after.hands
    assert not (table & hands[0] or table & hands[1] or hands[0] & hands[1])
    stock = _stock(after)
    assert len(table) + len(hands[0]) + len(hands[1]) + len(stock) == 32
    assert len(stock) == stock_size(after.placed)
    for p in (0, 1):
        assert len(hands[p]) == hand_size(after.placed, after.covered, p, after.dealer,
                                          after.leader)
    filled = [i for i in range(16) if after.lower[i] is not None]
    assert {i // 4 for i in filled} == set(range(max(i // 4 for i in filled) + 1))
    assert {i % 4 for i in filled} == set(range(max(i % 4 for i in filled) + 1))
    assert all(after.lower[i] is not None for i in range(16) if after.upper[i] is not None)
    assert after.scores[0] >= before.scores[0] and after.scores[1] >= before.scores[1]
    assert game.turn_number(after) == game.turn_number(before) + 1
    assert after.placed + after.covered - before.placed - before.covered in (0, 1)


@pytest.mark.parametrize(("kind", "games"), [("default", 120), ("strict", 70), ("dead", 70)])
def test_random_playouts_keep_the_invariants(kind: str, games: int) -> None:
    game = ENGINES[kind]
    for seed in range(games):
        states = playout(game, 1000 + seed)
        final = states[-1]
        for before, after in itertools.pairwise(states):
            _check_invariants(game, before, after)
        if seed % 10 == 0:
            for state in states:
                assert game.parse_state(game.format_state(state)) == state
        assert game.is_terminal(final)
        assert final.placed == 16 and final.covered == 16
        assert sum(b.placed + b.covered < a.placed + a.covered
                   for b, a in itertools.pairwise(states)) == 32
        figures = game.figures(states)
        given = figures["level-one points"] + figures["level-two points"]
        assert given - figures["points forfeited"] == sum(final.scores)
        assert 0 <= figures["level-two penalties"] <= 16
        assert figures["penalty points"] >= 10 * figures["level-two penalties"]
        if kind != "strict":
            assert figures["points forfeited"] == 0
            assert len(states) == 33
