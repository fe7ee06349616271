"""From a game definition and its engine to a verified booklet.

:func:`load_booklet` renders the template, parses the Markdown and has the rules engine
verify every example; it raises before anything could be written.
:func:`printkit.booklet.files.booklet_files` then writes the booklet's three files (kept
apart, so that ``printkit check`` does not load the PDF writers).
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any

from printkit import memo, plugins
from printkit.booklet.components import counts_for
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.cover import cover
from printkit.booklet.document import Block, Booklet, Directive, ExampleSource
from printkit.booklet.environment import RenderedText, make_environment, render_template
from printkit.booklet.examples import verify_blocks
from printkit.booklet.figures import check_highlights, face_library, make_figure
from printkit.booklet.frontmatter import split_front_matter
from printkit.booklet.glyphs import booklet_stack, glyph_problems
from printkit.booklet.markdown import parse_markdown
from printkit.booklet.parts import check_parts, resolve_part
from printkit.definition.model import Definition
from printkit.errors import DefinitionError, Problem
from printkit.pdf.geometry import SheetSpec
from printkit.rules.base import Game

TEMPLATE_SUFFIX = ".md.j2"


def templates_dir() -> Path:
    """The shipped templates and their shared partials (the package ``printkit.templates``)."""
    return Path(str(importlib.resources.files("printkit.templates")))


def _plugin_template(game: str) -> Path | None:
    """The template an installed game's plugin declares, if the game is installed."""
    if game not in plugins.game_names():
        return None
    template = plugins.find(game).template
    if template is None:
        return None
    path = Path(str(template.traversable()))
    return path if path.is_file() else None


def find_template(definition: Definition) -> Path | None:
    """The booklet template of ``definition``, or ``None`` if the game has no booklet.

    A template named in the definition must exist beside the definition (or in a folder
    below it) or among the shipped templates, and must not lead out of there through a
    link; without a name, the template of the installed game of the same name is used, else
    ``<game>.md.j2`` beside the definition if there is one.
    """
    named = str(definition.booklet.get("template") or "")
    if named:
        for folder in (definition.path.parent, templates_dir()):
            candidate = inside(folder, named)
            if candidate is not None and candidate.is_file():
                return candidate
        raise DefinitionError(f"{definition.path}: booklet template {named!r} is neither "
                              f"beside the definition nor among the shipped templates")
    found = _plugin_template(definition.game)
    if found is not None:
        return found
    candidate = inside(definition.path.parent, definition.game + TEMPLATE_SUFFIX)
    return candidate if candidate is not None and candidate.is_file() else None


def inside(folder: Path, relative: str) -> Path | None:
    """``folder/relative`` if it stays inside ``folder`` once links are followed, else None."""
    root = folder.resolve()
    candidate = (root / relative).resolve()
    return candidate if candidate.is_relative_to(root) else None


def player_colours(definition: Definition) -> tuple[str, ...]:
    """The booklet's player colours (the schema guarantees a list of colours)."""
    value = definition.booklet.get("player_colours", ())
    return tuple(str(c) for c in value) if isinstance(value, (list, tuple)) else ()


def _rendered(definition: Definition, engine: Game[Any, Any, Any] | None,
              path: Path) -> RenderedText:
    """The booklet template at ``path`` rendered for ``definition``."""
    search = dict.fromkeys([path.parent, definition.path.parent, templates_dir()])
    # one environment per template folder and session: its templates are compiled once for
    # the base game and every variant (Jinja renders a compiled template with any context)
    env = memo.cached("booklet-environment", tuple(search),
                      lambda: make_environment(list(search), filters=FILTERS))
    return render_template(env, path.name, template_context(definition, engine))


def booklet_glyph_problems(definition: Definition,
                           engine: Game[Any, Any, Any] | None) -> list[Problem]:
    """The characters of the booklet no font of its stack has (none without a template):
    what :func:`load_booklet` raises first, found early so that they are reported beside
    the definition's own missing characters."""
    path = find_template(definition)
    if path is None:
        return []
    return glyph_problems(booklet_stack(definition), _rendered(definition, engine, path))


def load_booklet(definition: Definition, engine: Game[Any, Any, Any] | None, *,
                 template: Path | None = None, spec: SheetSpec | None = None
                 ) -> Booklet | None:
    """The verified booklet of a game (``None`` if it has no template).

    ``spec`` is the card sheet the build prints on (the definition's own print settings
    when ``None``): the components page counts sheets with it.  Raises
    :class:`~printkit.errors.DefinitionError` for template problems and
    :class:`~printkit.errors.ExampleError` for false claims, located in the template.
    """
    path = template or find_template(definition)
    if path is None:
        return None
    rendered = _rendered(definition, engine, path)
    fonts = booklet_stack(definition)
    missing = glyph_problems(fonts, rendered)  # every word in the definition's fonts
    if missing:
        raise DefinitionError(missing)
    front, rendered = split_front_matter(rendered)
    blocks = parse_markdown(rendered)
    sources = [b for b in blocks if isinstance(b, ExampleSource)]
    if sources and (engine is None or definition.rules is None):
        raise DefinitionError([Problem(f"{definition.title} has no rules engine to check "
                                       "this example", s.location) for s in sources])
    examples = verify_blocks(sources, rendered, game=str(definition.rules),
                             base_params=definition.parameters,
                             check_squares=check_highlights) if sources else []
    colours = player_colours(definition)
    figures = iter(examples)
    faces = face_library(definition)
    counts = counts_for(definition, spec)
    check_parts([b for b in blocks if isinstance(b, Directive)])
    final: list[Block] = []
    number = 0
    for block in blocks:
        if isinstance(block, ExampleSource):
            number += 1
            final.append(make_figure(number, next(figures), definition, colours, faces))
        elif isinstance(block, Directive):
            final.append(resolve_part(block, definition, engine, counts))
        else:
            final.append(block)
    return Booklet(definition.title, cover(definition, front, faces, number), tuple(final),
                   number, fonts)
