"""A cover line about the variant says nothing for the standard game: ``variant`` is empty
text there (never "None"), and a cover line that comes out empty is left off."""

from __future__ import annotations

import jinja2

from printkit.booklet.context import template_context
from printkit.booklet.environment import RenderedText, SourceLine
from printkit.booklet.frontmatter import split_front_matter
from printkit.kit.games import resolve

FRONT = ('---\nlines:\n  - "{{ summary }}"\n'
         '  - "{% if variant %}Variant: {{ variant }}{% endif %}"\n'
         '  - "Plain {{ variant }}"\n---\nBody\n')


def cover_lines(variant: str | None) -> tuple[str, ...]:
    game = resolve("stars-and-stripes", variant=variant)
    context = template_context(game.definition, game.engine)
    text = jinja2.Environment(autoescape=False).from_string(FRONT).render(context)
    rendered = RenderedText(text, tuple(SourceLine("t.md.j2", n, line, True)
                                        for n, line in enumerate(text.split("\n"), 1)))
    front, _ = split_front_matter(rendered)
    return front.lines


def test_standard_game_has_no_variant_line_and_no_none() -> None:
    lines = cover_lines(None)
    assert len(lines) == 2  # the summary and "Plain", the empty variant line left off
    assert lines[1] == "Plain"
    assert not any("None" in line for line in lines)


def test_a_variant_names_itself_on_the_cover() -> None:
    game = resolve("stars-and-stripes")
    name = game.definition.variants[0].name
    lines = cover_lines(name)
    assert f"Variant: {name}" in lines and f"Plain {name}" in lines
