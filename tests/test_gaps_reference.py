"""The definition reference lists every key the schema accepts (issue 24 item 9, part):
each layout element type's keys, a face group's keys and the top-level sections, read
from the checking schema itself, so a key added there and left out of
docs/definition-reference.md fails here."""

from __future__ import annotations

import re

import pytest

from printkit.definition.game_schema import FACE, GAME
from printkit.definition.layouts import TYPES, Element
from tests.conftest import ROOT

REFERENCE = (ROOT / "docs" / "definition-reference.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    """The text under a heading of the reference, up to the next heading of any level."""
    start = REFERENCE.index(heading + "\n")
    rest = REFERENCE[start + len(heading) + 1:]
    end = re.search(r"^#{2,3} ", rest, re.MULTILINE)
    return rest[:end.start()] if end else rest


def _keys(text: str) -> set[str]:
    """The keys a section lists at its top level (``- `key`: ...``)."""
    return set(re.findall(r"^- `([^`]+)`:", text, re.MULTILINE))


def _element_keys() -> dict[str, set[str]]:
    """Each element type's keys, as the element schema accepts them."""
    arms = Element().json()["oneOf"]
    return {arm["properties"]["type"]["const"]: set(arm["properties"]) - {"type"}
            for arm in arms}


@pytest.mark.parametrize("kind", TYPES)
def test_every_key_an_element_takes_is_in_the_reference(kind: str) -> None:
    accepted = _element_keys()[kind]
    assert {"x", "y", "width", "height", "when"} <= accepted  # the schema read is the real one
    listed = _keys(_section(f"### Element `type: {kind}`"))
    assert accepted - listed == set(), f"missing from the reference for {kind}"
    assert listed - accepted == set(), f"listed for {kind} but not accepted"


def test_the_text_element_keys_the_issue_named_are_listed() -> None:
    listed = _keys(_section("### Element `type: text`"))
    assert {"valign", "leading", "min_size", "wrap", "fit", "max_lines"} <= listed


def test_every_key_of_a_face_group_is_in_the_reference() -> None:
    listed = _keys(_section("## `faces`"))
    assert set(FACE.fields) - listed == set()
    assert {"when", "count"} <= listed


def test_every_section_of_a_definition_is_in_the_reference() -> None:
    headings = set(re.findall(r"^## `([^`]+)`$", REFERENCE, re.MULTILINE))
    assert set(GAME.fields) - headings == set()
