"""Characters no font has in the words printkit prints itself, one problem a character.

printkit prints some of a definition's words in places of its own: the game's title (page
labels, assembly pages), a pattern back's title, a sheet's or board's title, headings,
notes and space labels (all in the definition's font stack), and the options of its own
face and back kinds (in Bitstream Vera).  A character the font lacks would print as an
empty box, so each is reported when the definition is loaded: once, at the first place it
is written, with every other place that needs it, as :class:`MissingGlyphs
<printkit.definition.fontstack.MissingGlyphs>` does for the cards' own text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.definition.fonts import FontFamily
from printkit.definition.fontstack import glyph_name
from printkit.errors import Location, Problem

SHOWN_PLACES = 6
"""The most places a message names (the rest are counted)."""
STACK_ADVICE = ("choose a font that has it with style: font, or list one under style: "
                "fallback (DejaVu Sans, always tried last there, covers most scripts)")
"""What to do about a character the definition's font stack lacks."""


@dataclass
class _Need:
    advice: str
    places: list[tuple[str, Location]] = field(default_factory=list)


@dataclass
class PrintedWords:
    """The characters printkit's own words need and their fonts lack, gathered over a whole
    definition."""

    _needs: dict[str, _Need] = field(default_factory=dict)

    def check(self, words: str, family: FontFamily, fonts: str, where: Location, what: str,
              *, bold: bool = False) -> bool:
        """Whether ``family`` (named ``fonts`` in messages) has every character of
        ``words``, printed as ``what`` (``"pad: the title"``) from ``where``; each missing
        character is noted."""
        face = family.face(bold=bold, italic=False) or family.faces["regular"]
        regular = family.faces["regular"]
        fine = True
        for char in dict.fromkeys(words):
            if char in "\n\t" or face.covers(char):
                continue
            fine = False
            weight = " bold" if regular.covers(char) else ""
            self.note(f"the font {fonts} has no{weight} glyph for {glyph_name(char)}, which "
                      "printkit prints in the game's font", STACK_ADVICE, what, where)
        return fine

    def note(self, head: str, advice: str, what: str, where: Location) -> None:
        """Record that ``what``, written at ``where``, meets the problem ``head`` (what to
        do about it: ``advice``)."""
        need = self._needs.setdefault(head, _Need(advice))
        if (what, where) not in need.places:
            need.places.append((what, where))

    def problems(self) -> list[Problem]:
        """One problem for each missing character, at the first place it is written,
        naming every place that needs it."""
        found = []
        for head, need in self._needs.items():
            places = sorted(need.places, key=lambda place: _order(place[1]))
            first = places[0][1]
            shown = [what if where == first else f"{what} ({where.file}:{where.line}:"
                     f"{where.column})" for what, where in places[:SHOWN_PLACES]]
            more = len(places) - SHOWN_PLACES
            needed = (f"it is needed in {len(places)} places: " if len(places) > 1
                      else "it is needed in ") + ", ".join(shown) + (
                f" and {more} more" if more > 0 else "")
            found.append(Problem(f"{head}; {needed}: {need.advice}", first))
        return found


def _order(where: Location) -> tuple[str, int, int]:
    return (where.file, where.line, where.column)
