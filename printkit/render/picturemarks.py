"""The SVG pictures a face shows, remembered where they were placed, so that a PDF can draw
each one once and place it on every face that shows it (:mod:`printkit.pdf.svgpictures`).

A face's SVG carries its pictures' shapes inline, so that the SVG file stands alone.  Drawn
as it is, a picture's shapes were read and written again for every face: one picture of
98,000 numbers took about a second a face, and a PDF held a copy for each.  Rendering notes
here the group each picture was placed in (its opening tag, which holds the placement and
the colour the picture takes) and the picture's shapes, however small the picture: each
different picture is stored once in a PDF; the PDF side looks for exactly
that group in the face's text and lifts the shapes out.  A group rendering did not note is
never lifted, so nothing else of a face is ever drawn apart from it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

KEPT_CHARS = 256_000_000
"""Characters of picture shapes remembered at most (the least recently placed forgotten
first: a face whose picture was forgotten is drawn with it inline, the same pixels)."""
KEPT_TAGS = 1_000_000
"""Opening tags remembered at most, likewise."""

_BODIES: OrderedDict[str, str] = OrderedDict()
"""The shapes of each picture placed, by their digest."""
_DIGESTS: dict[str, str] = {}
"""The digest of each picture's shapes, by the shapes (one copy of each)."""
ViewBox = tuple[float, float, float, float]
_TAGS: OrderedDict[str, tuple[tuple[str, ViewBox], ...]] = OrderedDict()
"""The digests and view boxes of the pictures placed in each opening tag."""
_held = 0
_RECORDINGS: list[list[tuple[str, str, ViewBox]]] = []
"""The notes of each :func:`recording` open (the rendering cache keeps them with a face)."""


@contextmanager
def recording() -> Iterator[list[tuple[str, str, ViewBox]]]:
    """Collect every :func:`note` made while the block runs, in order, so that a face taken
    from the rendering cache can be noted again as its drawing was."""
    noted: list[tuple[str, str, ViewBox]] = []
    _RECORDINGS.append(noted)
    try:
        yield noted
    finally:
        _RECORDINGS.remove(noted)


def note(tag: str, body: str, view_box: ViewBox) -> None:
    """Remember that ``body``, the shapes of a drawing of ``view_box``, was placed right
    after the opening tag ``tag`` (and before its ``</g>``)."""
    global _held
    for noted in _RECORDINGS:
        noted.append((tag, body, view_box))
    digest = _DIGESTS.get(body)
    if digest is None:
        digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
        _DIGESTS[body] = digest
        _BODIES[digest] = body
        _held += len(body)
    else:
        _BODIES.move_to_end(digest)
    known = _TAGS.get(tag, ())
    if (digest, view_box) not in known:
        _TAGS[tag] = (*known, (digest, view_box))
    _TAGS.move_to_end(tag)
    while _held > KEPT_CHARS and len(_BODIES) > 1:
        _, dropped = _BODIES.popitem(last=False)
        del _DIGESTS[dropped]
        _held -= len(dropped)
    while len(_TAGS) > KEPT_TAGS:
        _TAGS.popitem(last=False)


def placed(tag: str) -> list[tuple[str, str, ViewBox]]:
    """The pictures (digest, shapes, view box) placed after the opening tag ``tag``."""
    found = []
    for digest, view_box in _TAGS.get(tag, ()):
        body = _BODIES.get(digest)
        if body is not None:
            found.append((digest, body, view_box))
    return found


def clear() -> None:
    """Forget every placement."""
    global _held
    _BODIES.clear()
    _DIGESTS.clear()
    _TAGS.clear()
    _held = 0
