"""The ``printkit`` command line: a thin shell over the library.

Exit statuses are stable so scripts can rely on them: 0 success, 1 the input is wrong
(definition, example or option problems), 2 the command line itself is wrong (argparse),
3 a build could not be written, 4 a check found false claims.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import sys
from collections.abc import Callable, Sequence

from printkit import __version__
from printkit.console import Console
from printkit.errors import BuildError, ExampleError, PrintkitError

_COMMANDS = ("build", "check", "list", "schema", "simulate")


class Exit(enum.IntEnum):
    """Exit statuses of the ``printkit`` command."""

    OK = 0
    INPUT = 1
    USAGE = 2
    BUILD = 3
    FALSE_CLAIM = 4


Handler = Callable[[argparse.Namespace, Console], int]


def make_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="printkit",
        description="Print-ready cards, boards and checked rule booklets from YAML games.",
    )
    parser.add_argument("--version", action="version", version=f"printkit {__version__}")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in _COMMANDS:
        module = importlib.import_module(f"printkit.commands.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    """Run the command line; returns the exit status instead of exiting."""
    console = console or Console()
    parser = make_parser()
    args = parser.parse_args(argv)
    console.quiet = bool(args.quiet)
    handler: Handler = args.handler
    try:
        return handler(args, console)
    except ExampleError as exc:
        console.error(exc.render())
        return Exit.FALSE_CLAIM
    except BuildError as exc:
        console.error(exc.render())
        return Exit.BUILD
    except PrintkitError as exc:
        console.error(exc.render())
        return Exit.INPUT
    except KeyboardInterrupt:
        console.error("interrupted; earlier outputs were left as they were")
        return 130


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
