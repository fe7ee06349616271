"""Faces and backs drawn through the rendering cache (:mod:`printkit.cache`).

A face's key is everything its drawing reads: the face (its fields, as resolved from the
definition and its data row), the typed options of its kind (the layout, with the fonts
named by the digest of their files and the images' bytes), the card's frame (size, bleed,
safe margin), the font stack the kit's own words are set in, and the code of printkit and
of the game whose kind draws it.  Outside a cache session these are plain calls of
:func:`~printkit.render.kinds.render_face` and :func:`~printkit.render.kinds.render_back`.
"""

from __future__ import annotations

from printkit import cache
from printkit.cachekey import owner_code
from printkit.definition.fontstack import current_stack
from printkit.definition.model import CardFace
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Frame


def face_svg(face: CardFace, frame: Frame) -> str:
    """The SVG text of ``face`` in ``frame``, drawn or found in the cache."""
    if cache.active() is None:
        return render_face(face, frame)
    return cache.cached_text(
        "face", (owner_code(face.owner), face, face.options, frame, current_stack()),
        lambda: render_face(face, frame))


def back_svg(kind: str, frame: Frame, options: object, title: str, owner: str = "") -> str:
    """The SVG text of a back, drawn or found in the cache."""
    if cache.active() is None:
        return render_back(kind, frame, options, title, owner)
    return cache.cached_text(
        "back", (owner_code(owner), kind, owner, frame, options, title, current_stack()),
        lambda: render_back(kind, frame, options, title, owner))
