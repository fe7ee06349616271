"""A font stack: a family, then the definition's fallback families, tried per character.

``style: fallback:`` lists families to try, in order, for a character the chosen family
lacks; printkit's DejaVu Sans always ends the list (it covers Latin, Greek, Cyrillic and
many symbols).  A definition without ``fallback:`` has a stack of its one family, so a
character the family lacks is reported, never drawn in another font unasked.

A line of text is split into runs, each in the first face of the stack that has all its
characters; SVG names each run's own family first in its ``font-family`` list, then the
text's family.  A character no face of the stack has is reported once for the
whole definition by :class:`MissingGlyphs`, with every card it would spoil.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from printkit.definition.fonts import (
    DEFAULT_FAMILY,
    FontFace,
    FontFamily,
    shipped_families,
)
from printkit.errors import Location, Problem

SHOWN_CARDS = 8
"""The most cards a missing-glyph message names (the rest are counted)."""
SHOWN_PLACES = 3
"""The most places besides the first a missing-glyph message names."""
_UNCHECKED = "\n\t"
"""Characters that are never drawn as glyphs (line breaks, tabs)."""


@dataclass(frozen=True)
class FontStack:
    """Families tried in order for each character: the chosen one first."""

    families: tuple[FontFamily, ...]

    @property
    def primary(self) -> FontFamily:
        """The family the text asked for."""
        return self.families[0]

    @property
    def names(self) -> str:
        """The stack as messages name it: ``'Greek'`` or ``'Greek', then 'DejaVu Sans'``."""
        return ", then ".join(repr(f.name) for f in self.families)

    def faces(self, *, bold: bool, italic: bool) -> tuple[FontFace, ...]:
        """The faces of this weight and slant, in order (a family without one is passed
        over; the primary's own lack is the caller's to report)."""
        found = (f.face(bold=bold, italic=italic) for f in self.families)
        return tuple(face for face in found if face is not None)

    def split(self, text: str, *, bold: bool, italic: bool
              ) -> tuple[list[tuple[str, FontFace]], list[str]]:
        """``text`` as runs, each in the first face that has its characters, and the
        characters no face has (in the order met, each once; they stay in the run before
        them, or the first face's, so the text can still be measured)."""
        faces = self.faces(bold=bold, italic=italic)
        if not faces:
            return [], []
        return split_runs(text, faces)


def split_runs(text: str, faces: Sequence[FontFace]) -> tuple[list[tuple[str, FontFace]],
                                                              list[str]]:
    """``text`` as runs in the first of ``faces`` that has each letter or digit (a space or
    punctuation stays in the run before it when that run's face has it), and the characters
    none of them has."""
    runs: list[tuple[str, FontFace]] = []
    missing: list[str] = []
    current: FontFace | None = None
    start = 0
    for index, char in enumerate(text):
        if current is not None and (char in _UNCHECKED or (
                current.covers(char) and not char.isalnum())):
            continue  # a space or a mark between words stays in the run it is in
        face = next((f for f in faces if f.covers(char)), None)
        if face is None:
            if char not in _UNCHECKED and char not in missing:
                missing.append(char)
            if current is not None:
                continue
            face = faces[0]
        if current is not None and face is not current:
            runs.append((text[start:index], current))
            start = index
        current = face
    if current is not None:
        runs.append((text[start:], current))
    return runs, missing


def stack_of(family: FontFamily, fallback: Sequence[FontFamily]) -> FontStack:
    """``family`` with the fallback families after it and DejaVu Sans last (no family
    twice); a stack without fallbacks is the family alone."""
    if not fallback:
        return FontStack((family,))
    chosen: list[FontFamily] = []
    for member in (family, *fallback, shipped_families()[DEFAULT_FAMILY]):
        if all(member.key != f.key for f in chosen):
            chosen.append(member)
    return FontStack(tuple(chosen))


_CURRENT: list[FontStack] = []
"""The stacks of the kits being built, innermost last."""


@contextlib.contextmanager
def game_fonts(stack: FontStack) -> Iterator[None]:
    """Set the words printkit prints for a game (page labels, sheet and back titles) in
    ``stack`` while the block runs (a kit is built for one definition at a time)."""
    _CURRENT.append(stack)
    try:
        yield
    finally:
        _CURRENT.pop()


def current_stack() -> FontStack:
    """The stack of the kit being built, else Vera with DejaVu Sans after it (a drawing
    made with no definition behind it)."""
    return _CURRENT[-1] if _CURRENT else house_stack()


def house_stack() -> FontStack:
    """printkit's own stack: Bitstream Vera, with DejaVu Sans for what Vera lacks."""
    shipped = shipped_families()
    return FontStack((shipped["Vera"], shipped[DEFAULT_FAMILY]))


def glyph_name(char: str) -> str:
    """``'ą' (U+0105 LATIN SMALL LETTER A WITH OGONEK)``."""
    return f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, 'unnamed character')})"


GLYPH_ADVICE = ("choose a font that has it, or list one under style: fallback (DejaVu Sans, "
                "always tried last there, covers most scripts)")
"""What to do about a character no font of a stack has."""


@dataclass
class _Gap:
    advice: str
    where: Location
    cards: list[str] = field(default_factory=list)
    places: list[Location] = field(default_factory=list)


@dataclass
class MissingGlyphs:
    """Characters no font of their stack has (and faces a family lacks), gathered over a
    whole definition so that each is one problem naming every card it spoils, not one
    problem a card."""

    _gaps: dict[str, _Gap] = field(default_factory=dict)

    def note(self, stack: FontStack, style: str, char: str, card: str,
             where: Location) -> None:
        """Record that ``card`` needs ``char`` in ``style`` of ``stack``, written at
        ``where``."""
        names = stack.names
        head = (f"no font of {names} ({style}) has a glyph for {glyph_name(char)}"
                if len(stack.families) > 1 else
                f"the font {names} ({style}) has no glyph for {glyph_name(char)}")
        self.note_other(head, GLYPH_ADVICE, card, where)

    def note_face(self, family: str, style: str, card: str, where: Location) -> None:
        """Record that ``card`` needs the ``style`` face the family ``family`` lacks."""
        self.note_other(f"the font family {family!r} has no {style} face",
                        f"add it under fonts: {family}", card, where)

    def note_other(self, head: str, advice: str, card: str, where: Location) -> None:
        """Record that ``card`` meets the problem ``head`` (what to do: ``advice``, which
        may be empty) at ``where``."""
        gap = self._gaps.setdefault(head, _Gap(advice, where))
        if card and card not in gap.cards:
            gap.cards.append(card)
        if where != gap.where and where not in gap.places:
            gap.places.append(where)

    def problems(self) -> list[Problem]:
        """One problem for each missing character or face, at the first place it was
        written."""
        found = []
        for head, gap in self._gaps.items():
            text = head
            if gap.cards:
                shown = ", ".join(repr(c) for c in gap.cards[:SHOWN_CARDS])
                more = len(gap.cards) - SHOWN_CARDS
                text += (f"; it is needed on {len(gap.cards)} card"
                         f"{'s' if len(gap.cards) != 1 else ''}: {shown}"
                         + (f" and {more} more" if more > 0 else ""))
            if gap.places:
                also = ", ".join(f"{p.file}:{p.line}:{p.column}"
                                 for p in gap.places[:SHOWN_PLACES])
                rest = len(gap.places) - SHOWN_PLACES
                text += f" (also written at {also}" + (f" and {rest} more places" if rest > 0
                                                       else "") + ")"
            found.append(Problem(f"{text}: {gap.advice}" if gap.advice else text, gap.where))
        return found
