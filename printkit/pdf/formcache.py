"""Forms read once: the drawing :mod:`printkit.pdf.svgpdf` makes of a face's SVG, kept in
this process and in the rendering cache (:mod:`printkit.cache`), so that a build after a
one-card edit reads that card's SVG again and no other.

What is kept is a recipe, not a form's bytes: a form's text is written in the font subsets
of the document that holds it, and a subset numbers its characters in the order a document
first uses them, so the same words take other codes in another document.  A recipe
(:class:`~printkit.pdf.svgpdf.Picture`) holds the ready operator text of the paths and
colours, and each line of text as its font, size, position and words, encoded for the
document only when it is replayed (:func:`printkit.pdf.svgpdf.draw`).  Replaying a recipe
from the cache calls reportlab exactly as replaying one just read does, so the bytes are the
same with the cache, without it, and from a fresh process.

A recipe is keyed by the SVG text as the PDF writer reads it (its pictures and images
already lifted out and named by the digest of their content, :mod:`printkit.pdf.svgpictures`,
:mod:`printkit.pdf.rasterpdf`) and by the code that reads it.  An SVG that svgpdf does not
read is kept as such, and svglib reads it once in each process that draws it
(:mod:`printkit.pdf.pdfcanvas`).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from printkit import cache
from printkit.cachekey import code_digest
from printkit.pdf import svgpdf
from printkit.pdf.svgpdf import Picture, Placed, Raster, Step, Words

KEPT = 2048
"""Recipes kept in this process (the least recently used forgotten first)."""
_KEPT: OrderedDict[str, Picture | None] = OrderedDict()
_LOCK = threading.Lock()
CONVERTED = 0
"""SVG texts this process turned into drawing steps, read by svgpdf or by svglib (tests
and the bench count them; a recipe found in the cache is not counted)."""


def picture(svg: str) -> Picture | None:
    """The steps that draw ``svg`` (``None``: svgpdf does not read it), kept in this process
    and, inside a cache session, on disk."""
    with _LOCK:  # the preview's threads may draw at once
        if svg in _KEPT:
            _KEPT.move_to_end(svg)
            return _KEPT[svg]
    if cache.active() is None:
        made = _read(svg)
    else:
        try:
            made = unpack(cache.cached_bytes("form", (code_digest(), svg),
                                             lambda: pack(_read(svg))))
        except ValueError:  # a sound entry, yet no recipe: read the SVG again
            made = _read(svg)
    with _LOCK:
        _KEPT[svg] = made
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return made


def counted_conversion() -> None:
    """Count an SVG read by svglib (the other way of turning one into drawing)."""
    global CONVERTED
    CONVERTED += 1


def _read(svg: str) -> Picture | None:
    global CONVERTED
    CONVERTED += 1
    return svgpdf.read(svg)


def clear() -> None:
    """Forget every recipe kept in this process (the disk cache keeps its own)."""
    with _LOCK:
        _KEPT.clear()


def pack(found: Picture | None) -> bytes:
    """``found`` as JSON (numbers written as Python writes them back exactly)."""
    if found is None:
        return b"null"
    steps: list[list[object]] = []
    for step in found.steps:
        if isinstance(step, str):
            steps.append(["c", step])
        elif isinstance(step, Words):
            steps.append(["w", step.font, step.size, step.x, step.y, step.text])
        elif isinstance(step, Placed):
            steps.append(["p", step.name, step.matrix])
        elif isinstance(step, Raster):
            steps.append(["r", step.digest, step.x, step.y, step.width, step.height])
        else:
            steps.append(["a", step[0], step[1]])
    return json.dumps([found.width, found.height, steps], ensure_ascii=True).encode()


def unpack(payload: bytes) -> Picture | None:
    """The recipe :func:`pack` wrote; raises ``ValueError`` on anything else."""
    value = json.loads(payload)
    if value is None:
        return None
    try:
        width, height, raw = value
        steps: list[Step] = []
        for item in raw:
            tag = item[0]
            if tag == "c":
                steps.append(str(item[1]))
            elif tag == "w":
                _, font, size, x, y, text = item
                steps.append(Words(str(font), float(size), float(x), float(y), str(text)))
            elif tag == "p":
                steps.append(Placed(str(item[1]), str(item[2])))
            elif tag == "r":
                _, digest, x, y, wide, high = item
                steps.append(Raster(str(digest), float(x), float(y), float(wide), float(high)))
            elif tag == "a" and item[1] in ("ca", "CA"):
                steps.append((str(item[1]), float(item[2])))
            else:
                raise ValueError(f"no step {tag!r}")
        return Picture(float(width), float(height), tuple(steps))
    except (TypeError, IndexError) as error:
        raise ValueError("not a form recipe") from error
