"""SVG drawings from a definition's folder (icons, vector images), reduced to plain shapes
that can be placed inside a card face.

The file is untrusted: a document type (and so any entity) is refused, only shapes,
groups and presentation attributes are kept, and every kept value is checked against a
small alphabet, so nothing in the output can run, fetch or refer to anything; its numbers,
and the work of drawing them, are checked by :mod:`printkit.definition.svgnumbers`.  What would
change the picture but cannot be kept (text, embedded images, gradients, clipping...) is an
error naming the element, never silently dropped; what does not change the picture
(editor metadata, ids, titles) is left out.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from printkit import limits
from printkit.definition import svgnumbers
from printkit.definition.svgcolours import COLOUR_ATTRIBUTES, colour_problem, written_colour
from printkit.definition.svgnumbers import IDENTITY, Box, Matrix, SvgRefused, Work

SVG_NS = "{http://www.w3.org/2000/svg}"
SHAPES = ("g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
_SKIPPED = ("title", "desc", "metadata")
_ATTRIBUTES = (
    "d", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2",
    "points", "transform", "fill", "stroke", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
    "fill-rule", "fill-opacity", "stroke-opacity", "opacity",
)
_PRESENTATION = tuple(a for a in _ATTRIBUTES if a.startswith(("fill", "stroke", "opacity")))
_UNSUPPORTED = ("clip-path", "mask", "filter", "marker", "marker-start", "marker-mid",
                "marker-end")
_VALUE = re.compile(r"[-+.,0-9A-Za-z#%() \t\r\n]*")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_VIEWBOX = re.compile(rf"\s*({_NUMBER})[\s,]+({_NUMBER})[\s,]+({_NUMBER})[\s,]+({_NUMBER})\s*")
_LENGTH = re.compile(rf"\s*({_NUMBER})\s*(px)?\s*")
PATH_DATA = re.compile(r"[MmZzLlHhVvCcSsQqTtAa0-9eE.,+\- \t\r\n]+")
"""What path data may hold."""
__all__ = ["Drawing", "SvgRefused", "parse_view_box", "path_drawing", "read_drawing"]


@dataclass(frozen=True)
class Drawing:
    """Plain shapes and the view box they are drawn in."""

    view_box: tuple[float, float, float, float]
    body: str
    """SVG elements (groups and shapes only), ready to place inside a face."""
    numbers: int = 0
    """The numbers of its shapes (path data, points, lengths, transforms): its work."""

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.view_box[2] / self.view_box[3]


def parse_view_box(text: str) -> tuple[float, float, float, float]:
    """``"0 0 24 24"`` as four numbers; raises :class:`SvgRefused`."""
    match = _VIEWBOX.fullmatch(text)
    if match is None:
        raise SvgRefused(f"{text!r} is not a view box: write four numbers, "
                         "'MIN-X MIN-Y WIDTH HEIGHT', such as '0 0 24 24'")
    x, y, w, h = (float(v) for v in match.groups())
    if w <= 0 or h <= 0:
        raise SvgRefused("a view box needs a width and a height above zero")
    svgnumbers.view_box(x, y, w, h)
    return x, y, w, h


def path_drawing(data: str, view_box: str) -> Drawing:
    """A drawing of one filled path (an icon written inline in the definition)."""
    if not data.strip():
        raise SvgRefused("the path data is empty: give the outline, starting with 'M'")
    if not PATH_DATA.fullmatch(data):
        bad = next(c for c in data if not PATH_DATA.fullmatch(c))
        raise SvgRefused(f"{bad!r} cannot appear in SVG path data")
    if not re.match(r"\s*[Mm]", data):
        raise SvgRefused("SVG path data starts with 'M' (move to)")
    box = parse_view_box(view_box)
    work = Work()
    svgnumbers.shape("path", {"d": data}, IDENTITY, 0.0, Box(box[2], box[3]), work)
    return Drawing(box, f'<path d="{" ".join(data.split())}"/>', work.used)


def read_drawing(data: bytes) -> Drawing:
    """The shapes of an SVG file; raises :class:`SvgRefused`."""
    head = data[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in data.lower():
        raise SvgRefused("the file declares a document type or entities, which printkit "
                         "does not read: export it as plain SVG")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        line, column = exc.position
        raise SvgRefused(f"not well-formed XML at line {line}, column {column + 1}") from None
    if _local(root.tag) != "svg" or not _is_svg(root.tag):
        raise SvgRefused("the file is not an SVG drawing (its root is not <svg>)")
    view_box = _root_view_box(root)
    walk = _Walk(Box(view_box[2], view_box[3]), Work())
    values = _values(root, _PRESENTATION)
    _check_colours("svg", root, _style(root.get("style", "")))
    matrix, strokes = svgnumbers.shape("svg", values, IDENTITY, 0.0, walk.box, walk.work)
    inner = "".join(_element(child, walk, 1, matrix, strokes) for child in root)
    wrapper = _written(values, _PRESENTATION)
    body = f"<g{wrapper}>{inner}</g>" if wrapper else inner
    return Drawing(view_box, body, walk.work.used)


@dataclass
class _Walk:
    """What reading one drawing has counted so far."""

    box: Box
    work: Work
    elements: int = 0


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _is_svg(tag: str) -> bool:
    return tag.startswith(SVG_NS) or not tag.startswith("{")


def _root_view_box(root: ET.Element) -> tuple[float, float, float, float]:
    text = root.get("viewBox")
    if text is not None:
        return parse_view_box(text)
    width, height = root.get("width", ""), root.get("height", "")
    sizes = [_LENGTH.fullmatch(v) for v in (width, height)]
    if sizes[0] is None or sizes[1] is None:
        raise SvgRefused("the drawing has no viewBox (and no plain width and height): add "
                         "viewBox=\"0 0 W H\" to its <svg> element")
    return parse_view_box(f"0 0 {sizes[0].group(1)} {sizes[1].group(1)}")


def _element(node: ET.Element, walk: _Walk, depth: int, parent: Matrix,
             inherited: float) -> str:
    if not isinstance(node.tag, str) or not _is_svg(node.tag):
        return ""  # comments, processing instructions, editors' own elements
    name = _local(node.tag)
    if name in _SKIPPED or (name == "defs" and len(node) == 0):
        return ""
    if name not in SHAPES:
        raise SvgRefused(f"the drawing uses <{name}>, which printkit does not place: keep "
                         "to shapes (path, rect, circle, ellipse, line, polyline, polygon) "
                         "and groups, with text turned into paths")
    walk.elements += 1
    bound = limits.current()
    if walk.elements > bound.svg_elements:
        raise SvgRefused(limits.beyond("svg-elements", "the drawing has too many elements",
                                       "elements"))
    if depth > bound.svg_depth:
        raise SvgRefused(limits.beyond("svg-depth", "the drawing's groups nest too deeply",
                                       "levels"))
    style = _style(node.get("style", ""))
    if style.get("display") == "none" or node.get("display") == "none":
        return ""
    for attribute in _UNSUPPORTED:
        if attribute in node.attrib or attribute in style:
            raise SvgRefused(f"<{name}> uses {attribute}, which printkit does not support in "
                             "placed drawings")
    values = _values(node, _ATTRIBUTES, style)
    _check_colours(name, node, style)
    matrix, strokes = svgnumbers.shape(name, values, parent, inherited, walk.box, walk.work)
    attributes = _written(values, _ATTRIBUTES)
    children = "".join(_element(child, walk, depth + 1, matrix, strokes) for child in node)
    if name == "g":
        return f"<g{attributes}>{children}</g>" if children else ""
    return f"<{name}{attributes}/>"


def _check_colours(name: str, node: ET.Element, style: dict[str, str]) -> None:
    """Refuse a colour of ``node`` (attribute or style declaration) that the PDF writer
    cannot paint (:mod:`printkit.definition.svgcolours`)."""
    for key in COLOUR_ATTRIBUTES:
        for where, given in (("", node.get(key)), (" in its style", style.get(key))):
            if given is None:
                continue
            value = " ".join(given.split())
            problem = colour_problem(value)
            if problem is not None:
                raise SvgRefused(f"<{name}> {key}{where} {value[:40]!r} {problem}")


def _style(text: str) -> dict[str, str]:
    """The declarations of a ``style`` attribute (``fill:#000;stroke:none``)."""
    result = {}
    for declaration in text.split(";"):
        key, sep, value = declaration.partition(":")
        if sep:
            result[key.strip().lower()] = value.strip()
    return result


def _values(node: ET.Element, allowed: tuple[str, ...],
            style: dict[str, str] | None = None) -> dict[str, str]:
    """The allowed attributes of ``node`` (its ``style`` declarations included), each with
    its spaces made single and its characters checked."""
    values = {k: v for k, v in node.attrib.items() if k in allowed}
    for key, value in (style or {}).items():
        if key in allowed:
            values[key] = value
    checked = {}
    for key in allowed:
        if key not in values:
            continue
        value = " ".join(values[key].split())
        if key in COLOUR_ATTRIBUTES:  # an opaque CSS colour is kept as #rrggbb
            value = written_colour(value)
        if len(value) > limits.current().text:
            raise SvgRefused(limits.over("text", len(value), "characters") + f" in {key}")
        if not _VALUE.fullmatch(value) or "url(" in value.lower():
            raise SvgRefused(f"the value of {key} ({value[:40]!r}) refers to something "
                             "printkit does not place, such as a gradient: use plain colours")
        checked[key] = value
    return checked


def _written(values: dict[str, str], allowed: tuple[str, ...]) -> str:
    """``values`` as SVG attributes, in the order of ``allowed``."""
    return "".join(f' {key}="{values[key]}"' for key in allowed if key in values)
