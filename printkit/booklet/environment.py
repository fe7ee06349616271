"""The Jinja environment of booklet templates, and where each line of its output came from.

A template renders to Markdown.  Problems found later (a false claim in an example block, a
Markdown construct the booklet cannot print) must point at the *template*, so the template is
rendered with invisible line marks: before Jinja sees a template, every line that starts with
plain text (not a ``{%``/``{#`` tag, not inside a tag) gets a mark naming its file and line.
Marks travel through loops, macros and includes with the text they precede; afterwards they
are cut out and each output line is given the template line it began on.  A line whose text
is the template line verbatim is *exact*, so columns in it are template columns too.

Undefined variables are errors (``StrictUndefined``); every error the template author can
cause is raised as a :class:`~printkit.errors.DefinitionError` at the template's file and line.

Templates are untrusted: they run in Jinja's immutable sandbox (no private attributes, no
changing what the booklet passes in), may load only files inside the folders they were given
(the definition's folder and the shipped partials; a symbolic link leading out is refused),
and are bounded in time (``template-seconds``), in the size of what they write
(``template-output``) and in the size of every value they make (``template-value``); see
:mod:`printkit.booklet.sandbox`.
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import jinja2.exceptions
from jinja2.ext import Extension

from printkit.booklet.loader import SafeLoader
from printkit.booklet.sandbox import BookletUndefined, BoundedSandbox
from printkit.booklet.sizes import TemplateLimitError
from printkit.errors import DefinitionError, Location, Problem, did_you_mean

MARK_OPEN = "\ue000"
MARK_CLOSE = "\ue001"
_MARK = re.compile(f"{MARK_OPEN}(\\d+):(\\d+){MARK_CLOSE}")
_TAG_OPEN = re.compile(r"\{\{|\{%|\{#")
_RAW_OPEN = re.compile(r"\{%-?\s*raw\s*-?%\}")
_RAW_CLOSE = re.compile(r"\{%-?\s*endraw\s*-?%\}")
_CLOSERS = {"{{": "}}", "{%": "%}", "{#": "#}"}
_RAW = "raw"
_QUOTE = re.compile(r"['\"]")
_NAME_IN_MESSAGE = re.compile(r"'([A-Za-z_][A-Za-z0-9_]*)' is undefined|has no attribute '([^']+)'")


LONGEST_MESSAGE = 300
"""Characters of an error's own message shown (the rest is cut)."""


@dataclass(frozen=True)
class SourceLine:
    """The template line an output line began on."""

    file: str
    line: int
    text: str
    exact: bool
    """True when the output line is this template line, character for character."""


@dataclass(frozen=True)
class RenderedText:
    """A template's output with, for each of its lines, the template line it came from."""

    text: str
    sources: tuple[SourceLine, ...]

    def location(self, line: int, column: int = 1, length: int = 1, *,
                 token: str | None = None) -> Location:
        """Where 1-based ``line``/``column`` of the output was written in the template.

        On an exact line the column carries over; otherwise ``token`` (the text at that
        spot) is looked for in the template line, and failing that the whole line is marked.
        """
        source = self.sources[min(max(line, 1), len(self.sources)) - 1]
        text = source.text
        if source.exact:
            return Location(source.file, source.line, column, text, length)
        if token:
            found = text.find(token)
            if found >= 0:
                return Location(source.file, source.line, found + 1, text, len(token))
        indent = len(text) - len(text.lstrip())
        return Location(source.file, source.line, indent + 1, text,
                        max(1, len(text.strip())))


@dataclass
class _Registry:
    """Every template source the environment has loaded, by index (marks carry the index)."""

    names: list[str] = field(default_factory=list)
    lines: list[list[str]] = field(default_factory=list)
    by_filename: dict[str, int] = field(default_factory=dict)

    def add(self, display: str, filename: str | None, source: str) -> int:
        index = len(self.names)
        self.names.append(display)
        self.lines.append(source.split("\n"))
        if filename:
            self.by_filename[str(Path(filename).resolve())] = index
        return index

    def line(self, index: int, number: int) -> str:
        rows = self.lines[index]
        return rows[number - 1] if 0 < number <= len(rows) else ""


def display_name(filename: str | None, name: str | None) -> str:
    """A template path as messages show it: relative to the working folder when inside it."""
    if filename is None:
        return name or "<template>"
    path = Path(filename).resolve()
    cwd = Path.cwd()
    return str(path.relative_to(cwd)) if path.is_relative_to(cwd) else str(path)


def _scan(line: str, closer: str | None) -> str | None:
    """What a line leaves open: ``None`` (plain text), a tag's closer, or raw mode.

    Each search picks up where the last one stopped (the next closer and the next quote
    found are kept until passed), so a long line full of tags costs its length, not its
    length times its tags."""
    i = 0
    ends: dict[str, int] = {}  # the next place of each closer at or after i (-1: none left)
    quote: re.Match[str] | None = None
    quotes_left = True
    while i <= len(line):
        if closer is None:
            opened = _TAG_OPEN.search(line, i)
            if opened is None:
                return None
            raw = _RAW_OPEN.match(line, opened.start())
            if raw is not None:
                closer, i = _RAW, raw.end()
            else:
                closer, i = _CLOSERS[opened.group()], opened.end()
        elif closer == _RAW:
            ended = _RAW_CLOSE.search(line, i)
            if ended is None:
                return _RAW
            closer, i = None, ended.end()
        else:
            tag_end: str = closer
            end = ends.get(tag_end)
            if end is None or 0 <= end < i:
                end = ends[tag_end] = line.find(tag_end, i)
            if quotes_left and tag_end != "#}" and (quote is None or quote.start() < i):
                quote = _QUOTE.search(line, i)
                quotes_left = quote is not None
            if (tag_end != "#}" and quote is not None and quote.start() >= i
                    and (end < 0 or quote.start() < end)):
                close_quote = line.find(quote.group(), quote.end())
                i = len(line) + 1 if close_quote < 0 else close_quote + 1
                continue
            if end < 0:
                return tag_end
            closer, i = None, end + len(tag_end)
    return closer


def mark_lines(source: str, index: int) -> str:
    """``source`` with a mark before every line that starts with plain template text."""
    out = []
    open_tag: str | None = None
    for number, line in enumerate(source.split("\n"), start=1):
        starts_inside = open_tag is not None and open_tag != _RAW
        open_tag = _scan(line, open_tag)
        stripped = line.lstrip(" \t")
        if starts_inside or not stripped or stripped.startswith(("{%", "{#", "{{-")):
            out.append(line)
        else:
            out.append(f"{MARK_OPEN}{index}:{number}{MARK_CLOSE}{line}")
    return "\n".join(out)


class _LineMarks(Extension):
    """Adds the line marks to every template the environment loads."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        registry: _Registry = getattr(self.environment, "booklet_registry")  # noqa: B009
        index = registry.add(display_name(filename, name), filename, source)
        return mark_lines(source, index)


def make_environment(search: Sequence[Path], *, filters: Mapping[str, Callable[..., object]]
                     | None = None) -> jinja2.Environment:
    """A sandboxed environment loading templates from inside the folders in ``search`` (first
    match wins)."""
    env = BoundedSandbox(
        loader=SafeLoader([str(p) for p in search], encoding="utf-8"),
        undefined=BookletUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        extensions=[_LineMarks],
        # no constant folding while compiling: every expression is worked out as the
        # template renders, under the sandbox and its bounds (and compiling is a fifth faster)
        optimized=False,
    )
    env.extend(booklet_registry=_Registry())
    env.add_filters(filters or {})
    return env


def _split_marks(text: str, registry: _Registry) -> RenderedText:
    lines: list[str] = []
    sources: list[SourceLine] = []
    current = SourceLine("<template>", 1, "", False)
    made: dict[tuple[int, int, bool], SourceLine] = {}  # a template line recurs in loops

    def source(index: int, number: int, exact: bool) -> SourceLine:
        found = made.get((index, number, exact))
        if found is None:
            found = made[(index, number, exact)] = SourceLine(
                registry.names[index], number, registry.line(index, number), exact)
        return found

    for raw in text.split("\n"):
        if MARK_OPEN not in raw:  # a line with no mark continues the last one marked
            lines.append(raw)
            sources.append(current)
            continue
        marks = _MARK.findall(raw)
        clean = _MARK.sub("", raw)
        first = _MARK.match(raw)
        lines.append(clean)
        if first is not None:
            index, number = int(first.group(1)), int(first.group(2))
            exact = len(marks) == 1 and clean == registry.line(index, number)
            sources.append(source(index, number, exact))
        else:
            sources.append(current)
        last_index, last_number = marks[-1]
        current = source(int(last_index), int(last_number), False)
    return RenderedText("\n".join(lines), tuple(sources))


def render_template(env: jinja2.Environment, name: str, context: Mapping[str, object]
                    ) -> RenderedText:
    """Render template ``name``; errors become :class:`DefinitionError` at the template."""
    registry: _Registry = getattr(env, "booklet_registry")  # noqa: B009
    if isinstance(env, BoundedSandbox):
        env.bounds.start()
    try:
        template = env.get_template(name)
        if isinstance(env, BoundedSandbox):
            text = env.render_bounded(template, dict(context))
        else:
            text = template.render(dict(context))
    except jinja2.TemplateSyntaxError as exc:
        where = display_name(exc.filename, exc.name)
        index = registry.names.index(where) if where in registry.names else None
        line = registry.line(index, exc.lineno) if index is not None else ""
        raise DefinitionError([Problem(f"template syntax: {exc.message}", Location(
            where, exc.lineno, 1, line or None, max(1, len(line))))]) from None
    except jinja2.TemplateNotFound as exc:
        location = _failing_line(exc, registry)
        searched = ", ".join(display_name(str(p), None) for p in _search_path(env))
        raise DefinitionError([Problem(f"no template named {exc.name!r} in {searched}",
                                       location)]) from None
    except TemplateLimitError as exc:
        raise DefinitionError([Problem(f"template: {exc}", _failing_line(exc, registry))]
                              ) from None
    except jinja2.exceptions.SecurityError as exc:
        raise DefinitionError([Problem(f"template: not allowed in a booklet: {exc}",
                                       _failing_line(exc, registry))]) from None
    except MemoryError:  # the command's memory budget, which the command line reports
        raise
    except DefinitionError:  # already located (a template file that is not UTF-8)
        raise
    except Exception as exc:  # any error the template's own expressions raise
        location = _failing_line(exc, registry)
        if location is None:
            raise
        message = exc.message if isinstance(exc, jinja2.TemplateError) else str(exc)
        message = message or type(exc).__name__
        if len(message) > LONGEST_MESSAGE:  # a message may quote a value the template made
            message = message[:LONGEST_MESSAGE] + "..."
        name_match = _NAME_IN_MESSAGE.search(message)
        if name_match is not None and isinstance(exc, jinja2.UndefinedError):
            word = name_match.group(1) or name_match.group(2)
            if name_match.group(1):
                message += did_you_mean(word, context)
            column = _word_column(location.source_line or "", word)
            if column:
                location = Location(location.file, location.line, column,
                                    location.source_line, len(word))
        raise DefinitionError([Problem(f"template: {message}", location)]) from None
    return _split_marks(text, registry)


def _search_path(env: jinja2.Environment) -> list[str]:
    loader = env.loader
    return list(loader.searchpath) if isinstance(loader, jinja2.FileSystemLoader) else []


def _word_column(line: str, word: str) -> int:
    match = re.search(rf"(?<![\w.]){re.escape(word)}\b", line) or re.search(
        rf"\b{re.escape(word)}\b", line)
    return match.start() + 1 if match else 0


def _failing_line(exc: BaseException, registry: _Registry) -> Location | None:
    """The innermost template line in the traceback of ``exc`` (Jinja maps frames there)."""
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        index = registry.by_filename.get(str(Path(frame.filename).resolve()))
        if index is not None and frame.lineno is not None:
            line = registry.line(index, frame.lineno)
            indent = len(line) - len(line.lstrip())
            found = Location(registry.names[index], frame.lineno, indent + 1, line,
                             max(1, len(line.strip())))
    return found
