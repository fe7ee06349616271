"""Loading booklet templates: only from inside their folders, and nothing read unchecked.

``{% include %}``, ``{% import %}`` and ``{% extends %}`` go through :class:`SafeLoader`,
which resolves the name inside each folder it was given, refuses a link leading out, and
checks that the file is a regular file within the ``file-size`` limit before reading a byte
(the file is opened without following a link and read no further than the limit, so a file
swapped or grown meanwhile is refused too).
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Callable
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from printkit import limits
from printkit.booklet.sizes import TemplateLimitError


class SafeLoader(jinja2.FileSystemLoader):
    """Loads templates only from inside its folders: a link leading out, a file that is not
    a regular file and one over the ``file-size`` limit are refused before it is read."""

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            filename = posixpath.join(folder, *pieces)
            try:
                resolved = Path(filename).resolve(strict=True)
                inside = resolved.is_relative_to(Path(folder).resolve())
                if not inside or not stat.S_ISREG(resolved.stat().st_mode):
                    continue
            except (OSError, RuntimeError):  # missing, unreadable or a loop of links
                continue
            data, mtime = self._read(template, resolved)
            return data.decode(self.encoding), os.path.normpath(filename), _unchanged(
                resolved, mtime)
        raise jinja2.TemplateNotFound(template)

    @staticmethod
    def _read(template: str, path: Path) -> tuple[bytes, float]:
        most = limits.current().file_size
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(handle, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise jinja2.TemplateNotFound(template)
            if status.st_size > most:
                raise TemplateLimitError(f"{template}: " + limits.over(
                    "file-size", status.st_size, "bytes"))
            data = file.read(most + 1)
        if len(data) > most:  # it grew while being read
            raise TemplateLimitError(f"{template}: " + limits.over("file-size", len(data),
                                                                   "bytes"))
        return data, status.st_mtime


def _unchanged(path: Path, mtime: float) -> Callable[[], bool]:
    def uptodate() -> bool:
        try:
            return path.stat().st_mtime == mtime
        except OSError:
            return False
    return uptodate
