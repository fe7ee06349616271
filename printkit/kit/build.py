"""Build one game's kit: prepare every part (:mod:`printkit.kit.prepare`, where anything
can go wrong), then write them all, or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit import limits, memo
from printkit.booklet.files import booklet_files
from printkit.definition.fontstack import game_fonts
from printkit.errors import DefinitionError
from printkit.kit import Progress, silent
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import prepare_kit
from printkit.kit.tuckbox import write_tuckboxes
from printkit.kit.write import write_board, write_cards, write_components
from printkit.settings import Settings


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: ResolvedGame
    folder: Path
    files: tuple[Path, ...]


def build_game(name_or_path: str, *, output_root: Path, options: BuildOptions,
               variant: str | None = None, overrides: Settings = (),
               progress: Progress = silent) -> BuildResult:
    """Check, draw and lay out every component, then write them all (or nothing)."""
    with memo.session():  # the booklet's diagrams reuse the faces drawn for the cards
        return _build(name_or_path, output_root, options, variant, overrides, progress)


def _build(name_or_path: str, output_root: Path, options: BuildOptions, variant: str | None,
           overrides: Settings, progress: Progress) -> BuildResult:
    game = resolve(name_or_path, variant=variant, overrides=overrides)
    # printkit's own words (labels, titles) are set in the definition's font stack
    with game_fonts(game.definition.content.sheet_stack):
        return _draw(game, output_root, options, variant, overrides, progress)


def _draw(game: ResolvedGame, output_root: Path, options: BuildOptions, variant: str | None,
          overrides: Settings, progress: Progress) -> BuildResult:
    kit = prepare_kit(game, options)
    definition = game.definition
    folder = output_root / kit_name(definition.game, variant=variant,
                                    changes=build_changes(definition, overrides, options))
    out = OutputSet(folder)
    if kit.cards is not None:
        write_cards(kit.cards, out, progress)
    if kit.board is not None:
        write_board(kit.board, game, out, progress)
    write_components(kit.components, out, progress, kit.plan.layouts)
    write_tuckboxes(kit.tuckboxes, out, margin=kit.plan.spec.margin)
    if kit.booklet is not None:
        progress("booklet examples", kit.booklet.figures, kit.booklet.figures)
        files = booklet_files(kit.booklet, kit.plan.paper, kit.plan.duplex)
        out.add("booklet.pdf", files.pdf)
        out.add("booklet-imposed.pdf", files.imposed)
        out.add("booklet.html", files.html)
        progress("booklet", files.pages, files.pages)
    if out.size > limits.current().output:
        raise DefinitionError(f"{definition.game}: " + limits.beyond(
            "output", f"the kit is {out.size} bytes", "bytes"))
    written = out.commit()
    return BuildResult(game, folder, tuple(written))
