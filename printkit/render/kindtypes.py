"""What a face or back kind is: its typed options and its renderer, kept together.

The types alone, apart from :mod:`printkit.render.kinds`, which finds the kinds of a game
through its plugin: the plugin contract and the generic kinds name these types without
reaching the plugins.  A game's plugin imports them from :mod:`printkit.render.kinds`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from printkit.definition.model import CardFace
from printkit.definition.options import OptionsSpec
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


__all__ = ["BackKind", "FaceKind"]
