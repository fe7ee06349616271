"""Stars (White Star) notation: cards, moves, positions, their errors, and what a player sees."""

from __future__ import annotations

import random

import pytest

from printkit.games.white_star.state import DEAL, PASS, Bid, Bury, Play, card_name, cards_in
from printkit.rules.base import NotationError
from tests.games.white_star.common import GAME, card, card_list, cards, play_all


def test_card_spellings() -> None:
    assert card_name(card("kw")) == "KW"
    assert card("WK") == card("KW")
    assert card("AH") == card("CH")
    assert card("10V") == card("LV") == card("V10") == card("TV")
    assert card("JH") == card("SH") == card("HS")
    with pytest.raises(NotationError, match="no Champion of Skulls"):
        card("CX")
    with pytest.raises(NotationError, match="not a card"):
        card("ZZ")


POSITION = """
phase: playing
  dealer:P4
totals: 10, -5, 0, 22
contract: p1   57     # the holder and the bid

P1: KX  CH
P2 hand: KH 3W
P3:  SW
P4: 2V qw
trick: P3 5V
buried: 3H 4H 5H
P1 won:  QX SX LX 2X
    7H 6H 2W 4W
P3 won: 3X 6X 4X 5X
P3 stars: [ 7X 2H KV  WT ]
last trick: P1 3X 6X 4X 5X
"""


def test_position_reading_is_tolerant_and_round_trips() -> None:
    state = GAME.parse_state(POSITION)
    assert state.totals == (10, -5, 0, 22) and state.contract == (0, 57)
    assert state.dealer == 3 and state.phase == "playing"
    assert state.won[0] == cards("QX SX LX 2X 7H 6H 2W 4W")
    assert state.stars[2] == (cards("7X 2H KV LW"),)
    assert state.trick == (card("5V"),) and state.leader == 2
    assert state.last_leader == 0 and state.last_trick == tuple(card_list("3X 6X 4X 5X"))
    assert GAME.current_player(state) == 3
    assert GAME.legal_moves(state) == [Play(card("2V"))]
    assert GAME.parse_state(GAME.format_state(state)) == state
    assert GAME.format_state(state).splitlines()[:4] == [
        "phase: playing", "dealer: P4", "totals: 10 -5 0 22", "contract: P1 57",
    ]


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("phase: playing\ncontract: P1 30\nP1: KH ZZ", "'ZZ' is not a card", 3, 8),
        ("phase: bidding\nP1: KH\nP2: KH", "KH is already in P1's hand", 3, 5),
        ("phase: bidding\ncolour: red", "unknown key 'colour'", 2, 1),
        ("phase: bidding\ndealer: P9", "unknown player 'P9'", 2, 9),
        ("phase: bidign", "phase must be one of .*'bidign'.*did you mean 'bidding'", 1, 8),
        ("contract: P1 30\nP1: KH\nP2: 2H 3H", "do not fit the trick", 1, 1),
        ("contract: P1 30\nP1 stars: [KH 2H 3W 2X]", "one of each suit", 2, 11),
        ("phase: bidding\ncontract: P1 30", "'contract' does not belong", 2, 1),
        ("phase: bidding\ntotals: 1 2 3", "four numbers", 2, 8),
        ("phase: bidding\nbid: P2 12\npassed: P3 P4 P1", "three passes after a bid", 3, 1),
        ("phase: bidding\ndealer: P4\npassed: P2", "players left of the dealer", 3, 1),
        ("phase: bidding\nP1 KH", "expected 'key: value'", 2, 1),
        ("phase: bidding\nphase: bidding", "given twice", 2, 1),
        ("phase: bidding\ndeal: many", "'deal' must be a whole number", 2, 7),
        ("phase: bidding\n  P2 wins: KH", "after a player write nothing, 'won' or 'stars'",
         2, 3),
        ("phase: bidding\ntotals: 1 2 x 4", "'totals' must be a whole number", 2, 13),
        ("phase: bidding\nbid: P2 0", r"bids start at 1 \(min_bid\)", 2, 9),
        ("phase: playing\ncontract: P1 30\nP1: KH\nP2: 2H\nP3: 3H\nP4: 4H\ntrick: P1 KH",
         "KH is already in P1's hand", 7, 11),
        ("contract: P1 30\nP1 stars: [KH 2H 3W 2X", "missing its ']'", 2, 11),
        ("phase: dealing\nlast trick: P1 KH 2H 3W", "leader and four cards", 2, 12),
    ],
)
def test_position_errors_point_at_the_problem(
    text: str, message: str, line: int, column: int
) -> None:
    with pytest.raises(NotationError, match=message) as info:
        GAME.parse_state(text)
    assert (info.value.line, info.value.column) == (line, column)


def test_moves_round_trip_and_errors() -> None:
    state = GAME.parse_state("phase: bidding")
    for text, move in [
        ("bid 57", Bid(57)), ("  pass ", PASS), ("bury 7x 2H v3", Bury(cards("7X 2H 3V"))),
        ("play KW", Play(card("KW"))), ("KW", Play(card("KW"))), ("deal", DEAL),
        ("bury 7X, 2H, 3V", Bury(cards("7X 2H 3V"))),
    ]:
        parsed = GAME.parse_move(state, text)
        assert parsed == move
        assert GAME.parse_move(state, GAME.format_move(state, parsed)) == parsed
    assert GAME.format_move(state, Bury(cards("2V 7X 2H"))) == "bury 7X 2H 2V"
    for text, message, column in [
        ("bid lots", "'bid' must be a whole number", 5), ("play KW KH", "unexpected 'KH'", 9),
        ("bury KW KW", "buried twice", 9), ("fold", "unknown move 'fold'", 1),
        ("play QQ", "not a card", 6), ("", "expected a move", 1),
        ("pley KW", "did you mean 'play'", 1), ("bid", "expected the amount", 4),
    ]:
        with pytest.raises(NotationError, match=message) as info:
            GAME.parse_move(state, text)
        assert info.value.column == column


def test_view_hides_other_hands_widow_and_buried_cards() -> None:
    state = GAME.initial_state(random.Random(11))
    me = (state.dealer + 1) % 4
    seen = GAME.view(state, me)
    mine = " ".join(card_name(c) for c in cards_in(state.hands[me]))
    assert f"P{me + 1}: {mine}" in seen
    for other in range(4):
        if other != me:
            for c in cards_in(state.hands[other]):
                assert card_name(c) not in seen.split(f"P{other + 1}:")[1].split("\n")[0]
    assert "widow: 3 cards, face down" in seen
    playing = play_all(GAME, state, ["bid 5", "pass", "pass", "pass"])
    holder = playing.bidder
    assert holder is not None
    playing = GAME.apply(playing, GAME.legal_moves(playing)[0], random.Random())
    buried = " ".join(card_name(c) for c in cards_in(playing.buried))
    assert f"buried: {buried}" in GAME.view(playing, holder)
    assert "buried: 3 cards, face down" in GAME.view(playing, (holder + 1) % 4)


def test_hidden_from_lists_other_hands_the_widow_and_buried_cards() -> None:
    state = GAME.initial_state(random.Random(11))
    me = (state.dealer + 1) % 4
    hidden = set(GAME.hidden_from(state, me))
    assert len(hidden) == 33 and not hidden & {card_name(c) for c in cards_in(state.hands[me])}
    playing = play_all(GAME, state, ["bid 5", "pass", "pass", "pass"])
    holder = playing.bidder
    assert holder is not None
    playing = GAME.apply(playing, GAME.legal_moves(playing)[0], random.Random())
    buried = {card_name(c) for c in cards_in(playing.buried)}
    assert not buried & set(GAME.hidden_from(playing, holder))
    assert buried <= set(GAME.hidden_from(playing, (holder + 1) % 4))
