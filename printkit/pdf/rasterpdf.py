"""PNG and JPEG images in PDFs: each different image stored once in a document, however
many faces show it, and encoded once in a process, however many documents hold it.

A face's SVG carries its image as a data URI, so that the SVG file stands alone.  Read as
it is, svglib decoded the image again for each face (and the cache of read SVGs kept every
decoded copy), and reportlab wrote it inline into each face's form: a 291 kB PNG of
7000 x 7000 pixels on 36 faces took 7.5 GB and over 7 minutes to build.  Here the data URIs
are lifted out before svglib reads the SVG (:func:`lift`), leaving a short reference to the
image; when the drawing is replayed into a document, each reference draws one image object
of that document (:func:`place`).

The image object holds the file's own compressed data where PDF can take it as it is (a
JPEG; an 8-bit grey or RGB PNG, not interlaced, without transparency); any other PNG is
decoded once and written again as PNG data, its transparency as a soft mask.  Either way
PNG's row filters are kept (``/Predictor 15``), so the PDF holds about what the file holds.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import io
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from printkit import limits
from printkit.definition.raster import plain_png
from printkit.pdf import svgpictures
from printkit.pdf.pdfops import number

_MARK = 'href="data:image/'
_KINDS = {"png": "png", "jpeg": "jpeg", "jpg": "jpeg"}
PREFIX = "pk-raster:"
"""How a lifted image is referred to in the SVG text svglib reads."""
KEPT_BYTES = 128_000_000
"""The bytes of lifted images, and apart from them of encoded images, kept for the next
face and document of the same process, at most (the least recently used dropped first)."""


@dataclass(frozen=True, eq=False)
class RasterRef:
    """An image lifted out of an SVG: its digest, kind and file bytes.

    svglib asks a resolved image for its ``size`` only when the ``<image>`` element gives
    no width or height; printkit's faces always give both."""

    digest: str
    kind: str
    data: bytes
    size: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class _Plane:
    """One image stream of a PDF: FlateDecode (PNG rows) or DCTDecode (a JPEG file)."""

    width: int
    height: int
    colours: int
    stream: bytes
    jpeg: bool = False


@dataclass(frozen=True)
class Encoded:
    """An image ready for PDF: its colour plane and, if it has one, its alpha plane."""

    colour: _Plane
    alpha: _Plane | None

    @property
    def size(self) -> int:
        """Bytes held."""
        return len(self.colour.stream) + (len(self.alpha.stream) if self.alpha else 0)


class _Kept(OrderedDict[str, Any]):
    """Values kept by key while their bytes stay under :data:`KEPT_BYTES` together, the
    least recently used dropped first (a long preview session sees many pictures)."""

    def __init__(self, size: Callable[[Any], int]) -> None:
        super().__init__()
        self.size = size
        self.held = 0

    def find(self, key: str) -> Any:
        """The value of ``key``, or ``None``."""
        found = self.get(key)
        if found is not None:
            self.move_to_end(key)
        return found

    def keep(self, key: str, value: Any) -> None:
        """Keep ``value`` under ``key``."""
        self[key] = value
        self.held += self.size(value)
        # never less than all the pictures one definition may have, so that no picture of
        # a face is dropped between lifting it and drawing the face
        bound = max(KEPT_BYTES, limits.current().image_bytes_total)
        while self.held > bound and len(self) > 1:
            _, dropped = self.popitem(last=False)
            self.held -= self.size(dropped)

    def clear(self) -> None:
        """Keep nothing."""
        super().clear()
        self.held = 0


_LIFTED = _Kept(lambda ref: len(ref.data))
"""The images lifted in this process by the digest of their base64 text."""
_ENCODED = _Kept(lambda encoded: encoded.size)
"""The images encoded for PDF in this process by the same digest."""
ENCODINGS = 0
"""How many times an image was encoded for PDF in this process (tests count it)."""


def lift(svg: str) -> tuple[str, dict[str, RasterRef]]:
    """``svg`` with each PNG or JPEG data URI replaced by a reference, and the images.

    The data URIs are found with ``str.find``, not a regular expression: a face may carry
    megabytes of base64, and each face is lifted once for each document."""
    found: dict[str, RasterRef] = {}
    parts: list[str] = []
    start = 0
    while (at := svg.find(_MARK, start)) >= 0:
        head = at + len(_MARK)
        comma = svg.find(";base64,", head, head + 16)
        end = svg.find('"', head)
        kind = _KINDS.get(svg[head:comma]) if 0 <= comma < end else None
        ref = _ref(kind, svg[comma + 8:end]) if kind else None
        if ref is None:  # not a picture printkit wrote: left for svglib, as it is
            parts.append(svg[start:head])
            start = head
            continue
        found[ref.digest] = ref
        parts.append(svg[start:at + len('href="')])
        parts.append(PREFIX + ref.digest)
        start = end
    parts.append(svg[start:])
    return "".join(parts), found


def _ref(kind: str, text: str) -> RasterRef | None:
    """The picture whose base64 is ``text`` (``None`` if it is not base64)."""
    digest = hashlib.sha256(text.encode("ascii", "replace")).hexdigest()
    ref: RasterRef | None = _LIFTED.find(digest)
    if ref is None:
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            return None
        ref = RasterRef(digest, kind, data)
        _LIFTED.keep(digest, ref)
    return ref


def lifted(href: str) -> RasterRef | None:
    """The image a reference made by :func:`lift` stands for."""
    found: RasterRef | None = _LIFTED.find(href.removeprefix(PREFIX))
    return found


def place(canvas: Canvas, ref: RasterRef, x: float, y: float, width: float,
          height: float) -> None:
    """Draw ``ref`` into the unit square scaled to ``width`` x ``height`` at (x, y), as one
    image object of ``canvas``'s document made the first time it is drawn there."""
    name = f"pkimage{ref.digest[:24]}"
    doc = canvas._doc
    registered = doc.getXObjectName(name)
    if registered not in doc.idToObject:
        encoded = encoded_image(ref)
        image = _ImageObject(encoded.colour)
        if encoded.alpha is not None:
            image.smask = doc.Reference(_ImageObject(encoded.alpha),
                                        doc.getXObjectName(name + "mask"))
        doc.Reference(image, registered)
        doc.addForm(name, image)
    canvas._code.append(f"q {number(width)} 0 0 {number(height)} {number(x)} {number(y)} cm "
                        f"/{registered} Do Q")
    canvas._formsinuse.append(name)
    canvas._currentPageHasImages = 1


def encoded_image(ref: RasterRef) -> Encoded:
    """``ref`` ready for PDF, encoded once in this process while it is kept."""
    global ENCODINGS
    found: Encoded | None = _ENCODED.find(ref.digest)
    if found is None:
        found = _jpeg(ref.data) if ref.kind == "jpeg" else _png(ref.data)
        _ENCODED.keep(ref.digest, found)
        ENCODINGS += 1
    return found


def read_svg(svg: str) -> Any:
    """``svg`` (its images lifted) read by svglib as a reportlab drawing, each lifted image
    an ``Image`` whose ``path`` is its :class:`RasterRef`."""
    from svglib.svglib import SvgRenderer, load_svg_file

    class Renderer(SvgRenderer):
        def xlink_href_target(self, node: Any, group: Any = None) -> Any:
            href = node.attrib.get("{http://www.w3.org/1999/xlink}href") \
                or node.attrib.get("href") or ""
            if href.startswith(svgpictures.PREFIX):
                picture = svgpictures.lifted(href)
                if picture is None:  # lifted with the face just now: cannot happen
                    raise ValueError(f"the picture {href} is no longer kept")
                return picture
            if not href.startswith(PREFIX):
                return super().xlink_href_target(node, group)
            ref = lifted(href)
            if ref is None:  # dropped since it was lifted: cannot happen within the limits
                raise ValueError(f"the picture {href} is no longer kept")
            return ref

    source = io.BytesIO(svg.encode("utf-8"))
    with _svglib_quiet():
        root = load_svg_file(source)
        return None if root is None else Renderer(source).render(root)


@contextlib.contextmanager
def _svglib_quiet() -> Iterator[None]:
    """Keep svglib's log records off the terminal while it reads a drawing: what it would
    report (a colour it cannot handle, say) ``check`` has refused already, and Python's
    last-resort handler would otherwise print it on stderr."""
    logger = logging.getLogger("svglib")
    handler = logging.NullHandler()
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def draw(drawing: Any, canvas: Canvas) -> None:
    """Draw ``drawing`` (from :func:`read_svg`) at the origin of ``canvas``, its lifted
    images by :func:`place`."""
    from reportlab.graphics import renderPDF

    class Renderer(renderPDF._PDFRenderer):  # type: ignore[misc]  # reportlab has no type hints
        def drawImage(self, image: Any) -> None:
            if isinstance(image.path, RasterRef):
                place(self._canvas, image.path, image.x, image.y, image.width, image.height)
            elif isinstance(image.path, svgpictures.PictureRef):
                svgpictures.place(self._canvas, image.path, image.x, image.y, image.width,
                                  image.height)
            else:
                super().drawImage(image)

    Renderer().draw(renderPDF.renderScaledDrawing(drawing), canvas, 0, 0)


def clear() -> None:
    """Forget every image lifted and encoded in this process."""
    _LIFTED.clear()
    _ENCODED.clear()


class _ImageObject(pdfdoc.PDFObject):  # type: ignore[misc]  # reportlab has no type hints
    """An image XObject written from a ready stream."""

    smask: Any = None

    def __init__(self, plane: _Plane) -> None:
        self.plane = plane

    def format(self, document: Any) -> bytes:
        plane = self.plane
        stream = pdfdoc.PDFStream(content=plane.stream)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = plane.width
        entries["Height"] = plane.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName("DeviceGray" if plane.colours == 1
                                               else "DeviceRGB")
        if plane.jpeg:
            entries["Filter"] = pdfdoc.PDFName("DCTDecode")
        else:
            entries["Filter"] = pdfdoc.PDFName("FlateDecode")
            entries["DecodeParms"] = pdfdoc.PDFDictionary({
                "Predictor": 15, "Colors": plane.colours, "BitsPerComponent": 8,
                "Columns": plane.width})
        if self.smask is not None:
            entries["SMask"] = self.smask
        result: bytes = stream.format(document)
        return result


def _jpeg(data: bytes) -> Encoded:
    """A JPEG file as it is: PDF decodes JPEG itself."""
    from PIL import Image

    with Image.open(io.BytesIO(data), formats=["JPEG"]) as image:
        width, height = image.size
        colours = 1 if image.mode == "L" else 3
    return Encoded(_Plane(width, height, colours, data, jpeg=True), None)


def _png(data: bytes) -> Encoded:
    """A PNG file's rows for PDF: its own data when PDF can take it as it is, else the
    image decoded once and its colour and alpha written again as PNG rows."""
    plain = _plain_png(data)
    if plain is not None:
        return Encoded(plain, None)
    from PIL import Image

    with Image.open(io.BytesIO(data), formats=["PNG"]) as image:
        image.load()
        has_alpha = image.mode in ("LA", "RGBA", "PA") or "transparency" in image.info
        grey = image.mode in ("1", "L", "LA")
        # a copy is made only where the mode changes: a picture at the image-pixels limit
        # takes 200 MB decoded, and each copy as much again
        if has_alpha:
            full = _as(image, "LA" if grey else "RGBA")
            alpha = full.getchannel("A")
            colour = full.convert("L" if grey else "RGB")
            del full
        else:
            alpha = None
            colour = _as(image, "L" if grey else "RGB")
    colour_plane = _rows(colour)
    del colour
    if alpha is None or alpha.getextrema() == (255, 255):
        return Encoded(colour_plane, None)
    return Encoded(colour_plane, _rows(alpha))


def _as(image: Any, mode: str) -> Any:
    """``image`` in ``mode``: itself if it is in that mode already."""
    return image if image.mode == mode else image.convert(mode)


def _rows(image: Any) -> _Plane:
    """``image`` (``L`` or ``RGB``) as a PDF stream of PNG rows: Pillow's PNG encoder
    (which filters each row) and the data of the file it writes."""
    image.info.pop("transparency", None)  # the alpha, if any, is a plane of its own
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    plane = _plain_png(buffer.getvalue())
    assert plane is not None  # Pillow writes 8-bit, not interlaced, grey or RGB
    return plane


def _plain_png(data: bytes) -> _Plane | None:
    """The rows of a PNG that PDF takes as it is (:func:`printkit.definition.raster.plain_png`),
    or ``None``."""
    plain = plain_png(data)
    return None if plain is None else _Plane(plain.width, plain.height, plain.colours,
                                             plain.rows)
