"""Toy Nim's pile cards: a number and that many pebbles, drawn in rows of three."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.model import CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour
from printkit.render.kinds import FaceKind
from printkit.render.svg import Frame, fill_bleed, new_drawing, num, text


@dataclass(frozen=True)
class PebbleOptions:
    """How a pile card looks."""

    background: str = option(Colour("card colour"), "#f4efe2")
    pebble: str = option(Colour("the pebbles"), "#5b6770")
    ink: str = option(Colour("the number"), "#1d2a44")


def render_pile(face: CardFace, frame: Frame, options: PebbleOptions) -> str:
    """SVG text of the card of a pile of ``pebbles``."""
    count = int(face.attr("pebbles"))
    drawing = new_drawing(frame, f"a pile of {count}")
    fill_bleed(drawing, frame, options.background)
    text(drawing, drawing, str(count), frame.width / 2, frame.safe + 6, 9, options.ink)
    pitch = (frame.width - 2 * frame.safe) / 3
    top = frame.safe + 14
    for index in range(count):
        row, col = divmod(index, 3)
        drawing.add(drawing.circle((num(frame.safe + pitch * (col + 0.5)),
                                    num(top + pitch * (row + 0.5))), num(pitch * 0.32),
                                   fill=options.pebble))
    return str(drawing.tostring())


PILE = FaceKind("toy-nim-pile", "A Toy Nim pile card: its 'pebbles' as a number and dots.",
                PebbleOptions, render_pile)
FACE_KINDS = (PILE,)
