"""The balance report: its statistics, its text, JSON and HTML, comparisons, and the
command's options; checked against numbers worked out by hand and against the tally."""

from __future__ import annotations

import argparse
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from printkit_toy_nim.rules import ToyNim, ToyParams

from printkit.console import Console
from printkit.errors import DefinitionError
from printkit.games.white_star.rules import WhiteStar
from printkit.simulator.compare import compare_json, format_comparison
from printkit.simulator.report import analyse, format_report, quantile, report_json
from printkit.simulator.report_html import comparison_html, report_html
from printkit.simulator.simulate import simulate
from printkit.simulator.stats import holm, two_means, two_proportions, wilson


def test_statistics_against_hand_worked_values() -> None:
    low, high = wilson(0, 20)
    assert low == 0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(20, 20)[1] == 1 and wilson(20, 20)[0] == pytest.approx(0.8389, abs=1e-4)
    test = two_proportions(60, 100, 40, 100)
    assert test.statistic == pytest.approx(-2.8284, abs=1e-4)
    assert test.p_value == pytest.approx(0.00468, abs=1e-5)
    same = two_means(10.0, 2.0, 50, 10.0, 2.0, 50)
    assert same.p_value == 1.0 and not same.significant
    adjusted = holm([two_proportions(60, 100, 40, 100), two_proportions(50, 100, 52, 100)])
    assert adjusted[0].adjusted == pytest.approx(2 * 0.00468, abs=1e-4)
    assert adjusted[0].significant and not adjusted[1].significant
    assert quantile([(3, 1), (4, 2), (9, 1)], 0.5) == 4 and quantile([(3, 1)], 1.0) == 3


def test_the_report_agrees_with_its_tally() -> None:
    summary = simulate(ToyNim(ToyParams(players=3)), games=150, seed=2, agent="random")
    report = analyse(summary)
    tally = summary.tally
    assert sum(sh.count for _, sh in report.seats) == pytest.approx(150)
    assert report.first.n == 150 and report.fair == pytest.approx(1 / 3)
    assert sum(k for _, _, k in report.endings) == 150
    data = json.loads(json.dumps(report_json(summary)))
    assert data["seats"]["P1"]["low"] <= data["seats"]["P1"]["share"] <= data["seats"]["P1"][
        "high"]
    assert data["length"]["histogram"] == [[k, v] for k, v in sorted(tally.lengths.items())]
    assert data["first_player"]["advantage"]["value"] == pytest.approx(
        report.first.value - 1 / 3)
    last = data["figures"]["last taker wins"]  # every game 0 or 1: a Wilson interval
    assert (last["low"], last["high"]) == pytest.approx(wilson(last["mean"] * 150, 150))


def test_white_star_beginners_make_some_contracts_and_fail_others() -> None:
    summary = simulate(WhiteStar(), games=60, seed=3)
    assert summary.agent == "beginner" and summary.finished == 60
    [(label, bottom, share)] = analyse(summary).shares
    assert (label, bottom) == ("contracts made", "hands")
    assert 0.4 < share.value < 0.85  # neither near 0% nor near 100%
    assert "contracts made" in format_report(summary)


def test_a_comparison_finds_a_real_difference_and_not_a_false_one() -> None:
    short = simulate(ToyNim(ToyParams(piles=2)), games=200, seed=1, agent="random")
    long = simulate(ToyNim(ToyParams(piles=5)), games=200, seed=1, agent="random")
    again = simulate(ToyNim(ToyParams(piles=2)), games=200, seed=2, agent="random")
    data = compare_json(short, long, ("piles=2", "piles=5"))
    length = next(d for d in data["differences"] if d["measure"] == "game length (turns)")
    assert length["significant"] and length["b"] > length["a"]
    text = format_comparison(short, again, ("seed 1", "seed 2"))
    assert "two-proportion z-test" in text and "Holm" in text
    assert text.rstrip().endswith("significant: none")


def svg_of(html: str, label: str) -> ET.Element:
    start = html.index(f'aria-label="{label}')
    start = html.rindex("<svg", 0, start)
    end = html.index("</svg>", start) + len("</svg>")
    return ET.fromstring(html[start:end])


def test_html_charts_show_every_seat_with_its_interval() -> None:
    summary = simulate(ToyNim(ToyParams(players=3)), games=120, seed=4, agent="random")
    html = report_html(summary)
    assert html == report_html(summary) and html.startswith("<!DOCTYPE html>")
    ns = "{http://www.w3.org/2000/svg}"
    seats = svg_of(html, "win share by seat")
    bars = seats.findall(f"{ns}rect")
    assert len(bars) == 3 and all(float(b.get("width", "0")) > 0 for b in bars)
    assert len(seats.findall(f"{ns}path")) == 3  # one error bar a seat
    histogram = svg_of(html, "histogram of game lengths")
    assert len(histogram.findall(f"{ns}rect")) == len(analyse(summary).lengths)
    other = simulate(ToyNim(ToyParams(players=2)), games=120, seed=4, agent="random")
    both = comparison_html(summary, other, ("three", "two"))
    assert len(svg_of(both, "win share by seat").findall(f"{ns}rect")) == 5
    assert "fair 33.3%" in both and "fair 50.0%" in both


def run_simulate(argv: list[str]) -> tuple[int, str]:
    from printkit.commands import simulate as command

    parser = argparse.ArgumentParser(prog="printkit")
    command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", *argv])
    out = io.StringIO()
    status = args.handler(args, Console(out, io.StringIO()))
    return status, out.getvalue()


def test_command_json_report_compare_shard_and_merge(tmp_path: Path) -> None:
    status, out = run_simulate(["toy-nim", "--games", "40", "--json", "--jobs", "1",
                                "--report", str(tmp_path / "r.html")])
    data = json.loads(out)
    assert status == 0 and data["games"] == 40 and data["agent"] == "greedy"
    assert "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    status, out = run_simulate(["toy-nim", "--games", "40", "--compare", "piles=2",
                                "piles=4 agent=random"])
    assert "A: piles=2" in out and "B: piles=4 agent=random" in out
    assert "random agent" in out and "greedy agent" in out
    for i in (1, 2):
        run_simulate(["toy-nim", "--games", "40", "--shard", f"{i}/2", "-o",
                      str(tmp_path / f"s{i}.json")])
    status, merged = run_simulate(["--merge", str(tmp_path / "s2.json"),
                                   str(tmp_path / "s1.json"), "--json"])
    assert json.loads(merged)["tally"] == data["tally"]
    with pytest.raises(DefinitionError, match="games 21 to 40 are in no result"):
        run_simulate(["--merge", str(tmp_path / "s1.json")])
    with pytest.raises(DefinitionError, match=r"write an \.html file"):
        run_simulate(["toy-nim", "--report", "r.pdf"])
    with pytest.raises(DefinitionError, match="no agent named 'best'"):
        run_simulate(["toy-nim", "--agent", "best"])
    with pytest.raises(SystemExit):
        run_simulate(["toy-nim", "--shard", "3/2"])
