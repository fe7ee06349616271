"""The claims about one named player's hand and room to grow (``hand``, ``fitting_cards``,
``open_squares``), which the booklet uses to check what it says of a player who is not
the one to move, and their sentences in the phrasebook."""

from __future__ import annotations

import pytest

from printkit.games.stars_and_stripes.phrases import StarsAndStripesPhrases
from printkit.games.stars_and_stripes.rules import StarsAndStripes
from tests.games.stars_and_stripes.common import NE_BLOCKED, TRUMP_RACE, claim, game_of

# SE, not to move, has NW's followers beyond both squares next to its home card: no card
# can join SE anywhere, though both squares are empty.
SE_SHUT_IN = """\
NW:1*1 NW:1*2 NW:1*3 NW:1*4 NW:1*5 NW:1*6 NW:2*6
.      .      .      .      .      .      NW:2*1
.      .      .      .      .      .      NW:2*2
.      .      .      TRUMP  .      .      NW:2*3
.      .      .      .      NW:3*5 NW:2*5 NW:2*4
.      .      .      .      NW:3*1 .      .
.      .      .      .      NW:3*2 .      SE:6*6
to move: NW
hand NW: 4*1
hand SE: 5*5 5*6
"""


def _texts(answer: object) -> list[str]:
    assert isinstance(answer, list)
    return [str(item) for item in answer]


def test_hand_lists_the_named_players_cards_whoever_is_to_move() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    assert claim(game, state, "hand(SE)") == ["2*2", "3*6", "4*1"]
    assert claim(game, state, "hand(nw)") == ["2*5", "3*3", "6*1"]
    with pytest.raises(ValueError, match="no player 'XX'"):
        claim(game, state, "hand(XX)")
    four = StarsAndStripes()
    unknown = four.parse_state(NE_BLOCKED)
    with pytest.raises(ValueError, match="not known"):
        claim(four, unknown, "hand(NE)")


def test_fitting_cards_tries_only_the_players_own_hand() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED + "hand NE: 6*4 1*3 2*5\n")
    # the seed's worked example: 6*4 fits on 1,6 and 2,5, 1*3 on 2,5; 2*5 fits nowhere
    assert set(_texts(claim(game, state, "fitting_cards(NE)"))) == {
        "1,6 6*4", "2,5 1*3", "2,5 6*4"}
    stuck = game.parse_state(NE_BLOCKED + "hand NE: 2*5 3*3\n")
    assert claim(game, stuck, "fitting_cards(NE)") == []
    # the player need not be the one to move
    moved = stuck._replace(to_move=0)
    assert claim(game, moved, "fitting_cards(NE)") == []


def test_open_squares_tries_every_card_not_on_the_board() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    assert set(_texts(claim(game, state, "open_squares(NE)"))) == {"1,6", "2,5"}
    small = game_of(players=2)
    shut = small.parse_state(SE_SHUT_IN)
    assert claim(small, shut, "open_squares(SE)") == []
    assert claim(small, shut, "fitting_cards(SE)") == []
    assert claim(small, shut, "open_squares(NW)") != []


def test_the_phrasebook_words_each_answer() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    book = StarsAndStripesPhrases()
    words = book.handlers()
    assert words["hand"](game, state, "SE", ["2*2", "4*1"]) == "SE holds `2*2` and `4*1`."
    assert words["hand"](game, state, "SE", []) == "SE holds no cards."
    assert words["fitting_cards"](game, state, "NE", []) == (
        "No card in NE's hand fits on any square as a follower.")
    assert words["fitting_cards"](game, state, "NE", ["1,6 6*4", "2,5 1*3"]) == (
        "NE's hand fits as a follower only so: `6*4` on `1,6` or `1*3` on `2,5`.")
    assert words["open_squares"](game, state, "SE", []) == (
        "No empty square is left where any card could join SE's followers.")
    assert words["open_squares"](game, state, "NE", ["1,6", "2,5"]) == (
        "NE's followers can still grow on `1,6` or `2,5`.")
