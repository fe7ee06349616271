"""Players for simulated games: pick one of the legal moves of a position.

An agent never changes the game's random stream: ``chance`` is the generator the game
will use for the move's own chance (deals, exchanges), which an agent may only copy, and
``rng`` is the agent's own generator for its choices.  Both are derived from the
simulation seed, so a run replays exactly.

Three agents play any game: ``random``, ``greedy`` and ``skilled`` (a tree search, see
:mod:`printkit.simulator.search`).  A game adds its own through the
``agents`` part of its plugin (see :mod:`printkit.plugin_contract`); the first of them
is the game's default, a player meant to play like a sensible beginner, so that what a
simulation reports about a variant says something about people playing it.  A game
without agents of its own is simulated with ``greedy`` by default.
"""

from __future__ import annotations

from typing import Any

from printkit import plugins
from printkit.errors import PrintkitError, did_you_mean
from printkit.rules.agentbase import Agent
from printkit.rules.base import Game
from printkit.simulator.basic_agents import GreedyAgent, RandomAgent
from printkit.simulator.search import SkilledAgent

AGENTS: dict[str, type[Agent]] = {cls.name: cls for cls in (RandomAgent, GreedyAgent,
                                                            SkilledAgent)}
"""The agents that play every game."""

FALLBACK = GreedyAgent.name
"""The default agent of a game that brings none of its own."""


def game_agents(game: Game[Any, Any, Any] | str | None) -> dict[str, type[Agent]]:
    """The agents that can play ``game`` (an engine or a game name): its own, its default
    first, then the generic ones (a game's own agent may not take a generic name)."""
    found: dict[str, type[Agent]] = {}
    name = game if isinstance(game, str) or game is None else game.name
    if name is not None:
        try:
            plugin = plugins.find(name)
        except PrintkitError:
            plugin = None  # an engine without a plugin (a test's) plays the generic agents
        for cls in _own(plugin) if plugin is not None else ():
            found.setdefault(cls.name, cls)
    for key, cls in AGENTS.items():
        found.setdefault(key, cls)
    return found


def _own(plugin: plugins.GamePlugin) -> tuple[type[Agent], ...]:
    """The agents a plugin declares (checked by the plugin contract), none taking the name
    of a generic agent."""
    declared = plugin.agent_classes()
    for cls in declared:
        if cls.name in AGENTS:
            raise plugins.PluginError(f"{plugins.label(plugin.name)}: its agent {cls.name!r} "
                                      "takes the name of a generic agent")
    return declared


def default_agent(game: Game[Any, Any, Any] | str | None) -> str:
    """The name of the agent that plays ``game`` when none is asked for."""
    own = game_agents(game)
    first = next(iter(own))
    return first if first not in AGENTS else FALLBACK


def make_agent(name: str | None, game: Game[Any, Any, Any] | str | None = None) -> Agent:
    """The agent called ``name`` for ``game`` (its default agent when ``name`` is None);
    ``KeyError`` with a suggestion for an unknown name."""
    known = game_agents(game)
    if name is None:
        name = default_agent(game)
    try:
        return known[name]()
    except KeyError:
        raise KeyError(f"no agent named {name!r}" + did_you_mean(name, known)
                       + f"; the agents are: {', '.join(known)}") from None


__all__ = ["AGENTS", "FALLBACK", "Agent", "GreedyAgent", "RandomAgent", "default_agent",
           "game_agents", "make_agent"]
