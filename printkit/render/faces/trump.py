"""The Trump: a plain grey card unless the definition gives it a label or an emblem."""

from __future__ import annotations

import math
from collections.abc import Mapping

from printkit.deck.model import CardFace
from printkit.render.svg import Frame, fill_bleed, new_drawing, num, star_points, text


def render(face: CardFace, frame: Frame, options: Mapping[str, object]) -> str:
    """SVG text of the Trump face."""
    drawing = new_drawing(frame, "the Trump")
    fill_bleed(drawing, frame, str(options["background"]))
    ink = str(options["ink"])
    cx, cy = frame.width / 2, frame.height / 2
    room = min(frame.width, frame.height) / 2 - frame.safe
    emblem = str(options["emblem"])
    if emblem == "star":
        drawing.add(drawing.path(d=star_points(cx, cy, room * 0.55), fill=ink))
    elif emblem == "sun":
        drawing.add(drawing.circle((num(cx), num(cy)), num(room * 0.3), fill=ink))
        for i in range(12):
            angle = i * math.pi / 6
            inner, outer = room * 0.4, room * 0.6
            drawing.add(drawing.line(
                (num(cx + inner * math.cos(angle)), num(cy + inner * math.sin(angle))),
                (num(cx + outer * math.cos(angle)), num(cy + outer * math.sin(angle))),
                stroke=ink, stroke_width=num(room * 0.06), stroke_linecap="round"))
    label = str(options["label"])
    if label:
        size = min(6.0, (frame.width - 2 * frame.safe) / (0.68 * len(label)))
        y = cy + room * 0.78 if emblem != "none" else cy
        text(drawing, drawing, label, cx, y, size, ink)
    return str(drawing.tostring())
