"""PNG and JPEG images checked before any face is drawn: their size is read from the
header and held to the named limits before a pixel is decoded, then the whole image is
read once, so that a damaged file is refused by ``check`` rather than found by ``build``.

A PNG that PDF takes as it is (:func:`plain_png`: 8-bit grey or RGB, not interlaced, no
transparency) is checked as a PDF reader will read it: its rows inflated a megabyte at a
time, each starting with a PNG filter, as many as the header says.  Any other image is
decoded by Pillow, at most 4 bytes a pixel.

The limits (:mod:`printkit.limits`): ``image-pixels`` for one image, and
``image-pixels-total`` and ``image-bytes-total`` for all the different images of one
definition, counted by a :class:`RasterBudget`.
"""

from __future__ import annotations

import io
import struct
import warnings
import zlib
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
                plain = plain_png(data) if kind == "png" else None
                if plain is None:
                    image.load()
                else:
                    _check_rows(plain)  # what a PDF reader will decode, a piece at a time
    except RasterRefused:
        raise
    except MemoryError:  # the memory budget's own stop, not a bad file
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


@dataclass(frozen=True)
class PlainPng:
    """A PNG that PDF takes as it is: 8 bits a channel, grey (1 colour) or RGB (3), not
    interlaced, no transparency; its compressed rows are the file's IDAT data joined."""

    width: int
    height: int
    colours: int
    rows: bytes


def plain_png(data: bytes) -> PlainPng | None:
    """``data`` as a :class:`PlainPng`, or ``None`` when it is not one (or not a PNG); a
    chunk whose checksum is wrong raises ``ValueError``.  Like Pillow, this leaves out a
    gamma or colour profile the file may name."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    offset, parts, header = 8, [], None
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        stored = data[offset + 8 + length:offset + 12 + length]
        if stored != struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF):
            raise ValueError("a PNG chunk's checksum is wrong")
        if kind == b"IHDR" and len(body) == 13:
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            parts.append(body)
        elif kind == b"tRNS":
            return None
        elif kind == b"IEND":
            break
        offset += 12 + length
    if header is None or not parts:
        return None
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or interlace or colour_type not in (0, 2):
        return None
    return PlainPng(width, height, 1 if colour_type == 0 else 3, b"".join(parts))


def _check_rows(png: PlainPng) -> None:
    """Inflate the rows of ``png`` a megabyte at a time, and check that each row starts
    with a PNG filter (0 to 4) and that there are as many rows as the header says; raises
    ``ValueError`` (or ``zlib.error``) when they do not."""
    row = 1 + png.width * png.colours
    expected, got = row * png.height, 0
    inflater = zlib.decompressobj()
    pending = png.rows
    while pending and not inflater.eof:
        out = inflater.decompress(pending, 1 << 20)
        if not out and len(inflater.unconsumed_tail) == len(pending):
            raise ValueError("the image data does not inflate")
        pending = inflater.unconsumed_tail
        if any(out[i] > 4 for i in range(-got % row, len(out), row)):
            raise ValueError("a row of the image has no PNG filter")
        got += len(out)
        if got > expected:
            raise ValueError("the image has more data than its size")
    if got != expected or not inflater.eof:
        raise ValueError("the image data ends early")
