"""printkit's own SVG drawn straight into a PDF form, without svglib.

svglib reads any SVG, but it builds a tree of reportlab shapes and resolves every style
through its ancestors, about 2 ms for a small card face: for 37 faces that is most of a
deck's PDF.  printkit's renderers write a small, regular subset of SVG (groups with
transforms, rectangles, circles, ellipses, lines, polygons, polylines, paths, one-line
text, and the presentation attributes below), which this module turns into PDF operators
(:func:`read`, kept per distinct SVG text by :mod:`printkit.pdf.formcache`), then replays
into each document (:func:`draw`): the colours and paths are ready-made operator text, only
the words are encoded per document (each document has its own font subsets).

Anything else (a style sheet, an image, a clip path, ``opacity``, a font that is not
registered, a unit other than millimetres...) makes :func:`read` return ``None`` and the
caller hands the SVG to svglib, so what this module does not know is drawn as before.
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

from printkit.pdf import svgpictures
from printkit.pdf.fonts import register_fonts
from printkit.pdf.pdfops import KAPPA, ellipse_path, text_code
from printkit.units import MM

SVG_NS = "{http://www.w3.org/2000/svg}"
INHERITED = ("fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
             "stroke-linejoin", "stroke-linecap", "stroke-dasharray", "font-family",
             "font-weight", "font-style", "font-size", "text-anchor")
GEOMETRY = {
    "g": (), "rect": ("x", "y", "width", "height", "rx", "ry"), "circle": ("cx", "cy", "r"),
    "ellipse": ("cx", "cy", "rx", "ry"), "line": ("x1", "y1", "x2", "y2"),
    "polygon": ("points",), "polyline": ("points",), "path": ("d",), "text": ("x", "y"),
    "image": ("x", "y", "width", "height", "preserveAspectRatio", "href"),
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
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_HEX = re.compile(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}")


class Unsupported(ValueError):
    """Something this module does not draw; svglib reads the SVG instead."""


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


Step = str | Words | Placed | tuple[str, float]
"""Operator text, words, a form, or a change of fill (``ca``) or stroke (``CA``) opacity."""


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


# --------------------------------------------------------------------------- paths


def _path(d: str) -> str:
    """SVG path data as PDF path operators (arcs and quadratics become cubic curves)."""
    tokens = _TOKEN.findall(d)
    if "".join(tokens).replace(" ", "") != re.sub(r"[\s,]+", "", d):
        raise Unsupported("path data")
    out: list[str] = []
    x = y = sx = sy = 0.0
    last_cubic: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                out.append("h")
                x, y = sx, sy
                last_cubic = last_quad = None
                continue
        elif not command or command in "Zz":
            raise Unsupported("path data")
        count = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7}[
            command.upper()]
        args = tokens[i:i + count]
        if len(args) < count or any(a.isalpha() for a in args):
            raise Unsupported("path data")
        i += count
        v = [float(a) for a in args]
        rel = command.islower()
        up = command.upper()
        if up in "MLT":
            nx, ny = (x + v[0], y + v[1]) if rel else (v[0], v[1])
        elif up == "H":
            nx, ny = (x + v[0] if rel else v[0]), y
        elif up == "V":
            nx, ny = x, (y + v[0] if rel else v[0])
        else:
            nx, ny = (x + v[-2], y + v[-1]) if rel else (v[-2], v[-1])
        same = not rel and up in "ML" and all(_PLAIN.fullmatch(a) for a in args)
        point = f"{args[0]} {args[1]}" if same else f"{_n(nx)} {_n(ny)}"
        cubic: tuple[float, float] | None = None
        quad: tuple[float, float] | None = None
        if up == "M":
            out.append(f"{point} m")
            sx, sy = nx, ny
            command = "l" if rel else "L"  # further pairs are lines
        elif up in "LHV":
            out.append(f"{point} l")
        elif up in "CS":
            if up == "C":
                c1 = (x + v[0], y + v[1]) if rel else (v[0], v[1])
                c2 = (x + v[2], y + v[3]) if rel else (v[2], v[3])
            else:
                c1 = (2 * x - last_cubic[0], 2 * y - last_cubic[1]) if last_cubic else (x, y)
                c2 = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            out.append(f"{_n(c1[0])} {_n(c1[1])} {_n(c2[0])} {_n(c2[1])} {point} c")
            cubic = c2
        elif up in "QT":
            if up == "Q":
                control = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            else:
                control = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
            c1 = (x + 2 / 3 * (control[0] - x), y + 2 / 3 * (control[1] - y))
            c2 = (nx + 2 / 3 * (control[0] - nx), ny + 2 / 3 * (control[1] - ny))
            out.append(f"{_n(c1[0])} {_n(c1[1])} {_n(c2[0])} {_n(c2[1])} {point} c")
            quad = control
        else:
            if args[3] not in ("0", "1") or args[4] not in ("0", "1"):
                raise Unsupported("arc flags")
            out += _arc(x, y, v[0], v[1], v[2], args[3] == "1", args[4] == "1", nx, ny)
        last_cubic, last_quad = cubic, quad
        x, y = nx, ny
    return " ".join(out)


def _arc(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool,
         sweep: bool, x2: float, y2: float) -> list[str]:
    """An elliptical arc as cubic Béziers (SVG implementation notes, F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [f"{_n(x2)} {_n(y2)} l"]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = (px / rx) ** 2 + (py / ry) ** 2
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    root = math.sqrt(max(0.0, num / (rx * rx * py * py + ry * ry * px * px)))
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * py / ry, -root * ry * px / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle_of(ux: float, uy: float) -> float:
        return math.atan2(uy, ux)

    start = angle_of((px - cxp) / rx, (py - cyp) / ry)
    delta = angle_of((-px - cxp) / rx, (-py - cyp) / ry) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    out = []

    def at(t: float) -> tuple[float, float, float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        tx, ty = -rx * math.sin(t), ry * math.cos(t)
        return (cx + cos * ex - sin * ey, cy + sin * ex + cos * ey,
                cos * tx - sin * ty, sin * tx + cos * ty)

    for piece in range(pieces):
        a, b = start + piece * step, start + (piece + 1) * step
        ax, ay, adx, ady = at(a)
        bx, by, bdx, bdy = at(b)
        if piece == pieces - 1:
            bx, by = x2, y2
        out.append(f"{_n(ax + k * adx)} {_n(ay + k * ady)} {_n(bx - k * bdx)} "
                   f"{_n(by - k * bdy)} {_n(bx)} {_n(by)} c")
    return out


def _rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> str:
    if rx <= 0 or ry <= 0:
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    kx, ky = rx * KAPPA, ry * KAPPA
    p = _n
    r, b = x + w, y + h
    return (f"{p(x + rx)} {p(y)} m {p(r - rx)} {p(y)} l "
            f"{p(r - rx + kx)} {p(y)} {p(r)} {p(y + ry - ky)} {p(r)} {p(y + ry)} c "
            f"{p(r)} {p(b - ry)} l "
            f"{p(r)} {p(b - ry + ky)} {p(r - rx + kx)} {p(b)} {p(r - rx)} {p(b)} c "
            f"{p(x + rx)} {p(b)} l "
            f"{p(x + rx - kx)} {p(b)} {p(x)} {p(b - ry + ky)} {p(x)} {p(b - ry)} c "
            f"{p(x)} {p(y + ry)} l "
            f"{p(x)} {p(y + ry - ky)} {p(x + rx - kx)} {p(y)} {p(x + rx)} {p(y)} c h")


def _points(text: str, close: bool) -> str:
    values = _NUMBER.findall(text)
    if len(values) < 4 or len(values) % 2 or re.sub(r"[\s,]", "", text) != "".join(values):
        raise Unsupported("points")
    pairs = [f"{_n(float(values[i]))} {_n(float(values[i + 1]))}"
             for i in range(0, len(values), 2)]
    return f"{pairs[0]} m " + " ".join(f"{p} l" for p in pairs[1:]) + (" h" if close else "")


# --------------------------------------------------------------------------- reading


class _Reader:
    """Walks the element tree, keeping the graphics state the operators have set."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
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
        style = dict(inherited)
        for name, value in node.attrib.items():
            if name in INHERITED:
                style[name] = value
            elif name not in own and name != "transform":
                raise Unsupported(f"attribute {name!r} of <{tag}>")
        transform = node.get("transform")
        if transform is not None:
            self.push()
            m = _matrix(transform)
            self.emit(" ".join(_n(v) for v in m) + " cm")
        if tag == "g":
            for child in node:
                self.element(child, style)
        elif len(node):
            raise Unsupported(f"children of <{tag}>")
        else:
            self.shape(tag, node, style)
        if transform is not None:
            self.pop()

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
            self.paint(style, _points(node.get("points", ""), tag == "polygon"))
        elif tag == "path":
            path = _path(node.get("d", ""))
            if path:
                self.paint(style, path)
        elif tag == "image":
            self.picture(node)
        else:
            self.text(node, style)

    def picture(self, node: ET.Element) -> None:
        """An SVG picture lifted out of the face, drawn upright in the image's box."""
        picture = svgpictures.lifted(node.get("href", ""))
        if picture is None:  # a raster image, or an image printkit did not write
            raise Unsupported("an image")
        x, y, w, h = (_number(node.get(name, "")) for name in ("x", "y", "width", "height"))
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
        elif isinstance(step, Placed):  # stored in the document before the face
            code.append(f"q {step.matrix} cm /{canvas._doc.getXObjectName(step.name)} Do Q")
            canvas._formsinuse.append(step.name)
        else:  # an opacity: the state is named as reportlab's setFillAlpha would name it
            name = states.get(step)
            if name is None:
                name = states[step] = f"gRLs{len(states)}"
            code.append(f"/{name} gs")
    code.append("Q")



