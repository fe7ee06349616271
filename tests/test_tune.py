"""``printkit tune``: goals and ranges as written, the successive-halving plan, and a real
search of Stars and Bars on a small budget through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.console import Console
from printkit.simulator.tune import (
    SMALL_GRID,
    Candidate,
    Goal,
    TuneError,
    Tuner,
    grid,
    parse_goal,
    parse_vary,
    planned_games,
    rounds_for,
)


def test_goals_read_shares_in_percent_and_lengths_in_turns() -> None:
    assert parse_goal("ties<10%") == Goal("ties", "<", 0.1, "ties<10%")
    assert parse_goal(" length >= 30 ").target == 30.0
    assert parse_goal("advantage<=0.05").target == 0.05
    for bad, said in (("ties<<1", "write METRIC<VALUE"), ("luck<5%", "no metric 'luck'"),
                      ("ties<150%", "between 0% and 100%"), ("length<30%", "in turns")):
        with pytest.raises(TuneError, match=said):
            parse_goal(bad)


def test_a_goal_misses_by_its_distance_and_is_met_at_its_bound() -> None:
    under = parse_goal("ties<10%")
    assert under.miss(0.05) == 0 and under.miss(0.25) == pytest.approx(0.15)
    assert under.miss(0.1) > 0  # strictly under
    assert parse_goal("ties<=10%").miss(0.1) == 0
    longer = parse_goal("length>=40")
    assert longer.miss(30) == pytest.approx(0.25)  # 10 turns short of 40, relative
    assert longer.margin(50) == pytest.approx(0.25)


def test_ranges_steps_and_lists() -> None:
    assert parse_vary("win_margin=1..4", 100).values == ("1", "2", "3", "4")
    assert parse_vary("x=0..10/5", 100).values == ("0", "5", "10")
    assert parse_vary("mode=a, b,a", 100).values == ("a", "b")
    for bad, said in (("x", "NAME=LOW"), ("x=5..1", "upwards"), ("x=1..500", "use a step"),
                      ("x=a,,b", "empty value")):
        with pytest.raises(TuneError, match=said):
            parse_vary(bad, 100)
    assert grid([parse_vary("a=1..2", 9), parse_vary("b=x,y", 9)]) == [
        {"a": "1", "b": "x"}, {"a": "1", "b": "y"}, {"a": "2", "b": "x"},
        {"a": "2", "b": "y"}]
    with pytest.raises(TuneError, match="twice"):
        grid([parse_vary("a=1..2", 9), parse_vary("a=3..4", 9)])


@pytest.mark.parametrize("settings", [1, SMALL_GRID, SMALL_GRID + 1, 15, 64, 300])
def test_the_plan_halves_to_two_finalists_that_play_every_game(settings: int) -> None:
    plan = rounds_for(settings, 200)
    assert plan[-1] == 200 and plan == sorted(plan)
    if settings <= SMALL_GRID:
        assert plan == [200] and planned_games(settings, 200) == settings * 200
    else:
        assert plan[0] >= 20 and len(plan) >= 2


def test_the_tuner_plays_its_plan_and_keeps_the_better_half() -> None:
    """A fake play whose tie share falls with the setting's number: the tuner must play
    exactly the planned games and end with the lowest settings as finalists."""
    calls: list[tuple[str, int, int]] = []

    class FakeTuner(Tuner):
        pass

    def judge(candidate: Candidate, goals: object) -> None:
        value = int(candidate.setting["n"])
        candidate.miss = value / 100
        candidate.margin = -value

    settings = [{"n": str(i)} for i in range(15)]
    tuner = FakeTuner(settings, [parse_goal("ties<1%")], 160)
    original = Candidate.judge
    Candidate.judge = judge  # type: ignore[method-assign,assignment]
    try:
        class Played:
            def __init__(self, games: int) -> None:
                self.tally = type("T", (), {"games": games})()

        def play(setting: dict[str, str], start: int, stop: int, so_far: object) -> object:
            calls.append((setting["n"], start, stop))
            return Played(stop)

        ranked = tuner.run(play)  # type: ignore[arg-type]
    finally:
        Candidate.judge = original  # type: ignore[method-assign]
    assert sum(stop - start for _, start, stop in calls) == planned_games(15, 160)
    finalists = [c.setting["n"] for c in ranked if c.games == 160]
    assert finalists == ["0", "1"]
    assert [c.setting["n"] for c in ranked][:2] == ["0", "1"]


def test_tune_finds_a_stars_and_bars_setting_with_few_ties(tmp_path: Path) -> None:
    out = tmp_path / "tune.json"
    status = main(["tune", "stars-and-bars", "--vary", "win_margin=1..3", "--goal",
                   "ties<10%", "--games", "30", "--jobs", "1", "--json", "-o", str(out)],
                  Console(quiet=True))
    assert status == 0
    result = json.loads(out.read_text())
    best = result["best"]
    assert best["setting"] == {"win_margin": 1} and best["meets_every_goal"]
    assert best["figures"]["ties"]["value"] < 0.1
    assert best["set"] == "--set win_margin=1"
    assert result["games_played"] == 90 and len(result["tried"]) == 3
    # the same seeds give the same search
    again = tmp_path / "again.json"
    main(["tune", "stars-and-bars", "--vary", "win_margin=1..3", "--goal", "ties<10%",
          "--games", "30", "--jobs", "1", "--json", "-o", str(again)], Console(quiet=True))
    assert again.read_text() == out.read_text()


def test_tune_refuses_what_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", "stars-and-bars", "--vary", "win_margin=1..3", "--goal",
                 "fairness<3"], Console()) == 2
    assert "no metric 'fairness'" in capsys.readouterr().err
    assert main(["tune", "stars-and-bars", "--vary", "no_such=1..2", "--goal", "ties<10%"],
                Console()) == 1
    assert "--vary no_such=1" in capsys.readouterr().err
