"""``printkit simulate GAME``: play many games and write a balance report.

Runs on every core by default (``--jobs``), on one shard of the games (``--shard i/n``,
merged later with ``--merge``) or on a Dask cluster (``--dask``); every way gives the same
report for the same seed.  ``--compare A B`` plays two option sets on the same seeds and
tests their differences.  See docs/simulation.md.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import budget, limits
from printkit.console import Console
from printkit.errors import DefinitionError, Problem
from printkit.simulator.search import DEFAULT_BUDGET
from printkit.simulator.simulate import DEFAULT_MAX_DEALS, DEFAULT_MAX_MOVES

if TYPE_CHECKING:  # the simulator itself is loaded when a simulation runs
    from printkit.settings import Settings
    from printkit.simulator.runner import RunSpec
    from printkit.simulator.simulate import Summary

DEFAULT_GAMES = 200
"""Games played when ``--games`` is not given."""


def _positive(text: str) -> int:
    word = text.strip()
    digits = word[1:] if word[:1] in "+-" else word
    if not (digits.isascii() and digits.isdigit()):  # int() also takes "\u0663" and "1_0"
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}")
    most = limits.DEFAULTS.integer  # the run's own limits are read later: see _counts
    if len(digits) > len(str(most)) or int(word) > most:
        shown = word if len(word) <= 20 else word[:20] + "..."
        raise argparse.ArgumentTypeError(
            f"must be at most {most:,} (the integer limit), not {shown}")
    value = int(word)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _counts(args: argparse.Namespace) -> None:
    """The counts given, held to the run's ``integer`` limit (a lower one than the default
    that :func:`_positive` applied); the options' own defaults are not counts given."""
    most = limits.current().integer
    defaults = {"games": DEFAULT_GAMES, "max_moves": DEFAULT_MAX_MOVES,
                "max_deals": DEFAULT_MAX_DEALS}
    problems = [Problem(f"--{name.replace('_', '-')}: " + limits.over("integer", value))
                for name in ("games", "players", "max_moves", "max_deals", "jobs")
                if isinstance(value := getattr(args, name, None), int) and value > most
                and value != defaults.get(name)]
    if problems:
        raise DefinitionError(problems)


def _shard(text: str) -> tuple[int, int]:
    part, slash, count = text.partition("/")
    try:
        shard, shards = int(part), int(count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"write I/N, e.g. 3/8, not {text!r}") from None
    if not slash or shards < 1 or not 1 <= shard <= shards:
        raise argparse.ArgumentTypeError(f"write I/N with 1 <= I <= N, not {text!r}")
    return shard, shards


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` sub-command."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many games and report balance: win shares with intervals, lengths, figures",
        description=(
            "Play complete games of GAME with the same agent in every seat and report the "
            "finished share, each seat's win share with its 95% interval, the first "
            "player's advantage, how games ended, game lengths and the game's own figures. "
            "The same seed always gives the same report, whatever --jobs, --shard or --dask."
        ),
    )
    parser.add_argument("game", metavar="GAME", nargs="?",
                        help="a rules engine name, e.g. star-battle")
    parser.add_argument("--games", type=_positive, default=DEFAULT_GAMES,
                        help=f"games to play ({DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--players", type=_positive, help="short for --set players=P")
    parser.add_argument("--variant", help="a variant of the game's shipped definition")
    parser.add_argument(
        "--set", dest="settings", action="append", default=[], metavar="KEY=VALUE",
        help="a game parameter (repeatable), e.g. --set decks=2",
    )
    parser.add_argument("--agent", help="how every seat chooses its moves (default: the "
                        "game's beginner; also random, greedy and skilled)")
    parser.add_argument("--budget", type=_positive, metavar="N",
                        help=f"search iterations a move for the skilled agent "
                             f"({DEFAULT_BUDGET}; more plays better and slower)")
    parser.add_argument("--max-moves", type=_positive, default=DEFAULT_MAX_MOVES,
                        help=f"stop a game unfinished after this many moves "
                             f"({DEFAULT_MAX_MOVES:,})")
    parser.add_argument("--max-deals", type=_positive, default=DEFAULT_MAX_DEALS,
                        help=f"stop a game with deals unfinished after this many "
                             f"({DEFAULT_MAX_DEALS})")
    parser.add_argument("--play-stalemates", action="store_true",
                        help="play a game that stalls (no progress over its engine's bound) "
                             "on to the move cap instead of stopping it as a stalemate")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help="play two option sets on the same seeds and test the "
                             "differences; each is KEY=VALUE settings and/or a variant name, "
                             "space-separated (agent=NAME compares agents, budget=N search "
                             "budgets)")
    parser.add_argument("--jobs", type=_positive,
                        help="processes to use (default: one per core)")
    parser.add_argument("--shard", type=_shard, metavar="I/N",
                        help="play only the I-th of N slices of the games and write its "
                             "results as JSON (merge them with --merge)")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="report on the results of shards instead of playing")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="play on a Dask cluster: a scheduler address, or local[:N] "
                             "(needs pip install 'printkit[cluster]')")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--report", type=Path, metavar="FILE.html",
                        help="also write an HTML report with charts")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write the text or JSON to FILE instead of the screen")
    parser.set_defaults(handler=run_command)


# --------------------------------------------------------------------------- parameters


def parameter_values(settings: Settings, players: int | None) -> dict[str, object]:
    """``--set`` and ``--players`` as parameter values (the engine's parameters read each
    value's text); ``DefinitionError`` if they disagree."""
    values: dict[str, object] = {s.key: s.text for s in settings}
    problems = []
    if players is not None:
        if values.get("players", str(players)) != str(players):
            problems.append(Problem("--players and --set players= disagree"))
        values["players"] = str(players)
    if problems:
        raise DefinitionError(problems)
    return values


def variant_values(game: str, variant: str) -> dict[str, object]:
    """The parameters a variant of the game's shipped definition sets."""
    from printkit.kit.games import resolve

    resolved = resolve(game, variant=variant)
    return dict(resolved.definition.parameters)


@dataclass(frozen=True)
class Side:
    """One set of options to simulate: parameter values, a variant, an agent."""

    label: str
    values: dict[str, object]
    agent: str | None
    budget: int | None = None


def side(text: str, base: dict[str, object], agent: str | None, game: str,
         budget: int | None = None) -> Side:
    """The options ``--compare`` names in ``text`` on top of the common ones (``agent=``
    and ``budget=`` choose the players, anything else is a setting or a variant)."""
    from printkit.settings import parse_settings

    values = dict(base)
    settings = []
    for token in text.split():
        key, equals, value = token.partition("=")
        if not equals:
            values.update(variant_values(game, token))
        elif key == "agent":
            agent = value
        elif key == "budget":
            if not value.isdigit() or int(value) < 1:
                raise DefinitionError([Problem(f"--compare {text!r}: budget={value} is not "
                                               "a whole number of at least 1")])
            budget = int(value)
        else:
            settings.append(token)
    values.update(parameter_values(parse_settings(settings), None))
    return Side(text, values, agent, budget)


def build_spec(game: str, values: dict[str, object], agent_name: str | None,
               args: argparse.Namespace, budget: int | None = None) -> RunSpec:
    """The run the options describe; ``DefinitionError`` for bad parameters or agents."""
    from printkit.examples import find_engine
    from printkit.rules.base import Game, ParamsError, make_params
    from printkit.simulator.agents import Agent, make_agent
    from printkit.simulator.runner import RunSpec

    cls = find_engine(game)
    try:
        params = make_params(cls.Params, values)
    except ParamsError as exc:
        raise DefinitionError(
            [Problem(f"--set {key}={values[key]}: {message}" if key in values else message)
             for key, message in exc.problems]
        ) from None
    engine: Game[Any, Any, Any] = cls(params)
    try:
        agent: Agent = make_agent(agent_name, engine)
    except KeyError as exc:
        raise DefinitionError([Problem(f"--agent: {exc.args[0]}")]) from None
    return RunSpec(cls, params, type(agent), args.seed, args.max_moves, args.max_deals,
                   stalls=not args.play_stalemates, budget=budget or args.budget)


# --------------------------------------------------------------------------- running


def play(spec: RunSpec, args: argparse.Namespace, console: Console, label: str) -> Summary:
    """Play the games the options ask for (all, or a shard) where they ask."""
    from printkit.simulator.runner import default_jobs, run, shard_range

    start, stop = 0, args.games
    if args.shard is not None:
        start, stop = shard_range(args.games, *args.shard)
    jobs = args.jobs or default_jobs()
    last = [0.0]
    pace = budget.Pace("games", "ask for fewer --games, or a lower --max-moves")

    def progress(done: int, total: int) -> None:
        pace.check(done, total)
        now = time.monotonic()
        if done == total or now - last[0] >= 0.2:
            last[0] = now
            console.progress(label, done, total)

    if args.dask is not None:
        from printkit.simulator.cluster import run_on_dask

        tally = run_on_dask(spec, start, stop, args.dask, workers=args.jobs,
                            progress=progress)
    else:
        tally = run(spec, start, stop, jobs=jobs, progress=progress)
    return spec.summary(tally, args.games, start, stop if args.shard else None)


def _write(console: Console, args: argparse.Namespace, text: str) -> None:
    if args.output is None:
        console.print(text.rstrip("\n"))
    else:
        args.output.write_text(text, encoding="utf-8")


def _dump(data: object) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


def run_command(args: argparse.Namespace, console: Console) -> int:
    """Handle ``printkit simulate``."""
    from printkit.settings import parse_settings
    from printkit.simulator.report import format_report, report_json
    from printkit.simulator.report_html import report_html
    from printkit.simulator.shards import document

    if args.report is not None and args.report.suffix.lower() not in (".html", ".htm"):
        raise DefinitionError([Problem(f"--report {args.report}: write an .html file")])
    if args.merge:
        return _merge(args, console)
    if args.game is None:
        raise DefinitionError([Problem("name a GAME to simulate (or --merge result files)")])
    if args.shard is not None and args.compare:
        raise DefinitionError([Problem("--shard plays one run: it cannot --compare")])
    _counts(args)
    values = parameter_values(parse_settings(args.settings), args.players)
    if args.variant is not None:
        values = {**variant_values(args.game, args.variant), **values}
    if args.compare:
        return _compare(args, console, values)
    spec = build_spec(args.game, values, args.agent, args)
    summary = play(spec, args, console, f"simulating {args.game}")
    if args.shard is not None or args.json:
        _write(console, args, _dump(document(summary, report_json(summary))))
    else:
        _write(console, args, format_report(summary))
    if args.report is not None:
        args.report.write_text(report_html(summary), encoding="utf-8")
    return 0


def _compare(args: argparse.Namespace, console: Console, values: dict[str, object]) -> int:
    from printkit.simulator.compare import compare_json, format_comparison
    from printkit.simulator.report_html import comparison_html

    sides = [side(text, values, args.agent, args.game) for text in args.compare]
    specs = [build_spec(args.game, s.values, s.agent, args, s.budget) for s in sides]
    summaries = [play(spec, args, console, f"simulating {s.label}")
                 for spec, s in zip(specs, sides, strict=True)]
    labels = (sides[0].label, sides[1].label)
    a, b = summaries
    if args.json:
        _write(console, args, _dump(compare_json(a, b, labels)))
    else:
        _write(console, args, format_comparison(a, b, labels))
    if args.report is not None:
        args.report.write_text(comparison_html(a, b, labels), encoding="utf-8")
    return 0


def _merge(args: argparse.Namespace, console: Console) -> int:
    from printkit.simulator.report import format_report, report_json
    from printkit.simulator.report_html import report_html
    from printkit.simulator.shards import ShardError, combine, document

    documents = []
    problems = []
    for path in args.merge:
        try:
            documents.append((str(path), json.loads(Path(path).read_text(encoding="utf-8"))))
        except (OSError, ValueError) as exc:
            problems.append(Problem(f"{path}: cannot read a JSON result ({exc})"))
    if problems:
        raise DefinitionError(problems)
    try:
        summary = combine(documents)
    except ShardError as exc:
        raise DefinitionError([Problem(str(exc))]) from None
    if args.json:
        _write(console, args, _dump(document(summary, report_json(summary))))
    else:
        _write(console, args, format_report(summary))
    if args.report is not None:
        args.report.write_text(report_html(summary), encoding="utf-8")
    return 0
