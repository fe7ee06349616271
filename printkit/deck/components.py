"""The components of a game besides its main deck: more card decks, tokens, boards without
a rules engine, score sheets and player aids.

(Filled in by the custom-games work: the ``components:`` section.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.deck.schema import Field, MapOf, Scalar
from printkit.errors import Problem
from printkit.yamlsource import Document

FIELDS: Mapping[str, Field] = {
    "components": Field(MapOf(Scalar("a component"), description="components by name")),
}
"""The top-level keys of a definition this module reads (merged into its schema)."""


@dataclass(frozen=True)
class Component:
    """One named component of a game."""

    name: str
    kind: str


def read_components(doc: Document, data: Mapping[str, Any],
                    problems: list[Problem]) -> tuple[Component, ...]:
    """The checked ``components:`` section (problems added to ``problems``)."""
    del doc, data, problems
    return ()
