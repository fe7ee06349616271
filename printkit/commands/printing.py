"""The options commands share, parsed once into the typed values every layer receives:
``--set`` (:mod:`printkit.settings`) and the printing options of ``build`` and ``export``
(:class:`~printkit.kit.options.BuildOptions`).

A handler calls :func:`settings` and :func:`build_options` first, inside the run's limits
(a custom paper is held to ``paper-area``), and passes what they return down; every
malformed value is reported at once, as a usage error.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from printkit.errors import Location, PrintkitError, Problem
from printkit.pdf.paper import Paper, paper_by_name
from printkit.settings import COMMAND_LINE, OptionError, Settings, parse_settings
from printkit.units import MM, MOST_BLEED, UnitError, parse_length

if TYPE_CHECKING:
    from printkit.kit.options import BuildOptions, Duplex

MOST_OFFSET = 20 * MM
"""The largest back offset taken: a printer shifts its backs by a few millimetres, so more
than this is a mistake of units."""
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
"""A plain decimal number in ASCII digits (not ``nan``, ``1e3``, ``1_0`` or other scripts'
digits, which Python's ``float`` would all take)."""
T = TypeVar("T")


def settings(args: argparse.Namespace) -> Settings:
    """The command's ``--set`` options; raises :class:`OptionError`."""
    return parse_settings(getattr(args, "overrides", None) or ())


def build_options(args: argparse.Namespace) -> BuildOptions:
    """The printing options the command was given, typed; raises :class:`OptionError`
    naming every malformed one."""
    from printkit.kit.options import LAYOUTS, BuildOptions  # loaded by the commands that print

    problems: list[Problem] = []
    written: list[tuple[str, str]] = []

    def read(option: str, parse: Callable[[str], T]) -> T | None:
        text = getattr(args, option.replace("-", "_"), None)
        if text is None:
            return None
        written.append((option, text))
        try:
            return parse(text)
        except PrintkitError as exc:
            where = Location(COMMAND_LINE, 1, len(option) + 4, f"--{option} {text}", len(text))
            problems.extend(Problem(p.message, where) for p in exc.problems)
            return None

    paper = read("paper", paper_by_name)
    bleed = read("bleed", parse_bleed)
    duplex = read("duplex", parse_duplex)
    offset = read("back-offset", parse_offset)
    sheet = read("board-paper", parse_board_paper)
    chosen = getattr(args, "layout", None)
    layouts = tuple(LAYOUTS) if not chosen or "all" in chosen else tuple(dict.fromkeys(chosen))
    if problems:
        raise OptionError(problems)
    return BuildOptions(paper=paper, bleed=bleed, duplex=duplex,
                        back_offset=offset or (0.0, 0.0), layouts=layouts, board_paper=sheet,
                        written=tuple(written))


def parse_bleed(text: str) -> float:
    """``--bleed``: a length from 0 to 6 mm, in points."""
    try:
        bleed = parse_length(text)
    except UnitError as exc:
        raise OptionError(f"--bleed: {exc}") from None
    if bleed < 0:
        raise OptionError(f"--bleed {text!r}: the bleed cannot be negative (0 for none)")
    if bleed > MOST_BLEED + 1e-9:
        raise OptionError(f"--bleed {text!r} must be between 0 and {MOST_BLEED / MM:g}mm")
    return bleed


def parse_duplex(text: str) -> Duplex:
    """``--duplex``: long, short or none."""
    from printkit.kit.options import DUPLEX

    for choice in DUPLEX:
        if text == choice:
            return choice
    raise OptionError(f"--duplex {text!r}: choose one of {', '.join(DUPLEX)}")


def parse_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in millimetres (units allowed) to points: ``"1.5,-0.5"``, ``"1mm,0"``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise OptionError(f"--back-offset expects X,Y (millimetres), not {text!r}")
    values = []
    for part in parts:
        if _NUMBER.fullmatch(part):
            values.append(float(part) * MM)
            continue
        if not part.isascii() or not re.search(r"[0-9]", part):
            raise OptionError(f"--back-offset {text!r}: {part!r} is not a number (write "
                              "it in the digits 0-9, such as 1.5 or -0.5mm)")
        try:
            values.append(parse_length(part))
        except UnitError as exc:
            raise OptionError(f"--back-offset {text!r}: {exc}") from None
    if any(abs(v) > MOST_OFFSET for v in values):
        raise OptionError(f"--back-offset {text!r} is more than {MOST_OFFSET / MM:g} mm: "
                          "check the units")
    return values[0], values[1]


def parse_board_paper(text: str) -> Paper | None:
    """``--board-paper``: an ISO A size (``a1``, ``2a0``), any paper ``--paper`` takes, or
    ``auto`` (``None``: the smallest A size that holds the board)."""
    from printkit.pdf.tiling import paper_by_iso_name

    if text.strip().lower() in ("", "auto"):
        return None
    return paper_by_iso_name(text) or paper_by_name(text)


__all__ = [
    "MOST_OFFSET",
    "build_options",
    "parse_bleed",
    "parse_board_paper",
    "parse_duplex",
    "parse_offset",
    "settings",
]
