"""Which files a rendering read, so that the preview watches those and nothing else.

Inside :func:`recording`, every file the current thread opens for reading is noted with how
it looked just before it was read (modification time, size, inode), by the recorder a build
uses too (:mod:`printkit.kit.kitreads`): the definition, its data tables, fonts, icons and
images, and the booklet template with everything it includes, without each reader having
to report.

A file that a definition names but that is not there is noted as missing
(:data:`printkit.definition.files.missing_files` collects those), so that the preview also
rebuilds when it appears.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from printkit.kit import kitreads
from printkit.kit.kitreads import Stamp, stamp

__all__ = ["Reads", "Recorder", "Stamp", "recording", "stamp"]


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


class Recorder:
    """What a :func:`recording` has noted so far: the build's recorder, read for the
    preview."""

    def __init__(self, noted: kitreads.Recorder) -> None:
        self._noted = noted

    def also_missing(self, paths: Iterable[Path]) -> None:
        """Note ``paths`` as missing, those of them that are not there."""
        self._noted.missing.update(p for p in paths if not os.path.exists(p))

    def reads(self, within: Iterable[Path]) -> Reads:
        """The notes about files inside the folders ``within``, frozen (what else was read,
        such as package metadata or a shipped font, is not the definition's to change); a
        file that was not there or not a regular file when it was opened is left out."""
        roots = tuple({os.path.join(way(folder), "") for folder in within
                       for way in (os.path.abspath, os.path.realpath)})
        files = {path: was for path, was in self._noted.files.items()
                 if was is not None and path.startswith(roots)}
        missing = {os.path.abspath(p) for p in self._noted.missing} - files.keys()
        return Reads(files, frozenset(missing))


@contextmanager
def recording() -> Iterator[Recorder]:
    """Note every file this thread reads, and every named file it misses, until the block
    ends."""
    with kitreads.recording() as noted:
        yield Recorder(noted)
