"""The booklet lint warnings of a game as ``check`` reports them: for the variant named, or
for the game as it is and every variant, each template linted once
(:mod:`printkit.booklet.lintgame` lints one definition's templates)."""

from __future__ import annotations

from pathlib import Path

from printkit import memo
from printkit.booklet.build import find_template
from printkit.booklet.lintgame import definition_problems
from printkit.errors import Problem
from printkit.kit.games import resolve
from printkit.settings import Settings


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
