"""What a game gives printkit, and how printkit finds the games.

A game is a :class:`GamePlugin`: a small declaration naming the parts the generic layers may
ask for (its rules engine, face and back kinds, booklet phrasebook, board picture,
position diagrams, components, simulation agents) and the package resources holding its
definition and booklet template.  Every game, the shipped ones included, is registered under the
``printkit.games`` entry-point group of its distribution::

    [project.entry-points."printkit.games"]
    my-game = "my_game:PLUGIN"

Entry points are read once and loaded only when a game is asked for; the parts of a plugin
are ``"module:attribute"`` references (relative to the plugin's package when they start
with a dot) imported on first use, so listing the games imports no engine and building one
imports no other game.

This module sits at the bottom of the layers: it hands out the parts as plain objects, and
each layer checks the type of what it asks for (see :func:`GamePlugin.part`).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.resources
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import TypeVar

from printkit.errors import PrintkitError, Problem, did_you_mean

ENTRY_POINT_GROUP = "printkit.games"
"""The entry-point group games register under."""

PARTS = ("engine", "face_kinds", "back_kinds", "phrases", "board", "positions", "components",
         "agents")
"""The parts a plugin may name (each optional)."""

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")

T = TypeVar("T")


class UnknownGameError(PrintkitError):
    """No installed game has the name asked for."""

    def __init__(self, name: str, known: list[str]) -> None:
        listed = ", ".join(known) if known else "none is installed"
        super().__init__(f"unknown game {name!r}" + did_you_mean(name, known)
                         + f"; the games are: {listed}")
        self.name = name


class PluginError(PrintkitError):
    """A game plugin cannot be loaded or does not give what it declares."""


@dataclass(frozen=True)
class Resource:
    """A file inside an installed package (read with :mod:`importlib.resources`)."""

    package: str
    name: str

    def files(self) -> Traversable:
        """The folder of the package."""
        return importlib.resources.files(self.package)

    def traversable(self) -> Traversable:
        """The file itself."""
        return self.files().joinpath(self.name)

    def read_text(self) -> str:
        """The file's text (UTF-8)."""
        return self.traversable().read_text(encoding="utf-8")

    def __str__(self) -> str:
        return f"{self.package}/{self.name}"


@dataclass(frozen=True)
class GamePlugin:
    """One game as printkit sees it.

    ``name`` is the game's identifier (``stars-and-stripes``): the name users type, the
    ``game:`` of its definition and the ``rules:`` of any definition that plays by its
    engine.  Each part is a ``"module:attribute"`` reference, relative to ``package`` when
    it starts with a dot; ``None`` when the game has no such part.

    Parts, and what the layer that asks for one expects:

    ``engine``
        a :class:`~printkit.rules.base.Game` subclass;
    ``face_kinds`` / ``back_kinds``
        a sequence of :class:`~printkit.render.kinds.FaceKind` values;
    ``phrases``
        a :class:`~printkit.booklet.phrases.base.Phrasebook` subclass;
    ``board``
        a :data:`~printkit.render.board.BoardMaker`: (engine, definition) -> board picture;
    ``positions``
        a :data:`~printkit.render.diagram.ViewMaker`: a position as a diagram draws it;
    ``components``
        a function (definition, engine) -> the game's extra components, for the booklet;
    ``agents``
        a sequence of :class:`~printkit.rules.agents.Agent` subclasses that play the game
        for ``printkit simulate``, the first being its default (a game without them is
        simulated with the generic agents only).
    """

    name: str
    title: str
    package: str
    engine: str | None = None
    face_kinds: str | None = None
    back_kinds: str | None = None
    phrases: str | None = None
    board: str | None = None
    positions: str | None = None
    components: str | None = None
    agents: str | None = None
    definition: Resource | None = None
    """The shipped definition (YAML), if the game ships one."""
    template: Resource | None = None
    """The booklet template (``.md.j2``), if the game has a booklet."""
    _loaded: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise PluginError(f"game plugin name {self.name!r} must be lower case letters, "
                              "digits and dashes")

    def has(self, part: str) -> bool:
        """Whether the plugin names ``part``."""
        return getattr(self, part) is not None

    def part(self, part: str, kind: type[T] | tuple[type, ...] | None = None) -> object:
        """The object ``part`` refers to, imported on first use.

        ``kind`` (a class) checks that the object is an instance or subclass of it.  Raises
        :class:`PluginError` naming the game if the reference cannot be imported or is of
        the wrong kind, and ``LookupError`` if the plugin has no such part.
        """
        if part not in PARTS:
            raise LookupError(f"{part!r} is not a plugin part; parts: {', '.join(PARTS)}")
        reference = getattr(self, part)
        if reference is None:
            raise LookupError(f"the game {self.name!r} has no {part}")
        if part in self._loaded:
            return self._loaded[part]
        value = _resolve(self, part, reference)
        if kind is not None and not (isinstance(value, kind) or (
                isinstance(value, type) and issubclass(value, kind))):
            names = kind.__name__ if isinstance(kind, type) else "/".join(
                k.__name__ for k in kind)
            raise PluginError(f"game plugin {self.name!r}: {part} {reference!r} is "
                              f"{type(value).__name__}, not {names}")
        self._loaded[part] = value
        return value


def _resolve(plugin: GamePlugin, part: str, reference: str) -> object:
    module_name, colon, attribute = reference.partition(":")
    if not colon or not attribute:
        raise PluginError(f"game plugin {plugin.name!r}: {part} {reference!r} must be "
                          "'module:attribute'")
    if module_name.startswith("."):
        module_name = plugin.package + module_name if module_name != "." else plugin.package
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a broken plugin is named, whatever it raised
        raise PluginError(f"game plugin {plugin.name!r}: cannot import {module_name} for "
                          f"its {part}: {type(exc).__name__}: {exc}") from exc
    value: object = module
    for step in attribute.split("."):
        try:
            value = getattr(value, step)
        except AttributeError:
            raise PluginError(f"game plugin {plugin.name!r}: {module_name} has no "
                              f"{attribute!r} (its {part})") from None
    return value


# --------------------------------------------------------------------------- the registry


@dataclass
class _Registry:
    entry_points: dict[str, importlib.metadata.EntryPoint] | None = None
    loaded: dict[str, GamePlugin] = field(default_factory=dict)
    extra: dict[str, GamePlugin] = field(default_factory=dict)

    def points(self) -> dict[str, importlib.metadata.EntryPoint]:
        if self.entry_points is None:
            found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
            self.entry_points = {ep.name: ep for ep in sorted(found, key=lambda e: e.name)}
        return self.entry_points


_REGISTRY = _Registry()


def game_names() -> tuple[str, ...]:
    """The names of every installed game, sorted (nothing is imported)."""
    return tuple(sorted({*_REGISTRY.points(), *_REGISTRY.extra}))


def find(name: str) -> GamePlugin:
    """The plugin of the game ``name``.

    Raises :class:`UnknownGameError` (with a "did you mean") when no game has that name,
    and :class:`PluginError` naming the game when its plugin fails to load.
    """
    if name in _REGISTRY.extra:
        return _REGISTRY.extra[name]
    if name in _REGISTRY.loaded:
        return _REGISTRY.loaded[name]
    point = _REGISTRY.points().get(name)
    if point is None:
        raise UnknownGameError(name, list(game_names()))
    try:
        plugin = point.load()
    except Exception as exc:  # a broken plugin is named, whatever it raised
        raise PluginError(f"game plugin {name!r} ({point.value}) cannot be loaded: "
                          f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(plugin, GamePlugin):
        raise PluginError(f"game plugin {name!r} ({point.value}) is a "
                          f"{type(plugin).__name__}, not a printkit GamePlugin")
    if plugin.name != name:
        raise PluginError(f"the entry point {name!r} ({point.value}) declares a game named "
                          f"{plugin.name!r}; the two names must agree")
    _REGISTRY.loaded[name] = plugin
    return plugin


def plugins() -> tuple[GamePlugin, ...]:
    """Every installed game's plugin, by name.  A plugin that fails to load raises
    :class:`PluginError` naming it."""
    return tuple(find(name) for name in game_names())


def load_problems() -> list[Problem]:
    """One problem for each installed plugin that cannot be loaded (for ``printkit list``)."""
    problems: list[Problem] = []
    for name in game_names():
        try:
            find(name)
        except PrintkitError as exc:
            problems.extend(exc.problems)
    return problems


def where_looked() -> str:
    """Where games are looked for, in words (for messages when none is found)."""
    return (f"entry points of the group {ENTRY_POINT_GROUP!r} in the Python environment of "
            "this printkit (install a game package, or reinstall printkit itself)")


@contextmanager
def registered(*extra: GamePlugin) -> Iterator[None]:
    """Make ``extra`` plugins findable for the duration of a ``with`` block (for tests of
    games that are not installed)."""
    before = dict(_REGISTRY.extra)
    _REGISTRY.extra.update({p.name: p for p in extra})
    try:
        yield
    finally:
        _REGISTRY.extra.clear()
        _REGISTRY.extra.update(before)


__all__ = [
    "ENTRY_POINT_GROUP",
    "PARTS",
    "GamePlugin",
    "PluginError",
    "Resource",
    "UnknownGameError",
    "find",
    "game_names",
    "load_problems",
    "plugins",
    "registered",
    "where_looked",
]
