"""Example blocks of a booklet, verified by the rules engine, with problems in the template.

An example block holds one example in the example checker's YAML form (see
:mod:`printkit.examples`) plus three keys of the booklet's own:

``caption``
    a sentence of inline Markdown printed under the diagram, before the claims;
``highlight``
    squares (as the engine names them) to pick out on the diagram;
``show``
    ``start``, ``final`` or ``both``: which positions to draw (default: ``start`` for an
    example without moves, ``both`` for one with moves).

Every block is checked, and every problem of every block is reported together, located at
the template line (and column, where the line was written literally) that produced it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from printkit import yamlsource
from printkit.booklet.document import ExampleSource, Inline
from printkit.booklet.environment import RenderedText
from printkit.booklet.markdown import parse_inline
from printkit.errors import DefinitionError, ExampleError, Location, Problem
from printkit.examples import VerifiedExample, verify_example
from printkit.yamlsource import Document

SHOW = ("start", "final", "both")
SquareCheck = Callable[[VerifiedExample, Sequence[str]], None]
"""Raises ``ValueError`` for a highlighted square the example's board does not have."""
EXTRA_KEYS = ("caption", "highlight", "show")


@dataclass(frozen=True)
class BookletExample:
    """A verified example with the booklet's own settings for it."""

    verified: VerifiedExample
    caption: Inline
    highlight: tuple[str, ...]
    show: str
    location: Location


def _moved(location: Location | None, block: ExampleSource,
           rendered: RenderedText) -> Location:
    """A location inside a block's YAML moved to the template line that produced it."""
    if location is None:
        return block.location
    line = block.first_line + location.line - 1
    source = location.source_line or ""
    token = source[location.column - 1:location.column - 1 + location.length].strip() or None
    return rendered.location(line, location.column, location.length, token=token)


_BLOCK_POSITION = re.compile(r"line (\d+), column (\d+)")


def _relocate(problems: Sequence[Problem], block: ExampleSource,
              rendered: RenderedText) -> list[Problem]:
    """``problems`` found in a block's YAML, moved to the template; places that a YAML
    message names inside the block are given as template lines too."""

    def in_template(match: re.Match[str]) -> str:
        inner = Location(block.location.file, int(match.group(1)), int(match.group(2)))
        where = _moved(inner, block, rendered)
        return f"{where.file}:{where.line}"

    def message(text: str) -> str:
        return _BLOCK_POSITION.sub(in_template, text) if text.startswith("YAML") else text

    return [Problem(message(p.message), _moved(p.location, block, rendered)) for p in problems]


def _options(doc: Document, block: ExampleSource, rendered: RenderedText,
             has_moves: bool) -> tuple[tuple[Inline, tuple[str, ...], str], list[Problem]]:
    """The caption, highlighted squares and ``show`` of a block, and what is wrong with them."""
    data = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []

    def fail(key: str, message: str) -> None:
        problems.append(Problem(message, _moved(doc.where((key,)), block, rendered)))

    caption: Inline = ()
    text = data.get("caption", "")
    if not isinstance(text, str):
        fail("caption", "'caption' must be text")
    else:
        try:
            caption = parse_inline(" ".join(text.split()))
        except ValueError as exc:
            fail("caption", f"the caption cannot be printed: {exc}")
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        fail("highlight", "'highlight' must be a list of squares such as ['2,5', '1,6']")
        highlight = []
    show = data.get("show", "both" if has_moves else "start")
    if show not in SHOW:
        fail("show", f"'show' must be one of {', '.join(SHOW)}, not {show!r}")
        show = "start"
    return (caption, tuple(highlight), str(show)), problems


def verify_blocks(blocks: Sequence[ExampleSource], rendered: RenderedText, *, game: str,
                  base_params: Mapping[str, object],
                  check_squares: SquareCheck | None = None) -> list[BookletExample]:
    """Verify every block; raise every problem found, each located in the template.

    Problems with the blocks themselves (YAML, shape, notation, unknown claims) raise a
    :class:`DefinitionError`; when the blocks are well formed but a move is illegal or a
    claim is false, an :class:`ExampleError` (``printkit`` exits with status 4).
    """
    malformed: list[Problem] = []
    false: list[Problem] = []
    verified_examples: list[BookletExample] = []
    names: dict[str, Location] = {}
    for block in blocks:
        try:
            doc = yamlsource.parse(block.text, block.location.file)
        except DefinitionError as exc:
            malformed += _relocate(exc.problems, block, rendered)
            continue
        has_moves = isinstance(doc.data, dict) and bool(doc.data.get("moves"))
        (caption, highlight, show), problems = _options(doc, block, rendered, has_moves)
        malformed += problems
        try:
            verified = verify_example(doc, game=game, base_params=base_params,
                                      extra_keys=EXTRA_KEYS)
        except ExampleError as exc:
            false += _relocate(exc.problems, block, rendered)
            continue
        except DefinitionError as exc:
            malformed += _relocate(exc.problems, block, rendered)
            continue
        where = _moved(doc.where(("name",)), block, rendered)
        if verified.name in names:
            first = names[verified.name]
            malformed.append(Problem(f"another example is already named {verified.name!r} "
                                     f"({first.file}:{first.line})", where))
        names.setdefault(verified.name, where)
        if check_squares is not None and highlight:
            try:
                check_squares(verified, highlight)
            except ValueError as exc:
                malformed.append(Problem(f"highlight: {exc}",
                                         _moved(doc.where(("highlight",)), block, rendered)))
                continue
        verified_examples.append(BookletExample(verified, caption, highlight, show,
                                                block.location))
    if malformed:
        raise DefinitionError(_in_order(malformed + false))
    if false:
        raise ExampleError(_in_order(false))
    return verified_examples


def _in_order(problems: list[Problem]) -> list[Problem]:
    def key(problem: Problem) -> tuple[str, int, int]:
        loc = problem.location
        return ("", 0, 0) if loc is None else (loc.file, loc.line, loc.column)

    return sorted(dict.fromkeys(problems), key=key)

