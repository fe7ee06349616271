"""PNG files of PDF pages, a large page written a band of rows at a time.

A whole board of 150 million pixels held as one Pillow image takes 600 MB (Pillow keeps
four bytes a pixel), beside everything else an export holds; a page of more than
:data:`~printkit.export.raster.BANDED` pixels is therefore drawn a band at a time and
each band compressed straight into the file, so no more than a band is ever held.  Smaller
pages are encoded by Pillow (:func:`~printkit.export.raster.png_bytes`) as before.  Both
are marked sRGB and with the resolution, and the same page always gives the same bytes.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator, Sequence

import pypdfium2
from PIL import Image, ImageChops

from printkit.export.raster import BANDED, SRGB_CHUNKS, bands, png_bytes
from printkit.units import POINTS_PER_INCH

SIGNATURE = b"\x89PNG\r\n\x1a\n"
IDAT_SIZE = 1 << 16
"""Bytes of compressed pixels in one IDAT chunk."""


def png_pages(pdf: bytes, dpi: float, pages: Sequence[int] | None = None
              ) -> Iterator[bytes]:
    """Each page of ``pdf`` (or the listed 0-based ``pages``) as a PNG file at ``dpi``."""
    document = pypdfium2.PdfDocument(pdf)
    scale = dpi / POINTS_PER_INCH
    try:
        for index in (range(len(document)) if pages is None else pages):
            page = document[index]
            try:
                width = math.ceil(page.get_width() * scale)
                height = math.ceil(page.get_height() * scale)
                if width * height <= BANDED:
                    image = page.render(scale=scale, may_draw_forms=False).to_pil()
                    yield png_bytes(image.convert("RGB"), dpi)
                else:
                    yield banded_png(page, scale, dpi, (width, height))
            finally:
                page.close()
    finally:
        document.close()


def banded_png(page: pypdfium2.PdfPage, scale: float, dpi: float,
               size: tuple[int, int]) -> bytes:
    """``page`` as a PNG file (RGB, 8 bits, the Up filter on every row, compression level
    6), drawn and compressed a band at a time."""
    width, height = size
    out = bytearray(SIGNATURE)
    _chunk(out, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    for name, data in SRGB_CHUNKS:
        _chunk(out, name, data)
    per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow rounds it
    _chunk(out, b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    compressor = zlib.compressobj(6)
    compressed = bytearray()
    row = width * 3
    above = Image.new("RGB", (width, 1))  # the row above the first: zeros, as PNG says
    for band in bands(page, scale, width, height):
        pixels = _up(band, above).tobytes()
        above = band.crop((0, band.height - 1, width, band.height))
        lines = bytearray()
        for start in range(0, len(pixels), row):
            lines += b"\x02"  # filter type Up: each byte less the one above it
            lines += pixels[start:start + row]
        compressed += compressor.compress(bytes(lines))
        while len(compressed) >= IDAT_SIZE:
            _chunk(out, b"IDAT", bytes(compressed[:IDAT_SIZE]))
            del compressed[:IDAT_SIZE]
    compressed += compressor.flush()
    _chunk(out, b"IDAT", bytes(compressed))
    _chunk(out, b"IEND", b"")
    return bytes(out)


def _up(band: Image.Image, above: Image.Image) -> Image.Image:
    """``band`` with PNG's Up filter applied: every byte less the byte above it (the row
    ``above`` for the band's first), modulo 256."""
    shifted = Image.new("RGB", band.size)
    shifted.paste(above, (0, 0))
    shifted.paste(band.crop((0, 0, band.width, band.height - 1)), (0, 1))
    return ImageChops.subtract_modulo(band, shifted)


def _chunk(out: bytearray, name: bytes, data: bytes) -> None:
    out += struct.pack(">I", len(data)) + name + data
    out += struct.pack(">I", zlib.crc32(name + data))
