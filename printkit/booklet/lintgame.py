"""The booklet lints of one game: its template and every template that one includes,
imports or extends, each linted once (:mod:`printkit.booklet.lint`).

Templates are read through the booklet's own loader (:class:`~printkit.booklet.loader.
SafeLoader`), from the same folders a build searches, so nothing outside them is read.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import jinja2
import jinja2.meta

from printkit import memo
from printkit.booklet.build import find_template, templates_dir
from printkit.booklet.environment import display_name
from printkit.booklet.lint import template_problems
from printkit.booklet.loader import SafeLoader
from printkit.deck.model import Definition
from printkit.errors import PrintkitError, Problem
from printkit.kit.games import resolve
from printkit.settings import Settings


def template_files(template: Path, search: Sequence[Path]) -> list[tuple[str, str]]:
    """``(shown name, source)`` of ``template`` and of every template it reaches through
    ``include``, ``import``, ``from`` and ``extends`` with a name written as text (a name the
    template works out is not followed), each once."""
    loader = SafeLoader([str(p) for p in search], encoding="utf-8")
    env = jinja2.Environment(loader=loader)
    queue = [template.name]
    seen: set[str] = set()
    files: set[Path] = set()  # one file named two ways ("a.j2", "./a.j2") is read once
    out: list[tuple[str, str]] = []
    while queue:
        name = queue.pop(0)
        if name in seen:
            continue
        seen.add(name)
        try:
            source, filename, _ = loader.get_source(env, name)
        except (jinja2.TemplateNotFound, PrintkitError):
            continue  # rendering the booklet reports it, at the line that names it
        if Path(filename).resolve() in files:
            continue
        files.add(Path(filename).resolve())
        out.append((display_name(filename, name), source))
        try:
            named = jinja2.meta.find_referenced_templates(env.parse(source))
        except (jinja2.TemplateSyntaxError, RecursionError):
            continue  # a template Jinja cannot read is reported where it is rendered
        queue += [n for n in named if isinstance(n, str)]
    return out


def definition_problems(definition: Definition) -> list[Problem]:
    """The lint warnings of a definition's booklet (none without a booklet)."""
    template = find_template(definition)
    if template is None:
        return []
    search = list(dict.fromkeys([template.parent, definition.path.parent, templates_dir()]))
    found: list[Problem] = []
    for shown, source in template_files(template, search):
        found += memo.cached("booklet-lint", (shown, source),
                             functools.partial(template_problems, source, shown))
    return found


def booklet_warnings(name_or_path: str, *, variant: str | None = None,
                     overrides: Settings = ()) -> tuple[Problem, ...]:
    """The booklet lint warnings of a game, for the variant named or for the game as it is
    and every variant (each template linted once)."""
    found: dict[Problem, None] = {}
    with memo.session():
        base = resolve(name_or_path, variant=variant, overrides=overrides)
        names = [variant] if variant is not None else [None] + [
            v.name for v in base.definition.variants]
        templates: set[Path | None] = set()
        for name in names:
            game = base if name == variant else resolve(name_or_path, variant=name,
                                                        overrides=overrides)
            template = find_template(game.definition)
            if template in templates:
                continue
            templates.add(template)
            found.update(dict.fromkeys(definition_problems(game.definition)))
    return tuple(found)
