"""SVG path data and shapes as PDF path operators, for :mod:`printkit.pdf.svgpdf`: a
path's commands (arcs and quadratic curves turned into cubic ones), a rectangle with
rounded corners, and the points of a polygon or polyline.  What these do not read raises
:class:`Unsupported`, and the face is handed to svglib instead."""

from __future__ import annotations

import math
import re

from reportlab.lib.rl_accel import fp_str

from printkit.pdf.pdfops import KAPPA

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")


class Unsupported(ValueError):
    """Something :mod:`printkit.pdf.svgpdf` does not draw; svglib reads the SVG instead."""


def _n(value: float) -> str:
    return str(fp_str(value))


def path_code(d: str) -> str:
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
            out += arc_code(x, y, v[0], v[1], v[2], args[3] == "1", args[4] == "1", nx, ny)
        last_cubic, last_quad = cubic, quad
        x, y = nx, ny
    return " ".join(out)


def arc_code(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool,
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


def rect_code(x: float, y: float, w: float, h: float, rx: float, ry: float) -> str:
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


def points_code(text: str, close: bool) -> str:
    values = NUMBER.findall(text)
    if len(values) < 4 or len(values) % 2 or re.sub(r"[\s,]", "", text) != "".join(values):
        raise Unsupported("points")
    pairs = [f"{_n(float(values[i]))} {_n(float(values[i + 1]))}"
             for i in range(0, len(values), 2)]
    return f"{pairs[0]} m " + " ".join(f"{p} l" for p in pairs[1:]) + (" h" if close else "")
