"""The HTML booklet's font list names a designer's font as the system knows it, and ends
with the generic family of its design, while printkit's own stack is written as before."""

from __future__ import annotations

import dataclasses

from printkit.booklet.typeface import css_fonts
from printkit.definition.fonts import shipped_families
from printkit.definition.fontstack import FontStack, house_stack


def test_printkits_own_stack_is_unchanged() -> None:
    assert css_fonts(house_stack()) == ('"Bitstream Vera Sans", "DejaVu Sans", Verdana, '
                                        '"Segoe UI", sans-serif')


def test_a_system_font_is_named_by_its_family_and_ends_serif() -> None:
    vera, dejavu = shipped_families()["Vera"], shipped_families()["DejaVu Sans"]
    named = dataclasses.replace(vera, name="Lib", key="pk-1234",
                                fallbacks=("Liberation Serif", "serif"))
    listed = css_fonts(FontStack((named, dejavu)))
    assert listed == ('"pk-1234", "Lib", "Liberation Serif", "DejaVu Sans", Verdana, '
                      '"Segoe UI", serif')


def test_names_cannot_break_out_of_the_style_block() -> None:
    vera = shipped_families()["Vera"]
    named = dataclasses.replace(vera, name="x</style><script>", key="k",
                                fallbacks=('Evil"; }', "sans-serif"))
    listed = css_fonts(FontStack((named,)))
    assert "<" not in listed and "}" not in listed and ";" not in listed
