"""The ``printkit`` command line: a thin shell over the library.

Exit statuses are stable so scripts can rely on them (:class:`Exit`): 0 success, 1 the input
is wrong (definition, template or example problems, each located), 2 the command line
itself is wrong (an option unknown, or its value malformed or past its limit), 3 an output
could not be written (or an input file could not be read by the system), 4 a check found
false claims, 70 printkit itself failed: a bug, reported in one line with the path of a
saved report (the traceback is shown only with ``--debug``).
A command that needs more memory or time than its budget (:mod:`printkit.budget`, the
limits ``memory`` and ``seconds``) stops with status 1 and a message naming the limit.

The options ``-q``, ``-v`` and ``--debug`` may stand anywhere on the command line.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import enum
import gc
import importlib
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from printkit import __version__, budget, limits
from printkit.blame import blame
from printkit.console import Console
from printkit.errors import BuildError, ExampleError, PrintkitError
from printkit.settings import OptionError

_COMMANDS = ("build", "check", "export", "list", "new", "preview", "schema", "simulate", "tune")
REPORT_URL = "https://github.com/printkit/printkit/issues"
"""Where internal errors are to be reported."""


class Exit(enum.IntEnum):
    """Exit statuses of the ``printkit`` command."""

    OK = 0
    INPUT = 1
    USAGE = 2
    BUILD = 3
    FALSE_CLAIM = 4
    INTERNAL = 70
    INTERRUPTED = 130


Handler = Callable[[argparse.Namespace, Console], int]


class UsageError(Exception):
    """The command line is wrong (argparse's complaint, raised instead of exiting)."""

    def __init__(self, usage: str, message: str) -> None:
        super().__init__(message)
        self.usage = usage
        self.message = message


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.format_usage(), message)


def _global_options(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    """``-q``, ``-v`` and ``--debug``; on sub-commands they only set what is given, so the
    same option works before or after the sub-command's name."""
    default: object = False if defaults else argparse.SUPPRESS
    parser.add_argument("-q", "--quiet", action="store_true", default=default,
                        help="no progress output")
    parser.add_argument("-v", "--verbose", action="store_true", default=default,
                        help="say more: every file written")
    parser.add_argument("--debug", action="store_true", default=default,
                        help="show the traceback of an internal error")
    parser.add_argument("--limit", dest="limits" if defaults else "more_limits",
                        action="append", default=[] if defaults else argparse.SUPPRESS,
                        metavar="NAME=N", help="raise a safety limit, e.g. cards=50000 "
                        f"(repeatable; limits: {', '.join(limits.NAMES)})")


def make_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = _Parser(
        prog="printkit",
        description="Print-ready cards, boards and checked rule booklets from YAML games.",
    )
    parser.add_argument("--version", action="version", version=f"printkit {__version__}")
    _global_options(parser, defaults=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                parser_class=_Parser)
    for name in _COMMANDS:
        module = importlib.import_module(f"printkit.commands.{name}")
        module.register(sub)
    for command in _commands(sub):
        _global_options(command, defaults=False)
    return parser


def _commands(sub: argparse._SubParsersAction[_Parser]) -> list[argparse.ArgumentParser]:
    """Every sub-command's parser, and theirs in turn (``export png``, ``export tts``)."""
    found: list[argparse.ArgumentParser] = []
    for command in sub.choices.values():
        found.append(command)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):  # of _Parser, as inherited
                found += _commands(action)
    return found


def main(argv: Sequence[str] | None = None, console: Console | None = None, *,
         enforce_budget: bool = False) -> int:
    """Run the command line; returns the exit status instead of exiting.

    ``enforce_budget`` holds this process to the command's memory and time budget
    (:func:`printkit.budget.enforced`); the ``printkit`` command does, a caller that runs
    commands in its own process (a test) need not.
    """
    console = console or Console()
    arguments = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in arguments
    chosen = limits.DEFAULTS
    budget.hold_reserve()
    try:
        parser = make_parser()
        try:
            args = parser.parse_args(arguments)
        except UsageError as exc:
            console.error(exc.usage.rstrip() + f"\nprintkit: error: {exc.message}")
            return Exit.USAGE
        except SystemExit as exc:  # --help and --version print and stop
            return int(exc.code or 0)
        console.quiet = bool(args.quiet)
        console.verbose = bool(args.verbose) and not console.quiet
        handler: Handler = args.handler
        try:
            chosen = limits.parse_limits([*args.limits, *getattr(args, "more_limits", [])])
        except PrintkitError as exc:
            console.error(exc.render())
            return Exit.USAGE
        with limits.using(chosen), _budget(chosen, args.command, enforce_budget):
            return _run(handler, args, console)
    except KeyboardInterrupt:
        console.error("interrupted; earlier outputs were left as they were")
        return Exit.INTERRUPTED
    except budget.OverTime:
        console.error(budget.time_message(chosen))
        return Exit.INPUT
    except budget.OverPace as exc:
        console.error(f"error: {exc}")
        return Exit.INPUT
    except Exception as exc:  # a bug in printkit: say so plainly, keep the details
        budget.release_reserve()  # room to report in, should memory have run out
        if budget.is_out_of_memory(exc):
            return _out_of_memory(chosen, console)
        return _internal_error(exc, arguments, debug, console)
    finally:
        budget.release_reserve()


def _budget(chosen: limits.Limits, command: str, enforce: bool
            ) -> contextlib.AbstractContextManager[None]:
    """The command's budget when it is to be enforced (``preview`` serves until it is
    stopped: its memory is bounded, not its time)."""
    if not enforce:
        return contextlib.nullcontext()
    return budget.enforced(chosen, timed=command != "preview")


def _out_of_memory(chosen: limits.Limits, console: Console) -> int:
    try:
        console.error(budget.memory_message(chosen))
    except Exception:  # even the message could not be made: the words made beforehand
        _write_raw(console, _OUT_OF_MEMORY)
    return Exit.INPUT


def _internal_error(exc: BaseException, arguments: Sequence[str], debug: bool,
                    console: Console) -> int:
    """Report a bug in one line (and the traceback with ``--debug``); whatever fails while
    reporting, the line made beforehand still comes out and the status is 70."""
    try:
        if debug:
            console.error(traceback.format_exc().rstrip())
        console.error(internal_error_message(exc, arguments))
    except Exception:
        _write_raw(console, _INTERNAL)
    return Exit.INTERNAL


def _write_raw(console: Console, text: str) -> None:
    """Write a message made in advance to the console, else straight to descriptor 2."""
    try:
        console.error(text)
    except Exception:
        with contextlib.suppress(OSError):
            os.write(2, text.encode("utf-8", "replace") + b"\n")


def _run(handler: Handler, args: argparse.Namespace, console: Console) -> int:
    try:
        return handler(args, console)
    except ExampleError as exc:
        console.error(exc.render())
        return Exit.FALSE_CLAIM
    except OptionError as exc:  # a malformed option value: a usage error
        console.error(exc.render())
        return Exit.USAGE
    except BuildError as exc:
        console.error(exc.render())
        return Exit.BUILD
    except PrintkitError as exc:
        console.error(exc.render())
        return Exit.INPUT
    except BrokenPipeError:  # the reader of our output went away (``printkit list | head``)
        return Exit.OK
    except OSError as exc:  # the system refused: disk full, no permission, file vanished
        where = f" ({exc.filename})" if exc.filename else ""
        console.error(f"error: {exc.strerror or exc}{where}")
        return Exit.BUILD


_INTERNAL = ("printkit: internal error: this is a bug in printkit, not in your input; no "
             f"report could be saved. Please send your files to {REPORT_URL} (run again with "
             "--debug to see the traceback).")
"""The apology made in advance, for when even reporting fails (memory gone)."""
_OUT_OF_MEMORY = ("error: this command needed more memory than it was allowed "
                  "(raise the limit with --limit memory=N)")
"""The memory budget's message made in advance."""


def internal_error_message(exc: BaseException, arguments: Sequence[str]) -> str:
    """One apology line and where the saved report is (the report holds the traceback)."""
    report = save_report(exc, arguments)
    saved = f"the details are in {report}" if report else "no report could be saved"
    culprit = blame(exc)
    if culprit is not None:  # raised in a game installed from another package: its bug
        return (f"printkit: internal error ({type(exc).__name__}) in the {culprit}: this is "
                f"a bug in that plugin, not in printkit or your input; {saved}. "
                "Please send it to the plugin's authors (run again with --debug to see the "
                "traceback).")
    return (f"printkit: internal error ({type(exc).__name__}): this is a bug in printkit, "
            f"not in your input; {saved}. Please send it with your files to {REPORT_URL} "
            "(run again with --debug to see the traceback).")


def save_report(exc: BaseException, arguments: Sequence[str]) -> Path | None:
    """Write the traceback and the circumstances to a new file in the temporary folder;
    None when it cannot (a full disk, or no memory left to format the traceback).

    Nothing here starts a process (``platform.platform()`` runs ``uname``, which fails
    when memory has run out): the system is named from :func:`os.uname`.
    """
    try:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        body = "\n".join([
            f"printkit {__version__} internal error report, {stamp}",
            f"command: printkit {' '.join(arguments)}",
            f"working folder: {os.getcwd()}",
            f"python: {sys.version.split()[0]} on {_system()}",
            "",
            "".join(traceback.format_exception(exc)),
        ])
        handle, name = tempfile.mkstemp(prefix=f"printkit-report-{stamp}-", suffix=".txt")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(body)
    except Exception:  # MemoryError, OSError, a traceback that cannot be formatted
        return None
    return Path(name)


def _system() -> str:
    """The operating system, its release and the machine, without starting a process."""
    if hasattr(os, "uname"):
        name = os.uname()
        return f"{name.sysname} {name.release} {name.machine}"
    return sys.platform


PRELOADED = ("printkit.kit.games", "printkit.kit.prepare", "printkit.kit.bookletlint",
             "printkit.kit.colourcheck", "printkit.examples.check",
             "printkit.simulator.runner", "printkit.simulator.agents",
             "printkit.simulator.compare", "printkit.simulator.report_html",
             "printkit.simulator.shards")
"""What the commands but ``build`` load (definitions, booklets, the drawing layers, the
example checker, the simulator): imported by :func:`run` before the command's time budget
starts, as the parser's modules are (and as they all were, before the commands imported
them only when they ran).  ``build`` loads them only when its kit is not kept whole in the
cache (:mod:`printkit.kit.wholekit`)."""


def command_named(arguments: Sequence[str]) -> str | None:
    """The command the arguments name: the first word not an option or ``--limit``'s
    value (``None`` when there is none)."""
    value_next = False
    for word in arguments:
        if value_next:
            value_next = False
        elif word == "--limit":
            value_next = True
        elif not word.startswith("-"):
            return word
    return None


def run() -> None:
    """Console-script entry point.

    A command is a short process that first imports most of printkit and then allocates
    many small objects it keeps: collecting garbage less often, and never scanning the
    imported modules' objects again, makes ``printkit check`` about a tenth faster.  The
    modules a command needs are imported before they are frozen (for every command but
    ``build``, :data:`PRELOADED` too).
    """
    gc.set_threshold(20_000, 20, 20)
    make_parser()
    if command_named(sys.argv[1:]) in set(_COMMANDS) - {"build"}:  # not for --help either
        for name in PRELOADED:
            importlib.import_module(name)
    gc.freeze()
    status = main(enforce_budget=True)
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # keep the interpreter from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(status)
