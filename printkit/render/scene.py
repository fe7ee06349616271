"""A drawing as a list of simple shapes, and its SVG text.

Diagrams are computed as a :class:`Scene` (rectangles, text, placed card faces and other
drawings such as a card back or a whole board, in millimetres with y running down) so that
each output draws the same thing its own way: SVG for HTML, direct PDF drawing for the
booklet (where card faces become reusable PDF forms).
Every card face comes from :func:`printkit.render.faces.render_face`, the renderer of the
printed cards; an SVG keeps one copy of each distinct face under ``<defs>`` and refers to
it with ``<use>`` wherever that face appears.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape

from printkit import memo
from printkit.definition.model import CardFace
from printkit.render.kinds import render_face
from printkit.render.scenemodel import (
    CardShape,
    PictureShape,
    RectShape,
    Scene,
    Shape,
    TextShape,
)
from printkit.render.svg import FONT_FAMILY, Frame, num


class FaceLibrary:
    """The card faces of one job in one card geometry, each rendered and parsed once.

    Faces are told apart by their key, which is unique within a game's definition.
    """

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self._svg: dict[str, str] = {}
        self._body: dict[str, tuple[str, float]] = {}

    def svg(self, face: CardFace) -> str:
        """The face's SVG text, from its kind's renderer."""
        found = self._svg.get(face.key)
        if found is None:
            found = self._svg[face.key] = render_face(face, self.frame)
        return found

    def body(self, face: CardFace) -> tuple[str, float]:
        """The face's drawing elements and its width (see :func:`face_body`)."""
        found = self._body.get(face.key)
        if found is None:
            found = self._body[face.key] = shared_face_body(self.svg(face))
        return found


def shared_face_body(svg: str) -> tuple[str, float]:
    """:func:`face_body`, worked out once a :func:`printkit.memo.session` for each text."""
    return memo.cached("face-body", svg, lambda: face_body(svg))


def face_body(svg: str) -> tuple[str, float]:
    """The drawing elements of a face's SVG (without title and defs) and its view width."""
    root = ET.fromstring(svg)
    for element in root.iter():
        element.tag = element.tag.rsplit("}", 1)[-1]
    view_width = float(root.attrib["viewBox"].split()[2])
    parts = [ET.tostring(child, encoding="unicode") for child in root
             if child.tag not in ("title", "desc", "defs")]
    return "".join(parts), view_width


def _rect_svg(shape: RectShape) -> str:
    attrs = [f'x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
             f'height="{num(shape.h)}" fill="{shape.fill}"']
    if shape.stroke != "none" and shape.stroke_width > 0:
        attrs.append(f'stroke="{shape.stroke}" stroke-width="{num(shape.stroke_width)}"')
        if shape.dash:
            attrs.append(f'stroke-dasharray="{" ".join(num(d) for d in shape.dash)}"')
    return f"<rect {' '.join(attrs)}/>"


def _text_svg(shape: TextShape) -> str:
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{num(shape.x)}" y="{num(shape.baseline)}" font-family="{FONT_FAMILY}" '
            f'font-size="{num(shape.size)}"{weight} fill="{shape.colour}" '
            f'text-anchor="{shape.anchor}">{escape(shape.text)}</text>')


def scene_svg(scene: Scene, faces: FaceLibrary, *, ident: str) -> str:
    """SVG text of ``scene`` with its card faces from ``faces``.

    ``ident`` prefixes every id, so several scenes can share one HTML page.
    """
    defs: dict[str, tuple[str, str, float]] = {}
    body = []
    for shape in scene.shapes:
        if isinstance(shape, RectShape):
            body.append(_rect_svg(shape))
        elif isinstance(shape, TextShape):
            body.append(_text_svg(shape))
        else:
            key = shape.face.key if isinstance(shape, CardShape) else "picture:" + shape.key
            if key not in defs:
                content, width = (faces.body(shape.face) if isinstance(shape, CardShape)
                                  else face_body(shape.svg))
                defs[key] = (f"{ident}-f{len(defs)}", content, width)
            ref, _, width = defs[key]
            body.append(f'<use xlink:href="#{ref}" transform="translate({num(shape.x)} '
                        f'{num(shape.y)}) scale({num(shape.width / width)})"/>')
    groups = "".join(f'<g id="{ref}">{content}</g>' for ref, content, _ in defs.values())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{num(scene.width)}mm" height="{num(scene.height)}mm" '
        f'viewBox="0 0 {num(scene.width)} {num(scene.height)}">'
        f"<title>{escape(scene.title)}</title><defs>{groups}</defs>{''.join(body)}</svg>"
    )


__all__ = ["CardShape", "FaceLibrary", "PictureShape", "RectShape", "Scene", "Shape", "TextShape",
           "face_body", "scene_svg", "shared_face_body"]
