"""Build options from the command line, resolved against a definition's print defaults."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.deck.model import Definition
from printkit.errors import DefinitionError, Location
from printkit.layout.geometry import SheetSpec
from printkit.layout.paper import Paper, paper_by_name
from printkit.units import MM, UnitError, parse_length

LAYOUTS = ("sheets", "gutter-fold", "print-shop", "calibration")
MOST_BLEED = 6 * MM


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for; ``None`` means the definition's default."""

    paper: str | None = None
    bleed: str | None = None
    duplex: str | None = None
    back_offset: str = "0,0"
    layouts: tuple[str, ...] = LAYOUTS
    board_paper: str | None = None


_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
"""A plain decimal number in ASCII digits (not ``nan``, ``1e3``, ``1_0`` or other scripts'
digits, which Python's ``float`` would all take)."""
MOST_OFFSET = 20 * MM


def parse_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in millimetres (units allowed) to points: ``"1.5,-0.5"``, ``"1mm,0"``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise DefinitionError(f"--back-offset expects X,Y (millimetres), not {text!r}")
    values = []
    for part in parts:
        if _NUMBER.fullmatch(part):
            values.append(float(part) * MM)
            continue
        if not part.isascii() or not re.search(r"[0-9]", part):
            raise DefinitionError(f"--back-offset {text!r}: {part!r} is not a number (write "
                                  "it in the digits 0-9, such as 1.5 or -0.5mm)")
        try:
            values.append(parse_length(part))
        except UnitError as exc:
            raise DefinitionError(f"--back-offset {text!r}: {exc}") from None
    if any(abs(v) > MOST_OFFSET for v in values):
        raise DefinitionError(f"--back-offset {text!r} is more than 20 mm: check the units")
    return values[0], values[1]


def parse_bleed(text: str) -> float:
    """``--bleed``: a length from 0 to 6 mm, in points."""
    try:
        bleed = parse_length(text)
    except UnitError as exc:
        raise DefinitionError(f"--bleed: {exc}") from None
    if bleed < 0:
        raise DefinitionError(f"--bleed {text!r}: the bleed cannot be negative (0 for none)")
    if bleed > MOST_BLEED:
        raise DefinitionError(f"--bleed {text!r} must be between 0 and 6mm")
    return bleed


@dataclass(frozen=True)
class PrintPlan:
    """Resolved print settings for one game."""

    paper: Paper
    spec: SheetSpec
    duplex: str
    back_offset: tuple[float, float]
    layouts: tuple[str, ...]


def plan(definition: Definition, options: BuildOptions) -> PrintPlan:
    """Combine the definition's print section with the command line."""
    settings = definition.print
    paper = paper_by_name(options.paper or settings.paper)
    bleed = settings.bleed
    if options.bleed is not None:
        bleed = parse_bleed(options.bleed)
    duplex = options.duplex or settings.duplex
    spec = SheetSpec(paper=paper, card_w=definition.card_width, card_h=definition.card_height,
                     bleed=bleed, margin=settings.margin, gutter=settings.gutter,
                     mark_length=settings.crop_mark_length, mark_offset=settings.crop_mark_offset)
    return PrintPlan(paper, spec, duplex, parse_offset(options.back_offset), options.layouts)


def paper_location(definition: Definition, options: BuildOptions) -> Location | None:
    """Where the paper was chosen: the ``--paper`` option, else the definition's
    ``print:`` section (``None`` when the default paper is used)."""
    if options.paper is not None:
        return Location("<command line>", 1, 9, f"--paper {options.paper}", len(options.paper))
    return definition.sections.get("print")


def build_changes(definition: Definition, overrides: Sequence[str],
                  options: BuildOptions) -> list[str]:
    """What a build changes from the definition's default kit, as ``key=value`` texts:
    the ``--set`` overrides (sorted by key) and every print option that differs from the
    definition's own setting."""
    changes = sorted(overrides, key=lambda text: text.partition("=")[0].strip())
    settings = definition.print
    if options.paper is not None and options.paper.strip().lower() != settings.paper:
        changes.append(f"paper={options.paper}")
    if options.bleed is not None and abs(parse_length(options.bleed) - settings.bleed) > 1e-6:
        changes.append(f"bleed={options.bleed}")
    if options.duplex is not None and options.duplex != settings.duplex:
        changes.append(f"duplex={options.duplex}")
    if parse_offset(options.back_offset) != (0.0, 0.0):
        changes.append(f"back-offset={options.back_offset}")
    if options.board_paper is not None:
        changes.append(f"board-paper={options.board_paper}")
    if set(options.layouts) != set(LAYOUTS):
        changes.append("layout=" + "+".join(options.layouts))
    return changes
