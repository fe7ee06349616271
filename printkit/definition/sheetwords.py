"""The words of a definition that printkit prints in its own places, checked before anything
is drawn as the layouts' words are (a character no font has would print as an empty box):

- the game's title (in every page label and on assembly pages) and a pattern back's title,
  set in the definition's font stack;
- the words in the options of printkit's own face and back kinds (a Trump's label, a
  reference card's lines), which those kinds draw in Bitstream Vera.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.definition.content import Content
from printkit.definition.fonts import shipped_families
from printkit.definition.fontstack import glyph_name, split_runs
from printkit.definition.options import Kinds
from printkit.errors import Problem
from printkit.yamlsource import Document, PathKey


def sheet_words_problems(doc: Document, data: Mapping[str, Any], content: Content,
                         kinds: Kinds | None = None) -> list[Problem]:
    """A problem for each text of the title or the back's title with characters no bold
    face of the definition's sheet stack (``style: font`` and ``style: fallback``) has, and
    for each word of a built-in kind's options that Vera lacks."""
    found = _kind_words(doc, data, kinds) if kinds is not None else []
    if content.family(content.font) is None:
        return found  # the unknown family is reported already
    stack = content.sheet_stack
    faces = [f.face(bold=True, italic=False) or f.faces["regular"] for f in stack.families]
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


def _kind_words(doc: Document, data: Mapping[str, Any], kinds: Kinds) -> list[Problem]:
    """The words of the options of printkit's own kinds (not ``layout``, whose words take
    the definition's fonts, nor ``pattern``, whose title does) that Bitstream Vera lacks."""
    vera = shipped_families()["Vera"].faces
    groups: list[tuple[PathKey, Any, Mapping[str, Any]]] = [
        (("faces", index), group, kinds.faces)
        for index, group in enumerate(data.get("faces") or ()) if isinstance(group, Mapping)]
    if isinstance(data.get("back"), Mapping):
        groups.append((("back",), data["back"], kinds.backs))
    found: list[Problem] = []
    for path, group, known in groups:
        spec = known.get(str(group.get("kind")))
        options = _written(doc.data, (*path, "options"))  # as written, not yet read
        if spec is None or group.get("kind") in ("layout", "pattern") or not isinstance(
                options, Mapping) or not spec.options.__module__.startswith("printkit."):
            continue
        for where, text in _strings(options, (*path, "options")):
            missing = sorted({c for c in text if c not in "\n\t" and not (
                vera["regular"].covers(c) and vera["bold"].covers(c))})
            if missing:
                found.append(doc.problem(where, f"the kind {group.get('kind')!r} prints its "
                                         "words in Bitstream Vera, which has no glyph for "
                                         + ", ".join(glyph_name(c) for c in missing) + ": "
                                         "leave it out, or draw these cards with a layout "
                                         "(kind: layout), whose text takes any font"))
    return found


def _strings(value: object, path: PathKey) -> list[tuple[PathKey, str]]:
    """Every text in ``value`` (mappings and lists walked), with where it is."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, Mapping):
        return [found for key, item in value.items() for found in _strings(item, (*path, key))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value)
                for found in _strings(item, (*path, index))]
    return []


def _written(data: object, path: PathKey) -> object:
    """The value at ``path`` in the document as written (``None`` where there is none)."""
    for key in path:
        if isinstance(data, Mapping):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data
