"""Reading a booklet's Markdown as blocks, each paragraph's inline text once a session,
gives the same blocks as reading every paragraph in place: for every shipped booklet in
every variant, for a document whose links refer to definitions, and for problems."""

from __future__ import annotations

import pytest

from printkit import memo
from printkit.booklet import markdown
from printkit.booklet.build import find_template, templates_dir
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.document import Paragraph
from printkit.booklet.environment import (
    RenderedText,
    SourceLine,
    make_environment,
    render_template,
)
from printkit.booklet.frontmatter import split_front_matter
from printkit.errors import DefinitionError
from printkit.kit.games import installed_games, resolve


def in_place(rendered: RenderedText) -> tuple[object, ...]:
    """The blocks as read by parsing every paragraph where it stands."""
    walker = markdown._Walker(rendered, markdown._parser().parse(rendered.text))
    blocks = walker.blocks()
    assert not walker.problems
    return tuple(blocks)


def rendered_booklets() -> list[tuple[str, str | None]]:
    targets: list[tuple[str, str | None]] = []
    for name in installed_games():
        game = resolve(name)
        if find_template(game.definition) is not None:
            targets += [(name, None)] + [(name, v.name) for v in game.definition.variants]
    return targets


@pytest.mark.parametrize(("name", "variant"), rendered_booklets())
def test_every_shipped_booklet_reads_the_same(name: str, variant: str | None) -> None:
    game = resolve(name, variant=variant)
    template = find_template(game.definition)
    assert template is not None
    env = make_environment([template.parent, game.definition.path.parent, templates_dir()],
                           filters=FILTERS)
    _, rendered = split_front_matter(render_template(
        env, template.name, template_context(game.definition, game.engine)))
    with memo.session():
        assert markdown.parse_markdown(rendered) == in_place(rendered)
        assert markdown.parse_markdown(rendered) == in_place(rendered)  # from the session


def text(source: str) -> RenderedText:
    lines = source.split("\n")
    return RenderedText(source, tuple(SourceLine("t.md.j2", number, line, True)
                                      for number, line in enumerate(lines, start=1)))


def test_links_to_definitions_are_read_in_place() -> None:
    source = text("See [the rules][r] and **more**.\n\n[r]: https://example.org\n")
    blocks = markdown.parse_markdown(source)
    assert blocks == in_place(source)
    assert isinstance(blocks[0], Paragraph)
    assert "".join(span.text for span in blocks[0].spans) == "See the rules and more."


def test_what_cannot_be_printed_is_reported_in_every_reading() -> None:
    source = text("A paragraph with <b>raw</b> HTML.\n")
    for _ in range(2):
        with memo.session(), pytest.raises(DefinitionError) as caught:
            markdown.parse_markdown(source)
        first = caught.value.problems[0]
        assert "raw HTML '<b>'" in first.message
        assert first.location is not None and first.location.line == 1
