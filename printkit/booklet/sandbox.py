"""The sandbox booklet templates run in: Jinja's immutable sandbox with every cost bounded.

- Time: every call, attribute, operator and write checks the ``template-seconds`` deadline.
- Output: every piece of text a template writes (into the booklet, a macro or a captured
  block) is counted as it is written, against ``template-output``; the error is raised from
  the template's own code, so it names the template line that wrote past the limit.
- Values: no operator, filter or method may make a text, list or number larger than
  ``template-value``; the size of the result is worked out from the arguments before it is
  made (:mod:`printkit.booklet.sizes`), and measured again after.
- Reach: calls into anything that is not Jinja's own or a plain value's method (the rules
  engine, the booklet's helpers) take only what an example file could give: texts within the
  ``text`` limit, numbers within ``integer``, and values the engine made.  An engine asked
  for other parameters (``engine.from_options``) checks them as the command line does,
  against the game's own rules and printkit's limits, before anything is built.
- Loops: every loop's items come through :meth:`BoundedSandbox.paced`, which keeps to the
  deadline even in a loop that calls nothing; a comparison or a sort of a collection too
  large as text is refused before it reads it; and everything made is added up against
  ``template-total``, so many values each within the limit cannot add up to gigabytes.
- Files: see :mod:`printkit.booklet.loader`.
"""

from __future__ import annotations

import re
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from string import Formatter
from typing import Any, TypeGuard

import jinja2
import jinja2.runtime
import jinja2.sandbox
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, operators
from jinja2.filters import FILTERS as DEFAULT_FILTERS
from jinja2.nodes import Concat, Expr
from jinja2.utils import Cycler, Joiner, Namespace
from markupsafe import Markup, escape

from printkit import limits
from printkit.booklet import sizes
from printkit.booklet.methods import method_size
from printkit.booklet.reach import check_arguments, engine_builder
from printkit.booklet.safefilters import bounded_filters, bounded_lipsum, fact
from printkit.booklet.sizes import TemplateLimitError, check, check_made, text_size
from printkit.numberwords import spell


class Bounds:
    """The deadline of one rendering and the characters it has written so far."""

    def __init__(self) -> None:
        self.deadline = float("inf")
        self.written = 0
        self.most = 0

    def start(self) -> None:
        """Begin a rendering: a fresh deadline and nothing written."""
        bound = limits.current()
        self.deadline = time.monotonic() + bound.template_seconds
        self.written = 0
        self.most = bound.template_output

    def check(self) -> None:
        """Stop a rendering that has run out of time."""
        if time.monotonic() > self.deadline:
            raise TemplateLimitError(limits.beyond("template-seconds", "rendering took too "
                                                   "long", "seconds"))

    def wrote(self, count: int) -> None:
        """Count ``count`` characters written; stop past the output limit or the deadline."""
        self.written += count
        if self.written > self.most:
            raise TemplateLimitError(limits.beyond(
                "template-output", f"the template wrote {self.written} characters",
                "characters"))
        if time.monotonic() > self.deadline:
            self.check()


class BookletUndefined(jinja2.StrictUndefined):
    """Jinja's strict undefined, whose message names a long or non-text key by its kind and
    size (Jinja's own quotes it whole: a list of a million long texts used as a key would be
    written out in full)."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        name = self._undefined_name
        size = 0 if self._undefined_hint or name is None else text_size(name)
        if size < 80:
            return str(super()._undefined_message)
        shown = (f"{name[:40]!r}... ({size} characters)" if isinstance(name, str)
                 else f"(a {type(name).__name__} of {size} characters as text)")
        owner = jinja2.utils.object_type_repr(self._undefined_obj)
        if isinstance(name, str):
            return f"{owner!r} has no attribute {shown}"
        return f"{owner} has no element {shown}"


class BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator with every write counted and every ``~`` join sized first.

    Output goes through ``environment.wrote`` (and values through ``environment.as_text``)
    inside the template's own code, so a limit error carries the template's line."""

    def _output_const_repr(self, group: Iterable[Any]) -> str:
        return f"environment.wrote({super()._output_const_repr(group)})"

    def _output_child_pre(self, node: Expr, frame: Frame, finalize: Any) -> None:
        self.write("environment.wrote(environment.as_text(")
        if finalize.src is not None:
            self.write(finalize.src)

    def _output_child_post(self, node: Expr, frame: Frame, finalize: Any) -> None:
        if finalize.src is not None:
            self.write(")")
        if frame.eval_ctx.volatile:
            escaped = "context.eval_ctx.autoescape"
        else:
            escaped = "True" if frame.eval_ctx.autoescape else "False"
        self.write(f", {escaped}))")

    def start_write(self, frame: Frame, node: Any = None) -> None:
        if frame.buffer is None:
            self.writeline("yield environment.wrote(", node)
        else:
            self.writeline(f"{frame.buffer}.append(environment.wrote(", node)

    def end_write(self, frame: Frame) -> None:
        self.write("))" if frame.buffer is not None else ")")

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        # the loop's items come through environment.paced, which checks the deadline
        node.iter = nodes.Call(nodes.EnvironmentAttribute("paced"), [node.iter], [], None,
                               None, lineno=node.iter.lineno)
        super().visit_For(node, frame)

    def visit_Call(self, node: nodes.Call, frame: Frame, forward_caller: bool = False
                   ) -> None:
        target = node.node
        if isinstance(target, nodes.EnvironmentAttribute) and target.name == "paced":
            self.write("environment.paced(")  # made by visit_For above, never by a template
            self.visit(node.args[0], frame)
            self.write(")")
            return
        super().visit_Call(node, frame, forward_caller=forward_caller)

    def visit_Compare(self, node: nodes.Compare, frame: Frame) -> None:
        self.write("(environment.comparable(")
        self.visit(node.expr, frame)
        self.write(")")
        for op in node.ops:
            self.write(f" {operators[op.op]} environment.comparable(")
            self.visit(op.expr, frame)
            self.write(")")
        self.write(")")

    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"environment.joined({join}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _Format:
    """``str.format`` or ``str.format_map`` of one text, sized field by field."""

    def __init__(self, sandbox: BoundedSandbox, text: str, mapping: bool) -> None:
        self.sandbox = sandbox
        self.text = text
        self.mapping = mapping

    def __call__(self, *args: Any, **kwargs: Any) -> str:
        if self.mapping:
            if kwargs or len(args) != 1:
                raise TypeError("format_map() takes exactly one argument")
            kwargs, args = args[0], ()
        formatter: Formatter
        if isinstance(self.text, Markup):
            formatter = _BoundedEscapeFormatter(self.sandbox, escape=self.text.escape)
        else:
            formatter = _BoundedFormatter(self.sandbox)
        return type(self.text)(formatter.vformat(self.text, args, kwargs))


class _BoundedFormatter(jinja2.sandbox.SandboxedFormatter):
    """The sandbox's formatter, adding up each field's size before it is formatted."""

    def __init__(self, env: jinja2.Environment, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        self.total = 0

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion is not None:  # !r, !s and !a make the text before format_field sees it
            check("format()", self.total + text_size(value))
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        width = sizes.spec_width(format_spec)
        kind = format_spec[-1:] if format_spec[-1:].isalpha() else "s"
        self.total += max(width, sizes.field_size(value, kind, width))
        check("format()", self.total)
        return super().format_field(value, format_spec)


class _BoundedEscapeFormatter(_BoundedFormatter, jinja2.sandbox.SandboxedEscapeFormatter):
    pass


_PLAIN = frozenset({int, float, bool, type(None)})

_JINJA_KEYWORDS = frozenset({"_loop_vars", "_block_vars"})
"""Keywords Jinja's generated code adds to calls in loops and blocks (not the template's)."""

_VALUE_TYPES = (str, bytes, int, float, list, tuple, dict, set, frozenset)


class BoundedSandbox(jinja2.sandbox.ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with a deadline, counted output and bounded values."""

    intercepted_binops = frozenset(["+", "*", "**", "%"])
    code_generator_class = BoundedCodeGenerator

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.bounds = Bounds()
        self.filters.update(bounded_filters({**DEFAULT_FILTERS, "spell": spell}))
        self.globals["range"] = self._range
        self.globals["lipsum"] = bounded_lipsum
        self.globals["fact"] = fact
        self._trusted = {id(f) for f in (self._range, bounded_lipsum, dict, Namespace,
                                         Cycler, Joiner)}

    def add_filters(self, filters: Mapping[str, Callable[..., Any]]) -> None:
        """Add filters of the booklet's own, bounded like Jinja's."""
        self.filters.update(bounded_filters(filters))

    def render_bounded(self, template: jinja2.Template, context: dict[str, Any]) -> str:
        """Render ``template``: the writes are counted as they happen (see :meth:`wrote`),
        so the joined text is within the output limit."""
        self.bounds.start()
        try:
            with sizes.counting(self.bounds.deadline):
                return "".join(template.root_render_func(template.new_context(context)))
        except Exception:
            self.handle_exception()

    def preprocess(self, source: str, name: str | None = None, filename: str | None = None
                   ) -> str:
        """The template's source as extensions leave it, refused when its blocks nest
        deeper than :data:`DEEPEST_BLOCKS` (before Jinja parses it)."""
        source = super().preprocess(source, name, filename)
        depth, line = deepest_line(source, _BLOCKS)
        if depth > DEEPEST_BLOCKS:
            raise jinja2.TemplateSyntaxError(
                f"blocks nest {depth} deep here; a booklet template may nest at most "
                f"{DEEPEST_BLOCKS}", line, name, filename)
        return source

    def compile(self, source: Any, name: str | None = None,
                filename: str | None = None, raw: bool = False, defer_init: bool = False
                ) -> Any:
        """Jinja's compile, with a template nested deeper than Jinja's parser or Python's
        compiler can follow reported at its deepest line instead of crashing."""
        try:
            with warnings.catch_warnings():  # Python's own (``(5)[1:2]``) would reach stderr
                warnings.simplefilter("ignore", SyntaxWarning)
                return super().compile(source, name, filename,  # type: ignore[call-overload]
                                       raw, defer_init)
        except (RecursionError, SyntaxError):
            line = deepest_line(source)[1] if isinstance(source, str) else 1
            raise jinja2.TemplateSyntaxError(
                "blocks or brackets nest too deeply here for Jinja to compile the template",
                line, name, filename) from None

    # ---- what generated code calls
    def wrote(self, text: str) -> str:
        """Count ``text`` as written (generated code calls this for every write)."""
        if not isinstance(text, str):  # a {% filter %} or {% call %} block giving no text
            raise TypeError(f"a block here gives {type(text).__name__}, not text to write")
        self.bounds.wrote(len(text))
        return text

    def as_text(self, value: object, escaped: bool) -> str:
        """``value`` as text to write, refused before converting when it is too large."""
        kind = type(value)
        if isinstance(value, str) and kind is str and not escaped:
            return value
        if kind in _PLAIN and not escaped:
            return str(value)  # a number's digits are bounded where it is made
        size = text_size(value)
        check("writing a value", size)
        sizes.made(size)
        return escape(value) if escaped else str(value)

    def joined(self, join: Callable[[Sequence[object]], str], values: Sequence[object]
               ) -> str:
        """``a ~ b ~ ...``, refused before joining when the result would be too large."""
        _, size = sizes.texts_size(values)
        check("joining texts with ~", size)
        sizes.made(size)
        return join(values)

    def paced(self, items: Iterable[Any]) -> Iterator[Any]:
        """A loop's items, with the deadline checked as they go (a loop whose body calls
        nothing would otherwise never look at the clock)."""
        check_time = self.bounds.check
        for count, item in enumerate(items):
            if not count & 255:
                check_time()
            yield item

    def comparable(self, value: Any) -> Any:
        """``value``, refused as an operand of a comparison (``==``, ``in``, ``<``...) when it
        is a collection too large as text to be compared within the limits."""
        if isinstance(value, (list, tuple, dict, set, frozenset)):
            self.bounds.check()
            sizes.check_read("a comparison", value)
        return value

    def concat(self, chunks: Iterable[str]) -> str:
        """Join a macro's or captured block's output, stopping past the value limit."""
        # the chunks were counted as written (within template-output) before they got here
        out = chunks if isinstance(chunks, list) else list(chunks)
        total = sum(map(len, out))
        if total > sizes.most():
            raise sizes.refuse("a macro or captured block", total)
        sizes.made(total)
        return "".join(out)

    def _range(self, *args: int) -> Iterator[int]:
        numbers = range(*args)
        check("range()", len(numbers), "numbers")
        check_time = self.bounds.check
        for number in numbers:
            check_time()
            yield number

    # ---- the sandbox's hooks
    def getattr(self, obj: Any, attribute: str) -> Any:
        self.bounds.check()
        return super().getattr(obj, attribute)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        name = getattr(value, "__name__", None)
        owner = getattr(value, "__self__", None)
        if name not in ("format", "format_map") or not isinstance(owner, str) or not callable(
                value):
            return None
        return _Format(self, owner, name == "format_map")

    def call(self, context: jinja2.runtime.Context, obj: Any, /,
             *args: Any, **kwargs: Any) -> Any:
        self.bounds.check()
        given = {k: v for k, v in kwargs.items() if k not in _JINJA_KEYWORDS}
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, _VALUE_TYPES) and not isinstance(owner, bool):
            name = str(getattr(obj, "__name__", ""))
            what = f"{type(owner).__name__}.{name}()"
            if name in ("count", "index") or isinstance(owner, (str, bytes)):
                for value in (owner, *args, *given.values()):  # what it compares or looks for
                    sizes.check_read(what, value)
            size, args = method_size(owner, name, args, given)
            check(what, size)
            return check_made(what, super().call(context, obj, *args, **kwargs))
        builder = engine_builder(obj)
        if builder is not None:
            return builder(*args, **given)
        if not self._is_trusted(obj):
            check_arguments(obj, args, given)
        return super().call(context, obj, *args, **kwargs)

    def _is_trusted(self, obj: Any) -> bool:
        if id(obj) in self._trusted or isinstance(obj, _Format):
            return True
        owner = getattr(obj, "__self__", obj)
        return type(owner).__module__.split(".")[0] in ("jinja2", "markupsafe")

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any,
                   right: Any) -> Any:
        self.bounds.check()
        if operator == "**":
            return check_made("**", _power(left, right))
        if operator == "%":
            if isinstance(left, (str, bytes)):
                check("a % format", sizes.printf_size(left, right))
            return check_made("a % format", left % right)
        if operator == "*":
            check("repeating with *", _times_size(left, right), _unit(left, right))
            return check_made("repeating with *", left * right)
        check("adding with +", _plus_size(left, right), _unit(left, right))
        return check_made("adding with +", left + right)


_BLOCK_OPENS = r"\{%-?\s*(?:if|for|macro|call|filter|block|with|autoescape|raw)\b"
_BRACKET_OPENS = r"[(\[]"
_CLOSES = re.compile(r"\{%-?\s*end\w+|[)\]]")
_BLOCKS = re.compile(f"{_BLOCK_OPENS}|{_CLOSES.pattern}")
_ANY = re.compile(f"{_BLOCK_OPENS}|{_BRACKET_OPENS}|{_CLOSES.pattern}")

DEEPEST_BLOCKS = 90
"""Most block tags a template may nest (Python compiles at most 100 levels of indentation,
and Jinja's code for a deeper template grows with the square of its depth)."""


def deepest_line(source: str, tokens: re.Pattern[str] = _ANY) -> tuple[int, int]:
    """How deeply ``tokens`` (block tags and brackets by default) nest in ``source``, and the
    first line (1-based) where they nest that deep."""
    depth = deepest = 0
    where = 1
    for number, line in enumerate(source.split("\n"), start=1):
        for found in tokens.finditer(line):
            depth += -1 if _CLOSES.fullmatch(found.group()) else 1
            if depth > deepest:
                deepest, where = depth, number
    return deepest, where


def _unit(left: object, right: object) -> str:
    for value in (left, right):
        if isinstance(value, (list, tuple)):
            return "items"
        if isinstance(value, (str, bytes)):
            return "characters"
    return "digits"


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _size(value: object) -> int:
    if isinstance(value, (str, bytes, list, tuple)):
        return len(value)
    return sizes.digits(value) if _whole(value) else 1


def _times_size(left: object, right: object) -> int:
    if _whole(left) and _whole(right):
        return sizes.digits(left) + sizes.digits(right)
    for sequence, count in ((left, right), (right, left)):
        if isinstance(sequence, (str, bytes, list, tuple)) and _whole(count):
            return len(sequence) * max(0, count)
    return 0


def _plus_size(left: object, right: object) -> int:
    return _size(left) + _size(right)


def _power(left: Any, right: Any) -> Any:
    if _whole(left) and _whole(right) and right > 0 and abs(left) > 1:
        bits = left.bit_length() * right
        if bits * 0.30103 > sizes.most():
            raise TemplateLimitError(limits.beyond(
                sizes.LIMIT_NAME, f"a power of {right} would have about {int(bits * 0.30103)} "
                "digits, larger than a booklet needs", "digits"))
    return left**right
