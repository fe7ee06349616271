"""``printkit build``: write every component of the named games."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit import plugins
from printkit.commands.jobs import job_count, pool, workers
from printkit.commands.numbers import values_may_start_with_minus
from printkit.commands.printing import build_options, settings
from printkit.console import Console
from printkit.errors import PrintkitError, Problem
from printkit.kit.games import installed_games
from printkit.kit.options import DUPLEX, LAYOUTS, BuildOptions
from printkit.plugins import PluginError
from printkit.settings import Settings


def register(sub: Any) -> None:
    """Add the ``build`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "build", help="build cards, boards and booklets into the output folder",
        description="Build every component of the named games (default: every installed "
                    "game, the shipped ones and those of plugin packages; printkit "
                    "list names them).")
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help="an installed game's name or a definition file (.yaml)")
    parser.add_argument("-o", "--output", default="output", metavar="DIR",
                        help="output folder (default: output)")
    parser.add_argument("--variant", metavar="NAME", help="a named variant of the game")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter (decks=2) or a "
                        "definition value (card.size='70mm x 70mm'; in a list by id or number "
                        "from 1: faces.heroes.count=3); repeatable")
    group = parser.add_argument_group("printing")
    group.add_argument("--paper", help="a4, letter, a3, a2, a5, legal, tabloid, or 'W x H'")
    group.add_argument("--bleed", help="artwork past the cut line, e.g. 3mm; 0 for none")
    group.add_argument("--duplex", choices=DUPLEX,
                       help="backs for long-edge or short-edge duplex printing, or none")
    group.add_argument("--back-offset", default="0,0", metavar="X,Y",
                       help="move backs X mm right and Y mm up to correct a printer's shift")
    group.add_argument("--board-paper", metavar="PAPER",
                       help="paper of the one-sheet board (a3, a2, a1, a0, 'W x H'); "
                            "default: the smallest A size that holds it")
    group.add_argument("--sheets", "--layout", dest="layout",
                       action="append", choices=(*LAYOUTS, "all"),
                       help="card PDFs to write (repeatable; default all; old name: --layout)")
    parser.add_argument("--jobs", type=job_count, default=0, metavar="N",
                        help="games built at once, each in its own process (default: one "
                             "per core); the files are the same either way")
    parser.add_argument("--no-cache", dest="cache", action="store_false",
                        help="draw every face, back and page afresh, neither reading nor "
                             "writing the rendering cache (~/.cache/printkit)")
    values_may_start_with_minus(parser)
    parser.set_defaults(handler=run)


@dataclass(frozen=True)
class Built:
    """What one game's build wrote, or the problems that stopped it (sent back from a
    worker process as plain data, so every problem keeps its location)."""

    title: str = ""
    folder: str = ""
    files: tuple[str, ...] = ()
    error: type[PrintkitError] | None = None
    problems: tuple[Problem, ...] = ()


def _build(name: str, output: str, options: BuildOptions, variant: str | None,
           overrides: Settings, use_cache: bool = True) -> Built:
    """Build one game in a worker process."""
    from printkit.kit.build import build_game  # the writers: loaded by the commands that write

    try:
        result = build_game(name, output_root=Path(output), options=options,
                            variant=variant, overrides=overrides, use_cache=use_cache)
    except PrintkitError as exc:
        return Built(error=type(exc), problems=exc.problems)
    return Built(result.game.definition.title, str(result.folder),
                 tuple(str(path) for path in result.files))


def run(args: argparse.Namespace, console: Console) -> int:
    """Build each game; stops at the first game with a problem (built one after the
    other), or reports the first in the order given (built at once).  When no game is
    named, every installed game is built but those whose plugin is broken: each is
    reported, it stops no other, and the status is 1."""
    games = args.games or list(installed_games())
    broken: list[Problem] = [] if args.games else plugins.load_problems()
    options, overrides = build_options(args), settings(args)
    jobs = workers(args.jobs, len(games))
    if jobs > 1:
        return _run_at_once(games, jobs, args, options, overrides, console, broken)
    from printkit.kit.build import build_game  # the writers: loaded by the commands that write

    for name in games:

        def progress(label: str, done: int, total: int, game: str = name) -> None:
            console.progress(f"{game}: {label}", done, total)

        try:
            result = build_game(name, output_root=Path(args.output), options=options,
                                variant=args.variant, overrides=overrides,
                                progress=progress, use_cache=args.cache)
        except PluginError as exc:
            if args.games:
                raise
            broken += exc.problems
            continue
        _report(console, result.game.definition.title, str(result.folder),
                [str(path) for path in result.files])
    return _broken(console, broken)


def _run_at_once(games: Sequence[str], jobs: int, args: argparse.Namespace,
                 options: BuildOptions, overrides: Settings, console: Console,
                 broken: list[Problem]) -> int:
    """Build the games in ``jobs`` worker processes; each game's kit is written whole or
    not at all, as in one process, so the outputs are the same."""
    with pool(jobs) as running:
        futures = [running.submit(_build, name, args.output, options, args.variant,
                                  overrides, args.cache) for name in games]
        console.progress("building", 0, len(games))
        results: list[Built] = []
        for done, future in enumerate(futures, start=1):
            results.append(future.result())
            console.progress("building", done, len(games))
    for built in results:
        if built.error is None:
            _report(console, built.title, built.folder, built.files)
        elif not args.games and issubclass(built.error, PluginError):
            broken += built.problems
        else:
            raise built.error(built.problems)
    return _broken(console, broken)


def _broken(console: Console, problems: Sequence[Problem]) -> int:
    """Report the games whose plugin is broken (left out of a build of every game)."""
    for problem in problems:
        console.error(problem.render())
    return 1 if problems else 0


def _report(console: Console, title: str, folder: str, files: Sequence[str]) -> None:
    for path in files:
        console.detail(f"  wrote {path}")
    console.print(f"{title}: {len(files)} files in {folder}/")
