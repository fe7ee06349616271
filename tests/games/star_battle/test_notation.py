"""Star Battle notation: cells, cards, moves and positions, and errors that point at the spot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.star_battle import notation
from printkit.games.star_battle.state import (
    PASS,
    SKIP,
    Battle,
    Build,
    Card,
    ChooseHome,
    Discard,
    FreeScout,
    LayCore,
    MoveShip,
    Place,
    Reconstruct,
    StarBattleMove,
    cell_name,
    parse_card,
    parse_cell,
)
from printkit.rules.base import NotationError
from tests.games.star_battle.common import (
    GAME,
    MIDGAME,
    MIDGAME_STATE,
    all_cards,
    full_deck,
    position,
    system,
)


@given(st.integers(-30, 30), st.integers(-30, 30))
def test_cell_names_round_trip(x: int, y: int) -> None:
    assert parse_cell(cell_name((x, y))) == (x, y)
    assert parse_cell(cell_name((x, y)).lower()) == (x, y)


@given(st.integers(1, 13), st.sampled_from("CDHS"))
def test_card_names_round_trip(rank: int, suit: str) -> None:
    card = Card(rank, suit)
    assert parse_card(str(card)) == card and parse_card(str(card).lower()) == card


CARDS = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS"))
CELLS = st.tuples(st.integers(-5, 5), st.integers(-5, 5))
SHIPS = st.sampled_from(["dreadnought", "scout"])
MOVES: st.SearchStrategy[StarBattleMove] = st.one_of(
    st.builds(LayCore, CARDS),
    st.builds(Place, CARDS, CELLS),
    st.builds(ChooseHome, CELLS),
    st.builds(FreeScout, CELLS),
    st.sampled_from([SKIP, PASS]),
    st.builds(Build, CARDS, CELLS),
    st.builds(MoveShip, CARDS, CELLS, CELLS, SHIPS),
    st.builds(Battle, CARDS, CELLS, CELLS, st.none() | st.text("HT", min_size=1, max_size=9)),
    st.builds(Reconstruct, CARDS, CELLS, SHIPS),
    st.builds(Discard, CARDS),
)


@settings(max_examples=300)
@given(MOVES)
def test_moves_round_trip(move: StarBattleMove) -> None:
    assert GAME.parse_move(MIDGAME_STATE, GAME.format_move(MIDGAME_STATE, move)) == move


def test_battle_flips_round_trip() -> None:
    state = position(MIDGAME)
    move = Battle(Card(2, "H"), (1, 0), (2, 0), flips="HTTHHH")
    assert GAME.format_move(state, move) == "battle 2H E1>E2 flips=HTTHHH"
    assert GAME.parse_move(state, "  BATTLE 2h  e1 > e2  flips = htthhh ") == move


def test_positions_tolerate_spacing_comments_and_case() -> None:
    loose = """

      # a comment line
      player :   a
      galaxy:
            jd   9h     4s          qc
        6s[a:1d1s]     kc*[A:S]  8D[A:D1S]   3H[B:1D1S]   # B's fleet

        AD   7H   10S  5C[B:1S]
        2C   QD   9S   KH[b:1d2s]
      homes:  A = W1    b=e2s2
      HAND A:  AH JS 9C 5S 2H
      hand   B:2S 4C 6D 7D 8C 10C
      stock:   7C  4D   ...
    """
    assert position(loose) == position(MIDGAME)


def test_galaxy_rows_need_not_be_indented() -> None:
    flush = "\n".join(line.strip() for line in MIDGAME.splitlines())
    assert position(flush) == position(MIDGAME)


def test_missing_stock_and_ellipsis_stand_for_the_rest_in_rank_order() -> None:
    state = position(MIDGAME.replace("stock: 7C 4D ...\n", ""))
    assert state.stock[:4] == (Card(1, "C"), Card(1, "S"), Card(2, "D"), Card(3, "C"))
    assert all_cards(state) == full_deck(1)
    assert position(MIDGAME).stock[:2] == (Card(7, "C"), Card(4, "D"))
    assert "stock: 7C 4D ..." in GAME.format_state(position(MIDGAME))


def test_the_notation_sample_in_the_module_docstring_parses() -> None:
    doc = notation.__doc__ or ""
    sample = doc.split("any order (``#`` starts a comment)::")[1].split("\n\n")[1]
    state = position(sample)
    assert state.phase == "action" and state.turn == 12 and state.battles == 2
    assert system(state, "core") == ("KC", 0, 0, 1)
    assert system(state, "E1") == ("2H", 1, 1, 1)
    assert state.homes == ((0, -1), (1, 0)) and state.stock[:2] == (Card(4, "H"), Card(7, "S"))


def test_view_hides_other_hands_and_the_stock() -> None:
    state = position(MIDGAME)
    seen = GAME.view(state, 0)
    assert "hand A: AH 2H 5S 9C JS" in seen and "hand B: 6 card(s)" in seen
    assert "stock: 25 card(s)" in seen and "7C" not in seen
    assert "hand A: 5 card(s)" in GAME.view(state, 1)
    hidden = GAME.hidden_from(state, 0)
    assert {"7C", "4D", "2S", "10C"} <= set(hidden) and not {"AH", "KC", "JD"} & set(hidden)
    assert not set(hidden) & set(seen.split())


@pytest.mark.parametrize(("text", "message", "line", "column"), [
    ("player: A\ngalaxy:\n  KC* 5X\n", "'5X' is not a galaxy cell", 3, 7),
    ("player: A\ngalaxy:\n  KC 5H\n", "mark the Core", 3, 3),
    ("player: A\ngalaxy:\n  KC* 5H*\n", "a second Core", 3, 7),
    ("player: A\ngalaxy:\n  KC*[A:2X]\n", "'2X' is not a ship count", 3, 9),
    ("player: A\ngalaxy:\n  KC*[E:1S]\n", "unknown player 'E'", 3, 7),
    ("player: A\ngalaxy:\n  KC*[A:0S]\n", "positive count", 3, 9),
    ("player: A\ngalaxy:\n  KC*[A:16S]\n", "15 tokens", 2, 1),
    ("player: A\ngalaxy:\n  KC*\nhand A: KC\n", "KC appears more often", 4, 9),
    ("player: A\ngalaxy:\n  KC*\nhnd A: 2C\n", "unknown key 'hnd a'", 4, 1),
    ("player: A\ngalaxy:\n  KC*\nhnd: 2C\n", "unknown key 'hnd' (did you mean 'hand'?)", 4, 1),
    ("player: A\ngalaxy:\n  KC*\nhand C: 2C\n", "unknown player 'C'", 4, 6),
    ("player: A\ngalaxy:\n  KC*\nhand A: 2C\nhand a: 3C\n", "given twice", 5, 1),
    ("player: A\ngalaxy:\n  KC*\nstock: 2C ... 3C\n", "'...' may only end", 4, 11),
    ("player: A\ngalaxy:\n  KC*\nstock: 2C\n", "card(s) are nowhere", 4, 7),
    ("player: A\ngalaxy:\n  KC*\nhomes: A=core\n", "Core or already", 4, 10),
    ("player: A\ngalaxy:\n  KC*  2C\nhomes: A=W1\n", "'W1' is not a system", 4, 10),
    ("player: A\ngalaxy:\n  KC*  2C\nhomes: A:E1\n", "write a Home Base as NAME=CELL", 4, 8),
    ("phase: actoin\nplayer: A\ngalaxy:\n  KC*\n", "did you mean 'action'", 1, 8),
    ("player: A\nplayer: B\n", "'player' is given twice", 2, 1),
    ("galaxy:\n  KC*[A:1S]\n", "'player:' line", 1, 1),
    ("phase: over\ngalaxy:\n  KC*\n", "needs a 'result:'", 1, 1),
    ("phase: core\nplayer: A\ngalaxy:\n  KC*\nhand A: 2C\n", "must be empty", 1, 1),
    ("player: A\ngalaxy:\n  KC*\nturn: many\n", "whole number", 4, 7),
    ("player: A\ngalaxy:\n  KC*\nresult: A victory\n", "'victory' is not", 4, 11),
    ("phase: trim\nplayer: A\ngalaxy:\n  KC*[A:1S]\n", "nothing to trim", 1, 1),
    ("player: A\ngalaxy:\n  KC*\n", "no ships in play", 0, 0),
    ("phase: action\nplayer: A\ngalaxy: -\n", "needs a galaxy with its Core", 1, 1),
    ("player: A\ngalaxy: -\nhand A: -\n", "no card to lay as the Core", 0, 0),
    ("player: A\ngalaxy:\n  KC*[A:1S]\nhand: 2C\n", "name the player", 4, 1),
    ("player: A\ngalaxy: KC*\n", "on the lines below", 2, 9),
    ("just some words\n", "expected a 'key: value' line", 1, 1),
    ("player: A\nhand A: 2C\n  3C\ngalaxy:\n  KC*[A:1S]\n", "expected a 'key: value'", 3, 3),
])
def test_position_errors_point_at_the_bad_spot(text: str, message: str, line: int,
                                               column: int) -> None:
    with pytest.raises(NotationError) as info:
        position(text)
    assert message in info.value.message
    if line:
        assert (info.value.line, info.value.column) == (line, column)


@pytest.mark.parametrize(("text", "message", "column"), [
    ("", "empty move", 1),
    ("fly 2H E1>E2", "not 'fly'", 1),
    ("buid 2H E1", "did you mean 'build'", 1),
    ("build 2X E1", "'2X' is not a card", 7),
    ("build 2H X1", "'X1' is not a cell", 10),
    ("move 2H E1 E2 scout", "expected '>'", 12),
    ("move 2H E1>E2 frigate", "'frigate' is not a ship", 15),
    ("move 2H E1>E2", "expected dreadnought or scout", 14),
    ("battle 2H E1>E2 flips=HXT", "'X' is not a coin result", 24),
    ("battle 2H E1>E2 odds=HT", "expected flips=", 17),
    ("battle 2H E1>E2 flips", "expected '=' here", 22),
    ("battle 2H E1>E2 flips ; HT", "expected '=' after flips, not ';'", 23),
    ("battle 2H E1>E2 flips=S", "'S' is not a coin result", 23),
    ("battle 2H E1>E2 flips=", "expected coin results", 23),
    ("skip now", "unexpected 'now'", 6),
])
def test_move_errors_point_at_the_bad_token(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        GAME.parse_move(position(MIDGAME), text)
    assert message in info.value.message and info.value.column == column
