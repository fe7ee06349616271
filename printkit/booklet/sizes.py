"""How big a value a booklet template is about to make, worked out before it is made.

A template's values are bounded by the ``template-value`` limit (characters of a text, items of
a list, digits of a number).  An operation that could make a larger one (``"x" * n``, a wide
``center``, a ``%`` format, joining a list of long texts...) has its result's size computed from
its arguments first, by the functions here, and is refused before anything is built.

Turning a list into text can take far more room than the list (a list of a million references
to one long text), so :func:`text_size` estimates ``str(value)`` without making it: it walks
the value, adding each part's length, and stops as soon as the sum passes the bound it is
given.  Estimates are exact for texts and close for the rest (a text inside a list is counted
without the escapes ``repr`` may add, at most ten characters for one), so what a template
really builds stays within a small factor of the limit, and the result is measured again.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from jinja2.utils import Namespace

from printkit import limits

LIMIT_NAME = "template-value"
"""The limit on one value a template makes."""


class TemplateLimitError(Exception):
    """A template ran too long, wrote too much or made too large a value (the message names
    the limit and how to raise it)."""


def most() -> int:
    """The largest value a template may make (characters, items or digits)."""
    return limits.current().template_value


def refuse(what: str, size: int, unit: str = "characters") -> TemplateLimitError:
    """The error for an operation that would make a value of ``size`` ``unit``."""
    return TemplateLimitError(limits.beyond(
        LIMIT_NAME, f"{what} would make {size} {unit}, more than a booklet needs", unit))


def check(what: str, size: int, unit: str = "characters") -> None:
    """Refuse ``what`` unless a value of ``size`` is within the limit."""
    if size > most():
        raise refuse(what, size, unit)


def digits(number: int) -> int:
    """About how many decimal digits ``number`` has (never fewer)."""
    return int(abs(number).bit_length() * 0.30103) + 2


def measure(value: object) -> tuple[int, str]:
    """The size of a value made, and its unit (0 for values without a size)."""
    if isinstance(value, (str, bytes, bytearray)):
        return len(value), "characters"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return len(value), "items"
    if isinstance(value, int) and not isinstance(value, bool):
        return digits(value), "digits"
    return 0, ""


def check_made(what: str, value: object) -> object:
    """``value`` (just made by ``what``) if it is within the limit, else the error; its size
    is added to what the rendering has made (see :func:`made`)."""
    size, unit = measure(value)
    if size > most():
        raise refuse(what, size, unit)
    made(size)
    return value


_MADE: contextvars.ContextVar[list[float] | None] = contextvars.ContextVar(
    "template_made", default=None)
"""For the rendering under way: what its values add up to, and its deadline."""


@contextlib.contextmanager
def counting(deadline: float) -> Iterator[None]:
    """Add up what the values made inside the ``with`` block (one rendering) come to, and
    let :func:`tick` check ``deadline`` (a :func:`time.monotonic` time)."""
    token = _MADE.set([0, deadline])
    try:
        yield
    finally:
        _MADE.reset(token)


def tick() -> None:
    """Stop the rendering under way if it has run out of time."""
    state = _MADE.get()
    if state is not None and time.monotonic() > state[1]:
        raise TemplateLimitError(limits.beyond("template-seconds", "rendering took too long",
                                               "seconds"))


def made(size: int) -> None:
    """Count a value of ``size`` as made; stop the rendering once all it made passes the
    ``template-total`` limit (many values each within ``template-value`` can still add up
    to more memory and work than a booklet needs)."""
    state = _MADE.get()
    if state is None or size <= 0:
        return
    state[0] += size
    if state[0] > limits.current().template_total:
        raise TemplateLimitError(limits.beyond(
            "template-total", f"the values the template made add up to {int(state[0])} "
            "characters", "characters"))


def check_read(what: str, value: object) -> None:
    """Refuse ``what`` (a comparison, a sort...) of a collection that is too large as text:
    comparing a list of a million references to one long text reads every one of them."""
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        size = text_size(value)
        if size > most():
            raise TemplateLimitError(limits.beyond(
                LIMIT_NAME, f"{what} would read {size} characters, more than a booklet needs",
                "characters"))


_SCALAR_SIZES: dict[type, int] = {bool: 5, type(None): 4, float: 24, complex: 50}


def text_size(value: object, stop: int | None = None) -> int:
    """An estimate of ``len(str(value))``, never much below it; the walk ends once the sum
    passes ``stop`` (the limit by default), so it costs at most that many steps."""
    bound = most() if stop is None else stop
    if isinstance(value, str):
        return len(value)
    total = 0
    pending: list[object] = [value]
    nested = False
    while pending and total <= bound:
        item = pending.pop()
        if isinstance(item, str):
            total += len(item) + (2 if nested else 0)
        elif isinstance(item, (bytes, bytearray)):
            total += len(item) + 3
        elif isinstance(item, int):
            total += digits(item)
        elif type(item) in _SCALAR_SIZES:
            total += _SCALAR_SIZES[type(item)]
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(item)
            pending.extend(item)
        elif isinstance(item, dict):
            total += 2 + 4 * len(item)
            for key, entry in item.items():
                pending.append(key)
                pending.append(entry)
        elif isinstance(item, Namespace):
            attrs: dict[str, object] = object.__getattribute__(item, "_Namespace__attrs")
            total += 14
            pending.append(attrs)
        else:
            total += len(repr(item) if nested else str(item))
        nested = True
    return total


def texts_size(items: Iterable[object], stop: int | None = None) -> tuple[list[object], int]:
    """``items`` as a list, and the sum of their :func:`text_size` (stopping past ``stop``)."""
    bound = most() if stop is None else stop
    listed = list(items)
    total = 0
    for item in listed:
        total += text_size(item, bound - total)
        if total > bound:
            break
    return listed, total


def shape(value: object, stop: int | None = None) -> tuple[int, int]:
    """How many parts ``value`` has in all and how deeply it nests (the walk stops once the
    parts pass ``stop``): what pretty printing multiplies by its indent."""
    bound = most() if stop is None else stop
    parts = depth = 0
    pending: list[tuple[object, int]] = [(value, 1)]
    while pending and parts <= bound:
        item, level = pending.pop()
        parts += 1
        depth = max(depth, level)
        if isinstance(item, (list, tuple, set, frozenset)):
            pending.extend((entry, level + 1) for entry in item)
        elif isinstance(item, dict):
            pending.extend((entry, level + 1) for entry in item.values())
    return parts, depth


def small_number(value: object) -> int:
    """A width or count given to a string operation, as a size (a bool or a number of more
    than 18 digits counts as too large to be real)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and abs(value) < 1e18 else 10**18
    return min(abs(value), 10**18)


_DIGITS = re.compile(r"\d+")


def spec_width(spec: str) -> int:
    """The largest number in a ``format`` spec (its width or precision), 0 when none."""
    numbers = [10**18 if len(d) > 18 else int(d) for d in _DIGITS.findall(spec)]
    return max(numbers, default=0)


def field_size(value: object, kind: str = "s", precision: int = 0) -> int:
    """About how many characters formatting ``value`` takes before any padding."""
    if kind in "rsa":
        return text_size(value)
    if kind == "c":
        return 1
    if isinstance(value, bool):
        return 5 + precision
    if isinstance(value, int):
        return 2 * value.bit_length() + 8 + precision
    if isinstance(value, float):
        return 330 + precision
    return text_size(value) + precision


def replaced_size(text: str | bytes, old: object, new: object, count: object) -> int:
    """The length of ``text.replace(old, new, count)``, worked out without replacing."""
    if not isinstance(old, type(text)) or not isinstance(new, type(text)):
        return len(text)  # the call fails with a TypeError of its own
    found = text.count(old) if old else len(text) + 1  # type: ignore[arg-type]
    if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(0, len(new) - len(old))


def translated_size(text: str, table: object) -> int:
    """The length of ``text.translate(table)``, worked out from how often each character
    occurs."""
    if not isinstance(table, Mapping):
        return len(text)
    total = 0
    for char, times in Counter(text).items():
        mapped = table.get(ord(char), char)
        total += times * (len(mapped) if isinstance(mapped, str) else 0 if mapped is None
                          else 1)
    return total


_PRINTF = re.compile(r"%(?:\(([^)]*)\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.)", re.S)


def printf_size(pattern: str | bytes, values: object) -> int:
    """The length of ``pattern % values`` (printf-style), worked out from each conversion's
    width, precision and value."""
    text = pattern.decode("latin-1") if isinstance(pattern, bytes) else pattern
    mapping = values if isinstance(values, Mapping) else None
    items: list[Any] = list(values) if isinstance(values, tuple) else [values]
    position = 0

    def take() -> object:
        nonlocal position
        position += 1
        return items[position - 1] if position <= len(items) else None

    total = last = 0
    for found in _PRINTF.finditer(text):
        total += found.start() - last
        last = found.end()
        name, width, precision, kind = found.groups()
        if kind == "%":
            total += 1
            continue
        wide = small_number(take()) if width == "*" else spec_width(width or "")
        exact = small_number(take()) if precision == "*" else spec_width(precision or "")
        value = mapping.get(name) if mapping is not None and name is not None else take()
        total += max(wide, field_size(value, kind, exact))
        if total > most():
            break
    return total + len(text) - last


def lines_of(text: str) -> int:
    """How many lines ``text`` has."""
    return text.count("\n") + 1


def pad_size(text: str | bytes, width: object) -> int:
    """The length of ``text`` padded to ``width`` (``center``, ``ljust``, ``zfill``...)."""
    return max(len(text), small_number(width))


def tabs_size(text: str | bytes, tabsize: object = 8) -> int:
    """The most ``text.expandtabs(tabsize)`` can be."""
    tab = "\t" if isinstance(text, str) else b"\t"
    return len(text) + text.count(tab) * small_number(tabsize)  # type: ignore[arg-type]


def joined_size(separator: str | bytes, items: list[object]) -> int:
    """The length of ``separator.join(items)`` (items that are not of the separator's kind
    make the join fail by itself)."""
    size = max(0, len(items) - 1) * len(separator)
    for item in items:
        size += len(item) if isinstance(item, (str, bytes)) else 0
        if size > most():
            break
    return size
