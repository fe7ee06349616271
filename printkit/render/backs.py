"""Card backs: a colour, a repeating motif, an optional frame and title.

The motif is laid out symmetrically about the card's centre, so a back looks the same
whichever way round it is cut or held.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.deck.options import option
from printkit.deck.schema import Colour, Length, Number, Text
from printkit.render.kinds import BackKind
from printkit.render.svg import Frame, fill_bleed, new_drawing, num, star_points, text
from printkit.units import MM


@dataclass(frozen=True)
class PatternOptions:
    """How a patterned back looks (``border`` in points)."""

    background: str = option(Colour("back colour"), "#1f3a6e")
    ink: str = option(Colour("motif and title colour"), "#ffffff")
    motif: str = option(Text("the repeating motif", choices=("stars", "stripes", "dots", "none")),
                        "stars")
    title: str = option(Text("words across the middle (empty: none)"), "")
    border: float = option(Length("frame drawn inside the card edge (0: none)",
                                  maximum=10 * MM), 2 * MM)
    density: int = option(Number("motifs across the card", minimum=2, maximum=20), 6)


def render_pattern(frame: Frame, options: PatternOptions, title: str) -> str:
    """SVG text of a patterned card back."""
    drawing = new_drawing(frame, f"back of {title}")
    fill_bleed(drawing, frame, options.background)
    ink = options.ink
    motif = options.motif
    across = int(options.density)
    pitch = frame.width / across
    rows = max(1, round(frame.height / pitch))
    pitch_y = frame.height / rows
    motifs = drawing.g(opacity="0.28")
    if motif == "stripes":
        for row in range(rows):
            if row % 2 == 0:
                motifs.add(drawing.rect((num(-frame.bleed), num(row * pitch_y)),
                                        (num(frame.width + 2 * frame.bleed), num(pitch_y / 2)),
                                        fill=ink))
    elif motif in ("stars", "dots"):
        for row in range(-1, rows + 1):
            for col in range(-1, across + 1):
                cx = (col + 0.5 + (0.5 if row % 2 else 0)) * pitch
                cy = (row + 0.5) * pitch_y
                if motif == "stars":
                    motifs.add(drawing.path(d=star_points(cx, cy, pitch * 0.28), fill=ink))
                else:
                    motifs.add(drawing.circle((num(cx), num(cy)), num(pitch * 0.15), fill=ink))
    drawing.add(motifs)
    border = options.border / MM
    if border > 0:
        inset = frame.safe
        drawing.add(drawing.rect((num(inset), num(inset)),
                                 (num(frame.width - 2 * inset), num(frame.height - 2 * inset)),
                                 fill="none", stroke=ink, stroke_width=num(border / 3)))
    label = options.title
    if label:
        band = frame.height * 0.16
        cy = frame.height / 2
        drawing.add(drawing.rect((num(frame.safe), num(cy - band / 2)),
                                 (num(frame.width - 2 * frame.safe), num(band)),
                                 fill=options.background))
        size = min(band * 0.5, (frame.width - 2 * frame.safe - 4) / (0.66 * len(label)))
        text(drawing, drawing, label, frame.width / 2, cy, size, ink)
    return str(drawing.tostring())


PATTERN = BackKind("pattern", "A back with a repeating motif and an optional title.",
                   PatternOptions, render_pattern)
GENERIC_BACK_KINDS = (PATTERN,)
"""The back kinds every definition may use."""
