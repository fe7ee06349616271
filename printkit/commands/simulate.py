"""``printkit simulate GAME``: play many random or greedy games and summarise them."""

from __future__ import annotations

import argparse

from printkit.console import Console
from printkit.errors import DefinitionError, Problem
from printkit.examples import find_engine
from printkit.rules.agents import AGENTS
from printkit.rules.base import ParamsError, make_params
from printkit.rules.simulate import format_summary, simulate


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` sub-command."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many games with simple agents and report lengths, wins and figures",
        description=(
            "Play complete games of GAME with the same agent in every seat and print game "
            "lengths, each seat's share of the wins and the game's own figures per game. "
            "The same seed always prints the same report."
        ),
    )
    parser.add_argument("game", metavar="GAME", help="a rules engine name, e.g. star-battle")
    parser.add_argument("--games", type=_positive, default=200, help="games to play (200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--players", type=_positive, help="short for --set players=P")
    parser.add_argument(
        "--set", dest="settings", action="append", default=[], metavar="KEY=VALUE",
        help="a game parameter (repeatable), e.g. --set decks=2",
    )
    parser.add_argument("--agent", choices=sorted(AGENTS), default="random",
                        help="how every seat chooses its moves (random)")
    parser.set_defaults(handler=run)


def parameter_values(settings: list[str], players: int | None) -> dict[str, object]:
    """``--set`` and ``--players`` as parameter values; ``DefinitionError`` if malformed."""
    values: dict[str, object] = {}
    problems = []
    for setting in settings:
        key, equals, value = setting.partition("=")
        key = key.strip()
        if not equals or not key:
            problems.append(Problem(f"--set {setting!r}: write KEY=VALUE"))
        elif key in values and values[key] != value.strip():
            problems.append(Problem(f"--set {key}: given twice with different values"))
        else:
            values[key] = value.strip()
    if players is not None:
        if values.get("players", str(players)) != str(players):
            problems.append(Problem("--players and --set players= disagree"))
        values["players"] = str(players)
    if problems:
        raise DefinitionError(problems)
    return values


def run(args: argparse.Namespace, console: Console) -> int:
    """Handle ``printkit simulate``."""
    cls = find_engine(args.game)
    values = parameter_values(args.settings, args.players)
    try:
        params = make_params(cls.Params, values)
    except ParamsError as exc:
        raise DefinitionError(
            [Problem(f"--set {key}={values[key]}: {message}" if key in values else message)
             for key, message in exc.problems]
        ) from None
    game = cls(params)
    total: int = args.games
    step = max(1, total // 50)
    label = f"simulating {args.game}"

    def progress(done: int, of: int) -> None:
        if done % step == 0 or done == of:
            console.progress(label, done, of)

    summary = simulate(game, games=total, seed=args.seed, agent=args.agent, progress=progress)
    console.print(format_summary(summary).rstrip("\n"))
    return 0
