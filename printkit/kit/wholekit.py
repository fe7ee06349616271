"""A whole kit kept in the rendering cache: a second build of an unchanged kit writes the
first one's files without reading the definition, drawing, or importing the drawing code.

``printkit build`` notes, while it builds a kit, every file the build reads
(:mod:`printkit.kit.kitreads`), the warnings it shows and the steps it reports.  When the
kit is written, two entries are kept (:func:`remembered`):

- under the request (the code's digest, the working folder, the game as named, the options
  as given, the limits and reportlab's settings in the environment): the list of the files
  the build read;
- under the request and the content of each of those files: the kit (its folder's name, its
  title, its files, the warnings and the steps).

A later build of the same request (:func:`reuse`) reads the list, digests each file as it is
now and looks the kit up: found, its files are written as a build writes them (all at once,
:class:`~printkit.kit.outputs.OutputSet`) and its warnings are shown again.  A build reads
the same files and makes the same kit when every file it read is as it was, so nothing the
build depends on is left out of the key; as a build may also look for a file without
opening it (a booklet template beside the definition), the names in each folder a file was
read from are in the key too.  The files of printkit's package and of the game plugins'
packages are covered by their code's digest instead.  A build that started a program (an
installed font looked up through fontconfig) depends on the system, not only on files: its
kit is not kept; nor is one whose files changed while it was built (or just before: a file
system's clock may be coarse), since it may have been made from what they held before.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import stat
import time
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from printkit import cache, cachekey, limits
from printkit.cachekey import code_digest, digest
from printkit.kit import Progress
from printkit.kit.kitreads import library_folders, recording
from printkit.kit.outputs import OutputSet

INPUTS_STEP = "kit-inputs"
"""The cache step of the list of files a build read."""
KIT_STEP = "kit"
"""The cache step of a whole kit."""
SYSTEM_FOLDERS = ("/proc/", "/sys/", "/dev/")
"""Files read there describe the running system (memory, processor), not the kit."""

Warned = list[tuple[str, str, str, int]]


@dataclass(frozen=True)
class Kit:
    """A kit written from the cache."""

    title: str
    folder: Path
    files: tuple[Path, ...]


LIBRARY_SETTINGS = ("RL_",)
"""Environment variables starting so change how a library writes (reportlab reads its
settings from ``RL_...`` variables): they are part of the request."""


def request_key(game: str, request: tuple[object, ...]) -> str:
    """The key of the list of files a build of ``game`` read for this ``request`` (the
    build's options as given)."""
    settings = tuple(sorted((name, value) for name, value in os.environ.items()
                            if name.startswith(LIBRARY_SETTINGS)))
    return digest(INPUTS_STEP, code_digest(), os.getcwd(), game, request, limits.current(),
                  settings)


def reuse(game: str, request: tuple[object, ...], output_root: Path,
          progress: Progress) -> Kit | None:
    """Write the kit an earlier build made for this request from the very same files, and
    say what it said; ``None`` (nothing written) when there is none or no cache session."""
    store = cache.active()
    if store is None:
        return None
    key = request_key(game, request)
    listed = store.get(key)
    inputs = _inputs(listed) if listed is not None else None
    if listed is not None and inputs is None:
        store.forget(key)
    found = None
    if inputs is not None:
        kit_key = _kit_key(key, inputs, output_root)
        payload = store.get(kit_key)
        found = _unpack(payload, output_root) if payload is not None else None
        if payload is not None and found is None:
            store.forget(kit_key)
    store.counts.count(KIT_STEP, found is not None)
    if found is None:
        return None
    kept, out = found
    for label, done, total in kept.steps:
        progress(label, done, total)
    cache.warn_again(kept.warned, {})
    return Kit(kept.title, out.folder, tuple(out.commit()))


@dataclass
class Keeper:
    """What a build being remembered reports (:func:`remembered`)."""

    progress: Progress
    steps: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The last count reported under each label (a kit reused is done at once: each label
    is reported again with its last count only)."""
    made: tuple[str, Path, Mapping[str, bytes]] | None = None

    def told(self, label: str, done: int, total: int) -> None:
        """Report a step, and note it to be reported again when the kit is reused."""
        self.steps[label] = (done, total)
        self.progress(label, done, total)

    def keep(self, title: str, folder: Path, files: Mapping[str, bytes]) -> None:
        """The kit the build wrote: its title, folder and files."""
        self.made = (title, folder, files)


@contextlib.contextmanager
def remembered(game: str, request: tuple[object, ...], output_root: Path,
               progress: Progress) -> Iterator[Keeper]:
    """Note what the build inside the block reads and shows; if it keeps a kit
    (:meth:`Keeper.keep`) and the cache is on, keep it for :func:`reuse`."""
    keeper = Keeper(progress)
    began = time.time_ns()
    with recording() as reads, _shown() as warned:
        yield keeper
    store = cache.active()
    if store is None or keeper.made is None or reads.ran or reads.missing:
        return
    title, folder, files = keeper.made
    if folder.parent != output_root:
        return
    packages = _plugin_packages()
    skipped = (*_roots(("printkit", *packages)), *library_folders(), *SYSTEM_FOLDERS,
               *{os.path.join(way(place), "") for place in (store.folder, output_root)
                 for way in (os.path.abspath, os.path.realpath)})
    named = {os.path.abspath(game)} if os.path.isfile(game) else set()
    # a file read and gone since is kept in the list (as unreadable); a folder opened to
    # be listed or flushed is not a file read
    inputs = Inputs(tuple(sorted(named | {path for path in reads.files
                                          if not path.startswith(skipped)
                                          and not os.path.isdir(path)})), packages)
    if _changed_since(inputs.files, began - cachekey.RECENT_SECONDS * 10**9):
        return  # the kit may have been made from what they held before: not kept
    key = request_key(game, request)
    store.put(key, inputs.dump())
    kept = Kept(title, folder.name, warned,
                [(label, done, total) for label, (done, total) in keeper.steps.items()])
    store.put(_kit_key(key, inputs, output_root), kept.pack(files))


@dataclass(frozen=True)
class Inputs:
    """The files a build read (absolute paths), and the packages of the game plugins it
    used (their code is in the key)."""

    files: tuple[str, ...]
    packages: tuple[str, ...]

    def dump(self) -> bytes:
        return json.dumps({"files": self.files, "packages": self.packages}).encode()


def _inputs(payload: bytes) -> Inputs | None:
    try:
        found = json.loads(payload)
        return Inputs(tuple(str(p) for p in found["files"]),
                      tuple(str(p) for p in found["packages"]))
    except (ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True)
class Kept:
    """A kit as kept, but its files."""

    title: str
    folder: str
    warned: Warned
    steps: list[tuple[str, int, int]]

    def pack(self, files: Mapping[str, bytes]) -> bytes:
        head = json.dumps({"title": self.title, "folder": self.folder,
                           "warned": self.warned, "steps": self.steps,
                           "files": [[path, len(data)] for path, data in files.items()]})
        return b"%d\n" % len(head.encode()) + head.encode() + b"".join(files.values())


def _unpack(payload: bytes, output_root: Path) -> tuple[Kept, OutputSet] | None:
    """A kit from its entry, its files queued to be written in ``output_root`` (``None``:
    not an entry of this kind, or one that would write anywhere else)."""
    try:
        size, _, rest = payload.partition(b"\n")
        head = json.loads(rest[:int(size)])
        kept = Kept(str(head["title"]), str(head["folder"]),
                    [(str(m), str(c), str(f), int(n)) for m, c, f, n in head["warned"]],
                    [(str(label), int(done), int(total)) for label, done, total in head["steps"]])
        if kept.folder in ("", ".", "..") or any(c in kept.folder for c in "/\\"):
            return None
        out = OutputSet(output_root / kept.folder)
        at = int(size)
        for path, length in head["files"]:
            out.add(str(path), rest[at:at + int(length)])  # a plain path inside the kit
            at += int(length)
    except (ValueError, KeyError, TypeError):
        return None
    return (kept, out) if at == len(rest) else None


def _kit_key(request: str, inputs: Inputs, output_root: Path) -> str:
    """The key of the kit made from the files ``inputs`` names as they are now."""
    contents = [(path, _content(path)) for path in inputs.files]
    folders = sorted({os.path.dirname(path) for path in inputs.files})
    names = [(folder, _names(folder, output_root)) for folder in folders]
    codes = [(package, code_digest(package)) for package in inputs.packages]
    return digest(KIT_STEP, request, contents, names, codes)


def _changed_since(paths: tuple[str, ...], moment: int) -> bool:
    """Whether a file of ``paths`` changed after ``moment`` (nanoseconds since the epoch).
    Kept under the content the files have once the build is over, a kit made while one of
    them changed would be wrong; :data:`~printkit.cachekey.RECENT_SECONDS` before the build
    began leaves room for a file system whose clock is coarse."""
    for path in paths:
        try:
            found = os.stat(path)
        except OSError:
            continue
        if max(found.st_mtime_ns, found.st_ctime_ns) > moment:
            return True
    return False


def _content(path: str) -> str | None:
    """The digest of a regular file's bytes (``None``: it cannot be read, or is no regular
    file, such as a pipe that would wait for a writer)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError:
        return None


def _names(folder: str, output_root: Path) -> tuple[str, ...] | None:
    """The names in ``folder`` but hidden ones and the output folder (``None``: it cannot
    be listed)."""
    leave_out = os.path.abspath(output_root)
    try:
        return tuple(sorted(entry.name for entry in os.scandir(folder)
                            if not entry.name.startswith(".") and entry.path != leave_out))
    except OSError:
        return None


def _plugin_packages() -> tuple[str, ...]:
    """The top packages of the game plugins loaded (printkit's own left out)."""
    from printkit import plugins
    return tuple(sorted({plugin.package.split(".")[0] for plugin in plugins.loaded()}
                        - {"printkit"}))


def _roots(packages: tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``packages`` (with a separator at the end)."""
    found: list[str] = []
    for package in packages:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations is not None:
            found.extend(os.path.join(os.path.realpath(folder), "")
                         for folder in spec.submodule_search_locations)
            found.extend(os.path.join(os.path.abspath(folder), "")
                         for folder in spec.submodule_search_locations)
    return tuple(found)


@contextlib.contextmanager
def _shown() -> Iterator[Warned]:
    """The warnings shown while the block runs (each is shown as before)."""
    shown: Warned = []
    before = warnings.showwarning

    def note(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        shown.append(cache.warning_record(message, category, filename, lineno))
        before(message, category, filename, lineno, file, line)

    warnings.showwarning = note
    try:
        yield shown
    finally:
        warnings.showwarning = before
