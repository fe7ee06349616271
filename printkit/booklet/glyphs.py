"""The booklet's font stack, and its words checked against it before anything is drawn.

A booklet is set in the definition's ``style: font``, then its ``style: fallback`` fonts,
then printkit's DejaVu Sans, always last (a shipped game set in Vera gets Vera with DejaVu
Sans after it, as booklets always were).  Every character the template writes (its front
matter and prose, the words it gives the components list) is looked up in that stack,
upright and bold; a character no face has would print as an empty box, so it is an error
at the template's line and column, one error a character naming every other place it is
written.  This module reads no PDF code, so ``printkit check`` can run it.
"""

from __future__ import annotations

from printkit.booklet.environment import RenderedText
from printkit.definition.fonts import DEFAULT_FAMILY, FontFace, shipped_families
from printkit.definition.fontstack import (
    GLYPH_ADVICE,
    SHOWN_PLACES,
    FontStack,
    glyph_name,
    split_runs,
    stack_of,
)
from printkit.definition.model import Definition
from printkit.errors import Location, Problem


def booklet_stack(definition: Definition) -> FontStack:
    """The definition's font and fallbacks, with DejaVu Sans last whatever the fallbacks."""
    content = definition.content
    family = content.family(content.font)
    if family is None:  # an unknown font is reported when the definition loads
        family = shipped_families()["Vera"]
    return stack_of(family, (*content.fallback, shipped_families()[DEFAULT_FAMILY]))


def stack_faces(stack: FontStack, *, bold: bool = False, italic: bool = False
                ) -> tuple[FontFace, ...]:
    """The faces a text of this weight and slant is set in, in order (a family without the
    face lends its nearest: bold italic -> bold -> regular, italic -> regular)."""
    found = []
    for family in stack.families:
        face = (family.face(bold=bold, italic=italic) or family.face(bold=bold, italic=False)
                or family.face(bold=False, italic=False))
        if face is not None:
            found.append(face)
    return tuple(found)


def missing_glyphs(stack: FontStack, text: str) -> list[str]:
    """The characters of ``text`` that no face of the stack has, upright or bold (each
    once, in the order met)."""
    found: list[str] = []
    for bold in (False, True):
        for char in split_runs(text, stack_faces(stack, bold=bold))[1]:
            if char not in found:
                found.append(char)
    return found


def glyph_problems(stack: FontStack, rendered: RenderedText) -> list[Problem]:
    """One problem for each character of the rendered booklet no face of ``stack`` has, at
    the first place the template writes it (the next few places named in the message)."""
    places: dict[str, list[Location]] = {}
    for number, line in enumerate(rendered.text.split("\n"), start=1):
        for char in missing_glyphs(stack, line):
            column = line.index(char) + 1
            places.setdefault(char, []).append(
                rendered.location(number, column, token=char))
    found = []
    for char, where in places.items():
        text = (f"no font of the booklet's stack ({stack.names}) has a glyph for "
                f"{glyph_name(char)}, so it would print as an empty box")
        also = where[1:SHOWN_PLACES + 1]
        if also:
            rest = len(where) - 1 - len(also)
            text += (" (also written at " + ", ".join(_place(p, where[0]) for p in also)
                     + (f" and {rest} more places" if rest > 0 else "") + ")")
        found.append(Problem(f"{text}: {GLYPH_ADVICE}", where[0]))
    return found


def _place(place: Location, first: Location) -> str:
    """``line 24, column 6`` in the file of ``first``, else ``file:line:column``."""
    if place.file == first.file:
        return f"line {place.line}, column {place.column}"
    return str(place)
