"""The illegal_reason claim: why the rules refuse a move, in one word a booklet can word."""

from __future__ import annotations

import pytest

from tests.games.stars_and_bars.common import GAME, MANUAL, ONE_CARD, THREE_HIGH, claim

CROWDED = """
+  a  b     c     d
1  .  bbl1  .     .
2  .  srl1  .     .
3  .  .     bbs2  .
4  .  .     .     .
P1 score 0 hand srl2 sbs1 bbs2 brs2
P2 score 0 hand brl1
"""


@pytest.mark.parametrize(("move", "reason"), [
    ("srl2 a2", "horizontal"),      # one difference from srl1 beside it; two are needed
    ("sbs1 a2", "diagonal"),        # right beside srl1, but two differences from bbl1
    ("bbs2 b1", "stacking"),        # vertical 4 to srl1, but two differences from bbl1 under it
    ("brs2 a4", "no_face_up_neighbour"),
    ("brl1 b2", "not_in_hand"),
    ("brs2 b3", None),              # a centre space takes any card
])
def test_a_refusal_names_the_first_relation_that_fails(move: str, reason: str | None) -> None:
    assert claim(GAME, GAME.parse_state(CROWDED), "illegal_reason", move) == reason


def test_a_refused_card_would_still_score_elsewhere_on_that_space() -> None:
    state = GAME.parse_state(CROWDED)
    assert claim(GAME, state, "points_by_relation", "sbs1 a2") == {
        "stacking": 0, "horizontal": 2, "diagonal": 0, "vertical": 0}
    assert GAME.parse_move(state, "sbs1 a2") not in GAME.legal_moves(state)


def test_face_down_stacks_and_other_moves_are_explained() -> None:
    state = GAME.parse_state(ONE_CARD.replace("srl1", "#4"))
    assert claim(GAME, state, "illegal_reason", "srl2 b2") == "face_down"
    assert claim(GAME, state, "illegal_reason", "pass") == "must_lay_a_card"
    assert claim(MANUAL, state, "illegal_reason", "turn b2") == "nothing_to_claim"
    full = MANUAL.parse_state(THREE_HIGH)
    assert claim(MANUAL, full, "illegal_reason", "srs1 c3 leave") == "nothing_to_leave"
    assert claim(MANUAL, full, "illegal_reason", "bbl2 b2 leave") is None


def test_the_claim_is_listed_and_takes_an_argument() -> None:
    rule = GAME.claims()["illegal_reason"]
    assert rule.takes_argument
    with pytest.raises(ValueError):
        claim(GAME, GAME.parse_state(CROWDED), "illegal_reason", None)
