"""The ``layout`` face kind: cards drawn from a definition's layout and each card's data.

The loader has filled the layout in for every card (:class:`~printkit.definition.shapes.LayoutFace`)
and checked every reference; drawing places the shapes and fits the text.  Text that cannot
fit even at its least size is an error naming the card, the field and where it was written,
reported together with every other such problem on the face.
"""

from __future__ import annotations

from printkit.definition.model import CardFace
from printkit.definition.shapes import LayoutFace, LayoutOptions, TextShape
from printkit.errors import DefinitionError, Problem
from printkit.render.elements import draw_shape
from printkit.render.kindtypes import FaceKind
from printkit.render.svg import Frame, num
from printkit.render.text import TextDoesNotFit


def render_layout(face: CardFace, frame: Frame, options: LayoutOptions) -> str:
    """SVG text of a face whose layout the loader filled in."""
    if not isinstance(options, LayoutFace):
        raise TypeError(f"face {face.key!r} of a layout kind was not filled in by the loader")
    parts: list[str] = []
    problems: list[Problem] = []
    for index, shape in enumerate(options.shapes):
        try:
            parts.append(draw_shape(shape, frame, index))
        except TextDoesNotFit as exc:
            assert isinstance(shape, TextShape)
            problems.append(Problem(f"card {shape.card!r}: {shape.subject} does not fit its "
                                    f"box: {exc}; {exc.advice}", shape.where))
    if problems:
        raise DefinitionError(problems)
    full_w, full_h = frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'version="1.1" width="{num(full_w)}mm" height="{num(full_h)}mm" '
            f'viewBox="{num(-frame.bleed)} {num(-frame.bleed)} {num(full_w)} {num(full_h)}">'
            f"<title>{face.key}</title>{''.join(parts)}</svg>")


LAYOUT = FaceKind("layout", "Cards drawn from a layout of the definition (layouts:) and "
                  "each card's data (generate: or data:); it takes no options.",
                  LayoutOptions, render_layout)
