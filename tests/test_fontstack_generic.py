"""A definition's font family ends its SVG font-family list with the generic family of its
design (serif, sans-serif or monospace), read from the font's own tables."""

from __future__ import annotations

import shutil
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from printkit.definition.files import UserFile
from printkit.definition.fonts import SHIPPED_FOLDER, generic_family, load_family

OLYMPIOI = Path(__file__).resolve().parent.parent / "sample-games" / "olympioi"


def _family(tmp_path: Path, source: Path) -> str:
    copy = tmp_path / source.name
    shutil.copyfile(source, copy)
    return load_family("Mine", {"regular": UserFile(copy, source.name)}).css


def test_a_serif_font_falls_back_to_serif(tmp_path: Path) -> None:
    css = _family(tmp_path, OLYMPIOI / "fonts" / "NotoSerif-Regular.ttf")
    assert css.endswith(", Mine, serif"), css
    assert "sans-serif" not in css


def test_a_sans_font_falls_back_to_sans_serif(tmp_path: Path) -> None:
    css = _family(tmp_path, SHIPPED_FOLDER / "DejaVuSans.ttf")
    assert css.endswith(", Mine, sans-serif"), css


def test_a_fixed_pitch_font_falls_back_to_monospace(tmp_path: Path) -> None:
    font = TTFont(str(SHIPPED_FOLDER / "DejaVuSans.ttf"))
    font["post"].isFixedPitch = 1  # what a monospaced font's post table says
    fixed = tmp_path / "fixed" / "Fixed.ttf"
    fixed.parent.mkdir()
    font.save(str(fixed))
    assert _family(tmp_path, fixed).endswith(", Mine, monospace")


def test_the_panose_serif_style_decides_before_the_family_class() -> None:
    font = TTFont(str(SHIPPED_FOLDER / "DejaVuSans.ttf"))
    assert generic_family(font) == "sans-serif"
    font["OS/2"].panose.bSerifStyle = 5  # a design described as having serifs
    assert generic_family(font) == "serif"
    font["OS/2"].panose.bFamilyType = 0  # no PANOSE: the IBM family class is read
    font["OS/2"].sFamilyClass = 8 << 8  # sans serif
    assert generic_family(font) == "sans-serif"
    font["OS/2"].sFamilyClass = 1 << 8  # oldstyle serifs
    assert generic_family(font) == "serif"
    font["post"].isFixedPitch = 1
    assert generic_family(font) == "monospace"
