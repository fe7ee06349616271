"""Keys of the rendering cache (:mod:`printkit.cache`): a digest of everything a step reads.

:func:`digest` walks a value (the face with its options and frame, a sheet's drawings and
its options) and feeds a SHA-256 with a canonical form of it: the type of every part, each
field of a dataclass, each item of a tuple or mapping in order, text, numbers, and the
bytes of images themselves.  A part it does not know how to write down (a function, an
object of a class with hidden state) raises :class:`Unkeyable`, and the caller then draws
afresh instead of risking a key that leaves something out.

:func:`code_digest` stands for the code that draws: every file of the printkit package
(its modules, shipped fonts and templates), a game plugin's own package when a kind comes
from one, the versions of the libraries that draw and write, and Python's version.  Any
change to them changes every key, so a new printkit never reuses what an old one drew.
Hashing those files and asking for those versions costs a command tens of milliseconds, so
inside a cache session the digest is also kept under a key made of how the files and the
import path's folders look (size, change and modification times, inode): a later process
that finds them all as they were takes the kept digest instead of reading everything again
(:func:`code_stamps`).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import sys
import time
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from fractions import Fraction
from pathlib import Path, PurePath
from typing import Any, Protocol

LIBRARIES = ("reportlab", "svglib", "fonttools", "lxml", "pillow", "pypdfium2", "jinja2")
"""Libraries whose version is part of every key, beside every library printkit's own
package metadata requires (hyphenation dictionaries, Markdown, colour conversion...)."""


RECENT_SECONDS = 2
"""A file changed less than this long ago may change again within the same tick of the file
system's clock, leaving its times as they were: a digest is not kept under the times of
such a file (:func:`code_stamps`)."""
_ENTRY_POINT_GROUP = "printkit.games"
"""The entry-point group games register under (:mod:`printkit.plugins`, named again so that
this module imports nothing of printkit's)."""


class Memo(Protocol):
    """Where a digest is kept from one process to the next (a cache :class:`Store`)."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, payload: bytes) -> None: ...


memo_store: ContextVar[Memo | None] = ContextVar("printkit_code_memo", default=None)
"""The store :func:`code_digest` keeps its digests in (set by a cache session)."""


class Unkeyable(TypeError):
    """A value holds a part whose content cannot be written down for a key."""


Known = dict[int, tuple[object, bytes]]
"""Digests of frozen dataclasses already walked, by identity (each kept alive beside its
digest, so its identity is not reused while the digest is kept)."""


FieldViews = Mapping[tuple[str, str, str], Callable[[Any], object]]
"""What a key reads of some fields instead of their value, by (module, class, field)."""
_VIEWS: ContextVar[FieldViews | None] = ContextVar("printkit_key_views", default=None)


def digest_viewed(views: FieldViews, *parts: object) -> str:
    """:func:`digest` of ``parts`` with the fields named in ``views`` written as what their
    function makes of them: a key for a step that reads only part of a value (a booklet's
    page layout reads which face a diagram shows, not how the face looks)."""
    token = _VIEWS.set(views)
    try:
        return digest(*parts)
    finally:
        _VIEWS.reset(token)


def digest(*parts: object, known: Known | None = None) -> str:
    """The SHA-256 (hex) of the canonical form of ``parts``; raises :class:`Unkeyable`.
    ``known`` carries the digests of frozen parts from key to key (a layout that every
    face of a deck shares is walked once)."""
    sink = hashlib.sha256()
    _feed(sink, parts, {} if known is None else known)
    return sink.hexdigest()


_IDENTIFIED_BY_COMPARE = {("printkit.definition.fonts", "FontFace"),
                          ("printkit.definition.fonts", "FontFamily")}
"""Classes whose compared fields name their content (a font face is named after the digest
of its file; a shipped one is part of :func:`code_digest`), so the derived fields left out
of comparison (measured widths) are left out of keys too.  Named rather than imported, so
that the modules that draw can key through this one without importing each other."""


_LEFT_OUT = {("printkit.booklet.document", "Components", "recount")}
"""Fields left out of keys: a booklet's list of components keeps beside its rows the
function that counts them again on other paper; the rows and the paper they were counted
on are the content (a booklet is keyed once counted on the build's paper)."""


def _library_frame(value: object) -> object:
    """What a face library (:class:`printkit.render.scene.FaceLibrary`) stands for: its
    card frame (each face it draws is a face of the scene keyed with it), or the value
    itself when it is no library."""
    cls = type(value)
    if (cls.__module__, cls.__qualname__) == ("printkit.render.scene", "FaceLibrary"):
        return ("FaceLibrary", getattr(value, "frame"))  # noqa: B009 - no import
    return value


def _feed(sink: Any, value: object, seen: Known) -> None:
    """Write ``value`` into ``sink``; ``seen`` holds the digests of the frozen dataclasses
    written so far (by identity), so a font or layout that many parts share is walked
    once."""
    if value is None or isinstance(value, bool):
        sink.update(b"N" if value is None else b"T" if value else b"F")
    elif isinstance(value, enum.Enum):
        _text(sink, b"E", type(value).__qualname__ + "." + value.name)
    elif isinstance(value, (int, float, Fraction)):
        _text(sink, b"#" + type(value).__name__.encode(), repr(value))
    elif isinstance(value, str):
        _text(sink, b"s", value)
    elif isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        sink.update(b"b%d:" % len(data) + hashlib.sha256(data).digest())
    elif isinstance(value, PurePath):
        _text(sink, b"p", str(value))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        _dataclass(sink, value, seen)
    elif isinstance(value, (tuple, list)):
        _text(sink, b"t", type(value).__qualname__)
        sink.update(b"%d:" % len(value))
        for item in value:
            _feed(sink, item, seen)
    elif isinstance(value, (frozenset, set)):
        items = sorted(digest(item) for item in value)
        sink.update(b"S%d:" % len(items) + "".join(items).encode())
    elif isinstance(value, Mapping):
        _text(sink, b"m", type(value).__qualname__)
        sink.update(b"%d:" % len(value))
        for key, item in value.items():
            _feed(sink, key, seen)
            _feed(sink, item, seen)
    elif (stand_in := _library_frame(value)) is not value:
        _feed(sink, stand_in, seen)
    else:
        raise Unkeyable(f"a {type(value).__module__}.{type(value).__qualname__} has no key")


def _dataclass(sink: Any, value: Any, seen: Known) -> None:
    found = seen.get(id(value))
    if found is not None and found[0] is value:
        sink.update(b"D" + found[1])
        return
    cls = type(value)
    part = hashlib.sha256()
    _text(part, b"d", f"{cls.__module__}.{cls.__qualname__}")
    compared_only = (cls.__module__, cls.__qualname__) in _IDENTIFIED_BY_COMPARE
    views = _VIEWS.get()
    for item in dataclasses.fields(value):
        named = (cls.__module__, cls.__qualname__, item.name)
        if (compared_only and not item.compare) or named in _LEFT_OUT:
            continue
        _text(part, b"f", item.name)
        view = views.get(named) if views else None
        _feed(part, getattr(value, item.name) if view is None
              else view(getattr(value, item.name)), seen)
    known = part.digest()
    if cls.__dataclass_params__.frozen:  # a frozen value stays as walked
        seen[id(value)] = (value, known)
    sink.update(b"D" + known)


def _text(sink: Any, tag: bytes, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    sink.update(tag + b"%d:" % len(data) + data)


@functools.cache
def code_digest(package: str = "printkit") -> str:
    """A digest of every file of ``package`` (found on the import path), of the versions
    of :data:`LIBRARIES`, of the games installed and of Python: what draws, so it is in
    every key.  Taken from the session's store when the files look as they did when it
    was kept (:func:`code_stamps`)."""
    store = memo_store.get()
    stamps = code_stamps(package)
    if store is None or stamps is None:
        return _code_digest(package)
    key = digest("code-stamps", package, stamps)
    kept = store.get(key)
    if kept is not None and re.fullmatch(rb"[0-9a-f]{64}", kept):
        return kept.decode()
    found = _code_digest(package)
    store.put(key, found.encode())
    return found


def code_stamps(package: str) -> tuple[object, ...] | None:
    """How the files :func:`_code_digest` reads look: Python's version, each folder of the
    import path but the working folder (installing, removing or upgrading a distribution
    changes its folder's times) and each file of ``package`` (its path, size, inode, change
    and modification times).  ``None`` when a file or folder changed so recently that it
    could change again unseen (:data:`RECENT_SECONDS`), or the package is not a folder:
    then nothing is kept."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.submodule_search_locations is None:
        return None
    recent = time.time_ns() - RECENT_SECONDS * 10**9
    stamps: list[object] = [sys.version]
    here = os.getcwd()
    for folder in sys.path:  # the working folder changes with every kit written into it
        if folder not in ("", here):
            stamps.append((folder, _stamp(folder)))
    for root in spec.submodule_search_locations:
        stamps.append(root)
        for path in _package_files(root):
            stamps.append((os.path.relpath(path, root), _stamp(path)))
    if any(isinstance(stamp, tuple) and isinstance(stamp[1], tuple)
           and max(stamp[1][2], stamp[1][3]) > recent for stamp in stamps):
        return None
    return tuple(stamps)


def _stamp(path: str) -> tuple[int, int, int, int] | None:
    """Size, inode, modification and change times of ``path`` (``None``: not there)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_size, found.st_ino, found.st_mtime_ns, found.st_ctime_ns)


def _package_files(root: str) -> list[str]:
    """Every file below ``root`` but compiled Python, sorted."""
    found: list[str] = []
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if name != "__pycache__")
        found.extend(os.path.join(folder, name) for name in sorted(files)
                     if not name.endswith(".pyc"))
    return found


def _code_digest(package: str) -> str:
    """:func:`code_digest` computed afresh."""
    sink = hashlib.sha256()
    sink.update(sys.version.encode())
    for name in sorted({*LIBRARIES, *_required()}):
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        _text(sink, b"v", f"{name}={version}")
    for point in sorted(importlib.metadata.entry_points(group=_ENTRY_POINT_GROUP),
                        key=lambda e: (e.name, e.value)):
        dist = point.dist
        _text(sink, b"g", f"{point.name}={point.value} "
                          f"{dist.name if dist else '-'} {dist.version if dist else '-'}")
    spec = importlib.util.find_spec(package)
    if spec is None:  # nothing to read: a drawing by it is never kept (a key of its own)
        _text(sink, b"?", f"{package} not found {os.urandom(16).hex()}")
    elif spec.submodule_search_locations is None:  # a module of one file
        if spec.origin and Path(spec.origin).is_file():
            sink.update(hashlib.sha256(Path(spec.origin).read_bytes()).digest())
    else:
        for folder in spec.submodule_search_locations:
            for path in _package_files(folder):
                _text(sink, b"p", Path(os.path.relpath(path, folder)).as_posix())
                sink.update(hashlib.sha256(Path(path).read_bytes()).digest())
    return sink.hexdigest()


def _required() -> list[str]:
    """The distributions printkit requires to run (its extras left out)."""
    try:
        required = importlib.metadata.requires("printkit") or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return [re.split(r"[\s<>=!~;\[(]", line, maxsplit=1)[0] for line in required
            if "extra ==" not in line]


def owner_code(owner: str) -> str:
    """:func:`code_digest` of the package of the game ``owner`` whose plugin declares a
    face or back kind (printkit's own for a generic kind or a shipped game)."""
    if not owner:
        return code_digest()
    from printkit import plugins
    package = plugins.find(owner).package.split(".")[0]
    return code_digest() if package == "printkit" else code_digest() + code_digest(package)
