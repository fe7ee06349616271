"""Layouts: named lists of elements (text, shapes, icons, images) that cards fill in.

A layout says where things go and how they look; each card's data says what they show.
Positions and sizes always carry a unit (``mm``, ``cm``, ``in``, ``pt``, or ``%`` of the
card's width for x and widths, of its height for y and heights), so one layout serves cards
of any size.  A style may depend on the card: ``"{colour}"`` takes a field's value, and
``{by: suit, values: {hearts: "#c00"}, default: "#000"}`` chooses by a field.  ``when``
shows an element only on some cards.  Everything here is data, checked when the definition
is loaded; :mod:`printkit.definition.resolve` fills in each card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.definition.fieldnames import JSON_PATTERN, RULE, FieldName, is_field_name, normal
from printkit.definition.patterns import Pattern, PatternError, parse_pattern
from printkit.definition.schema import (
    JSON,
    Checker,
    Colour,
    Field,
    Flag,
    Length,
    ListOf,
    MapOf,
    Node,
    Number,
    Record,
    Text,
    choice,
    shown,
)
from printkit.units import MM, UnitError, parse_length
from printkit.yamlsource import PathKey

LAYOUT_NAME = r"[a-z0-9][a-z0-9_-]*"
TYPES = ("text", "rect", "ellipse", "polygon", "line", "icon", "image")


@dataclass(frozen=True)
class Measure:
    """A length in points, or a percentage of one side of the card."""

    value: float
    percent: bool = False

    def points(self, extent: float) -> float:
        """The length in points on a card side ``extent`` points long."""
        return self.value * extent / 100 if self.percent else self.value


@dataclass(frozen=True)
class Box:
    """Where an element goes, in trim coordinates (x right, y down from the top left)."""

    x: Measure
    y: Measure
    width: Measure
    height: Measure


@dataclass(frozen=True)
class Fixed:
    """A style the same on every card."""

    value: object


@dataclass(frozen=True)
class Filled:
    """A style taken from the card's fields through a ``{field}`` pattern."""

    pattern: Pattern


@dataclass(frozen=True)
class ByField:
    """A style chosen by the value of one field."""

    field: str
    values: Mapping[str, object]
    default: object = None
    has_default: bool = False


@dataclass(frozen=True)
class Styled:
    """A style as written, the node that checks each card's value, and where it is."""

    how: Fixed | Filled | ByField
    node: Node = field(compare=False)
    path: PathKey = ()

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields this style reads."""
        if isinstance(self.how, Filled):
            return self.how.pattern.fields
        if isinstance(self.how, ByField):
            return (self.how.field,)
        return ()


@dataclass(frozen=True)
class Condition:
    """``when``: show the element only if the field's value passes every test given."""

    field: str
    among: tuple[str, ...] | None = None
    not_among: tuple[str, ...] | None = None
    least: float | None = None
    most: float | None = None
    path: PathKey = ()


@dataclass(frozen=True)
class ElementSpec:
    """One element of a layout, checked (geometry fixed, styles possibly per card)."""

    type: str
    box: Box
    styles: Mapping[str, Styled]
    options: Mapping[str, Any]
    """The element's fixed settings (radius, points, sides, wrap...), as checked."""
    when: Condition | None
    path: PathKey


@dataclass(frozen=True)
class Layout:
    """A named list of elements, drawn in order (the first at the back)."""

    name: str
    elements: tuple[ElementSpec, ...]
    path: PathKey


def _measure(value: object) -> Measure:
    """A :class:`Measure` from ``"12mm"`` or ``"50%"``; raises :class:`UnitError`."""
    if isinstance(value, str) and value.strip().endswith("%"):
        number = value.strip()[:-1].strip()
        if not re.fullmatch(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)", number):
            raise UnitError(f"expected a percentage such as '50%', not {shown(value)}")
        return Measure(float(number), percent=True)
    try:
        return Measure(parse_length(value))  # type: ignore[arg-type]
    except UnitError as exc:
        raise UnitError(f"{exc} or a percentage of the card such as '50%'") from None


@dataclass
class Position(Node):
    """A length with a unit, or a percentage of the card's side."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        try:
            return _measure(value)
        except UnitError as exc:
            checker.fail(path, str(exc))
            return None

    def json(self) -> JSON:
        return self._json({"type": "string",
                           "pattern": r"^\s*[-+]?[0-9.]+\s*(mm|cm|in|pt|pc|%)\s*$"})


@dataclass
class Point(Node):
    """``[x, y]``: two positions."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, list) or len(value) != 2:
            checker.fail(path, "expected a point [x, y], such as [10mm, 20%]")
            return None
        x, y = (Position().check(v, (*path, i), checker) for i, v in enumerate(value))
        return (x, y) if x is not None and y is not None else None

    def json(self) -> JSON:
        return self._json({"type": "array", "items": Position().json(), "minItems": 2,
                           "maxItems": 2})


@dataclass
class Fraction(Node):
    """A number from 0 to 1, or a percentage."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        number: float | None = None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
        elif isinstance(value, str) and re.fullmatch(r"\s*[0-9]+(\.[0-9]*)?\s*%\s*", value):
            number = float(value.strip()[:-1]) / 100
        if number is None or not 0 <= number <= 1:
            checker.fail(path, f"expected a number from 0 to 1 or a percentage such as "
                         f"'40%', not {shown(value)}")
            return None
        return number

    def json(self) -> JSON:
        return self._json({"anyOf": [{"type": "number", "minimum": 0, "maximum": 1},
                                     {"type": "string", "pattern": r"^\s*\d+(\.\d*)?\s*%\s*$"}]})


@dataclass
class Style(Node):
    """A style: a fixed value (checked by ``node``), a ``{field}`` pattern, or a choice
    ``{by: FIELD, values: {...}, default: ...}``."""

    node: Node
    description: str = ""
    text: bool = False
    """Whether the value is text in which ``{field}`` places are always read."""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, dict):
            return self._by(value, path, checker)
        if isinstance(value, str) and ("{" in value or "}" in value or self.text):
            try:
                pattern = parse_pattern(value)
            except PatternError as exc:
                checker.fail(path, f"{exc} (at character {exc.offset + 1})")
                return None
            if pattern.fields or self.text:
                return Styled(Filled(pattern), self.node, path)
            value = pattern.fill({})
        checked = self.node.check(value, path, checker)
        return None if checked is None else Styled(Fixed(checked), self.node, path)

    def _by(self, value: dict[str, object], path: PathKey, checker: Checker) -> object:
        spec = Record(fields={
            "by": Field(FieldName("the field whose value chooses"), required=True),
            "values": Field(MapOf(self.node, key_pattern=r".{1,200}"), required=True),
            "default": Field(self.node),
        })
        checked = spec.check(value, path, checker)
        if not isinstance(checked, dict) or checked["by"] is None or checked["values"] is None:
            return None
        if any(v is None for v in checked["values"].values()):
            return None
        return Styled(ByField(checked["by"], checked["values"], checked["default"],
                              "default" in value), self.node, path)

    def json(self) -> JSON:
        return self._json({"anyOf": [
            self.node.json(),
            {"type": "string", "pattern": r"\{[^{}]+\}"},
            {"type": "object", "required": ["by", "values"], "additionalProperties": False,
             "properties": {"by": {"type": "string", "pattern": f"^{JSON_PATTERN}$"},
                            "values": {"type": "object",
                                       "additionalProperties": self.node.json()},
                            "default": self.node.json()}}]})


@dataclass
class When(Node):
    """A field name (shown when the field is not empty, 0 or false) or a test."""

    description: str = ("show the element only on some cards: a field's name (shown where "
                        "its value is not empty, 0, false or no) or a test")
    record: Record = field(default_factory=lambda: Record(
        description="show the element when the field passes every test given", fields={
            "field": Field(FieldName("the field tested"), required=True),
            "is": Field(ListOf(Text("a value"), description="one of these values")),
            "not": Field(ListOf(Text("a value"), description="none of these values")),
            "min": Field(Number("at least this number", integer=False)),
            "max": Field(Number("at most this number", integer=False)),
        }))

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if isinstance(value, str):
            if not is_field_name(value):
                checker.fail(path, f"{shown(value)} is not a field name ({RULE})")
                return None
            return Condition(normal(value), path=path)
        if isinstance(value, dict):
            value = {k: ([v] if k in ("is", "not") and not isinstance(v, list) else v)
                     for k, v in value.items()}
            checked = self.record.check(value, path, checker)
            if not isinstance(checked, dict) or checked["field"] is None:
                return None
            return Condition(checked["field"], checked["is"], checked["not"], checked["min"],
                             checked["max"], path)
        checker.fail(path, "expected a field name or a test such as {field: cost, is: [3, 4]}")
        return None

    def json(self) -> JSON:
        return self._json({"anyOf": [{"type": "string", "pattern": f"^{JSON_PATTERN}$"},
                                     self.record.json()]})


def _colour(what: str) -> Style:
    return Style(Colour(what))


_BOX = {
    "x": Field(Position("left edge, from the card's left cut edge")),
    "y": Field(Position("top edge, from the card's top cut edge")),
    "width": Field(Position("width (default: the whole card)")),
    "height": Field(Position("height (default: the whole card)")),
    "rotate": Field(Number("turn the element this many degrees clockwise about its centre",
                           minimum=-360, maximum=360, integer=False)),
    "opacity": Field(Style(Fraction("how opaque: 1 solid, 0 invisible"))),
    "when": Field(When()),
}
_PAINT = {
    "fill": Field(_colour("fill colour ('none' for none)")),
    "stroke": Field(_colour("outline colour ('none' for none)")),
    "stroke_width": Field(Style(Length("outline width", maximum=20 * MM))),
}
_BLEED = {"bleed": Field(Flag("edges on the card's edge run on into the bleed"))}
_SPECIFIC: Mapping[str, Mapping[str, Field]] = {
    "rect": {**_PAINT, **_BLEED, "radius": Field(Position("corner radius (rounded corners)"))},
    "ellipse": _PAINT,
    "polygon": {**_PAINT,
                "points": Field(ListOf(Point("a corner"), min_items=3, description=(
                    "corners in order (or give sides for a regular polygon)"))),
                "sides": Field(Number("a regular polygon with this many sides, as large as "
                                      "fits the box (6: a hexagon)", minimum=3, maximum=64)),
                "orientation": Field(Text("a corner at the top, or a flat side",
                                          choices=("pointy", "flat")))},
    "line": {"stroke": _PAINT["stroke"], "stroke_width": _PAINT["stroke_width"],
             "points": Field(ListOf(Point("a point"), min_items=2,
                                    description="the points the line joins, in order"),
                             required=True)},
    "icon": {"icon": Field(Style(Text("an icon's name (from icons:)")), required=True),
             "fill": Field(_colour("colour of the icon's parts that have none of their own"))},
    "image": {**_BLEED,
              "src": Field(Style(Text("an .svg, .png or .jpg file beside the definition"),
                                 text=True), required=True),
              "fit": Field(Text("keep the proportions inside the box (contain), fill the box "
                                "and crop (cover), or fill it exactly (stretch)",
                                choices=("contain", "cover", "stretch")))},
    "text": {"text": Field(Style(Text("the words, with {field} places, **bold**, *italic* "
                                      "and :icon:"), text=True), required=True),
             "font": Field(Style(Text("font family (shipped: DejaVu Sans, Vera; or from "
                                      "fonts:)"))),
             "size": Field(Style(Length("font size", minimum=1, maximum=200))),
             "min_size": Field(Style(Length("the least size text may shrink to so that it "
                                            "fits (default: 6pt)", minimum=1, maximum=200))),
             "weight": Field(Style(Text("weight", choices=("normal", "bold")))),
             "style": Field(Style(Text("slant", choices=("normal", "italic")))),
             "fill": Field(_colour("text colour")),
             "align": Field(Style(Text("across the box", choices=("left", "center",
                                                                   "right")))),
             "valign": Field(Style(Text("down the box", choices=("top", "middle",
                                                                  "bottom")))),
             "leading": Field(Style(Number("line height, as a multiple of the size",
                                           minimum=0.5, maximum=4, integer=False))),
             "wrap": Field(Flag("break lines at spaces to fit the width")),
             "max_lines": Field(Number("the most lines the text may take: it shrinks (down "
                                       "to min_size) to keep to them, and text that needs "
                                       "more is an error", minimum=1, maximum=200)),
             "fit": Field(Text("shrink the text from size down to min_size until it fits "
                               "(shrink), or set it at size exactly and report text that does "
                               "not fit (fixed)", choices=("shrink", "fixed"))),
             "hyphenate": Field(Flag("break a word that does not fit the rest of a line at a "
                                     "hyphenation point of the definition's language (style: "
                                     "language), with a hyphen at the line's end")),
             "markup": Field(Flag("read **bold**, *italic* and :icon: (false: print the "
                                  "text as it is)"))},
}
STYLE_KEYS = frozenset(k for fields in _SPECIFIC.values() for k, f in fields.items()
                       if isinstance(f.node, Style)) | {"opacity"}
_RECORDS = {kind: Record(description=f"a {kind} element", fields={
    "type": Field(Text("the kind of element", choices=TYPES), required=True),
    **_BOX, **_SPECIFIC[kind]}) for kind in TYPES}
_WHOLE = Measure(100.0, percent=True)
_ZERO = Measure(0.0)


@dataclass
class Element(Node):
    """One element: a mapping whose ``type`` says which keys it takes."""

    description: str = "an element of a layout"

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, dict):
            checker.fail(path, "expected an element: a mapping with a type, such as "
                         "{type: text, text: '{name}'}")
            return None
        if value.get("type") is None:
            checker.fail(path, f"missing required key 'type' (one of {', '.join(TYPES)})",
                         key=True)
            return None
        kind = choice(value["type"], _RECORDS)
        if kind is None:
            Text(choices=TYPES).check(value["type"], (*path, "type"), checker)
            return None
        before = len(checker.problems)
        checked = _RECORDS[kind].check(value, path, checker)
        if len(checker.problems) > before or not isinstance(checked, dict):
            return None
        if kind == "polygon" and (checked["points"] is None) == (checked["sides"] is None):
            checker.fail(path, "a polygon takes either points or sides", key=True)
            return None
        box = Box(checked["x"] or _ZERO, checked["y"] or _ZERO, checked["width"] or _WHOLE,
                  checked["height"] or _WHOLE)
        styles = {k: v for k, v in checked.items() if isinstance(v, Styled)}
        options = {k: v for k, v in checked.items() if k not in styles and v is not None
                   and k not in ("type", "x", "y", "width", "height", "when")}
        return ElementSpec(kind, box, styles, options, checked["when"], path)

    def json(self) -> JSON:
        variants = []
        for kind, record in _RECORDS.items():
            schema = record.json()
            schema["properties"]["type"] = {"const": kind}
            variants.append(schema)
        return self._json({"oneOf": variants})


LAYOUTS = MapOf(ListOf(Element(), min_items=1, description="elements, back to front"),
                description="card layouts by name: lists of elements that cards fill in",
                key_pattern=LAYOUT_NAME)
"""The ``layouts:`` section."""


def compile_layouts(checked: object) -> dict[str, Layout]:
    """The layouts of a checked ``layouts:`` section (elements that failed are left out;
    their problems are already reported)."""
    result = {}
    if isinstance(checked, dict):
        for name, elements in checked.items():
            if isinstance(elements, tuple):
                result[name] = Layout(name, tuple(e for e in elements
                                                  if isinstance(e, ElementSpec)),
                                      ("layouts", name))
    return result
