"""Star Battle rules: parameters, setup, the free Scout, actions, victory and refusals."""

from __future__ import annotations

import dataclasses
import random

import pytest

from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import (
    CORE,
    Battle,
    Build,
    Card,
    ChooseHome,
    MoveShip,
    Reconstruct,
    ShipKind,
    StarBattleMove,
    StarBattleParams,
)
from printkit.rules.base import NO_PLAYER, IllegalMoveError, ParamsError, make_params
from printkit.rules.registry import engine_class
from tests.games.star_battle.common import (
    GAME,
    MIDGAME,
    MIDGAME_STATE,
    all_cards,
    full_deck,
    game_with,
    legal_texts,
    play,
    position,
    system,
)

# --------------------------------------------------------------------------- parameters


def test_registry_and_defaults() -> None:
    assert engine_class("star-battle") is StarBattle
    assert (StarBattle.name, StarBattle.title) == ("star-battle", "Star Battle")
    params = StarBattleParams()
    assert dataclasses.asdict(params) == {
        "players": 2, "decks": 1, "hand_size": 8, "core_placer": "dealer",
        "revision1": False, "ships_per_player": 15, "allow_self_elimination": True,
    }
    assert params.token_limit == 15


def test_parameters_from_command_line_text() -> None:
    params = make_params(StarBattleParams, {
        "players": "3", "revision1": "yes", "ships_per_player": "unlimited",
        "core_placer": "right_of_dealer", "allow_self_elimination": "no",
    })
    assert params == StarBattleParams(players=3, revision1=True, ships_per_player="unlimited",
                                      core_placer="right_of_dealer", allow_self_elimination=False)
    assert params.token_limit is None
    assert make_params(StarBattleParams, {"ships_per_player": "4"}).token_limit == 4


@pytest.mark.parametrize(("options", "key"), [
    ({"players": 1}, "players"),
    ({"decks": 0}, "decks"),
    ({"hand_size": 1}, "hand_size"),
    ({"players": 6}, "hand_size"),  # 6 x (8 + 2) = 60 cards > 52
    ({"ships_per_player": 0}, "ships_per_player"),
    ({"ships_per_player": "none"}, "ships_per_player"),
    ({"max_turns": 100}, "max_turns"),  # the turn cap is the simulator's, not a rule
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
    choices = {m.cell for m in game.legal_moves(state) if isinstance(m, ChooseHome)}
    assert CORE not in choices and len(choices) == 15 == len(game.legal_moves(state))
    state = game.apply(state, game.legal_moves(state)[0], rng)
    home_b = state.homes[1]
    assert home_b is not None and state.index[home_b][2:] == (1, 1, 1)
    assert len(state.hands[1]) == 2 and len(state.stock) == 34
    assert game.current_player(state) == 0
    assert ChooseHome(home_b) not in game.legal_moves(state)
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
    targets = {m.target for m in GAME.legal_moves(at_n1)
               if isinstance(m, MoveShip) and m.source == (0, 1)}
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
    assert not any(isinstance(m, MoveShip) and m.target == (2, 0)
                   for m in GAME.legal_moves(state))
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
    move = GAME.parse_move(MIDGAME_STATE, f"battle 2H E1>E2 flips={flips}")
    assert GAME.without_outcome(MIDGAME_STATE, move) == move  # kept, so refused
    assert message in (GAME.illegal_reason(MIDGAME_STATE, move) or "")


@pytest.mark.parametrize(("flips", "message"), [
    ("HX", "H and T only"),
    ("", "H and T only"),
])
def test_malformed_flips_are_refused_and_explained(flips: str, message: str) -> None:
    move = Battle(Card(2, "H"), (1, 0), (2, 0), flips=flips)
    assert GAME.illegal_reason(MIDGAME_STATE, move) == f"flips are written with {message}"
    with pytest.raises(IllegalMoveError, match=message):
        GAME.apply(MIDGAME_STATE, move, random.Random(0))


def test_stated_flips_of_an_illegal_battle_explain_the_battle() -> None:
    move = Battle(Card(2, "H"), (0, 0), (2, 0), flips="HH")
    assert "does not connect" in (GAME.illegal_reason(MIDGAME_STATE, move) or "")
    good = Battle(Card(2, "H"), (1, 0), (2, 0), flips="HTTHHH")
    assert GAME.illegal_reason(MIDGAME_STATE, good) is None
    assert GAME.without_outcome(MIDGAME_STATE, good) == Battle(Card(2, "H"), (1, 0), (2, 0))


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
    assert after.connections((1, 0)) == [(1, 1), (1, -1)]
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
    # B, out of the game, drops its card without a decision; C plays next
    assert after.hands[1] == () and Card(4, "C") in after.discards
    assert not game.is_terminal(after) and game.current_player(after) == 2
    after = play(after, "reconstruct 6D E2S2 scout", game=game)
    assert game.current_player(after) == 0  # B is skipped


# --------------------------------------------------------------------------- refusals


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


@pytest.mark.parametrize("move", ["build 9C W1", ("move", Card(9, "C"), (1, 0)), None])
def test_things_that_are_not_moves_are_refused_cleanly(move: object) -> None:
    with pytest.raises(IllegalMoveError, match="is not a Star Battle move"):
        GAME.apply(MIDGAME_STATE, move, random.Random(0))  # type: ignore[arg-type]


def test_only_a_battle_carries_flips() -> None:
    with pytest.raises(TypeError):
        MoveShip(Card(9, "C"), (1, 0), (1, 1), "scout", flips="HH")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unexpected 'flips'"):
        GAME.parse_move(MIDGAME_STATE, "move 9C E1>E1N1 scout flips=HH")


def test_apply_accepts_exactly_the_generated_moves_and_leaves_its_input_alone() -> None:
    state = position(MIDGAME)
    before = GAME.format_state(state)
    cells = [s.cell for s in state.galaxy]
    cards = sorted(set(state.hands[0]))[::2]  # AH, 5S and JS
    legal = {m for m in GAME.legal_moves(state)
             if isinstance(m, Build | MoveShip | Battle | Reconstruct) and m.card in cards}
    kinds: tuple[ShipKind, ...] = ("dreadnought", "scout")
    candidates: list[StarBattleMove] = []
    for card in cards:
        for a in cells:
            candidates.append(Build(card, a))
            for kind in kinds:
                candidates.append(Reconstruct(card, a, kind))
            for b in cells:
                candidates.append(Battle(card, a, b))
                for kind in kinds:
                    candidates.append(MoveShip(card, a, b, kind))
    assert legal <= set(candidates)
    accepted = 0
    for move in candidates:
        fresh = dataclasses.replace(state)  # an equal copy defeats the last-position cache
        if move in legal:
            GAME.apply(fresh, move, random.Random(0))
            GAME.apply(state, move, random.Random(0))
            assert GAME.illegal_reason(fresh, move) is None
            accepted += 1
        else:
            with pytest.raises(IllegalMoveError):
                GAME.apply(fresh, move, random.Random(0))
            assert GAME.illegal_reason(fresh, move)
    assert accepted == len(legal) and GAME.format_state(state) == before
