"""Markdown (as a template renders it) to the booklet's document model, with markdown-it-py.

The booklet prints a deliberate subset of CommonMark plus tables: headings, paragraphs with
bold, italic and code spans, small print between ``<small>`` and ``</small>`` (the only HTML
a booklet takes), flat lists, tables, block quotes (shown as notes), thematic breaks (page
breaks) and fenced blocks.  A fence whose info string is ``example`` holds an example for
the rules engine; ``contents``, ``components`` and ``back-cover`` fences ask for the parts
the machinery builds (see :mod:`printkit.booklet.parts`).  Any other fence is an error, as
are images, other raw HTML and nested lists: the author hears about them, with the template
line, instead of finding them missing from the printed booklet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from printkit import memo
from printkit.booklet.document import (
    LINE_BREAK,
    Block,
    Directive,
    ExampleSource,
    Heading,
    Inline,
    ListBlock,
    Note,
    PageBreak,
    Paragraph,
    Span,
    Table,
)
from printkit.booklet.environment import RenderedText
from printkit.errors import DefinitionError, Problem

EXAMPLE_FENCE = "example"
DIRECTIVES = ("contents", "components", "back-cover")
"""Fences that ask for a part the booklet machinery makes."""
SMALL_OPEN = "<small>"
SMALL_CLOSE = "</small>"
_CODE_SPAN = re.compile(r"(`+).*?\1", re.DOTALL)
_BARE_NOTATION = re.compile(r"\d\*\d")
LONGEST_WORD = 200
"""Characters of the longest word a booklet sets: a line of the widest page holds under a
hundred, and laying out a word of 100,000 (cut and measured piece by piece) took half a
minute."""
_TOO_LONG = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")
LONGEST_TEXT = 20_000
"""Characters of the longest paragraph, heading or table cell a booklet sets (about six
pages of prose; a shipped booklet's longest is far shorter): laying out one of half a
million characters took a minute."""


def notation_problem(source: str) -> str | None:
    """A message if inline Markdown has ``2*4`` outside a code span (Markdown would take the
    asterisks for emphasis and print the words in italics)."""
    found = _BARE_NOTATION.search(_CODE_SPAN.sub("", source))
    if found is None:
        return None
    return (f"write game notation such as {found.group()} between backticks "
            f"(`{found.group()}`): bare asterisks make italics")


@cache
def _parser() -> MarkdownIt:
    """The one Markdown parser (building one costs more than parsing a paragraph; a parser
    keeps no state between two texts)."""
    return MarkdownIt("commonmark", {"html": True}).enable("table")


@cache
def _block_parser() -> MarkdownIt:
    """A parser of the block structure alone: the inline text of each paragraph, heading
    and table cell is left for :func:`_inline_spans`, which reads each distinct text once a
    :func:`printkit.memo.session` (most of a variant's booklet repeats the game's)."""
    return MarkdownIt("commonmark", {"html": True}).enable("table").disable(
        ["inline", "text_join"])


def _inline_spans(text: str) -> tuple[Inline, tuple[str, ...]]:
    """The spans of a paragraph's inline text and what in it cannot be printed."""
    def read() -> tuple[Inline, tuple[str, ...]]:
        children: list[Token] = []
        for token in _parser().parseInline(text):
            children.extend(token.children or [])
        spans, problems = _spans(children)
        return spans, tuple(problems)

    return memo.cached("inline-spans", text, read)


def parse_inline(text: str) -> Inline:
    """Inline Markdown (``**bold**``, ``*italic*``, `` `code` ``) to spans (each distinct
    text parsed once a :func:`printkit.memo.session`: a variant's booklet repeats most)."""
    bare = notation_problem(text)
    if bare is not None:
        raise ValueError(bare)
    spans, problems = _inline_spans(text)
    if problems:
        raise ValueError(problems[0])
    return spans


def _spans(children: Sequence[Token]) -> tuple[Inline, list[str]]:
    """Spans of an inline token's children, and what could not be printed."""
    out: list[Span] = []
    problems: list[str] = []
    bold = italic = small = 0
    for child in children:
        kind = child.type
        if kind == "text":
            if child.content:
                out.append(Span(child.content, bold > 0, italic > 0, small=small > 0))
        elif kind == "code_inline":
            out.append(Span(child.content, bold > 0, italic > 0, code=True, small=small > 0))
        elif kind == "softbreak":
            out.append(Span(" ", bold > 0, italic > 0, small=small > 0))
        elif kind == "hardbreak":
            out.append(LINE_BREAK)
        elif kind in ("strong_open", "strong_close"):
            bold += 1 if kind.endswith("open") else -1
        elif kind in ("em_open", "em_close"):
            italic += 1 if kind.endswith("open") else -1
        elif kind in ("link_open", "link_close"):
            continue  # a booklet on paper shows the words of a link, not its target
        elif kind == "image":
            problems.append("images cannot go in a booklet (it prints vectors only)")
        elif kind == "html_inline" and child.content.lower() in (SMALL_OPEN, SMALL_CLOSE):
            small += -1 if child.content.startswith("</") else 1
        elif kind == "html_inline":
            problems.append(f"raw HTML {child.content!r} cannot be printed (only <small> "
                            "and </small> may stand in a booklet's text)")
        else:
            problems.append(f"unsupported inline Markdown ({kind})")
    if small:
        problems.append("a <small> is not closed by </small> in the same paragraph")
    return _merge(out), problems


def _merge(spans: list[Span]) -> Inline:
    """Neighbouring spans of one style joined (so text wraps and compares simply)."""
    merged: list[Span] = []
    for span in spans:
        last = merged[-1] if merged else None
        if (last is not None and span is not LINE_BREAK and last is not LINE_BREAK
                and (last.bold, last.italic, last.code, last.small)
                == (span.bold, span.italic, span.code, span.small) and not span.code):
            merged[-1] = Span(last.text + span.text, span.bold, span.italic, span.code,
                              span.small)
        else:
            merged.append(span)
    return tuple(merged)


class _Walker:
    """Turns the flat token stream into blocks, collecting every problem."""

    def __init__(self, rendered: RenderedText, tokens: list[Token], *,
                 in_place: bool = True) -> None:
        self.rendered = rendered
        self.tokens = tokens
        self.in_place = in_place
        """Whether inline tokens carry their children (else each is read from its text)."""
        self.pos = 0
        self.problems: list[Problem] = []

    def fail(self, token: Token, message: str) -> None:
        line = token.map[0] + 1 if token.map else 1
        self.problems.append(Problem(message, self.rendered.location(line)))

    def inline(self, token: Token) -> Inline:
        bare = notation_problem(token.content)
        if bare is not None:
            self.fail(token, bare)
        if len(token.content) > LONGEST_TEXT:
            self.fail(token, f"a paragraph of {len(token.content)} characters is more than a "
                      f"booklet sets in one piece (at most {LONGEST_TEXT}): split it")
            return ()
        long_word = _TOO_LONG.search(token.content)
        if long_word is not None:
            self.fail(token, f"a word of {len(long_word.group())} characters cannot be set on "
                      f"a page (at most {LONGEST_WORD}): put spaces in it")
            return ()
        if not self.in_place:
            spans, problems = _inline_spans(token.content)
        else:
            spans, found = _spans(token.children or [])
            problems = tuple(found)
        for message in problems:
            self.fail(token, message)
        return spans

    def blocks(self, closing: str | None = None) -> list[Block]:
        out: list[Block] = []
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            if closing is not None and token.type == closing:
                self.pos += 1
                return out
            block = self.block(token)
            if block is not None:
                out.append(block)
        return out

    def block(self, token: Token) -> Block | None:
        kind = token.type
        if kind == "heading_open":
            spans = self.inline(self.tokens[self.pos + 1])
            self.pos += 3
            return Heading(int(token.tag[1:]), spans)
        if kind == "paragraph_open":
            spans = self.inline(self.tokens[self.pos + 1])
            self.pos += 3
            return Paragraph(spans)
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self.list_block(token)
        if kind == "table_open":
            return self.table()
        if kind == "blockquote_open":
            self.pos += 1
            inner = self.blocks("blockquote_close")
            kept: list[Paragraph | ListBlock] = []
            for block in inner:
                if isinstance(block, (Paragraph, ListBlock)):
                    kept.append(block)
                else:
                    self.fail(token, "a note (block quote) may hold only paragraphs and lists")
            return Note(tuple(kept))
        if kind == "hr":
            self.pos += 1
            return PageBreak()
        if kind == "fence":
            self.pos += 1
            return self.fence(token)
        self.pos += 1
        if kind == "code_block":
            self.fail(token, "indented text is read as a code block, which a booklet does "
                      "not print: remove the indentation (examples go in ```example fences)")
        elif kind == "html_block":
            self.fail(token, "raw HTML cannot be printed in a booklet")
        else:
            self.fail(token, f"unsupported Markdown ({kind})")
        return None

    def fence(self, token: Token) -> Block | None:
        info = token.info.strip()
        if info != EXAMPLE_FENCE and info not in DIRECTIVES:
            others = ", ".join(repr(name) for name in DIRECTIVES)
            self.fail(token, f"a fenced block must be an '{EXAMPLE_FENCE}' block, not "
                      f"{info or 'a plain one'!r} (a booklet also takes {others} blocks)")
            return None
        assert token.map is not None
        if token.markup[0] != "`" or token.level != 0:
            self.fail(token, "write example blocks at the left margin, between ``` fences")
            return None
        fence_line = token.map[0] + 1
        where = self.rendered.location(fence_line)
        if info in DIRECTIVES:
            return Directive(info, token.content, where)
        return ExampleSource(token.content, fence_line + 1, where)

    def list_block(self, token: Token) -> Block:
        closing = token.type.replace("_open", "_close")
        ordered = token.type.startswith("ordered")
        start = int(token.attrs.get("start", 1) or 1) if ordered else 1
        self.pos += 1
        items: list[Inline] = []
        while self.tokens[self.pos].type != closing:
            item_token = self.tokens[self.pos]
            self.pos += 1
            inner = self.blocks("list_item_close")
            spans: list[Span] = []
            for block in inner:
                if isinstance(block, Paragraph):
                    if spans:
                        spans.append(LINE_BREAK)
                    spans.extend(block.spans)
                else:
                    self.fail(item_token, "a list item may hold only text (no nested lists, "
                              "tables or examples)")
            items.append(tuple(spans))
        self.pos += 1
        return ListBlock(ordered, tuple(items), start)

    def table(self) -> Block:
        header: list[Inline] = []
        rows: list[tuple[Inline, ...]] = []
        row: list[Inline] = []
        in_head = False
        self.pos += 1
        while self.tokens[self.pos].type != "table_close":
            token = self.tokens[self.pos]
            if token.type == "thead_open":
                in_head = True
            elif token.type == "thead_close":
                in_head = False
            elif token.type == "tr_open":
                row = []
            elif token.type == "tr_close":
                if in_head:
                    header = row
                else:
                    rows.append(tuple(row))
            elif token.type == "inline":
                row.append(self.inline(token))
            self.pos += 1
        self.pos += 1
        return Table(tuple(header), tuple(rows))


def parse_markdown(rendered: RenderedText) -> tuple[Block, ...]:
    """The blocks of rendered Markdown; raises :class:`DefinitionError` listing every
    construct the booklet cannot print, located in the template."""
    env: dict[str, object] = {}
    tokens = _block_parser().parse(rendered.text, env)
    in_place = bool(env.get("references"))
    if in_place:  # links refer to definitions: read the inline text where it stands
        tokens = _parser().parse(rendered.text)
    walker = _Walker(rendered, tokens, in_place=in_place)
    blocks = walker.blocks()
    if walker.problems:
        raise DefinitionError(walker.problems)
    return tuple(blocks)
