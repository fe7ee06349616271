"""Rules engines by game name, from the installed game plugins (imported only when asked)."""

from __future__ import annotations

from typing import Any, TypeVar

from printkit import memo, plugins
from printkit.plugins import UnknownGameError
from printkit.rules.base import Game

G = TypeVar("G", bound=Game[Any, Any, Any])


def engine_names() -> tuple[str, ...]:
    """Names of the installed games that have a rules engine, sorted (a plugin that cannot
    be loaded is left out; ``printkit list`` names it)."""
    return tuple(p.name for p in plugins.plugins() if p.engine is not None)


def engine_class(name: str) -> type[Game[Any, Any, Any]]:
    """The :class:`Game` subclass of the game ``name``.

    Raises :class:`~printkit.plugins.UnknownGameError` (with a "did you mean") for a name no
    installed game has, or that names a game without rules, and
    :class:`~printkit.plugins.PluginError` naming the game when its engine cannot be loaded.
    """
    engine = plugins.find(name).engine_class()
    if engine is None:
        others = engine_names()
        raise UnknownGameError(f"the game {name!r} has no rules engine; the games that have "
                               f"one are: {', '.join(others) if others else 'none'}")
    return engine


def build_engine(cls: type[G], params: Any) -> G:
    """An engine of ``cls`` for ``params``.  Building one can cost more than a game's whole
    check (the large Stars and Stripes boards precompute every move), and an engine's answers
    depend on its parameters alone, so a :func:`printkit.memo.session` builds one per
    distinct set of parameters (the base game, its variants and their booklet examples)."""
    return memo.cached("engine", (cls, params), lambda: cls(params))
