"""Font families installed on the system, found by name through fontconfig.

A definition may name a family the machine has installed (``fonts: {Body: {system: Liberation
Sans}}``) instead of copying its files beside the definition.  fontconfig's ``fc-list`` is
run with fixed arguments (the family name is never part of a command line or a pattern:
every installed font is listed and the name compared here), and its four faces are picked
by weight and slant.  The files it names are then read and checked like a definition's own
(:func:`printkit.definition.fonts.load_family`), so a system font is embedded from the very
bytes that were checked.  A definition can name nothing else outside its folder this way:
only files fontconfig reports as installed fonts are read.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from printkit.definition.files import UserFile
from printkit.errors import did_you_mean

FC_LIST_SECONDS = 30
"""How long ``fc-list`` may take (a few tens of milliseconds with a few hundred fonts)."""
FC_LIST_BYTES = 16_000_000
"""The most output of ``fc-list`` read (about 100,000 fonts)."""
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


def fontconfig_present() -> bool:
    """Whether fontconfig's ``fc-list`` can be run here."""
    return shutil.which("fc-list") is not None


def installed_fonts() -> tuple[InstalledFont, ...]:
    """Every font fontconfig knows (raises :class:`SystemFontMissing` without fontconfig)."""
    program = shutil.which("fc-list")
    if program is None:
        raise SystemFontMissing("fontconfig (fc-list) is not installed here, so installed "
                                "fonts cannot be looked up: copy the font's .ttf files beside "
                                "the definition and name them (regular: FILE.ttf)")
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
