"""Stars and Bars rules: parameters, setup, placement and scoring, refusals, housekeeping and
the end of the game."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import (
    Chore,
    Housekeep,
    Place,
    StarsAndBarsParams,
)
from printkit.rules import registry
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError, ParamsError, make_params
from tests.games.helpers import move_texts, play
from tests.games.stars_and_bars.common import (
    GAME,
    ONE_CARD,
    card,
    claim,
    engine,
)

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


def test_apply_leaves_its_input_alone() -> None:
    state = GAME.initial_state(random.Random(2))
    copy = dataclasses.replace(state)
    GAME.apply(state, GAME.legal_moves(state)[0], random.Random(0))
    assert state == copy
    assert dataclasses.is_dataclass(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 3  # type: ignore[misc]


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


def test_a_housekeeping_move_names_a_space_exactly_when_it_needs_one() -> None:
    assert Housekeep(Chore.TURN, 5).space == 5 and Housekeep(Chore.CLEAR).space is None
    with pytest.raises(ValueError, match="turn takes a space"):
        Housekeep(Chore.TURN)
    with pytest.raises(ValueError, match="clear takes no space"):
        Housekeep(Chore.CLEAR, 5)
    with pytest.raises(IllegalMoveError, match="no such card or space"):
        GAME.apply(GAME.parse_state(ONE_CARD), Place(99, 5), random.Random(0))
