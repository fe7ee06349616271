"""Face renderers by kind: each turns one :class:`CardFace` into SVG text."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from printkit.deck.model import CardFace
from printkit.render.faces import stars_and_stripes, trump
from printkit.render.svg import Frame

FaceRenderer = Callable[[CardFace, Frame, Mapping[str, object]], str]

RENDERERS: dict[str, FaceRenderer] = {
    "stars-and-stripes": stars_and_stripes.render,
    "trump": trump.render,
}


def render_face(face: CardFace, frame: Frame) -> str:
    """SVG text of ``face``, drawn by the renderer of its kind."""
    return RENDERERS[face.kind](face, frame, face.options)
