"""Tests of the Stars and Bars rules engine: setup, placement, scoring, housekeeping, the end
test, every option, the notation, the claims and seeded random playouts."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.stars_and_bars import rules as stars_and_bars
from printkit.games.stars_and_bars.rules import (
    Housekeep,
    Pass,
    Place,
    Stack,
    StarsAndBars,
    StarsAndBarsParams,
    State,
)
from printkit.rules import registry
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError, ParamsError, make_params
from tests.rules.helpers import move_texts, play

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples" / "stars-and-bars.yaml"


def engine(**options: object) -> StarsAndBars:
    return StarsAndBars(make_params(StarsAndBarsParams, options))


GAME = engine()
MANUAL = engine(manual_housekeeping=True)


def card(game: StarsAndBars, code: str) -> int:
    return game.parse_card(code)


def claim(game: StarsAndBars, state: State, name: str, argument: str | None = None) -> object:
    return game.claims()[name].compute(state, argument)


def random_state(game: StarsAndBars, seed: int, steps: int) -> State:
    """The state after ``steps`` random moves of a seeded game (or its end)."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    for _ in range(steps):
        if state.over:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    return state


ONE_CARD = """
+  a  b     c  d
1  .  .     .  .
2  .  srl1  .  .
3  .  .     .  .
4  .  .     .  .
P1 score 0 hand srl2 sbs1 bbs1 bbs2
P2 score 0 hand brl1
"""


# --------------------------------------------------------------------------- parameters


def test_registry_finds_the_engine() -> None:
    cls = registry.engine_class("stars-and-bars")
    assert cls is StarsAndBars
    assert cls.name == "stars-and-bars" and cls.title == "Stars and Bars"


def test_default_parameters_are_the_rulings() -> None:
    p = StarsAndBarsParams()
    assert (p.copies, p.rows, p.columns, p.centre, p.stack_limit) == (4, 4, 4, None, 4)
    assert p.starred == "shape=star" and not p.manual_housekeeping
    assert (p.win_score, p.win_margin, p.runaway_margin) == (200, 15, 50)
    relations = [(getattr(p, f"{r}_differences"), getattr(p, f"{r}_points"))
                 for r in ("stacking", "horizontal", "diagonal", "vertical")]
    assert relations == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert (p.turn_claim_points, p.clear_claim_points, p.remove_claim_points) == (2, 4, 2)
    assert GAME.deck_size == 64 and len(GAME.kinds) == 16
    assert [GAME.space_name(s) for s in GAME.centre] == ["b2", "c2", "b3", "c3"]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"copies": 0}, "copies"),
        ({"rows": 0}, "rows"),
        ({"columns": 27}, "columns"),
        ({"rows": 2}, "centre"),
        ({"centre": ["z9"]}, "centre"),
        ({"centre": ["b2", "B2"]}, "centre"),
        ({"centre": []}, "centre"),
        ({"stack_limit": 1}, "stack_limit"),
        ({"hand_size": 0}, "hand_size"),
        ({"vertical_differences": 5}, "vertical_differences"),
        ({"diagonal_points": -1}, "diagonal_points"),
        ({"win_margin": -1}, "win_margin"),
        ({"starred": "shape=moon"}, "starred"),
        ({"starred": "colour"}, "starred"),
        ({"attributes": [["shape", "star", "square"]]}, "attributes"),
        ({"attributes": [["shape", "star"]]}, "attributes"),
        ({"attributes": []}, "attributes"),
        ({"copies": 1, "hand_size": 8}, "copies"),
    ],
)
def test_bad_parameters_name_their_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(ParamsError) as caught:
        make_params(StarsAndBarsParams, options)
    assert caught.value.problems[0][0] == field


def test_parameters_from_text_as_the_command_line_gives_them() -> None:
    p = make_params(StarsAndBarsParams, {"manual_housekeeping": "yes", "win_score": "150",
                                         "centre": "b2,c2"})
    assert p.manual_housekeeping and p.win_score == 150 and p.centre == ("b2", "c2")


def test_attribute_table_is_data() -> None:
    game = engine(
        attributes=[["colour", "red", "green", "blue"], ["shape", "circle", "square:q"],
                    ["fill", "open", "solid"]],
        starred="colour=green|shape=square",
        vertical_differences=3, diagonal_differences=2, horizontal_differences=1,
        stacking_differences=0, copies=2,
    )
    assert len(game.kinds) == 12 and game.deck_size == 24
    assert game.codes[:3] == ("rco", "rcs", "rqo")
    assert game.parse_card("green-square-solid") == game.parse_card("GQS")
    assert game.starred[game.parse_card("gco")] and game.starred[game.parse_card("rqo")]
    assert not game.starred[game.parse_card("rco")]
    with pytest.raises(NotationError, match="not a colour code"):
        game.parse_card("xco")


def test_value_codes_must_differ_within_an_attribute() -> None:
    with pytest.raises(ParamsError, match="share the code"):
        make_params(StarsAndBarsParams, {"attributes": [["shape", "star", "square"]]})


# --------------------------------------------------------------------------- setup


def test_setup_follows_the_draw_order() -> None:
    for seed in range(20):
        state = GAME.initial_state(random.Random(seed))
        deck = [c for c in range(16) for _ in range(4)]
        random.Random(seed).shuffle(deck)
        # draws alternate P1, P2: four to the centre, then four to each hand
        centre = [state.board[s].cards for s in GAME.centre]
        assert centre == [(c,) for c in deck[:4]]
        assert state.hands[0] == tuple(sorted(deck[4:12:2]))
        assert state.hands[1] == tuple(sorted(deck[5:12:2]))
        assert state.stock == tuple(deck[12:])
        first_star = next((i for i, c in enumerate(deck[:12]) if GAME.starred[c]), None)
        assert state.beginner == (1 if first_star is None else first_star % 2)
        assert state.to_move == state.beginner and state.scores == (0, 0)
        assert state.discard == () and not state.over


def test_second_drawer_begins_when_nobody_draws_a_star() -> None:
    game = engine(starred="")
    assert all(game.initial_state(random.Random(s)).beginner == 1 for s in range(5))


def test_the_first_star_decides_who_begins() -> None:
    beginners = {GAME.initial_state(random.Random(s)).beginner for s in range(30)}
    assert beginners == {0, 1}


def test_setup_with_a_custom_board() -> None:
    game = engine(rows=5, columns=5, hand_size=3)
    state = game.initial_state(random.Random(3))
    assert [game.space_name(s) for s in game.centre] == [
        "b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"]
    assert all(len(state.board[s].cards) == 1 for s in game.centre)
    assert [len(h) for h in state.hands] == [3, 3]
    assert game.card_count(state) == 64
    named = engine(centre=["a1", "d4"])
    assert [named.space_name(s) for s in named.centre] == ["a1", "d4"]


# --------------------------------------------------------------------------- placement


def test_each_relation_scores_only_with_the_exact_difference() -> None:
    state = GAME.parse_state(ONE_CARD)
    expected = {
        ("srl2", "b2"): {"stacking": 1, "horizontal": 0, "diagonal": 0, "vertical": 0},
        ("sbs1", "c2"): {"stacking": 0, "horizontal": 2, "diagonal": 0, "vertical": 0},
        ("bbs1", "c3"): {"stacking": 0, "horizontal": 0, "diagonal": 3, "vertical": 0},
        ("bbs2", "b3"): {"stacking": 0, "horizontal": 0, "diagonal": 0, "vertical": 4},
        ("bbs2", "c2"): {"stacking": 0, "horizontal": 0, "diagonal": 0, "vertical": 0},
        ("sbs1", "b3"): {"stacking": 0, "horizontal": 0, "diagonal": 0, "vertical": 0},
    }
    for (code, space), relations in expected.items():
        assert claim(GAME, state, "points_by_relation", f"{code} {space}") == relations
        after = play(GAME, state, f"{code} {space}")
        assert after.scores == (sum(relations.values()), 0)


def test_relation_numbers_are_options() -> None:
    game = engine(horizontal_differences=1, horizontal_points=5, stacking_differences=2,
                  stacking_points=7)
    state = game.parse_state(ONE_CARD)
    assert claim(game, state, "points", "srl2 c2") == 5
    assert claim(game, state, "points", "sbs1 b2") == 7
    assert claim(game, state, "points", "sbs1 c2") == 0


def test_centre_takes_any_card_outer_needs_every_relation() -> None:
    state = GAME.parse_state(ONE_CARD)
    legal = set(move_texts(GAME, state))
    for code in ("srl2", "sbs1", "bbs1", "bbs2"):
        for space in ("b2", "c2", "b3", "c3"):
            assert f"{code} {space}" in legal
    # the outer spaces next to b2 take exactly the cards that score against srl1
    assert "sbs1 a2" in legal and "srl2 a2" not in legal
    assert "bbs1 a1" in legal and "bbs1 a3" in legal and "bbs2 a1" not in legal
    assert "bbs2 b1" in legal and "bbs1 b1" not in legal
    # no face-up relation at all: illegal
    assert not any(m.endswith(("a4", "d1", "d4")) for m in legal)


def test_a_face_down_stack_takes_nothing_and_is_not_compared() -> None:
    state = GAME.parse_state("""
        1 . .  .    .
        2 . #4 srl1 .
        3 . .  .    .
        4 . .  .    .
        P1 hand bbs1 sbl1
    """)
    assert all(not m.endswith(" b2") for m in move_texts(GAME, state))
    # a1 touches only the face-down b2: no relation, so no placement
    assert "sbl1 a1" not in move_texts(GAME, state)
    with pytest.raises(IllegalMoveError, match="face-down"):
        play(GAME, state, "bbs1 b2")
    with pytest.raises(ValueError, match="face-down"):
        claim(GAME, state, "points", "bbs1 b2")


def test_after_playing_the_player_draws_from_the_stock() -> None:
    state = GAME.initial_state(random.Random(4))
    move = GAME.legal_moves(state)[0]
    assert isinstance(move, Place)
    after = GAME.apply(state, move, random.Random(0))
    hand = list(state.hands[state.to_move])
    hand.remove(move.card)
    assert isinstance(state.stock, tuple)
    assert after.hands[state.to_move] == tuple(sorted([*hand, state.stock[0]]))
    assert after.stock == state.stock[1:]
    assert after.to_move == 1 - state.to_move


def test_a_stock_of_unknown_cards_deals_an_unseen_card() -> None:
    text = ONE_CARD.replace("P2 score 0 hand brl1", "P2 hand sbs2 sbs2 sbs2 sbs2")
    state = GAME.parse_state(text)
    assert state.stock == 55
    drawn: set[int] = set()
    for seed in range(80):
        after = play(GAME, state, "srl2 b2", seed=seed)
        assert after.stock == 54 and GAME.card_count(after) == 64
        hand = Counter(after.hands[0])
        hand.subtract(Counter(state.hands[0]) - Counter([card(GAME, "srl2")]))
        drawn.update(+hand)
    # all four sbs2 are in view, so none can be drawn; every other kind turns up
    assert card(GAME, "sbs2") not in drawn and len(drawn) == 15
    # a seed replays the same draw
    assert play(GAME, state, "srl2 b2", seed=7) == play(GAME, state, "srl2 b2", seed=7)


# --------------------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("brl1 b2", "holds no brl1"),
        ("srl2 a2", "horizontal relation to srl1 on b2 does not score"),
        ("srl2 a4", "no face-up card next to it"),
        ("srl2 b2 leave", "housekeeping is automatic"),
        ("turn b2", "housekeeping is automatic"),
        ("clear", "housekeeping is automatic"),
        ("pass", "cannot pass"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason(move: str, why: str) -> None:
    state = GAME.parse_state(ONE_CARD)
    parsed = GAME.parse_move(state, move)
    assert parsed not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=why) as caught:
        GAME.apply(state, parsed, random.Random(0))
    assert repr(move) in str(caught.value)


def test_no_move_once_the_game_is_over() -> None:
    state = GAME.parse_state("P1 score 9 hand srl1\ngame over after turn 40")
    assert state.over and GAME.legal_moves(state) == []
    assert GAME.current_player(state) == NO_PLAYER
    with pytest.raises(IllegalMoveError, match="over"):
        play(GAME, state, "srl1 b2")


def test_apply_refuses_exactly_what_legal_moves_leaves_out() -> None:
    rng = random.Random(11)
    for seed in range(12):
        for game in (GAME, MANUAL):
            state = random_state(game, seed, rng.randrange(40))
            if state.over:
                continue
            legal = set(game.legal_moves(state))
            candidates: list[Any] = [
                Place(c, s, t) for c in range(16) for s in range(16) for t in (True, False)]
            candidates += [Housekeep("turn", s) for s in range(16)]
            candidates += [Housekeep("remove", s) for s in range(16)]
            candidates += [Housekeep("clear"), Pass()]
            for move in candidates:
                if move in legal:
                    game.apply(state, move, random.Random(0))
                else:
                    with pytest.raises(IllegalMoveError):
                        game.apply(state, move, random.Random(0))


def test_apply_leaves_its_input_alone() -> None:
    state = GAME.initial_state(random.Random(2))
    copy = dataclasses.replace(state)
    GAME.apply(state, GAME.legal_moves(state)[0], random.Random(0))
    assert state == copy
    assert dataclasses.is_dataclass(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 3  # type: ignore[misc]


# --------------------------------------------------------------------------- housekeeping


THREE_HIGH = """
1 . .                 .     .
2 . [srl1 srl2 srs2]  bbl1  .
3 . brs1              bbs2  .
4 . .                 .     .
P1 score 0 hand bbl2 srs1
P2 score 0 hand brl1
"""


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
    # the opponent may claim the turn before laying a card, and may still lay on it
    assert move_texts(MANUAL, left)[0] == "turn b2"
    assert "brl1 b2" in move_texts(MANUAL, left)
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
    assert move_texts(MANUAL, state) == ["clear"]
    with pytest.raises(NotationError, match="cleared"):
        GAME.parse_state(MANUAL.format_state(state))


# --------------------------------------------------------------------------- the end


@pytest.mark.parametrize(
    ("scores", "outcome"),
    [
        ((205, 195), "continue"),
        ((195, 205), "continue"),
        ((220, 205), "win"),
        ((216, 202), "tie"),
        ((200, 185), "continue"),
        ((201, 186), "win"),
        ((120, 69), "win"),
        ((120, 70), "continue"),
        ((69, 120), "win"),
        ((210, 201), "tie"),
        ((201, 201), "tie"),
        ((200, 200), "continue"),
        ((0, 0), "continue"),
    ],
)
def test_end_of_round_thresholds(scores: tuple[int, int], outcome: str) -> None:
    state = GAME.parse_state(f"P1 score {scores[0]}\nP2 score {scores[1]}")
    assert claim(GAME, state, "outcome") == outcome


def test_thresholds_are_options() -> None:
    game = engine(win_score=100, win_margin=5, runaway_margin=20)
    state = game.parse_state("P1 score 106\nP2 score 101")
    assert claim(game, state, "outcome") == "win"
    state = game.parse_state("P1 score 30\nP2 score 9")
    assert claim(game, state, "outcome") == "win"


ROUND_END = """
1 . .    . .
2 . srl1 . .
3 . .    . .
4 . .    . .
P1 score {p1} hand bbs2
P2 score {p2} hand sbs1
P1 began
round 30, {mover} to move
"""


def test_the_end_test_runs_after_the_second_player_only() -> None:
    late = GAME.parse_state(ROUND_END.format(p1=205, p2=218, mover="P2"))
    done = play(GAME, late, "sbs1 c2")
    assert done.over and GAME.winners(done) == (1,) and done.scores == (205, 220)
    assert GAME.current_player(done) == NO_PLAYER and GAME.legal_moves(done) == []
    going = play(GAME, GAME.parse_state(ROUND_END.format(p1=205, p2=193, mover="P2")),
                 "sbs1 c2")
    assert not going.over and going.scores == (205, 195) and going.to_move == 0
    early = GAME.parse_state(ROUND_END.format(p1=100, p2=240, mover="P1"))
    early = dataclasses.replace(early, hands=((card(GAME, "sbs1"),), early.hands[1]))
    mid = play(GAME, early, "sbs1 c2")
    assert not mid.over and mid.to_move == 1


def test_empty_hands_end_the_game() -> None:
    text = """
        2 . srl1 . .
        P1 score {p1} hand -
        P2 score 20 hand sbs1
        stock 0
        round 20, P1 to move
    """
    text = "1 . . . .\n3 . . . .\n4 . . . .\n" + text
    for p1, winners in ((30, (0, 1)), (37, (0,)), (8, (0, 1)), (7, (1,))):
        state = GAME.parse_state(text.format(p1=p1))
        assert move_texts(GAME, state) == ["pass"]
        end = play(GAME, state, "pass", "sbs1 c2")
        assert end.over and GAME.winners(end) == winners


# --------------------------------------------------------------------------- notation


def test_position_text_round_trips_and_reads_by_hand() -> None:
    state = GAME.parse_state(ONE_CARD)
    assert GAME.parse_state(GAME.format_state(state)) == state
    assert state.hands[0] == tuple(sorted(card(GAME, c) for c in ("srl2", "sbs1", "bbs1",
                                                                    "bbs2")))
    assert state.stock == 58 and state.discard == () and state.beginner == 0
    assert state.turn == 0 and state.to_move == 0


def test_the_module_notes_show_a_readable_position() -> None:
    notes = stars_and_bars.__doc__ or ""
    block = notes.split("A position::\n\n", 1)[1].split("\n\n", 1)[0]
    state = GAME.parse_state(block)
    assert state.scores == (12, 7) and state.hands[1] == () and state.to_move == 1
    assert state.board[9] == Stack((), True, 4) and state.stock == 40
    assert state.discard == 12 and GAME.card_count(state) == 64
    assert GAME.parse_state(GAME.format_state(state)) == state


def test_loose_spacing_and_separators_are_read() -> None:
    tight = GAME.parse_state("""2 . srl1 [bbs2 brs1] .
1 . . . .
3 . #3 bbl2 .
4 . . . .
P2 began
round 5, P1 to move
P1 score 12 hand srl1 brl1
""")
    loose = GAME.parse_state("""

    +   a    b      c             d
    1   .    .      .             .
    2   .    srl1   [ bbs2 brs1 ] .
    3   .    #3     bbl2          .
    4   .    .      .             .
    P1: score 12, hand S-R-L-1   bar-red-large-one
    P2 begins
    round 5; P1 to move
    """)
    assert tight == loose
    assert tight.turn == 9 and tight.beginner == 1 and tight.to_move == 0


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 70), manual=st.booleans())
@settings(max_examples=60, deadline=None)
def test_every_reachable_position_round_trips(seed: int, steps: int, manual: bool) -> None:
    game = MANUAL if manual else GAME
    state = random_state(game, seed, steps)
    text = game.format_state(state)
    assert game.parse_state(text) == state
    seen = game.parse_state(game.view(state, 0))
    assert game.view(seen, 1) == game.view(state, 1)
    assert game.card_count(seen) == 64
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(state, move)) == move


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), rng=st.randoms())
@settings(max_examples=30, deadline=None)
def test_extra_whitespace_is_harmless(seed: int, steps: int, rng: random.Random) -> None:
    state = random_state(GAME, seed, steps)
    lines = []
    for line in GAME.format_state(state).splitlines():
        padded = "".join(w + rng.choice(["  ", "\t", " \t "]) for w in line.split(" "))
        lines.append(rng.choice(["", "   ", "\t"]) + padded)
    assert GAME.parse_state("\n\n".join(lines)) == state


def test_a_view_hides_the_stock_discards_and_face_down_cards() -> None:
    state = random_state(GAME, 5, 45)
    assert isinstance(state.stock, tuple)
    view = GAME.view(state, 0)
    assert f"stock {len(state.stock)}\n" in view
    assert "#[" not in view and "discard [" not in view
    for hand in state.hands:
        assert " ".join(GAME.codes[c] for c in hand) in view


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("1 . sxl1 . .", "'x' in card 'sxl1' is not a colour code", 1, 6),
        ("P1 hand srl1 srl\n", "'srl' is not a card", 1, 14),
        ("\n1 . . .", "row 1 has 3 spaces", 2, 8),
        ("1 . . . . .", "more than 4 spaces", 1, 11),
        ("7 . . . .", "row 7 is not on the board", 1, 1),
        ("P3 score 2", "unexpected 'P3'", 1, 1),
        ("P1 score x", "a score expected, not 'x'", 1, 10),
        ("P1 hand srl1 srl1 srl1 srl1 srl1", "one srl1 too many", 1, 29),
        ("stock 70", "the deck only 64", 1, 1),
        ("stock 10\ndiscard 10", "are missing", 1, 1),
        ("1 [srl1 . . .", "'.' is not a card", 1, 9),
        ("1 #0 . . .", "at least one card", 1, 3),
        ("round 0", "counted from 1", 1, 7),
        ("round 2\nround 3", "given twice", 2, 1),
        ("+ a b x d", "column header", 1, 7),
        ("1 #4 . . .\n2 . . . .\n3 . . . .\n4 . . . .", "only centre stacks", 1, 3),
        ("1 . . . .\n2 . [srl1 srl2 srs2 srs1] . .\n3 . . . .\n4 . . . .",
         "would have been turned", 2, 5),
        ("2 . . . .", "row 1 of the board is missing", 1, 1),
        ("game over\nP1 to move", "a finished game", 1, 1),
    ],
)
def test_notation_errors_point_at_the_token(
    text: str, message: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        GAME.parse_state(text)
    assert (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("", "empty move", 1),
        ("srl1", "a space expected", 5),
        ("srl1 e2", "'e2' is not a space", 6),
        ("srl1 b2 now", "unexpected 'now'", 9),
        ("red-star-large-one b2", "'red' in card 'red-star-large-one' is not a shape", 1),
        ("star-green-large-one b2", "'green' in card", 6),
        ("turn", "a space expected", 5),
        ("pass b2", "unexpected 'b2'", 6),
    ],
)
def test_move_errors_point_at_the_token(text: str, message: str, column: int) -> None:
    state = GAME.parse_state(ONE_CARD)
    with pytest.raises(NotationError, match=message) as caught:
        GAME.parse_move(state, text)
    assert caught.value.column == column


def test_move_spellings() -> None:
    state = GAME.parse_state(ONE_CARD)
    same = {GAME.parse_move(state, t) for t in
            ("srl2 b2", "SRL2 B2", "s-r-l-2 b2", "star-red-large-two on b2", "  srl2   b2 ")}
    assert same == {Place(card(GAME, "srl2"), 5)}
    assert GAME.parse_move(state, "srl2 b2 leave") == Place(card(GAME, "srl2"), 5, False)
    assert GAME.format_move(state, Place(card(GAME, "srl2"), 5, False)) == "srl2 b2 leave"
    assert GAME.parse_move(state, "remove a1") == Housekeep("remove", 0)
    assert GAME.format_move(state, Housekeep("clear")) == "clear"


# --------------------------------------------------------------------------- claims


def test_claims_answer_plain_data() -> None:
    state = GAME.parse_state(ONE_CARD)
    assert claim(GAME, state, "differences", "srl1, bbs2") == 4
    assert claim(GAME, state, "is_starred", "sbs1") is True
    assert claim(GAME, state, "is_starred", "bbs1") is False
    assert claim(GAME, state, "legal_spaces", "bbs2") == ["b1", "b2", "c2", "b3", "c3"]
    assert claim(GAME, state, "best_points") == 4
    assert claim(GAME, state, "stack_size", "b2") == 1
    assert claim(GAME, state, "top", "b2") == "srl1"
    assert claim(GAME, state, "top", "a1") is None
    assert claim(GAME, state, "face_down", "b2") is False
    assert claim(GAME, state, "hand", "p2") == ["brl1"]
    assert claim(GAME, state, "stock_size") == 58
    assert claim(GAME, state, "discard_size") == 0
    assert claim(GAME, state, "round") == 1
    assert claim(GAME, state, "beginner") == "P1"
    assert claim(GAME, state, "housekeeping_claims") == []
    assert claim(GAME, state, "points", "pass") == 0
    assert claim(MANUAL, state, "points", "remove a1") == 2
    claims = GAME.claims()
    assert claims["legal_spaces"].unordered and claims["legal_spaces"].takes_argument
    assert not claims["outcome"].takes_argument


@pytest.mark.parametrize(
    ("name", "argument"),
    [
        ("outcome", "x"),
        ("differences", None),
        ("differences", "srl1"),
        ("points", "clear b2"),
        ("points_by_relation", "pass"),
        ("hand", "P3"),
        ("top", "q9"),
        ("is_starred", "srl1 srl2"),
    ],
)
def test_claims_reject_bad_arguments(name: str, argument: str | None) -> None:
    with pytest.raises(ValueError):
        claim(GAME, GAME.parse_state(ONE_CARD), name, argument)


def _generic(game: StarsAndBars, state: State, name: str, argument: str | None) -> object:
    names = game.player_names(state)
    if name == "legal":
        return game.parse_move(state, argument or "") in game.legal_moves(state)
    if name == "legal_moves":
        return sorted(move_texts(game, state))
    if name == "to_move":
        return None if state.over else names[state.to_move]
    if name == "scores":
        return dict(zip(names, state.scores, strict=True))
    if name == "winners":
        return sorted(names[p] for p in game.winners(state))
    if name == "terminal":
        return state.over
    return None


def test_the_example_file_agrees_with_the_engine() -> None:
    data = yaml.safe_load(EXAMPLES.read_text())
    assert data["game"] == "stars-and-bars"
    names = [e["name"] for e in data["examples"]]
    assert len(names) == len(set(names))
    checked = 0
    for example in data["examples"]:
        options = {**data.get("parameters", {}), **example.get("parameters", {})}
        game = engine(**options)
        state = game.parse_state(example["position"])
        rng = random.Random(example.get("seed", 0))
        for text in example.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (example["name"], text)
            state = game.apply(state, move, rng)
        for key, expected in example["claims"].items():
            name, _, rest = key.partition("(")
            argument = rest[:-1] if rest else None
            if name in ("legal", "legal_moves", "to_move", "scores", "winners", "terminal"):
                actual = _generic(game, state, name, argument)
                if isinstance(expected, list):
                    expected = sorted(expected)
            else:
                rule = game.claims()[name]
                actual = rule.compute(state, argument)
                if rule.unordered:
                    assert isinstance(actual, list) and isinstance(expected, list)
                    actual, expected = sorted(actual), sorted(expected)
            assert actual == expected, (example["name"], key, actual)
            assert type(actual) is type(expected), (example["name"], key)
            checked += 1
    assert checked > 80


def test_the_example_file_covers_what_the_booklet_needs() -> None:
    data = yaml.safe_load(EXAMPLES.read_text())
    claims = [k for e in data["examples"] for k in e["claims"]]
    for relation in ("stacking", "horizontal", "diagonal", "vertical"):
        assert any(k.startswith("points_by_relation") and
                   any(e["claims"][k][relation] > 0 for e in data["examples"]
                       if k in e["claims"]) for k in claims), relation
    assert any(e["claims"].get(k) is False for e in data["examples"] for k in e["claims"]
               if k.startswith("legal("))
    assert any(e["claims"].get("face_down(b2)") is True and e.get("moves")
               for e in data["examples"])
    assert any(e["claims"].get("scores") == {"P1": 205, "P2": 195} and
               e["claims"].get("outcome") == "continue" for e in data["examples"])


# --------------------------------------------------------------------------- playouts


def _check_invariants(game: StarsAndBars, before: State, move: object, after: State) -> None:
    limit = game.params.stack_limit
    deck = Counter({c: game.params.copies for c in range(len(game.kinds))})
    assert game.card_count(after) == game.deck_size
    named = Counter(game._named(after))  # playouts know every card
    assert named == deck
    for space, (was, now) in enumerate(zip(before.board, after.board, strict=True)):
        if was.face_down:  # nothing lands on a face-down stack; it only leaves by a clear
            assert now == was or (now == Stack() and game.is_centre[space])
        if now.face_down:
            assert game.is_centre[space]
        if not game.params.manual_housekeeping:
            assert now.face_down or now.size < limit
    if isinstance(move, Place) and not game.is_centre[move.space]:
        found = game.comparisons(before.board, move.card, move.space)
        assert found and all(points >= 0 for *_, points in found)
    if isinstance(move, Place):
        gained = after.scores[before.to_move] - before.scores[before.to_move]
        assert gained == claim(game, before, "points", game.format_move(before, move))
    assert all(list(h) == sorted(h) for h in after.hands)


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
    for number in range(games):
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
                events[{"turn": "stacks turned", "clear": "centre clears",
                        "remove": "outer stacks removed"}[move.action]] += 1
                events["housekeeping claims"] += 1
            elif isinstance(move, Place) and move.tidy:
                grown = state.board[move.space].size + 1
                if grown >= game.params.stack_limit:
                    if game.is_centre[move.space]:
                        events["stacks turned"] += 1
                        events["centre clears"] += all(
                            not after.board[s].face_down for s in game.centre)
                    else:
                        events["outer stacks removed"] += 1
            elif isinstance(move, Pass):
                events["passes"] += 1
            if number % 10 == 0:
                assert game.parse_state(game.format_state(after)) == after
            state = after
            history.append(state)
        assert not any(state.hands) or game._round_decision(state.scores) is not None
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
