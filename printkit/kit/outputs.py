"""Write a kit's files all at once, so a kit folder is always wholly old or wholly new.

Files are collected in memory while the kit is built.  Only when every part succeeded are
they written, into a fresh hidden folder beside the kit folder (``.NAME.new-XXXX``), each file
flushed to the disk; then the new folder takes the kit folder's place.  On Linux the two
folders are exchanged in one atomic step (``renameat2`` with ``RENAME_EXCHANGE``); elsewhere
the old folder is first renamed aside (``.NAME.old-XXXX``) and the new one renamed into place.
The old folder is removed afterwards.

Whatever stops a build (a full disk, a refused permission, a kill) leaves the kit folder as
it was: a write that fails removes the new folder and raises :class:`BuildError`, and a kill
leaves at most hidden leftovers, which the next build of the same kit tidies away (putting
an old folder back first if a kill came between the two renames).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import functools
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from printkit.errors import BuildError

_NEW = ".new-"
_OLD = ".old-"


@dataclass
class OutputSet:
    """The files of one kit, relative to its folder."""

    folder: Path
    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, relative: str, data: bytes | str) -> None:
        """Queue a file (a path relative to the kit folder, with ``/`` between parts)."""
        parts = relative.split("/")
        if not relative or any(p in ("", ".", "..") or "\\" in p for p in parts):
            raise ValueError(f"not a plain relative path inside the kit: {relative!r}")
        self.files[relative] = data.encode("utf-8") if isinstance(data, str) else data

    @property
    def size(self) -> int:
        """Bytes queued so far."""
        return sum(len(data) for data in self.files.values())

    def commit(self) -> list[Path]:
        """Write every file and put the new kit folder in place; returns the paths written.

        Raises :class:`BuildError` (nothing replaced) when the system refuses a write.
        """
        parent = self.folder.parent
        name = self.folder.name
        try:
            parent.mkdir(parents=True, exist_ok=True)
            tidy(self.folder)
            staged = Path(tempfile.mkdtemp(prefix=f".{name}{_NEW}", dir=parent))
        except OSError as exc:
            raise BuildError(f"cannot write to {parent}: {exc.strerror or exc}") from None
        try:
            for relative in sorted(self.files):
                target = staged.joinpath(*relative.split("/"))
                target.parent.mkdir(parents=True, exist_ok=True)
                write_file(target, self.files[relative])
            os.chmod(staged, 0o755)
            _fsync_dir(staged)
            _swap(staged, self.folder)
        except OSError as exc:
            shutil.rmtree(staged, ignore_errors=True)
            raise BuildError(f"cannot write the kit to {self.folder}: "
                             f"{exc.strerror or exc}; the folder was left as it was") from None
        return [self.folder.joinpath(*r.split("/")) for r in sorted(self.files)]


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to a new file and flush it to the disk."""
    with open(path, "xb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.chmod(path, 0o644)


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        handle = os.open(path, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _swap(staged: Path, folder: Path) -> None:
    """Put ``staged`` where ``folder`` is, and remove the old folder."""
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir() or folder.is_symlink():
            raise OSError(errno.EEXIST, "a file that is not a kit folder is in the way",
                          str(folder))
        if _exchange(staged, folder):
            shutil.rmtree(staged, ignore_errors=True)  # staged now holds the old kit
        else:
            aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}{_OLD}", dir=folder.parent))
            os.rmdir(aside)
            os.rename(folder, aside)
            os.rename(staged, folder)
            shutil.rmtree(aside, ignore_errors=True)
    else:
        os.rename(staged, folder)
    _fsync_dir(folder.parent)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically where the system can (Linux's renameat2); False if not."""
    function = _renameat2()
    if function is None:
        return False
    at_cwd = -100
    exchange = 2
    result = function(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), exchange)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False  # the system or file system cannot exchange: rename twice instead
    raise OSError(code, os.strerror(code), str(b))


@functools.cache
def _renameat2() -> Callable[..., int] | None:
    """The C library's renameat2 on Linux, else None."""
    if not hasattr(os, "uname") or os.uname().sysname != "Linux":
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint]
    function.restype = ctypes.c_int
    return cast(Callable[..., int], function)


def tidy(folder: Path) -> None:
    """Remove what interrupted builds of this kit left beside it.

    If the kit folder is missing but an old one was set aside (a kill between the two
    renames), the old one is put back first, so the kit is wholly old.
    """
    parent = folder.parent
    if not parent.is_dir():
        return
    prefix = f".{folder.name}"
    leftovers = [p for p in parent.iterdir()
                 if p.name.startswith(prefix + _NEW) or p.name.startswith(prefix + _OLD)]
    if not folder.exists():
        aside = sorted(p for p in leftovers if p.name.startswith(prefix + _OLD))
        if aside:
            os.rename(aside[-1], folder)
            leftovers.remove(aside[-1])
    for path in leftovers:
        shutil.rmtree(path, ignore_errors=True)
