"""SVG pictures in PDFs: each different picture drawn once into a form of a document, and
that form placed on every face that shows it.

Rendering notes where it placed each large picture (:mod:`printkit.render.picturemarks`).
:func:`lift` finds those groups in a face's text and puts in place of each picture's shapes
an ``<image>`` of the picture's view box that refers to it, keeping the group's placement;
both readers of a face (:mod:`printkit.pdf.svgpdf` and svglib, through
:mod:`printkit.pdf.rasterpdf`) draw that image as the picture's form (:func:`place`).
The form draws the picture as its own SVG (:func:`picture_svg`): its shapes in a group
with the colour and opacity the face's group gave them, so what they inherited there they
inherit in the form.  Its bounding box reaches as far as :mod:`printkit.definition.svgnumbers`
lets a shape reach, so the form clips nothing the face would have shown.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.definition.svgnumbers import REACH
from printkit.pdf.pdfops import number
from printkit.render import picturemarks

PREFIX = "pk-picture:"
"""How a lifted picture is referred to in the face's text."""
_OPENING = '<g transform="translate('
_KEPT = 4096
"""Lifted pictures kept by key for the readers (they hold no shapes of their own)."""


@dataclass(frozen=True)
class PictureRef:
    """A picture lifted out of a face: its shapes, the presentation attributes its group
    gave them, and its view box."""

    key: str
    body: str
    style: str
    view_box: tuple[float, float, float, float]

    @property
    def form_name(self) -> str:
        """The name of the picture's form in a document."""
        return f"pkpicture{self.key[:24]}"

    @property
    def size(self) -> tuple[int, int]:
        """What svglib asks of an image without a size (a lifted image always has one)."""
        return (1, 1)


_LIFTED: OrderedDict[str, PictureRef] = OrderedDict()
LIFTS = 0
"""How many pictures were lifted out of faces in this process (tests count them)."""


def lift(svg: str) -> tuple[str, list[PictureRef]]:
    """``svg`` with each picture rendering noted put apart, and those pictures."""
    global LIFTS
    found: list[PictureRef] = []
    parts: list[str] = []
    start = 0
    position = 0
    while (at := svg.find(_OPENING, position)) >= 0:
        end = svg.find(">", at) + 1
        position = end if end > 0 else len(svg)
        tag = svg[at:end]
        for digest, body, view_box in picturemarks.placed(tag):
            close = end + len(body)
            if not (svg.startswith(body, end) and svg.startswith("</g>", close)):
                continue
            ref = _ref(tag, digest, body, view_box)
            found.append(ref)
            x, y, w, h = (number(v) for v in ref.view_box)
            transform = tag[:tag.index('"', len('<g transform="')) + 1]
            parts.append(svg[start:at])
            parts.append(f'{transform}><image x="{x}" y="{y}" width="{w}" height="{h}" '
                         f'preserveAspectRatio="none" href="{PREFIX}{ref.key}"/></g>')
            start = position = close + len("</g>")
            LIFTS += 1
            break
    if not found:
        return svg, found
    parts.append(svg[start:])
    return "".join(parts), found


def _ref(tag: str, digest: str, body: str,
         view_box: tuple[float, float, float, float]) -> PictureRef:
    """The picture ``body`` placed by ``tag``: its form is one for each different colour
    and opacity its group gives it."""
    style = tag[tag.index('"', len('<g transform="')) + 1:-1].strip()
    key = hashlib.sha256(f"{digest}\n{style}\n{view_box!r}".encode()).hexdigest()
    found = _LIFTED.get(key)
    if found is None:
        found = _LIFTED[key] = PictureRef(key, body, style, view_box)
        while len(_LIFTED) > _KEPT:
            _LIFTED.popitem(last=False)
    else:
        _LIFTED.move_to_end(key)
    return found


def lifted(href: str) -> PictureRef | None:
    """The picture a reference made by :func:`lift` stands for."""
    return _LIFTED.get(href.removeprefix(PREFIX))


def picture_svg(ref: PictureRef) -> str:
    """The picture as an SVG of its own, one point a unit, as its form draws it."""
    x, y, w, h = (number(v) for v in ref.view_box)
    style = f" {ref.style}" if ref.style else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" '
            f'viewBox="{x} {y} {w} {h}"><g{style}>{ref.body}</g></svg>')


def bounds(ref: PictureRef) -> tuple[float, float, float, float]:
    """The form's bounding box: as far as a shape of the drawing may reach."""
    vx, vy, vw, vh = ref.view_box
    reach = REACH * min(vw, vh)
    return (-reach - vx, vh + vy - reach, reach - vx, vh + vy + reach)


def place(canvas: Canvas, ref: PictureRef, x: float, y: float, width: float,
          height: float) -> None:
    """Draw ``ref``'s form (already in ``canvas``'s document) upright in the box at
    (x, y) ``width`` x ``height``, its view box filling the box."""
    vw, vh = ref.view_box[2:]
    canvas._code.append(f"q {number(width / vw)} 0 0 {number(height / vh)} {number(x)} "
                        f"{number(y)} cm /{canvas._doc.getXObjectName(ref.form_name)} Do Q")
    canvas._formsinuse.append(ref.form_name)


def clear() -> None:
    """Forget every picture lifted in this process."""
    _LIFTED.clear()
