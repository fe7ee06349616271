"""Faces and backs drawn through the rendering cache (:mod:`printkit.cache`).

:func:`printkit.render.kinds.render_face` and :func:`~printkit.render.kinds.render_back`
draw through these, so every drawing of a face (on the card sheets, on tokens, in the
booklet's diagrams, in the preview) is found in the cache when an earlier one had the same
inputs.  A face's key is everything its drawing reads: the face (its fields, as resolved
from the definition and its data row), the typed options of its kind (the layout, with the
fonts named by the digest of their files and the images' bytes), the card's frame (size,
bleed, safe margin), the font stack the kit's own words are set in, and the code of
printkit and of the game whose kind draws it.  Outside a cache session ``draw`` is simply
called.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit import cache
from printkit.cachekey import owner_code
from printkit.definition.fontstack import current_stack
from printkit.definition.model import CardFace
from printkit.render.svg import Frame


def face_svg(face: CardFace, frame: Frame, draw: Callable[[], str]) -> str:
    """The SVG text ``draw`` gives for ``face`` in ``frame``, or the one kept for them."""
    if cache.active() is None:
        return draw()
    return cache.cached_text(
        "face", (owner_code(face.owner), face, face.options, frame, current_stack()), draw)


def back_svg(kind: str, owner: str, frame: Frame, options: object, title: str,
             draw: Callable[[], str]) -> str:
    """The SVG text ``draw`` gives for a back, or the one kept for the same inputs."""
    if cache.active() is None:
        return draw()
    return cache.cached_text(
        "back", (owner_code(owner), kind, owner, frame, options, title, current_stack()),
        draw)
