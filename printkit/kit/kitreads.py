"""What a rendering read: every file it opened, how each looked, and whether it started a
program.  One recorder serves the build, which keeps a whole kit (:mod:`printkit.kit.wholekit`)
under the content of every file it read, and the preview (:mod:`printkit.preview.reads`),
which watches those files and rebuilds when one changes.

The notes come from Python's audit events (:func:`sys.addaudithook`, installed once, on
first use): every ``open`` goes through them whoever opens, so the definition, its tables,
images and fonts, the booklet's templates and the libraries' own data files are all noted
without each reader having to say so.  Python modules are left out (their code is in the
cache keys as the code's digest).  A build that starts a program (``fc-list``, to find an
installed font) depends on more than its files, and is marked so (:attr:`Recorder.ran`),
unless the program is one :mod:`ctypes` asks where the C library is or one an installed
distribution ships (:data:`HARMLESS_PROGRAMS`).  Only the thread that records is noted;
outside a recording the hook returns at once.
"""

from __future__ import annotations

import functools
import os
import site
import stat
import sys
import sysconfig
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from printkit.definition.files import missing_files

_PYTHON_CODE = (".py", ".pyc", ".so")
_WRITING = os.O_WRONLY | os.O_RDWR
_PROGRAMS = frozenset({"subprocess.Popen", "os.system", "os.posix_spawn", "os.spawn",
                       "os.exec", "os.fork", "os.forkpty"})
"""Audit events of a program started (or the process copied to start one)."""
HARMLESS_PROGRAMS = frozenset({"ldconfig", "gcc", "cc", "ld", "objdump"})
"""Programs whose answers have no bearing on a kit: :mod:`ctypes` asks them where the C
library is (to swap a kit's folder into place in one step).  A program an installed
distribution ships (the font sanitizer of ``opentype-sanitizer``) is run on files the build
read, and comes with the distribution's version, which is in the code's digest: it is
harmless too."""
_INSTALLED = threading.Event()
_INSTALLING = threading.Lock()


Stamp = tuple[int, int, int]
"""How a file looked: modification time in nanoseconds, size, inode."""


def stamp(path: str) -> Stamp | None:
    """How the regular file ``path`` looks now (``None``: not there or not a regular file)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    return (found.st_mtime_ns, found.st_size, found.st_ino)


@dataclass
class Recorder:
    """What a :func:`recording` has noted so far."""

    files: dict[str, Stamp | None] = field(default_factory=dict)
    """Absolute path of each file opened for reading (Python code left out), and how it
    looked just before it was read (``None``: not there, or not a regular file)."""
    missing: set[Path] = field(default_factory=set)
    """Files a definition named that were not there."""
    ran: bool = False
    """Whether a program was started."""


_ACTIVE: ContextVar[Recorder | None] = ContextVar("printkit_kit_reads", default=None)


def _audit(event: str, args: tuple[object, ...]) -> None:
    """The audit hook: note a file opened for reading, or a program started."""
    if event != "open" and event not in _PROGRAMS:
        return
    recorder = _ACTIVE.get()
    if recorder is None:
        return
    if event != "open":
        recorder.ran = recorder.ran or not _harmless(event, args)
        return
    try:  # an exception here would fail the open itself: ignore anything odd
        path, _mode, flags = args
        if isinstance(path, int) or (isinstance(flags, int) and flags & _WRITING):
            return
        if isinstance(_mode, str) and any(c in _mode for c in "wax+"):
            return
        name = os.path.abspath(os.fsdecode(path))  # type: ignore[arg-type]
    except Exception:
        return
    if not name.endswith(_PYTHON_CODE):
        recorder.files[name] = stamp(name)


def _harmless(event: str, args: tuple[object, ...]) -> bool:
    """Whether the program an audit event starts is one of :data:`HARMLESS_PROGRAMS`."""
    if event != "subprocess.Popen" or not args:
        return False
    program = args[0]
    if not isinstance(program, (str, bytes, os.PathLike)):
        return False
    name = os.fsdecode(program)
    return (os.path.basename(name) in HARMLESS_PROGRAMS
            or os.path.realpath(name).startswith(library_folders()))


@functools.cache
def library_folders() -> tuple[str, ...]:
    """The folders of Python's own modules and of the installed distributions (with a
    separator at the end): what is read there (a library's data, the distributions'
    metadata) comes with the versions in the code's digest."""
    found = {value for name, value in sysconfig.get_paths().items()
             if name in ("stdlib", "platstdlib", "purelib", "platlib")}
    found.update(site.getsitepackages())
    found.add(site.getusersitepackages())
    return tuple(os.path.join(way(folder), "") for folder in sorted(found)
                 for way in (os.path.abspath, os.path.realpath))


def _install() -> None:
    with _INSTALLING:
        if not _INSTALLED.is_set():
            sys.addaudithook(_audit)
            _INSTALLED.set()


@contextmanager
def recording() -> Iterator[Recorder]:
    """Note every file this thread reads, every named file it misses and whether it starts
    a program, until the block ends."""
    _install()
    recorder = Recorder()
    token = _ACTIVE.set(recorder)
    missing_token = missing_files.set(recorder.missing)
    try:
        yield recorder
    finally:
        missing_files.reset(missing_token)
        _ACTIVE.reset(token)
