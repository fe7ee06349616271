"""Files a definition names (data tables, fonts, icons, images): found only inside the
definition's folder and read within the ``file-size`` limit.

A definition is untrusted, so a name may not be absolute, may not climb out with ``..``,
and may not reach outside through a symbolic link; each refusal says why, and the caller
reports it at the place the name was written.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from printkit import limits
from printkit.errors import did_you_mean

missing_files: ContextVar[set[Path] | None] = ContextVar("printkit_missing_files", default=None)
"""Set to a set by the live preview while it renders: each named file that is not there is
added to it, so the preview can rebuild when the file appears."""


class FileRefused(ValueError):
    """A named file cannot be used; the message says why (the caller adds the location)."""


@dataclass(frozen=True)
class UserFile:
    """A file found inside a definition's folder."""

    path: Path
    """Where it is on disk (links resolved)."""
    shown: str
    """How messages name it: the definition's folder as the user wrote it, plus the name."""


def find(folder: Path, shown_folder: str, name: str, what: str) -> UserFile:
    """The file ``name`` (a relative path with ``/``) inside ``folder``.

    ``shown_folder`` is the folder as messages show it; ``what`` names the kind of file
    ("data table", "font"...) in messages.  Raises :class:`FileRefused`.
    """
    article = "an" if what[:1] in ("a", "e", "i", "o", "u") else "a"
    if not name.strip():
        raise FileRefused(f"name {article} {what} file")
    if "\\" in name:
        raise FileRefused(f"write {name!r} with '/' between folders")
    pure = PurePosixPath(name)
    if pure.is_absolute() or name.startswith("~") or (pure.parts and ":" in pure.parts[0]):
        raise FileRefused(f"{name!r} is an absolute path: name {article} {what} file beside the "
                          "definition (or in a folder below it)")
    if ".." in pure.parts:
        raise FileRefused(f"{name!r} climbs out of the definition's folder with '..': keep "
                          f"the {what} beside the definition (or in a folder below it)")
    root = folder.resolve()
    path = root.joinpath(*pure.parts)
    shown = (PurePosixPath(shown_folder) / pure).as_posix() if shown_folder else pure.as_posix()
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        if (missing := missing_files.get()) is not None:
            missing.add(path)
        siblings = _names(path.parent, root)
        raise FileRefused(f"there is no {what} file {shown!r}"
                          + did_you_mean(pure.name, siblings)) from None
    if not real.is_relative_to(root):
        raise FileRefused(f"{shown!r} is a link that leads out of the definition's folder")
    if not real.is_file():
        raise FileRefused(f"{shown!r} is not a file")
    return UserFile(real, shown)


def shown_folder(definition: str) -> str:
    """The folder of a definition as messages show it (``""`` for the current folder)."""
    parent = PurePosixPath(definition.replace("\\", "/")).parent.as_posix()
    return "" if parent == "." else parent


def read(found: UserFile) -> bytes:
    """The bytes of a found file, refusing one over the ``file-size`` limit."""
    bound = limits.current().file_size
    try:
        with open(found.path, "rb") as stream:
            data = stream.read(bound + 1)
    except OSError as exc:
        raise FileRefused(f"cannot read {found.shown}: {exc.strerror or exc}") from None
    if len(data) > bound:
        raise FileRefused(f"{found.shown}: " + limits.beyond(
            "file-size", "the file is too large", "bytes"))
    return data


def _names(folder: Path, root: Path) -> list[str]:
    """The names in ``folder`` (for a suggestion), if it lies inside ``root``."""
    try:
        if not folder.resolve().is_relative_to(root):
            return []
        return sorted(p.name for p in folder.iterdir())[:500]
    except OSError:
        return []
