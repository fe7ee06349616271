"""What the preview page shows: a definition prepared as a build would be, without the PDFs.

:func:`render_preview` runs the same preparation as ``printkit build`` (so every problem a
build would report is reported here, located), and keeps what a screen can show: every
part of the kit (:mod:`printkit.preview.kitview`) with the fonts the PDF embeds
(:mod:`printkit.preview.fonts`), then, as a second step (the preview's ``rest``), the
booklet: the pages of its PDF, and its HTML (:mod:`printkit.preview.bookletview`).  A
definition with problems gives a preview that carries them as text instead of raising;
:func:`under_problems` then keeps the last good kit beneath them.  Every preview also says
which files it read and which it looked for in vain (:mod:`printkit.preview.reads`):
the watcher waits for a change to those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit import cache
from printkit.booklet.build import TEMPLATE_SUFFIX, find_template, inside, templates_dir
from printkit.definition.fontstack import game_fonts
from printkit.definition.model import Definition
from printkit.errors import PrintkitError
from printkit.kit.games import ResolvedGame, resolve
from printkit.kit.options import BuildOptions, PrintPlan
from printkit.kit.prepare import prepare_booklet, prepare_kit
from printkit.preview.bookletview import booklet_view
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
    booklet_pages: Section | None = None
    """The pages of the booklet's PDF, drawn (``None`` without a booklet)."""
    booklet_pdf: bytes = b""
    """The booklet's PDF, the bytes of a build's ``booklet.pdf``."""
    fonts: tuple[FontFile, ...] = ()
    """The font files the booklet's ``@font-face`` rules point at (``/font/NAME``)."""
    problems: str = ""
    """What is wrong, as ``printkit check`` prints it (empty when all is well)."""
    reads: Reads = field(default_factory=Reads)
    """The files this rendering read, and those it looked for but did not find."""
    stale: bool = False
    """Whether the kit shown is the last good one, kept under :attr:`problems`."""
    rest: Callable[[], Preview] | None = field(default=None, compare=False, repr=False)
    """What is still to be prepared (the booklet): the complete preview, or ``None`` when
    this one is complete.  While it is pending, :attr:`booklet_pages` may be the last
    rendering's, shown as being brought up to date."""

    @property
    def shown(self) -> tuple[Section, ...]:
        """Every section the page shows, the booklet's pages last."""
        pages = (self.booklet_pages,) if self.booklet_pages is not None else ()
        return (*self.sections, *pages)

    @property
    def pictures(self) -> tuple[Picture, ...]:
        """Every picture of every section, in the page's order (``/picture/N``)."""
        return tuple(picture for section in self.shown for picture in section.pictures)


def complete(preview: Preview) -> Preview:
    """``preview`` with what was left to prepare done (the booklet)."""
    while preview.rest is not None and not preview.problems:
        preview = preview.rest()
    return preview


def pending_over(last: Preview, first: Preview) -> Preview:
    """The first part of a rendering (``first``, its booklet still to come) with the last
    rendering's booklet shown meanwhile, so the page does not lose it for a moment."""
    if first.rest is None or first.problems or last.booklet_pages is None:
        return first
    return replace(first, booklet=last.booklet, booklet_pages=last.booklet_pages,
                   booklet_pdf=last.booklet_pdf)


def under_problems(last: Preview, failed: Preview) -> Preview:
    """What to show when a rendering failed: the last good kit (if any) under the new
    problems, watching the files of both renderings (a file only the good one read is
    noted as it is now, so an edit to it still rebuilds)."""
    if not last.sections and last.booklet_pages is None:
        return failed
    return replace(last, problems=failed.problems, stale=True, rest=None,
                   reads=failed.reads.joined(last.reads))


def render_preview(path: Path, *, variant: str | None = None,
                   overrides: Settings = ()) -> Preview:
    """Prepare ``path`` like a build and keep what the page shows (or the problems), noting
    the files it read.  The booklet, the slowest part, is left to the preview's
    :attr:`~Preview.rest` (:func:`complete` does it at once)."""
    with recording() as recorder, cache.session():  # faces drawn before are not redrawn
        preview, definition, rest = _render(path, variant, overrides)
    recorder.also_missing([path])
    if definition is not None and rest is None:
        recorder.also_missing(template_candidates(definition))
    folders = _folders(path, definition)
    first = replace(preview, reads=recorder.reads(within=folders))
    if rest is None:
        return first
    return replace(first, rest=lambda: _with_booklet(first, folders, rest))


def _folders(path: Path, definition: Definition | None) -> list[Path]:
    """The folders whose files the preview watches (what else a rendering reads, such as
    package metadata or a shipped font, is not the definition's to change)."""
    folders = [path.parent, templates_dir()]
    if definition is not None:
        folders.append(definition.path.parent)
        template = _template(definition)
        if template is not None:
            folders.append(template.parent)
    return folders


def _with_booklet(first: Preview, folders: list[Path], rest: Callable[[], Preview]
                  ) -> Preview:
    """``first`` completed by ``rest`` (the booklet), watching the files both read."""
    with recording() as recorder, cache.session():
        done = rest()
    second = recorder.reads(within=folders)
    files = {**second.files, **first.reads.files}  # the older note sees an edit since
    reads = Reads(files, frozenset((first.reads.missing | second.missing) - files.keys()))
    return replace(done, reads=reads, rest=None)


def _template(definition: Definition) -> Path | None:
    try:
        return find_template(definition)
    except PrintkitError:
        return None


def _has_booklet(definition: Definition) -> bool:
    """Whether preparing the booklet has anything to do: a template is found, or one is
    named and not found (a problem the booklet's preparation reports)."""
    try:
        return find_template(definition) is not None
    except PrintkitError:
        return True


def template_candidates(definition: Definition) -> list[Path]:
    """Where the booklet template of ``definition`` would be looked for."""
    named = str(definition.booklet.get("template") or "")
    if not named:
        return [definition.path.parent.resolve() / (definition.game + TEMPLATE_SUFFIX)]
    found = (inside(folder, named) for folder in (definition.path.parent, templates_dir()))
    return [path for path in found if path is not None]


OPTIONS = BuildOptions(layouts=("sheets", "tuckbox"))
"""What the preview prepares: the sheets and tuck boxes, as a build with no options."""


def _render(path: Path, variant: str | None, overrides: Settings
            ) -> tuple[Preview, Definition | None, Callable[[], Preview] | None]:
    """The preview of ``path`` without its booklet, its definition once that could be read,
    and what makes the complete preview when the game has a booklet."""
    definition = None
    try:
        game = resolve(str(path), variant=variant, overrides=overrides)
        definition = game.definition
        with game_fonts(definition.content.sheet_stack):
            kit = prepare_kit(game, OPTIONS, booklet=False)
            sections = kit_sections(kit)
    except PrintkitError as exc:
        return Preview(problems=exc.render()), definition, None
    files = font_files()
    characters = used_characters(all_svgs(sections))
    embed = Embedder(files, characters)
    sections = embedded(sections, embed)
    named = {*embed.families, "Vera"}  # the booklet is set in Vera
    served = tuple(font for font in files if font.family in named)
    first = Preview(game.definition.title, sections, fonts=served)
    if not _has_booklet(definition):
        return first, definition, None
    return first, definition, lambda: _booklet(first, game, kit.plan)


def _booklet(first: Preview, game: ResolvedGame, plan: PrintPlan) -> Preview:
    """``first`` with the game's booklet: its PDF's pages, and its HTML."""
    definition = game.definition
    try:
        with game_fonts(definition.content.sheet_stack):
            booklet = prepare_booklet(game, plan, OPTIONS)
            if booklet is None:
                return first
            at = definition.sections.get("booklet")
            view = booklet_view(booklet, plan.paper, f"{at.file}:{at.line}" if at else "")
    except PrintkitError as exc:
        return Preview(problems=exc.render())
    return replace(first, booklet=with_style(view.html, booklet_fonts(first.fonts)),
                   booklet_pages=view.section, booklet_pdf=view.pdf)


def with_style(page: str, css: str) -> str:
    """The HTML ``page`` with ``css`` in a style element at the start of its head."""
    at = page.find("<head>")
    if at < 0 or not css:
        return page
    at += len("<head>")
    return f"{page[:at]}<style>{css}</style>{page[at:]}"
