"""A PDF whose every page is one picture: CMYK PDF/X-1a:2003 for services that take nothing
else (DriveThruCards), or plain sRGB for services that convert colour themselves (MB PRINT).

The pictures come from the same RGB rendering as ``export png``; :func:`cmyk` turns them
into CMYK with full grey-component replacement (the grey part of every colour is printed
with black ink alone), so no pixel carries more than 200% ink.  The file then holds only
what PDF/X-1a:2003 allows: PDF 1.4, DeviceCMYK pictures compressed with Flate, no fonts, no
transparency, an output intent naming the registered SWOP characterisation (``CGATS TR
001``, the condition the service's own preflight instructions select), a TrimBox and a
BleedBox on every page, the ``GTS_PDFX`` keys, ``/Trapped /False`` and a file ID.  Dates
are fixed and the ID is a digest of the content, so the same pictures give the same bytes.

The conversion is a plain formula, not a colour-managed one (no CMYK profile ships with
printkit): saturated colours print a little differently from the screen.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageOps

MAX_INK = 2.0
"""The most ink (as a fraction of one full channel) any pixel :func:`cmyk` makes can carry."""

DATE = "D:20000101000000Z"
"""Creation and modification date written into every file, so output stays byte-identical."""

CONDITION = "CGATS TR 001"
"""The registered characterisation of U.S. Web Coated (SWOP), named by the output intent."""


def cmyk(image: Image.Image) -> Image.Image:
    """``image`` in CMYK: black takes the grey component of every pixel and cyan, magenta
    and yellow keep what is left, so at most two of them print beside the black and the
    total stays at or below :data:`MAX_INK`."""
    cyan, magenta, yellow = ImageOps.invert(image.convert("RGB")).split()
    black = ImageChops.darker(ImageChops.darker(cyan, magenta), yellow)
    return Image.merge("CMYK", [ImageChops.subtract(cyan, black),
                                ImageChops.subtract(magenta, black),
                                ImageChops.subtract(yellow, black), black])


@dataclass(frozen=True)
class Picture:
    """One picture, compressed as the file stores it."""

    width: int
    height: int
    space: bytes
    """``DeviceCMYK`` or ``DeviceRGB``."""
    data: bytes


def picture(image: Image.Image, *, to_cmyk: bool = True) -> Picture:
    """``image`` (converted by :func:`cmyk` when ``to_cmyk``) compressed for the file."""
    converted = cmyk(image) if to_cmyk else image.convert("RGB")
    return Picture(converted.width, converted.height,
                   b"DeviceCMYK" if to_cmyk else b"DeviceRGB",
                   zlib.compress(converted.tobytes(), 9))


def _text(value: str) -> bytes:
    """A PDF literal string of plain ASCII ``value``."""
    escaped = value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("ascii", "replace") + b")"


def _number(value: float) -> bytes:
    return f"{value:.4f}".rstrip("0").rstrip(".").encode()


def pdfx(pages: Iterable[Picture], *, width: float, height: float, bleed: float,
         title: str, conforming: bool = True) -> bytes:
    """The file: one page per entry of ``pages`` (the same picture object stored once
    however many pages show it), each ``width`` x ``height`` points including ``bleed``
    points on every side, the picture filling the page.  With ``conforming`` the file is
    marked PDF/X-1a:2003 (every picture must then be CMYK); without, it is a plain PDF."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(head: bytes, data: bytes) -> bytes:
        return (b"<< " + head + b" /Length " + str(len(data)).encode() + b" >>\nstream\n"
                + data + b"\nendstream")

    catalog = add(b"")  # filled in once the page tree is known
    tree = add(b"")
    info = add(b"<< /Title " + _text(title) + b" /Creator (printkit) /Producer (printkit)"
               b" /CreationDate " + _text(DATE) + b" /ModDate " + _text(DATE) +
               (b" /Trapped /False /GTS_PDFXVersion (PDF/X-1a:2003)"
                b" /GTS_PDFXConformance (PDF/X-1a:2003)" if conforming else b"") + b" >>")
    media = b"[0 0 " + _number(width) + b" " + _number(height) + b"]"
    trim = b"[" + b" ".join(_number(v) for v in (bleed, bleed, width - bleed,
                                                    height - bleed)) + b"]"
    drawn: dict[Picture, int] = {}
    kids: list[int] = []
    for page in pages:
        if conforming and page.space != b"DeviceCMYK":
            raise ValueError("a PDF/X-1a file holds CMYK pictures only")
        if page not in drawn:
            drawn[page] = add(stream(
                b"/Type /XObject /Subtype /Image /Width " + str(page.width).encode() +
                b" /Height " + str(page.height).encode() +
                b" /ColorSpace /" + page.space + b" /BitsPerComponent 8 /Filter /FlateDecode",
                page.data))
        content = add(stream(b"", b"q " + _number(width) + b" 0 0 " + _number(height) +
                             b" 0 0 cm /Im0 Do Q"))
        kids.append(add(
            b"<< /Type /Page /Parent " + str(tree).encode() + b" 0 R /MediaBox " + media +
            b" /BleedBox " + media + b" /TrimBox " + trim +
            b" /Resources << /XObject << /Im0 " + str(drawn[page]).encode() +
            b" 0 R >> >> /Contents " + str(content).encode() + b" 0 R >>"))
    objects[tree - 1] = (b"<< /Type /Pages /Count " + str(len(kids)).encode() + b" /Kids [" +
                         b" ".join(str(kid).encode() + b" 0 R" for kid in kids) + b"] >>")
    intent = (b" /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX"
              b" /OutputConditionIdentifier " + _text(CONDITION) +
              b" /OutputCondition (U.S. Web Coated \\(SWOP\\) v2) /RegistryName"
              b" (http://www.color.org) /Info (U.S. Web Coated \\(SWOP\\) v2) >>]")
    objects[catalog - 1] = (b"<< /Type /Catalog /Pages " + str(tree).encode() + b" 0 R" +
                            (intent if conforming else b"") + b" >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets: list[int] = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += str(number).encode() + b" 0 obj\n" + body + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 " + str(len(objects) + 1).encode() + b"\n0000000000 65535 f \n"
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    digest = hashlib.md5(bytes(out), usedforsecurity=False).hexdigest().encode()
    out += (b"trailer\n<< /Size " + str(len(objects) + 1).encode() + b" /Root " +
            str(catalog).encode() + b" 0 R /Info " + str(info).encode() + b" 0 R /ID [<" +
            digest + b"> <" + digest + b">] >>\nstartxref\n" + str(start).encode() +
            b"\n%%EOF\n")
    return bytes(out)
