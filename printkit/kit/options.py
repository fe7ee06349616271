"""Build options, typed as the command line parsed them, resolved against a definition's
print defaults."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.model import Definition
from printkit.errors import Location
from printkit.kit.choices import DUPLEX, LAYOUTS, Duplex
from printkit.pdf.geometry import SheetSpec
from printkit.pdf.paper import Paper, paper_by_name
from printkit.settings import COMMAND_LINE, Settings
from printkit.units import MM

__all__ = ["DUPLEX", "LAYOUTS", "BuildOptions", "Duplex", "PrintPlan", "build_changes",
           "paper_location", "plan"]


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for, parsed once by the command line
    (:mod:`printkit.commands.printing`); ``None`` means the definition's default."""

    paper: Paper | None = None
    bleed: float | None = None
    """Points."""
    duplex: Duplex | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Points, across and down the back of a sheet."""
    layouts: tuple[str, ...] = LAYOUTS
    board_paper: Paper | None = None
    """The paper of the one-sheet board; ``None``: the smallest ISO size that holds it."""
    written: tuple[tuple[str, str], ...] = ()
    """Each option given, as the user wrote it (``("paper", "letter")``), for messages and
    for naming what a build changes."""

    def text(self, option: str) -> str | None:
        """How the user wrote ``option`` (``"paper"``), or ``None`` if they did not."""
        return dict(self.written).get(option)


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
    paper = options.paper or paper_by_name(settings.paper)
    bleed = settings.bleed if options.bleed is None else options.bleed
    duplex = options.duplex or settings.duplex
    spec = SheetSpec(paper=paper, card_w=definition.card_width, card_h=definition.card_height,
                     bleed=bleed, margin=settings.margin, gutter=settings.gutter,
                     mark_length=settings.crop_mark_length, mark_offset=settings.crop_mark_offset)
    return PrintPlan(paper, spec, duplex, options.back_offset, options.layouts)


def paper_location(definition: Definition, options: BuildOptions) -> Location | None:
    """Where the paper was chosen: the ``--paper`` option, else the definition's
    ``print:`` section (``None`` when the default paper is used)."""
    written = options.text("paper")
    if options.paper is not None and written is not None:
        return Location(COMMAND_LINE, 1, 9, f"--paper {written}", len(written))
    return definition.sections.get("print")


def build_changes(definition: Definition, overrides: Settings,
                  options: BuildOptions) -> list[str]:
    """What a build changes from the definition's default kit, as ``key=value`` texts:
    the ``--set`` overrides (sorted by key) and every print option that differs from the
    definition's own setting, each as the user wrote it."""
    changes = [str(s) for s in sorted(overrides, key=lambda setting: setting.key)]
    settings = definition.print

    def written(option: str, fallback: str) -> str:
        return f"{option}={options.text(option) or fallback}"

    if options.paper is not None and options.paper != paper_by_name(settings.paper):
        changes.append(written("paper", options.paper.name))
    if options.bleed is not None and abs(options.bleed - settings.bleed) > 1e-6:
        changes.append(written("bleed", f"{options.bleed / MM:g}mm"))
    if options.duplex is not None and options.duplex != settings.duplex:
        changes.append(f"duplex={options.duplex}")
    if options.back_offset != (0.0, 0.0):
        x, y = (v / MM for v in options.back_offset)
        changes.append(written("back-offset", f"{x:g},{y:g}"))
    if options.board_paper is not None:
        changes.append(written("board-paper", options.board_paper.name))
    if set(options.layouts) != set(LAYOUTS):
        changes.append("sheets=" + "+".join(options.layouts))
    return changes
