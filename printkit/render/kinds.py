"""Face and back kinds: a kind's typed options and its renderer, kept together.

A :class:`FaceKind` draws the faces of a definition's face groups that name it
(``kind: stars-and-stripes``); a :class:`BackKind` draws a back.  The kinds on offer are the
generic ones printkit has (:mod:`printkit.render.faces`, :mod:`printkit.render.backs`) plus
those each installed game's plugin declares (its ``face_kinds`` and ``back_kinds`` parts),
gathered by :func:`catalogue`.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from printkit import memo, plugins
from printkit.deck.model import CardFace
from printkit.deck.options import Kinds, OptionsSpec
from printkit.plugins import PluginError
from printkit.render.svg import Frame

OptionsT = TypeVar("OptionsT")


@dataclass(frozen=True)
class FaceKind(OptionsSpec[OptionsT], Generic[OptionsT]):
    """A face kind: ``render(face, frame, options)`` returns the face's SVG text."""

    render: Callable[[CardFace, Frame, OptionsT], str]

    def draw(self, face: CardFace, frame: Frame) -> str:
        """SVG text of ``face``, whose options were built by this kind."""
        return self.render(face, frame, cast(OptionsT, face.options))


@dataclass(frozen=True)
class BackKind(OptionsSpec[OptionsT], Generic[OptionsT]):
    """A back kind: ``render(frame, options, title)`` returns the back's SVG text."""

    render: Callable[[Frame, OptionsT, str], str]

    def draw(self, frame: Frame, options: object, title: str) -> str:
        """SVG text of a back with ``options`` built by this kind."""
        return self.render(frame, cast(OptionsT, options), title)


def _gather(generic: Iterable[Any], part: str, kind: type) -> Mapping[str, Any]:
    return _gathered(tuple(generic), part, kind, plugins.plugins())


@functools.lru_cache(maxsize=16)
def _gathered(generic: tuple[Any, ...], part: str, kind: type,
              installed: tuple[plugins.GamePlugin, ...]) -> Mapping[str, Any]:
    """The kinds of ``part``, generic and declared by the ``installed`` plugins (worked out
    once for each set of plugins: every face drawn asks)."""
    found: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for item in generic:
        found[item.name] = item
        owner[item.name] = "printkit"
    for plugin in installed:
        if not plugin.has(part):
            continue
        declared = plugin.part(part)
        if not isinstance(declared, (tuple, list)) or not all(
                isinstance(k, kind) for k in declared):
            raise PluginError(f"game plugin {plugin.name!r}: its {part} must be a tuple of "
                              f"{kind.__name__} values")
        for item in declared:
            if item.name in found:
                raise PluginError(f"the {part[:-1].replace('_', ' ')} {item.name!r} is "
                                  f"declared by both {owner[item.name]} and {plugin.name!r}")
            found[item.name] = item
            owner[item.name] = plugin.name
    return types.MappingProxyType(found)


def face_kinds() -> Mapping[str, FaceKind[Any]]:
    """Every face kind by name: the generic ones and every installed game's."""
    from printkit.render.faces import GENERIC_FACE_KINDS

    return _gather(GENERIC_FACE_KINDS, "face_kinds", FaceKind)


def back_kinds() -> Mapping[str, BackKind[Any]]:
    """Every back kind by name: the generic ones and every installed game's."""
    from printkit.render.backs import GENERIC_BACK_KINDS

    return _gather(GENERIC_BACK_KINDS, "back_kinds", BackKind)


def catalogue() -> Kinds:
    """The kinds a definition may name, for the loader."""
    return Kinds(faces=dict(face_kinds()), backs=dict(back_kinds()))


def render_face(face: CardFace, frame: Frame) -> str:
    """SVG text of ``face``, drawn by the kind it names.

    A kind draws from the face, its options and the frame alone, so within a
    :func:`printkit.memo.session` a face equal in all three (the same card of the base game
    and of a variant, or of the card sheet and a booklet diagram) is drawn once.
    """
    kind = face_kinds()[face.kind]
    return memo.cached("face", (face, face.options, frame), lambda: kind.draw(face, frame))


def render_back(kind: str, frame: Frame, options: object, title: str) -> str:
    """SVG text of a back of ``kind`` (drawn once a session for equal arguments)."""
    found = back_kinds()[kind]
    return memo.cached("back", (kind, frame, options, title),
                       lambda: found.draw(frame, options, title))
