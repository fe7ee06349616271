"""The words of a definition that printkit prints in its own places, checked before anything
is drawn as the layouts' words are (a character no font has would print as an empty box):

- the game's title (in every page label and on assembly pages) and the title of every
  pattern back (the main deck's, a face group's, a ``cards`` or ``tokens`` component's),
  set in the definition's font stack;
- the words in the options of printkit's own face and back kinds (a Trump's label, a
  reference card's lines), which those kinds draw in Bitstream Vera.

Each character is one problem naming every place that needs it
(:class:`~printkit.definition.printedwords.PrintedWords`, shared with the components'
titles, headings and labels).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from printkit.definition.content import Content
from printkit.definition.fonts import shipped_families
from printkit.definition.fontstack import glyph_name
from printkit.definition.options import Kinds
from printkit.errors import Problem
from printkit.yamlsource import Document, PathKey

DRAWN_BACKS = ("layout", "image")
"""Back kinds whose words are the definition's own layouts (checked with the cards)."""
VERA_ADVICE = ("leave it out, or draw these cards with a layout (kind: layout), whose text "
               "takes any font")


def sheet_words_problems(doc: Document, data: Mapping[str, Any], content: Content,
                         kinds: Kinds | None = None) -> list[Problem]:
    """Note each character of the game's title and of every pattern back's title that no
    bold face of the definition's sheet stack (``style: font`` and ``style: fallback``)
    has, and each one of a built-in kind's options that Vera lacks, in ``content.words``;
    return every problem noted there (the components' words included)."""
    if kinds is not None:
        _kind_words(doc, data, kinds, content)
    if content.family(content.font) is None:
        return content.words.problems()  # the unknown family is reported already
    family = content.sheet_family
    fonts = " or ".join(repr(f.name) for f in content.sheet_stack.families)
    words: list[tuple[PathKey, str]] = [(("title",), "the game's title (page labels)")]
    for path, what, back in _backs(data):
        if _back_kind(back) == "pattern":
            words.append(((*path, "options", "title"), f"the title on {what}"))
    for path, what in words:
        text = _written(doc.data, path)
        if isinstance(text, str):
            content.words.check(text, family, fonts, doc.where(path), what, bold=True)
    return content.words.problems()


def _backs(data: Mapping[str, Any]) -> Iterator[tuple[PathKey, str, Mapping[str, Any]]]:
    """Every ``back:`` mapping of the definition, where it is and whose it is."""
    if isinstance(data.get("back"), Mapping):
        yield ("back",), "the deck's back", data["back"]
    for path, what, group in _groups(data):
        if path[-2] == "faces" and isinstance(group.get("back"), Mapping):  # a token's
            # face group has no back of its own (refused where tokens are read)
            yield (*path, "back"), f"the back of {what}", group["back"]
    for name, spec in _components(data):
        if isinstance(spec.get("back"), Mapping):
            yield ("components", name, "back"), f"the back of {name}", spec["back"]


def _groups(data: Mapping[str, Any]) -> Iterator[tuple[PathKey, str, Mapping[str, Any]]]:
    """Every face group (the main deck's, a component's fronts and backs), where it is
    and how a message names it."""
    places: list[tuple[PathKey, object]] = [(("faces",), data.get("faces"))]
    for name, spec in _components(data):
        for key in ("faces", "front", "back"):
            places.append((("components", name, key), spec.get(key)))
    for base, groups in places:
        if not isinstance(groups, list | tuple):
            continue
        for index, group in enumerate(groups):
            if isinstance(group, Mapping):
                owner = f" of {base[1]}" if base[0] == "components" else ""
                yield (*base, index), f"face group {group.get('id', index + 1)!r}{owner}", group


def _components(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    section = data.get("components")
    if isinstance(section, Mapping):
        for name, spec in section.items():
            if isinstance(spec, Mapping):
                yield str(name), spec


def _back_kind(back: Mapping[str, Any]) -> str:
    """The kind of a ``back:`` mapping as written (``layout:`` or ``image:`` alone name
    theirs; nothing is the pattern)."""
    drawn = next((key for key in DRAWN_BACKS if back.get(key) is not None), None)
    return str(back.get("kind") or drawn or "pattern")


def _kind_words(doc: Document, data: Mapping[str, Any], kinds: Kinds,
                content: Content) -> None:
    """Note the words of the options of printkit's own kinds (not ``layout``, whose words
    take the definition's fonts, nor ``pattern``, whose title does) that Bitstream Vera
    lacks."""
    vera = shipped_families()["Vera"].faces
    written: list[tuple[PathKey, str, Mapping[str, Any], Mapping[str, Any]]] = [
        (path, what, group, kinds.faces) for path, what, group in _groups(data)]
    written += [(path, what, back, kinds.backs) for path, what, back in _backs(data)]
    for path, what, group, known in written:
        kind = str(group.get("kind"))
        spec = known.get(kind)
        options = _written(doc.data, (*path, "options"))  # as written, not yet read
        if spec is None or kind in ("layout", "pattern") or not isinstance(
                options, Mapping) or not spec.options.__module__.startswith("printkit."):
            continue
        for where, text in _strings(options, (*path, "options")):
            for char in dict.fromkeys(text):
                if char not in "\n\t" and not (vera["regular"].covers(char)
                                               and vera["bold"].covers(char)):
                    content.words.note(f"the kind {kind!r} prints its words in Bitstream "
                                       f"Vera, which has no glyph for {glyph_name(char)}",
                                       VERA_ADVICE, f"{what}: its options", doc.where(where))


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
