"""The rendering cache: drawings and pages kept on disk by the digest of their inputs, so a
build or a preview draws again only what changed.

A step run through :func:`cached_text` or :func:`cached_bytes` inside a :func:`session`
is looked up by its key (a
digest of the step's name, its inputs and the code that draws, :mod:`printkit.cachekey`);
when found, the stored result is used, else it is computed and stored.  Outside a session
(``--no-cache``, or a library caller that opened none) every step computes afresh.

An entry is a file named by its key, under ``$XDG_CACHE_HOME/printkit`` (or
``~/.cache/printkit``): a header with the SHA-256 of the payload, then the payload.  Entries
are written to a temporary file and renamed into place, so a build killed half-way or two
builds writing the same entry never leave a torn one; an entry whose payload does not
match its digest (a truncated or damaged file) is deleted and computed again, never used.
Reading an entry touches it; when a session that wrote ends, the oldest entries are
removed until the whole cache is within the ``cache-bytes`` limit (:mod:`printkit.limits`),
at most once a minute in one process (a preview's sessions follow each other quickly).

Warnings a step raised (an image printing under 300 dpi, say) are kept with its result and
raised again whenever the result is used, so a cached build says what a fresh one says.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit import limits
from printkit.cachekey import Known, Unkeyable, digest, memo_store
from printkit.render import picturemarks

MAGIC = b"printkit-cache 1\n"
NANOSECONDS = 10**9
"""Nanoseconds in a second (file times are read in nanoseconds)."""
STALE_SECONDS = 3600
"""Age past which a temporary file is a killed writer's, removed when the cache is tidied."""
TIDY_SECONDS = 60.0
"""A process tidies a cache folder at most this often: a preview rebuilding on every save
would otherwise list the whole cache each time."""
_TIDIED: dict[Path, float] = {}
"""When this process last tidied each cache folder (monotonic seconds)."""
_HEADER = len(MAGIC) + 64 + 1
_ACTIVE: ContextVar[Store | None] = ContextVar("printkit_cache", default=None)


def default_folder() -> Path:
    """``$XDG_CACHE_HOME/printkit``, or ``~/.cache/printkit`` when that is not set."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "printkit"


@dataclass
class Counts:
    """What a store did: results used, computed, written, refused as damaged, and steps
    whose inputs could not be keyed (computed without the cache)."""

    hits: int = 0
    misses: int = 0
    writes: int = 0
    corrupt: int = 0
    unkeyed: int = 0
    by_step: dict[str, list[int]] = field(default_factory=dict)
    """Per step name: ``[hits, misses]``."""

    def count(self, step: str, hit: bool) -> None:
        if hit:
            self.hits += 1
        else:
            self.misses += 1
        self.by_step.setdefault(step, [0, 0])[0 if hit else 1] += 1


class Store:
    """Entries in one folder (made on first write)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.counts = Counts()
        self.known: Known = {}
        """Digests of the frozen inputs keyed so far (see :func:`printkit.cachekey.digest`)."""
        self._writable = True

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / key[2:]

    def get(self, key: str) -> bytes | None:
        """The payload stored under ``key``, or ``None`` (a damaged entry is removed)."""
        path = self.path(key)
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        payload = raw[_HEADER:]
        sound = (raw[:len(MAGIC)] == MAGIC and raw[_HEADER - 1:_HEADER] == b"\n"
                 and raw[len(MAGIC):_HEADER - 1] == hashlib.sha256(payload).hexdigest().encode())
        if not sound:
            self.forget(key)
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: evicted last
        return payload

    def forget(self, key: str) -> None:
        """Remove the damaged entry ``key`` (counted in :attr:`Counts.corrupt`)."""
        self.counts.corrupt += 1
        with contextlib.suppress(OSError):
            self.path(key).unlink()

    def put(self, key: str, payload: bytes) -> None:
        """Store ``payload`` under ``key`` atomically; a cache that cannot be written (no
        room, no permission) is given up for the session, and the build goes on."""
        if not self._writable:
            return
        path = self.path(key)
        data = MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
        temporary = ""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
            self.counts.writes += 1
        except OSError:
            self._writable = False
            if temporary:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def evict(self, bound: int) -> int:
        """Remove the least recently used entries until they take at most ``bound`` bytes,
        and the temporary files of writers killed over an hour ago; the bytes kept."""
        entries: list[tuple[int, int, Path]] = []
        try:
            found = list(self.folder.glob("*/*"))
        except OSError:
            return 0
        stale = time.time_ns() - STALE_SECONDS * NANOSECONDS
        for path in found:
            try:
                info = path.stat()
            except OSError:
                continue
            if path.name.startswith(".tmp-"):
                if info.st_mtime_ns < stale:
                    with contextlib.suppress(OSError):
                        path.unlink()
                continue
            entries.append((info.st_mtime_ns, info.st_size, path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= bound:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size
        return total


def active() -> Store | None:
    """The store of the current session (``None``: no cache)."""
    return _ACTIVE.get()


@contextlib.contextmanager
def session(folder: Path | None = None, *, enabled: bool = True) -> Iterator[Store | None]:
    """Use the cache in ``folder`` (default :func:`default_folder`) until the block ends,
    then bring it within the ``cache-bytes`` limit.  ``enabled=False`` (``--no-cache``)
    runs the block without one, even inside another session.  A session inside another
    uses the outer one's store."""
    outer = _ACTIVE.get()
    if not enabled or outer is not None:
        token = _ACTIVE.set(outer if enabled else None)
        memo_token = memo_store.set(outer if enabled else None)
        try:
            yield outer if enabled else None
        finally:
            memo_store.reset(memo_token)
            _ACTIVE.reset(token)
        return
    store = Store(folder or default_folder())
    token = _ACTIVE.set(store)
    memo_token = memo_store.set(store)  # the code's digest is kept here too
    try:
        yield store
    finally:
        memo_store.reset(memo_token)
        _ACTIVE.reset(token)
        now = time.monotonic()
        if store.counts.writes and now - _TIDIED.get(store.folder, -TIDY_SECONDS) >= TIDY_SECONDS:
            _TIDIED[store.folder] = now
            store.evict(limits.current().cache_bytes)


def cached_text(step: str, key_parts: tuple[object, ...], compute: Callable[[], str]) -> str:
    """:func:`cached` for a step that makes text."""
    found = _cached(step, key_parts, lambda: compute().encode("utf-8", "surrogatepass"))
    return found.decode("utf-8", "surrogatepass") if found is not None else compute()


def cached_bytes(step: str, key_parts: tuple[object, ...],
                 compute: Callable[[], bytes]) -> bytes:
    """:func:`cached` for a step that makes bytes."""
    found = _cached(step, key_parts, compute)
    return found if found is not None else compute()


def _cached(step: str, key_parts: tuple[object, ...],
            compute: Callable[[], bytes]) -> bytes | None:
    """The result of ``compute`` for these inputs, from the store or computed and stored;
    ``None`` when there is no session or the inputs cannot be keyed (the caller computes)."""
    store = _ACTIVE.get()
    if store is None:
        return None
    try:
        key = digest(step, *key_parts, known=store.known)
    except Unkeyable:
        store.counts.unkeyed += 1
        return None
    found = store.get(key)
    if found is not None:
        try:
            result, effects = _unpack(found)
        except (ValueError, KeyError, TypeError):  # sound bytes, but not an entry of ours
            store.forget(key)
        else:
            store.counts.count(step, True)
            _again(effects)
            return result
    store.counts.count(step, False)
    with warnings.catch_warnings(record=True) as caught, picturemarks.recording() as noted:
        warnings.simplefilter("always")
        result = compute()
    effects = Effects([warning_record(w.message, w.category, w.filename, w.lineno)
                       for w in caught], [(tag, body, list(box)) for tag, body, box in noted])
    store.put(key, _pack(result, effects))
    _again(effects)
    return result


@dataclass
class Effects:
    """What a step did besides its result, done again whenever the result is reused: the
    warnings it raised, and the pictures it noted for the PDF writer to draw once
    (:mod:`printkit.render.picturemarks`)."""

    warned: list[tuple[str, str, str, int]]
    noted: list[tuple[str, str, list[float]]]


def _pack(result: bytes, effects: Effects) -> bytes:
    head = json.dumps({"warned": effects.warned, "noted": effects.noted},
                      ensure_ascii=True).encode()
    return b"%d\n" % len(head) + head + result


def _unpack(payload: bytes) -> tuple[bytes, Effects]:
    size, _, rest = payload.partition(b"\n")
    length = int(size)
    head = json.loads(rest[:length])
    warned = [(str(m), str(c), str(f), int(n)) for m, c, f, n in head["warned"]]
    noted = [(str(tag), str(body), [float(v) for v in box]) for tag, body, box in head["noted"]]
    return rest[length:], Effects(warned, noted)


def _category_name(category: type[Warning]) -> str:
    return f"{category.__module__}:{category.__qualname__}"


def _category(name: str) -> type[Warning]:
    """The warning class named ``module:Class``: one of Python's or printkit's (a plain
    ``UserWarning`` if it is gone, or if the name is anything else: nothing an entry names
    is imported from outside printkit)."""
    import importlib
    module, _, qualname = name.partition(":")
    if module not in ("builtins", "warnings") and not module.startswith("printkit."):
        return UserWarning
    try:
        found: object = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        return UserWarning
    return found if isinstance(found, type) and issubclass(found, Warning) else UserWarning


def warning_record(message: Warning | str, category: type[Warning], filename: str,
                   line: int) -> tuple[str, str, str, int]:
    """A warning written down to be kept in an entry (:func:`warn_again` raises it)."""
    return (str(message), _category_name(category), filename, line)


def warn_again(warned: list[tuple[str, str, str, int]], registry: dict[Any, Any]) -> None:
    """Raise again the warnings kept with a result (:func:`warning_record`), each once per
    ``registry``, as the warnings filters say."""
    for message, category, filename, line in warned:
        warnings.warn_explicit(message, _category(category), filename, line,
                               registry=registry)


def _again(effects: Effects) -> None:
    from printkit.render.elements import _WARNED
    warn_again(effects.warned, _WARNED)
    for tag, body, (x, y, width, height) in effects.noted:
        picturemarks.note(tag, body, (x, y, width, height))
