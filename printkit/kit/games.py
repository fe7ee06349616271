"""Find game definitions (installed or by path) and check their parameters with the engine."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit import plugins
from printkit.booklet.build import booklet_glyph_problems
from printkit.definition.load import GlyphsMissing, load_definition
from printkit.definition.model import Definition
from printkit.definition.variantnote import name_variant
from printkit.errors import DefinitionError, PrintkitError, Problem, sort_problems
from printkit.examples.check import over_limits
from printkit.plugins import PluginError, unknown_game
from printkit.render.kinds import kinds_for
from printkit.rules.base import Game, ParamsError, make_params
from printkit.rules.registry import build_engine, engine_class
from printkit.settings import Settings


def installed_games() -> tuple[str, ...]:
    """Names of the installed games that ship a definition, sorted.  A game whose plugin
    cannot be loaded is left out (``printkit list`` names it with its error), so it stops
    no other game."""
    return tuple(p.name for p in plugins.plugins() if p.definition is not None)


def shipped_definition(name: str) -> Path:
    """The definition file a game ships.

    Raises :class:`~printkit.plugins.UnknownGameError` for a name no installed game has (or
    one that ships no definition) and :class:`~printkit.plugins.PluginError` when the
    game's definition is not a file on disk.
    """
    plugin = plugins.find(name)
    if plugin.definition is None:
        raise unknown_game(name, installed_games())
    try:
        resource = plugin.definition.traversable()
    except (ImportError, OSError) as exc:
        raise PluginError(f"{plugins.label(name)}: cannot find its definition "
                          f"{plugin.definition}: {exc}") from None
    path = Path(str(resource))
    if not path.is_file():
        raise PluginError(f"{plugins.label(name)}: its definition {plugin.definition} is not "
                          "a file on disk")
    return path


ACCEPTED = ("an installed game's name (printkit list shows them) or a definition file "
            "(.yaml)")
"""What a command that takes one game accepts, in words."""


def definition_path(name_or_path: str) -> Path:
    """An installed game by name, or a definition file by path.

    Raises :class:`DefinitionError` for a path that is not a regular file (a folder, a
    device such as ``/dev/null``), or that does not exist, and
    :class:`~printkit.plugins.UnknownGameError` for a name that no game has.
    """
    path = Path(name_or_path)
    if path.is_file():
        return path
    if path.is_dir() and name_or_path in plugins.game_names():
        return shipped_definition(name_or_path)  # a game's own folder (printkit new --plugin)
    if path.is_dir():
        raise DefinitionError(f"{name_or_path!r} is a folder: give {ACCEPTED}")
    if path.exists():
        raise DefinitionError(f"{name_or_path!r} is not a regular file: give {ACCEPTED}")
    if path.suffix in (".yaml", ".yml") or "/" in name_or_path or os.sep in name_or_path:
        raise DefinitionError(f"no such file: {name_or_path}")
    return shipped_definition(name_or_path)


@dataclass(frozen=True)
class ResolvedGame:
    """A definition with its rules engine built from the checked parameters."""

    definition: Definition
    engine: Game[Any, Any, Any] | None

    @property
    def params(self) -> Any:
        """The engine's parameters (``None`` for a game without rules)."""
        return self.engine.params if self.engine is not None else None


def check_parameters(rules: str, parameters: Mapping[str, object]) -> list[tuple[str, str]]:
    """Problems the named engine finds in ``parameters`` (an unknown engine is one too), and
    any measure of the game they make that is over printkit's limits."""
    try:
        engine = engine_class(rules)
    except PrintkitError as exc:
        return [("", problem.message) for problem in exc.problems]
    try:
        params = make_params(engine.Params, parameters)
    except ParamsError as exc:
        return list(exc.problems)
    return over_limits(engine, params)


def resolve(name_or_path: str, *, variant: str | None = None,
            overrides: Settings = ()) -> ResolvedGame:
    """Load a definition and build its engine; every problem raised together.

    The definition may name printkit's generic kinds and those of the game its ``game:``
    names (see :func:`printkit.render.kinds.kinds_for`).  The problems of loading a
    ``variant`` end with a line naming it.
    """
    path = definition_path(name_or_path)
    display = str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path)
    try:
        definition = _load(path, variant=variant, overrides=overrides, display=display)
    except PrintkitError as exc:
        named = f"--variant {variant}"
        if variant is None or any(p.location is not None and p.location.source_line == named
                                  for p in exc.problems):  # the variant itself is wrong
            raise
        note = Problem(f"these problems were found loading {display} with the variant "
                       f"{variant!r} (--variant {variant})")
        try:  # what the definition holds without the variant is not the variant's
            _load(path, variant=None, overrides=overrides, display=display)
            without: tuple[Problem, ...] = ()
        except PrintkitError as plain:
            without = plain.problems
        located = name_variant(exc.problems, path, display, variant, without)
        raise type(exc)([*located, note]) from None
    return ResolvedGame(definition, _engine(definition))


def _engine(definition: Definition) -> Game[Any, Any, Any] | None:
    """The rules engine a checked definition names, with its parameters (``None``
    without rules)."""
    if definition.rules is None:
        return None
    cls = engine_class(definition.rules)
    return build_engine(cls, make_params(cls.Params, definition.parameters))


def _load(path: Path, *, variant: str | None, overrides: Settings,
          display: str) -> Definition:
    """The checked definition; where its only problems are characters its fonts lack,
    those of its booklet are raised with them (the booklet needs a whole definition to be
    rendered, so they would otherwise be found only once the others were fixed)."""
    try:
        return load_definition(path, variant=variant, overrides=overrides, display=display,
                               check_parameters=check_parameters, kinds=kinds_for)
    except GlyphsMissing as exc:
        try:
            booklet = booklet_glyph_problems(exc.definition, _engine(exc.definition))
        except PrintkitError:  # the booklet's other problems come once these are fixed
            booklet = []
        raise DefinitionError(sort_problems([*exc.problems, *booklet])) from None


def load(path: Path | str, *, variant: str | None = None,
         overrides: Settings = ()) -> Definition:
    """The checked definition in ``path`` (or of an installed game), with its game's kinds
    and engine; every problem raised together."""
    return resolve(str(path), variant=variant, overrides=overrides).definition
