"""Tests of the Star Battle rules engine: rules, options, notation, claims and playouts."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.star_battle.rules import (
    CORE,
    Card,
    Move,
    ShipKind,
    StarBattle,
    StarBattleParams,
    State,
    cell_name,
    parse_card,
    parse_cell,
)
from printkit.rules.base import (
    NO_PLAYER,
    IllegalMoveError,
    NotationError,
    ParamsError,
    make_params,
)
from printkit.rules.registry import engine_class
from tests.rules import helpers

EXAMPLES = Path(__file__).parents[1] / "data" / "examples" / "star-battle.yaml"

# A 4x4 galaxy in mid-game: A holds W1 (home), the Core and E1; B holds E2, E2S1 and E2S2.
MIDGAME = """
phase: action
player: A
galaxy:
  JD          9H         4S          QC
  6S[A:1D1S]  KC*[A:1S]  8D[A:1D1S]  3H[B:1D1S]
  AD          7H         10S         5C[B:1S]
  2C          QD         9S          KH[B:1D2S]
homes: A=W1 B=E2S2
hand A: 2H 5S 9C JS AH
hand B: 2S 4C 6D 7D 8C 10C
stock: 7C 4D ...
"""


def game_with(**options: Any) -> StarBattle:
    return StarBattle(make_params(StarBattleParams, options))


GAME = StarBattle()
MIDGAME_STATE = GAME.parse_state(MIDGAME)


def position(text: str, game: StarBattle = GAME) -> State:
    return game.parse_state(text)


def play(state: State, *moves: str, game: StarBattle = GAME, seed: int = 0) -> State:
    return helpers.play(game, state, *moves, seed=seed)


def legal_texts(state: State, game: StarBattle = GAME) -> set[str]:
    return set(helpers.move_texts(game, state))


def system(state: State, name: str) -> tuple[str, int, int, int]:
    """(card, owner, dreadnoughts, scouts) of the system at the cell called ``name``."""
    cell = parse_cell(name)
    assert cell is not None
    s = state.index[cell]
    return (str(s.card), s.owner, s.dreadnoughts, s.scouts)


def full_deck(decks: int) -> Counter[Card]:
    return Counter({Card(r, s): decks for s in "CDHS" for r in range(1, 14)})


def all_cards(state: State) -> Counter[Card]:
    found: Counter[Card] = Counter(s.card for s in state.galaxy)
    for hand in state.hands:
        found.update(hand)
    found.update(state.stock)
    found.update(state.discards)
    return found


# --------------------------------------------------------------------------- parameters


def test_registry_and_defaults() -> None:
    assert engine_class("star-battle") is StarBattle
    assert (StarBattle.name, StarBattle.title) == ("star-battle", "Star Battle")
    params = StarBattleParams()
    assert dataclasses.asdict(params) == {
        "players": 2, "decks": 1, "hand_size": 8, "core_placer": "dealer",
        "revision1": False, "ships_per_player": 15, "max_turns": 1000,
    }


def test_parameters_from_command_line_text() -> None:
    params = make_params(StarBattleParams, {
        "players": "3", "revision1": "yes", "ships_per_player": "none",
        "core_placer": "right_of_dealer", "max_turns": "50",
    })
    assert params == StarBattleParams(players=3, revision1=True, ships_per_player=None,
                                      core_placer="right_of_dealer", max_turns=50)


@pytest.mark.parametrize(("options", "key"), [
    ({"players": 1}, "players"),
    ({"decks": 0}, "decks"),
    ({"hand_size": 1}, "hand_size"),
    ({"players": 6}, "hand_size"),  # 6 x (8 + 2) = 60 cards > 52
    ({"ships_per_player": 0}, "ships_per_player"),
    ({"max_turns": 0}, "max_turns"),
    ({"core_placer": "left_of_dealer"}, "core_placer"),
    ({"revison1": True}, "revison1"),
])
def test_bad_parameters_are_reported_against_their_key(options: dict[str, object],
                                                         key: str) -> None:
    with pytest.raises(ParamsError) as info:
        make_params(StarBattleParams, options)
    assert info.value.problems[0][0] == key


def test_more_decks_allow_more_players() -> None:
    game = game_with(players=6, decks=2)
    state = game.initial_state(random.Random(1))
    assert [len(h) for h in state.hands] == [8] * 6
    assert all_cards(state) == full_deck(2)


# --------------------------------------------------------------------------- setup


def test_initial_deal() -> None:
    state = GAME.initial_state(random.Random(3))
    assert state.phase == "core" and GAME.current_player(state) == 0
    assert [len(h) for h in state.hands] == [8, 8]
    assert len(state.stock) == 36 and not state.galaxy and not state.discards
    assert all_cards(state) == full_deck(1)
    assert GAME.initial_state(random.Random(3)) == state
    assert GAME.initial_state(random.Random(4)) != state


@pytest.mark.parametrize(("players", "placer"), [(2, 1), (3, 2), (4, 3)])
def test_right_of_dealer_lays_the_core(players: int, placer: int) -> None:
    game = game_with(players=players, core_placer="right_of_dealer")
    state = game.initial_state(random.Random(0))
    assert game.current_player(state) == placer


def test_core_is_a_highest_card_and_equal_ranks_are_a_choice() -> None:
    state = position("""
        phase: core
        player: A
        galaxy: -
        hand A: 2D 3C 7H 9S 10C QH KD KS
        hand B: 2S 4D 5C 6H 8D JC JH QS
    """)
    assert legal_texts(state) == {"core KD", "core KS"}
    after = play(state, "core KS")
    assert after.phase == "galaxy" and GAME.current_player(after) == 1
    assert system(after, "core") == ("KS", NO_PLAYER, 0, 0)
    with pytest.raises(IllegalMoveError, match="highest"):
        play(state, "core QH")


def test_a_galaxy_card_must_reach_a_neighbour_with_its_own_suit() -> None:
    # one card (the Core, a spade) and one to its east
    state = position("""
        phase: galaxy
        player: B
        galaxy:
          KS*  2C
        hand A: 3C
        hand B: 5H 6S 7D 8C
    """)
    moves = legal_texts(state)
    hearts = {m.split()[2] for m in moves if m.startswith("place 5H")}
    spades = {m.split()[2] for m in moves if m.startswith("place 6S")}
    diamonds = {m.split()[2] for m in moves if m.startswith("place 7D")}
    clubs = {m.split()[2] for m in moves if m.startswith("place 8C")}
    # hearts need a card directly west or east of them; spades directly north or south
    assert hearts == {"W1", "E2"}
    assert spades == {"N1", "E1N1", "S1", "E1S1"}
    assert diamonds == clubs == {"N1", "E1N1", "W1", "E2", "S1", "E1S1"}


def test_setup_runs_in_turn_order_and_home_bases_start_play() -> None:
    game = GAME
    rng = random.Random(11)
    state = game.initial_state(rng)
    state = game.apply(state, game.legal_moves(state)[0], rng)  # A lays the Core
    placers = []
    while state.phase == "galaxy":
        placers.append(game.current_player(state))
        state = game.apply(state, game.legal_moves(state)[-1], rng)
    # B, A, B, A ... until A (who laid the Core) runs out first
    assert placers == [1, 0] * 7 + [1]
    assert len(state.galaxy) == 16 and not any(state.hands)
    assert state.phase == "home" and game.current_player(state) == 1
    choices = {m.cell for m in game.legal_moves(state)}
    assert CORE not in choices and len(choices) == 15
    state = game.apply(state, game.legal_moves(state)[0], rng)
    home_b = state.homes[1]
    assert home_b is not None and state.index[home_b][2:] == (1, 1, 1)
    assert len(state.hands[1]) == 2 and len(state.stock) == 34
    assert game.current_player(state) == 0
    assert home_b not in {m.cell for m in game.legal_moves(state)}
    state = game.apply(state, game.legal_moves(state)[0], rng)
    assert state.phase == "action" and game.current_player(state) == 1
    assert [len(h) for h in state.hands] == [2, 2] and state.ships_in_play == (2, 2)
    assert all_cards(state) == full_deck(1)


def test_right_of_dealer_changes_who_starts_home_bases_and_play() -> None:
    game = game_with(core_placer="right_of_dealer")
    rng = random.Random(5)
    state = game.initial_state(rng)
    while state.phase in ("core", "galaxy"):
        state = game.apply(state, game.legal_moves(state)[0], rng)
    assert game.current_player(state) == 0
    state = play(state, game.format_move(state, game.legal_moves(state)[0]), game=game)
    state = play(state, game.format_move(state, game.legal_moves(state)[0]), game=game)
    assert state.phase == "action" and game.current_player(state) == 0


# --------------------------------------------------------------------------- the free Scout


def test_the_core_holder_gets_an_optional_free_scout_on_a_non_club() -> None:
    state = dataclasses.replace(position(MIDGAME), phase="bonus")
    assert legal_texts(state) == {"scout W1", "scout E1", "skip"}  # the Core is a club
    after = play(state, "scout W1")
    assert after.phase == "action" and system(after, "W1") == ("6S", 0, 1, 2)
    skipped = play(state, "skip")
    assert skipped.phase == "action" and skipped.galaxy == state.galaxy


def test_the_free_scout_step_comes_at_the_start_of_the_holders_turn() -> None:
    # B's turn ends; A holds the Core, so A's turn opens with the free Scout
    state = dataclasses.replace(position(MIDGAME), mover=1)
    after = play(state, "reconstruct 10C E2S1 scout")
    assert after.phase == "bonus" and GAME.current_player(after) == 0
    # without the Core, the turn goes straight to the action
    state = position(MIDGAME.replace("KC*[A:1S]", "KC*").replace(" AH\n", "\n"))
    after = play(dataclasses.replace(state, mover=1), "reconstruct 10C E2S1 scout")
    assert after.phase == "action"


def test_no_free_scout_without_a_scout_token() -> None:
    game = game_with(ships_per_player=4)
    state = dataclasses.replace(position(MIDGAME.replace("8D[A:1D1S]", "8D[A:1D2S]"), game),
                                mover=1)
    after = play(state, "reconstruct 10C E2S1 scout", game=game)
    assert after.phase == "action"  # A already has all four Scouts out


# --------------------------------------------------------------------------- actions


def test_build_gives_a_dreadnought_on_a_matching_suit_else_a_scout() -> None:
    state = position(MIDGAME.replace("9C", "9D"))
    assert system(play(state, "build 9D E1"), "E1") == ("8D", 0, 2, 1)
    assert system(play(state, "build 9D W1"), "W1") == ("6S", 0, 1, 2)
    with pytest.raises(IllegalMoveError, match="club"):
        play(state, "build JS core")


def test_build_values_are_strict_with_aces_high_in_hand_and_low_on_the_table() -> None:
    state = position(MIDGAME.replace("hand A: 2H 5S 9C JS AH", "hand A: 6H 8S AH"))
    builds = legal_texts(state)
    assert "build 6H W1" not in builds  # 6 is not higher than 6
    assert "build 8S E1" not in builds  # nor 8 than 8
    assert "build 8S W1" in builds
    assert {"build AH W1", "build AH E1"} <= builds  # a discarded Ace is 14
    # an Ace lying in the galaxy counts 1: any discard beats it
    low = position(MIDGAME.replace("AD          7H", "AD[A:1S]    7H")
                   .replace("hand A: 2H 5S 9C JS AH", "hand A: 2D"))
    assert "build 2D W1S1" in legal_texts(low)


def test_revision1_builds_by_the_systems_suit() -> None:
    game = game_with(revision1=True)
    state = position(MIDGAME, game)
    assert system(play(state, "build JS E1", game=game), "E1") == ("8D", 0, 2, 1)
    assert system(play(state, "build 9C W1", game=game), "W1") == ("6S", 0, 1, 2)
    assert system(play(state, "build AH W1", game=game), "W1") == ("6S", 0, 1, 2)


def test_no_build_without_a_token_of_that_kind() -> None:
    game = game_with(ships_per_player=4)
    state = position(MIDGAME.replace("8D[A:1D1S]", "8D[A:2S]  "), game)
    moves = legal_texts(state, game)
    assert "build 9C W1" not in moves  # would be a fifth Scout
    assert "build JS W1" in moves  # a Dreadnought: A has one left
    with pytest.raises(IllegalMoveError, match="no token"):
        play(state, "build 9C W1", game=game)


def test_moves_follow_the_connection_of_the_system_left() -> None:
    state = position(MIDGAME)
    # the Core is a club: all four ways; 9H at N1 only east and west
    assert GAME.claims()["legal_moves_from"].compute(state, "core") == ["N1", "W1", "E1", "S1"]
    at_n1 = position(MIDGAME.replace("9H        ", "9H[A:1S]  ").replace("KC*[A:1S]", "KC*     "))
    targets = {m.target for m in GAME.legal_moves(at_n1) if m.kind == "move" and m.cell == (0, 1)}
    assert targets == {(-1, 1), (1, 1)}
    with pytest.raises(IllegalMoveError, match="does not connect"):
        play(at_n1, "move AH N1>core scout")


def test_moves_need_a_strictly_higher_discard_than_the_destination() -> None:
    state = position(MIDGAME)
    with pytest.raises(IllegalMoveError, match="not higher than 9H"):
        play(state, "move 5S core>N1 scout")
    with pytest.raises(IllegalMoveError, match="not higher than 10S"):
        play(position(MIDGAME.replace("9C", "10D")), "move 10D E1>E1S1 scout")
    after = play(state, "move JS core>N1 scout")
    assert system(after, "N1") == ("9H", 0, 0, 1)
    assert system(after, "core") == ("KC", NO_PLAYER, 0, 0)
    assert "JS" in [str(c) for c in after.discards]


def test_ships_never_enter_an_enemy_system() -> None:
    state = position(MIDGAME)
    assert not any(m.kind == "move" and m.target == (2, 0) for m in GAME.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="enemy"):
        play(state, "move AH E1>E2 scout")


def test_battle_flips_attacker_first_dreadnoughts_first_with_a_second_chance() -> None:
    state = position(MIDGAME)
    # A's Dreadnought: H then T (survives), A's Scout: T; B's Dreadnought: H H; B's Scout: H
    after = play(state, "battle 2H E1>E2 flips=HTTHHH")
    assert system(after, "E1") == ("8D", 0, 1, 1)
    assert system(after, "E2") == ("7C", NO_PLAYER, 0, 0)  # emptied: next card of the stock
    assert after.stock[0] == Card(4, "D") and Card(3, "H") in after.discards
    assert after.battles == 1
    # A's Dreadnought: H H (lost), Scout: H (lost) -> E1 emptied and replaced first
    # B's Dreadnought: T, Scout: T
    after = play(state, "battle 2H E1>E2 flips=HHHTT")
    assert system(after, "E1") == ("7C", NO_PLAYER, 0, 0)
    assert system(after, "E2") == ("3H", 1, 1, 1)
    assert Card(8, "D") in after.discards


def test_both_emptied_systems_get_new_cards_attacker_first() -> None:
    state = position(MIDGAME)
    after = play(state, "battle 2H E1>E2 flips=HHHHHH")
    assert system(after, "E1")[:2] == ("7C", NO_PLAYER)
    assert system(after, "E2")[:2] == ("4D", NO_PLAYER)
    assert {Card(8, "D"), Card(3, "H"), Card(2, "H")} <= set(after.discards)


def test_the_core_stays_the_core_when_its_card_is_replaced() -> None:
    state = position(MIDGAME.replace("KC*[A:1S]", "KC*[B:1S]").replace("8D[A:1D1S]",
                                                                      "8D[A:1D2S]"))
    after = play(state, "battle 2H E1>core flips=TTTH")
    assert system(after, "core") == ("7C", NO_PLAYER, 0, 0)
    assert "7C*" in GAME.format_state(after)


@pytest.mark.parametrize(("flips", "message"), [
    ("HTTHH", "more than 5 flips"),
    ("HTTHHHT", "needs 6 flips, not 7"),
    ("TTT", "more than 3 flips"),
    ("TTTTT", "needs 4 flips, not 5"),
])
def test_stated_flips_must_be_exactly_what_the_battle_uses(flips: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        play(position(MIDGAME), f"battle 2H E1>E2 flips={flips}")


def test_battle_without_stated_flips_uses_the_random_source() -> None:
    state = position(MIDGAME.replace("3H[B:1D1S]", "3H[B:1D]  "))
    move = GAME.parse_move(state, "battle 2H E1>E2")
    outcomes = [GAME.apply(state, move, random.Random(seed)) for seed in range(4000)]
    assert GAME.apply(state, move, random.Random(7)) == outcomes[7]
    survived = sum(1 for s in outcomes if s.index[(2, 0)].dreadnoughts == 1) / len(outcomes)
    scouts = sum(1 for s in outcomes if s.index[(1, 0)].scouts == 1) / len(outcomes)
    assert 0.72 < survived < 0.78  # a Dreadnought survives 3 times in 4
    assert 0.47 < scouts < 0.53  # a Scout once in 2


def test_reconstruction_swaps_the_systems_card_for_a_ship() -> None:
    state = position(MIDGAME)
    after = play(state, "reconstruct 5S E1 scout")
    assert system(after, "E1") == ("5S", 0, 1, 0)
    assert Card(8, "D") in after.discards and Card(5, "S") not in after.discards
    assert GAME.connections(after, (1, 0)) == [(1, 1), (1, -1)]
    after = play(state, "reconstruct 2H core scout")
    assert system(after, "core") == ("2H", NO_PLAYER, 0, 0)
    with pytest.raises(IllegalMoveError, match="no dreadnought at core"):
        play(state, "reconstruct 2H core dreadnought")


def test_hands_are_trimmed_by_choice_then_refilled_to_the_ship_count() -> None:
    state = position(MIDGAME)
    after = play(state, "battle 2H E1>E2 flips=HTTHHH")
    assert after.phase == "trim" and GAME.current_player(after) == 1
    assert GAME.view(after, 1).count("hand B: 2S 4C 6D 7D 8C 10C") == 1
    after = play(after, "discard 6D")
    assert after.phase == "trim"
    after = play(after, "discard 10C")
    assert after.phase == "action" and GAME.current_player(after) == 1
    assert [str(c) for c in after.hands[1]] == ["2S", "4C", "7D", "8C"]
    assert [str(c) for c in after.hands[0]] == ["AH", "4D", "5S", "9C", "JS"]
    assert after.turn == 1


def test_an_empty_stock_is_refilled_by_shuffling_the_discards() -> None:
    state = position(MIDGAME)
    state = dataclasses.replace(state, stock=(), discards=tuple(sorted(state.stock)))
    after = play(state, "build 9C W1", seed=3)
    assert len(after.hands[0]) == 6
    assert all_cards(after) == full_deck(1)
    assert after.discards == ()  # everything went back into the stock
    assert play(state, "build 9C W1", seed=3) == after
    assert play(state, "build 9C W1", seed=4) != after


def test_a_player_without_cards_can_only_pass() -> None:
    state = position(MIDGAME.replace("hand A: 2H 5S 9C JS AH", "hand A: -"))
    assert legal_texts(state) == {"pass"}
    after = play(state, "pass")
    assert len(after.hands[0]) == 5 and GAME.current_player(after) == 1
    with pytest.raises(IllegalMoveError, match="must act"):
        play(position(MIDGAME), "pass")


# --------------------------------------------------------------------------- victory


def test_domination_needs_more_than_three_quarters_and_the_core() -> None:
    domination = EXAMPLE_POSITIONS["one-system-short-of-domination"]
    state = position(domination)
    assert GAME.systems_held(state) == (12, 2) and not GAME.is_terminal(state)
    won = play(state, "move 5S E1>E2 scout")
    assert won.victory == "domination" and GAME.winners(won) == (0,)
    assert GAME.current_player(won) == NO_PLAYER and GAME.legal_moves(won) == []


def test_elimination_and_a_shared_draw_when_both_sides_vanish() -> None:
    text = MIDGAME.replace("5C[B:1S]", "5C      ").replace("KH[B:1D2S]", "KH")
    text = text.replace("6S[A:1D1S]", "6S").replace("KC*[A:1S]", "KC*")
    state = position(text.replace("homes: A=W1 B=E2S2", ""))
    won = play(state, "battle 2H E1>E2 flips=TTHHH")
    assert won.victory == "elimination" and won.winners == (0,)
    draw = play(state, "battle 2H E1>E2 flips=HHHHHH")
    assert draw.victory == "elimination" and draw.winners == (0, 1)
    assert "result: A B elimination" in GAME.format_state(draw)


def test_removing_ones_last_ship_hands_the_win_to_the_opponent() -> None:
    text = MIDGAME.replace("6S[A:1D1S]", "6S").replace("KC*[A:1S]", "KC*")
    state = position(text.replace("8D[A:1D1S]", "8D[A:1S]").replace("homes: A=W1 B=E2S2", ""))
    after = play(state, "reconstruct 2H E1 scout")
    assert after.victory == "elimination" and after.winners == (1,)


def test_eliminated_players_are_skipped_and_the_game_goes_on() -> None:
    game = game_with(players=3)
    state = position("""
        phase: action
        player: A
        galaxy:
          JD          9H         4S          QC
          6S[A:1D1S]  KC*        8D[A:1D1S]  3H[B:1S]
          AD          7H         10S         5C
          2C          QD         9S          KH[C:1D2S]
        hand A: 2H 5S 9C JS AH
        hand B: 4C
        hand C: 6D 7D 8C
    """, game)
    after = play(state, "battle 2H E1>E2 flips=TTH", game=game)
    assert after.phase == "trim" and game.current_player(after) == 1  # B drops its card
    after = play(after, "discard 4C", game=game)
    assert not game.is_terminal(after) and game.current_player(after) == 2
    after = play(after, "reconstruct 6D E2S2 scout", game=game)
    assert game.current_player(after) == 0  # B is skipped


def test_max_turns_stops_the_game_unfinished() -> None:
    game = game_with(max_turns=3)
    state = position(MIDGAME, game)
    state = play(state, "build 9C W1", "reconstruct 6D E2S1 scout", game=game)
    assert not game.is_terminal(state)
    assert state.phase == "bonus"
    state = play(state, "skip", "build JS E1", game=game)
    assert game.is_terminal(state) and state.victory == "unfinished"
    assert game.winners(state) == () and "result: unfinished" in game.format_state(state)
    assert game.figures([state])["unfinished"] == 1.0


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize(("move", "reason"), [
    ("build 3C W1", "3C is not in A's hand"),
    ("build 9C E2", "no ship at E2"),
    ("build 9C N3", "no system at N3"),
    ("move 9C E1>E2 scout", "enemy"),
    ("move 9C E1>E2N1 scout", "does not connect"),
    ("move 9C W1>W1N1 scout", "not higher than JD"),
    ("battle 9C core>E2", "does not connect"),
    ("battle 9C E1>core", "no enemy ships"),
    ("discard 9C", "'discard' is not a move of the action phase"),
    ("home W1N1", "'home' is not a move of the action phase"),
    ("reconstruct 9C core dreadnought", "no dreadnought at core"),
])
def test_illegal_moves_are_refused_with_the_reason(move: str, reason: str) -> None:
    state = position(MIDGAME)
    with pytest.raises(IllegalMoveError) as info:
        play(state, move)
    assert reason in str(info.value) and repr(move) in str(info.value)


@pytest.mark.parametrize("move", [Move("build"), Move("move", Card(9, "C"), (1, 0)),
                                  Move("discard"), Move("reconstruct", Card(9, "C"))])
def test_malformed_moves_are_refused_cleanly(move: Move) -> None:
    with pytest.raises(IllegalMoveError, match=r"needs its (card|cell|target|ship)"):
        GAME.apply(MIDGAME_STATE, move, random.Random(0))


def test_only_a_battle_carries_flips() -> None:
    state = position(MIDGAME)
    move = Move("move", Card(9, "C"), (1, 0), (1, 1), "scout", flips="HH")
    with pytest.raises(IllegalMoveError, match="only a battle has flips"):
        GAME.apply(state, move, random.Random(0))
    with pytest.raises(NotationError, match="unexpected 'flips'"):
        GAME.parse_move(state, "move 9C E1>E1N1 scout flips=HH")


def test_apply_accepts_exactly_the_generated_moves_and_leaves_its_input_alone() -> None:
    state = position(MIDGAME)
    before = GAME.format_state(state)
    cells = [s.cell for s in state.galaxy]
    cards = sorted(set(state.hands[0]))[::2]  # AH, 5S and JS
    legal = {m for m in GAME.legal_moves(state) if m.card in cards}
    kinds: tuple[ShipKind, ...] = ("dreadnought", "scout")
    candidates: list[Move] = []
    for card in cards:
        for a in cells:
            candidates.append(Move("build", card, a))
            for kind in kinds:
                candidates.append(Move("reconstruct", card, a, ship=kind))
            for b in cells:
                candidates.append(Move("battle", card, a, b))
                for kind in kinds:
                    candidates.append(Move("move", card, a, b, kind))
    assert legal <= set(candidates)
    accepted = 0
    for move in candidates:
        fresh = dataclasses.replace(state)  # an equal copy defeats the last-position cache
        if move in legal:
            GAME.apply(fresh, move, random.Random(0))
            GAME.apply(state, move, random.Random(0))
            accepted += 1
        else:
            with pytest.raises(IllegalMoveError):
                GAME.apply(fresh, move, random.Random(0))
    assert accepted == len(legal) and GAME.format_state(state) == before


# --------------------------------------------------------------------------- notation


def test_notation_round_trips_through_random_games() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = game_with(players=players)
        rng = random.Random(seed)
        state = game.initial_state(rng)
        while True:
            assert game.parse_state(game.format_state(state)) == state
            if game.is_terminal(state):
                break
            moves = game.legal_moves(state)
            for move in moves[:: max(1, len(moves) // 25)]:
                assert game.parse_move(state, game.format_move(state, move)) == move
            state = game.apply(state, rng.choice(moves), rng)


def test_battle_flips_round_trip() -> None:
    state = position(MIDGAME)
    move = Move("battle", Card(2, "H"), (1, 0), (2, 0), flips="HTTHHH")
    assert GAME.format_move(state, move) == "battle 2H E1>E2 flips=HTTHHH"
    assert GAME.parse_move(state, "  BATTLE 2h  e1 > e2  flips = htthhh ") == move


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
MOVES = st.one_of(
    st.builds(lambda c: Move("core", c), CARDS),
    st.builds(lambda c, x: Move("place", c, x), CARDS, CELLS),
    st.builds(lambda x: Move("home", cell=x), CELLS),
    st.builds(lambda x: Move("scout", cell=x), CELLS),
    st.sampled_from([Move("skip"), Move("pass")]),
    st.builds(lambda c, x: Move("build", c, x), CARDS, CELLS),
    st.builds(lambda c, x, y, k: Move("move", c, x, y, k), CARDS, CELLS, CELLS, SHIPS),
    st.builds(lambda c, x, y, f: Move("battle", c, x, y, flips=f), CARDS, CELLS, CELLS,
              st.none() | st.text("HT", min_size=1, max_size=9)),
    st.builds(lambda c, x, k: Move("reconstruct", c, x, ship=k), CARDS, CELLS, SHIPS),
    st.builds(lambda c: Move("discard", c), CARDS),
)


@settings(max_examples=300)
@given(MOVES)
def test_moves_round_trip(move: Move) -> None:
    assert GAME.parse_move(MIDGAME_STATE, GAME.format_move(MIDGAME_STATE, move)) == move


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


def test_missing_stock_and_ellipsis_stand_for_the_rest_in_rank_order() -> None:
    state = position(MIDGAME.replace("stock: 7C 4D ...\n", ""))
    assert state.stock[:4] == (Card(1, "C"), Card(1, "S"), Card(2, "D"), Card(3, "C"))
    assert all_cards(state) == full_deck(1)
    assert position(MIDGAME).stock[:2] == (Card(7, "C"), Card(4, "D"))
    assert "stock: 7C 4D ..." in GAME.format_state(position(MIDGAME))


def test_the_notation_sample_in_the_module_docstring_parses() -> None:
    import printkit.games.star_battle.rules as module

    doc = module.__doc__ or ""
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


@pytest.mark.parametrize(("text", "message", "line", "column"), [
    ("player: A\ngalaxy:\n  KC* 5X\n", "'5X' is not a galaxy cell", 3, 7),
    ("player: A\ngalaxy:\n  KC 5H\n", "mark the Core", 3, 1),
    ("player: A\ngalaxy:\n  KC* 5H*\n", "a second Core", 3, 7),
    ("player: A\ngalaxy:\n  KC*[A:2X]\n", "'2X' is not a ship count", 3, 9),
    ("player: A\ngalaxy:\n  KC*[E:1S]\n", "'E' is not a player", 3, 7),
    ("player: A\ngalaxy:\n  KC*[A:0S]\n", "positive count", 3, 9),
    ("player: A\ngalaxy:\n  KC*[A:16S]\n", "15 tokens", 2, 1),
    ("player: A\ngalaxy:\n  KC*\nhand A: KC\n", "KC appears more often", 4, 9),
    ("player: A\ngalaxy:\n  KC*\nhnd A: 2C\n", "unknown key 'hnd A'", 4, 1),
    ("player: A\ngalaxy:\n  KC*\nstock: 2C ... 3C\n", "'...' may only end", 4, 11),
    ("player: A\ngalaxy:\n  KC*\nstock: 2C\n", "card(s) are nowhere", 4, 7),
    ("player: A\ngalaxy:\n  KC*\nhomes: A=core\n", "Core or already", 4, 10),
    ("player: A\ngalaxy:\n  KC*  2C\nhomes: A=W1\n", "'W1' is not a system", 4, 10),
    ("phase: actoin\nplayer: A\ngalaxy:\n  KC*\n", "did you mean 'action'", 1, 8),
    ("player: A\nplayer: B\n", "a second 'player' line", 2, 1),
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
    ("fly 2H E1>E2", "unknown move 'fly'", 1),
    ("buid 2H E1", "did you mean 'build'", 1),
    ("build 2X E1", "'2X' is not a card", 7),
    ("build 2H X1", "'X1' is not a cell", 10),
    ("move 2H E1 E2 scout", "expected '>'", 12),
    ("move 2H E1>E2 frigate", "'frigate' is not a ship", 15),
    ("move 2H E1>E2", "expected dreadnought or scout", 14),
    ("battle 2H E1>E2 flips=HXT", "'X' is not a coin result", 24),
    ("battle 2H E1>E2 odds=HT", "expected flips=", 17),
    ("skip now", "unexpected 'now'", 6),
])
def test_move_errors_point_at_the_bad_token(text: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        GAME.parse_move(position(MIDGAME), text)
    assert message in info.value.message and info.value.column == column


# --------------------------------------------------------------------------- claims


def test_claims_answer_in_plain_data() -> None:
    claims = GAME.claims()
    state = position(MIDGAME)
    assert claims["systems_held"].compute(state, None) == {"A": 3, "B": 3}
    assert claims["core_holder"].compute(state, None) == "A"
    assert claims["connections"].compute(state, "N1") == ["W1N1", "E1N1"]
    assert claims["legal_builds"].compute(state, "9D") == {"W1": "scout", "E1": "dreadnought"}
    assert claims["legal_moves_from"].compute(state, "E1") == ["E1N1", "core", "E1S1"]
    assert claims["battle_targets"].compute(state, "E1") == ["E2"]
    assert claims["battle_targets"].compute(state, "E2") == ["E1"]
    assert claims["victory"].compute(state, None) is None
    assert claims["hand_size_due"].compute(state, None) == {"A": 5, "B": 6}
    assert claims["survival"].compute(state, "E2S2") == "15/16"
    assert claims["home_bases"].compute(state, None) == {"A": "W1", "B": "E2S2"}
    assert claims["supply"].compute(state, None) == {
        "A": {"dreadnoughts": 13, "scouts": 12}, "B": {"dreadnoughts": 13, "scouts": 11}}
    assert game_with(ships_per_player=None).claims()["supply"].compute(state, None) is None
    assert claims["connections"].unordered and claims["connections"].takes_argument


@pytest.mark.parametrize(("name", "argument"), [
    ("systems_held", "A"),
    ("connections", None),
    ("connections", "E9"),
    ("connections", "nowhere"),
    ("legal_builds", "E1"),
    ("survival", "N1"),
])
def test_claims_refuse_bad_arguments(name: str, argument: str | None) -> None:
    with pytest.raises(ValueError):
        GAME.claims()[name].compute(position(MIDGAME), argument)


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses a key given twice in one mapping."""


def _unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    keys = [loader.construct_object(k) for k, _ in node.value]
    duplicates = [k for k, n in Counter(keys).items() if n > 1]
    assert not duplicates, f"key given twice at line {node.start_mark.line + 1}: {duplicates}"
    return loader.construct_mapping(node)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _unique_mapping)
DOC: dict[str, Any] = yaml.load(EXAMPLES.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
EXAMPLE_POSITIONS = {e["name"]: e["position"] for e in DOC["examples"]}


def _generic_claims(game: StarBattle) -> dict[str, Callable[[State, str | None], object]]:
    def names(state: State) -> tuple[str, ...]:
        return game.player_names(state)

    def to_move(state: State, _: str | None) -> object:
        who = game.current_player(state)
        return None if who == NO_PLAYER else names(state)[who]

    return {
        "legal": lambda s, a: game.parse_move(s, a or "") in game.legal_moves(s),
        "legal_moves": lambda s, _: sorted(game.format_move(s, m) for m in game.legal_moves(s)),
        "to_move": to_move,
        "scores": lambda s, _: dict(zip(names(s), game.scores(s), strict=True)),
        "winners": lambda s, _: [names(s)[p] for p in game.winners(s)],
        "terminal": lambda s, _: game.is_terminal(s),
    }


@pytest.mark.parametrize("example", DOC["examples"], ids=lambda e: str(e["name"]))
def test_example_file_agrees_with_the_engine(example: dict[str, Any]) -> None:
    assert DOC["game"] == "star-battle"
    options = {**DOC.get("parameters", {}), **example.get("parameters", {})}
    game = StarBattle.from_options(options)
    assert isinstance(game, StarBattle)
    state = game.parse_state(example["position"])
    rng = random.Random(example.get("seed", 0))
    for text in example.get("moves", []):
        move = game.parse_move(state, text)
        state = game.apply(state, move, rng)
    engine_claims = game.claims()
    generic = _generic_claims(game)
    assert example["claims"]
    for key, expected in example["claims"].items():
        name, _, rest = key.partition("(")
        argument = rest[:-1] if rest else None
        if name in generic:
            found = generic[name](state, argument)
            if name == "legal_moves":
                expected = sorted(expected)
        else:
            claim = engine_claims[name]
            found = claim.compute(state, argument)
            if claim.unordered:
                assert isinstance(found, list) and isinstance(expected, list)
                found, expected = sorted(map(str, found)), sorted(map(str, expected))
        assert found == expected, f"{example['name']}: {key}"


def test_example_names_are_unique() -> None:
    names = [e["name"] for e in DOC["examples"]]
    assert len(names) == len(set(names))


# --------------------------------------------------------------------------- playouts


def _check(game: StarBattle, state: State, deck: Counter[Card]) -> None:
    """Invariants every reachable position keeps."""
    assert all_cards(state) == deck
    limit = game.params.ships_per_player
    for p in range(game.num_players(state)):
        dreads, scouts = game.supply(state, p)
        if limit is not None:
            assert dreads is not None and scouts is not None
            assert 0 <= dreads <= limit and 0 <= scouts <= limit
    for s in state.galaxy:
        assert s.dreadnoughts >= 0 and s.scouts >= 0
        assert (s.owner == NO_PLAYER) == (s.ships == 0)
    if state.phase not in ("core",):
        assert CORE in state.index
    if state.phase in ("bonus", "action"):
        ships = state.ships_in_play
        assert ships[state.mover] > 0
        assert all(len(h) <= n for h, n in zip(state.hands, ships, strict=True))
    if game.is_terminal(state):
        assert game.legal_moves(state) == [] and state.victory is not None
    else:
        assert game.legal_moves(state)


def _check_move(game: StarBattle, state: State, move: Move) -> None:
    if move.kind not in ("move", "battle"):
        return
    assert move.cell is not None and move.target is not None and move.card is not None
    assert move.target in game.connections(state, move.cell)
    target = state.index[move.target]
    if move.kind == "move":
        assert target.owner in (NO_PLAYER, state.mover)
        assert move.card.discard_value > target.card.table_value
    else:
        assert target.owner not in (NO_PLAYER, state.mover)


@pytest.mark.parametrize(("options", "games"), [
    ({"players": 2}, 150),
    ({"players": 3}, 60),
    ({"players": 4}, 40),
    ({"players": 5, "decks": 2, "hand_size": 6}, 15),
    ({"players": 2, "revision1": True, "ships_per_player": 3, "core_placer": "right_of_dealer"},
     60),
])
def test_random_playouts_keep_the_invariants(options: dict[str, object], games: int) -> None:
    game = game_with(**options)
    deck = full_deck(game.params.decks)
    endings: Counter[str] = Counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state(rng)
        history = [state]
        for _ in range(20000):
            _check(game, state, deck)
            if game.is_terminal(state):
                break
            move = rng.choice(game.legal_moves(state))
            _check_move(game, state, move)
            state = game.apply(state, move, rng)
            history.append(state)
        assert game.is_terminal(state)
        endings[str(state.victory)] += 1
        figures = game.figures(history)
        assert figures["battles"] == state.battles
        assert sum(figures[k] for k in ("elimination wins", "domination wins", "unfinished")) == 1
    assert endings["unfinished"] <= games // 10


def test_long_games_keep_the_invariants_and_stop_at_the_turn_limit() -> None:
    """Random play that never scraps a ship: supplies run out, the stock is recycled, and
    some games stall until the safeguard ends them."""
    game = game_with(players=2, max_turns=100)
    deck = full_deck(1)
    endings: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        state = game.initial_state(rng)
        while not game.is_terminal(state):
            moves = game.legal_moves(state)
            keep = [m for m in moves if m.kind != "reconstruct"] or list(moves)
            move = rng.choice(keep)
            _check_move(game, state, move)
            state = game.apply(state, move, rng)
            _check(game, state, deck)
        endings[str(state.victory)] += 1
        assert state.victory != "unfinished" or state.turn == 100
    assert endings["unfinished"] > 0 and endings["elimination"] > 0
