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
from printkit.errors import DefinitionError, Problem, location_in_text


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
            return _text(data, filename), os.path.normpath(filename), _unchanged(
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


def _text(data: bytes, filename: str) -> str:
    """A template's bytes as text; bytes that are not UTF-8 are an error at their place."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = len(data[:exc.start].decode("utf-8"))  # the text before it is good
        path = Path(filename).resolve()
        shown = str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(
            path)
        where = location_in_text(shown, data.decode("utf-8", "replace"), offset)
        raise DefinitionError([Problem(f"the template is not UTF-8 text (byte {exc.start + 1})"
                                       ": save it with the UTF-8 encoding", where)]) from None


def _unchanged(path: Path, mtime: float) -> Callable[[], bool]:
    def uptodate() -> bool:
        try:
            return path.stat().st_mtime == mtime
        except OSError:
            return False
    return uptodate
