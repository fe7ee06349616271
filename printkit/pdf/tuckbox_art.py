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
