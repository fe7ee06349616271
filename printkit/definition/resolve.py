"""Fill a layout in for one card: every style settled, every reference checked.

Each problem names the card and points where the fault was written: the table cell of the
field that gave a bad value, or else the place in the layout.  Nothing is drawn here; text
that is too long for its box is found by the renderer, which knows the sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from printkit.definition.content import Content, family_hint
from printkit.definition.fonts import FontFamily
from printkit.definition.language import DEFAULT_LANGUAGE, known_language
from printkit.definition.layouts import ByField, Condition, ElementSpec, Filled, Layout, Styled
from printkit.definition.markup import IconRef, MarkupError, Piece, Span, parse_markup, plain
from printkit.definition.model import AttributeValue
from printkit.definition.pictures import PictureRefused
from printkit.definition.schema import Checker
from printkit.definition.shapes import (
    NO_RADIUS,
    EllipseShape,
    IconShape,
    ImageShape,
    InlineIcon,
    LayoutFace,
    LineShape,
    Paint,
    Placement,
    PolygonShape,
    RectShape,
    Run,
    Shape,
    TextShape,
)
from printkit.errors import Location, Problem, did_you_mean
from printkit.yamlsource import Document, PathKey

BUILT_IN = ("id", "deck", "n")
"""Fields every card has: its group's id, its deck mark and its number in the group."""
Owner = Callable[[int], tuple[str, int]]
"""Which field wrote the character at an offset of a text, and where in its value."""
EMPTY = ("", "0", "false", "no")
"""Values for which ``when: FIELD`` hides an element."""
DEFAULTS: Mapping[str, object] = {
    "size": 10.0, "weight": "normal", "style": "normal", "align": "left", "valign": "top",
    "leading": 1.2, "opacity": 1.0, "stroke_width": 0.5, "fill": "#000000",
}


@dataclass(frozen=True)
class CardData:
    """One card's fields and the table cells they came from."""

    name: str
    values: Mapping[str, AttributeValue]
    sources: Mapping[str, Location]


class _Collect(Checker):
    """A checker that keeps the messages (the caller locates them)."""

    def __init__(self, doc: Document) -> None:
        super().__init__(doc)
        self.messages: list[str] = []

    def fail(self, path: PathKey, message: str, *, key: bool = False) -> None:
        del path, key
        self.messages.append(message)


def layout_fields(layout: Layout) -> list[tuple[str, PathKey]]:
    """Every field the layout reads, with where it reads it."""
    found: list[tuple[str, PathKey]] = []
    for element in layout.elements:
        for styled in element.styles.values():
            found.extend((name, styled.path) for name in styled.fields)
        if element.when is not None:
            found.append((element.when.field, element.when.path))
    return found


def check_fields(doc: Document, layout: Layout, available: Collection[str], source: str,
                 problems: list[Problem]) -> bool:
    """Whether every field the layout reads is one the cards have (``source`` names where
    their fields come from, for the message)."""
    fine = True
    reported: set[tuple[str, PathKey]] = set()
    for name, path in layout_fields(layout):
        if name in available or (name, path) in reported:
            continue
        reported.add((name, path))
        fine = False
        fields = ", ".join(f for f in available if f not in BUILT_IN) or "none"
        problems.append(doc.problem(path, f"layout {layout.name!r} uses {{{name}}} but "
                                    f"{source} has no field {name!r}"
                                    + did_you_mean(name, available) + f" (its fields: {fields})"))
    return fine


class _Card:
    """Resolution of one card: its values, and the problems found."""

    def __init__(self, doc: Document, card: CardData, content: Content,
                 problems: list[Problem]) -> None:
        self.doc, self.card, self.content, self.problems = doc, card, content, problems

    def fail(self, message: str, where: Location) -> None:
        self.problems.append(Problem(f"card {self.card.name!r}: {message}", where))

    def where(self, fields: Collection[str], path: PathKey, offset: int = 0) -> Location:
        """The cell of the first of ``fields`` that came from a table (``offset`` characters
        into its value, where the cell's line shows them), else ``path``."""
        for name in fields:
            if name in self.card.sources:
                return _within(self.card.sources[name], str(self.card.values.get(name, "")),
                               offset)
        return self.doc.where(path)

    def value(self, styled: Styled | None, default: object) -> Any:
        """A style's value for this card (``None`` after a problem)."""
        if styled is None:
            return default
        how = styled.how
        if isinstance(how, Filled):
            text = how.pattern.fill({k: str(v) for k, v in self.card.values.items()})
            collect = _Collect(self.doc)
            checked = styled.node.check(text, styled.path, collect)
            if collect.messages:
                self.fail(collect.messages[0], self.where(how.pattern.fields, styled.path))
                return None
            return checked
        if isinstance(how, ByField):
            key = str(self.card.values.get(how.field, ""))
            if key in how.values:
                return how.values[key]
            if how.has_default:
                return how.default
            self.fail(f"{how.field} is {key!r}, which the values chosen by {how.field} do not "
                      "list (add it, or a default)" + did_you_mean(key, how.values),
                      self.where((how.field,), styled.path))
            return None
        return how.value

    def shows(self, when: Condition | None) -> bool:
        """Whether an element with this condition is drawn on the card."""
        if when is None:
            return True
        text = str(self.card.values.get(when.field, "")).strip()
        if when.among is None and when.not_among is None and when.least is None \
                and when.most is None:
            return text.lower() not in EMPTY
        if when.among is not None and text not in when.among:
            return False
        if when.not_among is not None and text in when.not_among:
            return False
        if when.least is None and when.most is None:
            return True
        try:
            number = float(text)
        except ValueError:
            self.fail(f"'when' compares {when.field} with a number, but it is {text!r}",
                      self.where((when.field,), when.path))
            return False
        return ((when.least is None or number >= when.least)
                and (when.most is None or number <= when.most))


def _within(cell: Location, value: str, offset: int) -> Location:
    """The place ``offset`` characters into a cell's ``value`` (the cell itself when its
    source line does not show the value plainly there)."""
    line = cell.source_line or ""
    start = cell.column - 1
    if line.startswith('"', start) and '""' not in value:
        start += 1
    if offset <= 0 or not line.startswith(value[:offset + 1], start):
        return cell
    return Location(cell.file, cell.line, start + offset + 1, cell.source_line)


def resolve_card(doc: Document, layout: Layout, card: CardData, content: Content,
                 problems: list[Problem]) -> LayoutFace | None:
    """The shapes of ``layout`` filled in for ``card`` (``None`` after a problem)."""
    state = _Card(doc, card, content, problems)
    before = len(problems)
    shapes: list[Shape] = []
    for element in layout.elements:
        if not state.shows(element.when):
            continue
        shape = _shape(state, element)
        if shape is not None:
            shapes.append(shape)
    if len(problems) > before:
        return None
    return LayoutFace(layout.name, tuple(shapes))


def _placement(state: _Card, element: ElementSpec) -> Placement | None:
    opacity = state.value(element.styles.get("opacity"), 1.0)
    if opacity is None:
        return None
    return Placement(element.box, float(element.options.get("rotate", 0.0) or 0.0),
                     float(opacity), bool(element.options.get("bleed", False)))


def _paint(state: _Card, element: ElementSpec, fill: str) -> Paint | None:
    styles = element.styles
    default_stroke = "none" if "fill" in styles and element.type != "line" else "#000000"
    values = (state.value(styles.get("fill"), fill),
              state.value(styles.get("stroke"), default_stroke),
              state.value(styles.get("stroke_width"), 0.5))
    if any(v is None for v in values):
        return None
    return Paint(str(values[0]), str(values[1]), float(values[2]))


def _shape(state: _Card, element: ElementSpec) -> Shape | None:
    place = _placement(state, element)
    if place is None:
        return None
    kind, options = element.type, element.options
    if kind in ("rect", "ellipse", "polygon", "line"):
        paint = _paint(state, element, "none")
        if paint is None:
            return None
        if kind == "rect":
            return RectShape(place, paint, options.get("radius") or NO_RADIUS)
        if kind == "ellipse":
            return EllipseShape(place, paint)
        points = tuple(options.get("points") or ())
        if kind == "line":
            return LineShape(place, paint, points)
        return PolygonShape(place, paint, points, int(options.get("sides") or 0),
                            options.get("orientation") == "flat")
    if kind == "icon":
        return _icon(state, element, place)
    if kind == "image":
        return _image(state, element, place)
    return _text(state, element, place)


def _icon(state: _Card, element: ElementSpec, place: Placement) -> Shape | None:
    styled = element.styles["icon"]
    name, fill = state.value(styled, None), state.value(element.styles.get("fill"), "#000000")
    if name is None or fill is None:
        return None
    icon = state.content.icons.get(name)
    if icon is None:
        if name not in state.content.refused:
            state.fail(_unknown_icon(name, state.content),
                       state.where(styled.fields, styled.path))
        return None
    return IconShape(place, icon, fill)


def _unknown_icon(name: str, content: Content) -> str:
    known = ", ".join(sorted(content.icons)) or "none"
    return (f"there is no icon {name!r}" + did_you_mean(name, content.icons)
            + f" (icons: {known}; declare it under icons:)")


def _image(state: _Card, element: ElementSpec, place: Placement) -> Shape | None:
    styled = element.styles["src"]
    name = state.value(styled, None)
    if name is None:
        return None
    where = state.where(styled.fields, styled.path)
    try:
        picture = state.content.pictures.get(name)
    except PictureRefused as exc:
        state.fail(str(exc), where)
        return None
    return ImageShape(place, picture, str(element.options.get("fit", "contain")), where,
                      state.card.name)


def _text(state: _Card, element: ElementSpec, place: Placement) -> Shape | None:
    styles = element.styles
    content = state.content
    settled = {key: state.value(styles.get(key), DEFAULTS.get(key))
               for key in ("size", "weight", "style", "fill", "align", "valign", "leading")}
    family_name = state.value(styles.get("font"), content.font)
    if family_name is None or any(v is None for v in settled.values()):
        return None
    size = float(settled["size"])
    least = state.value(styles.get("min_size"), min(size, 6.0))
    if least is None:
        return None
    if float(least) > size:  # text only ever shrinks from size: one problem, every card named
        where = state.where(styles["min_size"].fields, styles["min_size"].path)
        content.glyphs.note_other(
            f"min_size {float(least):g}pt is larger than size {size:g}pt (text shrinks from "
            "size down to min_size to fit)", "lower min_size or raise size",
            state.card.name, where)
        return None
    styled = styles["text"]
    if isinstance(styled.how, Filled):
        words, owners = _filled(styled.how, state.card.values)
    else:
        chosen = state.value(styled, "")
        if chosen is None:
            return None
        words, owners = str(chosen), lambda offset: ((styled.fields or ("",))[0], 0)
    family = content.family(family_name)
    font_where = state.where(styles["font"].fields, styles["font"].path) \
        if "font" in styles else state.doc.where(("style", "font"))
    if family is None:
        if family_name not in content.refused:  # one problem, naming every card
            content.glyphs.note_other(f"unknown font family {family_name!r}" + family_hint(
                family_name, content), "", state.card.name, font_where)
        return None

    def at(offset: int) -> Location:
        owner, inside = owners(offset)
        return state.where((owner,) if owner else (), styled.path, inside)

    try:
        pieces = parse_markup(words) if element.options.get("markup", True) else plain(words)
    except MarkupError as exc:
        state.fail(str(exc), at(exc.offset))
        return None
    runs = _runs(state, pieces, family, settled["weight"] == "bold",
                 settled["style"] == "italic", at)
    if runs is None:
        return None
    fields = sorted(styled.fields, key=lambda f: -len(str(state.card.values.get(f, ""))))
    refused = content.texts.take(len(words))
    if refused is not None:
        if refused:
            state.fail(refused, state.where(fields[:1], styled.path))
        return None
    subject = (f"the text of field {fields[0]!r}" if fields else f"the text {words[:30]!r}")
    return TextShape(place, runs, family, size, min(float(least), size), str(settled["fill"]),
                     str(settled["align"]), str(settled["valign"]), float(settled["leading"]),
                     bool(element.options.get("wrap", True)),
                     state.where(fields[:1], styled.path), subject, state.card.name,
                     int(element.options.get("max_lines", 0)),
                     element.options.get("fit") == "fixed",
                     _language(state.doc) if element.options.get("hyphenate") else "")


def _language(doc: Document) -> str:
    """The definition's language (``style: language:``) as a dictionary code; a code
    without a dictionary is reported where it is written, by the schema."""
    style = doc.data.get("style") if isinstance(doc.data, dict) else None
    code = style.get("language") if isinstance(style, dict) else None
    return known_language(code if isinstance(code, str) else DEFAULT_LANGUAGE) or ""


def _filled(how: Filled, values: Mapping[str, AttributeValue]) -> tuple[str, Owner]:
    """The text of a pattern for a card, and a function telling which field wrote the
    character at an offset, and where in the field's value (``""`` for the pattern's own
    words)."""
    spans: list[tuple[int, int, str]] = []
    out: list[str] = []
    length = 0
    for part in how.pattern.parts:
        text = part if isinstance(part, str) else str(values.get(part.name, ""))
        if not isinstance(part, str):
            spans.append((length, length + len(text), part.name))
        out.append(text)
        length += len(text)

    def owner(offset: int) -> tuple[str, int]:
        return next(((name, offset - start) for start, end, name in spans
                     if start <= offset < end), ("", 0))

    return "".join(out), owner


def _runs(state: _Card, pieces: tuple[Piece, ...], family: FontFamily, bold: bool,
          italic: bool, at: Callable[[int], Location]) -> tuple[Run | InlineIcon, ...] | None:
    """The pieces in their font faces: each character in the first face of the family's
    stack (the family, then ``style: fallback:``) that has it.  A character none has is
    recorded in ``content.glyphs``, which reports it once for every card it spoils."""
    result: list[Run | InlineIcon] = []
    fine = True
    stack = state.content.stack(family)
    for piece in pieces:
        if isinstance(piece, IconRef):
            icon = state.content.icons.get(piece.name)
            if icon is None:
                if piece.name not in state.content.refused:
                    state.fail(_unknown_icon(piece.name, state.content), at(piece.offset))
                fine = False
            else:
                result.append(InlineIcon(icon))
            continue
        assert isinstance(piece, Span)
        weight, slant = bold or piece.bold, italic or piece.italic
        if family.face(bold=weight, italic=slant) is None:
            style = ("bold " if weight else "") + ("italic" if slant else "")
            state.content.glyphs.note_face(family.name, style.strip(), state.card.name,
                                           at(piece.offset))
            return None
        runs, missing = stack.split(piece.text, bold=weight, italic=slant)
        style = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
                 (True, True): "bold italic"}[(weight, slant)]
        for char in missing:
            state.content.glyphs.note(stack, style, char, state.card.name,
                                      at(piece.offset + piece.text.index(char)))
            fine = False
        result.extend(Run(text, face) for text, face in runs)
    return tuple(result) if fine else None

