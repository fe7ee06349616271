"""The colour-vision and greyscale check of ``printkit check``: every colour set a game
draws (its layouts' ``by:`` fills and the sets its plugin states), for the game as it is
and each variant, measured by :mod:`printkit.definition.colourvision`.

A game plugin states the sets its own code draws in a module ``colours`` of its package,
whose ``colour_sets(definition, engine)`` returns a sequence of
:class:`~printkit.definition.colourcues.ColourSet`; a plugin without that module states none.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from printkit import memo, plugins
from printkit.definition.colourcues import ColourSet, layout_sets, palette_sets
from printkit.definition.colourvision import colour_problems
from printkit.definition.model import Definition
from printkit.errors import PrintkitError, Problem
from printkit.kit.games import resolve
from printkit.settings import Settings

MODULE = "colours"
"""The module of a game plugin's package that states its colour sets."""


def game_sets(definition: Definition, engine: Any) -> list[ColourSet]:
    """The colour sets the game's plugin states for ``definition`` (none for a game
    without a plugin or without a ``colours`` module)."""
    name = definition.rules or definition.game
    if not name or name not in plugins.game_names():
        return []
    try:
        package = plugins.find(name).package
    except PrintkitError:
        return []
    module_name = f"{package}.{MODULE}"
    if importlib.util.find_spec(module_name) is None:
        return []
    stated = importlib.import_module(module_name).colour_sets(definition, engine)
    sets = list(stated)
    if not all(isinstance(s, ColourSet) for s in sets):
        raise TypeError(f"{module_name}.colour_sets gave something that is not a ColourSet")
    return sets


def colour_sets(definition: Definition, engine: Any) -> list[ColourSet]:
    """Every colour set of ``definition``: its layouts', its boards' palettes and its
    game's."""
    return [*layout_sets(definition), *palette_sets(definition),
            *game_sets(definition, engine)]


def colour_warnings(name_or_path: str, *, variant: str | None = None,
                    overrides: Settings = ()) -> tuple[Problem, ...]:
    """The colour warnings of a game, for the variant named or for the game as it is and
    every variant (each warning once, in the order found)."""
    found: dict[Problem, None] = {}
    with memo.session():
        base = resolve(name_or_path, variant=variant, overrides=overrides)
        names = [variant] if variant is not None else [None] + [
            v.name for v in base.definition.variants]
        for name in names:
            game = base if name == variant else resolve(name_or_path, variant=name,
                                                        overrides=overrides)
            found.update(dict.fromkeys(colour_problems(colour_sets(game.definition,
                                                                   game.engine))))
    return tuple(found)
