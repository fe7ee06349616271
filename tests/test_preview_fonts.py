"""Fonts that match print: every SVG names its font with fallbacks a viewer may have, and the
preview serves the very font files the PDF embeds."""

from __future__ import annotations

from printkit.definition.fonts import shipped_families
from printkit.render.svg import FONT_FAMILY


def test_the_shipped_faces_name_vera_first_then_fallbacks() -> None:
    # the same list the shipped family gives, so a viewer without Vera falls back to a sans
    assert shipped_families()["Vera"].css == FONT_FAMILY
    assert FONT_FAMILY.split(", ")[0] == "Vera" and FONT_FAMILY.endswith("sans-serif")
