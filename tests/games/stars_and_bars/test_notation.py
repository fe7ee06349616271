"""Stars and Bars notation: positions and moves written and read back, errors that point at
the offending word, and what a player's view shows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.stars_and_bars import notation
from printkit.games.stars_and_bars.state import Chore, Housekeep, Place, Stack
from printkit.rules.base import NotationError
from tests.games.stars_and_bars.common import GAME, MANUAL, ONE_CARD, card, random_state


def test_position_text_round_trips_and_reads_by_hand() -> None:
    state = GAME.parse_state(ONE_CARD)
    assert GAME.parse_state(GAME.format_state(state)) == state
    assert state.hands[0] == tuple(sorted(card(GAME, c) for c in ("srl2", "sbs1", "bbs1",
                                                                    "bbs2")))
    assert state.stock == 58 and state.discard == () and state.beginner == 0
    assert state.turn == 0 and state.to_move == 0


def test_the_module_notes_show_a_readable_position() -> None:
    notes = notation.__doc__ or ""
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
def test_a_view_reads_back_as_a_position(seed: int, steps: int, manual: bool) -> None:
    """(Positions and moves round-trip in test_engine, through printkit.testing.)"""
    game = MANUAL if manual else GAME
    state = random_state(game, seed, steps)
    seen = game.parse_state(game.view(state, 0))
    assert game.view(seen, 1) == game.view(state, 1)
    assert game.card_count(seen) == 64


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
        ("P1 score x", "'score' must be a whole number, not 'x'", 1, 10),
        ("P1 hand srl1 srl1 srl1 srl1 srl1", "one srl1 too many", 1, 29),
        ("stock 70", "the deck only 64", 1, 1),
        ("stock 10\ndiscard 10", "are missing", 1, 1),
        ("1 [srl1 . . .", "'.' is not a card", 1, 9),
        ("1 #0 . . .", "at least one card", 1, 3),
        ("round 0", "'round' must be at least 1", 1, 7),
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
    assert GAME.parse_move(state, "remove a1") == Housekeep(Chore.REMOVE, 0)
    assert GAME.format_move(state, Housekeep(Chore.CLEAR)) == "clear"


def test_hidden_from_names_what_only_the_view_masks() -> None:
    state = GAME.parse_state("""
        1 . .                      .    .
        2 . #[srl1 srl2 srs2 sbs2]  bbl1 .
        3 . brs1                   bbs2 .
        4 . .                      .    .
        P1 hand srl1 bbs1
        P2 hand brl1
        stock [sbl1 srl1 bbs1]
    """)
    hidden = set(GAME.hidden_from(state, 0))
    # srl1 and bbs1 lie open in P1's hand, so only the other copies' codes are secret
    assert hidden == {"srl2", "srs2", "sbs2", "sbl1"}  # the discards are only counted
    assert set(GAME.hidden_from(state, 1)) == hidden
    assert not hidden & set(GAME.view(state, 0).split())
