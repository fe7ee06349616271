"""Which files a rendering read, so that the preview watches those and nothing else.

Inside :func:`recording`, every file the current thread opens for reading is noted with how
it looked just before it was read (change time, size, inode).  The notes come from Python's
audit events (:func:`sys.addaudithook`, installed once, on first use): every ``open`` goes
through them whoever opens, so the definition, its data tables, fonts, icons and images,
and the booklet template with everything it includes are all noted without each reader
having to report.  Python modules imported meanwhile are left out.  Outside a recording
the hook returns at once.

A file that a definition names but that is not there is noted as missing
(:data:`printkit.definition.files.missing_files` collects those), so that the preview also
rebuilds when it appears.
"""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from printkit.definition.files import missing_files

Stamp = tuple[int, int, int]
"""How a file looked: change time in nanoseconds, size, inode."""

_PYTHON_CODE = (".py", ".pyc", ".so")
_WRITING = os.O_WRONLY | os.O_RDWR
_FILES: ContextVar[dict[str, Stamp] | None] = ContextVar("printkit_preview_reads",
                                                          default=None)
_INSTALLED = threading.Event()
_INSTALLING = threading.Lock()


def stamp(path: str) -> Stamp | None:
    """How the regular file ``path`` looks now (``None``: not there or not a regular file)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    return (found.st_mtime_ns, found.st_size, found.st_ino)


def _audit(event: str, args: tuple[object, ...]) -> None:
    """The audit hook: note a file opened for reading while a recording is on."""
    if event != "open":
        return
    files = _FILES.get()
    if files is None:
        return
    try:  # an exception here would fail the open itself: ignore anything odd
        path, _mode, flags = args
        if isinstance(path, int) or not isinstance(flags, int) or flags & _WRITING:
            return
        name = os.path.abspath(os.fsdecode(path))  # type: ignore[arg-type]
    except Exception:
        return
    if not name.endswith(_PYTHON_CODE):
        found = stamp(name)
        if found is not None:
            files[name] = found


def _install() -> None:
    with _INSTALLING:
        if not _INSTALLED.is_set():
            sys.addaudithook(_audit)
            _INSTALLED.set()


@dataclass(frozen=True)
class Reads:
    """The files one rendering read, and those it looked for but did not find."""

    files: Mapping[str, Stamp] = field(default_factory=dict)
    """Absolute path of each file read, and how it looked when it was read."""
    missing: frozenset[str] = frozenset()
    """Absolute paths of files looked for that were not there."""

    def changed(self) -> bool:
        """Whether a file read has changed since, or a missing one has appeared."""
        return (any(stamp(path) != was for path, was in self.files.items())
                or any(os.path.exists(path) for path in self.missing))

    def concerns(self, path: str) -> bool:
        """Whether a change to ``path`` may change the rendering: it was read, or was
        missing, or is a folder a missing file would be in."""
        if path in self.files or path in self.missing:
            return True
        inside = path.rstrip(os.sep) + os.sep
        return any(missing.startswith(inside) for missing in self.missing)

    def joined(self, older: Reads) -> Reads:
        """These reads and those of an ``older`` rendering: a file only the older one read
        is noted as it is now (missing if it has gone)."""
        files = dict(self.files)
        missing = set(self.missing)
        for path in older.files.keys() - files.keys():
            now = stamp(path)
            if now is None:
                missing.add(path)
            else:
                files[path] = now
        missing.update(path for path in older.missing - files.keys()
                       if not os.path.exists(path))
        return Reads(files, frozenset(missing - files.keys()))

    def folders(self) -> list[str]:
        """The folders to watch: each read file's, and the nearest existing folder of each
        missing one."""
        found = {os.path.dirname(path) for path in self.files}
        found.update(_nearest_folder(path) for path in self.missing)
        return sorted(found)


def _nearest_folder(path: str) -> str:
    folder = os.path.dirname(path)
    while not os.path.isdir(folder) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    return folder


@dataclass
class Recorder:
    """What a :func:`recording` has noted so far."""

    files: dict[str, Stamp] = field(default_factory=dict)
    missing: set[Path] = field(default_factory=set)

    def also_missing(self, paths: Iterable[Path]) -> None:
        """Note ``paths`` as missing, those of them that are not there."""
        self.missing.update(p for p in paths if not os.path.exists(p))

    def reads(self, within: Iterable[Path]) -> Reads:
        """The notes about files inside the folders ``within``, frozen (what else was read,
        such as package metadata or a shipped font, is not the definition's to change)."""
        roots = tuple({os.path.join(way(folder), "") for folder in within
                       for way in (os.path.abspath, os.path.realpath)})
        files = {path: was for path, was in self.files.items() if path.startswith(roots)}
        missing = {os.path.abspath(p) for p in self.missing} - files.keys()
        return Reads(files, frozenset(missing))


@contextmanager
def recording() -> Iterator[Recorder]:
    """Note every file this thread reads, and every named file it misses, until the block
    ends."""
    _install()
    recorder = Recorder()
    files_token = _FILES.set(recorder.files)
    missing_token = missing_files.set(recorder.missing)
    try:
        yield recorder
    finally:
        missing_files.reset(missing_token)
        _FILES.reset(files_token)
