"""Example blocks of a booklet, verified by the rules engine, with problems in the template.

An example block holds one example in the example checker's YAML form (see
:mod:`printkit.examples`) plus keys of the booklet's own:

``caption``
    a sentence of inline Markdown printed under the diagram, before the claims;
``title``
    a few words printed after the example's number (``Round 2``);
``intro``
    a paragraph of inline Markdown printed above the diagram (the story of a sample game's
    moves), kept on the page with it;
``highlight``
    squares (as the engine names them) to pick out on the diagram;
``show``
    ``start``, ``final`` or ``both``: which positions to draw (default: ``start`` for an
    example without moves, ``final`` for one that continues another, else ``both``);
``hands``
    ``true`` to print the hands the position knows under the diagram;
``says``
    for each claim that has one, the players' sentence printed for it in place of the
    phrasebook's (checked against the engine's answer, see
    :mod:`printkit.examples.sentences`);
``after``
    the name of an earlier example: this one starts from the position that one reached,
    with its parameters, so a sample game told in several examples is one game, move by
    move (such an example gives neither ``position`` nor ``parameters``).

Every block is checked, and every problem of every block is reported together, located at
the template line (and column, where the line was written literally) that produced it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from printkit import memo, yamlsource
from printkit.booklet.document import ExampleSource, Inline
from printkit.booklet.environment import RenderedText
from printkit.booklet.markdown import parse_inline
from printkit.errors import DefinitionError, ExampleError, Location, Problem
from printkit.examples import VerifiedExample, flow, verify_example
from printkit.yamlsource import Document

SHOW = ("start", "final", "both")
SquareCheck = Callable[[VerifiedExample, Sequence[str]], None]
"""Raises ``ValueError`` for a highlighted square the example's board does not have."""
EXTRA_KEYS = ("caption", "intro", "title", "highlight", "show", "hands", "after")


@dataclass(frozen=True)
class BookletExample:
    """A verified example with the booklet's own settings for it."""

    verified: VerifiedExample
    caption: Inline
    highlight: tuple[str, ...]
    show: str
    location: Location
    title: str = ""
    hands: bool = False
    intro: Inline = ()


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


@dataclass(frozen=True)
class _Settings:
    """The booklet's own keys of one block."""

    caption: Inline
    highlight: tuple[str, ...]
    show: str
    title: str
    hands: bool
    intro: Inline


def _options(doc: Document, block: ExampleSource, rendered: RenderedText,
             has_moves: bool, continues: bool) -> tuple[_Settings, list[Problem]]:
    """The booklet's settings of a block, and what is wrong with them."""
    data = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []

    def fail(key: str, message: str) -> None:
        problems.append(Problem(message, _moved(doc.where((key,)), block, rendered)))

    def words(key: str) -> Inline:
        text = data.get(key, "")
        if not isinstance(text, str):
            fail(key, f"'{key}' must be text")
            return ()
        try:
            return parse_inline(" ".join(text.split()))
        except ValueError as exc:
            fail(key, f"the {key} cannot be printed: {exc}")
            return ()

    caption, intro = words("caption"), words("intro")
    says = data.get("says")
    for key, sentence in (says.items() if isinstance(says, dict) else ()):
        if isinstance(sentence, str):  # other shapes are the example reader's to report
            try:
                parse_inline(" ".join(sentence.split()))
            except ValueError as exc:
                problems.append(Problem(f"the sentence for {key!r} cannot be printed: {exc}",
                                        _moved(doc.where(("says", key)), block, rendered)))
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        fail("highlight", "'highlight' must be a list of squares such as ['2,5', '1,6']")
        highlight = []
    default = "start" if not has_moves else "final" if continues else "both"
    show = data.get("show", default)
    if show not in SHOW:
        fail("show", f"'show' must be one of {', '.join(SHOW)}, not {show!r}")
        show = "start"
    title = data.get("title", "")
    if not isinstance(title, str) or len(title) > 60:
        fail("title", "'title' must be a few words of text")
        title = ""
    hands = data.get("hands", False)
    if not isinstance(hands, bool):
        fail("hands", "'hands' must be true or false")
        hands = False
    return _Settings(caption, tuple(highlight), str(show), title, hands, intro), problems


@dataclass(frozen=True)
class _Reached:
    """What a later example needs of an earlier one to continue from it."""

    parameters: str
    position: str


def _continued(block: ExampleSource, doc: Document, rendered: RenderedText,
               reached: dict[str, _Reached], failed: set[str]
               ) -> tuple[ExampleSource, list[Problem]]:
    """``block`` with the position and parameters of the example it continues written in
    (after its own lines, so locations inside it stay right); unchanged without ``after``."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if "after" not in data:
        return block, []
    where = _moved(doc.where(("after",)), block, rendered)
    name = data["after"]
    if isinstance(name, str) and name in failed:
        return block, [Problem(f"this example continues {name!r}, which cannot be played "
                               "out until its own problems are put right", where)]
    if not isinstance(name, str) or name not in reached:
        known = ", ".join(reached) or "none yet"
        return block, [Problem(f"'after' must name an earlier example of this booklet "
                               f"(earlier examples: {known})", where)]
    clashing = [key for key in ("position", "parameters") if key in data]
    if clashing:
        return block, [Problem(f"an example that continues {name!r} starts from its position "
                               f"and parameters: remove {' and '.join(map(repr, clashing))}",
                               where)]
    earlier = reached[name]
    position = "\n".join("  " + line for line in earlier.position.splitlines())
    text = (block.text.rstrip("\n") + f"\nparameters: {earlier.parameters}\n"
            f"position: |\n{position}\n")
    return ExampleSource(text, block.first_line, block.location), []


def _reached(doc: Document, verified: VerifiedExample) -> _Reached:
    """Where an example ends, for the examples that continue it (the same for the variants
    that share its text and its replay)."""
    written = doc.data if isinstance(doc.data, dict) else {}
    return _Reached(flow(written.get("parameters") or {}),
                    str(verified.game.format_state(verified.final)))


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
    reached: dict[str, _Reached] = {}
    failed: set[str] = set()
    for block in blocks:
        try:
            doc = yamlsource.parse_shared(block.text, block.location.file)
        except DefinitionError as exc:
            malformed += _relocate(exc.problems, block, rendered)
            continue
        data = doc.data if isinstance(doc.data, dict) else {}
        has_moves = bool(data.get("moves"))
        settings, problems = _options(doc, block, rendered, has_moves, "after" in data)
        malformed += problems
        name = data.get("name")
        failed.add(name if isinstance(name, str) else "")
        continued, problems = _continued(block, doc, rendered, reached, failed)
        malformed += problems
        if problems:
            continue
        if continued is not block:
            block, doc = continued, yamlsource.parse_shared(continued.text,
                                                               block.location.file)
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
        failed.discard(verified.name)
        reached[verified.name] = memo.cached("reached", (memo.Same(doc), memo.Same(verified)),
                                             functools.partial(_reached, doc, verified))
        if check_squares is not None and settings.highlight:
            try:
                check_squares(verified, settings.highlight)
            except ValueError as exc:
                malformed.append(Problem(f"highlight: {exc}",
                                         _moved(doc.where(("highlight",)), block, rendered)))
                continue
        verified_examples.append(BookletExample(
            verified, settings.caption, settings.highlight, settings.show, block.location,
            settings.title, settings.hands, settings.intro))
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

