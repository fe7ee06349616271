"""A family whose faces carry the definition's fallback faces behind them, for the words
that are measured and drawn through one face (score sheets, plain boards).

A :class:`StackedFace` answers :meth:`covers` and :meth:`width` for the whole stack, so
the code that checks, wraps and fits those words needs no change; the writers that set
them ask it for :meth:`StackedFace.runs` and set a line that needs several faces as
several runs.  A definition without ``style: fallback`` gets its own family unchanged.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from printkit.definition.fonts import FontFace, FontFamily
from printkit.definition.fontstack import FontStack, split_runs


@dataclass(frozen=True)
class StackedFace(FontFace):
    """A face with the same style of the stack's other families behind it."""

    own: FontFace | None = None
    """The face itself (its metrics and PDF name are this face's)."""
    behind: tuple[FontFace, ...] = ()

    @classmethod
    def of(cls, face: FontFace, behind: tuple[FontFace, ...]) -> StackedFace:
        """``face`` with ``behind`` after it."""
        values = {f.name: getattr(face, f.name) for f in dataclasses.fields(FontFace) if f.init}
        return cls(**values, own=face, behind=behind)

    @property
    def stack(self) -> tuple[FontFace, ...]:
        """The faces in order, this one first."""
        assert self.own is not None
        return (self.own, *self.behind)

    def covers(self, char: str) -> bool:
        """Whether some face of the stack has ``char``."""
        return any(face.covers(char) for face in self.stack)

    def width(self, text: str, size: float) -> float:
        """The width of ``text`` set in runs (:meth:`runs`)."""
        return sum(face.width(chunk, size) for chunk, face in self.runs(text))

    def runs(self, text: str) -> list[tuple[str, FontFace]]:
        """``text`` as runs, each in the first face of the stack that has its letters."""
        return split_runs(text, self.stack)[0]


def stacked_family(stack: FontStack) -> FontFamily:
    """The stack's first family, its faces stacked over the others' (the family itself
    when the stack has no other)."""
    primary = stack.primary
    if len(stack.families) == 1:
        return primary
    faces = {style: StackedFace.of(face, tuple(
        f.faces[style] for f in stack.families[1:] if style in f.faces))
        for style, face in primary.faces.items()}
    return FontFamily(primary.name, primary.key, primary.fallbacks, faces)


def runs_of(face: FontFace, text: str) -> list[tuple[str, FontFace]]:
    """``text`` in runs of ``face``'s stack, or in ``face`` alone."""
    if isinstance(face, StackedFace):
        return face.runs(text)
    return [(text, face)]
