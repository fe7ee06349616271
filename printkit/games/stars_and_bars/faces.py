"""The cards of Stars and Bars, drawn from their attributes, whatever the deck's table.

A card shows its attributes so that a child sees every difference at a glance, in colour
or in grey: the *shape* is the symbol (a star or a bar, or another shape a teacher's deck
names), the *number* how many symbols stand on the card, the *size* how big they are
(the same size means the same height on every card, however many share it), and the
*colour* both the ink and the filling (solid, stripes, dots...), so two cards that differ
only in colour still differ in grey print.  A line of words along the bottom (and turned
round along the top, for the player across the table) names every value, and any
attribute printkit does not know how to draw is printed there as ``name: value``.

The deck's attribute table is the rules engine's parameter ``attributes``; the shipped
definition hands the same rows to the faces' ``generate``, ``count`` and options with
``{parameter: attributes}`` (and ``copies``), so a variant or ``--set`` that changes the
table changes the cards too, and every card knows the order of each attribute's values
(the first colour is solid, the second striped...).  A definition that writes the values
out instead must list the same ones and the engine's ``copies``: a disagreement is an
error at the line that wrote it.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import JSON, Checker, Colour, Flag, Node, Text, shown
from printkit.games.stars_and_bars.state import StarsAndBarsParams, read_attributes
from printkit.games.stars_and_bars.symbols import (
    PATTERNS,
    SHAPE_WORDS,
    Placed,
    aspect,
    dots,
    hatch,
)
from printkit.render.kinds import FaceKind
from printkit.render.svg import CAP_HEIGHT, FONT_FAMILY, Box, Frame, fill_bleed, new_drawing, num
from printkit.render.svgtext import svg_text
from printkit.yamlsource import PathKey

Table = tuple[tuple[str, tuple[str, ...]], ...]
"""The deck's attributes: each name with its values (lower case, codes left off)."""

ROLES = {"shape": "shape", "form": "shape", "symbol": "shape", "colour": "colour",
         "color": "colour", "size": "size", "number": "number", "count": "number",
         "quantity": "number"}
"""The attribute names a card draws (every other attribute is printed in words)."""
NUMBER_WORDS = {word: i for i, word in enumerate(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"), start=1)}
MOST_SYMBOLS = 9
SIZE_WORDS = {"large": 1.0, "big": 1.0, "medium": 0.72, "middle": 0.72, "small": 0.5,
              "little": 0.5, "tiny": 0.38}
COLOUR_WORDS = {"red": "#d7263d", "blue": "#1f5fbf", "green": "#2e8b3a", "yellow": "#d9a400",
                "orange": "#e06c00", "purple": "#6a3d9a", "black": "#222222",
                "grey": "#7a7a7a", "gray": "#7a7a7a", "pink": "#d9478f", "brown": "#8b5a2b"}
"""Colours by name; a colour word not listed takes the next of these in turn."""
_FALLBACK_COLOURS = tuple(dict.fromkeys(COLOUR_WORDS.values()))
_FALLBACK_SHAPES = ("circle", "triangle", "square", "diamond", "hexagon", "cross")
_ADVANCE = {**dict.fromkeys("0123456789", 0.696), "a": 0.675, "b": 0.716, "c": 0.593,
            "d": 0.716, "e": 0.678, "f": 0.435, "g": 0.716, "h": 0.712, "i": 0.343,
            "j": 0.343, "k": 0.665, "l": 0.343, "m": 1.042, "n": 0.712, "o": 0.687,
            "p": 0.716, "q": 0.716, "r": 0.493, "s": 0.595, "t": 0.478, "u": 0.712,
            "v": 0.652, "w": 0.924, "x": 0.645, "y": 0.652, "z": 0.582, " ": 0.348,
            "\u00b7": 0.38, "-": 0.415, ":": 0.4}
"""Advance widths of Bitstream Vera Bold (lower case), as fractions of the font size;
any other character is taken as 1.0, wider than any."""
SEPARATOR = "  \u00b7  "


def words_width(text: str, size: float) -> float:
    """The printed width of ``text`` at ``size``."""
    return sum(_ADVANCE.get(c, 1.0) for c in text) * size


DEFAULT_TABLE: Table = tuple((a.name, a.values)
                             for a in read_attributes(StarsAndBarsParams().attributes))
"""The rules' own default table (the reconstruction of the spec)."""


# --------------------------------------------------------------------------- the deck table


class DeckTable(Node):
    """The rules' attribute table (rows of name, values...), checked by the engine's own
    reader, and checked against the face group whose options give it."""

    description = ("the deck's attributes, as the rules' parameter 'attributes': one row per "
                   "attribute, its name then its values (a value may end ':x' to set its code)")

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, list) or not all(
                isinstance(row, list) and all(isinstance(v, (str, int)) and not isinstance(
                    v, bool) for v in row) for row in value):
            checker.fail(path, f"expected rows such as [colour, red, blue], found {shown(value)}")
            return None
        try:
            attributes = read_attributes(tuple(tuple(str(v) for v in row) for row in value))
        except ValueError as exc:
            checker.fail(path, str(exc).removeprefix("attributes: "))
            return None
        table = tuple((a.name, a.values) for a in attributes)
        _agrees(table, path, checker)
        return table

    def json(self) -> JSON:
        return self._json({"type": "array", "minItems": 1, "items": {
            "type": "array", "minItems": 3, "items": {"type": ["string", "integer"]}}})


def _agrees(table: Table, path: PathKey, checker: Checker) -> None:
    """Check the face group these options belong to (``faces[i]`` of ``path``): its
    ``generate`` must list the table's values and its ``count`` the rules' ``copies``."""
    data = checker.doc.data
    if len(path) < 2 or path[0] != "faces" or not isinstance(path[1], int) or \
            not isinstance(data, dict):
        return
    groups = data.get("faces")
    if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
        return  # a malformed face list is reported by the schema
    group = groups[path[1]]
    generate = group.get("generate")
    if not isinstance(generate, dict):
        return
    where: PathKey = ("faces", path[1], "generate")
    written = {str(k).strip().lower(): (k, v) for k, v in generate.items()}
    for name, values in table:
        if name not in written:
            checker.fail(where, f"the deck's table has the attribute {name} "
                         f"({', '.join(values)}): generate must list it too", key=True)
            continue
        key, listed = written[name]
        if isinstance(listed, list) and {value_word(v).lower() for v in listed} != set(values):
            checker.fail((*where, key), f"generate lists {name}: "
                         f"{', '.join(str(v) for v in listed)}, but the deck's table has "
                         f"{', '.join(values)}: list the same values in both")
    for name, (key, _) in written.items():
        if name not in dict(table):
            checker.fail((*where, key), f"{name} is not an attribute of the deck's table "
                         f"({', '.join(n for n, _ in table)}): add it there too", key=True)
    parameters = data.get("parameters")
    copies = parameters.get("copies") if isinstance(parameters, dict) else None
    copies = StarsAndBarsParams().copies if copies is None else copies
    count = group.get("count", 1)
    if count != copies:
        checker.fail(("faces", path[1], "count") if "count" in group else ("faces", path[1]),
                     f"the rules deal {copies} copies of each card (parameter copies), so "
                     f"the face group's count must be {copies}, not {count}",
                     key="count" not in group)


# --------------------------------------------------------------------------- what a card shows


@dataclass(frozen=True)
class Look:
    """What a card draws: its symbol, colour, filling, size (1 is large) and count, and the
    words along its edge."""

    shape: str = "circle"
    colour: str = "#2b2b2b"
    pattern: str = "solid"
    size: float = 1.0
    count: int = 1
    words: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    """The words of attributes the card does not draw (always printed)."""


def _pick(word: str, values: tuple[str, ...] | None, choices: tuple[str, ...]) -> str:
    """The choice for a value no table of words knows: by its place among the attribute's
    values, or (without a table) by a checksum of the word, the same on every run."""
    place = values.index(word) if values and word in values else zlib.crc32(word.encode())
    return choices[place % len(choices)]


def value_word(raw: AttributeValue) -> str:
    """An attribute value as a card prints it: without the notation code the rules' table
    may give it (``"one:1"`` -> ``"one"``)."""
    return str(raw).partition(":")[0].strip()


def read_look(attributes: Mapping[str, AttributeValue], table: Table | None) -> Look | str:
    """How a card with ``attributes`` is drawn, or what is wrong with them."""
    if not attributes:
        return "a Stars and Bars card needs attributes (shape, colour, size, number...)"
    values = dict(table) if table else {}
    look: dict[str, object] = {}
    words: list[str] = []
    unknown: list[str] = []
    for name, raw in attributes.items():
        shown_value = value_word(raw)
        word = shown_value.lower()
        role = ROLES.get(name.strip().lower())
        listed = values.get(name.strip().lower())
        if role == "shape":
            look["shape"] = SHAPE_WORDS.get(word) or _pick(word, listed, _FALLBACK_SHAPES)
        elif role == "colour":
            look["colour"] = COLOUR_WORDS.get(word) or _pick(word, listed, _FALLBACK_COLOURS)
            known = tuple(COLOUR_WORDS)
            look["pattern"] = _pick(word, listed if listed else known, PATTERNS)
        elif role == "size":
            size = SIZE_WORDS.get(word)
            if size is None and listed and word in listed:
                size = 1.0 - 0.55 * listed.index(word) / max(1, len(listed) - 1)
            look["size"] = size if size is not None else 0.75
        elif role == "number":
            count = NUMBER_WORDS.get(word) or (int(word) if word.isdigit() else None)
            if count is None and listed and word in listed:
                count = listed.index(word) + 1
            if count is None or not 1 <= count <= MOST_SYMBOLS:
                return (f"{name} {raw!r} is not a number of symbols a card can show: write "
                        f"one to nine or 1 to {MOST_SYMBOLS}")
            look["count"] = count
        else:
            unknown.append(f"{name}: {shown_value}")
            continue
        words.append(shown_value)
    return Look(**look, words=tuple(words), unknown=tuple(unknown))  # type: ignore[arg-type]


def check_card(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a card's attributes (``None`` when nothing is)."""
    look = read_look(attributes, None)
    return look if isinstance(look, str) else None


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class CardOptions:
    """How the cards look, and the deck's table they are drawn from."""

    attributes: tuple[tuple[str, tuple[str, ...]], ...] = option(DeckTable(), DEFAULT_TABLE)
    labels: str = option(Text("which values are written along the edge: all, or only those "
                              "the symbols do not show", choices=("all", "unknown")), "all")
    turned_label: bool = option(Flag("write the words again, turned round, along the top "
                                     "edge for the player across the table"), True)
    background: str = option(Colour("card colour"), "#fffdf8")
    ink: str = option(Colour("colour of the words"), "#2b2b2b")


@dataclass(frozen=True)
class Label:
    """The words along an edge, centred on (x, y)."""

    text: str
    x: float
    y: float
    size: float

    @property
    def box(self) -> Box:
        """The box of its letters (ascenders and descenders included)."""
        width = words_width(self.text, self.size)
        return Box(self.x - width / 2, self.y - 0.55 * self.size, width, 1.1 * self.size)


@dataclass(frozen=True)
class CardLayout:
    """Where a card's symbols and words go, in trim millimetres."""

    look: Look
    symbols: tuple[Placed, ...]
    line: float
    """The width of each symbol's outline (wider for the 'outline' filling)."""
    labels: tuple[Label, ...]
    """The words at the bottom, then (if asked for) those turned round at the top."""
    area: Box

    def symbol_boxes(self) -> tuple[Box, ...]:
        """Each symbol's box, its outline included."""
        boxes = []
        for symbol in self.symbols:
            xs = [x for x, _ in symbol.polygon()]
            ys = [y for _, y in symbol.polygon()]
            half = self.line / 2
            boxes.append(Box(min(xs) - half, min(ys) - half, max(xs) - min(xs) + self.line,
                             max(ys) - min(ys) + self.line))
        return tuple(boxes)

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn element's box, for tests that nothing leaves the safe area."""
        return (*self.symbol_boxes(), *(label.box for label in self.labels))


def _grid(count: int) -> tuple[int, int]:
    """(columns, rows) of ``count`` symbols: up to three in a row."""
    columns = min(count, 3) if count != 4 else 2
    return columns, -(-count // columns)


def card_layout(look: Look, frame: Frame, options: CardOptions) -> CardLayout:
    """Lay out a card.  Symbol heights depend only on the size value, never on how many
    symbols share the card: the slots are those of the deck's largest number."""
    w, h, s = frame.width, frame.height, frame.safe
    unit = min(w, h)
    gap = 0.03 * unit
    text = SEPARATOR.join((*(look.words if options.labels == "all" else ()), *look.unknown))
    labels: list[Label] = []
    band = 0.0
    if text:
        longest = max(_widest_words(options), words_width(text, 1.0))
        size = min(0.075 * unit, (w - 2 * s) * 0.96 / longest)
        band = 1.1 * size + gap
        labels.append(Label(text, w / 2, h - s - 0.55 * size, size))
        if options.turned_label:
            labels.append(Label(text, w / 2, s + 0.55 * size, size))
    top = s + (band if len(labels) > 1 else 0.0)
    area = Box(s, top, w - 2 * s, h - s - band - top)
    table = dict(options.attributes)
    most = max([_count(v) for name, vs in table.items() if ROLES.get(name) == "number"
                for v in vs] + [look.count, 1])
    shapes = [SHAPE_WORDS.get(v, "") for name, vs in table.items()
              if ROLES.get(name) == "shape" for v in vs]
    widest = max([aspect(x) for x in shapes if x] + [aspect(look.shape)])
    columns, rows = _grid(most)
    line = 0.014 * unit * (1.6 if look.pattern == "outline" else 1.0)
    slot_w, slot_h = area.w / columns, area.h / rows
    large = min(slot_h - line, (slot_w - line) / widest) * 0.88
    height = large * look.size
    cols, rws = _grid(look.count)
    placed = []
    for i in range(look.count):
        row, col = divmod(i, cols)
        in_row = min(cols, look.count - row * cols)
        x = w / 2 + (col - (in_row - 1) / 2) * slot_w
        y = area.y + area.h / 2 + (row - (rws - 1) / 2) * slot_h
        placed.append(Placed(look.shape, x, y, height))
    return CardLayout(look, tuple(placed), line, tuple(labels), area)


def _widest_words(options: CardOptions) -> float:
    """The width, at size 1, of the longest line of words any card of the deck's table
    prints: every card writes its words at the same size, in bands of the same depth."""
    parts = []
    for name, values in options.attributes:
        if name in ROLES and options.labels == "all":
            parts.append(max(words_width(v, 1.0) for v in values))
        elif name not in ROLES:
            parts.append(max(words_width(f"{name}: {v}", 1.0) for v in values))
    return sum(parts) + words_width(SEPARATOR, 1.0) * max(0, len(parts) - 1)


def _count(word: str) -> int:
    count = NUMBER_WORDS.get(word) or (int(word) if word.isdigit() else 0)
    return count if 1 <= count <= MOST_SYMBOLS else 1


# --------------------------------------------------------------------------- drawing


def look_of(face: CardFace, options: CardOptions) -> Look:
    """What a checked face shows."""
    look = read_look(dict(face.attributes), options.attributes)
    if isinstance(look, str):
        raise ValueError(f"face {face.key!r}: {look}")
    return look


def render_card(face: CardFace, frame: Frame, options: CardOptions) -> str:
    """SVG text of one card."""
    look = look_of(face, options)
    layout = card_layout(look, frame, options)
    title = ", ".join((*look.words, *look.unknown))
    drawing = new_drawing(frame, f"a Stars and Bars card: {title}")
    fill_bleed(drawing, frame, options.background)
    unit = min(frame.width, frame.height)
    for symbol in layout.symbols:
        _symbol(drawing, symbol, look, layout.line, unit, options.background)
    for i, label in enumerate(layout.labels):
        parent = drawing.g(transform=f"rotate(180 {num(label.x)} {num(label.y)})") if i else \
            drawing
        baseline = label.y + label.size * CAP_HEIGHT / 2
        parent.add(drawing.text(label.text, insert=(num(label.x), num(baseline)),
                                fill=options.ink, font_family=FONT_FAMILY,
                                font_size=num(label.size), font_weight="bold",
                                text_anchor="middle"))
        if i:
            drawing.add(parent)
    return svg_text(drawing)


def _symbol(drawing: svgwrite.Drawing, symbol: Placed, look: Look, line: float, unit: float,
            background: str) -> None:
    colour, pattern = look.colour, look.pattern
    outline = {"stroke": colour, "stroke_width": num(line), "stroke_linejoin": "round"}
    if pattern == "solid":
        drawing.add(drawing.path(d=symbol.path(), fill=colour, **outline))
        return
    drawing.add(drawing.path(d=symbol.path(), fill=background))
    polygon = symbol.polygon()
    pitch = 0.042 * unit
    if pattern in ("stripes", "crosshatch", "bands"):
        angles = {"stripes": (0.785,), "crosshatch": (0.785, -0.785), "bands": (0.0,)}[pattern]
        for angle in angles:
            for (x0, y0), (x1, y1) in hatch(polygon, angle, pitch):
                if math.hypot(x1 - x0, y1 - y0) < 0.6 * pitch:
                    continue  # a stub in a corner would print as a blot
                drawing.add(drawing.line((num(x0), num(y0)), (num(x1), num(y1)), stroke=colour,
                                         stroke_width=num(0.42 * pitch)))
    elif pattern == "dots":
        radius = 0.26 * pitch
        for x, y in dots(polygon, pitch * 1.15, radius):
            drawing.add(drawing.circle((num(x), num(y)), num(radius), fill=colour))
    drawing.add(drawing.path(d=symbol.path(), fill="none", **outline))


CARD = FaceKind("stars-and-bars-card", "A Stars and Bars card drawn from its attributes: "
                "'shape' (star, bar...), 'colour' (ink and filling), 'size' and 'number' of "
                "symbols; any other attribute is written on the card.", CardOptions,
                render_card, check_attributes=check_card)
FACE_KINDS = (CARD,)
"""The face kinds this game declares (its plugin's ``face_kinds``)."""
