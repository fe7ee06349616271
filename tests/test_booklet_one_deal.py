"""Every booklet is one game (issue 22, item 3): in each shipped game's booklet and in each
variant's, every example is reached by replaying moves from the deal of the booklet's sample
game (an ``after:`` chain the engine replays when the booklet is checked), unless it says
plainly, in its title, intro or caption, that it is a separate illustration."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from printkit.booklet.build import find_template, templates_dir
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.document import ExampleSource
from printkit.booklet.environment import make_environment, render_template
from printkit.booklet.frontmatter import split_front_matter
from printkit.booklet.markdown import parse_markdown
from printkit.kit.games import installed_games, resolve

SEPARATE = "separate illustration"
"""The words with which an example says it stands apart from the sample game."""


def _kits() -> list[tuple[str, str | None]]:
    kits: list[tuple[str, str | None]] = []
    for name in installed_games():
        game = resolve(name)
        if find_template(game.definition) is None:
            continue
        kits += [(name, None), *((name, v.name) for v in game.definition.variants)]
    return kits


def _examples(name: str, variant: str | None) -> list[dict[str, Any]]:
    game = resolve(name, variant=variant)
    path = find_template(game.definition)
    assert path is not None
    env = make_environment([path.parent, templates_dir()], filters=FILTERS)
    rendered = render_template(env, path.name, template_context(game.definition, game.engine))
    _, body = split_front_matter(rendered)
    return [yaml.safe_load(b.text) for b in parse_markdown(body)
            if isinstance(b, ExampleSource)]


def _apart(example: dict[str, Any]) -> bool:
    words = " ".join(str(example.get(key, "")) for key in ("title", "intro", "caption"))
    return SEPARATE in words.lower()


@pytest.mark.parametrize(("name", "variant"), _kits(),
                         ids=lambda kit: str(kit) if kit else "standard")
def test_every_example_replays_the_one_deal_or_says_it_stands_apart(
        name: str, variant: str | None) -> None:
    examples = _examples(name, variant)
    apart: set[str] = set()  # illustrations: said so, or continuing one that says so
    for example in examples:
        if _apart(example) or example.get("after") in apart:
            apart.add(example["name"])
    in_game = [e for e in examples if e["name"] not in apart]
    assert in_game, "a booklet has a sample game"
    deal, *rest = in_game
    assert "after" not in deal and deal.get("position"), deal["name"]  # a full deal
    reached = {deal["name"]}
    for example in rest:  # each continues an example of the game before it
        assert example.get("after") in reached, (
            f"{example['name']} neither continues the sample game nor says it is a "
            f"{SEPARATE}")
        reached.add(example["name"])
