"""Tests of the Stars and Stripes rules engine.

The positions here are small hand-made boards.  The playouts at the end drive the engine
through hundreds of random games and check (after every move in a good share of them) the
invariants the rules promise: cards conserved, connected and separate territories,
isolated independents, matching kept except by the Trump holder.  They are checked with
code independent of the engine's own bookkeeping.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.stars_and_stripes.rules import (
    EMPTY,
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS_MOVE,
    REASONS,
    TRUMP,
    Move,
    Params,
    StarsAndStripes,
    State,
    card_id,
    card_values,
    cards_match,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError, ParamsError, make_params
from printkit.rules.registry import engine_class
from tests.rules.helpers import move_texts, play

EXAMPLES = Path(__file__).parents[1] / "data" / "examples" / "stars-and-stripes.yaml"

NE_BLOCKED = """\
NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1
NW:5*5 .      .      I:2*2  .      NE:6*3 .
NW:3*5 .      .      .      .      .      I:1*4
.      .      .      TRUMP  .      .      .
.      .      SW:4*1 .      .      .      SE:6*2
.      .      SW:1*1 .      I:5*1  .      SE:4*2
SW:4*6 SW:2*6 SW:1*6 .      .      SE:3*2 SE:5*2
to move: NE
"""

TRUMP_RACE = """\
NW:1*1 .      .      .      .      .      .
NW:1*2 .      .      .      .      .      .
NW:1*3 NW:2*3 NW:2*4 .      .      .      .
.      .      .      TRUMP  .      .      .
.      .      .      .      SE:4*4 SE:4*5 SE:4*6
.      .      .      .      .      .      SE:5*6
.      .      .      .      .      .      SE:6*6
to move: NW
hand NW: 2*5 6*1 3*3
hand SE: 4*1 3*6 2*2
"""

# NW can take the independent on 4,1 from 3,1; it touches SW's follower on 5,0 at a corner.
CORNER_CAPTURE = """\
NW:1*1 .      .      .      .      .      NE:6*6
NW:1*2 .      .      .      .      .      .
NW:1*3 .      .      .      .      .      .
NW:1*4 .      .      TRUMP  .      .      .
.      I:5*5  .      .      .      .      .
SW:6*2 .      .      .      .      .      .
SW:6*1 .      .      .      .      .      SE:3*3
to move: NW
hand NW: 1*5 2*2
"""


def game_of(**options: object) -> StarsAndStripes:
    return StarsAndStripes(make_params(Params, options))


def claim(game: StarsAndStripes, state: State, key: str) -> object:
    name, _, argument = key.partition("(")
    return game.claims()[name].compute(state, argument[:-1] if argument else None)


# --------------------------------------------------------------------------- parameters


def test_registry_finds_the_engine() -> None:
    cls = engine_class("stars-and-stripes")
    assert cls is StarsAndStripes
    assert cls.name == "stars-and-stripes" and cls.title == "Stars and Stripes"


def test_defaults_match_the_spec() -> None:
    params = Params()
    assert (params.players, params.decks, params.board_size, params.homes) == (4, 1, None, None)
    assert params.opponent_contact == "edge" and params.trump_exclusive == "forbid"
    game = StarsAndStripes()
    assert (game.board_size, game.cards_per_player) == (7, 8)
    assert game.names == ("NW", "NE", "SE", "SW")
    assert game.params.home_squares == ((0, 0), (0, 6), (6, 6), (6, 0))


@pytest.mark.parametrize(("players", "decks", "size", "each"), [
    (2, 1, 7, 17), (3, 1, 7, 11), (4, 1, 7, 8),
    (4, 2, 11, 17), (3, 3, 13, 35), (4, 4, 15, 35), (2, 4, 15, 71),
])
def test_derived_sizes(players: int, decks: int, size: int, each: int) -> None:
    params = Params(players=players, decks=decks)
    assert (params.size, params.cards_per_player) == (size, each)
    assert players * (each + 1) == 36 * decks


@pytest.mark.parametrize(("players", "names"), [
    (2, ("NW", "SE")), (3, ("NW", "NE", "SE")), (4, ("NW", "NE", "SE", "SW")),
])
def test_default_homes_per_player_count(players: int, names: tuple[str, ...]) -> None:
    assert Params(players=players).player_names == names


def test_homes_from_the_command_line_text() -> None:
    params = make_params(Params, {"players": "2", "homes": "N,S", "board_size": "9"})
    assert params.home_squares == ((0, 4), (8, 4)) and params.player_names == ("N", "S")
    params = make_params(Params, {"players": "2", "homes": "0:0, 4:6", "board_size": "auto"})
    assert params.home_squares == ((0, 0), (4, 6)) and params.player_names == ("P1", "P2")
    game = StarsAndStripes(params)
    state = game.initial_state(random.Random(1))
    assert game.parse_state(game.format_state(state)) == state
    assert "P2:" in game.format_state(state)


@pytest.mark.parametrize(("options", "key", "text"), [
    ({"players": 5}, "players", "2, 3 or 4"),
    ({"players": 1}, "players", "2, 3 or 4"),
    ({"decks": 0}, "decks", "at least 1"),
    ({"decks": 27}, "decks", "at most 26"),
    ({"board_size": 8}, "board_size", "odd"),
    ({"board_size": 3}, "board_size", "at least 5"),
    ({"homes": "NW,SE"}, "homes", "4 players need 4 homes"),
    ({"homes": "NW,NE,SE,XX"}, "homes", "'XX' is not a home"),
    ({"homes": "NW,NE,SE,7:0"}, "homes", "off a 7x7 board"),
    ({"homes": "NW,NE,SE,2:2"}, "homes", "too close to the Trump"),
    ({"homes": "NW,NE,SE,1:1"}, "homes", "touches another home"),
    ({"opponent_contact": "corner"}, "opponent_contact", "must be one of"),
    ({"trump_exclusive": "allow"}, "trump_exclusive", "must be one of"),
])
def test_bad_parameters_are_rejected(options: dict[str, object], key: str, text: str) -> None:
    with pytest.raises(ParamsError) as raised:
        make_params(Params, options)
    assert raised.value.problems[0][0] == key
    assert text in raised.value.problems[0][1]


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 1), (4, 1), (4, 2), (4, 4)])
def test_initial_state_deals_every_card(players: int, decks: int) -> None:
    game = game_of(players=players, decks=decks)
    state = game.initial_state(random.Random(players * 10 + decks))
    n = game.size
    assert state.cells[(n // 2) * n + n // 2] == TRUMP
    on_board = [c for c in state.cells if c >= 0]
    assert len(on_board) == players
    hands = [h for h in state.hands if h is not None]
    assert all(len(h) == game.cards_per_player for h in hands)
    everything = sorted(on_board + [c for h in hands for c in h])
    assert everything == list(range(36 * decks))
    for player, home in enumerate(game.home_indices):
        assert state.followers[player] == 1 << home
    assert state.first == state.to_move and not state.placed and state.turn == 0
    assert state.trump_holder == -1 and not game.is_terminal(state)


def test_first_player_is_random_and_seeded() -> None:
    game = StarsAndStripes()
    firsts = {game.initial_state(random.Random(seed)).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert game.initial_state(random.Random(5)) == game.initial_state(random.Random(5))


# --------------------------------------------------------------------------- the seed's example


def test_ne_is_blocked_as_the_seed_says() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    assert claim(game, state, "followers") == {"NW": 5, "NE": 4, "SE": 4, "SW": 5}
    assert claim(game, state, "independents") == 3
    assert claim(game, state, "trump_holder") is None
    assert claim(game, state, "legal_followers") == ["1,6 6*4", "2,5 1*3", "2,5 6*4"]
    assert claim(game, state, "owner(1,3)") == "independent"
    assert state.cells[1 * 7 + 3] == card_id(2, 2)
    # both ways out take over the 1*4 independent
    for move in ("F 1,6 6*4", "F 2,5 1*3", "F 2,5 6*4"):
        assert claim(game, state, f"captures({move})") == ["2,6"]
        after = play(game, state, move)
        assert claim(game, after, "followers") == {"NW": 5, "NE": 6, "SE": 4, "SW": 5}
        assert claim(game, after, "owner(2,6)") == "NE"


def test_unknown_hands_hold_any_card_left() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    pool = 36 - sum(1 for c in state.cells if c >= 0)
    assert pool == 15
    moves = move_texts(game, state)
    assert moves[:3] == ["F 1,6 6*4", "F 2,5 1*3", "F 2,5 6*4"]
    assert len(moves) == 3 + 1 * pool  # the three ways out, then any card on the free 4,0
    assert not any(m.startswith("X") for m in moves)
    assert game.illegal_reason(state, game.parse_move(state, "X SE")) == "hand_unknown"
    after = play(game, state, "F 1,6 6*4")
    assert after.hands == state.hands  # still unknown, one card fewer in the pool
    assert game._pool(after) == tuple(c for c in game._pool(state) if c != card_id(6, 4))
    assert claim(game, after, "hand_sizes") == {"NW": None, "NE": None, "SE": None, "SW": None}
    # an unknown hand runs out when the pool does: here NE's only possible card is 6*4
    rest = [game.card_text(c) for c in game._pool(state) if c != card_id(6, 4)]
    hands = f"hand NW: {' '.join(rest[:5])}\nhand SE: {' '.join(rest[5:10])}\n" + (
        f"hand SW: {' '.join(rest[10:])}\nfirst: NE\n")
    state = game.parse_state(NE_BLOCKED + hands)
    assert move_texts(game, state) == ["F 1,6 6*4", "F 2,5 6*4", "I 4,0 6*4"]
    state = play(game, state, "F 1,6 6*4")
    assert game.legal_moves(state) and game._pool(state) == ()
    for _ in range(3):
        assert not game.is_terminal(state)
        state = play(game, state, move_texts(game, state)[0])
    assert game.is_terminal(state)


# --------------------------------------------------------------------------- the rules


def test_independent_needs_eight_empty_neighbours() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    spots = claim(game, state, "legal_independent_squares")
    assert isinstance(spots, list)
    assert "4,0" in spots and "0,2" in spots
    assert "3,0" not in spots and "1,1" not in spots and "2,4" not in spots
    assert not any(s in spots for s in ("2,3", "4,3", "4,2", "2,4"))  # round the Trump
    assert game.illegal_reason(state, game.parse_move(state, "I 3,1 3*3")) == "not_isolated"
    after = play(game, state, "I 0,4 3*3")
    assert claim(game, after, "owner(0,4)") == "independent"
    assert after.hands[0] == (card_id(2, 5), card_id(6, 1))
    later = claim(game, after, "legal_independent_squares")
    assert isinstance(later, list)
    assert not any(s in later for s in ("0,3", "0,5", "1,3", "1,4", "1,5"))


def test_follower_rules_each_give_their_reason() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED + "hand NE: 2*5 1*3 3*3\n")

    def reason(text: str) -> str | None:
        return game.illegal_reason(state, game.parse_move(state, text))

    assert reason("F 1,4 2*5") == "matching"
    assert reason("F 0,3 3*3") == "opponent_contact"
    assert reason("F 3,4 1*3") == "no_follower_neighbour"
    assert reason("F 0,4 1*3") == "occupied"
    assert reason("F 3,3 1*3") == "occupied"
    assert reason("F 1,6 6*4") == "not_in_hand"
    assert reason("F 2,5 1*4") == "matching"  # the board rules come before the card's
    race = game_of(players=2)
    other = race.parse_state(TRUMP_RACE)
    assert race.illegal_reason(other, race.parse_move(other, "F 0,1 1*3")) == "on_board"
    assert race.illegal_reason(other, race.parse_move(other, "I 4,0 1*3")) == "on_board"
    assert race.illegal_reason(other, race.parse_move(other, "I 4,0 4*1")) == "not_in_hand"
    assert reason("F 2,5 1*3") is None
    assert reason("pass") == "must_act"
    assert reason("X NE") == "self_exchange"
    assert set(REASONS) >= {"matching", "opponent_contact", "trump_claimed", "occupied",
                            "not_in_hand", "no_follower_neighbour"}


def test_matching_compares_edges_only() -> None:
    assert cards_match(card_id(5, 6), card_id(5, 1)) and cards_match(card_id(2, 3), card_id(4, 3))
    assert not cards_match(card_id(5, 6), card_id(6, 5))
    assert cards_match(card_id(1, 2, deck=0), card_id(1, 5, deck=3))
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    # 1,6 touches 6*1 and 6*3 by an edge and 1*4 below; 6*5 at 0,5 is only diagonal
    assert claim(game, state, "legal_placements(6*4)") == ["1,6", "2,5"]
    assert claim(game, state, "matches(5*6 5*4 4*4 4*1)") is True
    assert claim(game, state, "matches(5*6 4*4)") is False


def test_trump_is_taken_by_touching_it() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    assert claim(game, state, "claims_trump(F 2,3 2*5)") is True
    assert claim(game, state, "claims_trump(F 3,2 2*5)") is True
    assert claim(game, state, "claims_trump(F 1,2 2*5)") is False
    after = play(game, state, "F 2,3 2*5")
    assert after.trump_holder == 0 and claim(game, after, "trump_holder") == "NW"
    assert "TRUMP:NW" in game.format_state(after)
    # the Trump is not a follower
    assert claim(game, after, "followers") == {"NW": 6, "SE": 5}
    # SE may no longer place next to it (default ruling)
    assert game.illegal_reason(after, game.parse_move(after, "F 4,3 4*1")) == "trump_claimed"
    assert "F 4,3 4*1" not in move_texts(game, after)
    # the holder ignores the matching rule, nothing else
    back = play(game, after, "I 6,0 2*2")
    assert "F 1,1 6*1" in move_texts(game, back) and "F 0,1 6*1" in move_texts(game, back)
    assert not cards_match(card_id(6, 1), card_id(1, 2))
    done = play(game, back, "F 1,1 6*1")
    assert claim(game, done, "followers") == {"NW": 7, "SE": 5}
    assert game.parse_state(game.format_state(done)) == done


def test_trump_option_allow_without_power() -> None:
    game = game_of(players=2, trump_exclusive="allow_without_power")
    state = play(game, game.parse_state(TRUMP_RACE), "F 2,3 2*5")
    assert "F 4,3 4*1" in move_texts(game, state)
    assert "F 4,3 3*6" not in move_texts(game, state)  # matching still applies to SE
    after = play(game, state, "F 4,3 4*1")
    assert after.trump_holder == 0
    assert claim(game, after, "followers") == {"NW": 6, "SE": 6}
    assert game.parse_state(game.format_state(after)) == after
    strict = game_of(players=2)
    with pytest.raises(NotationError, match="touches the Trump that NW holds"):
        strict.parse_state(game.format_state(after))


def test_corner_contact_option() -> None:
    text = CORNER_CAPTURE
    edge = game_of()
    corner = game_of(opponent_contact="edge_and_corner")
    state = edge.parse_state(text)
    assert "F 3,1 1*5" in move_texts(edge, state)
    assert edge.claims()["captures"].compute(state, "F 3,1 1*5") == ["4,1"]
    taken = play(edge, state, "F 3,1 1*5")
    assert claim(edge, taken, "owner(4,1)") == "NW"
    # with corners counting, the captured independent would touch SW's 6*2 diagonally
    state = corner.parse_state(text)
    assert corner.illegal_reason(state, corner.parse_move(state, "F 3,1 1*5")) == (
        "opponent_contact")
    assert "F 3,1 1*5" not in move_texts(corner, state)
    with pytest.raises(NotationError, match="followers of two players touch"):
        corner.parse_state(edge.format_state(taken))
    # and a plain diagonal touch: 0,3 meets NE's 6*3 on 1,4 at a corner only
    diagonal = """\
NW:1*1 NW:1*2 NW:1*3 .      .      .      NE:6*6
.      .      .      .      NE:6*3 NE:6*4 NE:6*5
.      .      .      .      .      .      .
.      .      .      TRUMP  .      .      .
.      .      .      .      .      .      .
.      .      .      .      .      .      .
SW:2*2 .      .      .      .      .      SE:3*3
to move: NW
"""
    assert edge.illegal_reason(edge.parse_state(diagonal), Move(FOLLOWER, 3, card_id(1, 4))) is None
    state = corner.parse_state(diagonal)
    assert corner.illegal_reason(state, Move(FOLLOWER, 3, card_id(1, 4))) == "opponent_contact"
    assert claim(corner, state, "legal_placements(1*4)") == ["1,0", "1,1", "1,2"]


def test_captures_flood_through_independents() -> None:
    # Two independents sharing an edge cannot arise in play, so build one directly and
    # check that taking one takes the other too.
    game = StarsAndStripes()
    base = game.parse_state(CORNER_CAPTURE)
    cells = list(base.cells)
    cells[4 * 7 + 2] = card_id(5, 1)
    state = game.build_state(tuple(cells), base.followers, base.hands, 0, 0, False, 0, -1)
    assert game.claims()["captures"].compute(state, "F 3,1 1*5") == ["4,1", "4,2"]
    after = play(game, state, "F 3,1 1*5")
    assert after.followers[0] >> (4 * 7 + 2) & 1 and after.independents == 0


def test_exchange_swaps_one_random_card_each() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    assert "X SE" in move_texts(game, state)
    seen = set()
    for seed in range(30):
        after = play(game, state, "X SE", seed=seed)
        before_nw, before_se = set(state.hands[0] or ()), set(state.hands[1] or ())
        now_nw, now_se = set(after.hands[0] or ()), set(after.hands[1] or ())
        assert len(now_nw) == 3 and len(now_se) == 3
        given, taken = before_nw - now_nw, before_se - now_se
        assert len(given) == len(taken) == 1 and given <= now_se and taken <= now_nw
        assert after.cells == state.cells and not after.placed
        seen.add((min(given), min(taken)))
    assert len(seen) == 9  # every pair of cards can be swapped
    assert play(game, state, "X SE", seed=4) == play(game, state, "X SE", seed=4)
    empty = game.parse_state(TRUMP_RACE.replace("hand SE: 4*1 3*6 2*2", "hand SE: -"))
    assert "X SE" not in move_texts(game, empty)
    assert game.illegal_reason(empty, game.parse_move(empty, "X SE")) == "opponent_no_cards"


def test_pass_only_without_anything_else() -> None:
    game = game_of(players=2)
    text = TRUMP_RACE.replace("hand NW: 2*5 6*1 3*3", "hand NW: -")
    state = game.parse_state(text)
    assert list(game.legal_moves(state)) == [PASS_MOVE]
    assert game.illegal_reason(state, PASS_MOVE) is None
    assert game.illegal_reason(state, game.parse_move(state, "X SE")) == "no_cards"
    after = play(game, state, "pass")
    assert after.hands == state.hands and after.cells == state.cells and after.turn == 1


def test_round_ends_the_game_when_a_hand_is_empty() -> None:
    game = game_of(players=2)
    text = TRUMP_RACE.replace("to move: NW", "to move: SE\nfirst: SE")
    state = game.parse_state(text.replace("hand NW: 2*5 6*1 3*3", "hand NW: 3*3"))
    mid = play(game, state, "I 6,0 2*2")  # SE opens the round
    assert not game.is_terminal(mid) and mid.placed
    end = play(game, mid, "I 0,4 3*3")  # NW places its last card and closes the round
    assert game.is_terminal(end) and game.current_player(end) == NO_PLAYER
    assert list(game.legal_moves(end)) == []
    assert game.winners(end) == (0, 1) and game.scores(end) == (5, 5)  # a shared win
    assert game.illegal_reason(end, PASS_MOVE) == "game_over"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.apply(end, PASS_MOVE, random.Random(0))
    assert game.parse_state(game.format_state(end)) == end
    assert "to move: none" in game.format_state(end)


def test_round_without_placement_ends_the_game() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE.replace("to move: NW", "to move: NW\nfirst: NW"))
    once = play(game, state, "X SE", seed=2)
    assert not game.is_terminal(once) and once.to_move == 1
    assert game.is_terminal(play(game, once, "X NW", seed=1))
    # a placement anywhere in the round keeps it going, and the next round starts afresh
    spot = next(m for m in move_texts(game, once) if m.startswith("I 6,0"))
    going = play(game, once, spot)
    assert not game.is_terminal(going) and not going.placed and going.to_move == 0
    placed_first = play(game, state, "I 6,0 3*3")
    assert placed_first.placed
    assert not game.is_terminal(play(game, placed_first, "X NW", seed=1))


def test_game_mid_round_stops_only_at_the_round_end() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED + "first: NE\nhand NE: 6*4\nhand SE: 2*3\n")
    after = play(game, state, "F 1,6 6*4")  # NE is out of cards, but the round goes on
    assert not game.is_terminal(after) and after.to_move == 2
    after = play(game, after, "I 4,0 2*3")
    assert move_texts(game, after) == ["pass"] or move_texts(game, after)[0].startswith("F")
    after = play(game, after, move_texts(game, after)[0])
    assert not game.is_terminal(after) and after.to_move == 0
    after = play(game, after, move_texts(game, after)[0])
    assert game.is_terminal(after)
    scores = game.scores(after)
    assert scores[1] == 6 and game.winners(after) == tuple(
        p for p in range(4) if scores[p] == max(scores))


# --------------------------------------------------------------------------- apply


def test_apply_rejects_every_move_not_generated() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED + "hand NE: 2*5 1*3 3*3\n")
    frozen = game.format_state(state)
    for text, reason in [("F 1,4 2*5", "matching"), ("F 0,3 3*3", "opponent_contact"),
                         ("I 3,0 3*3", "not_isolated"), ("F 1,6 6*4", "not_in_hand")]:
        with pytest.raises(IllegalMoveError) as raised:
            game.apply(state, game.parse_move(state, text), random.Random(0))
        assert repr(text) in str(raised.value) and reason in str(raised.value)
    for junk in [Move(FOLLOWER, 999, 0), Move(9, 0, 0), (0, 1), "pass"]:
        with pytest.raises(IllegalMoveError):
            game.apply(state, junk, random.Random(0))  # type: ignore[arg-type]
    assert game.format_state(state) == frozen


def _only_values(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_only_values(v) for v in value)
    return value is None or isinstance(value, int)


def test_states_are_immutable_values() -> None:
    game = StarsAndStripes()
    rng = random.Random(3)
    state = game.initial_state(rng)
    while not game.is_terminal(state):
        assert _only_values(state) and hash(state) == hash(game.parse_state(
            game.format_state(state)))
        before = game.format_state(state)
        move = rng.choice(game.legal_moves(state))
        after = game.apply(state, move, random.Random(1))
        assert game.format_state(state) == before
        state = game.apply(state, move, random.Random(1))
        assert state == after


def test_malformed_moves_are_bad_moves() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    for junk in [(0, 19.0, card_id(1, 3)), (0, 19, True), ("F", 19, 3), (0, 1), None, (5, 0, 0),
                 (FOLLOWER, 99, 0), (EXCHANGE, -1, 9)]:
        assert game.illegal_reason(state, junk) == "bad_move"  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="bad_move"):
            game.apply(state, junk, random.Random(0))  # type: ignore[arg-type]


def test_move_list_behaves_as_a_sequence() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    moves = game.legal_moves(state)
    listed = list(moves)
    assert len(listed) == len(moves) == 7 + 20 * 3 + 1
    assert [moves[i] for i in range(len(moves))] == listed
    assert moves[-1] == listed[-1] and moves[2:9:3] == listed[2:9:3]
    with pytest.raises(IndexError):
        moves[len(moves)]
    assert all(m in moves for m in listed)
    assert Move(INDEPENDENT, 3 * 7, card_id(2, 5)) not in moves
    junk: list[object] = [(1, 2), "x", None, (FOLLOWER, "0", 0)]
    assert Move(FOLLOWER, 0, 0) not in moves and not any(j in moves for j in junk)
    assert moves.index(listed[40]) == 40 and moves.count(listed[0]) == 1
    kinds = [m.kind for m in listed]
    assert kinds == sorted(kinds)  # followers, independents, exchanges


# --------------------------------------------------------------------------- notation


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
    (("to move: NE", ""), (9, 1), "missing 'to move"),
    (("to move: NE", "to move: NE\nplaced: maybe"), (9, 9), "yes or no"),
    (("to move: NE", "to move: NE\nturn: -2"), (9, 7), "count of turns"),
    (("to move: NE", "to move: NE\nfirst: none"), (9, 8), "unknown player"),
    (("to move: NE", "to move: NE\nhand NE: 1*3 2*2"), (9, 14), "already on the board"),
    (("to move: NE", "to move: NE\nhand NE: 1*3 1*3"), (9, 14), "already on the board"),
    (("to move: NE", "to move: NE\nhand NE:"), (9, 9), "write '-' for an empty hand"),
    (("to move: NE", "to move: NE\nhand QQ: -"), (9, 6), "unknown player 'QQ'"),
    (("to move: NE", "to move: NE\nhand NE: -\nhand NE: ?"), (10, 1), "a second hand line"),
    (("to move: NE", "to move: NE\nto move: SE"), (9, 1), "a second 'to move' line"),
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
    ("F 2,5 1*3", Move(FOLLOWER, 19, card_id(1, 3))),
    ("  follower   (2 , 5)   1*3 ", Move(FOLLOWER, 19, card_id(1, 3))),
    ("f (2,5)1*3", Move(FOLLOWER, 19, card_id(1, 3))),
    ("I 4,0 3*3", Move(INDEPENDENT, 28, card_id(3, 3))),
    ("independent 4, 0 3*3a", Move(INDEPENDENT, 28, card_id(3, 3))),
    ("X se", Move(EXCHANGE, -1, 2)),
    ("exchange SE", Move(EXCHANGE, -1, 2)),
    (" PASS ", PASS_MOVE),
])
def test_parse_move_forms(text: str, expected: Move) -> None:
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
    for move in (Move(FOLLOWER, 49, 0), Move(EXCHANGE, -1, 7), Move(8, 0, 0)):
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


# --------------------------------------------------------------------------- claims


def test_claims_reject_wrong_arguments() -> None:
    game = StarsAndStripes()
    state = game.parse_state(NE_BLOCKED)
    claims = game.claims()
    for item in claims.values():
        if item.takes_argument:
            with pytest.raises(ValueError):
                item.compute(state, None)
        else:
            with pytest.raises(ValueError):
                item.compute(state, "1")
    with pytest.raises(ValueError, match="already on the board"):
        claims["legal_placements"].compute(state, "2*2")
    with pytest.raises(ValueError, match="not a legal move"):
        claims["captures"].compute(state, "F 1,4 2*5")
    with pytest.raises(ValueError, match="off the board"):
        claims["owner"].compute(state, "9,9")
    assert claims["owner"].compute(state, "3,3") == "trump"
    assert claims["owner"].compute(state, "(3, 4)") is None
    assert claims["homes"].compute(state, None) == {
        "NW": "0,0", "NE": "0,6", "SE": "6,6", "SW": "6,0"}
    assert claims["board_size"].compute(state, None) == 7
    assert claims["cards_per_player"].compute(state, None) == 8
    assert claims["trump_square"].compute(state, None) == "3,3"
    assert claims["first_player"].compute(state, None) == "NE"
    assert claims["placed_this_round"].compute(state, None) is False
    assert claims["captures"].compute(state, "I 4,0 3*3") == []
    assert claims["legal_placements"].unordered and claims["captures"].takes_argument
    with pytest.raises(ValueError, match="game is over"):
        claims["legal_followers"].compute(state._replace(to_move=-1), None)


def _generic(game: StarsAndStripes, state: State, name: str, argument: str | None) -> object:
    if name == "legal":
        assert argument is not None
        return game.parse_move(state, argument) in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        return None if game.is_terminal(state) else game.names[state.to_move]
    if name == "scores":
        return dict(zip(game.names, game.scores(state), strict=True))
    if name == "winners":
        return [game.names[p] for p in game.winners(state)]
    if name == "terminal":
        return game.is_terminal(state)
    return game.claims()[name].compute(state, argument)


def test_example_file_agrees_with_the_engine() -> None:
    doc = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    assert doc["game"] == "stars-and-stripes"
    names = [ex["name"] for ex in doc["examples"]]
    assert len(names) == len(set(names)) >= 10
    checked = 0
    for example in doc["examples"]:
        params = {**doc.get("parameters", {}), **example.get("parameters", {})}
        game = StarsAndStripes(make_params(Params, params))
        state = game.parse_state(example["position"])
        assert game.parse_state(game.format_state(state)) == state
        rng = random.Random(example.get("seed", 0))
        for text in example.get("moves", []):
            move = game.parse_move(state, text)
            assert move in game.legal_moves(state), (example["name"], text)
            state = game.apply(state, move, rng)
        for key, expected in example["claims"].items():
            name, _, argument = key.partition("(")
            actual = _generic(game, state, name, argument[:-1] if argument else None)
            unordered = name in ("legal_moves", "winners") or game.claims().get(
                name, game.claims()["followers"]).unordered
            if unordered and isinstance(expected, list):
                assert isinstance(actual, list)
                assert sorted(map(str, expected)) == sorted(map(str, actual)), (
                    example["name"], key)
            else:
                assert expected == actual, (example["name"], key, actual)
            checked += 1
    assert checked >= 60
    setup = next(ex for ex in doc["examples"] if ex["name"] == "setup-four-players")
    game = StarsAndStripes()
    assert game.parse_state(setup["position"]) == game.initial_state(random.Random(2026))


# --------------------------------------------------------------------------- figures


def test_figures_count_what_happened() -> None:
    game = game_of(players=2)
    start = game.parse_state(TRUMP_RACE.replace("to move: NW", "to move: NW\nfirst: NW"))
    history = [start]
    for text in ("I 0,3 3*3", "I 6,0 2*2", "F 2,3 2*5", "X NW"):
        history.append(play(game, history[-1], text, seed=1))
    take = next(m for m in move_texts(game, history[-1]) if m.startswith("F 1,3"))
    history.append(play(game, history[-1], take))
    figures = game.figures(history)
    assert figures["trump captured"] == 1.0
    assert figures["followers placed"] == 2 and figures["independents placed"] == 2
    assert figures["independents captured"] == 1
    assert figures["exchanges"] == 1 and figures["passes"] == 0
    assert figures["ended by empty hand"] == 0 and figures["shared win"] == 0
    assert game.figures(history[:2])["trump captured"] == 0.0
    stuck = game.parse_state(TRUMP_RACE.replace("hand NW: 2*5 6*1 3*3", "hand NW: -"))
    passed = play(game, stuck, "pass")
    assert game.figures([stuck, passed])["passes"] == 1
    ended = play(game, passed, "I 6,0 2*2")
    assert game.is_terminal(ended)
    figures = game.figures([stuck, passed, ended])
    assert figures["ended by empty hand"] == 1.0 and figures["shared win"] == 1.0  # 5 each


def test_heuristic_values_followers_and_the_trump() -> None:
    game = game_of(players=2)
    state = game.parse_state(TRUMP_RACE)
    assert game.heuristic(state, 0) == 0.0
    after = play(game, state, "F 2,3 2*5")
    assert game.heuristic(after, 0) == 1.0 + 3.0 and game.heuristic(after, 1) == -1.0


# --------------------------------------------------------------------------- agreement


def _all_candidates(game: StarsAndStripes) -> Iterator[Move]:
    for square in range(game.size * game.size):
        for card in range(game.n_cards):
            yield Move(FOLLOWER, square, card)
            yield Move(INDEPENDENT, square, card)
    for player in range(game.players):
        yield Move(EXCHANGE, -1, player)
    yield PASS_MOVE


@pytest.mark.parametrize("options", [
    {}, {"players": 3, "opponent_contact": "edge_and_corner"},
    {"players": 2, "trump_exclusive": "allow_without_power"},
])
def test_illegal_reason_agrees_with_legal_moves(options: dict[str, object]) -> None:
    game = game_of(**options)
    rng = random.Random(17)
    candidates = list(_all_candidates(game))
    sampled = 0
    for _ in range(4):
        state = game.initial_state(rng)
        while not game.is_terminal(state):
            if rng.random() < 0.25:
                legal = set(game.legal_moves(state))
                assert len(legal) == len(game.legal_moves(state))
                for move in candidates:
                    assert (game.illegal_reason(state, move) is None) == (move in legal), move
                sampled += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    assert sampled >= 10


# --------------------------------------------------------------------------- playouts


def _edge_neighbours(n: int, square: int) -> list[int]:
    row, col = divmod(square, n)
    return [r * n + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < n and 0 <= c < n]


def _all_neighbours(n: int, square: int) -> list[int]:
    row, col = divmod(square, n)
    return [r * n + c for r in (row - 1, row, row + 1) for c in (col - 1, col, col + 1)
            if 0 <= r < n and 0 <= c < n and (r, c) != (row, col)]


def check_invariants(game: StarsAndStripes, state: State, previous: State | None) -> None:
    """What the rules promise about every reachable position, checked from scratch."""
    n = game.size
    cells = state.cells
    owner = {s: p for p in range(game.players) for s in range(n * n) if state.followers[p] >> s & 1}
    # cards conserved: every card exactly once, on the board or in a hand
    held = [c for h in state.hands if h is not None for c in h]
    assert sorted([c for c in cells if c >= 0] + held) == list(range(game.n_cards))
    assert cells.count(TRUMP) == 1 and cells[game.centre] == TRUMP
    assert all(cells[s] >= 0 for s in owner)
    for player, home in enumerate(game.home_indices):
        mine = {s for s, p in owner.items() if p == player}
        assert home in mine
        reached, todo = {home}, [home]
        while todo:
            for near in _edge_neighbours(n, todo.pop()):
                if near in mine and near not in reached:
                    reached.add(near)
                    todo.append(near)
        assert reached == mine, "followers must hang together"
    contact = _all_neighbours if game.params.opponent_contact == "edge_and_corner" else (
        _edge_neighbours)
    for square, player in owner.items():
        assert all(owner.get(near, player) == player for near in contact(n, square))
    for square, card in enumerate(cells):
        if card < 0 or square in owner:
            continue
        assert all(cells[near] == EMPTY for near in _edge_neighbours(n, square))
        assert all(cells[near] == EMPTY or near in owner for near in _all_neighbours(n, square))
    holder = state.trump_holder
    touching = {owner[s] for s in _edge_neighbours(n, game.centre) if s in owner}
    assert (holder == -1) == (not touching)
    if holder >= 0:
        assert holder in touching
        if game.params.trump_exclusive == "forbid":
            assert touching == {holder}
    for square, card in enumerate(cells):
        for near in _edge_neighbours(n, square):
            other = cells[near]
            if card >= 0 and other >= 0 and not cards_match(card, other):
                assert holder >= 0 and holder in (owner.get(square), owner.get(near))
    # the engine's own bookkeeping equals a fresh derivation
    fresh = game.build_state(cells, state.followers, state.hands, state.to_move, state.first,
                             state.placed, state.turn, holder)
    for name in ("occupied", "independents", "frontier", "zone", "free"):
        assert getattr(fresh, name) == getattr(state, name), name
    if previous is not None:
        assert state.turn == previous.turn + 1
        assert previous.trump_holder in (-1, holder)
        assert all(cells[s] == previous.cells[s] for s in range(n * n) if previous.cells[s] >= 0)
        assert all(previous.followers[p] & ~state.followers[p] == 0 for p in range(game.players))
        if game.is_terminal(state):
            mover = previous.to_move
            assert (mover + 1) % game.players == previous.first
            assert not state.placed or any(not h for h in state.hands)


def run_games(game: StarsAndStripes, games: int, seed: int, *, deep: bool) -> int:
    rng = random.Random(seed)
    total_turns = 0
    limit = game.size * game.size * 4 * game.players
    for _ in range(games):
        state = game.initial_state(rng)
        check_invariants(game, state, None)
        previous = None
        while not game.is_terminal(state):
            moves = game.legal_moves(state)
            assert len(moves) > 0
            move = rng.choice(moves)
            previous, state = state, game.apply(state, move, rng)
            total_turns += 1
            assert state.turn <= limit, "the game must end"
            if deep:
                check_invariants(game, state, previous)
        check_invariants(game, state, previous)
        assert game.winners(state) and set(game.winners(state)) <= set(range(game.players))
        best = max(game.scores(state))
        assert all(game.scores(state)[p] == best for p in game.winners(state))
    return total_turns


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 4}, 150),
    ({"players": 3}, 100),
    ({"players": 2}, 100),
    ({"players": 4, "opponent_contact": "edge_and_corner"}, 60),
    ({"players": 3, "trump_exclusive": "allow_without_power"}, 60),
])
def test_random_playouts_on_the_standard_board(options: dict[str, object], games: int) -> None:
    game = game_of(**options)
    assert run_games(game, games // 3, seed=1, deep=True) > 0
    assert run_games(game, games - games // 3, seed=2, deep=False) > 0


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 4, "decks": 2}, 6),
    ({"players": 3, "decks": 2, "opponent_contact": "edge_and_corner"}, 4),
    ({"players": 4, "decks": 4}, 2),
    ({"players": 2, "decks": 4, "board_size": 13}, 2),
    ({"players": 2, "board_size": 5}, 20),
])
def test_random_playouts_on_other_boards(options: dict[str, object], games: int) -> None:
    game = game_of(**options)
    assert run_games(game, games, seed=3, deep=True) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), players=st.integers(2, 4))
def test_notation_round_trips_on_reachable_positions(seed: int, steps: int,
                                                     players: int) -> None:
    game = game_of(players=players)
    rng = random.Random(seed)
    state = game.initial_state(rng)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)), rng)
    text = game.format_state(state)
    again = game.parse_state(text)
    assert again == state and again.free == state.free and again.zone == state.zone
    assert game.format_state(again) == text
    spaced = "\n".join("  " + "   ".join(line.split(" ")) + "  " for line in text.splitlines())
    assert game.parse_state(spaced) == state
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(state, move)) == move
