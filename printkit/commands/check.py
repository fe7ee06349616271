"""``printkit check``: validate definitions and verify example files against the engines.

Nothing is written.  Every file named is checked and every problem in every file is
printed before the command exits; the status says the worst thing found.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from printkit.console import Console
from printkit.errors import DefinitionError, ExampleError, PrintkitError
from printkit.examples.check import check_file
from printkit.kit.build import check_game
from printkit.kit.games import shipped_games
from printkit.yamlsource import load


def register(sub: Any) -> None:
    """Add the ``check`` sub-command."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "check", help="validate definitions and verify examples, writing nothing",
        description="Check game definitions (shipped names or .yaml files) and example "
                    "files (.yaml files with an 'examples' list). Default: every shipped game.")
    parser.add_argument("targets", nargs="*", metavar="GAME|FILE")
    parser.add_argument("--variant", metavar="NAME", help="check only this variant of the "
                        "games (default: the game as it is and every variant)")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="KEY=VALUE", help="override a parameter while checking")
    parser.set_defaults(handler=run)


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


def check_target(target: str, *, variant: str | None = None,
                 overrides: list[str] | None = None) -> list[str]:
    """Check one game or file; returns its summary lines or raises the problems found."""
    if _is_example_file(target):
        report = check_file(target)
        report.raise_for_problems()
        return [f"{target}: {len(report.examples)} examples, {report.claims_checked} claims "
                "verified"]
    return check_game(target, variant=variant, overrides=overrides or [])


def run(args: argparse.Namespace, console: Console) -> int:
    """Check every target, print every problem, and exit with the worst status."""
    targets = args.targets or list(shipped_games())
    definition_errors: list[DefinitionError | PrintkitError] = []
    false_claims: list[ExampleError] = []
    for target in targets:
        try:
            for line in check_target(target, variant=args.variant, overrides=args.overrides):
                console.print(line)
        except ExampleError as exc:
            console.error(exc.render())
            false_claims.append(exc)
        except PrintkitError as exc:
            console.error(exc.render())
            definition_errors.append(exc)
    if definition_errors:
        return 1
    if false_claims:
        return 4
    return 0
