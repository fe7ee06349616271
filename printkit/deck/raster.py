"""PNG and JPEG images checked before any face is drawn: their size is read from the
header and held to the named limits before a pixel is decoded, then the whole image is
decoded once, so that a damaged file is refused by ``check`` rather than found by ``build``.

The limits (:mod:`printkit.limits`): ``image-pixels`` for one image, and
``image-pixels-total`` and ``image-bytes-total`` for all the different images of one
definition, counted by a :class:`RasterBudget`.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from printkit import limits

FORMATS = {"PNG": "png", "JPEG": "jpeg"}
"""The raster formats printkit reads, by Pillow's name, and the name it gives them."""
MODES = frozenset(("1", "L", "LA", "P", "RGB", "RGBA"))
"""Pillow's colour modes that print as they are (CMYK, 16-bit and the like are refused)."""


class RasterRefused(ValueError):
    """A PNG or JPEG image cannot be used; the message names the file and says why."""


@dataclass(frozen=True)
class Raster:
    """What a checked raster image is: ``png`` or ``jpeg``, and its width and height."""

    kind: str
    pixels: tuple[int, int]


def inspect(shown: str, data: bytes) -> Raster:
    """The kind and size of the PNG or JPEG image ``data`` (the file ``shown``), decoded
    in full within the ``image-pixels`` limit; raises :class:`RasterRefused`."""
    from PIL import Image  # only a definition with a raster picture needs Pillow (~25 ms)

    bound = limits.current().image_pixels
    guard = Image.MAX_IMAGE_PIXELS
    try:
        # opening reads only the header; the size is held to printkit's limit below, before
        # anything is decoded, so Pillow's own guard (fixed, and without the size in its
        # message) stands aside meanwhile
        Image.MAX_IMAGE_PIXELS = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                kind = FORMATS.get(str(image.format))
                width, height = image.size
                if kind is None:
                    raise RasterRefused(f"{shown}: the file holds a {image.format} image; "
                                        "save it as PNG or JPEG")
                if width * height > bound:
                    raise RasterRefused(f"{shown}: " + limits.over(
                        "image-pixels", f"{width} x {height} = {width * height}", "pixels"))
                if image.mode not in MODES:
                    raise RasterRefused(f"{shown}: the image is in {image.mode} colours; "
                                        "save it in RGB")
                image.load()
    except RasterRefused:
        raise
    except Exception:  # Pillow raises many kinds of error on a damaged or hostile file
        raise RasterRefused(f"{shown} is damaged or not a PNG or JPEG image") from None
    finally:
        Image.MAX_IMAGE_PIXELS = guard
    return Raster(kind, (width, height))


class RasterBudget:
    """The pixels and bytes of the different images one definition has read so far."""

    def __init__(self) -> None:
        self.pixels = 0
        self.bytes = 0

    def take(self, shown: str, pixels: int, size: int) -> None:
        """Count the image ``shown``, of ``pixels`` pixels in a file of ``size`` bytes;
        raises :class:`RasterRefused` when that goes past a limit (and counts nothing)."""
        bound = limits.current()
        if self.pixels + pixels > bound.image_pixels_total:
            raise RasterRefused(f"{shown}: " + limits.beyond(
                "image-pixels-total", f"with this image the definition's images have "
                f"{self.pixels + pixels} pixels", "pixels"))
        if self.bytes + size > bound.image_bytes_total:
            raise RasterRefused(f"{shown}: " + limits.beyond(
                "image-bytes-total", f"with this file the definition's images take "
                f"{self.bytes + size} bytes", "bytes"))
        self.pixels += pixels
        self.bytes += size
