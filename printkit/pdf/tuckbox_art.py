"""What the tuck box's front needs to know about the back's artwork: the same drawing with
its words taken out (the front says the title once, on its own plate), the band those words
sat on (the title's plate goes over it), and whether the drawing has a frame (then it is
shown whole rather than cropped to fill the panel)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

_TEXT = re.compile(r"<text\b[^>]*/>|<text\b.*?</text>", re.DOTALL)


def without_words(svg: str) -> str:
    """The drawing with every ``<text>`` element left out."""
    return _TEXT.sub("", svg)


def _root(svg: str) -> ElementTree.Element | None:
    try:
        return ElementTree.fromstring(svg.encode())
    except ElementTree.ParseError:
        return None


def _tag(node: ElementTree.Element) -> str:
    return node.tag.rsplit("}", 1)[-1] if isinstance(node.tag, str) else ""


def _number(node: ElementTree.Element, name: str) -> float | None:
    try:
        return float(node.get(name, ""))
    except ValueError:
        return None


def _in_mm(root: ElementTree.Element) -> bool:
    """Whether the drawing's user units are millimetres (printkit's own drawings are)."""
    box = root.get("viewBox", "").split()
    width = root.get("width", "")
    try:
        return len(box) == 4 and width.endswith("mm") and abs(
            float(width[:-2]) - float(box[2])) < 1e-6
    except ValueError:
        return False


def word_band(svg: str) -> tuple[float, float] | None:
    """The top and bottom (mm down from the trimmed card's top edge) of the band the
    drawing's words sit on: the shortest filled rectangle, narrower than half the card's
    height, that holds a word's baseline; None when the words lie on no band."""
    root = _root(svg)
    if root is None or not _in_mm(root):
        return None
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    bands = [(y, y + h) for node in root.iter() if _tag(node) == "rect"
             and (y := _number(node, "y")) is not None
             and (h := _number(node, "height")) is not None
             and h < height / 2 and node.get("fill", "none") != "none"]
    found: list[tuple[float, float]] = []
    for node in root.iter():
        base = _number(node, "y") if _tag(node) == "text" else None
        if base is not None:
            found += [band for band in bands if band[0] <= base <= band[1]]
    return max(found, key=lambda band: band[1] - band[0]) if found else None


def has_frame(svg: str) -> bool:
    """Whether the drawing has a frame: an unfilled, stroked rectangle inside the card."""
    root = _root(svg)
    return root is not None and any(
        _tag(node) == "rect" and node.get("fill") == "none"
        and node.get("stroke", "none") != "none" for node in root.iter())


def background(svg: str) -> str | None:
    """The colour of the drawing's first rectangle (printkit's backs start with one that
    covers the card), for the room a whole drawing leaves on the panel."""
    root = _root(svg)
    if root is None:
        return None
    first = next((node for node in root.iter() if _tag(node) == "rect"), None)
    colour = first.get("fill", "") if first is not None else ""
    return colour if re.fullmatch(r"#[0-9a-fA-F]{6}", colour) else None


_PLAIN_PATH = re.compile(r"[MLZmlz0-9eE\s.,+-]*")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def _ys(node: ElementTree.Element) -> list[float]:
    """The heights (mm down from the card's top) a small shape reaches, or [] when its
    shape is not one read here (a curve, a relative path, a transform)."""
    tag = _tag(node)
    if node.get("transform"):
        return []
    if tag == "circle":
        cy, radius = _number(node, "cy"), _number(node, "r")
        return [cy - radius, cy + radius] if cy is not None and radius is not None else []
    if tag == "rect" and node.get("fill", "") != "none":
        y, h = _number(node, "y"), _number(node, "height")
        return [y, y + h] if y is not None and h is not None else []
    if tag == "polygon":
        return [float(n) for n in _NUMBER.findall(node.get("points", ""))[1::2]]
    d = node.get("d", "") if tag == "path" else ""
    if d and _PLAIN_PATH.fullmatch(d) and not re.search(r"[mlz]", d):
        return [float(n) for n in _NUMBER.findall(d)[1::2]]
    return []


def shape_spans(svg: str) -> list[tuple[float, float]]:
    """The top and bottom (mm down from the trimmed card's top) of each small shape of the
    drawing (less than a quarter of the card high: a pattern's stars and dots, a band), so
    a plate can end between them rather than across one; [] when the drawing's units are
    not millimetres."""
    root = _root(svg)
    if root is None or not _in_mm(root):
        return []
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    spans = []
    for node in root.iter():
        ys = _ys(node)
        if len(ys) >= 2 and max(ys) - min(ys) < height / 4:
            spans.append((min(ys), max(ys)))
    return spans


def clear_edge(edge: float, spans: list[tuple[float, float]], *, up: bool, most: float,
               gap: float) -> float:
    """A plate's edge moved (up or down, at most to ``most``) until it crosses no shape
    of the pattern, a little clear of the last one it covers, so the plate hides whole
    rows (no star's tip pokes out of it); the edge as it was when that goes too far."""
    moved = edge
    for _ in range(len(spans) + 1):
        crossed = [s for s in spans if s[0] - gap < moved < s[1] + gap]
        if not crossed:
            return moved
        moved = (max(s[1] for s in crossed) + gap if up
                 else min(s[0] for s in crossed) - gap)
        if (moved > most) if up else (moved < most):
            return edge
    return edge
