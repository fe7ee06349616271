"""The booklet's pages in the rendering cache, so that an edit to a card's look does not
lay the booklet out again.

Where the booklet's text breaks into pages depends on its words, its diagrams' shapes and
sizes and which card each diagram shows, but not on how a card looks: a face is drawn as a
form scaled into the room its diagram gives it.  The layout is therefore keyed by the
booklet with each card of a diagram written as its key and each picture by its key alone
(:data:`LAYOUT_VIEWS`), and what the layout wrote is kept page by page as recipes
(:mod:`printkit.pdf.pagerecipe`), each under the digest of its content.  After an edit to a
card's artwork the key is the same, the pages are replayed, and only the edited face is
drawn again as a form (from :mod:`printkit.pdf.formcache` for the others): the same bytes
as a fresh layout, which the tests compare.

A recording is kept only when replaying it at once gives exactly the bytes the layout
wrote, and no warning was raised while laying out (a replay would not raise it again).
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable, Iterator
from typing import Any

from printkit import cache
from printkit.booklet.document import Booklet, Diagram
from printkit.booklet.pdfscene import FaceForms
from printkit.cachekey import Unkeyable, code_digest, digest, digest_viewed
from printkit.definition.fontstack import current_stack
from printkit.pdf import pagerecipe
from printkit.pdf.paper import Paper
from printkit.render.scene import CardShape, PictureShape

STEP = "booklet-pages"
"""The cache's name for the booklet's layouts (:attr:`printkit.cache.Counts`)."""
LAYOUT_VIEWS: dict[tuple[str, str, str], Callable[[Any], object]] = {
    ("printkit.render.scenemodel", "CardShape", "face"): lambda face: face.key,
    ("printkit.render.scenemodel", "PictureShape", "svg"): lambda svg: None,
}
"""What the layout's key reads of a diagram's cards: their keys, not their faces."""


def layout_key(booklet: Booklet, page: Paper) -> str | None:
    """The key of ``booklet``'s layout on ``page`` (``None``: it cannot be keyed)."""
    try:
        return digest_viewed(LAYOUT_VIEWS, STEP, code_digest(), current_stack(), booklet,
                             page)
    except Unkeyable:
        return None


Named = list[tuple[str, bytes]]
"""Each page's recipe as JSON, after its name: the digest of that JSON."""


def named(pages: list[list[pagerecipe.Event]]) -> Named:
    """``pages`` as they are kept, each under the digest of its content."""
    return [(digest("booklet-page", packed), packed) for packed in pagerecipe.pack(pages)]


def find(key: str) -> tuple[dict[str, Any], list[list[pagerecipe.Event]], list[str]] | None:
    """The layout kept under ``key``: what it learnt (JSON), its pages' recipes and their
    names."""
    store = cache.active()
    if store is None:
        return None
    found = store.get(key)
    pages: list[list[pagerecipe.Event]] = []
    try:
        if found is None:
            raise LookupError
        head = json.loads(found)
        names = [str(name) for name in head["pages"]]
        for name in names:
            page = store.get(name)
            if page is None:
                raise LookupError
            if digest("booklet-page", page) != name:  # not what its name says: drop it
                store.forget(name)
                raise LookupError
            pages.append(pagerecipe.unpack(page))
    except (LookupError, ValueError, TypeError):
        store.counts.count(STEP, False)
        return None
    store.counts.count(STEP, True)
    return head["layout"], pages, names


def keep(key: str, layout: dict[str, Any], pages: Named) -> None:
    """Keep each of ``pages`` under its name, and the layout under ``key``."""
    store = cache.active()
    if store is None:
        return
    for name, packed in pages:
        if store.get(name) is None:  # named by its content: kept once
            store.put(name, packed)
    store.put(key, json.dumps({"layout": layout, "pages": [name for name, _ in pages]}
                              ).encode())


class _Faces:
    """Stores a face of a booklet by key as its layout did (:class:`FaceForms`), noting the
    digest of each form's drawing; :class:`~printkit.pdf.pagerecipe.Stale` for a key two
    diagrams draw differently."""

    def __init__(self, booklet: Booklet) -> None:
        self.sources: dict[str, Callable[[], str] | None] = {}
        seen: dict[str, object] = {}
        for diagram in _diagrams(booklet):
            for shape in diagram.scene.shapes:
                what: object
                if isinstance(shape, CardShape):
                    key, what = shape.face.key, (shape.face, diagram.faces.frame)
                    source: Callable[[], str] = _face_svg(diagram, shape)
                elif isinstance(shape, PictureShape):
                    key, what = "picture:" + shape.key, shape.svg
                    source = _fixed(shape.svg)
                else:
                    continue
                if key not in seen:
                    seen[key], self.sources[key] = what, source
                elif seen[key] != what:
                    self.sources[key] = None
        self.forms = FaceForms()
        self.drawn: dict[str, str] = {}
        """Form name -> digest of the SVG it draws."""

    def store(self, canvas: Any, key: str) -> tuple[float, float]:
        source = self.sources.get(key)
        if source is None:
            raise pagerecipe.Stale(f"no single drawing of {key}")
        svg = source()
        form = self.forms.form(canvas, key, _fixed(svg))
        self.drawn[form.name] = digest("svg", svg)
        return form.width, form.height


def _face_svg(diagram: Diagram, shape: CardShape) -> Callable[[], str]:
    return lambda: diagram.faces.svg(shape.face)


def _fixed(svg: str) -> Callable[[], str]:
    return lambda: svg


def _diagrams(value: object) -> Iterator[Diagram]:
    """Every diagram inside ``value`` (a booklet's blocks, its cover), in order."""
    if isinstance(value, Diagram):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from _diagrams(getattr(value, item.name))
    elif isinstance(value, (tuple, list)):
        for part in value:
            yield from _diagrams(part)


def replayed(pages: list[list[pagerecipe.Event]], names: list[str], canvas: Any,
             booklet: Booklet) -> tuple[bytes, tuple[str, ...]]:
    """The document ``pages`` (named ``names``, see :func:`named`) make on ``canvas``
    (writing into a ``BytesIO``), saved, and a key for the look of each page: its recipe,
    the drawings of the faces it shows, the booklet's fonts and the code.  Pages of two
    documents with the same key look the same (their words may take other codes), so the
    preview draws such a page once (:func:`printkit.preview.kitview.pdf_pages`)."""
    faces = _Faces(booklet)
    pagerecipe.replay(pages, canvas, faces.store)
    target: io.BytesIO = canvas._filename
    canvas.save()
    shared = (code_digest(), booklet.fonts, canvas._pagesize)
    keys = tuple(digest("booklet-page-look", shared, name,
                        [faces.drawn.get(form, form) for form in events[-1][2]])
                 for name, events in zip(names, pages, strict=True))
    return target.getvalue(), keys
