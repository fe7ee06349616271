"""The notation of "I vant to be alone": tolerant reading, exact writing, located errors."""

from __future__ import annotations

import random

import pytest

from printkit.games.vant.state import CLAIM, PASS, Place, card_name
from printkit.rules.base import NotationError
from tests.games.helpers import play
from tests.games.vant.common import GAME, SEED_LAYOUT, SQUARE, STRICT, card


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


def test_keys_may_be_written_with_underscores_or_hyphens() -> None:
    plain = GAME.parse_state("dealer: P2\nto move: P2\nlayout:\n  7S\nP1: ? ? ?\n")
    for key in ("to_move", "to-move", "TO-Move", "to  move"):
        text = f"dealer: P2\n{key}: P2\nlayout:\n  7S\nP1: ? ? ?\n"
        assert GAME.parse_state(text) == plain, key
    assert GAME.parse_state("layout:\n  7S\nto-move: P2\n") == GAME.parse_state("layout:\n  7S\n")
    with pytest.raises(NotationError, match="given twice"):
        GAME.parse_state("to move: P1\nto-move: P1\n")
    with pytest.raises(NotationError, match="expected 'key: value'"):
        GAME.parse_state("layout:\n  7S\nto-move: P2\n  9D\n")


@pytest.mark.parametrize(
    ("text", "fragment", "line", "column"),
    [
        ("dealer: P3", "unknown player 'P3'", 1, 9),
        ("dealr: P2", "did you mean 'dealer'", 1, 1),
        ("to mvoe: P2", "did you mean 'to move'", 1, 1),
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
        ("dealer: P2 P1", "takes one value", 1, 12),
        ("scores: P1 3", "write the scores as", 1, 9),
        ("scores: P1 x, P2 0", "must be a whole number, not 'x'", 1, 12),
        ("scores: P1 3, p1 0", "P1 is scored twice", 1, 15),
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
        ("10H at b2 c3", "expected a cell such as 'b3'", 11),
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


def test_a_cell_without_a_name_cannot_be_written() -> None:
    seed = GAME.parse_state(SEED_LAYOUT)
    with pytest.raises(ValueError, match="cannot be named"):
        GAME.format_move(seed, Place(card("10H"), 5, 0))
    assert GAME.format_move(seed, Place(card("10H"), 2, 0)) == "10H left of QC"


def test_view_masks_only_the_other_hand() -> None:
    state = GAME.initial_state(random.Random(9))
    mine = GAME.view(state, 0)
    for c in state.hands[0]:
        assert card_name(c) in mine
    for c in state.hands[1]:
        assert card_name(c) not in mine
    assert "P2: ? ? ? ?" in mine
    assert set(GAME.hidden_from(state, 0)) == {card_name(c) for c in state.hands[1]}
    assert set(GAME.hidden_from(state, 1)) == {card_name(c) for c in state.hands[0]}
