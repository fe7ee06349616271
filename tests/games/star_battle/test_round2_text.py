"""What the Star Battle kit tells a table about passing, its printed player count and the
positions drawn apart: each variant's booklet, cover and player aid say what that
variant's rules do (the second reading of the booklets)."""

from __future__ import annotations

import pytest

from printkit.games.star_battle.aid import AidOptions, sections
from tests.games.star_battle.common import booklet_text


def _text(variant: str | None) -> str:
    return booklet_text(variant, cover=True)


PASS_WITH_A_CARD = "you pass only when every action left would give up your last ship"
QUICK_PASS = "No card, or your only action would give up your last ship: pass."


def test_a_player_holding_a_card_passes_only_where_the_last_ship_is_kept() -> None:
    kept = _text("no-self-elimination")
    assert PASS_WITH_A_CARD in kept and QUICK_PASS in kept
    standard = _text(None)
    assert PASS_WITH_A_CARD not in standard and QUICK_PASS not in standard
    assert "With no card in hand, you pass." in standard


@pytest.mark.parametrize(("variant", "players", "need", "systems"), [
    ("three-player", "three", "nineteen", "twenty-four"),
    ("four-player", "four", "twenty-five", "thirty-two"),
    ("long-game", "two", "nineteen", "twenty-four"),
])
def test_a_larger_table_reads_the_domination_example_as_a_two_player_game(
        variant: str, players: str, need: str, systems: str) -> None:
    text = _text(variant)
    assert ("This is a game of two players on sixteen systems, where domination needs "
            f"thirteen of them ({need} of the {systems} in this booklet's game).") in text
    assert "a game that ran long, of two players with one deck:" in text
    assert f"Printed for {players} players" in text


def test_the_standard_booklet_says_it_is_printed_for_two() -> None:
    text = _text(None)
    assert "Printed for two players; another build seats up to five" in text
    assert "This kit is printed for two players" in text
    assert "This is a game of" not in text
    assert "a game that ran long, of two players with one deck:" in text


def _aid(**options: object) -> dict[str, str]:
    return dict(sections(AidOptions(**options)))  # type: ignore[arg-type]


def test_the_player_aid_says_when_a_player_passes() -> None:
    standard = _aid()
    assert "No card: pass." in standard["Your turn"]
    assert "last ship" not in standard["Your turn"]
    kept = _aid(self_elimination=False)
    assert ("No card, or your only action would give up your last ship: pass."
            in kept["Your turn"])
    for aid in (standard, kept):
        assert "deck and the discards are both empty" in aid["Then"]


def test_the_player_aid_names_the_table_its_domination_count_is_for() -> None:
    assert "13 of the 16 systems of a 2-player galaxy" in _aid()["Win"]
    assert "19 of the 24 systems of a 3-player galaxy" in _aid(players=3)["Win"]
