"""``printkit tune GAME --vary NAME=LOW..HIGH --goal "ties<10%"``: search a game's
parameters for the settings that meet a designer's goals.

Every setting plays the same seeds with the same agent; a large grid is searched by
successive halving (see :mod:`printkit.simulator.tune`).  Games run on every core
(``--jobs``) or on a Dask cluster (``--dask``).  The report gives the best setting with 95%
intervals for each goal, the ``--set`` line that builds it, and every setting tried.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import budget
from printkit.commands.simulate import (
    DEFAULT_GAMES,
    _dump,
    _positive,
    _write,
    build_spec,
    parameter_values,
    variant_values,
)
from printkit.console import Console
from printkit.errors import DefinitionError, Problem
from printkit.simulator.analysis import percent, span
from printkit.simulator.simulate import DEFAULT_MAX_DEALS, DEFAULT_MAX_MOVES
from printkit.simulator.simulate import parameter_values as typed_values
from printkit.simulator.tune import (
    METRICS,
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

if TYPE_CHECKING:  # the runner is loaded when a search runs
    from printkit.simulator.runner import RunSpec
    from printkit.simulator.simulate import Summary

MOST_SETTINGS = 1000
"""The most settings one search may try; a wider search is asked to narrow its ranges or
give them a step."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tune`` sub-command."""
    parser = subparsers.add_parser(
        "tune",
        help="search a game's parameters for settings that meet goals (ties, advantage, "
             "length)",
        description=(
            "Play GAME at every combination of the --vary values (successive halving over "
            "seeds when there are many) and report the setting that best meets every "
            "--goal, with 95% intervals and the --set line that builds it. Metrics: "
            + "; ".join(f"{name}: {what}" for name, what in METRICS.items()) + "."
        ),
    )
    parser.add_argument("game", metavar="GAME", help="a rules engine name, e.g. stars-and-bars")
    parser.add_argument("--vary", action="append", default=[], required=True,
                        metavar="NAME=LOW..HIGH",
                        help="a parameter to vary (repeatable): LOW..HIGH, LOW..HIGH/STEP or "
                             "a,b,c")
    parser.add_argument("--goal", action="append", default=[], required=True,
                        metavar="GOAL",
                        help='a goal (repeatable), e.g. "ties<10%%", "advantage<=5%%", '
                             '"length>=30"')
    parser.add_argument("--games", type=_positive, default=DEFAULT_GAMES,
                        help=f"games the finalists play ({DEFAULT_GAMES}); others fewer")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--variant", help="start from a variant of the game's definition")
    parser.add_argument("--set", dest="settings", action="append", default=[],
                        metavar="KEY=VALUE", help="a fixed parameter (repeatable)")
    parser.add_argument("--agent", help="how every seat plays (default: the game's beginner)")
    parser.add_argument("--budget", type=_positive, metavar="N",
                        help="search iterations a move for the skilled agent")
    parser.add_argument("--jobs", type=_positive,
                        help="processes to use (default: one per core)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="play on a Dask cluster: a scheduler address, or local[:N]")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write the report to FILE instead of the screen")
    parser.set_defaults(handler=run_command, max_moves=DEFAULT_MAX_MOVES,
                        max_deals=DEFAULT_MAX_DEALS, play_stalemates=False)


def run_command(args: argparse.Namespace, console: Console) -> int:
    """Handle ``printkit tune``."""
    from printkit.settings import OptionError, parse_settings
    from printkit.simulator.runner import default_jobs, run

    try:
        goals = [parse_goal(text) for text in args.goal]
        varies = [parse_vary(text, MOST_SETTINGS) for text in args.vary]
        settings = grid(varies)
    except TuneError as exc:
        raise OptionError([Problem(str(exc))]) from None
    if len(settings) > MOST_SETTINGS:
        raise OptionError([Problem(
            f"--vary: {len(settings):,} settings, more than the {MOST_SETTINGS:,} a search "
            "tries; narrow the ranges or give them a step (LOW..HIGH/STEP)")])
    base = parameter_values(parse_settings(args.settings), None)
    if args.variant is not None:
        base = {**variant_values(args.game, args.variant), **base}
    specs, problems = {}, []
    for setting in settings:  # every setting checked before any game is played
        try:
            specs[_key(setting)] = build_spec(args.game, {**base, **setting}, args.agent, args,
                                              args.budget)
        except DefinitionError as exc:
            problems += [Problem(f"--vary {_line(setting)}: {p.message}") for p in exc.problems]
    if problems:
        raise DefinitionError(list(dict.fromkeys(problems)))
    total = planned_games(len(settings), args.games)
    jobs = args.jobs or default_jobs()
    pace = budget.Pace("games", "vary fewer values, or ask for fewer --games")
    played = [0]
    last = [0.0]

    def play(setting: dict[str, str], start: int, stop: int,
             so_far: Summary | None) -> Summary:
        spec = specs[_key(setting)]
        before = played[0]

        def progress(done: int, _: int) -> None:
            pace.check(before + done, total)
            now = time.monotonic()
            if now - last[0] >= 0.2:
                last[0] = now
                console.progress(f"tuning {args.game}", before + done, total)

        if args.dask is not None:
            from printkit.simulator.cluster import run_on_dask

            tally = run_on_dask(spec, start, stop, args.dask, workers=args.jobs,
                                progress=progress)
        else:
            tally = run(spec, start, stop, jobs=jobs, progress=progress)
        played[0] = before + stop - start
        if so_far is not None:
            tally = so_far.tally.merge(tally)
        return spec.summary(tally, stop)

    tuner = Tuner(settings, goals, args.games)
    ranked = tuner.run(play)
    console.progress(f"tuning {args.game}", total, total)
    plan = rounds_for(len(settings), args.games)
    if args.json:
        _write(console, args, _dump(_json(args, goals, ranked, specs, plan, total)))
    else:
        _write(console, args, _text(args, goals, ranked, plan, total))
    return 0


def _key(setting: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(setting.items())


def _line(setting: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in setting.items())


def _sets(setting: dict[str, str]) -> str:
    return " ".join(f"--set {k}={v}" for k, v in setting.items())


def _shown(goal: Goal, value: float) -> str:
    return f"{value:.1f}" if goal.metric == "length" else percent(value)


def _interval(goal: Goal, interval: tuple[float, float]) -> str:
    if goal.metric == "length":
        return f"{interval[0]:.1f}-{interval[1]:.1f}"
    return span(interval)


def _text(args: argparse.Namespace, goals: list[Goal], ranked: list[Candidate],
          plan: list[int], total: int) -> str:
    best = ranked[0]
    assert best.figures is not None
    how = (f"every setting played {plan[-1]} games" if len(plan) == 1 else
           "successive halving: " + ", ".join(str(g) for g in plan) + " games a setting")
    lines = [f"tuning {args.game}: {len(ranked)} settings, goals " +
             ", ".join(g.text for g in goals),
             f"{how} ({total:,} games in all), seed {args.seed}", ""]
    met = best.miss == 0
    lines.append(("best setting (meets every goal): " if met else
                  "no setting meets every goal; the nearest: ") + _line(best.setting))
    for goal in goals:
        value = best.figures.value(goal.metric)
        interval = best.figures.interval(goal.metric)
        verdict = "met" if goal.miss(value) == 0 else "missed"
        lines.append(f"  {goal.text:<18} {_shown(goal, value):>7}   95% CI "
                     f"{_interval(goal, interval):<14} {verdict} over {best.games} games")
    lines += ["", f"  printkit build {args.game} {_sets(best.setting)}",
              f"  printkit simulate {args.game} {_sets(best.setting)} --games 2000"
              "   # to confirm on more games", "", "settings tried, best first"]
    names = list(best.setting)
    header = "  " + "  ".join(f"{n:>12}" for n in names) + "   games  " + "  ".join(
        f"{g.metric:>10}" for g in goals) + "     miss"
    lines.append(header)
    for c in ranked:
        assert c.figures is not None
        cells = "  ".join(f"{c.setting[n]:>12}" for n in names)
        values = "  ".join(f"{_shown(g, c.figures.value(g.metric)):>10}" for g in goals)
        lines.append(f"  {cells}   {c.games:>5}  {values}  {c.miss:7.3f}")
    return "\n".join(lines) + "\n"


def _json(args: argparse.Namespace, goals: list[Goal], ranked: list[Candidate],
          specs: dict[tuple[tuple[str, str], ...], RunSpec], plan: list[int],
          total: int) -> dict[str, Any]:
    def typed(c: Candidate) -> dict[str, Any]:
        values = dict(typed_values(specs[_key(c.setting)].params))
        return {name: values.get(name, text) for name, text in c.setting.items()}

    def entry(c: Candidate) -> dict[str, Any]:
        assert c.figures is not None
        return {
            "setting": typed(c),
            "games": c.games,
            "miss": c.miss,
            "meets_every_goal": c.miss == 0,
            "figures": {g.metric: {"value": c.figures.value(g.metric),
                                   "low": c.figures.interval(g.metric)[0],
                                   "high": c.figures.interval(g.metric)[1]}
                        for g in goals},
            "set": _sets(c.setting),
        }

    return {"game": args.game, "seed": args.seed, "goals": [g.text for g in goals],
            "rounds": plan, "games_played": total, "best": entry(ranked[0]),
            "tried": [entry(c) for c in ranked]}


__all__ = ["MOST_SETTINGS", "register", "run_command"]
