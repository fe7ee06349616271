"""What every export shares: the game prepared as a build would prepare it, a folder of
its own named like a kit's, and the files written all at once within the output limit."""

from __future__ import annotations

from pathlib import Path

from printkit import limits
from printkit.errors import DefinitionError
from printkit.kit.build import BuildResult
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan, prepare_kit
from printkit.settings import Settings


def prepare(name_or_path: str, options: BuildOptions, *, variant: str | None,
            overrides: Settings) -> KitPlan:
    """The game checked and drawn exactly as ``printkit build`` would (every problem a
    build would report is reported, and nothing is written)."""
    return prepare_kit(resolve(name_or_path, variant=variant, overrides=overrides), options)


def export_name(game: ResolvedGame, kind: str, options: BuildOptions, *,
                variant: str | None, overrides: Settings) -> str:
    """The export's folder name: the kit's name with the export's ``kind`` first among the
    changes (``stars-and-stripes--png-300dpi``, ``stars-and-stripes--large-15--tts``), so
    an export never replaces a kit or an export of other settings."""
    changes = build_changes(game.definition, overrides, options)
    return kit_name(game.definition.game, variant=variant, changes=[kind, *changes])


def commit(game: ResolvedGame, out: OutputSet) -> BuildResult:
    """Write the export's files all at once (or nothing), refusing an export past the
    output limit."""
    if out.size > limits.current().output:
        raise DefinitionError(f"{game.definition.game}: " + limits.beyond(
            "output", f"the export is {out.size} bytes", "bytes"))
    return BuildResult(game, out.folder, tuple(out.commit()))


def within_output(game: ResolvedGame, what: str, width: int, height: int) -> None:
    """Refuse an image whose pixels alone would pass the output limit (before any memory
    is spent drawing it)."""
    size = width * height * 3
    if size > limits.current().output:
        raise DefinitionError(f"{game.definition.game}: " + limits.beyond(
            "output", f"{what} would be {width} x {height} pixels ({size} bytes before "
            "compression)", "bytes"))


def folder_for(output_root: Path, name: str) -> OutputSet:
    """An empty set of files for the export folder ``name`` under ``output_root``."""
    return OutputSet(output_root / name)
