"""A font file a definition names, checked as deeply as the PDF writer will read it.

The file is untrusted.  fontTools reads a table only when asked and reportlab (which embeds
the font) trusts offsets and counts, so a damaged or hostile file could pass a shallow look
and then make ``build`` fail, or grow to gigabytes, long after ``check`` said it was sound.
So ``check`` reads it three ways before any face is drawn (0.1 s for DejaVu Sans):

1. the OpenType Sanitizer (OTS, the parser web browsers run on every web font) validates
   the whole file, each glyph included;
2. fontTools reads every table printkit and the PDF writer use (each glyph's outline is
   left to OTS: decoding the 6,253 of DejaVu Sans would take fontTools 0.7 s);
3. reportlab parses the file as it will when it embeds it.

fontTools reports what it finds odd through :mod:`logging`; those reports are kept off the
terminal, and an error among them refuses the font.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import os
import subprocess
import warnings
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

REQUIRED_TABLES = ("cmap", "head", "hhea", "hmtx", "glyf")
"""The tables a font must have for printkit to measure and embed it."""
WRITER_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap", "loca", "glyf", "name", "OS/2",
                 "post")
"""The tables reportlab reads to measure, subset and embed a TrueType font."""
SANITIZER_SECONDS = 60
"""How long the sanitizer may take on one file (about 40 ms for DejaVu Sans)."""
_MESSAGE_CHARACTERS = 200


class FontDamaged(ValueError):
    """The font cannot be used safely; the message says why."""


@contextlib.contextmanager
def quiet_font_tools() -> Iterator[list[logging.LogRecord]]:
    """Keep fontTools' log records (and Python warnings) off the terminal while a font is
    read; the records are collected in the list this yields."""
    records: list[logging.LogRecord] = []

    class _Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if len(records) < 100:
                records.append(record)

    logger = logging.getLogger("fontTools")
    handler = _Collect(logging.WARNING)
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield records
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def read_font(data: bytes, path: Path) -> TTFont:
    """The font in ``data`` (read from ``path``), validated by the sanitizer and with every
    table the writer uses read by fontTools; raises :class:`FontDamaged`."""
    with quiet_font_tools() as records:
        try:
            font = TTFont(io.BytesIO(data), lazy=True)  # the table directory only
        except Exception as exc:  # fontTools raises many kinds of error on a damaged file
            raise FontDamaged(f"the font file is damaged or not a font ({_reason(exc)})"
                              ) from None
        missing = [t for t in REQUIRED_TABLES if t not in font]
        if missing:
            raise FontDamaged(f"the font has no {', '.join(missing)} table")
        sanitize(data, path)
        try:
            for tag in WRITER_TABLES:
                if tag in font:
                    font[tag]  # reading the table decompiles it: that is the check
        except Exception as exc:  # fontTools raises many kinds of error on a damaged file
            raise FontDamaged(_damaged(_reason(exc))) from None
    errors = [r for r in records if r.levelno >= logging.ERROR]
    if errors:
        raise FontDamaged(_damaged(errors[0].getMessage()))
    return font


def writer_reads(data: bytes) -> None:
    """Parse ``data`` as reportlab will when it embeds the font; raises
    :class:`FontDamaged` with reportlab's reason.

    This is the last of the checks :mod:`printkit.definition.fonts` makes: bytes it passes are
    kept, and the PDF writer registers the font from them (:func:`verified`), never from
    the file again, which may have changed since."""
    from reportlab.pdfbase.ttfonts import TTFontFile  # the PDF writer: only fonts need it

    with quiet_font_tools():
        try:
            TTFontFile(io.BytesIO(data))
        except Exception as exc:  # reportlab raises several kinds of error on a bad file
            raise FontDamaged(f"the PDF writer cannot embed the font ({_reason(exc)})"
                              ) from None
    digest = hashlib.sha256(data).hexdigest()
    _VERIFIED[digest] = data
    _VERIFIED.move_to_end(digest)
    while sum(len(kept) for kept in _VERIFIED.values()) > VERIFIED_BYTES and len(_VERIFIED) > 1:
        _VERIFIED.popitem(last=False)


VERIFIED_BYTES = 256_000_000
"""The bytes of checked fonts kept for the PDF writer at most (the least recently checked
dropped first; a build checks its definition's fonts just before it draws)."""
_VERIFIED: OrderedDict[str, bytes] = OrderedDict()
"""The bytes of each font that passed every check, by their SHA-256 digest."""


def verified(digest: str) -> bytes | None:
    """The checked bytes of the font whose SHA-256 digest is or starts with ``digest``."""
    found = _VERIFIED.get(digest)
    if found is None:
        found = next((data for key, data in _VERIFIED.items() if key.startswith(digest)),
                     None)
    return found


def sanitize(data: bytes, path: Path) -> None:
    """Run the OpenType Sanitizer on ``data`` (``path`` where no ``/dev/stdin`` exists);
    raises :class:`FontDamaged` if it refuses the file, with the first error it gives."""
    try:
        import ots  # type: ignore[import-untyped]  # opentype-sanitizer, a dependency
    except ImportError:
        raise FontDamaged("the font cannot be checked: the opentype-sanitizer package, which "
                          "printkit needs for fonts, is not installed") from None
    source = "/dev/stdin" if os.name == "posix" else str(path)
    try:
        done = subprocess.run([ots.OTS_SANITIZE, source], input=data,
                              capture_output=True, timeout=SANITIZER_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise FontDamaged(f"the OpenType Sanitizer took more than {SANITIZER_SECONDS} s "
                          "over the file") from None
    except OSError as exc:
        raise FontDamaged(f"the OpenType Sanitizer could not be run ({exc.strerror or exc}):"
                          " reinstall the opentype-sanitizer package") from None
    if done.returncode == 0:
        return
    lines = done.stderr.decode("utf-8", "replace").splitlines()
    found = [line.removeprefix("ERROR: ") for line in lines if line.startswith("ERROR:")]
    reason = found[0] if found else "the file is not a sound TrueType font"
    raise FontDamaged(_damaged(reason))


def _reason(exc: Exception) -> str:
    return _short(str(exc) or type(exc).__name__)


def _short(reason: str) -> str:
    reason = " ".join(reason.split())
    return reason[:_MESSAGE_CHARACTERS] + "..." if len(reason) > _MESSAGE_CHARACTERS else reason


def _damaged(reason: str) -> str:
    return f"the font file is damaged ({_short(reason)})"
