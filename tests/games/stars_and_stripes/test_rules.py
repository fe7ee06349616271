"""The rules of Stars and Stripes, position by position: parameters, setup, the seed's worked
example, placements, exchanges, the end of the game, and what ``apply`` accepts.

The positions here are small hand-made boards (see ``common.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from printkit.games.stars_and_stripes.rules import Params, StarsAndStripes
from printkit.games.stars_and_stripes.state import (
    EXCHANGE,
    FOLLOWER,
    INDEPENDENT,
    PASS,
    PASS_MOVE,
    REASONS,
    TRUMP,
    StarsAndStripesMove,
    card_id,
    cards_match,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, NotationError, ParamsError, make_params
from printkit.rules.registry import engine_class
from tests.games.helpers import move_texts, play
from tests.games.stars_and_stripes.common import (
    CORNER_CAPTURE,
    NE_BLOCKED,
    TRUMP_RACE,
    claim,
    code,
    game_of,
)

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
    assert code(game, state, "X SE") == "hand_unknown"
    after = play(game, state, "F 1,6 6*4")
    assert after.hands == state.hands  # still unknown, one card fewer in the pool
    assert game.pool(after) == tuple(c for c in game.pool(state) if c != card_id(6, 4))
    assert claim(game, after, "hand_sizes") == {"NW": None, "NE": None, "SE": None, "SW": None}
    # an unknown hand runs out when the pool does: here NE's only possible card is 6*4
    rest = [game.card_text(c) for c in game.pool(state) if c != card_id(6, 4)]
    hands = f"hand NW: {' '.join(rest[:5])}\nhand SE: {' '.join(rest[5:10])}\n" + (
        f"hand SW: {' '.join(rest[10:])}\nfirst: NE\n")
    state = game.parse_state(NE_BLOCKED + hands)
    assert move_texts(game, state) == ["F 1,6 6*4", "F 2,5 6*4", "I 4,0 6*4"]
    state = play(game, state, "F 1,6 6*4")
    assert game.legal_moves(state) and game.pool(state) == ()
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
    assert code(game, state, "I 3,1 3*3") == "not_isolated"
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
        return code(game, state, text)

    assert reason("F 1,4 2*5") == "matching"
    assert reason("F 0,3 3*3") == "opponent_contact"
    assert reason("F 3,4 1*3") == "no_follower_neighbour"
    assert reason("F 0,4 1*3") == "occupied"
    assert reason("F 3,3 1*3") == "occupied"
    assert reason("F 1,6 6*4") == "not_in_hand"
    assert reason("F 2,5 1*4") == "matching"  # the board rules come before the card's
    race = game_of(players=2)
    other = race.parse_state(TRUMP_RACE)
    assert code(race, other, "F 0,1 1*3") == "on_board"
    assert code(race, other, "I 4,0 1*3") == "on_board"
    assert code(race, other, "I 4,0 4*1") == "not_in_hand"
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
    assert code(game, after, "F 4,3 4*1") == "trump_claimed"
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
    # the captured independent touches SW's 6*2 at a corner: that does not count (issue 11)
    state = corner.parse_state(text)
    assert code(corner, state, "F 3,1 1*5") is None
    assert "F 3,1 1*5" in move_texts(corner, state)
    assert corner.parse_state(edge.format_state(taken)) == play(corner, state, "F 3,1 1*5")
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
    move = StarsAndStripesMove(FOLLOWER, 3, card_id(1, 4))
    assert edge.illegal_reason(edge.parse_state(diagonal), move) is None
    state = corner.parse_state(diagonal)
    assert corner.refusal_code(state, move) == "opponent_contact"
    assert corner.illegal_reason(state, move) == REASONS["opponent_contact"]
    assert claim(corner, state, "legal_placements(1*4)") == ["1,0", "1,1", "1,2"]


def test_corner_contact_checks_the_placed_card_only() -> None:
    """The ruling of issue 11 (item 6): ``edge_and_corner`` widens "neighbour" to eight
    squares in exactly the check ``edge`` makes, the placed card against other players'
    followers; the independents it captures are never checked."""
    edge, corner = game_of(), game_of(opponent_contact="edge_and_corner")
    text = CORNER_CAPTURE.replace("SW:6*1 .      .", "SW:6*1 SW:3*1 SW:3*4")
    for game in (edge, corner):
        state = game.parse_state(text)
        assert claim(game, state, "legal_placements(1*5)") == ["0,1", "1,1", "2,1", "3,1"]
        assert claim(game, state, "captures(F 3,1 1*5)") == ["4,1"]
        after = play(game, state, "F 3,1 1*5")
        assert claim(game, after, "followers") == {"NW": 6, "NE": 1, "SE": 1, "SW": 4}
        # NW's 5*5 on 4,1 and SW's 6*2 on 5,0 now meet at a corner, a position both read
        assert after.followers[0] >> (4 * 7 + 1) & 1 and after.followers[3] >> (5 * 7) & 1
        assert game.parse_state(game.format_state(after)) == after
    # from then on the captured card is a follower like any other: with corners counting,
    # SW may not place a card touching it at a corner
    after = play(corner, corner.parse_state(text), "F 3,1 1*5")
    sw = corner.parse_state(corner.format_state(after).replace("to move: NE", "to move: SW")
                            .replace("hand SW: ?", "hand SW: 4*4"))
    assert code(corner, sw, "F 5,2 4*4") == "opponent_contact"
    assert claim(corner, sw, "legal_placements(4*4)") == ["6,3"]
    plain = edge.parse_state(corner.format_state(sw))
    assert code(edge, plain, "F 5,2 4*4") is None
    assert claim(edge, plain, "legal_placements(4*4)") == ["5,2", "6,3"]
    # a placed card that touches another player's follower at a corner is still refused
    # (see test_corner_contact_option), and edges are refused under both options
    assert code(corner, sw, "F 5,1 4*4") == code(edge, plain, "F 5,1 4*4") == "opponent_contact"


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
    assert code(game, empty, "X SE") == "opponent_no_cards"


def test_pass_only_without_anything_else() -> None:
    game = game_of(players=2)
    text = TRUMP_RACE.replace("hand NW: 2*5 6*1 3*3", "hand NW: -")
    state = game.parse_state(text)
    assert list(game.legal_moves(state)) == [PASS_MOVE]
    assert game.illegal_reason(state, PASS_MOVE) is None
    assert game.refusal_code(state, PASS_MOVE) is None
    assert code(game, state, "X SE") == "no_cards"
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
    assert game.refusal_code(end, PASS_MOVE) == "game_over"
    assert game.illegal_reason(end, PASS_MOVE) == "the game is over"
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
    not_a_kind: Any = 9
    for junk in [StarsAndStripesMove(FOLLOWER, 999, 0), StarsAndStripesMove(not_a_kind, 0, 0),
                 (0, 1), "pass"]:
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
    odd: Any = 19.0
    bare: Any = 0
    cards = card_id(1, 3)
    junks: list[Any] = [
        StarsAndStripesMove(FOLLOWER, odd, cards), StarsAndStripesMove(FOLLOWER, 19, True),
        ("F", 19, 3, -1), (0, 1), None, StarsAndStripesMove(odd, 0, 0),
        (FOLLOWER, 19, cards, -1),  # a plain tuple is no move, even if it looks like one
        StarsAndStripesMove(bare, 19, cards),  # nor is a kind that is a bare number
        StarsAndStripesMove(FOLLOWER, 99, 0), StarsAndStripesMove(EXCHANGE, opponent=9),
        StarsAndStripesMove(INDEPENDENT, 28, cards, 2),  # an opponent in a placement
        StarsAndStripesMove(EXCHANGE, 0, opponent=2),  # a square in an exchange
        StarsAndStripesMove(PASS, opponent=1),
    ]
    for junk in junks:
        assert game.refusal_code(state, junk) == "bad_move"
        assert game.illegal_reason(state, junk) == REASONS["bad_move"]
        with pytest.raises(IllegalMoveError, match="bad_move"):
            game.apply(state, junk, random.Random(0))


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
    assert StarsAndStripesMove(INDEPENDENT, 3 * 7, card_id(2, 5)) not in moves
    junk: list[object] = [(1, 2), "x", None, (FOLLOWER, "0", 0), tuple(listed[0]),
                          listed[-1]._replace(square=0), listed[10]._replace(opponent=1)]
    assert StarsAndStripesMove(FOLLOWER, 0, 0) not in moves and not any(j in moves for j in junk)
    assert moves.index(listed[40]) == 40 and moves.count(listed[0]) == 1
    kinds = [m.kind for m in listed]
    assert kinds == sorted(kinds)  # followers, independents, exchanges

