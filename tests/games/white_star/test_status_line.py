"""The line over a bidding diagram: who calls first, or who calls after passes."""

from __future__ import annotations

from printkit.games.white_star.diagrams import status
from tests.games.white_star.common import GAME, play_all

DEAL = """phase: bidding
dealer: P4
P1: 7X 6X 3X KH LH 5H 4H CW 5W 5V
P2: KX QX 5X QH 7H 2H 6W QV SV 2V
P3: 4X SH KW QW LW 7W 2W KV 7V 4V
P4: SX 2X CH 3H SW 4W 3W CV LV 3V
widow: LX 6H 6V"""


def test_before_any_call_the_first_caller_is_named() -> None:
    assert status(GAME, GAME.parse_state(DEAL)) == "P4 deals \u00b7 P1 calls first"


def test_after_passes_with_no_bid_the_line_does_not_say_calls_first() -> None:
    state = play_all(GAME, GAME.parse_state(DEAL), ["pass", "pass", "pass"])
    assert status(GAME, state) == "P4 deals \u00b7 no bid yet \u00b7 P4 to call"


def test_after_a_bid_the_line_names_the_bid() -> None:
    state = play_all(GAME, GAME.parse_state(DEAL), ["bid 20", "bid 25"])
    assert status(GAME, state) == "P4 deals \u00b7 P2 has bid 25"
