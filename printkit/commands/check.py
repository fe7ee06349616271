"""``printkit check``: validate definitions and verify example files against the engines.

Nothing is written.  Every file named is checked and every problem in every file is
printed before the command exits; the status says the worst thing found.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import memo, plugins
from printkit.blame import blame
from printkit.commands.jobs import job_count, pool, workers
from printkit.console import Console
from printkit.errors import DefinitionError, ExampleError, PrintkitError, Problem
from printkit.yamlsource import load

if TYPE_CHECKING:
    from printkit.settings import Settings


def register(sub: Any) -> None:
    """Add the ``check`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "check", help="validate definitions and verify examples, writing nothing",
        description="Check game definitions (shipped names or .yaml files) and example "
                    "files (.yaml files with an 'examples' list). Default: every installed game.")
    parser.add_argument("targets", nargs="*", metavar="GAME|FILE")
    parser.add_argument("--variant", metavar="NAME", help="check only this variant of the "
                        "games (default: the game as it is and every variant)")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter or a definition "
                        "value while checking (as build --set does); repeatable")
    parser.add_argument("--jobs", type=job_count, default=0, metavar="N",
                        help="targets checked at once, each in its own process (default: "
                             "one per core)")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (colours that look alike in greyscale or to "
                             "colour-blind readers; numbers typed into a booklet's prose; "
                             "facts stated in an example's caption, intro or title instead "
                             "of a claim) as errors")
    parser.set_defaults(handler=run)



@dataclass(frozen=True)
class Checked:
    """What checking one target said, or the problems it found, as plain data (so that a
    worker process can send it back with every location)."""

    lines: tuple[str, ...] = ()
    error: type[PrintkitError] | None = None
    problems: tuple[Problem, ...] = ()
    plugin_bug: str = ""
    """What went wrong when a game plugin's own code failed (a bug in that plugin)."""
    warnings: tuple[Problem, ...] = ()
    """What the colour check and the booklet lints found (colours that look alike,
    numerals typed into the prose, facts stated outside claims): warnings, or errors with
    ``--strict``."""


PLUGIN_BUG = 70
"""The status when a game plugin's own code failed: a bug, as printkit's own are."""


def _check(target: str, variant: str | None, overrides: Settings,
           debug: bool = False) -> Checked:
    from printkit.kit.bookletlint import booklet_warnings  # the checks: loaded when checking
    from printkit.kit.colourcheck import colour_warnings

    try:
        lines = tuple(check_target(target, variant=variant, overrides=overrides))
        if _is_example_file(target):
            return Checked(lines)
        warnings = colour_warnings(target, variant=variant, overrides=overrides)
        return Checked(lines, warnings=warnings + booklet_warnings(
            target, variant=variant, overrides=overrides))
    except PrintkitError as exc:
        return Checked(error=type(exc), problems=exc.problems)
    except MemoryError:  # the memory budget's own stop, not a bad file
        raise
    except Exception as exc:
        culprit = None if debug else blame(exc)  # --debug: the traceback, from the top
        if culprit is None:
            raise
        return Checked(plugin_bug=(
            f"printkit: internal error ({type(exc).__name__}: {exc}) in the {culprit} while "
            f"checking {target}: this is a bug in that plugin, not in printkit or your "
            f"input. Please send it to the plugin's authors (printkit check {target} --debug "
            "shows where it happened)."))


def _is_example_file(target: str) -> bool:
    """Whether ``target`` is a file of examples (a mapping with ``examples`` and no
    ``faces``); read with the same bounded loader as everything else."""
    path = Path(target)
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        return False
    try:
        data = load(path).data
    except PrintkitError:
        return False  # checked as a definition, which reports the problem in place
    return isinstance(data, dict) and "examples" in data and "faces" not in data


ACCEPTED = ("an installed game's name (printkit list shows them), a definition file or a "
            "file of examples (.yaml)")
"""What ``check`` takes, in words."""


def check_target(target: str, *, variant: str | None = None,
                 overrides: Settings = ()) -> list[str]:
    """Check one game or file; returns its summary lines or raises the problems found."""
    from printkit.examples.check import check_file  # the checks: loaded when checking
    from printkit.kit.prepare import check_game

    path = Path(target)
    # a game's name beside a folder of that name (its own, from printkit new --plugin)
    game_folder = path.is_dir() and target in plugins.game_names()
    if path.is_dir() and not game_folder:
        raise DefinitionError(f"{target!r} is a folder: check takes {ACCEPTED}")
    if path.exists() and not path.is_file() and not game_folder:
        raise DefinitionError(f"{target!r} is not a regular file: check takes {ACCEPTED}")
    if _is_example_file(target):
        report = check_file(target)
        report.raise_for_problems()
        return [f"{target}: {len(report.examples)} examples, {report.claims_checked} claims "
                "verified"]
    try:
        return check_game(target, variant=variant, overrides=overrides)
    except DefinitionError as exc:
        if not path.is_file() or path.suffix in (".yaml", ".yml"):
            raise
        raise DefinitionError([*exc.problems, Problem(  # a file of some other kind
            f"{target} is not a game definition: check takes {ACCEPTED}")]) from None


def run(args: argparse.Namespace, console: Console) -> int:
    """Check every target, print every problem, and exit with the worst status.

    Without targets every installed game is checked; a game whose plugin cannot be loaded
    is reported among the problems (and the status is 1), and stops no other.  A game
    plugin whose own code fails (a bug in it) is named, the other targets are checked all
    the same, and the status is 70.  Colours that look alike (the colour check) and what
    the booklet lints find (:mod:`printkit.booklet.lint`) are printed as warnings and
    change nothing; with ``--strict`` they are errors (status 1).
    """
    debug = bool(getattr(args, "debug", False))
    strict = bool(getattr(args, "strict", False))
    from printkit.commands.printing import settings
    from printkit.kit.games import installed_games

    overrides = settings(args)
    targets = args.targets or list(installed_games())
    unloaded = [] if args.targets else plugins.load_problems()
    jobs = workers(args.jobs, len(targets))
    if jobs > 1:
        with pool(jobs) as running:
            results = list(running.map(_check, targets, [args.variant] * len(targets),
                                    [overrides] * len(targets), [debug] * len(targets)))
    else:
        with memo.session():  # the games share what they have in common (the partials)
            results = [_check(target, args.variant, overrides, debug)
                       for target in targets]
    for problem in unloaded:
        console.error(problem.render())
    definition_errors, false_claims = len(unloaded), 0
    plugin_bugs = 0
    for result in results:
        for line in result.lines:
            console.print(line)
        for warning in result.warnings:
            console.error(warning.render() if strict else warning.render_warning())
        if strict and result.warnings:
            definition_errors += 1
        if result.plugin_bug:
            console.error(result.plugin_bug)
            plugin_bugs += 1
        if result.error is not None:
            console.error(result.error(result.problems).render())
            if issubclass(result.error, ExampleError):
                false_claims += 1
            else:
                definition_errors += 1
    if plugin_bugs:
        return PLUGIN_BUG
    if definition_errors:
        return 1
    if false_claims:
        return 4
    return 0
