"""What the preview page shows: a definition prepared as a build would be, without the PDFs.

:func:`render_preview` runs the same preparation as ``printkit build`` (so every problem a
build would report is reported here, located), and keeps what a screen can show at once:
each face and back as SVG, the board as SVG and the booklet as HTML.  A definition with
problems gives a preview that carries them as text instead of raising.  Every preview also
says which files it read and which it looked for in vain (:mod:`printkit.preview.reads`):
the watcher waits for a change to those.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.booklet.build import TEMPLATE_SUFFIX, find_template, inside, templates_dir
from printkit.booklet.html import booklet_html
from printkit.booklet.impose import booklet_page
from printkit.definition.model import Definition
from printkit.errors import PrintkitError
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.preview.reads import Reads, recording
from printkit.render.board import board_svg
from printkit.settings import Settings


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
    reads: Reads = field(default_factory=Reads)
    """The files this rendering read, and those it looked for but did not find."""


def render_preview(path: Path, *, variant: str | None = None,
                   overrides: Settings = ()) -> Preview:
    """Prepare ``path`` like a build and keep what the page shows (or the problems), noting
    the files it read."""
    with recording() as recorder:
        preview, definition = _render(path, variant, overrides)
    recorder.also_missing([path])
    folders = [path.parent, templates_dir()]
    if definition is not None:
        if not preview.booklet:
            recorder.also_missing(template_candidates(definition))
        folders.append(definition.path.parent)
        template = _template(definition)
        if template is not None:
            folders.append(template.parent)
    return replace(preview, reads=recorder.reads(within=folders))


def _template(definition: Definition) -> Path | None:
    try:
        return find_template(definition)
    except PrintkitError:
        return None


def template_candidates(definition: Definition) -> list[Path]:
    """Where the booklet template of ``definition`` would be looked for."""
    named = str(definition.booklet.get("template") or "")
    if not named:
        return [definition.path.parent.resolve() / (definition.game + TEMPLATE_SUFFIX)]
    found = (inside(folder, named) for folder in (definition.path.parent, templates_dir()))
    return [path for path in found if path is not None]


def _render(path: Path, variant: str | None, overrides: Settings
            ) -> tuple[Preview, Definition | None]:
    """The preview of ``path``, and its definition once that could be read."""
    definition = None
    try:
        game = resolve(str(path), variant=variant, overrides=overrides)
        definition = game.definition
        kit = prepare_kit(game, BuildOptions(layouts=("sheets",)))
    except PrintkitError as exc:
        return Preview(problems=exc.render()), definition
    faces = (tuple((art.key, art.svg) for art in (*kit.cards.faces, kit.cards.back))
             if kit.cards is not None else ())
    board = board_svg(kit.board.picture) if kit.board is not None else ""
    booklet = (booklet_html(kit.booklet, booklet_page(kit.plan.paper))
               if kit.booklet is not None else "")
    return Preview(game.definition.title, faces, board, booklet), definition
