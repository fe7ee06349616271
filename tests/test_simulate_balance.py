"""Stalemates, balance warnings, --compare against each run's own fair share, typed JSON
parameters and the small defects of the simulate command (issue 27, items 3 and 5)."""

from __future__ import annotations

import argparse
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from printkit_toy_nim.rules import ToyNim, ToyParams, ToyState

from printkit.console import Console
from printkit.simulator import cluster
from printkit.simulator.agents import RandomAgent
from printkit.simulator.balance import balance_warnings
from printkit.simulator.compare import compare_json, format_comparison, rows
from printkit.simulator.report import analyse, format_report, report_json
from printkit.simulator.report_html import comparison_html, report_html
from printkit.simulator.runner import RunSpec, play_range, run
from printkit.simulator.shards import combine, document
from printkit.simulator.simulate import Summary, game_generators, play_game, simulate
from printkit.simulator.stats import two_advantages, two_proportions
from printkit.simulator.tally import Tally


class _Stalling(ToyNim):
    """Toy Nim whose progress key is the pebbles left in sixes: a game that takes one pebble
    a move for three moves stalls."""

    def progress_key(self, state: ToyState) -> object:
        return sum(state.piles) // 6

    def stall_bound(self) -> int:
        return 3


def test_a_game_without_progress_over_the_bound_stops_as_a_stalemate() -> None:
    game = _Stalling(ToyParams(piles=6))
    records = [play_game(game, RandomAgent(), *game_generators(1, i)) for i in range(40)]
    stalled = [r for r in records if r.cap == "stalled"]
    assert stalled and len(stalled) < 40
    for record in stalled:
        keys = [game.progress_key(s) for s in record.states]
        # the last new key came exactly the bound's moves before the stop
        last_new = max(i for i, key in enumerate(keys) if key not in keys[:i])
        assert record.turns - last_new == 3 and not game.is_terminal(record.states[-1])
    for record in records:
        if not record.capped:
            assert game.is_terminal(record.states[-1])
    # without the check the same games play on (the same seeds give the same moves)
    free = [play_game(game, RandomAgent(), *game_generators(1, i), stalls=False)
            for i in range(40)]
    assert not any(r.capped for r in free)
    for cut, whole in zip(records, free, strict=True):
        assert whole.states[:len(cut.states)] == cut.states


def test_stalemates_are_counted_apart_and_left_out_of_the_figures() -> None:
    game = _Stalling(ToyParams(piles=6))
    summary = simulate(game, games=60, seed=2, agent="random")
    t = summary.tally
    assert t.stalled > 0 and t.capped_moves == t.capped_deals == 0
    assert t.finished + t.stalled == 60 == sum(t.lengths.values()) + t.stalled
    text = format_report(summary)
    assert f"{t.stalled} games stopped as stalemates" in text
    assert "3 moves without progress" in text
    data = report_json(summary)
    assert data["stalemates"] == t.stalled and data["stall_bound"] == 3
    assert data["unfinished"] == {"moves": 0, "deals": 0}
    assert Tally.from_json(data["tally"]) == t
    assert "Stalemates: " in report_html(summary)
    played = simulate(game, games=60, seed=2, agent="random", stalls=False)
    assert played.tally.stalled == 0 and played.stall_bound is None


def test_stalemates_split_over_processes_and_shards_give_the_same_tally() -> None:
    spec = RunSpec(_Stalling, ToyParams(piles=6), RandomAgent, 5)
    whole = play_range(spec, 0, 50)
    assert whole.stalled > 0
    assert play_range(spec, 0, 17).merge(play_range(spec, 17, 50)) == whole
    halves = [spec.summary(play_range(spec, a, b), 50, a, b) for a, b in ((0, 25), (25, 50))]
    documents = [(f"s{i}", json.loads(json.dumps(document(h, report_json(h)))))
                 for i, h in enumerate(halves)]
    merged = combine(documents)
    assert merged.tally == whole and merged.stall_bound == 3
    assert json.dumps(report_json(merged)) == json.dumps(report_json(spec.summary(whole, 50)))
    assert run(spec, 0, 50, jobs=1) == whole


def _summary(tally: Tally, bound: int | None = None) -> Summary:
    return Summary("T", "t", (), "random", 1, tally.games, 3000, None, tally,
                   stall_bound=bound)


def _tally(seats: int, wins: list[int], *, shared: int = 0, lengths: list[int] | None = None,
           stalled: int = 0, capped: int = 0) -> Tally:
    """A tally with ``wins[i]`` lone wins for seat i, ``shared`` games every seat shared,
    the first seat always first to move, game lengths cycling through ``lengths``."""
    t = Tally()
    t.add_seats([chr(65 + i) for i in range(seats)])
    lengths = lengths or [50]
    games: list[tuple[int, ...]] = [(seat,) for seat, n in enumerate(wins) for _ in range(n)]
    games += [tuple(range(seats))] * shared
    for i, winners in enumerate(games):
        t.add_finished(lengths[i % len(lengths)], winners, 0, "x", {})
    for _ in range(stalled):
        t.add_stalled()
    for _ in range(capped):
        t.add_capped(False)
    return t


def _kinds(tally: Tally, bound: int | None = None) -> Counter[str]:
    return Counter(w.kind for w in balance_warnings(analyse(_summary(tally, bound))))


def test_balance_warnings_fire_at_their_thresholds() -> None:
    assert _kinds(_tally(2, [100, 100])) == Counter()
    assert _kinds(_tally(2, [80, 80], shared=40))["ties"] == 0  # exactly 20%: no warning
    assert _kinds(_tally(2, [80, 79], shared=41))["ties"] == 1
    assert _kinds(_tally(2, [100, 100], stalled=10))["stalemates"] == 0  # 10 of 210
    assert _kinds(_tally(2, [100, 100], stalled=11), 500)["stalemates"] == 1
    assert _kinds(_tally(2, [100, 100], capped=11))["unfinished"] == 1
    lopsided = _kinds(_tally(2, [130, 70]))
    assert lopsided["seat"] == 2 and lopsided["first player"] == 1
    assert _kinds(_tally(2, [110, 90]))["seat"] == 0  # within chance for 200 games
    # 11 of 200 games under a quarter of the median (50 turns), then over four times it
    assert _kinds(_tally(2, [100, 100], lengths=[50] * 189 + [10] * 11))["short games"] == 1
    assert _kinds(_tally(2, [100, 100], lengths=[50] * 190 + [10] * 10))["short games"] == 0
    assert _kinds(_tally(2, [100, 100], lengths=[50] * 189 + [201] * 11))["long games"] == 1


def test_warnings_say_their_figure_in_text_json_and_html() -> None:
    summary = _summary(_tally(2, [80, 70], shared=60, stalled=20), 400)
    warnings = balance_warnings(analyse(summary))
    ties = next(w for w in warnings if w.kind == "ties")
    assert ties.message.startswith("28.6% of the finished games")
    stalls = next(w for w in warnings if w.kind == "stalemates")
    assert "8.7% of the games (20 of 230) stalled: 400 moves" in stalls.message
    text = format_report(summary)
    assert "balance warnings\n" in text and ties.message in text
    assert report_json(summary)["warnings"] == [w.json() for w in warnings]
    html = report_html(summary)
    assert "Balance warnings" in html and "28.6% of the finished games" in html
    calm = format_report(_summary(_tally(2, [100, 100])))
    assert "balance warnings\n  none" in calm


def test_compare_measures_each_run_against_its_own_fair_share() -> None:
    two = _summary(_tally(2, [100, 100]))  # fair at 50%: no advantage
    three = _summary(_tally(3, [67, 67, 66]))  # fair at 33%: no advantage
    found = rows(analyse(two), analyse(three))
    by_name = {name: (kind, test) for name, kind, test in found}
    kind, test = by_name["A wins"]
    assert kind == "advantage" and test is not None
    assert abs(test.first) < 1e-9 and abs(test.second - (67 / 200 - 1 / 3)) < 1e-9
    assert not any(t is not None and t.significant for _, _, t in found)
    # the seat only three players have is shown, untested, right after the shared seats
    names = [name for name, _, _ in found]
    assert names[1:5] == ["A wins", "B wins", "C wins", "first player wins"]
    assert by_name["C wins"][1] is None
    text = format_comparison(two, three, ("players=2", "players=3"))
    assert "fair share: A 50.0%, B 33.3%" in text and "significant: none" in text
    c_row = next(line for line in text.splitlines() if line.strip().startswith("C wins"))
    assert c_row.split()[2:5] == ["-", "-0.3", "pts"]  # 66 of 200 against 33.3%
    differences = compare_json(two, three, ("2", "3"))["differences"]
    lone = next(d for d in differences if d["measure"] == "C wins")
    assert lone["a"] is None and lone["p"] is None and not lone["significant"]
    assert "C wins" in comparison_html(two, three, ("2", "3"))
    # a real shift of advantage is still found
    skewed = _summary(_tally(3, [120, 40, 40]))
    assert by_name_of(two, skewed)["A wins"].significant


def by_name_of(a: Summary, b: Summary) -> dict[str, Any]:
    return {name: test for name, _, test in rows(analyse(a), analyse(b)) if test is not None}


def test_two_advantages_matches_the_pooled_test_for_equal_fair_shares() -> None:
    same = two_advantages(60, 100, 0.5, 40, 100, 0.5)
    plain = two_proportions(60, 100, 40, 100)
    assert same.p_value == plain.p_value and same.first == pytest.approx(0.1)
    # 50% of two players against 33.3% of three is no difference at all
    fair = two_advantages(50, 100, 0.5, 100, 300, 1 / 3)
    assert fair.p_value == pytest.approx(1.0) and fair.difference == pytest.approx(0.0)


def run_simulate(argv: list[str]) -> tuple[int, str]:
    from printkit.commands import simulate as command

    parser = argparse.ArgumentParser(prog="printkit")
    command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", *argv])
    out = io.StringIO()
    status = args.handler(args, Console(out, io.StringIO()))
    return status, out.getvalue()


def test_json_parameters_carry_their_types(tmp_path: Path) -> None:
    status, out = run_simulate(["toy-nim", "--games", "5", "--json", "--jobs", "1",
                                "--set", "rolls=false", "--set", "piles=2"])
    params = json.loads(out)["parameters"]
    assert status == 0
    assert params == {"players": 2, "piles": 2, "max_take": 3, "rolls": False,
                      "last_bonus": 2}
    for i in (1, 2):
        run_simulate(["toy-nim", "--games", "6", "--shard", f"{i}/2", "--set", "rolls=false",
                      "-o", str(tmp_path / f"s{i}.json")])
    status, merged = run_simulate(["--merge", str(tmp_path / "s1.json"),
                                   str(tmp_path / "s2.json")])
    assert "rolls=false" in merged and "piles=3" in merged


def test_help_says_95_percent_once() -> None:
    from printkit.commands import simulate as command

    parser = argparse.ArgumentParser(prog="printkit")
    sub = parser.add_subparsers(dest="command")
    command.register(sub)
    text = sub.choices["simulate"].format_help()
    assert "95% interval" in " ".join(text.split()) and "%%" not in text


def test_a_local_dask_cluster_starts_no_dashboard(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    class Stop(Exception):
        pass

    class FakeDistributed:
        @staticmethod
        def LocalCluster(**kwargs: Any) -> Any:
            seen.update(kwargs)
            raise Stop

    monkeypatch.setattr(cluster, "_distributed", lambda: FakeDistributed)
    spec = RunSpec(ToyNim, ToyParams(), RandomAgent, 1)
    with pytest.raises(Stop):
        cluster.run_on_dask(spec, 0, 10, "local:1")
    assert seen["dashboard_address"] is None
    assert seen["scheduler_kwargs"] == {"dashboard": False, "dashboard_address": ":0"}


def test_play_stalemates_turns_the_check_off_for_the_run() -> None:
    from printkit.commands import simulate as command

    parser = argparse.ArgumentParser(prog="printkit")
    command.register(parser.add_subparsers(dest="command"))
    on = parser.parse_args(["simulate", "toy-nim"])
    off = parser.parse_args(["simulate", "toy-nim", "--play-stalemates"])
    assert command.build_spec("toy-nim", {}, None, on).stalls
    assert not command.build_spec("toy-nim", {}, None, off).stalls
