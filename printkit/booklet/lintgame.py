"""The booklet lints of one definition: its template and every template that one includes,
imports or extends, each linted once (:mod:`printkit.booklet.lint`); a game and all its
variants are linted by :mod:`printkit.kit.bookletlint`.

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
from printkit.definition.model import Definition
from printkit.errors import PrintkitError, Problem


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
