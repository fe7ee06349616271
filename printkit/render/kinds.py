"""Face and back kinds: a kind's typed options and its renderer, kept together.

A :class:`FaceKind` draws the faces of a definition's face groups that name it
(``kind: stars-and-stripes``); a :class:`BackKind` draws a back.  The kinds belong to their
game: a definition may name printkit's generic kinds (:mod:`printkit.render.faces`,
:mod:`printkit.render.backs`) and those its own game's plugin declares (its ``face_kinds``
and ``back_kinds`` parts, for the game its ``game:`` names), gathered by :func:`kinds_for`.
So loading or drawing one game imports no other game, a broken game's kinds harm no other,
and two games may each have a kind of the same name: a face and a back remember the game
whose kind they are (their ``owner``), and are drawn by that game's kind.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from typing import Any, cast

from printkit import cache_render, memo, plugins
from printkit.definition.model import CardFace
from printkit.definition.options import Kinds, OptionsSpec
from printkit.plugins import GamePlugin, PluginError
from printkit.render.kindtypes import BackKind, FaceKind
from printkit.render.svg import Frame


def _generic_faces() -> tuple[FaceKind[Any], ...]:
    from printkit.render.faces import GENERIC_FACE_KINDS

    return GENERIC_FACE_KINDS


def _generic_backs() -> tuple[BackKind[Any], ...]:
    from printkit.render.backs import GENERIC_BACK_KINDS

    return GENERIC_BACK_KINDS


def _own(declared: tuple[OptionsSpec[Any], ...], plugin: GamePlugin, what: str,
         generic: Mapping[str, object]) -> Mapping[str, Any]:
    """A game's own kinds (checked by the plugin contract) by name; none may take the name
    of a generic kind."""
    for item in declared:
        if item.name in generic:
            raise PluginError(f"{plugins.label(plugin.name)}: its {what} {item.name!r} has "
                              "the name of one of printkit's own: choose another name")
    return types.MappingProxyType({item.name: item for item in declared})


def _game_plugin(game: str) -> GamePlugin | None:
    """The plugin of ``game``, or ``None`` when no installed game has that name (a
    definition of a game of its own, which names generic kinds only)."""
    if not game or game not in plugins.game_names():
        return None
    return plugins.find(game)


def kinds_for(game: str) -> Kinds:
    """The kinds a definition whose ``game:`` is ``game`` may name: printkit's generic
    kinds and, when an installed game has that name, that game's own (its plugin is loaded,
    and no other).  Raises :class:`PluginError` naming the plugin when it cannot give them.
    """
    return _kinds_of(_game_plugin(game))


@functools.lru_cache(maxsize=64)
def _kinds_of(plugin: GamePlugin | None) -> Kinds:
    generic_faces = {k.name: k for k in _generic_faces()}
    generic_backs = {k.name: k for k in _generic_backs()}
    if plugin is None:
        return Kinds(types.MappingProxyType(generic_faces),
                     types.MappingProxyType(generic_backs))
    faces = _own(plugin.own_face_kinds(), plugin, "face kind", generic_faces)
    backs = _own(plugin.own_back_kinds(), plugin, "back kind", generic_backs)
    _LOADED[plugin.name] = (faces, backs)
    return Kinds(types.MappingProxyType({**generic_faces, **faces}),
                 types.MappingProxyType({**generic_backs, **backs}),
                 face_owners=types.MappingProxyType(dict.fromkeys(faces, plugin.name)),
                 back_owners=types.MappingProxyType(dict.fromkeys(backs, plugin.name)))


_LOADED: dict[str, tuple[Mapping[str, Any], Mapping[str, Any]]] = {}
"""The own face and back kinds of each game whose kinds were asked for in this process."""


def face_kinds() -> Mapping[str, FaceKind[Any]]:
    """Every face kind by name, generic and of every installed game that loads (for the
    schema and reference, which describe them all; a name two games give keeps the first
    game's).  A definition names only its own game's: see :func:`kinds_for`."""
    return cast(Mapping[str, FaceKind[Any]], catalogue().faces)


def back_kinds() -> Mapping[str, BackKind[Any]]:
    """Every back kind by name, as :func:`face_kinds` gathers the face kinds."""
    return cast(Mapping[str, BackKind[Any]], catalogue().backs)


def catalogue(game: str | None = None) -> Kinds:
    """The kinds of the definitions of ``game`` (see :func:`kinds_for`); without a game,
    those of every installed game that loads, each with its game (for tests and tools that
    load a definition apart from its game)."""
    if game is not None:
        return kinds_for(game)
    faces: dict[str, OptionsSpec[Any]] = {k.name: k for k in _generic_faces()}
    backs: dict[str, OptionsSpec[Any]] = {k.name: k for k in _generic_backs()}
    face_owners: dict[str, str] = {}
    back_owners: dict[str, str] = {}
    for plugin in plugins.plugins():
        try:
            own = kinds_for(plugin.name)
        except PluginError:
            continue  # printkit list names it; every other game's kinds are still there
        for name, owner in own.face_owners.items():
            if name not in faces:
                faces[name], face_owners[name] = own.faces[name], owner
        for name, owner in own.back_owners.items():
            if name not in backs:
                backs[name], back_owners[name] = own.backs[name], owner
    return Kinds(faces, backs, face_owners=face_owners, back_owners=back_owners)


def _find(name: str, owner: str, *, face: bool) -> Any:
    """The face (or back) kind ``name`` of the game ``owner``, or a generic one when
    ``owner`` is empty; a face made by hand, without its owner, finds its kind among those
    of the games loaded so far, if just one has it."""
    own = kinds_for(owner) if owner else _kinds_of(None)
    found = (own.faces if face else own.backs).get(name)
    if found is not None:
        return found
    what = "face" if face else "back"
    if owner:
        raise LookupError(f"the game {owner!r} has no {what} kind {name!r}")
    index = 0 if face else 1
    candidates = [kinds[index][name] for kinds in _LOADED.values() if name in kinds[index]]
    if len(candidates) != 1:
        raise LookupError(f"no game loaded has the {what} kind {name!r}" if not candidates
                          else f"several games have the {what} kind {name!r}: the face "
                               "must say whose it is (its owner)")
    return candidates[0]


def render_face(face: CardFace, frame: Frame) -> str:
    """SVG text of ``face``, drawn by the kind it names, of the game it belongs to.

    A kind draws from the face, its options and the frame alone, so within a
    :func:`printkit.memo.session` a face equal in all three (the same card of the base game
    and of a variant, or of the card sheet and a booklet diagram) is drawn once.
    """
    kind: FaceKind[Any] = _find(face.kind, face.owner, face=True)
    return memo.cached("face", (face, face.options, frame), lambda: cache_render.face_svg(
        face, frame, lambda: kind.draw(face, frame)))  # or as an earlier run drew it


def render_back(kind: str, frame: Frame, options: object, title: str, owner: str = "") -> str:
    """SVG text of a back of ``kind`` (of the game ``owner``, empty for a generic kind),
    drawn once a session for equal arguments."""
    found: BackKind[Any] = _find(kind, owner, face=False)
    return memo.cached("back", (kind, owner, frame, options, title),
                       lambda: cache_render.back_svg(kind, owner, frame, options, title,
                                                     lambda: found.draw(frame, options, title)))


__all__ = ["BackKind", "FaceKind", "back_kinds", "catalogue", "face_kinds", "kinds_for",
           "render_back", "render_face"]
