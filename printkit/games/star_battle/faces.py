"""Star Battle's faces: galaxy-system cards, the Galactic Core marker and the ship tokens.

A *system* is a playing card (:mod:`printkit.render.faces.playing_cards`) with hyperlane
connectors on the edges its suit connects (diamonds and clubs all four, hearts left and
right, spades top and bottom; the engine's :data:`~printkit.games.star_battle.state.REACH`).
Each connector runs off the card into the bleed and carries an arrow pointing out of the
card, so two systems laid side by side show a whole lane when both connect, and a single
arrow against a bare edge when only one does: connections are read from the system a ship
leaves.  Clubs carry a "no shipyard" sign, since no ship is ever built on a club.

The Galactic Core is a place, not a card: the system lying there may be replaced during the
game.  The Core marker is laid crosswise under the central system, so its two ends show
beyond it; each end says CORE, and the centre (hidden in play) says how to lay it.

The ship tokens are in :mod:`printkit.games.star_battle.ships`, the player aid in
:mod:`printkit.games.star_battle.aid`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, Text
from printkit.games.star_battle.aid import AID
from printkit.games.star_battle.lanes import NO_SHIPYARD, connected_edges
from printkit.games.star_battle.ships import DREADNOUGHT, SHIP, mix
from printkit.render.faces.playing_cards import (
    JOKER,
    CardLayout,
    PlayingCardOptions,
    card_of,
    check_card,
    draw_card,
    ink,
    plan,
    read_rank,
)
from printkit.render.kinds import FaceKind
from printkit.render.svg import (
    CAP_HEIGHT,
    Box,
    Frame,
    deck_mark,
    fill_bleed,
    new_drawing,
    num,
    star_points,
    text,
)
from printkit.render.svgtext import svg_text

# --------------------------------------------------------------------------- systems


@dataclass(frozen=True)
class SystemLayout:
    """A system card: the playing card, its connectors and its no-shipyard sign."""

    card: CardLayout
    connectors: Mapping[str, Box]
    """The part of each connector inside the card (it continues into the bleed)."""
    shipyard: Box | None

    def content_boxes(self) -> tuple[Box, ...]:
        """The card's boxes plus the no-shipyard sign (connectors run to the edge)."""
        sign = (self.shipyard,) if self.shipyard is not None else ()
        return (*self.card.content_boxes(), *sign)


def system_layout(face: CardFace, frame: Frame) -> SystemLayout:
    """Where everything on a system card goes."""
    card = card_of(face)
    w, h, s = frame.width, frame.height, frame.safe
    unit = min(w, h / 1.4)
    depth = s + 0.05 * unit
    layout = plan(card, frame, clear=depth + 0.02 * unit, marked=bool(face.deck_mark))
    span = 0.26 * unit
    boxes = {"top": Box(w / 2 - span / 2, 0, span, depth),
             "bottom": Box(w / 2 - span / 2, h - depth, span, depth),
             "left": Box(0, h / 2 - span / 2, depth, span),
             "right": Box(w - depth, h / 2 - span / 2, depth, span)}
    connectors = {edge: boxes[edge] for edge in connected_edges(card.suit)} \
        if card.suit is not None else {}
    sign = None
    if card.suit is NO_SHIPYARD:
        # in the free corner beside the pips, opposite the index
        side = min(0.13 * unit, layout.area.x - s - 0.01 * unit)
        sign = Box(w - s - side, s, side, side)
    return SystemLayout(layout, connectors, sign)


def _along(edge: str, frame: Frame, a: float, d: float) -> tuple[float, float]:
    """The point ``a`` along ``edge`` from its middle and ``d`` in from it."""
    w, h = frame.width, frame.height
    return {"top": (w / 2 + a, d), "bottom": (w / 2 - a, h - d),
            "left": (d, h / 2 - a), "right": (w - d, h / 2 + a)}[edge]


def _polygon(edge: str, frame: Frame, points: list[tuple[float, float]]) -> str:
    mapped = [_along(edge, frame, a, d) for a, d in points]
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in mapped) + " Z"


@dataclass(frozen=True)
class SystemOptions(PlayingCardOptions):
    """How the galaxy-system cards look."""

    background: str = option(Colour("card colour"), "#f5f7fc")
    lane: str = option(Colour("the hyperlane connectors"), "#2a6f97")
    arrow: str = option(Colour("the arrows on the connectors"), "#ffffff")
    sign: str = option(Colour("the no-shipyard sign on clubs"), "#c0392b")


def render_system(face: CardFace, frame: Frame, options: SystemOptions) -> str:
    """SVG text of one system card."""
    layout = system_layout(face, frame)
    card = layout.card.card
    drawing = new_drawing(frame, f"{card.name}, a system")
    fill_bleed(drawing, frame, options.background)
    for edge, box in layout.connectors.items():
        span = box.w if edge in ("top", "bottom") else box.h
        depth = box.h if edge in ("top", "bottom") else box.w
        half, bleed = span / 2, frame.bleed + 0.5
        drawing.add(drawing.path(d=_polygon(edge, frame, [
            (-half, -bleed), (half, -bleed), (half, 0), (half * 0.64, depth),
            (-half * 0.64, depth), (-half, 0)]), fill=options.lane))
        arm, thick, tip = 0.4 * half, 0.18 * half, 0.18 * depth
        drawing.add(drawing.path(d=_polygon(edge, frame, [
            (0, tip), (arm, tip + arm), (arm, tip + arm + thick), (0, tip + thick),
            (-arm, tip + arm + thick), (-arm, tip + arm)]), fill=options.arrow))
    draw_card(drawing, layout.card, options)
    if layout.shipyard is not None:
        _no_shipyard(drawing, layout.shipyard, options.sign, ink(card, options))
    if face.deck_mark:
        deck_mark(drawing, frame, face.deck_mark, ink(card, options))
    return svg_text(drawing)


def _no_shipyard(drawing: svgwrite.Drawing, box: Box, sign: str, colour: str) -> None:
    """A ship under a prohibition sign."""
    cx, cy, r = box.x + box.w / 2, box.y + box.h / 2, box.w / 2
    line = 0.16 * r
    drawing.add(drawing.path(d=DREADNOUGHT.path(cx, cy, 1.1 * r), fill=colour))
    drawing.add(drawing.circle((num(cx), num(cy)), num(r - line / 2), fill="none",
                               stroke=sign, stroke_width=num(line)))
    reach = (r - line / 2) * math.sqrt(0.5)
    drawing.add(drawing.line((num(cx - reach), num(cy - reach)),
                             (num(cx + reach), num(cy + reach)), stroke=sign,
                             stroke_width=num(line)))


def check_system(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a system card: it is a playing card, jokers excepted."""
    if read_rank(attributes.get("rank")) == JOKER:
        return "a galaxy system is a card of rank A to K, not a joker"
    return check_card(attributes)


# --------------------------------------------------------------------------- the Core


@dataclass(frozen=True)
class CoreOptions:
    """How the Galactic Core marker looks."""

    background: str = option(Colour("the marker's colour"), "#161b3d")
    ink: str = option(Colour("the words and the galaxy"), "#f2c14e")
    label: str = option(Text("the word on each end"), "CORE")
    title: str = option(Text("the name across the middle"), "GALACTIC CORE")
    hint: str = option(Text("how to lay it, under the name (empty: none)"),
                       "Lay it crosswise under the central system, whatever card lies there")


@dataclass(frozen=True)
class CoreLayout:
    """The Core marker: two end tabs that show beyond the central system, and a middle
    (the galaxy, the name and how to lay it) that the system hides in play."""

    tabs: tuple[Box, Box]
    """The top and bottom ends (in play: the ends left and right of the system)."""
    labels: tuple[Line, Line]
    """The word on each end; the first is drawn turned round, to read from the top."""
    galaxy: Box
    title: Line
    hint: tuple[Line, ...]

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn element's box but the tabs (for tests)."""
        return (*(label.box for label in self.labels), self.galaxy, self.title.box,
                *(line.box for line in self.hint))


@dataclass(frozen=True)
class Line:
    """A line of text centred on (x, y) and its estimated width."""

    text: str
    x: float
    y: float
    size: float
    advance: float = 0.74
    """Average advance of its letters, as a fraction of the size."""

    @property
    def box(self) -> Box:
        """The box of its capitals."""
        width = self.advance * self.size * len(self.text)
        cap = self.size * CAP_HEIGHT
        return Box(self.x - width / 2, self.y - cap / 2, width, cap)


def core_layout(frame: Frame, options: CoreOptions) -> CoreLayout:
    """Where the Core marker's parts go.

    Each end is as deep as the card is longer than it is wide (what shows beyond the
    system when the marker lies crosswise under it), and never shallower than 15% of the
    card; the middle stacks the galaxy, the name and the hint, centred.
    """
    w, h, s = frame.width, frame.height, frame.safe
    depth = max((h - w) / 2, 0.15 * h)
    tabs = (Box(0, 0, w, depth), Box(0, h - depth, w, depth))
    room = w - 2 * s
    label = options.label
    size = min((depth - s) * 0.62 / CAP_HEIGHT, room * 0.7 / (0.76 * max(1, len(label))))
    mid_y = s + (depth - s) / 2
    labels = (Line(label, w / 2, mid_y, size, 0.76), Line(label, w / 2, h - mid_y, size, 0.76))
    title_size = min(0.085 * w, room / (0.74 * max(1, len(options.title))))
    hint_size = title_size * 0.55
    lines = _wrap(options.hint, room / (0.62 * hint_size))
    middle = h - 2 * depth - 2 * 1.5
    words = title_size * (1 + 0.6) + len(lines) * hint_size * 1.45
    side = max(0.0, min(room, middle - words - 2.0) * 0.92)
    top = depth + 1.5 + (middle - side - 1.0 - words) / 2
    galaxy = Box(w / 2 - side / 2, top, side, side)
    title_y = galaxy.y + side + 1.0 + title_size * CAP_HEIGHT / 2 + 0.8
    title = Line(options.title, w / 2, title_y, title_size)
    first = title_y + title_size * CAP_HEIGHT / 2 + 0.6 * title_size
    hint = tuple(Line(line, w / 2, first + (i + 0.5) * 1.45 * hint_size, hint_size, 0.62)
                 for i, line in enumerate(lines))
    return CoreLayout(tabs, labels, galaxy, title, hint)


def render_core(face: CardFace, frame: Frame, options: CoreOptions) -> str:
    """SVG text of the Galactic Core marker."""
    del face
    layout = core_layout(frame, options)
    w = frame.width
    drawing = new_drawing(frame, "the Galactic Core marker")
    fill_bleed(drawing, frame, options.background)
    colour = options.ink
    for i, (tab, label) in enumerate(zip(layout.tabs, layout.labels, strict=True)):
        edge = tab.y + tab.h if i == 0 else tab.y
        drawing.add(drawing.line((num(frame.safe), num(edge)), (num(w - frame.safe), num(edge)),
                                 stroke=colour, stroke_width="0.3", stroke_dasharray="1.2 1"))
        group = drawing.g(transform=f"rotate(180 {num(label.x)} {num(label.y)})") \
            if i == 0 else drawing.g()
        text(drawing, group, label.text, label.x, label.y, label.size, colour)
        box = label.box
        for side in (-1, 1):
            cx = w / 2 + side * (box.w / 2 + 0.9 * box.h)
            if frame.safe < cx - 0.6 * box.h and cx + 0.6 * box.h < w - frame.safe:
                group.add(drawing.path(d=star_points(cx, label.y, 0.6 * box.h), fill=colour))
        drawing.add(group)
    g = layout.galaxy
    cx, cy, r = g.x + g.w / 2, g.y + g.h / 2, g.w / 2
    for k, share in ((1.0, 0.18), (0.7, 0.3), (0.42, 0.55)):
        drawing.add(drawing.circle((num(cx), num(cy)), num(r * k),
                                   fill=mix(colour, options.background, share)))
    for arm in range(3):
        drawing.add(drawing.path(d=_spiral_arm(cx, cy, r, arm * 2 * math.pi / 3),
                                 fill="none", stroke=colour, stroke_width=num(0.05 * r),
                                 stroke_linecap="round"))
    drawing.add(drawing.circle((num(cx), num(cy)), num(0.16 * r), fill="#ffffff"))
    title = layout.title
    text(drawing, drawing, title.text, title.x, title.y, title.size, colour)
    for line in layout.hint:
        text(drawing, drawing, line.text, line.x, line.y, line.size, colour, bold=False)
    return svg_text(drawing)


def _wrap(words: str, most: float) -> list[str]:
    """``words`` in lines of at most ``most`` characters (a longer word has a line of its
    own)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _spiral_arm(cx: float, cy: float, r: float, start: float) -> str:
    points = []
    for i in range(33):
        t = i / 32
        angle = start + t * 1.6 * math.pi
        radius = r * (0.16 + 0.8 * t)
        points.append(f"{num(cx + radius * math.cos(angle))} {num(cy + radius * math.sin(angle))}")
    return "M" + " L".join(points)


SYSTEM = FaceKind("star-battle-system", "A galaxy-system card: a playing card ('rank', "
                  "'suit') with hyperlane connectors on the edges its suit connects and a "
                  "no-shipyard sign on clubs.", SystemOptions, render_system,
                  check_attributes=check_system)
CORE_MARKER = FaceKind("star-battle-core", "The Galactic Core marker, laid crosswise under "
                       "the central system so that its ends show.", CoreOptions, render_core)
FACE_KINDS = (SYSTEM, CORE_MARKER, SHIP, AID)
"""The face kinds this game declares (its plugin's ``face_kinds``)."""
