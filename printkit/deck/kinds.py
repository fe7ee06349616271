"""The face kinds a definition may use, each with the options its renderer reads.

The definition language lives here so that a file can be checked (and the JSON Schema
exported) without importing any renderer; :mod:`printkit.render.faces` implements each
kind.  A new game adds its kind here and a renderer there.
"""

from __future__ import annotations

from printkit.deck.schema import Colour, Field, Flag, Length, Number, Record, Text

_MM = 72 / 25.4

FACE_KINDS: dict[str, Record] = {
    "stars-and-stripes": Record(description="A domino-like card: stars on a field beside "
                                "stripes, counted by the card's 'stars' and 'stripes'.", fields={
        "background": Field(Colour("card background"), default="#fbf8f0"),
        "field": Field(Colour("the field behind the stars"), default="#1f3a6e"),
        "star": Field(Colour("the stars"), default="#ffffff"),
        "stripe": Field(Colour("the stripes"), default="#b22234"),
        "ink": Field(Colour("corner numerals"), default="#1d2a44"),
        "corner_numerals": Field(Flag("print small counts in two corners"), default=True),
    }),
    "trump": Record(description="The Trump: grey and blank unless decorated.", fields={
        "background": Field(Colour("card colour"), default="#9a9a9a"),
        "ink": Field(Colour("colour of the label and emblem"), default="#ffffff"),
        "label": Field(Text("words printed across the card (empty: none)"), default=""),
        "emblem": Field(Text("a symbol in the middle", choices=("none", "star", "sun")),
                        default="none"),
    }),
}

BACK_KINDS: dict[str, Record] = {
    "pattern": Record(description="A back with a repeating motif and an optional title.",
                      fields={
        "background": Field(Colour("back colour"), default="#1f3a6e"),
        "ink": Field(Colour("motif and title colour"), default="#ffffff"),
        "motif": Field(Text("the repeating motif", choices=("stars", "stripes", "dots", "none")),
                       default="stars"),
        "title": Field(Text("words across the middle (empty: none)"), default=""),
        "border": Field(Length("frame drawn inside the card edge (0: none)",
                               maximum=10 * _MM), default=2 * _MM),
        "density": Field(Number("motifs across the card", minimum=2, maximum=20), default=6),
    }),
}
