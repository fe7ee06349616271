"""The ``layout`` face kind: cards drawn from a definition's layout and each card's data.

The loader has filled the layout in for every card (:class:`~printkit.definition.shapes.LayoutFace`)
and checked every reference; drawing places the shapes and fits the text.  Text that cannot
fit even at its least size is an error naming the card, the field and where it was written,
reported together with every other such problem on the face.
"""

from __future__ import annotations

from printkit.definition.model import CardFace
from printkit.definition.shapes import LayoutFace, LayoutOptions
from printkit.render.elements import layout_svg
from printkit.render.kindtypes import FaceKind
from printkit.render.svg import Frame


def render_layout(face: CardFace, frame: Frame, options: LayoutOptions) -> str:
    """SVG text of a face whose layout the loader filled in."""
    if not isinstance(options, LayoutFace):
        raise TypeError(f"face {face.key!r} of a layout kind was not filled in by the loader")
    return layout_svg(options.shapes, frame, face.key)


LAYOUT = FaceKind("layout", "Cards drawn from a layout of the definition (layouts:) and "
                  "each card's data (generate: or data:); it takes no options.",
                  LayoutOptions, render_layout)
