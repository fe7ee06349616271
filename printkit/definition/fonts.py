"""Font families: the shipped ones (DejaVu Sans, the default, and Bitstream Vera) and those
a definition names in ``fonts:``, read with fontTools for their metrics and coverage (a
definition's own files are first checked as deeply as the PDF writer will read them, by
:mod:`printkit.definition.fontcheck`).

Text is measured here with each font's own advance widths, so what the layout computes is
what the PDF draws; a character a font lacks is found before anything is drawn.  A family a
definition loads is remembered by a key made from its files' contents, so the PDF writer can
embed exactly those files (:func:`families_in_use`), and two definitions that give the same
family name to different files never get each other's font.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import io
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from printkit.definition.files import FileRefused, UserFile, read
from printkit.definition.fontcheck import (
    REQUIRED_TABLES,
    FontDamaged,
    quiet_font_tools,
    read_font,
    writer_reads,
)

STYLES = ("regular", "bold", "italic", "bold_italic")
"""The faces of a family, as ``fonts:`` names them."""
DEFAULT_FAMILY = "DejaVu Sans"
"""The family of definitions that name none (shipped with printkit, wide coverage)."""

SHIPPED_FOLDER = Path(__file__).resolve().parent.parent / "fonts"


def _vera_folder() -> Path:
    """Bitstream Vera ships with reportlab (found here without importing the PDF writer)."""
    spec = importlib.util.find_spec("reportlab")
    origin = spec.origin if spec is not None else None
    return Path(origin or ".").resolve().parent / "fonts"


_SHIPPED: Mapping[str, tuple[Path, Mapping[str, tuple[str, str]], tuple[str, ...]]] = {
    DEFAULT_FAMILY: (SHIPPED_FOLDER, {
        "regular": ("DejaVuSans.ttf", "PK-DejaVuSans"),
        "bold": ("DejaVuSans-Bold.ttf", "PK-DejaVuSans-Bold"),
        "italic": ("DejaVuSans-Oblique.ttf", "PK-DejaVuSans-Oblique"),
        "bold_italic": ("DejaVuSans-BoldOblique.ttf", "PK-DejaVuSans-BoldOblique"),
    }, ("Verdana", "sans-serif")),
    "Vera": (_vera_folder(), {
        "regular": ("Vera.ttf", "PK-Vera"),
        "bold": ("VeraBd.ttf", "PK-Vera-Bold"),
        "italic": ("VeraIt.ttf", "PK-Vera-Italic"),
        "bold_italic": ("VeraBI.ttf", "PK-Vera-BoldItalic"),
    }, ("Bitstream Vera Sans", "DejaVu Sans", "sans-serif")),
}
"""Shipped families: folder, then style -> (file, name registered with the PDF writer),
then the families an SVG viewer should try after it."""


class FontRefused(ValueError):
    """A font file cannot be used; the message says why."""


@dataclass(frozen=True)
class FontFace:
    """One font file of a family, with the metrics text layout needs."""

    family: str
    style: str
    path: Path
    name: str
    """The name the PDF writer registers the file under."""
    family_key: str
    """The key of the family the face belongs to (:attr:`FontFamily.key`)."""
    units_per_em: int
    ascent: float
    """Height above the baseline, as a fraction of the font size."""
    descent: float
    """Depth below the baseline (positive), as a fraction of the font size."""
    advances: Mapping[int, int] = field(compare=False, hash=False, repr=False)
    """Advance width of each character the font has, in font units."""
    generic: str = "sans-serif"
    """The CSS generic family the design belongs to (:func:`generic_family`)."""
    _units: dict[str, int] = field(default_factory=dict, init=False, compare=False,
                                   hash=False, repr=False)
    """The width of each text measured so far, in font units (fitting text measures the
    same words again at each size it tries)."""

    def covers(self, char: str) -> bool:
        """Whether the font has a glyph for ``char``."""
        return ord(char) in self.advances

    def width(self, text: str, size: float) -> float:
        """The advance width of ``text`` at ``size`` (same unit as ``size``)."""
        units = self._units.get(text)
        if units is None:
            if len(self._units) > 50_000:
                self._units.clear()
            advances = self.advances
            units = self._units[text] = sum(advances.get(ord(c), 0) for c in text)
        return units * size / self.units_per_em


@dataclass(frozen=True)
class FontFamily:
    """A family as definitions name it, and the faces it has."""

    name: str
    key: str
    """The family name the SVG and the PDF writer use (unique to its files)."""
    fallbacks: tuple[str, ...]
    faces: Mapping[str, FontFace] = field(compare=False, hash=False)

    @property
    def css(self) -> str:
        """The SVG ``font-family`` list: our family first, then what a viewer may use."""
        return css_names([self.key, self.name, *self.fallbacks])

    def face(self, *, bold: bool, italic: bool) -> FontFace | None:
        """The face for a weight and style (``None`` if the family has no such face)."""
        style = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
                 (True, True): "bold_italic"}[(bold, italic)]
        return self.faces.get(style)


def css_names(names: list[str]) -> str:
    """An SVG ``font-family`` list of ``names`` (each once, in order; quoted where CSS
    needs it)."""
    kept = list(dict.fromkeys(names))
    return ", ".join(n if _plain_css_name(n) else f"'{n}'" for n in kept)


def _plain_css_name(name: str) -> bool:
    return all(part.isalpha() for part in name.split(" ")) or name in GENERIC_FAMILIES


GENERIC_FAMILIES = ("serif", "sans-serif", "monospace")
"""The CSS generic families a font-family list may end with (never quoted)."""


_IN_USE: dict[str, FontFamily] = {}
"""Every family a definition loaded in this run, by key, for the PDF writer to embed."""


def families_in_use() -> tuple[FontFamily, ...]:
    """The shipped families and every family a definition has loaded, in key order."""
    return tuple(sorted({**shipped_families(), **_IN_USE}.values(), key=lambda f: f.key))


@functools.cache
def shipped_families() -> Mapping[str, FontFamily]:
    """The families every definition may name without a ``fonts:`` entry."""
    result: dict[str, FontFamily] = {}
    for family, (folder, faces, fallbacks) in _SHIPPED.items():
        loaded = {style: _face(family, family, style, folder / file_name,
                               (folder / file_name).read_bytes(), name, lazy=True)
                  for style, (file_name, name) in faces.items()}
        result[family] = FontFamily(family, family, fallbacks, loaded)
    return result


def load_family(name: str, files: Mapping[str, UserFile], *,
                also: tuple[str, ...] = ()) -> FontFamily:
    """A definition's family from its files (a ``regular`` one at least); ``also`` are
    names an SVG viewer may know the family by (an installed family's own name).

    Raises :class:`FontRefused` with the style in ``args[1]`` naming the file at fault.
    """
    read_files: dict[str, tuple[UserFile, bytes, str]] = {}
    for style in STYLES:
        found = files.get(style)
        if found is None:
            continue
        try:
            data = read(found)
        except FileRefused as exc:
            raise FontRefused(str(exc), style) from None
        read_files[style] = (found, data, hashlib.sha256(data).hexdigest())
    digests = " ".join(f"{style}:{digest}" for style, (_, _, digest) in read_files.items())
    key = "pk-" + hashlib.sha256(digests.encode()).hexdigest()[:10]
    faces: dict[str, FontFace] = {}
    for style, (found, data, digest) in read_files.items():
        try:
            faces[style] = _face(name, key, style, found.path, data, f"PK-U{digest[:16]}")
        except FontRefused as exc:
            raise FontRefused(f"{found.shown}: {exc}", style) from None
    first = faces.get("regular") or next(iter(faces.values()), None)
    generic = first.generic if first is not None else "sans-serif"
    family = FontFamily(name, key, (*also, generic), faces)
    _IN_USE.setdefault(key, family)
    return family


def family_of(face: FontFace) -> FontFamily:
    """The family ``face`` belongs to (a shipped one, or one a definition loaded)."""
    found = _IN_USE.get(face.family_key) or shipped_families().get(face.family_key)
    if found is None:
        raise KeyError(f"no family has the key {face.family_key!r}")
    return found


_FACES: dict[tuple[str, str, str, str, str], FontFace] = {}
"""Faces already read, by content, family, its key, style and name (a run reads each file
once)."""


def _face(family: str, family_key: str, style: str, path: Path, data: bytes, name: str, *,
          lazy: bool = False) -> FontFace:
    """A face read from ``data``: checked, measured, and cached by content.  ``lazy`` (for
    the shipped files, which are known to be sound) reads the character widths when text
    is first measured with the face: most runs use a few of the shipped faces."""
    key = (hashlib.sha256(data).hexdigest(), family, family_key, style, name)
    face = _FACES.get(key)
    if face is None:
        face = _FACES[key] = _read_face(data, family, family_key, style, path, name,
                                        lazy=lazy)
    return face


class _Widths(Mapping[int, int]):
    """A font's advance widths by character, read from the font on first use."""

    def __init__(self, font: TTFont) -> None:
        self._font: TTFont | None = font
        self._table: dict[int, int] = {}

    def _load(self) -> dict[int, int]:
        if self._font is not None:
            with quiet_font_tools():
                self._table = _advances(self._font)
            self._font = None
        return self._table

    def __getitem__(self, code: int) -> int:
        return self._load()[code]

    def get(self, code: int, default: int | None = None) -> int | None:  # type: ignore[override]
        return self._load().get(code, default)

    def __contains__(self, code: object) -> bool:
        return code in self._load()

    def __iter__(self) -> Iterator[int]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


def _advances(font: TTFont) -> dict[int, int]:
    cmap = font.getBestCmap() or {}
    metrics = font["hmtx"].metrics
    return {code: metrics[glyph][0] for code, glyph in cmap.items() if glyph in metrics}


def _read_face(data: bytes, family: str, family_key: str, style: str, path: Path, name: str,
               *, lazy: bool = False) -> FontFace:
    signature = data[:4]
    if signature == b"OTTO":
        raise FontRefused("this OpenType font has PostScript (CFF) outlines, which the PDF "
                          "writer cannot embed: use the TrueType (.ttf) version of the font")
    if signature == b"ttcf":
        raise FontRefused("this is a font collection (.ttc): name one .ttf file per style")
    if signature in (b"wOFF", b"wOF2"):
        raise FontRefused("this is a web font (WOFF): use the .ttf version of the font")
    if signature not in (b"\x00\x01\x00\x00", b"true"):
        raise FontRefused("this is not a TrueType or OpenType font file")
    try:
        with quiet_font_tools():
            font = (TTFont(io.BytesIO(data), lazy=True) if lazy  # shipped: known sound
                    else read_font(data, path))
            missing = [t for t in REQUIRED_TABLES if t not in font]
            if missing:
                raise FontRefused(f"the font has no {', '.join(missing)} table")
            fs_type = font["OS/2"].fsType if "OS/2" in font else 0
            if fs_type == 0x0002 or fs_type & 0x0300:
                raise FontRefused(f"the font's licence bits (fsType {fs_type:#06x}) forbid "
                                  "embedding it in a PDF")
            advances: Mapping[int, int] = _Widths(font) if lazy else _advances(font)
            if not lazy and not advances:
                raise FontRefused("the font maps no Unicode characters")
            units = int(font["head"].unitsPerEm)
            hhea = font["hhea"]
            ascent, descent = hhea.ascent / units, -hhea.descent / units
            generic = generic_family(font)
    except FontDamaged as exc:
        raise FontRefused(str(exc)) from None
    except FontRefused:
        raise
    except MemoryError:  # the memory budget's own stop, not a bad file
        raise
    except Exception as exc:  # fontTools raises many kinds of error on a damaged file
        raise FontRefused(f"the font file is damaged or not a font ({type(exc).__name__})"
                          ) from None
    if not 16 <= units <= 16384 or not 0 < ascent < 4 or not 0 <= descent < 4:
        raise FontRefused("the font's metrics are out of any sensible range")
    if not lazy:
        try:
            writer_reads(data)
        except FontDamaged as exc:
            raise FontRefused(str(exc)) from None
    return FontFace(family, style, path, name, family_key, units, ascent, descent, advances,
                    generic)


_SERIF_CLASSES = frozenset({1, 2, 3, 4, 5, 7})
"""OS/2 ``sFamilyClass`` classes of serif designs (oldstyle, transitional, modern,
clarendon, slab and freeform serifs)."""


def generic_family(font: TTFont) -> str:
    """The CSS generic family that fits ``font``'s design, for the end of an SVG
    ``font-family`` list: ``monospace`` when its ``post`` table says it is fixed-pitch,
    ``serif`` when its OS/2 PANOSE (Latin text: serif style 2-10) or IBM family class says
    serifs, else ``sans-serif``."""
    post = font.get("post", None)
    if post is not None and getattr(post, "isFixedPitch", False):
        return "monospace"
    os2 = font.get("OS/2", None)
    if os2 is None:
        return "sans-serif"
    panose = getattr(os2, "panose", None)
    if panose is not None and panose.bFamilyType == 2:  # Latin text: the serif style tells
        if 2 <= panose.bSerifStyle <= 10:
            return "serif"
        if 11 <= panose.bSerifStyle <= 13:
            return "sans-serif"
    family_class = (int(getattr(os2, "sFamilyClass", 0)) >> 8) & 0xFF
    return "serif" if family_class in _SERIF_CLASSES else "sans-serif"
