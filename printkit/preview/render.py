"""What the preview page shows: a definition prepared as a build would be, without the PDFs.

:func:`render_preview` runs the same preparation as ``printkit build`` (so every problem a
build would report is reported here, located), and keeps what a screen can show at once:
each face and back as SVG, the board as SVG and the booklet as HTML.  A definition with
problems gives a preview that carries them as text instead of raising.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from printkit.booklet.html import booklet_html
from printkit.booklet.impose import booklet_page
from printkit.errors import PrintkitError
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.render.board import board_svg


@dataclass(frozen=True)
class Preview:
    """One rendering of a definition for the preview page."""

    title: str = ""
    faces: tuple[tuple[str, str], ...] = ()
    """(name, SVG text) of every unique face, then of the back."""
    board: str = ""
    """The board as SVG text (empty without a board)."""
    booklet: str = ""
    """The booklet as HTML (empty without a booklet)."""
    problems: str = ""
    """What is wrong, as ``printkit check`` prints it (empty when all is well)."""
    sources: tuple[Path, ...] = field(default=())
    """The files this rendering read (to watch for changes)."""


def render_preview(path: Path, *, variant: str | None = None,
                   overrides: Sequence[str] = ()) -> Preview:
    """Prepare ``path`` like a build and keep what the page shows (or the problems)."""
    try:
        game = resolve(str(path), variant=variant, overrides=overrides)
        kit = prepare_kit(game, BuildOptions(layouts=("sheets",)))
    except PrintkitError as exc:
        return Preview(problems=exc.render())
    faces = (tuple((art.key, art.svg) for art in (*kit.cards.faces, kit.cards.back))
             if kit.cards is not None else ())
    board = board_svg(kit.board.picture) if kit.board is not None else ""
    booklet = (booklet_html(kit.booklet, booklet_page(kit.plan.paper))
               if kit.booklet is not None else "")
    return Preview(game.definition.title, faces, board, booklet)
