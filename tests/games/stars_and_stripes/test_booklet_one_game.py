"""Every Stars and Stripes booklet, base and variants, is one game (issue 22 item 3): each
example continues the one before it from the sample game's deal, and an example that
cannot (a variant's own table, an option the sample game does not use) says plainly in
its caption that it is a separate illustration.  The cover of a variant names it by its
title, and no booklet states the larger-board sizes wrongly."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from printkit.booklet.build import find_template, load_booklet, templates_dir
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.document import ExampleSource, Figure
from printkit.booklet.environment import make_environment, render_template
from printkit.booklet.frontmatter import split_front_matter
from printkit.booklet.markdown import parse_markdown
from printkit.kit.games import resolve

VARIANTS = [None, "two-player", "three-player", "large-11", "large-13", "large-15"]


def _examples(variant: str | None) -> list[dict[str, Any]]:
    game = resolve("stars-and-stripes", variant=variant)
    path = find_template(game.definition)
    assert path is not None
    env = make_environment([path.parent, templates_dir()], filters=FILTERS)
    rendered = render_template(env, path.name, template_context(game.definition, game.engine))
    _, body = split_front_matter(rendered)
    blocks = [b for b in parse_markdown(body) if isinstance(b, ExampleSource)]
    return [yaml.safe_load(b.text) for b in blocks]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_example_continues_the_deal_or_says_it_stands_apart(
        variant: str | None) -> None:
    examples = _examples(variant)
    chain = [e for e in examples if e["name"] == "deal" or "after" in e]
    assert chain[0]["name"] == "deal" and "after" not in chain[0]
    assert [e["after"] for e in chain[1:]] == [e["name"] for e in chain[:-1]]
    assert len(chain) >= 8
    apart = [e for e in examples if e not in chain]
    assert apart, "the keep-apart illustration at least stands apart"
    for example in apart:
        assert "separate illustration" in " ".join(
            str(example.get(key, "")) for key in ("caption", "intro")), example["name"]
    # the variant's own table is shown only in a variant booklet
    assert any(e["name"] == "setup" for e in apart) == (variant is not None)


@pytest.mark.parametrize("variant", ["two-player", "large-15"])
def test_a_variant_booklet_names_its_variant_and_its_board_sizes(variant: str) -> None:
    game = resolve("stars-and-stripes", variant=variant)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    description = next(v.description for v in game.definition.variants if v.name == variant)
    assert f"Variant: {description}" in booklet.cover.lines
    figures = [b for b in booklet.blocks if isinstance(b, Figure)]
    assert figures[0].name == "setup" and figures[1].name == "deal"
