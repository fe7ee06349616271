"""Stars and Stripes' notation: positions and moves written and read back, and every
mistake reported at the word that is wrong."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.games.stars_and_stripes.state import (
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS_MOVE,
    StarsAndStripesMove,
    card_id,
    card_values,
)
from printkit.rules.base import NotationError
from tests.games.stars_and_stripes.common import NE_BLOCKED, TRUMP_RACE, game_of


def test_format_parse_round_trip_and_layout() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    text = game.format_state(state)
    assert text.splitlines()[0] == "NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1"
    assert "hand NE: ?" in text and "first: NE" in text and "placed: no" in text
    assert game.parse_state(text) == state


def test_parse_is_tolerant_of_spacing_case_and_comments() -> None:
    game = StarsAndStripes()
    messy = "\n\n  # the seed's example\n" + "\n".join(
        "   " + "\t ".join(line.split()) + "   # row" for line in NE_BLOCKED.splitlines()[:7]
    ) + "\n\n   TO  MOVE :ne  \n  hand  ne :  3*3   2*5 \n"
    clean = game.parse_state(NE_BLOCKED + "hand NE: 2*5 3*3\n")
    assert game.parse_state(messy.replace("NW:", "nw:").replace("I:", "i:")) == clean


@pytest.mark.parametrize(("change", "where", "message"), [
    (("NE:6*1", "NE:7*1"), (1, 46), "stars and stripes go from 1 to 6"),
    (("NE:6*1", "NE:6-1"), (1, 46), "expected a card"),
    (("NE:6*1", "XY:6*1"), (1, 43), "unknown player 'XY'"),
    (("NE:6*1", "6*1"), (1, 43), "say whose card"),
    (("NE:6*1", "I:6*1B"), (1, 45), "deck letter must be one of A"),
    (("I:1*4", "I:2*2"), (3, 45), "appears twice"),
    (("I:1*4", "I:1*4 ."), (3, 49), "row 2 needs 7 squares"),
    ((".      .      .      TRUMP", "TRUMP"), (4, 23), "row 3 needs 7 squares, found 4"),
    (("SE:5*2\n", "SE:5*2\n. . . . . . .\n"), (8, 1), "7 rows of 7 squares, found 8"),
    (("TRUMP ", ".     "), (4, 22), "must hold the Trump"),
    (("NW:3*5", "TRUMP "), (3, 1), "centre square 3,3"),
    (("NW:5*5 .      .", "NW:5*5 .      I:3*3"), (2, 15), "shares an edge with a card"),
    ((".      .      I:1*4", "I:3*3  .      I:1*4"), (2, 22), "on 1,3 touches an independent"),
    (("NW:5*5", "SW:5*5"), (3, 1), "follower of NW on 2,0 is not linked to NW's home"),
    (("SW:4*1", "SE:4*1"), (5, 15), "follower of SE on 4,2 is not linked"),
    (("SW:4*6", "NW:4*6"), (7, 1), "SW's home square 6,0 must hold a follower of SW"),
    (("NE:6*3 .", "NE:6*3 NE:6*2"), (5, 46), "appears twice"),
    (("NW:4*4", "NW:6*6A"), (1, 33), "appears twice"),
    (("NW:4*4", "NW:2*1"), (1, 15), "cards on 0,1 and 0,2 break the matching rule"),
    (("NE:6*1", "NE:2*1"), (1, 43), "cards on 0,5 and 0,6 break the matching rule"),
    (("NW:4*4 .     ", "NW:4*4 NE:6*4"), (1, 15), "followers of two players touch"),
    (("to move: NE", "to move: XX"), (8, 10), "unknown player"),
    (("to move: NE", ""), (9, 1), "needs a 'to move:' line"),
    (("to move: NE", "to move: NE\nplaced: maybe"), (9, 9), "'placed' must be one of yes, no"),
    (("to move: NE", "to move: NE\nturn: -2"), (9, 7), "'turn' must be at least 0"),
    (("to move: NE", "to move: NE\nfirst: none"), (9, 8), "unknown player"),
    (("to move: NE", "to move: NE\nhand NE: 1*3 2*2"), (9, 14), "already on the board"),
    (("to move: NE", "to move: NE\nhand NE: 1*3 1*3"), (9, 14), "already on the board"),
    (("to move: NE", "to move: NE\nhand NE:"), (9, 9), "write '-' for an empty hand"),
    (("to move: NE", "to move: NE\nhand QQ: -"), (9, 6), "unknown player 'QQ'"),
    (("to move: NE", "to move: NE\nhand NE: -\nhand NE: ?"), (10, 1), "'hand NE' is given twice"),
    (("to move: NE", "to move: NE\nto move: SE"), (9, 1), "'to move' is given twice"),
    (("to move: NE", "to move: NE\nturn: 2x"), (9, 7), "'turn' must be a whole number"),
    (("to move: NE", "to move: NE SE"), (8, 13), "'to move' takes one player, or none"),
    (("to move: NE", "to mvoe: NE"), (8, 1), "unknown key 'to mvoe' (did you mean 'to move'?)"),
    (("to move: NE", "to move: NE\nhand  ne: 1*1\nHAND NE: -"), (10, 1), "given twice"),
])
def test_notation_errors_point_at_the_token(change: tuple[str, str], where: tuple[int, int],
                                            message: str) -> None:
    game = StarsAndStripes()
    text = NE_BLOCKED.replace(*change, 1)
    with pytest.raises(NotationError) as raised:
        game.parse_state(text)
    assert message in raised.value.message
    assert (raised.value.line, raised.value.column) == where, raised.value.message


def test_trump_holder_must_touch_the_trump() -> None:
    game = StarsAndStripes()
    with pytest.raises(NotationError, match="holds the Trump without a follower") as raised:
        game.parse_state(NE_BLOCKED.replace("TRUMP ", "TRUMP:SE"))
    assert (raised.value.line, raised.value.column) == (4, 22)
    text = TRUMP_RACE.replace("NW:2*4 .     ", "NW:2*4 NW:2*6")
    with pytest.raises(NotationError, match="so the Trump is held"):
        game_of(players=2).parse_state(text)


def test_board_size_must_match_the_parameters() -> None:
    with pytest.raises(NotationError, match="11 rows of 11 squares, found 7"):
        game_of(decks=2).parse_state(NE_BLOCKED)


def test_deck_letters_with_several_decks() -> None:
    game = game_of(decks=2)
    state = game.initial_state(random.Random(11))
    text = game.format_state(state)
    assert re.search(r"\d\*\dB", text) and re.search(r"\d\*\dA", text)
    assert game.parse_state(text) == state
    assert game.parse_state(text.replace("A ", " ").replace("A\n", "\n")) == state
    with pytest.raises(NotationError, match="deck letter must be one of A, B"):
        game.parse_move(state, "I 3,3 1*1C")
    assert card_values(card_id(4, 2, deck=1)) == (4, 2, 1)
    assert game.card_text(card_id(4, 2, deck=1)) == "4*2B"
    single = StarsAndStripes()
    assert single.card_text(card_id(4, 2)) == "4*2"


@pytest.mark.parametrize(("text", "expected"), [
    ("F 2,5 1*3", StarsAndStripesMove(FOLLOWER, 19, card_id(1, 3))),
    ("  follower   (2 , 5)   1*3 ", StarsAndStripesMove(FOLLOWER, 19, card_id(1, 3))),
    ("f (2,5)1*3", StarsAndStripesMove(FOLLOWER, 19, card_id(1, 3))),
    ("I 4,0 3*3", StarsAndStripesMove(INDEPENDENT, 28, card_id(3, 3))),
    ("independent 4, 0 3*3a", StarsAndStripesMove(INDEPENDENT, 28, card_id(3, 3))),
    ("X se", StarsAndStripesMove(EXCHANGE, opponent=2)),
    ("exchange SE", StarsAndStripesMove(EXCHANGE, opponent=2)),
    (" PASS ", PASS_MOVE),
])
def test_parse_move_forms(text: str, expected: StarsAndStripesMove) -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    assert game.parse_move(state, text) == expected
    again = game.format_move(state, expected)
    assert game.parse_move(state, again) == expected


@pytest.mark.parametrize(("text", "column", "message"), [
    ("", 1, "expected a move"),
    ("G 2,5 1*3", 1, "expected F, I, X or pass"),
    ("F", 2, "expected a square"),
    ("F 2;5 1*3", 3, "expected a square"),
    ("F 7,0 1*3", 3, "off the 7x7 board"),
    ("F 2,5", 6, "expected a card"),
    ("F 2,5x1*3", 6, "expected a card"),
    ("F 2,51*3", 3, "square 2,51 is off"),
    ("F 2,5 1*9", 7, "from 1 to 6"),
    ("F 2,5 1*3 now", 11, "unexpected 'now'"),
    ("X", 2, "expected the player"),
    ("X ZZ", 3, "unknown player"),
    ("pass 2", 6, "unexpected '2'"),
])
def test_parse_move_errors(text: str, column: int, message: str) -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    with pytest.raises(NotationError) as raised:
        game.parse_move(state, text)
    assert message in raised.value.message and raised.value.column == column


def test_format_move_rejects_foreign_moves() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    not_a_kind: Any = 8
    for move in (StarsAndStripesMove(FOLLOWER, 49, 0), StarsAndStripesMove(EXCHANGE, opponent=7),
                 StarsAndStripesMove(not_a_kind, 0, 0)):
        with pytest.raises(ValueError):
            game.format_move(state, move)


def test_view_hides_other_hands() -> None:
    game = StarsAndStripes()
    state = game.initial_state(random.Random(2))
    seen = game.view(state, 1)
    hands = state.hands
    assert hands[1] is not None and hands[0] is not None
    assert f"hand NE: {' '.join(game.card_text(c) for c in hands[1])}" in seen
    assert "hand NW: ?  # 8 cards" in seen
    assert game.card_text(hands[0][0]) not in seen.split("hand")[1:][0]
    masked = game.parse_state(seen)
    assert masked.cells == state.cells and masked.hands[1] == hands[1]
    assert masked.hands[0] is None
    hidden = game.hidden_from(state, 1)
    assert set(hidden) == {game.card_text(c) for p in (0, 2, 3) for c in hands[p] or ()}
    assert not set(hidden) & set(seen.split())

