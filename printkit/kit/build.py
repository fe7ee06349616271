"""Build one game's kit: prepare every part (:mod:`printkit.kit.prepare`, where anything
can go wrong), then write them all, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from printkit import cache, limits, memo
from printkit.booklet.document import Booklet
from printkit.booklet.files import booklet_files, for_paper
from printkit.definition.fontstack import game_fonts
from printkit.errors import DefinitionError
from printkit.kit import Progress, silent, wholekit
from printkit.kit.cache_pages import cached_files
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan, prepare_kit
from printkit.kit.tuckbox import write_tuckboxes
from printkit.kit.write import write_board, write_cards, write_components
from printkit.settings import Settings


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: ResolvedGame
    folder: Path
    files: tuple[Path, ...]


Keep = Callable[[str, Path, Mapping[str, bytes]], None]
"""Told the title, folder and files of the kit written (:meth:`wholekit.Keeper.keep`)."""


def build_game(name_or_path: str, *, output_root: Path, options: BuildOptions,
               variant: str | None = None, overrides: Settings = (),
               progress: Progress = silent, use_cache: bool = False,
               request: tuple[object, ...] | None = None) -> BuildResult:
    """Check, draw and lay out every component, then write them all (or nothing).

    With ``use_cache`` (what ``printkit build`` does unless given ``--no-cache``), faces,
    backs and files whose inputs an earlier build had are taken from the rendering cache
    (:mod:`printkit.cache`); the files are the same byte for byte either way.  With a
    ``request`` too (the options as the command line gave them), the whole kit is kept
    for :func:`printkit.kit.wholekit.reuse`."""
    # the booklet's diagrams reuse the faces drawn for the cards
    with memo.session(), cache.session(enabled=use_cache) as store:
        if store is None or request is None:
            return _build(name_or_path, output_root, options, variant, overrides, progress)
        with wholekit.remembered(name_or_path, request, output_root, progress) as keeper:
            return _build(name_or_path, output_root, options, variant, overrides,
                          keeper.told, keeper.keep)


def _build(name_or_path: str, output_root: Path, options: BuildOptions, variant: str | None,
           overrides: Settings, progress: Progress, keep: Keep | None = None) -> BuildResult:
    game = resolve(name_or_path, variant=variant, overrides=overrides)
    # printkit's own words (labels, titles) are set in the definition's font stack
    with game_fonts(game.definition.content.sheet_stack):
        return _draw(game, output_root, options, variant, overrides, progress, keep)


def _draw(game: ResolvedGame, output_root: Path, options: BuildOptions, variant: str | None,
          overrides: Settings, progress: Progress, keep: Keep | None) -> BuildResult:
    kit = prepare_kit(game, options)
    definition = game.definition
    folder = output_root / kit_name(definition.game, variant=variant,
                                    changes=build_changes(definition, overrides, options))
    out = OutputSet(folder)
    cards, board, booklet = kit.cards, kit.board, kit.booklet
    if cards is not None:
        cached_files("cards", (cards,), out, progress,
                     lambda into, told: write_cards(cards, into, told))
    if board is not None:  # the board's writer reads the definition's title and accent
        cached_files("board", (board, definition.title, definition.accent), out, progress,
                     lambda into, told: write_board(board, game, into, told))
    cached_files("components", (kit.components, kit.plan.layouts), out, progress,
                 lambda into, told: write_components(kit.components, into, told,
                                                     kit.plan.layouts))
    cached_files("tuckboxes", (kit.tuckboxes, kit.plan.spec.margin), out, progress,
                 lambda into, _: write_tuckboxes(kit.tuckboxes, into,
                                                 margin=kit.plan.spec.margin))
    if booklet is not None:
        progress("booklet examples", booklet.figures, booklet.figures)
        counted = for_paper(booklet, kit.plan.paper)
        cached_files("booklet", (counted, kit.plan.paper, kit.plan.duplex), out, progress,
                     lambda into, told: _write_booklet(counted, kit, into, told))
    if out.size > limits.current().output:
        raise DefinitionError(f"{definition.game}: " + limits.beyond(
            "output", f"the kit is {out.size} bytes", "bytes"))
    written = out.commit()
    if keep is not None:
        keep(definition.title, folder, out.files)
    return BuildResult(game, folder, tuple(written))


def _write_booklet(booklet: Booklet, kit: KitPlan, out: OutputSet, progress: Progress) -> None:
    files = booklet_files(booklet, kit.plan.paper, kit.plan.duplex)
    out.add("booklet.pdf", files.pdf)
    out.add("booklet-imposed.pdf", files.imposed)
    out.add("booklet.html", files.html)
    progress("booklet", files.pages, files.pages)
