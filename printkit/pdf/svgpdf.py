"""printkit's own SVG drawn straight into a PDF form, without svglib.

svglib reads any SVG, but it builds a tree of reportlab shapes and resolves every style
through its ancestors, about 2 ms for a small card face: for 37 faces that is most of a
deck's PDF.  printkit's renderers write a small, regular subset of SVG (groups with
transforms, rectangles, circles, ellipses, lines, polygons, polylines, paths, one-line
text, the pictures and PNG or JPEG images lifted out of a face, a group clipped to
rectangles, and the presentation attributes below), which this module turns into PDF
operators (:func:`read`, kept per distinct SVG text by :mod:`printkit.pdf.formcache`), then
replays into each document (:func:`draw`): the colours and paths are ready-made operator
text, only the words are encoded per document (each document has its own font subsets) and
each image is stored once in each document that shows it.

Anything else (a style sheet, an image that is not stretched over its box, another clip
path, ``opacity``, a font that is not registered, a unit other than millimetres...) makes
:func:`read` return ``None`` and the caller hands the SVG to svglib, so what this module
does not know is drawn as before.
"""

from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.pdf import rasterpdf, svgpictures
from printkit.pdf.fonts import register_fonts
from printkit.pdf.pdfops import ellipse_path, text_code
from printkit.pdf.svgpaths import NUMBER, Unsupported, path_code, points_code, rect_code
from printkit.units import MM

_path = path_code  # module names the drawing calls through (a test counts paths read)
_rect = rect_code

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
INHERITED = ("fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
             "stroke-linejoin", "stroke-linecap", "stroke-dasharray", "font-family",
             "font-weight", "font-style", "font-size", "text-anchor")
GEOMETRY = {
    "g": (), "rect": ("x", "y", "width", "height", "rx", "ry"), "circle": ("cx", "cy", "r"),
    "ellipse": ("cx", "cy", "rx", "ry"), "line": ("x1", "y1", "x2", "y2"),
    "polygon": ("points",), "polyline": ("points",), "path": ("d",), "text": ("x", "y"),
    "image": ("x", "y", "width", "height", "preserveAspectRatio", "href", XLINK_HREF),
    "clipPath": ("id",),
}
"""Each element drawn, and the attributes of its own it may have besides ``transform``
and the inherited ones."""
ROOT = frozenset(("width", "height", "viewBox", "version", "baseProfile"))
DEFAULTS = {"fill": "#000000", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none",
            "stroke-width": "1", "stroke-opacity": "1", "stroke-linejoin": "miter",
            "stroke-linecap": "butt", "stroke-dasharray": "none", "font-family": "",
            "font-weight": "normal", "font-style": "normal", "font-size": "16",
            "text-anchor": "start"}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
CAPS = {"butt": 0, "round": 1, "square": 2}
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_NUMBER = NUMBER
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_HEX = re.compile(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}")


@dataclass(frozen=True)
class Words:
    """One line of text to set in each document: Tm-positioned, in one font and size."""

    font: str
    size: float
    x: float
    y: float
    text: str


@dataclass(frozen=True)
class Placed:
    """A form of the document (an SVG picture, :mod:`printkit.pdf.svgpictures`) drawn
    through a matrix."""

    name: str
    matrix: str


@dataclass(frozen=True)
class Raster:
    """A PNG or JPEG image lifted out of the SVG (:mod:`printkit.pdf.rasterpdf`, named by
    its digest), stretched over the box at (x, y) ``width`` x ``height`` (y down)."""

    digest: str
    x: float
    y: float
    width: float
    height: float


Step = str | Words | Placed | Raster | tuple[str, float]
"""Operator text, words, a form, an image, or a change of fill (``ca``) or stroke (``CA``)
opacity."""


@dataclass(frozen=True)
class Picture:
    """An SVG read once: its size in points and the steps that draw it."""

    width: float
    height: float
    steps: tuple[Step, ...]


def _n(value: float) -> str:
    return str(fp_str(value))


def _length(text: str) -> float:
    match = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*([a-z]*)\s*", text)
    if match is None or match.group(2) not in UNITS:
        raise Unsupported(f"length {text!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def _number(text: str) -> float:
    if _NUMBER.fullmatch(text.strip()) is None:
        raise Unsupported(f"number {text!r}")
    return float(text)


def _colour(text: str) -> tuple[float, float, float] | None:
    text = text.strip()
    if text == "none":
        return None
    if _HEX.fullmatch(text) is None:
        raise Unsupported(f"colour {text!r}")
    digits = text[1:] if len(text) == 7 else "".join(c * 2 for c in text[1:])
    red, green, blue = (int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return red, green, blue


def _matrix(text: str) -> tuple[float, ...]:
    """The product of an SVG transform list, as PDF's six numbers."""
    total: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    position = 0
    while position < len(text.rstrip()):
        match = _TRANSFORM.match(text, position)
        if match is None:
            raise Unsupported(f"transform {text!r}")
        position = match.end()
        name = match.group(1)
        args = [float(a) for a in _NUMBER.findall(match.group(2))]
        step: tuple[float, ...]
        if name == "matrix" and len(args) == 6:
            step = tuple(args)
        elif name == "translate" and len(args) in (1, 2):
            step = (1.0, 0.0, 0.0, 1.0, args[0], args[1] if len(args) == 2 else 0.0)
        elif name == "scale" and len(args) in (1, 2):
            step = (args[0], 0.0, 0.0, args[-1], 0.0, 0.0)
        elif name == "rotate" and len(args) in (1, 3):
            a = math.radians(args[0])
            cos, sin = math.cos(a), math.sin(a)
            cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        elif name in ("skewX", "skewY") and len(args) == 1:
            t = math.tan(math.radians(args[0]))
            step = (1.0, 0.0, t, 1.0, 0.0, 0.0) if name == "skewX" else (
                1.0, t, 0.0, 1.0, 0.0, 0.0)
        else:
            raise Unsupported(f"transform {text!r}")
        total = _multiply(total, step)
    return total


def _multiply(m: Sequence[float], n: Sequence[float]) -> tuple[float, ...]:
    """``m`` then ``n`` applied inside it (SVG's left-to-right transform lists)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s,
            a * t + c * u + e, b * t + d * u + f)


# --------------------------------------------------------------------------- reading


class _Reader:
    """Walks the element tree, keeping the graphics state the operators have set."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.clips: dict[str, str] = {}
        """The path of each ``<clipPath>`` read so far, by its id."""
        self.state: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []

    def emit(self, step: Step) -> None:
        if isinstance(step, str) and self.steps and isinstance(self.steps[-1], str):
            self.steps[-1] = f"{self.steps[-1]}\n{step}"
        else:
            self.steps.append(step)

    def push(self) -> None:
        self.emit("q")
        self.saved.append(dict(self.state))

    def pop(self) -> None:
        self.emit("Q")
        self.state = self.saved.pop()

    def set(self, key: str, value: object, code: str) -> None:
        if self.state.get(key) != value:
            self.state[key] = value
            if key in ("ca", "CA"):
                assert isinstance(value, float)
                self.steps.append((key, value))
            else:
                self.emit(code)

    def paint(self, style: dict[str, str], path: str, *, closed_fill: bool = True) -> None:
        """Fill and stroke ``path`` as ``style`` says."""
        fill = _colour(style["fill"]) if closed_fill else None
        stroke = _colour(style["stroke"])
        width = _number(style["stroke-width"])
        if stroke is not None and width <= 0:
            stroke = None
        if fill is None and stroke is None:
            return
        if fill is not None:
            self.set("fill", fill, f"{_n(fill[0])} {_n(fill[1])} {_n(fill[2])} rg")
            self.set("ca", _opacity(style["fill-opacity"]), "")
        if stroke is not None:
            self.set("stroke", stroke, f"{_n(stroke[0])} {_n(stroke[1])} {_n(stroke[2])} RG")
            self.set("CA", _opacity(style["stroke-opacity"]), "")
            self.set("width", width, f"{_n(width)} w")
            join, cap = style["stroke-linejoin"], style["stroke-linecap"]
            if join not in JOINS or cap not in CAPS:
                raise Unsupported("line join or cap")
            self.set("join", join, f"{JOINS[join]} j")
            self.set("cap", cap, f"{CAPS[cap]} J")
            dash = style["stroke-dasharray"]
            pattern = "" if dash == "none" else " ".join(
                _n(_number(d)) for d in re.split(r"[\s,]+", dash.strip()))
            self.set("dash", pattern, f"[{pattern}] 0 d")
        odd = "*" if style["fill-rule"] == "evenodd" else ""
        if style["fill-rule"] not in ("nonzero", "evenodd"):
            raise Unsupported("fill rule")
        operator = ("B" + odd) if fill and stroke else ("f" + odd) if fill else "S"
        self.emit(f"{path} {operator}")

    def element(self, node: ET.Element, inherited: dict[str, str]) -> None:
        tag = _tag(node)
        if tag in ("title", "desc"):
            return
        if tag == "defs" and len(node) == 0:
            return
        own = GEOMETRY.get(tag)
        if own is None:
            raise Unsupported(f"element <{tag}>")
        if tag == "clipPath":
            self.clip_path(node)
            return
        style = dict(inherited)
        for name, value in node.attrib.items():
            if name in INHERITED:
                style[name] = value
            elif name not in own and name != "transform" and (name, tag) != ("clip-path", "g"):
                raise Unsupported(f"attribute {name!r} of <{tag}>")
        transform = node.get("transform")
        clip = node.get("clip-path")
        if transform is not None or clip is not None:
            self.push()
        if transform is not None:
            m = _matrix(transform)
            self.emit(" ".join(_n(v) for v in m) + " cm")
        if clip is not None:
            self.emit(f"{self.clip(clip)} W n")
        if tag == "g":
            for child in node:
                self.element(child, style)
        elif len(node):
            raise Unsupported(f"children of <{tag}>")
        else:
            self.shape(tag, node, style)
        if transform is not None or clip is not None:
            self.pop()

    def clip_path(self, node: ET.Element) -> None:
        """Keep a ``<clipPath>`` of rectangles (what a layout's image that covers its box
        is clipped by) for the groups that name it."""
        name = node.get("id", "")
        if not name or set(node.attrib) != {"id"} or name in self.clips:
            raise Unsupported("clipPath")
        paths = []
        for child in node:
            if _tag(child) != "rect" or not set(child.attrib) <= {"x", "y", "width", "height"}:
                raise Unsupported("clipPath")
            x, y, w, h = (_number(child.get(key, "0")) for key in ("x", "y", "width", "height"))
            paths.append(_rect(x, y, max(w, 0.0), max(h, 0.0), 0, 0))
        if not paths:
            raise Unsupported("an empty clipPath")
        self.clips[name] = " ".join(paths)

    def clip(self, reference: str) -> str:
        """The path of the clip ``url(#id)`` names (defined before it)."""
        match = re.fullmatch(r"\s*url\(#([^)]+)\)\s*", reference)
        if match is None or match.group(1) not in self.clips:
            raise Unsupported(f"clip-path {reference!r}")
        return self.clips[match.group(1)]

    def shape(self, tag: str, node: ET.Element, style: dict[str, str]) -> None:
        def get(name: str, default: str = "0") -> float:
            return _number(node.get(name, default))

        if tag == "rect":
            w, h = get("width"), get("height")
            if w <= 0 or h <= 0:
                return
            rx, ry = node.get("rx"), node.get("ry")
            rx_v = _number(rx) if rx is not None else (_number(ry) if ry is not None else 0.0)
            ry_v = _number(ry) if ry is not None else rx_v
            self.paint(style, _rect(get("x"), get("y"), w, h, rx_v, ry_v))
        elif tag == "circle":
            r = get("r")
            if r > 0:
                self.paint(style, ellipse_path(get("cx"), get("cy"), r, r))
        elif tag == "ellipse":
            radius_x, radius_y = get("rx"), get("ry")
            if radius_x > 0 and radius_y > 0:
                self.paint(style, ellipse_path(get("cx"), get("cy"), radius_x, radius_y))
        elif tag == "line":
            self.paint(style, f"{_n(get('x1'))} {_n(get('y1'))} m "
                              f"{_n(get('x2'))} {_n(get('y2'))} l", closed_fill=False)
        elif tag in ("polygon", "polyline"):
            self.paint(style, points_code(node.get("points", ""), tag == "polygon"))
        elif tag == "path":
            path = _path(node.get("d", ""))
            if path:
                self.paint(style, path)
        elif tag == "image":
            self.picture(node)
        else:
            self.text(node, style)

    def picture(self, node: ET.Element) -> None:
        """An SVG picture lifted out of the face, drawn upright in the image's box; or a
        PNG or JPEG image lifted out of it, stretched over the box."""
        href = node.get("href") or node.get(XLINK_HREF) or ""
        x, y, w, h = (_number(node.get(name, "")) for name in ("x", "y", "width", "height"))
        if href.startswith(rasterpdf.PREFIX):
            raster = rasterpdf.lifted(href)
            if raster is None or node.get("preserveAspectRatio") != "none":
                raise Unsupported("an image")
            if w > 0 and h > 0:
                self.steps.append(Raster(raster.digest, x, y, w, h))
            return
        picture = svgpictures.lifted(href)
        if picture is None:  # an image printkit did not write
            raise Unsupported("an image")
        vw, vh = picture.view_box[2:]
        self.steps.append(Placed(picture.form_name,
                                 f"{_n(w / vw)} 0 0 {_n(-h / vh)} {_n(x)} {_n(y + h)}"))

    def text(self, node: ET.Element, style: dict[str, str]) -> None:
        words = re.sub(r"\s+", " ", (node.text or "").replace("\t", " ")).strip()
        if not words:
            return
        font = _font(style["font-family"], style["font-weight"], style["font-style"])
        size = _number(style["font-size"])
        fill = _colour(style["fill"])
        if fill is None:
            return
        anchor = style["text-anchor"]
        if anchor not in ("start", "middle", "end"):
            raise Unsupported(f"text-anchor {anchor!r}")
        x = _number(node.get("x", "0"))
        if anchor != "start":
            width = pdfmetrics.stringWidth(words, font, size)
            x -= width / 2 if anchor == "middle" else width
        self.set("fill", fill, f"{_n(fill[0])} {_n(fill[1])} {_n(fill[2])} rg")
        self.set("ca", _opacity(style["fill-opacity"]), "")
        self.steps.append(Words(font, size, x, _number(node.get("y", "0")), words))


def _opacity(text: str) -> float:
    return min(1.0, max(0.0, _number(text)))


def _tag(node: ET.Element) -> str:
    tag = node.tag if isinstance(node.tag, str) else ""
    if tag.startswith(SVG_NS):
        return tag[len(SVG_NS):]
    if tag.startswith("{"):
        raise Unsupported(f"element {tag}")
    return tag


@functools.lru_cache(maxsize=64)
def _font(family: str, weight: str, style: str) -> str:
    """The registered TrueType font svglib would choose for these attributes."""
    from svglib.svglib import Svg2RlgAttributeConverter  # loaded when drawing begins

    register_fonts()
    name = str(Svg2RlgAttributeConverter().convertFontFamily(family, weight, style))
    try:
        font = pdfmetrics.getFont(name)
    except KeyError:
        raise Unsupported(f"font {family!r}") from None
    if not getattr(font, "_dynamicFont", False):
        raise Unsupported(f"font {family!r} is not embedded TrueType")
    return name


def read(svg: str) -> Picture | None:
    """``svg`` as steps to draw, or ``None`` when it holds what this module does not draw.

    Callers go through :func:`printkit.pdf.formcache.picture`, which keeps the steps: a
    face read for the cut sheets serves the gutter-fold and print-shop PDFs, the booklet,
    and the next build.
    """
    try:
        root = ET.fromstring(svg)
        if _tag(root) != "svg" or any(name not in ROOT for name in root.attrib):
            raise Unsupported("the root element")
        width, height = _length(root.get("width", "")), _length(root.get("height", ""))
        box = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
        if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
            raise Unsupported("viewBox")
        sx, sy = width / box[2], height / box[3]
        if abs(sx - sy) > 1e-6 * sx:
            raise Unsupported("a view box of another shape than the drawing")
        reader = _Reader()
        reader.emit(f"{_n(sx)} 0 0 {_n(-sy)} {_n(-box[0] * sx)} {_n(height + box[1] * sy)} cm")
        for child in root:
            reader.element(child, DEFAULTS)
    except (Unsupported, ET.ParseError, ValueError):
        return None
    return Picture(width, height, tuple(reader.steps))


def draw(canvas: Canvas, picture: Picture) -> None:
    """Append ``picture``'s operators to the canvas's current page or form."""
    code = canvas._code
    states = canvas._extgstate._c  # reportlab's names of graphics states, shared per page
    code.append("q")
    for step in picture.steps:
        if isinstance(step, str):
            code.append(step)
        elif isinstance(step, Words):
            code.append(text_code(canvas, step.font, step.size, step.x, step.y, step.text,
                                  flip=True))
        elif isinstance(step, Raster):  # stored in the document the first time it is drawn
            ref = rasterpdf.lifted(rasterpdf.PREFIX + step.digest)
            if ref is None:  # lifted with the face just now: cannot happen within the limits
                raise ValueError(f"the image {step.digest} is no longer kept")
            rasterpdf.place(canvas, ref, step.x, step.y + step.height, step.width,
                            -step.height)
        elif isinstance(step, Placed):  # stored in the document before the face
            code.append(f"q {step.matrix} cm /{canvas._doc.getXObjectName(step.name)} Do Q")
            canvas._formsinuse.append(step.name)
        else:  # an opacity: the state is named as reportlab's setFillAlpha would name it
            name = states.get(step)
            if name is None:
                name = states[step] = f"gRLs{len(states)}"
            code.append(f"/{name} gs")
    code.append("Q")



