"""Jinja's filters and globals with their results' sizes checked before they are made.

Every filter a booklet template may use is wrapped: a filter that turns its value into text
first has the text's size estimated (a list of a million long texts is refused, not joined);
a filter whose result can be far larger than its arguments (``center``, ``indent``,
``wordwrap``, ``replace``, ``join``, ``format``, ``batch``, ``slice``, ``tojson``,
``pprint``, ``urlize``) has the result's size worked out from its arguments; and whatever a
filter returns is measured against the ``template-value`` limit.  ``sum`` is replaced by one
that adds lists in one pass (Python's ``sum`` copies the growing list at every step), and the
``lipsum`` global by one that checks how much text it was asked for.
"""

from __future__ import annotations

import functools
import inspect
import itertools
from collections.abc import Callable, Iterator, Mapping, Sized
from typing import Any

from jinja2 import pass_environment
from jinja2.filters import make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.utils import generate_lorem_ipsum

from printkit.booklet import sizes
from printkit.booklet.sizes import check, small_number, text_size

Arguments = Mapping[str, Any]

TEXT_FILTERS = frozenset({
    "capitalize", "center", "e", "escape", "forceescape", "format", "indent", "lower",
    "replace", "safe", "string", "striptags", "title", "trim", "truncate", "upper",
    "urlencode", "urlize", "wordcount", "wordwrap", "pprint", "tojson", "xmlattr",
    "yaml", "join_words", "words", "plural", "spell",
})
"""Filters that turn their value into text first (its text is measured before)."""

COMPARING_FILTERS = frozenset({"sort", "unique", "groupby", "dictsort", "min", "max"})
"""Filters that compare their value's items (a collection too large as text is refused)."""


def _text(value: object) -> str:
    """``value`` as the filter will see it as text, refused first if that text is too large."""
    if isinstance(value, str):
        return value
    check("a filter's argument", text_size(value))
    return str(value)


def _center(a: Arguments) -> int:
    return max(text_size(a["value"]), small_number(a["width"]))


def _indent(a: Arguments) -> int:
    width = a["width"]
    step = len(width) if isinstance(width, str) else small_number(width)
    text = _text(a["s"])
    return len(text) + sizes.lines_of(text) * step


def _wordwrap(a: Arguments) -> int:
    text = _text(a["s"])
    wrap = a["wrapstring"]
    joint = len(wrap) if isinstance(wrap, str) else 1
    lines = len(text) // max(1, small_number(a["width"])) + len(text.split()) + sizes.lines_of(
        text)
    return len(text) + min(lines, len(text) + 1) * joint


def _format(a: Arguments) -> int:
    return sizes.printf_size(_text(a["value"]), a["kwargs"] or a["args"])


def _replace(a: Arguments) -> int:
    count = a["count"]
    return sizes.replaced_size(_text(a["s"]), _text(a["old"]), _text(a["new"]),
                               -1 if count is None else count)


def _join(a: Arguments) -> int:
    items = a["value"]
    attribute = a["attribute"]
    context: EvalContext = a["eval_ctx"]
    if attribute is not None:
        getter = make_attrgetter(context.environment, attribute)
        items = [getter(item) for item in items]
    listed, size = sizes.texts_size(items)
    return size + max(0, len(listed) - 1) * text_size(a["d"])


def _count(value: object) -> int:
    return len(value) if isinstance(value, Sized) else 0


def _batch(a: Arguments) -> int:
    padding = small_number(a["linecount"]) if a["fill_with"] is not None else 0
    return _count(a["value"]) + padding


def _slice(a: Arguments) -> int:
    return _count(a["value"]) + 2 * small_number(a["slices"])


def _nested(value: object, step: int) -> int:
    parts, depth = sizes.shape(value)
    return text_size(value) + parts * depth * step


def _tojson(a: Arguments) -> int:
    indent = a["indent"]
    step = len(indent) if isinstance(indent, str) else small_number(indent)
    return _nested(a["value"], step)


def _pprint(a: Arguments) -> int:
    return _nested(a["value"], 1)


def _urlize(a: Arguments) -> int:
    text = _text(a["value"])
    extra = sum(len(_text(a[key])) for key in ("target", "rel") if a[key] is not None)
    return len(text) + len(text.split()) * (extra + 64)


def _truncate(a: Arguments) -> int:
    return len(_text(a["s"])) + len(_text(a["end"]))


ESTIMATES: Mapping[str, Callable[[Arguments], int]] = {
    "center": _center, "indent": _indent, "wordwrap": _wordwrap, "format": _format,
    "replace": _replace, "join": _join, "batch": _batch, "slice": _slice,
    "tojson": _tojson, "pprint": _pprint, "urlize": _urlize, "truncate": _truncate,
}
"""How large each filter's result can be, from its arguments (bound by name)."""

UNITS = {"batch": "items", "slice": "items"}


def bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (the filter called ``name``) with its result's size checked before and
    after it runs."""
    signature = _signature(function)
    offset = 1 if hasattr(function, "jinja_pass_arg") else 0
    estimate = ESTIMATES.get(name)
    textual = name in TEXT_FILTERS
    comparing = name in COMPARING_FILTERS
    what = f"the {name} filter"

    @functools.wraps(function)
    def filtered(*args: Any, **kwargs: Any) -> Any:
        sizes.tick()
        if len(args) > offset and isinstance(args[offset], Iterator):
            listed = list(itertools.islice(args[offset], sizes.most() + 1))
            check(what, len(listed), "items")
            args = (*args[:offset], listed, *args[offset + 1:])
        if textual:  # the value and every argument may end up as text
            for value in (*args[offset:], *kwargs.values()):
                check(what, text_size(value))
        if comparing and len(args) > offset:
            sizes.check_read(what, args[offset])
        if estimate is not None:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            check(what, estimate(bound.arguments), UNITS.get(name, "characters"))
        return sizes.check_made(what, function(*args, **kwargs))

    return filtered


_PASSED = ("context", "eval_ctx", "environment", "env")


def _signature(function: Callable[..., Any]) -> inspect.Signature:
    """The parameters ``function`` is called with, the context Jinja passes first included
    (a filter made by Jinja's ``async_variant`` reports its plain function's parameters, and
    is passed the context all the same)."""
    signature = inspect.signature(function)
    names = list(signature.parameters)
    if hasattr(function, "jinja_pass_arg") and (not names or names[0] not in _PASSED):
        passed = inspect.Parameter("_passed", inspect.Parameter.POSITIONAL_ONLY)
        signature = signature.replace(parameters=[passed, *signature.parameters.values()])
    return signature


@pass_environment
def bounded_sum(environment: Any, iterable: Any, attribute: str | int | None = None,
                start: Any = 0) -> Any:
    """Jinja's ``sum``, adding lists and tuples in one pass once their total is known to be
    within the limit."""
    if attribute is not None:
        iterable = map(make_attrgetter(environment, attribute), iterable)
    items = list(itertools.islice(iterable, sizes.most() + 1))
    check("the sum filter", len(items), "items")
    sized = [len(item) for item in items if isinstance(item, (str, bytes, list, tuple))]
    if sized or isinstance(start, (list, tuple)):
        check("the sum filter", sum(sized) + (len(start) if isinstance(start, (list, tuple))
                                              else 0), "items")
    if isinstance(start, (list, tuple)) and all(type(item) is type(start) for item in items):
        return type(start)(itertools.chain(start, *items))
    return sizes.check_made("the sum filter", sum(items, start))


def bounded_lipsum(n: int = 5, html: bool = True, min: int = 20,
                   max: int = 100) -> str:
    """Jinja's ``lipsum``, refused when it is asked for more text than the limit."""
    check("lipsum()", small_number(n) * (small_number(max) * 16 + 40))
    return str(sizes.check_made("lipsum()", generate_lorem_ipsum(n, html, min, max)))


def fact(value: object, reason: str = "") -> str:
    """The ``fact(value, reason)`` global: ``value`` as text.  It marks a number typed into a
    booklet's prose as a fixed fact of the game; ``printkit check`` asks for the ``reason``
    (see :mod:`printkit.booklet.lint`), the booklet prints the value alone."""
    return str(value)


def bounded_filters(filters: Mapping[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Every filter in ``filters`` wrapped by :func:`bounded_filter` (``sum`` replaced)."""
    out = {name: bounded_filter(name, function) for name, function in filters.items()}
    out["sum"] = bounded_sum
    return out
