"""Write a build's files all at once, so a failed build leaves earlier outputs intact.

Files are collected in memory while the kit is built; only when every part succeeded are
they written, each to a temporary name in its final folder and then renamed over the old
file (an atomic step on one file system).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import BuildError


@dataclass
class OutputSet:
    """The files of one build, relative to its folder."""

    folder: Path
    files: dict[str, bytes] = field(default_factory=dict)
    replace_dirs: set[str] = field(default_factory=set)
    """Sub-folders whose old contents are replaced as a whole (e.g. ``svg``)."""

    def add(self, relative: str, data: bytes | str) -> None:
        """Queue a file."""
        self.files[relative] = data.encode("utf-8") if isinstance(data, str) else data

    def commit(self) -> list[Path]:
        """Write every file; returns the paths written, in order."""
        written: list[Path] = []
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            staged: dict[str, Path] = {}
            for sub in sorted(self.replace_dirs):
                staged[sub] = Path(tempfile.mkdtemp(prefix=f".{sub}-", dir=self.folder))
            for relative, data in self.files.items():
                top = relative.split("/", 1)[0]
                if top in staged and "/" in relative:
                    target = staged[top] / relative.split("/", 1)[1]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
                    written.append(self.folder / relative)
                    continue
                target = self.folder / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                handle, temp = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent)
                with os.fdopen(handle, "wb") as stream:
                    stream.write(data)
                os.chmod(temp, 0o644)
                os.replace(temp, target)
                written.append(target)
            for sub, temp_dir in staged.items():
                final = self.folder / sub
                old = None
                if final.exists():
                    old = self.folder / f".{sub}-old"
                    if old.exists():
                        shutil.rmtree(old)
                    final.rename(old)
                os.chmod(temp_dir, 0o755)
                temp_dir.rename(final)
                if old is not None:
                    shutil.rmtree(old)
        except OSError as exc:
            raise BuildError(f"cannot write to {self.folder}: {exc.strerror or exc}") from None
        return written
