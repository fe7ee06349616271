"""Work that the targets of one command share: results of pure steps, kept while it runs.

``printkit check`` prepares a game once as it is and once in each variant, and a variant
changes a few numbers: the faces it draws, the templates it compiles, the examples its
booklet replays are mostly the same as the base game's.  Inside :func:`session`, a step
wrapped in :func:`cached` is computed once for each distinct key and its result reused;
outside a session (a library caller, the preview server between two rebuilds) every call
computes afresh, so nothing outlives the command that asked for it.

A key must be built from everything the step reads, and a cached result must not be
changed by whoever receives it (each call site returns immutable values or text).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar, cast

T = TypeVar("T")

_STORE: ContextVar[dict[tuple[str, Hashable], object] | None] = ContextVar(
    "printkit_memo", default=None)
_MISSING = object()


@contextmanager
def session() -> Iterator[None]:
    """Share results of :func:`cached` steps until the block ends (nested sessions share the
    outer one's results)."""
    if _STORE.get() is not None:
        yield
        return
    token = _STORE.set({})
    try:
        yield
    finally:
        _STORE.reset(token)


def cached(step: str, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or the result it gave for the same ``step`` and ``key`` earlier in the
    session.  A key that cannot be hashed is computed afresh every time; so is a step that
    raises (the exception is not kept)."""
    store = _STORE.get()
    if store is None:
        return compute()
    full = (step, key)
    try:
        found = store.get(full, _MISSING)
    except TypeError:  # a part of the key is unhashable: share nothing
        return compute()
    if found is _MISSING:
        found = store[full] = compute()
    return cast(T, found)


class Same:
    """A key part that stands for one object itself (equal only to the same object), for
    objects that cannot be hashed by value but are shared through the session, such as a
    replayed example.  It keeps the object alive, so its identity is never reused."""

    __slots__ = ("item",)

    def __init__(self, item: object) -> None:
        self.item = item

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.item is self.item

    def __hash__(self) -> int:
        return id(self.item)


def active() -> bool:
    """Whether a session is open (results are being shared)."""
    return _STORE.get() is not None
