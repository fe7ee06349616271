"""Icons (declared once in ``icons:``) and images (named by a layout's ``image`` elements),
read from the definition's folder and checked before anything is drawn.

SVG stays vector: its shapes are placed in the face.  PNG and JPEG are placed as they are,
at their own resolution; their pixel size is kept so the face can say when an image would
print under 300 dpi.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from printkit import limits
from printkit.definition.files import FileRefused, UserFile, find, read
from printkit.definition.raster import Raster, RasterBudget, RasterRefused, inspect
from printkit.definition.svgnumbers import Total
from printkit.definition.svgsafe import Drawing, SvgRefused, path_drawing, read_drawing


class PictureRefused(ValueError):
    """An icon or image cannot be used; the message says why."""


@dataclass(frozen=True)
class Icon:
    """A named icon: plain shapes in a view box."""

    name: str
    drawing: Drawing


@dataclass(frozen=True)
class Picture:
    """An image file: vector shapes, or raster bytes with their pixel size."""

    shown: str
    kind: str
    """``svg``, ``png`` or ``jpeg``."""
    aspect: float
    """Width over height."""
    pixels: tuple[int, int] = (0, 0)
    data: bytes = b""
    drawing: Drawing | None = None


def icon_from_file(name: str, found: UserFile) -> Icon:
    """An icon drawn in an SVG file; raises :class:`PictureRefused`."""
    if found.path.suffix.lower() != ".svg":
        raise PictureRefused(f"{found.shown!r}: an icon is an .svg file (or inline path data)")
    try:
        return Icon(name, read_drawing(read(found)))
    except (SvgRefused, FileRefused) as exc:
        raise PictureRefused(f"{found.shown}: {exc}") from None


def icon_from_path(name: str, data: str, view_box: str) -> Icon:
    """An icon written inline as SVG path data; raises :class:`PictureRefused`."""
    try:
        return Icon(name, path_drawing(data, view_box))
    except SvgRefused as exc:
        raise PictureRefused(str(exc)) from None


class PictureShelf:
    """The images one definition names, each read once however many cards show it."""

    def __init__(self, folder: Path, shown_folder: str,
                 drawings: Total | None = None) -> None:
        self.folder = folder
        self._drawings = drawings if drawings is not None else Total()
        self.shown_folder = shown_folder
        self._read: dict[str, Picture | PictureRefused] = {}
        self._rasters: dict[bytes, Raster] = {}
        self._budget = RasterBudget()
        self._shown_bytes = 0
        self._shown_too_much = False

    def get(self, name: str) -> Picture:
        """The image file ``name`` for one more face; raises :class:`PictureRefused`, also
        when the raster pictures of the faces so far, each embedded in its face's SVG
        file, would pass the ``output`` limit."""
        known = self._read.get(name)
        if known is None:
            try:
                known = _picture(find(self.folder, self.shown_folder, name, "image"),
                                 self._raster)
                if known.drawing is not None:
                    try:
                        self._drawings.take(known.drawing.numbers)
                    except SvgRefused as exc:
                        raise PictureRefused(f"{known.shown}: {exc}") from None
            except FileRefused as exc:
                known = PictureRefused(str(exc))
            except PictureRefused as exc:
                known = exc
            self._read[name] = known
        if isinstance(known, PictureRefused):
            raise known
        if known.data and not self._shown_too_much:
            self._shown_bytes += (len(known.data) + 2) // 3 * 4
            problem = _too_much(known.shown, self._shown_bytes)
            if problem:
                self._shown_too_much = True  # said once, at the face that crosses the limit
                raise PictureRefused(problem)
        return known

    def _raster(self, shown: str, data: bytes) -> Raster:
        """The PNG or JPEG ``data`` checked: decoded once however many names reach the
        same bytes, and counted against the limits on all of a definition's images."""
        digest = hashlib.sha256(data).digest()
        known = self._rasters.get(digest)
        if known is None:
            known = inspect(shown, data)
            self._budget.take(shown, known.pixels[0] * known.pixels[1], len(data))
            self._rasters[digest] = known
        return known


def _too_much(shown: str, carried: int) -> str:
    """Why the raster pictures of the faces, ``carried`` bytes in base64 in their SVG files,
    are too much: past the output limit, or past a third of the memory limit (a build holds
    each face's SVG text twice, as the face and as the file to write); '' if they are not."""
    bound = limits.current()
    what = (f"{shown}: the faces show {carried} bytes of pictures (each face's SVG file "
            "carries its pictures in base64")
    if carried > bound.output:
        return limits.beyond("output", what + ")", "bytes")
    if carried > bound.memory // 3:
        return limits.beyond("memory", what + ", and a build holds them twice): more than a "
                             "third of the memory a command may take", "bytes")
    return ""


def _picture(found: UserFile, raster: Callable[[str, bytes], Raster]) -> Picture:
    suffix = found.path.suffix.lower()
    try:
        data = read(found)
    except FileRefused as exc:
        raise PictureRefused(str(exc)) from None
    if suffix == ".svg":
        try:
            drawing = read_drawing(data)
        except SvgRefused as exc:
            raise PictureRefused(f"{found.shown}: {exc}") from None
        return Picture(found.shown, "svg", drawing.aspect, drawing=drawing)
    if suffix not in (".png", ".jpg", ".jpeg"):
        raise PictureRefused(f"{found.shown!r}: an image is an .svg, .png or .jpg file")
    try:
        checked = raster(found.shown, data)
    except RasterRefused as exc:
        raise PictureRefused(str(exc)) from None
    width, height = checked.pixels
    return Picture(found.shown, checked.kind, width / height, checked.pixels, data)
