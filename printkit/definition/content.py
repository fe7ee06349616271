"""What the cards show, declared once for the whole definition: fonts, icons and layouts.

``fonts:`` names font files beside the definition by family; ``icons:`` names SVG files (or
gives SVG path data inline); ``layouts:`` (:mod:`printkit.definition.layouts`) lists the elements
each kind of card draws.  All of it is read and checked here, with every problem located,
before any face is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit import limits
from printkit.definition import svgnumbers
from printkit.definition.files import FileRefused, find, shown_folder
from printkit.definition.fonts import (
    DEFAULT_FAMILY,
    STYLES,
    FontFamily,
    FontRefused,
    load_family,
    shipped_families,
)
from printkit.definition.fontstack import FontStack, MissingGlyphs, stack_of
from printkit.definition.layouts import LAYOUTS, Layout, compile_layouts
from printkit.definition.markup import ICON_NAME
from printkit.definition.pictures import (
    Icon,
    PictureRefused,
    PictureShelf,
    icon_from_file,
    icon_from_path,
)
from printkit.definition.printedwords import PrintedWords
from printkit.definition.schema import JSON, Checker, Field, MapOf, Node, Record, Text
from printkit.definition.stackedfaces import stacked_family
from printkit.definition.systemfonts import (
    SystemFontMissing,
    family_names,
    installed_fonts,
    system_family,
)
from printkit.errors import Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

FAMILY_NAME = r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,59}"
_FILE = r"[^\\]{1,300}"

FONT = Record(description="A font family: its TrueType files beside the definition (or in a "
              "folder below it), or the name of a family installed on the system.", fields={
    **{style: Field(Text(f"the {style.replace('_', ' ')} face (a .ttf or TrueType .otf file)"
                         + ("; required unless system: names the family" if style == "regular"
                            else ""), pattern=_FILE))
       for style in STYLES},
    "system": Field(Text("the name of a font family installed on this computer, e.g. "
                         "'Liberation Sans' (found through fontconfig, or in the system's "
                         "font folders without it), instead of files: its regular, bold and "
                         "italic faces are used where installed",
                         pattern=FAMILY_NAME)),
})

ICON_PATH = Record(description="An icon drawn with SVG path data.", fields={
    "path": Field(Text("SVG path data, such as 'M12 2 L22 22 L2 22 Z'"), required=True),
    "viewbox": Field(Text("the square the path is drawn in: 'MIN-X MIN-Y WIDTH HEIGHT'"),
                     required=True),
})


@dataclass
class IconSource(Node):
    """An SVG file's name, or ``{path: ..., viewbox: ...}``."""

    description: str = "an .svg file beside the definition, or {path, viewbox}"

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, dict):
            return ICON_PATH.check(value, path, checker)
        return Text(pattern=_FILE).check(value, path, checker)

    def json(self) -> JSON:
        return self._json({"anyOf": [{"type": "string"}, ICON_PATH.json()]})


FIELDS: Mapping[str, Field] = {
    "fonts": Field(MapOf(FONT, description="Font families by name, from TrueType files "
                         "beside the definition or from the fonts installed on the system "
                         "(DejaVu Sans and Vera ship with printkit).  A character a text's "
                         "font lacks is an error unless style: fallback lists fonts to take "
                         "it from.",
                         key_pattern=FAMILY_NAME)),
    "icons": Field(MapOf(IconSource(), description="Icons by name, for icon elements and "
                         ":name: in text.", key_pattern=ICON_NAME.pattern)),
    "layouts": Field(LAYOUTS),
}
"""The top-level keys of a definition this module reads (merged into its schema)."""


class TextTotal:
    """The characters of text all the faces of one definition lay out together, against the
    ``text-total`` limit: fitting text to its box is most of the work of drawing a face, so
    this bounds that work however many faces there are."""

    def __init__(self) -> None:
        self.characters = 0
        self.refused = False

    def take(self, characters: int) -> str | None:
        """Count one more text; the problem (once, for the text that crosses the limit),
        '' for each text after it, or None when it is within the limit."""
        if self.refused:
            return ""
        self.characters += characters
        if self.characters <= limits.current().text_total:
            return None
        self.refused = True
        return limits.beyond("text-total", f"with this text the faces lay out "
                             f"{self.characters} characters", "characters")


@dataclass(frozen=True)
class Content:
    """The definition's fonts, icons and layouts, checked, and where its files are."""

    folder: Path = Path(".")
    shown_folder: str = ""
    """The definition's folder as messages name it."""
    font: str = DEFAULT_FAMILY
    """The family of text that names none (``style: font:``)."""
    fonts: Mapping[str, FontFamily] = field(default_factory=dict)
    icons: Mapping[str, Icon] = field(default_factory=dict)
    layouts: Mapping[str, Layout] = field(default_factory=dict)
    pictures: PictureShelf = field(default_factory=lambda: PictureShelf(Path("."), ""),
                                   compare=False)
    """The images cards name, each read once."""
    refused: frozenset[str] = frozenset()
    """Fonts and icons declared but refused (already reported; cards that use them are not
    reported again)."""
    texts: TextTotal = field(default_factory=lambda: TextTotal(), compare=False)
    """The characters of text the faces lay out, so far."""
    fallback: tuple[FontFamily, ...] = ()
    """The families tried, in order, for a character a text's family lacks
    (``style: fallback:``); DejaVu Sans follows them."""
    glyphs: MissingGlyphs = field(default_factory=MissingGlyphs, compare=False)
    """Characters no font of their stack has, gathered over every card."""
    words: PrintedWords = field(default_factory=PrintedWords, compare=False)
    """Characters the fonts lack in the words printkit prints itself (titles, labels)."""

    def stack(self, family: FontFamily) -> FontStack:
        """``family`` with the definition's fallback families after it."""
        return stack_of(family, self.fallback)

    @property
    def sheet_family(self) -> FontFamily:
        """The family of the words of score sheets and plain boards: the definition's
        font, its faces stacked over its fallbacks' (:mod:`printkit.definition.stackedfaces`)."""
        return stacked_family(self.sheet_stack)

    @property
    def sheet_stack(self) -> FontStack:
        """The stack of the words printkit itself prints for the game (titles, page
        labels, back titles): the definition's font and its fallbacks."""
        family = self.family(self.font)
        assert family is not None  # read_content settled on a family that exists
        return self.stack(family)

    def family(self, name: str) -> FontFamily | None:
        """The family called ``name`` (a definition's own, else a shipped one)."""
        return self.fonts.get(name) or shipped_families().get(name)

    @property
    def family_names(self) -> list[str]:
        """Every family a definition may name."""
        return sorted({*self.fonts, *shipped_families()})


def read_content(doc: Document, data: Mapping[str, Any], problems: list[Problem], *,
                 folder: Path | None = None) -> Content:
    """The checked content sections of a definition (problems added to ``problems``).

    Files are looked for in ``folder`` (the definition's folder; by default the folder of
    ``doc.file``).
    """
    folder = folder if folder is not None else Path(doc.file).parent
    shown = shown_folder(doc.file)
    fonts = _fonts(doc, data.get("fonts") or {}, folder, shown, problems)
    drawings = svgnumbers.Total()
    icons = _icons(doc, data.get("icons") or {}, folder, shown, drawings, problems)
    refused = frozenset({*(data.get("fonts") or {}), *(data.get("icons") or {})}
                        - {*fonts, *icons})
    content = Content(folder, shown, DEFAULT_FAMILY, fonts, icons,
                      compile_layouts(data.get("layouts")),
                      PictureShelf(folder, shown, drawings),
                      refused)
    style = data.get("style") or {}
    fallback = []
    for index, name in enumerate(style.get("fallback") or ()):
        family = content.family(name)
        if family is None:
            if name not in refused:
                problems.append(doc.problem(("style", "fallback", index), f"unknown font "
                                            f"family {name!r}" + family_hint(name, content)))
            continue
        fallback.append(family)
    content = replace(content, fallback=tuple(fallback))
    chosen = style.get("font") or DEFAULT_FAMILY
    if content.family(chosen) is None:
        if chosen not in refused:
            problems.append(doc.problem(("style", "font"), f"unknown font family {chosen!r}"
                                        + family_hint(chosen, content)))
        return content
    return replace(content, font=chosen)


def family_hint(name: str, content: Content) -> str:
    """What to say after "unknown font family NAME": a near name, or that the family is
    installed on this computer (and how to name it), or the families there are."""
    near = did_you_mean(name, content.family_names)
    if near:
        return near
    try:
        installed = {n.casefold(): n for n in family_names(installed_fonts())}
    except SystemFontMissing:
        installed = {}
    found = installed.get(name.casefold())
    if found is not None:
        return (f"; {found!r} is installed on this computer: name it under fonts: "
                f"{{{name}: {{system: {found}}}}}")
    return (f"; the families are: {', '.join(content.family_names)} (add yours under "
            "fonts:, from files or from the system's fonts)")


def _fonts(doc: Document, section: Mapping[str, Any], folder: Path, shown: str,
           problems: list[Problem]) -> dict[str, FontFamily]:
    families: dict[str, FontFamily] = {}
    for name, files in section.items():
        if not isinstance(files, dict):
            continue  # reported by the schema
        named = [s for s in STYLES if files.get(s)]
        if files.get("system"):
            if named:
                problems.append(doc.problem(("fonts", name, "system"), "name either an "
                                            "installed family (system:) or font files "
                                            f"({', '.join(named)}:), not both", key=True))
                continue
            try:
                found = system_family(files["system"], f"installed font {files['system']!r}")
            except SystemFontMissing as exc:
                problems.append(doc.problem(("fonts", name, "system"), str(exc)))
                continue
        else:
            if "regular" not in named:
                problems.append(doc.problem(("fonts", name), "give the regular face "
                                            "(regular: FILE.ttf) or name an installed family "
                                            "(system: NAME)", key=True))
                continue
            found = {}
            for style in named:
                try:
                    found[style] = find(folder, shown, files[style], "font")
                except FileRefused as exc:
                    problems.append(doc.problem(("fonts", name, style), str(exc)))
            if len(found) != len(named):
                continue
        try:
            installed = str(files["system"]) if files.get("system") else ""
            families[name] = load_family(name, found, also=(installed,) if installed else ())
        except FontRefused as exc:
            at = "system" if files.get("system") else exc.args[1]
            problems.append(doc.problem(("fonts", name, at), exc.args[0]))
    return families


def _icons(doc: Document, section: Mapping[str, Any], folder: Path, shown: str,
           drawings: svgnumbers.Total, problems: list[Problem]) -> dict[str, Icon]:
    icons: dict[str, Icon] = {}
    for name, source in section.items():
        try:
            if isinstance(source, dict):
                if source.get("path") is None or source.get("viewbox") is None:
                    continue  # reported by the schema
                icon = icon_from_path(name, source["path"], source["viewbox"])
            elif isinstance(source, str):
                icon = icon_from_file(name, find(folder, shown, source, "icon"))
            else:
                continue
            drawings.take(icon.drawing.numbers)
            icons[name] = icon
        except (FileRefused, PictureRefused, svgnumbers.SvgRefused) as exc:
            problems.append(doc.problem(("icons", name), str(exc)))
    return icons
