"""Build one game's kit into its output folder."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.kit import Progress, silent
from printkit.kit.board import build_board
from printkit.kit.booklet import build_booklet
from printkit.kit.cards import build_cards
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes, plan
from printkit.kit.outputs import OutputSet


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: ResolvedGame
    folder: Path
    files: tuple[Path, ...]


def build_game(name_or_path: str, *, output_root: Path, options: BuildOptions,
               variant: str | None = None, overrides: Sequence[str] = (),
               progress: Progress = silent) -> BuildResult:
    """Check, draw and lay out every component, then write them all (or nothing)."""
    game = resolve(name_or_path, variant=variant, overrides=overrides)
    definition = game.definition
    print_plan = plan(definition, options)
    folder = output_root / kit_name(definition.game, variant=variant,
                                    changes=build_changes(definition, overrides, options))
    out = OutputSet(folder)
    build_cards(definition, print_plan, out, progress)
    build_board(game, print_plan, out, progress, board_paper_name=options.board_paper)
    build_booklet(game, print_plan, out, progress)
    written = out.commit()
    return BuildResult(game, folder, tuple(written))
