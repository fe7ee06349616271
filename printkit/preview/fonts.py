"""The fonts of the preview: the very files the PDF embeds, so the page sets text as print does.

A face or board is shown as an SVG image, and an image may not fetch anything, so each SVG
the page shows carries its fonts inside, in a ``<style>`` of ``@font-face`` rules whose
sources are ``data:`` URLs (:func:`with_fonts`).  What is embedded is the PDF's own font
file cut down to the characters the rendering uses (fontTools' subsetter) with every
glyph's advance width kept and the kerning and ligature tables left out: the PDF writer
sets each character at its advance width, without kerning, and now so does the browser.

The booklet, an HTML page of its own, is given ``@font-face`` rules that point at the
server (``/font/NAME``), which answers with the font files themselves (:func:`font_files`):
only the faces of the shipped families and of those the definition loaded, never a path
from a request.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

from fontTools import subset  # type: ignore[import-untyped]

from printkit.definition.fontcheck import quiet_font_tools, verified
from printkit.definition.fonts import FontFace, FontFamily, families_in_use
from printkit.pdf.fonts import USER_PREFIX

_STYLES = {"regular": ("normal", "normal"), "bold": ("bold", "normal"),
           "italic": ("normal", "italic"), "bold_italic": ("bold", "italic")}
"""Each style of a family as CSS's (font-weight, font-style)."""
_FAMILY = re.compile(r'font-family="([^",]+)')
_TEXT = re.compile(r">([^<]+)<")
_ENTITY = re.compile(r"&(#x?[0-9a-fA-F]+|[a-z]+);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
SET_AS_PRINTED = "text{font-kerning:none;font-variant-ligatures:none}"
"""Each character at its font's advance width, as the PDF sets it: no kerning and no
ligatures."""
EVERYDAY = frozenset(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x100), 0x2013, 0x2014,
                               0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x2212]))
"""Characters every cut-down font keeps beside those the rendering uses, so that an edit
that types an everyday character does not cut the fonts again."""
BOOKLET_FAMILIES = ("Bitstream Vera Sans", "Vera")
"""The names the booklet's HTML asks for first, served as the shipped Vera."""


@dataclass(frozen=True)
class FontFile:
    """One font file the preview serves: under ``/font/{name}``."""

    name: str
    family: str
    """The family name the rendering's SVG and HTML use (the PDF writer's key)."""
    style: str
    data: bytes


def font_files(families: Iterable[FontFamily] | None = None) -> tuple[FontFile, ...]:
    """Every face of ``families`` (default: the shipped ones and those loaded so far), as the
    PDF writer reads it: a shipped face from its file, a definition's from the bytes that
    were checked when it loaded (a file changed since is not what the PDF would embed)."""
    found = []
    for family in families if families is not None else families_in_use():
        for style, face in family.faces.items():
            data = _bytes(face)
            if data is not None:
                digest = hashlib.sha256(data).hexdigest()[:16]
                found.append(FontFile(f"{digest}.ttf", family.key, style, data))
    return tuple(found)


def _bytes(face: FontFace) -> bytes | None:
    if face.name.startswith(USER_PREFIX):
        return verified(face.name.removeprefix(USER_PREFIX))
    return _read(str(face.path))


@functools.lru_cache(maxsize=16)
def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def booklet_fonts(files: Iterable[FontFile]) -> str:
    """``@font-face`` rules giving the booklet's own family names and every family key the
    server's font files, so the booklet's text is set in the fonts the PDF embeds."""
    rules = []
    for font in files:
        names = (font.family, *BOOKLET_FAMILIES) if font.family == "Vera" else (font.family,)
        weight, slant = _STYLES[font.style]
        rules += [f'@font-face {{ font-family: "{name}"; src: url("/font/{font.name}"); '
                  f"font-weight: {weight}; font-style: {slant}; }}" for name in names]
    return "\n".join(rules)


def used_characters(svgs: Iterable[str]) -> frozenset[str]:
    """The characters of the text of ``svgs`` (entities decoded), and the space."""
    found = {" "}
    for svg in svgs:
        for text in _TEXT.findall(svg):
            found.update(_ENTITY.sub(_entity, text))
    return frozenset(found)


def _entity(match: re.Match[str]) -> str:
    name = match.group(1)
    if name.startswith("#x"):
        return chr(int(name[2:], 16))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _NAMED.get(name, "")


class Embedder:
    """Puts into an SVG the ``@font-face`` rules of the families it names, each font cut
    down to the characters the rendering uses and :data:`EVERYDAY` (a family's rules are
    made when an SVG first names it; its bold and italic faces only go into an SVG that
    says ``bold`` or ``italic``)."""

    def __init__(self, files: Iterable[FontFile], characters: frozenset[str]) -> None:
        self.files: dict[str, list[FontFile]] = {}
        for font in files:
            self.files.setdefault(font.family, []).append(font)
        self.characters = "".join(sorted(characters | EVERYDAY))
        self.rules: dict[tuple[str, frozenset[str]], str] = {}

    def __call__(self, svg: str) -> str:
        """``svg`` with a ``<style>`` of the fonts it names, after its opening tag."""
        named = {_ENTITY.sub(_entity, name).strip().strip("'\"") for name in _FAMILY.findall(svg)}
        wanted = sorted(named & self.files.keys())
        start = svg.find("<svg")
        end = svg.find(">", start) + 1
        if not wanted or start < 0 or end <= 0:
            return svg
        # the bold and italic faces only where the drawing may use them
        styles = frozenset(style for style in _STYLES if all(
            word in svg for word in style.split("_") if word != "regular"))
        style = "".join(self._rules(name, styles) for name in wanted) + SET_AS_PRINTED
        return f"{svg[:end]}<style>{style}</style>{svg[end:]}"

    def _rules(self, family: str, styles: frozenset[str]) -> str:
        found = self.rules.get((family, styles))
        if found is None:
            found = self.rules[family, styles] = "".join(
                _rule(font, _subset(font.data, self.characters))
                for font in self.files[family] if font.style in styles)
        return found

    @property
    def families(self) -> frozenset[str]:
        """The families put into an SVG so far."""
        return frozenset(family for family, _ in self.rules)


def _rule(font: FontFile, data: bytes) -> str:
    weight, slant = _STYLES[font.style]
    encoded = base64.b64encode(data).decode("ascii")
    return (f'@font-face{{font-family:"{font.family}";font-weight:{weight};'
            f"font-style:{slant};src:url(data:font/ttf;base64,{encoded}) format('truetype')}}")


@functools.lru_cache(maxsize=64)
def _subset(data: bytes, characters: str) -> bytes:
    """``data`` cut down to the glyphs of ``characters``: advance widths kept, no hinting,
    no kerning or ligatures (the PDF writer sets neither)."""
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.drop_tables = [*options.drop_tables, "FFTM", "kern", "GPOS", "GSUB", "hdmx", "gasp"]
    with quiet_font_tools():
        font = subset.load_font(io.BytesIO(data), options, lazy=True)
        cutter = subset.Subsetter(options)
        cutter.populate(text=characters)
        cutter.subset(font)
        out = io.BytesIO()
        font.save(out)
    return out.getvalue()
