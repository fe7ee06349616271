"""The prose of a booklet template: the text players read, found in the template's source.

The booklet lints (:mod:`printkit.booklet.lint`) look only at what a template writes as
plain text, in its own source, so each finding has the file, line and column the author
typed it at.  What is *not* prose:

- Jinja: ``{{ expressions }}``, ``{% statements %}`` and ``{# comments #}`` (their text is
  blanked, so a number worked out by the template is never read as typed), and the text a
  ``{% set name %}...{% endset %}`` block captures;
- inline code spans (notation such as `7H` or `b2`), ``<small>`` print (parameter names
  and values), the marker of a numbered list item (``3.``) and HTML tags;
- fenced blocks, except ``example`` blocks;
- in an example block, every key the machine reads (``position``, ``moves``, ``claims``,
  ``parameters``, ``seed``, ``highlight``, ``show``, ``hands``, ``name``, ``after``):
  ``caption``, ``intro``, ``title`` and the sentences of ``says`` are prose;
- in the front matter (from the first ``---`` line, if no heading or fence comes before
  it, to the next), every key but ``subtitle`` and ``lines``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

BLANK = "\x00"
"""What Jinja's own text is replaced with (it separates words, as the value it writes would)."""

EXAMPLE_PROSE = ("caption", "intro", "title", "says")
"""Keys of an example block whose text players read."""

FRONT_PROSE = ("subtitle", "lines")
"""Keys of the front matter whose text players read."""

_OPEN = re.compile(r"\{\{|\{%|\{#")
_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}")
_SET_BLOCK = re.compile(r"\{%-?\s*set\s+[\w\s,]+(?:\|[^%=]*)?-?%\}")
_ENDSET = re.compile(r"\{%-?\s*endset\s*-?%\}")
_ENDRAW = re.compile(r"\{%-?\s*endraw\s*-?%\}")
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w-]*)")
_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:(?:\s|$)")
_CODE = re.compile(r"(`+)(.+?)\1")
_HIDDEN = re.compile(r"<small>.*?</small>|<[^>\n]*>|^\s*(?:\d+[.)]|[-*+>|])\s", re.IGNORECASE)


@dataclass(frozen=True)
class Prose:
    """A run of prose on one template line: its text and where it starts (1-based)."""

    line: int
    column: int
    text: str
    #: ``text`` for the body, ``front`` for the front matter, else the example key
    kind: str
    #: whether ``column`` and the offsets in ``text`` are the source's (a text in quotes
    #: whose place on its line cannot be found is not)
    exact: bool = True


def blank_jinja(source: str) -> str:
    """``source`` with every Jinja tag, expression and comment blanked (line breaks kept,
    so lines and columns stay where they were).  The text of a ``raw`` block stays; the
    text a ``{% set name %}`` block captures goes (it is a value, written where the
    template uses it, as notation or prose)."""
    out = list(source)
    i = 0
    while True:
        opened = _OPEN.search(source, i)
        if opened is None:
            break
        start = opened.start()
        raw = _RAW.match(source, start)
        if raw is not None:
            ended = _ENDRAW.search(source, raw.end())
            _blank(out, start, raw.end())
            if ended is not None:
                _blank(out, ended.start(), ended.end())
            i = ended.end() if ended else len(source)
            continue
        end = _tag_end(source, opened.end(), {"{{": "}}", "{%": "%}", "{#": "#}"}[
            opened.group()])
        if _SET_BLOCK.fullmatch(source, start, end):  # text captured into a variable
            ended = _ENDSET.search(source, end)
            end = ended.end() if ended else len(source)
        _blank(out, start, end)
        i = end
    return "".join(out)


def _blank(out: list[str], start: int, end: int) -> None:
    for k in range(start, end):
        if out[k] != "\n":
            out[k] = BLANK


def _tag_end(source: str, i: int, closer: str) -> int:
    """Where a tag opened before ``i`` ends (past its closer); strings inside are skipped."""
    while i < len(source):
        if source.startswith(closer, i):
            return i + len(closer)
        char = source[i]
        if closer != "#}" and char in "'\"":
            close = source.find(char, i + 1)
            while close > 0 and source[close - 1] == "\\":
                close = source.find(char, close + 1)
            i = len(source) if close < 0 else close + 1
            continue
        i += 1
    return len(source)


def _runs(line: str, number: int, offset: int, kind: str) -> Iterator[Prose]:
    """The prose of ``line[offset:]``: code spans, small print and markup taken out."""
    text = " " * offset + line[offset:]
    text = _CODE.sub(lambda m: " " * len(m.group()), text)
    text = _HIDDEN.sub(lambda m: " " * len(m.group()), text)
    for match in re.finditer(r"[^\s\x00][^\x00]*[^\s\x00]|[^\s\x00]", text):
        yield Prose(number, match.start() + 1, match.group(), kind)


def _says_value(line: str) -> int:
    """Where the sentence of a ``says`` entry starts (after its claim key), or -1."""
    depth, quote = 0, ""
    for k, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"" and not line[:k].strip():
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == ":" and depth <= 0 and (k + 1 == len(line) or line[k + 1] == " "):
            return k + 1
    return -1


def prose(source: str) -> Iterator[Prose]:
    """Every run of prose in a template's ``source``, in order."""
    lines = blank_jinja(source).split("\n")
    for number, offset, kind in _regions(lines):
        yield from _runs(lines[number - 1], number, offset, kind)


@dataclass(frozen=True)
class Written:
    """Where an expression's output lands: the kind of prose, or ``""`` for none."""

    kinds: dict[int, tuple[int, str]]
    """Line number -> (where its prose starts, its kind), for lines holding prose."""
    lines: list[str]
    """The source with Jinja blanked."""

    def kind_at(self, line: int, column: int) -> str:
        """The kind of prose an expression written at ``line``, ``column`` (1-based) lands in:
        ``""`` outside prose (a machine key, a fence, a code span, small print)."""
        found = self.kinds.get(line)
        if found is None or column - 1 < found[0]:
            return ""
        text = self.lines[line - 1]
        hidden = _CODE.sub(lambda m: " " * len(m.group()), text)
        hidden = _HIDDEN.sub(lambda m: " " * len(m.group()), hidden)
        inside = 0 < column <= len(text) and hidden[column - 1] != text[column - 1]
        return "" if inside else found[1]


def written(source: str) -> Written:
    """Where in ``source`` the text that expressions write is prose."""
    lines = blank_jinja(source).split("\n")
    return Written({number: (offset, kind) for number, offset, kind in _regions(lines)}, lines)


def _regions(lines: list[str]) -> Iterator[tuple[int, int, str]]:
    """``(line, offset, kind)`` for each line holding prose (from ``offset`` on)."""
    front = _front_matter(lines)
    fence: tuple[str, str, int] | None = None  # the fence, its info word and indent
    key = ""
    says_indent = -1
    for number, line in enumerate(lines, start=1):
        if number in front:
            found = _KEY.match(line)
            if found is not None:
                key = found.group(1)
                if key in FRONT_PROSE:
                    yield number, found.end(), "front"
            elif key in FRONT_PROSE and line.strip() != "---":
                yield number, 0, "front"
            continue
        opened = _FENCE.match(line)
        if fence is None:
            if opened is not None:
                fence = (opened.group(2), opened.group(3), len(opened.group(1)))
                key, says_indent = "", -1
            else:
                yield number, 0, "text"
            continue
        if opened is not None and opened.group(2).startswith(fence[0]) and not opened.group(3):
            fence = None
            continue
        if fence[1] != "example" or not line.strip(BLANK + " \t"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        found = _KEY.match(line[fence[2]:]) if indent == fence[2] else None
        if found is not None:
            key, says_indent = found.group(1), -1
            if key in EXAMPLE_PROSE and key != "says":
                yield number, fence[2] + found.end(), key
        elif key == "says" and (says_indent < 0 or indent <= says_indent):
            says_indent = indent
            start = _says_value(line)
            if start >= 0:
                yield number, start, key
        elif key in EXAMPLE_PROSE:
            yield number, 0, key


def _front_matter(lines: list[str]) -> set[int]:
    """The line numbers of the front matter: from the first ``---`` line to the next, when
    no heading or fenced block comes before it (text that macros and ``set`` blocks write
    is not output where they stand, so other text may come first)."""
    first = 0
    for number, text in enumerate(lines, start=1):
        stripped = text.strip(BLANK + " \t")
        if first == 0 and (stripped.startswith("#") or _FENCE.match(text)):
            return set()
        if stripped == "---":
            if first:
                return set(range(first, number + 1))
            first = number
    return set()
