"""The size of what a plain value's method makes, from its arguments, before it runs.

A template may call the methods of texts, byte strings and numbers that the sandbox lets
through (``"x".center(n)``, ``s.replace(a, b)``, ``", ".join(items)``, ``n.to_bytes(k)``...).
Those whose result can be far larger than the value itself are listed here with the size
their result will have; the rest make at most a few times their value's size, and what they
make is measured after (see :class:`printkit.booklet.sandbox.BoundedSandbox`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from printkit.booklet import sizes
from printkit.booklet.sizes import small_number

Args = tuple[Any, ...]
Kwargs = Mapping[str, Any]


def _arg(args: Args, kwargs: Kwargs, index: int, name: str, default: object) -> object:
    if len(args) > index:
        return args[index]
    return kwargs.get(name, default)


def _pad(owner: Any, args: Args, kwargs: Kwargs) -> int:
    return sizes.pad_size(owner, _arg(args, kwargs, 0, "width", 0))


def _tabs(owner: Any, args: Args, kwargs: Kwargs) -> int:
    return sizes.tabs_size(owner, _arg(args, kwargs, 0, "tabsize", 8))


def _replace(owner: Any, args: Args, kwargs: Kwargs) -> int:
    return sizes.replaced_size(owner, _arg(args, kwargs, 0, "old", ""),
                               _arg(args, kwargs, 1, "new", ""),
                               _arg(args, kwargs, 2, "count", -1))


def _translate(owner: Any, args: Args, kwargs: Kwargs) -> int:
    if isinstance(owner, bytes):
        return len(owner)
    return sizes.translated_size(owner, _arg(args, kwargs, 0, "table", None))


def _to_bytes(owner: Any, args: Args, kwargs: Kwargs) -> int:
    return small_number(_arg(args, kwargs, 0, "length", 1))


def _hex(owner: Any, args: Args, kwargs: Kwargs) -> int:
    return 3 * len(owner) if isinstance(owner, (bytes, bytearray)) else 64


SIZES: Mapping[str, Callable[[Any, Args, Kwargs], int]] = {
    "center": _pad, "ljust": _pad, "rjust": _pad, "zfill": _pad,
    "expandtabs": _tabs, "replace": _replace, "translate": _translate,
    "to_bytes": _to_bytes, "hex": _hex,
}
"""For each method that can make much more than its value, the size of its result."""


def method_size(owner: Any, name: str, args: Args, kwargs: Kwargs) -> tuple[int, Args]:
    """The size of ``owner.name(*args, **kwargs)``'s result, worked out without calling it,
    and the arguments to call it with (an iterable given to ``join`` is read into a list
    first, within the limit, so it is read only once)."""
    if name == "join" and isinstance(owner, (str, bytes)) and args and isinstance(
            args[0], Iterable):
        items = _listed(args[0])
        return sizes.joined_size(owner, items), (items, *args[1:])
    estimate = SIZES.get(name)
    if estimate is None or not isinstance(owner, (str, bytes, int)):
        return 0, args
    return estimate(owner, args, kwargs), args


def _listed(items: Iterable[object]) -> list[object]:
    if isinstance(items, list):
        return items
    listed = list(itertools.islice(items, sizes.most() + 1))
    sizes.check("join()", len(listed), "items")
    return listed
