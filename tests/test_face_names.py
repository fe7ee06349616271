"""A generated group may name its cards ``{values}``: every attribute's value in order, so a
deck whose attributes change (one added, one taken away) keeps naming cards after all of
them."""

from __future__ import annotations

from pathlib import Path

from tests.test_content_support import load, problems, write

GROUP = """\
faces:
  - id: card
    kind: stars-and-bars-card
    generate: {shape: [star, bar], colour: [red, blue]%s}
    name: "%s"
"""


def test_values_names_a_card_after_every_attribute(tmp_path: Path) -> None:
    keys = [f.key for f in load(write(tmp_path, GROUP % ("", "{values}"))).faces]
    assert keys == ["star-red", "star-blue", "bar-red", "bar-blue"]


def test_an_added_attribute_reaches_the_names(tmp_path: Path) -> None:
    definition = load(write(tmp_path, GROUP % (", size: [large, small]", "{id}-{values}")))
    assert definition.faces[0].key == "card-star-red-large"
    assert len({f.key for f in definition.faces}) == 8


def test_a_pattern_leaving_out_an_attribute_still_collides(tmp_path: Path) -> None:
    found = problems(write(tmp_path, GROUP % (", size: [large, small]", "{shape}-{colour}")))
    assert found and "defined twice" in found[0][3]
