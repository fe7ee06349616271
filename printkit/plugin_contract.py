"""The game plugin contract: every part a game may give printkit, what each must be, and
how each is checked.

A game's :class:`~printkit.plugins.GamePlugin` names its parts as ``"module:attribute"``
references, imported when the plugin is loaded.  This module is the one place that says what those
references must point at (like pytest's hook specifications): each part is a :class:`Part`,
typed by what it hands out, and its check turns the imported object into that type or says
what is wrong.  The plugin's typed accessors (``plugin.engine_class()``,
``plugin.phrasebook()``...) go through these checks, so no layer looks a part up by its
name or casts what it gets.

The parts (all optional):

``engine``
    a :class:`~printkit.rules.base.Game` subclass, the game's rules (its optional methods,
    the simulator's hooks among them, are documented on :class:`Game`);
``face_kinds`` / ``back_kinds``
    a tuple of :class:`~printkit.render.kinds.FaceKind` (:class:`BackKind`) values, each
    with its own name: the kinds the definitions of this game may name;
``phrases``
    a :class:`~printkit.booklet.phrases.base.Phrasebook` subclass (made without
    arguments) that words the game's claims and moves under booklet diagrams;
``board``
    a function ``(engine, definition) -> BoardPicture | None`` drawing the printed board;
``positions``
    an object with ``square(engine, text)`` and ``view(definition, engine, state,
    highlights, moves)``
    (:class:`~printkit.render.diagram.PositionPictures`) drawing positions in the booklet;
``agents``
    a non-empty tuple of :class:`~printkit.simulator.agents.Agent` subclasses, each with its own
    name, that play the game in ``printkit simulate``, the first being its default.

``board``, ``positions``, ``phrases`` and ``agents`` work on the game's engine, so a plugin
that gives one of them must give its ``engine`` too.  The declaration (names, references,
resources) and every part are checked when the plugin is loaded.

The part types live in the layers that use them; this module names them for type checking
and imports each only to check a value of it, when that part is loaded (by then the
plugin's own module has imported it): ``pyproject.toml`` lets it, and only it, do so.  Each
type sits in a module that does not itself reach :mod:`printkit.plugins` (the face and back
kinds in :mod:`printkit.render.kindtypes`, the agents in :mod:`printkit.rules.agentbase`), so
these imports close no import cycle (``tests/test_import_cycles.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

if TYPE_CHECKING:
    from printkit.booklet.phrases.base import Phrasebook
    from printkit.render.boardpicture import BoardMaker
    from printkit.render.diagram import PositionPictures
    from printkit.render.kindtypes import BackKind, FaceKind
    from printkit.rules.agentbase import Agent
    from printkit.rules.base import Game

    EngineClass: TypeAlias = type[Game[Any, Any, Any]]
    AgentClasses: TypeAlias = tuple[type[Agent], ...]
    FaceKinds: TypeAlias = tuple[FaceKind[Any], ...]
    BackKinds: TypeAlias = tuple[BackKind[Any], ...]
    PhrasebookClass: TypeAlias = type[Phrasebook]
    Phrases: TypeAlias = Phrasebook
    Board: TypeAlias = BoardMaker
    Positions: TypeAlias = PositionPictures

T = TypeVar("T")


class Mistyped(TypeError):
    """A part is not what the contract asks for (the plugin turns it into a
    :class:`~printkit.plugins.PluginError` naming the plugin and the part)."""


@dataclass(frozen=True)
class Part(Generic[T]):
    """One part of the contract: its name (the :class:`GamePlugin` field naming it), what it
    must be, in words, and the check that gives the imported object its type."""

    name: str
    must_be: str
    check: Callable[[object], T]
    needs_engine: bool = False
    """Whether the part works on the game's engine (so a plugin giving it gives one)."""


def _shown(value: object) -> str:
    if isinstance(value, type):
        return f"the class {value.__module__}.{value.__qualname__}"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'AEIOUaeiou' else 'a'} {name}"


def _named_tuple_of(value: object, base: type, one: str, many: str, *, classes: bool,
                    empty: bool = True) -> tuple[Any, ...]:
    """``value`` as a tuple of ``base`` instances (of its subclasses when ``classes``) whose
    names are strings, each once (``one`` and ``many`` name the items, in words)."""
    if not isinstance(value, (tuple, list)):
        raise Mistyped(f"{_shown(value)}, not a tuple of {many}")
    if not value and not empty:
        raise Mistyped(f"an empty {type(value).__name__}: give at least one {one}")
    seen: set[str] = set()
    for index, item in enumerate(value):
        fits = (isinstance(item, type) and issubclass(item, base) if classes
                else isinstance(item, base))
        if not fits:
            raise Mistyped(f"a {type(value).__name__} whose item {index} is "
                           f"{_shown(item)}, not a {one}")
        name = getattr(item, "name", None)
        if not isinstance(name, str) or not name:
            raise Mistyped(f"a {type(value).__name__} whose item {index} has no name "
                           f"(its name is {_shown(name)}, not a string)")
        if name in seen:
            raise Mistyped(f"a {type(value).__name__} naming {name!r} twice")
        seen.add(name)
    return tuple(value)


def _engine(value: object) -> EngineClass:
    from printkit.rules.base import Game

    if not (isinstance(value, type) and issubclass(value, Game)):
        raise Mistyped(f"{_shown(value)}, not a subclass of printkit.rules.base.Game")
    return value


def _face_kinds(value: object) -> FaceKinds:
    from printkit.render.kindtypes import FaceKind

    return _named_tuple_of(value, FaceKind, "printkit.render.kinds.FaceKind",
                           "FaceKind values", classes=False)


def _back_kinds(value: object) -> BackKinds:
    from printkit.render.kindtypes import BackKind

    return _named_tuple_of(value, BackKind, "printkit.render.kinds.BackKind",
                           "BackKind values", classes=False)


def _phrases(value: object) -> PhrasebookClass:
    from printkit.booklet.phrases.base import Phrasebook

    if not (isinstance(value, type) and issubclass(value, Phrasebook)):
        raise Mistyped(f"{_shown(value)}, not a subclass of "
                       "printkit.booklet.phrases.base.Phrasebook")
    return value


def _board(value: object) -> BoardMaker:
    if isinstance(value, type) or not callable(value):
        raise Mistyped(f"{_shown(value)}, not a function (engine, definition) -> "
                       "BoardPicture | None")
    return value


def _positions(value: object) -> PositionPictures:
    from printkit.render.diagram import PositionPictures

    missing = [f"{m}()" for m in ("square", "view") if not callable(getattr(value, m, None))]
    if missing or not isinstance(value, PositionPictures):
        raise Mistyped(f"{_shown(value)} without the method{'s' if len(missing) > 1 else ''} "
                       f"{' and '.join(missing)} of printkit.render.diagram.PositionPictures")
    return value


def _agents(value: object) -> AgentClasses:
    from printkit.rules.agentbase import Agent

    return _named_tuple_of(value, Agent, "subclass of printkit.simulator.agents.Agent",
                           "Agent subclasses", classes=True, empty=False)


ENGINE: Part[EngineClass] = Part("engine", "a Game subclass", _engine)
FACE_KINDS: Part[FaceKinds] = Part("face_kinds", "a tuple of FaceKind", _face_kinds)
BACK_KINDS: Part[BackKinds] = Part("back_kinds", "a tuple of BackKind", _back_kinds)
PHRASES: Part[PhrasebookClass] = Part("phrases", "a Phrasebook subclass", _phrases,
                                      needs_engine=True)
BOARD: Part[BoardMaker] = Part("board", "a function (engine, definition) -> BoardPicture",
                               _board, needs_engine=True)
POSITIONS: Part[PositionPictures] = Part("positions", "a PositionPictures",
                                         _positions, needs_engine=True)
AGENTS: Part[AgentClasses] = Part("agents", "a tuple of Agent subclasses", _agents,
                                  needs_engine=True)

PARTS: tuple[Part[Any], ...] = (ENGINE, FACE_KINDS, BACK_KINDS, PHRASES, BOARD, POSITIONS,
                                AGENTS)
"""Every part, in the order the plugin declares them."""

PART_NAMES: tuple[str, ...] = tuple(p.name for p in PARTS)

_DOTTED = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
_REFERENCE = re.compile(rf"(?:\.(?:{_DOTTED})?|{_DOTTED}):{_DOTTED}")
"""``module:attribute``, the module relative to the plugin's package when it starts with
a dot (``.rules:Game``; ``.:NAME`` for the package itself)."""


def declaration_problems(fields: Mapping[str, object]) -> list[str]:
    """What is wrong with a plugin's declaration (its fields by name), each in words; the
    parts are not imported.  The name, title and package must be strings and each part a
    ``module:attribute`` reference or ``None``; a part that works on the engine needs one.
    """
    problems: list[str] = []
    for key in ("title", "package"):
        if not isinstance(fields.get(key), str) or not fields.get(key):
            problems.append(f"its {key} is {_shown(fields.get(key))}, not a non-empty string")
    for part in PARTS:
        reference = fields.get(part.name)
        if reference is None:
            continue
        if not isinstance(reference, str):
            problems.append(f"its {part.name} is {_shown(reference)}, not a "
                            f"'module:attribute' string naming {part.must_be}")
        elif not _REFERENCE.fullmatch(reference):
            problems.append(f"its {part.name} {reference!r} is not a 'module:attribute' "
                            "reference")
        elif part.needs_engine and fields.get(ENGINE.name) is None:
            problems.append(f"it gives {part.name} but no engine, which {part.name} "
                            "works on")
    return problems


__all__ = [
    "AGENTS",
    "BACK_KINDS",
    "BOARD",
    "ENGINE",
    "FACE_KINDS",
    "PARTS",
    "PART_NAMES",
    "PHRASES",
    "POSITIONS",
    "Mistyped",
    "Part",
    "declaration_problems",
]
