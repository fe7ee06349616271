"""``printkit build``: write every component of the named games."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import cache
from printkit.commands.jobs import job_count, pool, workers
from printkit.commands.numbers import values_may_start_with_minus
from printkit.console import Console
from printkit.errors import PrintkitError, Problem
from printkit.kit.choices import DUPLEX, LAYOUTS

if TYPE_CHECKING:
    from printkit.kit import Progress
    from printkit.kit.options import BuildOptions
    from printkit.settings import Settings

REQUEST_OPTIONS = ("variant", "overrides", "paper", "bleed", "duplex", "back_offset",
                   "board_paper", "layout")
"""The options that make a kit, as given: a kit kept in the cache for the same ones (and
the same files read) is written again without being built
(:mod:`printkit.kit.wholekit`)."""


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


def installed_games() -> tuple[str, ...]:
    """Every installed game that ships a definition (:func:`printkit.kit.games.installed_games`,
    loaded only when no game is named)."""
    from printkit.kit.games import installed_games as shipping

    return shipping()


def request(args: argparse.Namespace) -> tuple[object, ...]:
    """The options of ``args`` that make a kit, as the command line gave them."""
    found: list[object] = []
    for name in REQUEST_OPTIONS:
        value = getattr(args, name, None)
        found.append((name, tuple(value) if isinstance(value, list) else value))
    return tuple(found)


def _build(name: str, output: str, args: argparse.Namespace, options: BuildOptions,
           overrides: Settings) -> Built:
    """Build one game in a worker process."""
    try:
        with cache.session(enabled=args.cache):
            made = _one(name, Path(output), args, options, overrides, _quiet)
    except PrintkitError as exc:
        return Built(error=type(exc), problems=exc.problems)
    return Built(made.title, str(made.folder), tuple(str(path) for path in made.files))


def _quiet(label: str, done: int, total: int) -> None:
    """Progress nobody is shown (a worker process's)."""


@dataclass(frozen=True)
class Made:
    """A kit written: its title, folder and files."""

    title: str
    folder: Path
    files: tuple[Path, ...]


def _one(name: str, output: Path, args: argparse.Namespace,
         options: BuildOptions | None, overrides: Settings | None,
         progress: Progress) -> Made:
    """Write one game's kit: the one kept in the cache for the same options and files, or
    a new build (``options`` and ``overrides`` parsed from ``args`` when ``None``)."""
    from printkit.kit import wholekit  # the kit kept whole: no drawing code loaded

    asked = request(args)
    kept = wholekit.reuse(name, asked, output, progress)
    if kept is not None:
        return Made(kept.title, kept.folder, kept.files)
    from printkit.commands.printing import build_options, settings
    from printkit.kit.build import build_game  # the writers: loaded by the commands that write

    result = build_game(name, output_root=output,
                        options=options if options is not None else build_options(args),
                        variant=args.variant,
                        overrides=overrides if overrides is not None else settings(args),
                        progress=progress, use_cache=args.cache, request=asked)
    return Made(result.game.definition.title, result.folder, result.files)


def run(args: argparse.Namespace, console: Console) -> int:
    """Build each game; stops at the first game with a problem (built one after the
    other), or reports the first in the order given (built at once).  When no game is
    named, every installed game is built but those whose plugin is broken: each is
    reported, it stops no other, and the status is 1.  The options are checked before
    anything is built, unless each game's kit is found whole in the cache (it was built
    with the very same options)."""
    games, broken = args.games, []
    if not games:
        from printkit import plugins

        games, broken = list(installed_games()), plugins.load_problems()
    jobs = workers(args.jobs, len(games))
    if jobs > 1:
        from printkit.commands.printing import build_options, settings

        return _run_at_once(games, jobs, args, build_options(args), settings(args), console,
                            broken)
    with cache.session(enabled=args.cache):
        return _one_by_one(games, args, console, broken)


def _one_by_one(games: Sequence[str], args: argparse.Namespace, console: Console,
                broken: list[Problem]) -> int:
    """Build the games one after the other in this process (see :func:`run`)."""
    from printkit.plugins import PluginError

    options: BuildOptions | None = None
    overrides: Settings | None = None
    if len(games) > 1:  # every option checked before the first game is built
        from printkit.commands.printing import build_options, settings

        options, overrides = build_options(args), settings(args)
    for name in games:

        def progress(label: str, done: int, total: int, game: str = name) -> None:
            console.progress(f"{game}: {label}", done, total)

        try:
            made = _one(name, Path(args.output), args, options, overrides, progress)
        except PluginError as exc:
            if args.games:
                raise
            broken += exc.problems
            continue
        _report(console, made.title, str(made.folder), [str(path) for path in made.files])
    return _broken(console, broken)


def _run_at_once(games: Sequence[str], jobs: int, args: argparse.Namespace,
                 options: BuildOptions, overrides: Settings, console: Console,
                 broken: list[Problem]) -> int:
    """Build the games in ``jobs`` worker processes; each game's kit is written whole or
    not at all, as in one process, so the outputs are the same."""
    from printkit.plugins import PluginError

    with pool(jobs) as running:
        futures = [running.submit(_build, name, args.output, args, options, overrides)
                   for name in games]
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
