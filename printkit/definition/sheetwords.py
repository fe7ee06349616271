"""The words of a definition that printkit prints in its own places (the game's title in
every page label and on assembly pages, a pattern back's title), checked against the
definition's font stack as the layouts' words are: a character no font of the stack has
would print as an empty box, so it is reported, where it was written, before anything is
drawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.definition.content import Content
from printkit.definition.fontstack import glyph_name, split_runs
from printkit.errors import Problem
from printkit.yamlsource import Document, PathKey


def sheet_words_problems(doc: Document, data: Mapping[str, Any],
                         content: Content) -> list[Problem]:
    """A problem for each character of the title or the back's title that no bold face of
    the definition's sheet stack (``style: font`` and ``style: fallback``) has."""
    if content.family(content.font) is None:
        return []  # the unknown family is reported already
    stack = content.sheet_stack
    faces = [f.face(bold=True, italic=False) or f.faces["regular"] for f in stack.families]
    found: list[Problem] = []
    words: list[tuple[PathKey, object]] = [(("title",), data.get("title"))]
    back = data.get("back")
    if isinstance(back, Mapping):
        options = back.get("options")  # the back kind's options, read by now
        title = options.get("title") if isinstance(options, Mapping) else getattr(
            options, "title", None)
        words.append((("back", "options", "title"), title))
    for path, text in words:
        if not isinstance(text, str):
            continue
        missing = split_runs(text, faces)[1]
        if missing:
            fonts = " or ".join(repr(f.name) for f in stack.families)
            chars = ", ".join(glyph_name(c) for c in missing)
            found.append(doc.problem(path, f"the font {fonts} has no glyph for {chars}, which "
                                     "printkit prints in the game's font (page labels, titles)"
                                     ": choose a font that has it with style: font, or list one "
                                     "under style: fallback (DejaVu Sans, always tried last "
                                     "there, covers most scripts)"))
    return found
