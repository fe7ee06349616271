"""The simulator, its agents and ``printkit simulate``, on the toy game."""

from __future__ import annotations

import argparse
import io
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from printkit_toy_nim.rules import ToyMove, ToyNim, ToyParams, ToyState

from printkit.console import Console
from printkit.errors import DefinitionError
from printkit.plugins import GamePlugin, PluginError, UnknownGameError, registered
from printkit.simulator.agents import GreedyAgent, RandomAgent, default_agent, make_agent
from printkit.simulator.report import analyse
from printkit.simulator.simulate import (
    format_summary,
    game_generators,
    play_game,
    simulate,
    tally_games,
)


def test_same_seed_same_text_and_other_seed_other_games() -> None:
    game = ToyNim(ToyParams(players=3))
    first = simulate(game, games=60, seed=5, agent="random")
    again = simulate(game, games=60, seed=5, agent="random")
    assert format_summary(first) == format_summary(again)
    assert first == again
    other = simulate(game, games=60, seed=6, agent="random")
    assert other.tally != first.tally


def test_game_i_does_not_depend_on_how_many_games_are_played() -> None:
    game, agent = ToyNim(), RandomAgent()
    whole = tally_games(game, agent, 3, range(40))
    parts = tally_games(game, agent, 3, range(25)).merge(tally_games(game, agent, 3,
                                                                       range(25, 40)))
    assert parts == whole
    assert tally_games(game, agent, 3, range(10)) != tally_games(game, agent, 3, range(10, 20))


def test_summary_counts_add_up() -> None:
    game = ToyNim(ToyParams(players=4, piles=4))
    summary = simulate(game, games=120, seed=2, agent="random")
    assert summary.games == summary.finished == 120 and summary.capped == 0
    assert summary.seats == ("P1", "P2", "P3", "P4")
    assert sum(summary.wins) == pytest.approx(120)
    assert sum(summary.win_share(i) for i in range(4)) == pytest.approx(1)
    assert sum(summary.tally.first_games.values()) == 120
    assert 0 < summary.shared < 120 and summary.no_winner == 0
    rates = dict(summary.figure_rates())
    assert set(rates) == {"points scored", "last taker wins"}
    assert 0 <= rates["last taker wins"] <= 1


def test_lengths_figures_and_first_players_match_a_replay_of_each_game() -> None:
    game = ToyNim()
    summary = simulate(game, games=25, seed=9, agent="random")
    agent = RandomAgent()
    points = 0.0
    lengths: Counter[int] = Counter()
    firsts: Counter[int] = Counter()
    for index in range(25):
        record = play_game(game, agent, *game_generators(9, index))
        lengths[record.turns] += 1
        assert record.turns == game.turn_number(record.states[-1])
        firsts[game.current_player(record.states[0])] += 1
        points += sum(record.states[-1].scores)
    assert summary.tally.lengths == lengths and summary.tally.first_games == firsts
    assert summary.tally.figures["points scored"][0] == points


def test_the_move_cap_stops_games_and_is_reported() -> None:
    game = ToyNim(ToyParams(piles=6))
    summary = simulate(game, games=30, seed=1, max_moves=4, agent="random")
    assert summary.capped > 0 and summary.finished + summary.capped == 30
    assert all(length <= 4 for length in summary.tally.lengths)
    text = format_summary(summary)
    assert f"{summary.capped} games stopped unfinished after 4 moves" in text
    assert "not rules" in text
    nothing = simulate(game, games=3, seed=1, max_moves=1)
    assert nothing.finished == 0 and "no game finished" in format_summary(nothing)


class _Dealt(ToyNim):
    """Toy Nim whose every move is a new deal (to exercise the deal cap)."""

    def deal_number(self, state: ToyState) -> int:
        return state.turn + 1


def test_the_deal_cap_uses_the_engines_deal_number() -> None:
    game = _Dealt(ToyParams(piles=6))
    summary = simulate(game, games=30, seed=1, max_deals=3, agent="random")
    assert summary.tally.capped_deals > 0 and summary.tally.capped_moves == 0
    assert all(length <= 3 for length in summary.tally.lengths)
    assert "stopped unfinished after 3 deals" in format_summary(summary)
    free = simulate(game, games=30, seed=1, max_deals=None, agent="random")
    assert free.capped == 0
    record = play_game(ToyNim(ToyParams(piles=6)), RandomAgent(), *game_generators(1, 0),
                       max_deals=1)
    assert not record.capped  # an engine without deals is never stopped by the deal cap


def test_greedy_takes_the_best_move_and_leaves_chance_alone() -> None:
    game = ToyNim(ToyParams(rolls=False, max_take=3))
    state = ToyState((2, 5), (0, 0), 0)
    moves = game.legal_moves(state)
    chance = random.Random(4)
    before = chance.getstate()
    choice = GreedyAgent().choose(game, state, moves, chance, random.Random(0))
    assert chance.getstate() == before
    assert choice == ToyMove(1, 3)  # three pebbles is the most that can be taken
    # ties go to the first move in the engine's order: here every move scores the same
    flat = ToyState((1, 1), (0, 0), 0)
    tied = GreedyAgent().choose(game, flat, game.legal_moves(flat), chance, random.Random(0))
    assert tied == ToyMove(0, 1)


def test_greedy_runs_are_reproducible_and_differ_from_random() -> None:
    game = ToyNim(ToyParams(players=2, piles=4))
    greedy = simulate(game, games=50, seed=4, agent="greedy")
    assert format_summary(greedy) == format_summary(
        simulate(game, games=50, seed=4, agent=GreedyAgent())
    )
    randomly = simulate(game, games=50, seed=4, agent="random")
    assert analyse(greedy).length.mean < analyse(randomly).length.mean


def test_bad_arguments() -> None:
    with pytest.raises(KeyError, match="did you mean 'greedy'"):
        make_agent("gredy")
    with pytest.raises(KeyError, match="the agents are: beginner, random, greedy"):
        make_agent("best", "white-star")
    with pytest.raises(ValueError, match="no agent named 'best'"):
        simulate(ToyNim(), games=1, seed=1, agent="best")
    with pytest.raises(ValueError, match="at least one game"):
        simulate(ToyNim(), games=0, seed=1)


class _Stuck(ToyNim):
    def legal_moves(self, state: ToyState) -> Sequence[ToyMove]:
        return []


def test_an_engine_without_moves_in_a_running_game_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="no legal move"):
        simulate(_Stuck(), games=1, seed=1)


def test_progress_is_reported_after_every_game() -> None:
    seen: list[tuple[int, int]] = []
    simulate(ToyNim(), games=4, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_format_summary_layout() -> None:
    summary = simulate(ToyNim(ToyParams(players=2)), games=40, seed=11, agent="random")
    lines = format_summary(summary).splitlines()
    assert lines[0] == "Toy Nim: 40 games, random agent, seed 11"
    assert lines[1] == "parameters: players=2, piles=3, max_take=3, rolls=true, last_bonus=2"
    assert lines[3] == "finished: 40 of 40 (100.0%, 95% CI 91.2-100.0%)"
    seat_header = lines.index("  seat   wins   share       95% CI")
    assert lines[seat_header + 1].startswith("  P1 ") and lines[seat_header + 2].startswith("  P2 ")
    assert any(line.startswith("  first-player advantage: ") for line in lines)
    assert "  mean    95% CI    sd   min   10%   25%   median   75%   90%   max" in lines
    assert "per game (mean over the finished games, 95% CI)" in lines
    assert all(line == line.rstrip() for line in lines)


def test_agents_by_game() -> None:
    assert default_agent("toy-nim") == "greedy" and default_agent(ToyNim()) == "greedy"
    assert default_agent("white-star") == "beginner"
    assert make_agent(None, "star-battle").name == "beginner"
    assert type(make_agent(None, "star-battle")).__module__ == "printkit.games.star_battle.agents"
    assert simulate(ToyNim(), games=2, seed=1).agent == "greedy"
    assert isinstance(make_agent("random", "white-star"), RandomAgent)


def test_a_plugin_whose_agents_are_not_agents_is_named() -> None:
    bad = GamePlugin(name="bad-agents", title="Bad", package="printkit_toy_nim",
                     engine=".rules:ToyNim", agents=".rules:ToyParams")
    clash = GamePlugin(name="clash", title="Clash", package="tests",
                       engine="printkit_toy_nim.rules:ToyNim", agents=".test_simulate:CLASHING")
    with registered(bad, clash):
        with pytest.raises(PluginError, match=r"'bad-agents': its agents '\.rules:ToyParams' "
                                                r"is the class printkit_toy_nim\.rules\.ToyParams, "
                                                "not a tuple of Agent subclasses"):
            make_agent(None, "bad-agents")
        with pytest.raises(PluginError, match="takes the name of a generic agent"):
            make_agent(None, "clash")


CLASHING = (RandomAgent,)
"""A game's own agents that take a generic agent's name (refused)."""


# --------------------------------------------------------------------------- the command




def run_simulate(argv: list[str]) -> tuple[int, str, str]:
    from printkit.commands import simulate as command

    parser = argparse.ArgumentParser(prog="printkit")
    command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = args.handler(args, Console(out, err))
    return status, out.getvalue(), err.getvalue()


def test_command_prints_the_summary_and_progress() -> None:
    status, out, err = run_simulate(
        ["toy-nim", "--games", "30", "--seed", "3", "--players", "3", "--set", "piles=2"]
    )
    assert status == 0
    expected = simulate(ToyNim(ToyParams(players=3, piles=2)), games=30, seed=3)
    assert out == format_summary(expected)
    assert err.strip().endswith("30/30") and "simulating toy-nim" in err
    status, greedy_out, _ = run_simulate(["toy-nim", "--games", "5", "--agent", "greedy"])
    assert status == 0 and "greedy agent, seed 1" in greedy_out


def test_command_rejects_bad_games_and_parameters() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'toy-nm' \(did you mean 'toy-nim'"):
        run_simulate(["toy-nm"])
    with pytest.raises(DefinitionError) as raised:
        run_simulate(["toy-nim", "--set", "pile=3", "--set", "rolls=maybe", "--set", "oops"])
    messages = [p.message for p in raised.value.problems]
    assert messages == ["--set expects key=value, not 'oops'"]
    with pytest.raises(DefinitionError) as raised:
        run_simulate(["toy-nim", "--set", "pile=3", "--set", "rolls=maybe"])
    messages = [p.message for p in raised.value.problems]
    assert messages[0].startswith("--set pile=3: unknown parameter 'pile' (did you mean 'piles'")
    assert messages[1].startswith("--set rolls=maybe: rolls must be true or false")
    with pytest.raises(DefinitionError, match="players: must be 1 to 4"):
        run_simulate(["toy-nim", "--players", "6"])
    with pytest.raises(DefinitionError, match="disagree"):
        run_simulate(["toy-nim", "--players", "2", "--set", "players=3"])
    with pytest.raises(SystemExit):
        run_simulate(["toy-nim", "--games", "0"])


def test_command_through_the_cli_exit_statuses() -> None:
    try:
        from printkit.cli import main

        main(["--help"])
    except ModuleNotFoundError as exc:
        pytest.skip(f"the other commands are not written yet: {exc}")
    except SystemExit:
        pass
    out, err = io.StringIO(), io.StringIO()
    assert main(["-q", "simulate", "toy-nim", "--games", "3"], Console(out, err)) == 0
    assert out.getvalue().startswith("Toy Nim: 3 games") and err.getvalue() == ""
    assert main(["simulate", "toy-nm"], Console(out, err)) == 1
    assert "did you mean 'toy-nim'" in err.getvalue()

