"""Font families installed on the system, found by name through fontconfig (or, where it is
absent, in the system's font folders).

A definition may name a family the machine has installed (``fonts: {Body: {system: Liberation
Sans}}``) instead of copying its files beside the definition.  fontconfig's ``fc-list`` is
run with fixed arguments (the family name is never part of a command line or a pattern:
every installed font is listed and the name compared here), and its four faces are picked
by weight and slant; without fontconfig the system's font folders are read instead, each
file's name and OS/2 tables giving what fontconfig would list.  The files found are then
read and checked like a definition's own (:func:`printkit.definition.fonts.load_family`),
so a system font is embedded from the very bytes that were checked.  A definition can name
nothing else outside its folder this way: only installed fonts are read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from printkit.definition.files import UserFile
from printkit.definition.fontcheck import quiet_font_tools
from printkit.errors import did_you_mean

FC_LIST_SECONDS = 30
"""How long ``fc-list`` may take (a few tens of milliseconds with a few hundred fonts)."""
FC_LIST_BYTES = 16_000_000
"""The most output of ``fc-list`` read (about 100,000 fonts)."""
SCAN_FILES = 20_000
"""The most font files read where fontconfig is absent."""
_FORMAT = "%{file}\\t%{family}\\t%{weight}\\t%{slant}\\t%{width}\\t%{fontformat}\\n"
_REGULAR, _BOLD = 80, 200
"""fontconfig's weights of a regular and a bold face."""
_TARGETS: Mapping[str, tuple[bool, int]] = {
    "regular": (False, _REGULAR), "bold": (False, _BOLD),
    "italic": (True, _REGULAR), "bold_italic": (True, _BOLD),
}
"""Each style as (slanted, weight)."""
_WEIGHT_SLACK = 30
"""How far from its target weight a face may be and still serve (a Book or Medium face
for regular, a Semibold or Heavy one for bold)."""


class SystemFontMissing(ValueError):
    """The family cannot be found among the installed fonts; the message says why."""


@dataclass(frozen=True)
class InstalledFont:
    """One font file as fontconfig lists it."""

    path: Path
    families: tuple[str, ...]
    weight: float
    slant: int
    width: float
    truetype: bool


def fc_list() -> str | None:
    """The path of fontconfig's ``fc-list`` (``None`` where it is not installed)."""
    return shutil.which("fc-list")


def fontconfig_present() -> bool:
    """Whether fontconfig's ``fc-list`` can be run here."""
    return fc_list() is not None


def installed_fonts() -> tuple[InstalledFont, ...]:
    """Every font fontconfig knows; without fontconfig (Windows, most Macs), the fonts in the
    system's font folders (:func:`scan_folders`)."""
    program = fc_list()
    if program is None:
        folders = font_folders()
        if not folders:
            raise SystemFontMissing(
                "fontconfig (fc-list) is not installed here and this system has no font "
                "folder printkit knows, so installed fonts cannot be looked up: copy the "
                "font's .ttf files beside the definition and name them (regular: FILE.ttf)")
        return scan_folders(folders)
    try:
        done = subprocess.run([program, "--format", _FORMAT], capture_output=True,
                              timeout=FC_LIST_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SystemFontMissing(f"fontconfig's fc-list could not list the installed fonts "
                                f"({type(exc).__name__})") from None
    if done.returncode != 0:
        raise SystemFontMissing("fontconfig's fc-list could not list the installed fonts "
                                f"(exit status {done.returncode})")
    return parse_listing(done.stdout[:FC_LIST_BYTES].decode("utf-8", "replace"))


def font_folders() -> tuple[Path, ...]:
    """The folders this system keeps its installed fonts in, where fontconfig is absent."""
    home = Path.home()
    if sys.platform == "win32":
        windows = Path(os.environ.get("WINDIR", "C:\\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", str(home / "AppData" / "Local")))
        found = (windows / "Fonts", local / "Microsoft" / "Windows" / "Fonts")
    elif sys.platform == "darwin":
        found = (Path("/System/Library/Fonts"), Path("/Library/Fonts"),
                 home / "Library" / "Fonts")
    else:
        found = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
                 home / ".local" / "share" / "fonts", home / ".fonts")
    return tuple(folder for folder in found if folder.is_dir())


def scan_folders(folders: tuple[Path, ...]) -> tuple[InstalledFont, ...]:
    """The TrueType and OpenType files in ``folders`` (and below, at most
    :data:`SCAN_FILES` of them), described as fontconfig would: each file's family names,
    weight, slant and width read from its name and OS/2 tables (a file that cannot be read
    is passed over)."""
    fonts: list[InstalledFont] = []
    seen = 0
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() not in (".ttf", ".otf") or not path.is_file():
                continue
            seen += 1
            if seen > SCAN_FILES:
                return tuple(fonts)
            described = _describe(path)
            if described is not None:
                fonts.append(described)
    return tuple(fonts)


def _describe(path: Path) -> InstalledFont | None:
    """One font file as fontconfig would list it (``None`` if it cannot be read)."""
    try:
        with quiet_font_tools():
            font = TTFont(str(path), lazy=True)
            names = font["name"]
            families = tuple(dict.fromkeys(
                str(n) for n in (names.getBestFamilyName(), names.getDebugName(1)) if n))
            os2 = font.get("OS/2")
            weight = os2.usWeightClass if os2 is not None else 400
            italic = bool(os2.fsSelection & 0x0201) if os2 is not None else False
            width = os2.usWidthClass if os2 is not None else 5
            truetype = "glyf" in font and font.sfntVersion != "OTTO"
            font.close()
    except Exception:  # fontTools raises many kinds of error on a damaged file
        return None
    return InstalledFont(path, families, _fc_weight(weight), 100 if italic else 0,
                         _WIDTHS.get(width, 100), truetype)


_WEIGHTS = ((100, 0), (200, 40), (300, 50), (350, 55), (400, 80), (500, 100), (600, 180),
            (700, 200), (800, 205), (900, 210))
"""OpenType weight classes and fontconfig's weights for them."""
_WIDTHS = {1: 50, 2: 63, 3: 75, 4: 87, 5: 100, 6: 113, 7: 125, 8: 150, 9: 200}
"""OpenType width classes and fontconfig's widths for them."""


def _fc_weight(weight: int) -> float:
    """fontconfig's weight for an OpenType weight class (the nearest it names)."""
    return min(_WEIGHTS, key=lambda pair: abs(pair[0] - weight))[1]


def parse_listing(text: str) -> tuple[InstalledFont, ...]:
    """The fonts of ``fc-list``'s output in :data:`_FORMAT` (lines it cannot read skipped)."""
    fonts: list[InstalledFont] = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) != 6 or not parts[0]:
            continue
        file, families, weight, slant, width, form = parts
        try:
            fonts.append(InstalledFont(
                Path(file), tuple(n.strip() for n in families.replace("\\,", "\0").split(",")
                                  if n.strip()) if families else (),
                _number(weight, _REGULAR), int(_number(slant, 0)), _number(width, 100),
                form == "TrueType"))
        except ValueError:
            continue
    return tuple(fonts)


def _number(text: str, default: float) -> float:
    """A number of fc-list (a variable font lists a range ``[min max]``: its default end)."""
    text = text.strip().strip("[]").split(" ")[0]
    return float(text) if text else default


def family_names(fonts: tuple[InstalledFont, ...]) -> list[str]:
    """The installed families' names, each once, sorted."""
    return sorted({font.families[0] for font in fonts if font.families})


def system_family(name: str, shown: str,
                  fonts: tuple[InstalledFont, ...] | None = None) -> dict[str, UserFile]:
    """The faces of the installed family ``name`` (matched ignoring case), by style, as files
    to read; ``shown`` is how messages name the family.  Raises :class:`SystemFontMissing`
    when the family is not installed or has no regular face printkit can embed."""
    listed = installed_fonts() if fonts is None else fonts
    wanted = name.casefold()
    members = [f for f in listed if any(n.casefold() == wanted for n in f.families)]
    if not members:
        raise SystemFontMissing(f"no installed font family is called {name!r}" + _hint(
            name, family_names(listed)))
    chosen: dict[str, UserFile] = {}
    for style, (slanted, weight) in _TARGETS.items():
        fitting = [f for f in members if f.truetype and (f.slant > 0) == slanted
                   and abs(f.weight - weight) <= _WEIGHT_SLACK]
        if fitting:
            best = min(fitting, key=lambda f: (abs(f.weight - weight), abs(f.width - 100),
                                               str(f.path)))
            chosen[style] = UserFile(best.path, f"{shown} ({best.path.name})")
    if "regular" not in chosen:
        kinds = sorted({f.path.suffix or f.path.name for f in members})
        raise SystemFontMissing(
            f"the installed family {name!r} has no regular TrueType face printkit can embed "
            f"(its files: {', '.join(kinds)}): copy a .ttf version beside the definition")
    return chosen


def _hint(name: str, names: list[str]) -> str:
    near = did_you_mean(name, names)
    return near or " (fc-list lists the installed families)"
