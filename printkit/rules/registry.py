"""Rules engines by game name, from the installed game plugins (imported only when asked)."""

from __future__ import annotations

from typing import Any, cast

from printkit import plugins
from printkit.plugins import PluginError, UnknownGameError
from printkit.rules.base import Game


def engine_names() -> tuple[str, ...]:
    """Names of the installed games that have a rules engine, sorted."""
    return tuple(p.name for p in plugins.plugins() if p.has("engine"))


def engine_class(name: str) -> type[Game[Any, Any, Any]]:
    """The :class:`Game` subclass of the game ``name``.

    Raises :class:`~printkit.plugins.UnknownGameError` (with a "did you mean") for a name no
    installed game has, or that names a game without rules, and
    :class:`~printkit.plugins.PluginError` naming the game when its engine cannot be loaded.
    """
    plugin = plugins.find(name)
    if not plugin.has("engine"):
        raise UnknownGameError(name, list(engine_names()))
    engine = plugin.part("engine", Game)
    if not isinstance(engine, type):
        raise PluginError(f"game plugin {name!r}: its engine must be a Game subclass")
    return cast(type[Game[Any, Any, Any]], engine)
