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
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path, PurePath
from typing import Any

LIBRARIES = ("reportlab", "svglib", "fonttools", "lxml", "pillow", "pypdfium2", "jinja2")
"""Libraries whose version is part of every key, beside every library printkit's own
package metadata requires (hyphenation dictionaries, Markdown, colour conversion...)."""


class Unkeyable(TypeError):
    """A value holds a part whose content cannot be written down for a key."""


Known = dict[int, tuple[object, bytes]]
"""Digests of frozen dataclasses already walked, by identity (each kept alive beside its
digest, so its identity is not reused while the digest is kept)."""


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
    for item in dataclasses.fields(value):
        if ((compared_only and not item.compare)
                or (cls.__module__, cls.__qualname__, item.name) in _LEFT_OUT):
            continue
        _text(part, b"f", item.name)
        _feed(part, getattr(value, item.name), seen)
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
    of :data:`LIBRARIES` and of Python: what draws, so it is in every key."""
    sink = hashlib.sha256()
    sink.update(sys.version.encode())
    for name in sorted({*LIBRARIES, *_required()}):
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        _text(sink, b"v", f"{name}={version}")
    spec = importlib.util.find_spec(package)
    if spec is None:  # nothing to read: a drawing by it is never kept (a key of its own)
        _text(sink, b"?", f"{package} not found {os.urandom(16).hex()}")
    elif spec.submodule_search_locations is None:  # a module of one file
        if spec.origin and Path(spec.origin).is_file():
            sink.update(hashlib.sha256(Path(spec.origin).read_bytes()).digest())
    else:
        for folder in spec.submodule_search_locations:
            root = Path(folder)
            for path in sorted(root.rglob("*")):
                if "__pycache__" in path.parts or not path.is_file() or path.suffix == ".pyc":
                    continue
                _text(sink, b"p", path.relative_to(root).as_posix())
                sink.update(hashlib.sha256(path.read_bytes()).digest())
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
