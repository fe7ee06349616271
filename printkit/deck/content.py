"""What the cards show, declared once for the whole definition: fonts, icons and layouts.

(Filled in by the custom-games work: the ``fonts:``, ``icons:`` and ``layouts:`` sections.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.deck.schema import Field, MapOf, Scalar
from printkit.errors import Problem
from printkit.yamlsource import Document

FIELDS: Mapping[str, Field] = {
    "fonts": Field(MapOf(Scalar("font files"), description="font families by name")),
    "icons": Field(MapOf(Scalar("an icon"), description="icons by name")),
    "layouts": Field(MapOf(Scalar("a layout"), description="card layouts by name")),
}
"""The top-level keys of a definition this module reads (merged into its schema)."""


@dataclass(frozen=True)
class Content:
    """The definition's fonts, icons and layouts, checked."""

    fonts: Mapping[str, object] = field(default_factory=dict)
    icons: Mapping[str, object] = field(default_factory=dict)
    layouts: Mapping[str, object] = field(default_factory=dict)


def read_content(doc: Document, data: Mapping[str, Any], problems: list[Problem]) -> Content:
    """The checked content sections of a definition (problems added to ``problems``)."""
    del doc, data, problems
    return Content()
