"""``printkit export png``: every card face, back, token side and board as PNG images, for
print services that take pictures rather than PDFs.

Each picture is drawn once at the chosen resolution with the kit's bleed: a face shown by
several cards, or a back behind every card, is one file.  Boards come twice: as the pages
of the tiled board (the assembly map when there is more than one sheet, then each sheet
with its glue bands, as ``board.pdf`` prints them) and as one image of the whole board.
The folder::

    cards/KEY.png  cards/back.png  cards/backs/GROUP.png   the main deck
    NAME/...                                               a cards component, likewise
    NAME/front/KEY.png  NAME/back/KEY.png (or back.png)    tokens
    board/whole.png  board/assembly.png  board/tile-A1.png  the board (and board components)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from printkit import limits
from printkit.errors import DefinitionError
from printkit.export import DEFAULT_DPI
from printkit.export.pieces import (
    BoardPieces,
    DeckPieces,
    Pieces,
    TokenPieces,
    kit_pieces,
    tiled_boards,
)
from printkit.export.pngstream import png_pages
from printkit.export.raster import artwork_pdf, pixels
from printkit.export.writing import commit, export_name, folder_for, prepare, within_output
from printkit.kit import Progress, silent
from printkit.kit.build import BuildResult
from printkit.kit.options import BuildOptions
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan
from printkit.pdf.artwork import Artwork
from printkit.settings import OptionError, Settings

DPI_RANGE = (50.0, 1200.0)
"""Resolutions accepted: below 50 dpi nothing is legible, above 1200 no printer gains."""


def check_dpi(dpi: float) -> float:
    """``dpi`` if it is a resolution we make, else a clear error."""
    low, high = DPI_RANGE
    if not math.isfinite(dpi) or not low <= dpi <= high:
        raise OptionError(f"--dpi {dpi:g}: choose a resolution from {low:g} to {high:g} "
                              "dots per inch (300 suits print services)")
    return dpi


def deck_files(deck: DeckPieces) -> list[tuple[str, Artwork]]:
    """Each face and back of a deck with its file name (the names of the kit's SVGs)."""
    named = [(f"{deck.name}/{art.key}.png", art) for art in deck.faces]
    for back in deck.backs:
        group = back.key.partition(":")[2]
        named.append((f"{deck.name}/backs/{group}.png" if group else f"{deck.name}/back.png",
                      back))
    return named


def token_files(tokens: TokenPieces) -> list[tuple[str, Artwork]]:
    """Each unique front and back of a set of tokens with its file name."""
    named = [(f"{tokens.name}/front/{art.key.partition(':')[2]}.png", art)
             for art in tokens.fronts]
    for art in tokens.backs:
        side, _, key = art.key.partition(":")
        named.append((f"{tokens.name}/{side}/{key}.png" if key else f"{tokens.name}/{side}.png",
                      art))
    return named


def _artwork(out: OutputSet, named: Sequence[tuple[str, Artwork]], dpi: float, title: str,
             progress: Progress) -> None:
    pdf = artwork_pdf([art.svg for _, art in named], title=title)
    for done, ((path, _), png) in enumerate(zip(named, png_pages(pdf, dpi), strict=True),
                                            start=1):
        out.add(path, png)
        progress(title, done, len(named))


def _board(out: OutputSet, board: BoardPieces, tiled: bytes, dpi: float,
           progress: Progress) -> None:
    whole = next(png_pages(artwork_pdf([board.svg], title=board.label), dpi))
    out.add(f"{board.name}/whole.png", whole)
    map_page = ["assembly"] if len(board.tiles) > 1 else []  # one sheet: nothing to join
    names = [*map_page, *(f"tile-{name}" for name in board.tiles)]
    for done, (name, png) in enumerate(zip(names, png_pages(tiled, dpi), strict=True),
                                       start=1):
        out.add(f"{board.name}/{name}.png", png)
        progress(board.label, done, len(names))


def check_sizes(kit: KitPlan, pieces: Pieces, dpi: float) -> None:
    """Refuse, before drawing anything, a picture with more pixels than the png-pixels
    limit allows (a card, a token, a whole board, a sheet of paper), or one whose pixels
    alone would pass the output limit."""
    bleed = 2 * kit.plan.spec.bleed
    # each kind of picture, its size and how many of them the export draws
    pictures = [(f"a card of {deck.name}", deck.width + bleed, deck.height + bleed,
                 len(deck_files(deck))) for deck in pieces.decks]
    pictures += [(f"a token of {tokens.name}", tokens.width + bleed, tokens.height + bleed,
                  len(token_files(tokens))) for tokens in pieces.tokens]
    pictures += [(f"the whole {board.name}", board.width, board.height, 1)
                 for board in pieces.boards]
    if pieces.boards:
        paper = kit.plan.paper
        sheets = sum(1 + len(board.tiles) for board in pieces.boards)
        pictures.append((f"a sheet of {paper.name}", paper.width, paper.height, sheets))
    total = 0
    for what, width, height, count in pictures:
        across, down = pixels(width, dpi), pixels(height, dpi)
        if across * down > limits.current().png_pixels:
            raise DefinitionError(f"{kit.game.definition.game}: " + limits.beyond(
                "png-pixels", f"{what} at {dpi:g} dpi would be {across} x {down} = "
                f"{across * down} pixels", "pixels"))
        within_output(kit.game, f"{what} at {dpi:g} dpi", across, down)
        total += across * down * count
    if total > limits.current().png_pixels_total:
        raise DefinitionError(f"{kit.game.definition.game}: " + limits.beyond(
            "png-pixels-total", f"the export's pictures at {dpi:g} dpi would have {total} "
            "pixels together", "pixels"))


def png_export(kit: KitPlan, out: OutputSet, dpi: float, progress: Progress = silent) -> None:
    """Queue every image of ``kit`` at ``dpi`` in ``out``."""
    pieces = kit_pieces(kit)
    check_sizes(kit, pieces, dpi)
    for deck in pieces.decks:
        _artwork(out, deck_files(deck), dpi, deck.label, progress)
    for tokens in pieces.tokens:
        _artwork(out, token_files(tokens), dpi, tokens.label, progress)
    tiled = tiled_boards(kit) if pieces.boards else {}
    for board in pieces.boards:
        _board(out, board, tiled[board.name], dpi, progress)


def export_png(name_or_path: str, *, output_root: Path, dpi: float = DEFAULT_DPI,
               options: BuildOptions | None = None, variant: str | None = None,
               overrides: Settings = (), progress: Progress = silent) -> BuildResult:
    """Prepare the game as a build would (``options``: paper and bleed) and write its
    images into their own folder, ``<game>--png-300dpi`` (or nothing, on any problem)."""
    dpi = check_dpi(dpi)
    options = options or BuildOptions()
    kit = prepare(name_or_path, options, variant=variant, overrides=overrides)
    out = folder_for(output_root, export_name(kit.game, f"png-{dpi:g}dpi", options,
                                              variant=variant, overrides=overrides))
    png_export(kit, out, dpi, progress)
    return commit(kit.game, out)
