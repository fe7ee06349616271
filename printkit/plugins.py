"""What a game gives printkit, and how printkit finds the games.

A game is a :class:`GamePlugin`: a small declaration naming the parts the generic layers may
ask for (its rules engine, face and back kinds, booklet phrasebook, board picture,
position diagrams, simulation agents) and the package resources holding its definition and
booklet template.  What each part must be is the contract of :mod:`printkit.plugin_contract`;
the layers ask for a part through the plugin's typed accessors (:meth:`GamePlugin.engine_class`
and the others), which import it and check it against the contract.  Every game, the
shipped ones included, is registered under the ``printkit.games`` entry-point group of its
distribution::

    [project.entry-points."printkit.games"]
    my-game = "my_game:PLUGIN"

Entry points are listed without importing anything, and each is loaded only when its game
is asked for, one at a time; the parts of a plugin are ``"module:attribute"`` references
(relative to the plugin's package when they start with a dot) imported when the plugin is
loaded, so listing the games imports only the plugins and building one imports no other
game.  A plugin that
cannot be loaded is remembered with its error, which names its distribution and version:
asking for that game raises it, and every other game works as before
(:func:`plugins` skips it, :func:`load_problems` reports it).  :mod:`printkit.blame` tells
whether an exception was raised inside a game plugin installed from another distribution,
so that its bug is reported as that plugin's.

A plugin is checked whole when it is loaded: its declaration (its parts are references of
the right form, those that work on the engine come with one), then every part imported and
checked against the contract; one error lists every problem, each naming the plugin, its
distribution and version, and the part.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.resources
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, TypeVar, cast

from printkit import plugin_contract as contract
from printkit.errors import PrintkitError, Problem, did_you_mean

if TYPE_CHECKING:
    from printkit.plugin_contract import (
        AgentClasses,
        BackKinds,
        Board,
        EngineClass,
        FaceKinds,
        Phrases,
        Positions,
    )

ENTRY_POINT_GROUP = "printkit.games"
"""The entry-point group games register under."""

PARTS = contract.PART_NAMES
"""The parts a plugin may name (each optional; see :mod:`printkit.plugin_contract`)."""

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")

T = TypeVar("T")


class UnknownGameError(PrintkitError):
    """No installed game has the name asked for (made by :func:`unknown_game`).

    Built from its problems like every :class:`PrintkitError`, so that the problems found
    in a worker process can be raised again in the parent."""


def unknown_game(name: str, known: Sequence[str]) -> UnknownGameError:
    """The error for a game name no installed game has: a "did you mean" and the games."""
    listed = ", ".join(known) if known else "none is installed"
    return UnknownGameError(f"unknown game {name!r}" + did_you_mean(name, known)
                            + f"; the games are: {listed}")


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
    it starts with a dot; ``None`` when the game has no such part.  What each part must be
    is the contract of :mod:`printkit.plugin_contract`; the layers ask for a part by its
    typed accessor (:meth:`engine_class`, :meth:`own_face_kinds`, :meth:`own_back_kinds`,
    :meth:`phrasebook`, :meth:`board_maker`, :meth:`position_pictures`,
    :meth:`agent_classes`), which imports it on first use and checks it.
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
    agents: str | None = None
    definition: Resource | None = None
    """The shipped definition (YAML), if the game ships one."""
    template: Resource | None = None
    """The booklet template (``.md.j2``), if the game has a booklet."""
    _loaded: dict[str, object] = field(default_factory=dict, init=False, compare=False,
                                       repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise PluginError(f"game plugin name {self.name!r} must be lower case letters, "
                              "digits and dashes")

    # ---- the typed accessors (see printkit.plugin_contract)
    def engine_class(self) -> EngineClass | None:
        """The game's rules engine, a :class:`~printkit.rules.base.Game` subclass."""
        return self._get(contract.ENGINE)

    def own_face_kinds(self) -> FaceKinds:
        """The face kinds the game's definitions may name beside the generic ones."""
        return self._get(contract.FACE_KINDS) or ()

    def own_back_kinds(self) -> BackKinds:
        """The back kinds the game's definitions may name beside the generic ones."""
        return self._get(contract.BACK_KINDS) or ()

    def phrasebook(self) -> Phrases | None:
        """A new phrasebook of the game's own, or ``None`` when it words its claims with
        the generic one."""
        found = self._get(contract.PHRASES)
        return found() if found is not None else None

    def board_maker(self) -> Board | None:
        """The function drawing the game's board, or ``None`` for a game without one."""
        return self._get(contract.BOARD)

    def position_pictures(self) -> Positions | None:
        """How the game's positions are drawn in its booklet, or ``None`` when its examples
        are printed as text."""
        return self._get(contract.POSITIONS)

    def agent_classes(self) -> AgentClasses:
        """The game's own simulation agents, its default first (empty when it has none)."""
        return self._get(contract.AGENTS) or ()

    def part_problems(self) -> list[Problem]:
        """Every part imported and checked against the contract now, rather than when first
        used: one problem for each that fails, all of them (for a plugin's own tests, as
        ``assert plugins.find("toy-nim").part_problems() == []``)."""
        problems: list[Problem] = []
        for part in contract.PARTS:
            try:
                self._get(part)
            except PluginError as exc:
                problems.extend(exc.problems)
        return problems

    def _get(self, part: contract.Part[T]) -> T | None:
        """``part`` imported on first use and checked against the contract, or ``None``
        when the plugin does not give it.  Raises :class:`PluginError` naming the plugin,
        its distribution and the part when it cannot be imported or is mistyped."""
        if part.name in self._loaded:
            return cast(T, self._loaded[part.name])  # stored by the check below
        reference = getattr(self, part.name)
        if reference is None:
            return None
        value = _resolve(self, part.name, reference)
        try:
            checked = part.check(value)
        except contract.Mistyped as exc:
            raise PluginError(f"{label(self.name)}: its {part.name} {reference!r} is {exc}"
                              ) from None
        self._loaded[part.name] = checked
        return checked


def declaration_problems(plugin: GamePlugin) -> list[str]:
    """What is wrong with ``plugin``'s declaration, each in words (nothing is imported)."""
    problems = contract.declaration_problems(
        {f.name: getattr(plugin, f.name) for f in fields(plugin) if f.init})
    for key in ("definition", "template"):
        value = getattr(plugin, key)
        if value is not None and not (isinstance(value, Resource) and isinstance(
                value.package, str) and isinstance(value.name, str)):
            problems.append(f"its {key} is {type(value).__name__}, not a Resource(package, "
                            "file name)")
    return problems


def _check_declaration(plugin: GamePlugin) -> None:
    problems = declaration_problems(plugin)
    if problems:
        raise PluginError([Problem(f"{label(plugin.name)}: {p}") for p in problems])


def part_module(plugin: GamePlugin, part: str) -> str | None:
    """The name of the module holding ``part`` of ``plugin`` (``None`` when it has none)."""
    reference = getattr(plugin, part, None)
    if not isinstance(reference, str):
        return None
    module_name = reference.partition(":")[0]
    if module_name.startswith("."):
        return plugin.package + module_name if module_name != "." else plugin.package
    return module_name


def _resolve(plugin: GamePlugin, part: str, reference: str) -> object:
    _, colon, attribute = reference.partition(":")
    if not colon or not attribute:
        raise PluginError(f"{label(plugin.name)}: {part} {reference!r} must be "
                          "'module:attribute'")
    module_name = part_module(plugin, part) or ""
    try:
        module = importlib.import_module(module_name)
    except MemoryError:  # the memory budget's own stop, not a broken plugin
        raise
    except Exception as exc:  # a broken plugin is named, whatever it raised
        raise PluginError(f"{label(plugin.name)}: cannot import {module_name} for "
                          f"its {part}: {type(exc).__name__}: {exc}") from exc
    value: object = module
    for step in attribute.split("."):
        try:
            value = getattr(value, step)
        except AttributeError:
            raise PluginError(f"{label(plugin.name)}: {module_name} has no "
                              f"{attribute!r} (its {part})") from None
    return value


# --------------------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Distribution:
    """The installed distribution (pip package) an entry point comes from."""

    name: str
    version: str

    def __str__(self) -> str:
        return f"{self.name} {self.version}"


@dataclass
class _Registry:
    entry_points: dict[str, importlib.metadata.EntryPoint] | None = None
    clashes: dict[str, list[str]] = field(default_factory=dict)
    """Game names declared by more than one distribution: the distributions."""
    loaded: dict[str, GamePlugin] = field(default_factory=dict)
    failed: dict[str, PluginError] = field(default_factory=dict)
    """The error of each plugin that could not be loaded (raised again when asked for)."""
    extra: dict[str, GamePlugin] = field(default_factory=dict)

    def points(self) -> dict[str, importlib.metadata.EntryPoint]:
        """The entry points by game name (read once; nothing is imported)."""
        if self.entry_points is None:
            found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
            points: dict[str, importlib.metadata.EntryPoint] = {}
            for point in sorted(found, key=lambda e: (e.name, _distribution_name(e))):
                if point.name in points:
                    self.clashes.setdefault(point.name, [str(_distribution(
                        points[point.name]))]).append(str(_distribution(point)))
                points[point.name] = point
            self.entry_points = points
        return self.entry_points


def _distribution(point: importlib.metadata.EntryPoint) -> Distribution | None:
    dist = point.dist
    if dist is None:
        return None
    return Distribution(str(dist.name), str(dist.version))


def _distribution_name(point: importlib.metadata.EntryPoint) -> str:
    found = _distribution(point)
    return found.name if found is not None else ""


_REGISTRY = _Registry()
OWN_DISTRIBUTION = "printkit"
"""The distribution of printkit itself (its games' bugs are printkit's)."""


def game_names() -> tuple[str, ...]:
    """The names of every installed game, sorted (nothing is imported)."""
    return tuple(sorted({*_REGISTRY.points(), *_REGISTRY.extra}))


def distribution(name: str) -> Distribution | None:
    """The distribution the game ``name`` is installed from (``None`` for a game made
    findable by :func:`registered`, or one no distribution declares)."""
    if name in _REGISTRY.extra:
        return None
    point = _REGISTRY.points().get(name)
    return _distribution(point) if point is not None else None


def label(name: str) -> str:
    """How messages name the plugin of the game ``name``: ``game plugin 'toy-nim'
    (printkit-toy-nim 0.1.0)``."""
    found = distribution(name)
    return f"game plugin {name!r}" + (f" ({found})" if found is not None else "")


def find(name: str) -> GamePlugin:
    """The plugin of the game ``name``, loaded on first use (and only that one).

    Raises :class:`UnknownGameError` (with a "did you mean") when no game has that name,
    and :class:`PluginError` naming the plugin and its distribution when it fails to load;
    a failure is remembered, so the plugin is not imported again.
    """
    if name in _REGISTRY.extra:
        return _REGISTRY.extra[name]
    if name in _REGISTRY.loaded:
        return _REGISTRY.loaded[name]
    if name in _REGISTRY.failed:  # a fresh error each time: the traceback does not grow
        raise PluginError(_REGISTRY.failed[name].problems)
    point = _REGISTRY.points().get(name)
    if point is None:
        raise unknown_game(name, game_names())
    try:
        plugin = _load(name, point)
    except PluginError as exc:
        _REGISTRY.failed[name] = exc
        raise
    _REGISTRY.loaded[name] = plugin
    return plugin


def _load(name: str, point: importlib.metadata.EntryPoint) -> GamePlugin:
    """Import one entry point and check that it is the plugin it says it is."""
    where = label(name)
    if name in _REGISTRY.clashes:
        raise PluginError(f"the game {name!r} is declared by more than one installed "
                          f"distribution ({', '.join(_REGISTRY.clashes[name])}): uninstall "
                          "all but one")
    try:
        plugin = point.load()
    except MemoryError:  # the memory budget's own stop, not a broken plugin
        raise
    except Exception as exc:  # a broken plugin is named, whatever it raised
        raise PluginError(f"{where} cannot be loaded from {point.value}: "
                          f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(plugin, GamePlugin):
        raise PluginError(f"{where}: {point.value} is a {type(plugin).__name__}, not a "
                          "printkit GamePlugin")
    if plugin.name != name:
        raise PluginError(f"{where}: {point.value} declares a game named {plugin.name!r}; "
                          "the entry point's name and the plugin's must agree")
    _check_declaration(plugin)
    problems = plugin.part_problems()  # the plugin's own modules only: no other game's
    if problems:
        raise PluginError(problems)
    return plugin


def plugins() -> tuple[GamePlugin, ...]:
    """The plugin of every installed game that loads, by name.  This loads every plugin
    (their small declarations, not their parts); one that fails is left out, and
    :func:`load_problems` says why."""
    found = []
    for name in game_names():
        try:
            found.append(find(name))
        except PluginError:
            continue
    return tuple(found)


def load_problems() -> list[Problem]:
    """One problem for each installed plugin that cannot be loaded (for ``printkit list``)."""
    problems: list[Problem] = []
    for name in game_names():
        try:
            find(name)
        except PrintkitError as exc:
            problems.extend(exc.problems)
    return problems


def installed_elsewhere() -> tuple[tuple[str, str, Distribution], ...]:
    """(game, module of its entry point, distribution) of every installed game that does
    not come with printkit itself (nothing is imported)."""
    found = []
    for name, point in _REGISTRY.points().items():
        dist = _distribution(point)
        if dist is not None and dist.name != OWN_DISTRIBUTION:
            found.append((name, point.module, dist))
    return tuple(found)


def loaded() -> tuple[GamePlugin, ...]:
    """The plugins loaded so far in this process (those :func:`registered` included)."""
    return (*_REGISTRY.loaded.values(), *_REGISTRY.extra.values())


def where_looked() -> str:
    """Where games are looked for, in words (for messages when none is found)."""
    return (f"entry points of the group {ENTRY_POINT_GROUP!r} in the Python environment of "
            "this printkit (install a game package, or reinstall printkit itself)")


@contextmanager
def registered(*extra: GamePlugin) -> Iterator[None]:
    """Make ``extra`` plugins findable for the duration of a ``with`` block (for tests of
    games that are not installed)."""
    for plugin in extra:
        _check_declaration(plugin)
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
    "Distribution",
    "GamePlugin",
    "PluginError",
    "Resource",
    "UnknownGameError",
    "declaration_problems",
    "distribution",
    "find",
    "game_names",
    "installed_elsewhere",
    "label",
    "load_problems",
    "loaded",
    "part_module",
    "plugins",
    "registered",
    "unknown_game",
    "where_looked",
]
