"""What the preview page shows: a definition prepared as a build would be, without the PDFs.

:func:`render_preview` runs the same preparation as ``printkit build`` (so every problem a
build would report is reported here, located), and keeps what a screen can show: every
part of the kit (:mod:`printkit.preview.kitview`) with the fonts the PDF embeds
(:mod:`printkit.preview.fonts`), and the booklet as HTML.  A definition with problems gives
a preview that carries them as text instead of raising; :func:`under_problems` then keeps
the last good kit beneath them.  Every preview also
says which files it read and which it looked for in vain (:mod:`printkit.preview.reads`):
the watcher waits for a change to those.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit import cache
from printkit.booklet.build import TEMPLATE_SUFFIX, find_template, inside, templates_dir
from printkit.booklet.html import booklet_html
from printkit.booklet.impose import booklet_page
from printkit.definition.model import Definition
from printkit.errors import PrintkitError
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.kit.prepare import prepare_kit
from printkit.preview.fonts import (
    Embedder,
    FontFile,
    booklet_fonts,
    font_files,
    used_characters,
)
from printkit.preview.kitview import Picture, Section, all_svgs, embedded, kit_sections
from printkit.preview.reads import Reads, recording
from printkit.settings import Settings


@dataclass(frozen=True)
class Preview:
    """One rendering of a definition for the preview page."""

    title: str = ""
    sections: tuple[Section, ...] = ()
    """Every part of the kit, as pictures under headings (:mod:`printkit.preview.kitview`)."""
    booklet: str = ""
    """The booklet as HTML, its fonts served by the preview (empty without a booklet)."""
    fonts: tuple[FontFile, ...] = ()
    """The font files the booklet's ``@font-face`` rules point at (``/font/NAME``)."""
    problems: str = ""
    """What is wrong, as ``printkit check`` prints it (empty when all is well)."""
    reads: Reads = field(default_factory=Reads)
    """The files this rendering read, and those it looked for but did not find."""
    stale: bool = False
    """Whether the kit shown is the last good one, kept under :attr:`problems`."""

    @property
    def pictures(self) -> tuple[Picture, ...]:
        """Every picture of every section, in the page's order (``/picture/N``)."""
        return tuple(picture for section in self.sections for picture in section.pictures)


def under_problems(last: Preview, failed: Preview) -> Preview:
    """What to show when a rendering failed: the last good kit (if any) under the new
    problems, watching the files of both renderings (a file only the good one read is
    noted as it is now, so an edit to it still rebuilds)."""
    if not last.sections and not last.booklet:
        return failed
    return replace(last, problems=failed.problems, stale=True,
                   reads=failed.reads.joined(last.reads))


def render_preview(path: Path, *, variant: str | None = None,
                   overrides: Settings = ()) -> Preview:
    """Prepare ``path`` like a build and keep what the page shows (or the problems), noting
    the files it read."""
    with recording() as recorder, cache.session():  # faces drawn before are not redrawn
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
        kit = prepare_kit(game, BuildOptions(layouts=("sheets", "tuckbox")))
        sections = kit_sections(kit)
    except PrintkitError as exc:
        return Preview(problems=exc.render()), definition
    files = font_files()
    characters = used_characters(all_svgs(sections))
    embed = Embedder(files, characters)
    sections = embedded(sections, embed)
    named = {*embed.families, "Vera"}  # the booklet is set in Vera
    served = tuple(font for font in files if font.family in named)
    booklet = ""
    if kit.booklet is not None:
        booklet = with_style(booklet_html(kit.booklet, booklet_page(kit.plan.paper)),
                             booklet_fonts(served))
    return Preview(game.definition.title, sections, booklet, served), definition


def with_style(page: str, css: str) -> str:
    """The HTML ``page`` with ``css`` in a style element at the start of its head."""
    at = page.find("<head>")
    if at < 0 or not css:
        return page
    at += len("<head>")
    return f"{page[:at]}<style>{css}</style>{page[at:]}"
