"""Star Battle's ship tokens: a Dreadnought and a Scout for each player, two-sided.

Tokens are round and flipped like coins in a battle: the tails side shows the ship whole
(it survives the flip), the heads side shows it hit, on a jagged burst (it is destroyed).
Players are told apart by their colour, by a pattern over the colour and by their letter,
so the tokens still sort when printed in greyscale.  Everything is scaled from the token's
frame, so any size from about 16 to 20 mm (or more) works.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, ListOf, Text
from printkit.render.faces.suits import Shape
from printkit.render.kinds import FaceKind
from printkit.render.svg import CAP_HEIGHT, Box, Frame, fill_bleed, new_drawing, num, text
from printkit.render.svgtext import svg_text


def mix(colour: str, ground: str, share: float) -> str:
    """``colour`` laid at ``share`` strength over ``ground`` (both ``#rrggbb``), as one
    solid colour: printers and viewers then agree on it, which is not true of every
    transparency."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(ground[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b,
                                                                                    strict=True))


def _ship(*points: tuple[float, float]) -> Shape:
    return Shape((("M", (points[0],)), *(("L", (p,)) for p in points[1:]), ("Z", ())))


DREADNOUGHT = _ship((0, -0.5), (0.1, -0.3), (0.12, -0.05), (0.44, 0.18), (0.44, 0.38),
                    (0.14, 0.3), (0.17, 0.5), (-0.17, 0.5), (-0.14, 0.3), (-0.44, 0.38),
                    (-0.44, 0.18), (-0.12, -0.05), (-0.1, -0.3))
"""A broad warship seen from above, pointing up (unit height)."""
SCOUT = _ship((0, -0.5), (0.07, -0.25), (0.09, 0.08), (0.27, 0.42), (0.08, 0.33), (0, 0.5),
              (-0.08, 0.33), (-0.27, 0.42), (-0.09, 0.08), (-0.07, -0.25))
"""A slim dart, pointing up (unit height)."""
SHIPS = {"dreadnought": DREADNOUGHT, "scout": SCOUT}
_SHIP_WORDS = {"dreadnought": "dreadnought", "d": "dreadnought", "scout": "scout",
               "s": "scout"}
PATTERNS = ("plain", "diagonal", "dots", "grid", "bands", "rings")
"""The pattern over each player's colour, in seating order (repeated past six)."""
PLAYER_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Players as the engine names them (A deals)."""


def read_player(value: object) -> int | None:
    """The 0-based seat a definition names: a letter ``A``..``Z`` or a number 1..26."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value - 1 if 1 <= value <= len(PLAYER_LETTERS) else None
    if isinstance(value, str) and len(value.strip()) == 1:
        seat = PLAYER_LETTERS.find(value.strip().upper())
        return seat if seat >= 0 else None
    return None


def check_ship(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a ship token's attributes: 'ship' and 'player'."""
    ship = attributes.get("ship")
    if ship is None or str(ship).strip().lower() not in _SHIP_WORDS:
        return f"a ship token needs 'ship': dreadnought or scout (D or S), not {ship!r}"
    if read_player(attributes.get("player")) is None:
        return ("a ship token needs 'player': a letter A to Z or a number 1 to 26, not "
                f"{attributes.get('player')!r}")
    return None


@dataclass(frozen=True)
class ShipOptions:
    """How ship tokens look; ``side`` says which side of the token this face is."""

    side: str = option(Text("which side: tails (the ship survives a flip) or heads (it is "
                            "destroyed)", choices=("tails", "heads")), "tails")
    colours: tuple[str, ...] = option(ListOf(Colour("a player's colour"), min_items=1,
                                             description="each player's colour in seating "
                                             "order (repeated when there are more players)"),
                                      ("#d55e00", "#0072b2", "#f0e442", "#009e73", "#cc79a7",
                                       "#56b4e9"))
    ink: str = option(Colour("letters, outlines and the hit ship"), "#1b1b1b")
    paper: str = option(Colour("the disc the ship stands on"), "#ffffff")


@dataclass(frozen=True)
class TokenLayout:
    """A round token: the cut circle, the inner disc, the ship and the player's letter."""

    centre: tuple[float, float]
    radius: float
    inner: float
    ship: Box
    letter: Box


def token_layout(frame: Frame, ship: str) -> TokenLayout:
    """Where a ship token's parts go, scaled from the token's size."""
    radius = min(frame.width, frame.height) / 2
    cx, cy = frame.width / 2, frame.height / 2
    inner = 0.68 * radius
    size = inner * (1.15 if ship == "dreadnought" else 1.05)
    ship_y = cy - 0.2 * inner
    ship_box = SHIPS[ship].box(cx, ship_y, size)
    cap = 0.32 * inner
    letter_y = cy + 0.58 * inner
    letter = Box(cx - 0.39 * cap / CAP_HEIGHT, letter_y - cap / 2, 0.78 * cap / CAP_HEIGHT, cap)
    return TokenLayout((cx, cy), radius, inner, ship_box, letter)


def _pattern(drawing: svgwrite.Drawing, frame: Frame, seat: int, colour: str) -> None:
    """The player's pattern over the whole token, bleed included (in a solid ``colour``
    already mixed with the player's, so no transparency is needed)."""
    kind = PATTERNS[seat % len(PATTERNS)]
    if kind == "plain":
        return
    lo, hi = -frame.bleed, max(frame.width, frame.height) + frame.bleed
    pitch = max(frame.width, frame.height) / 9
    steps = int((hi - lo) / pitch) + 2
    width = num(pitch * {"diagonal": 0.3, "grid": 0.2, "bands": 0.4, "rings": 0.25,
                         "dots": 0.0}[kind])
    if kind in ("diagonal", "grid", "bands"):
        for i in range(-steps, steps + 1):
            x = lo + i * pitch
            if kind == "diagonal":
                drawing.add(drawing.line((num(x), num(lo)), (num(x + hi - lo), num(hi)),
                                         stroke=colour, stroke_width=width))
                continue
            drawing.add(drawing.line((num(lo), num(x)), (num(hi), num(x)), stroke=colour,
                                     stroke_width=width))
            if kind == "grid":
                drawing.add(drawing.line((num(x), num(lo)), (num(x), num(hi)), stroke=colour,
                                         stroke_width=width))
    elif kind == "dots":
        for i in range(steps):
            for j in range(steps):
                drawing.add(drawing.circle((num(lo + (i + 0.5 * (j % 2)) * pitch),
                                            num(lo + j * pitch)), num(pitch * 0.22),
                                           fill=colour))
    else:
        cx, cy = frame.width / 2, frame.height / 2
        for i in range(1, steps):
            drawing.add(drawing.circle((num(cx), num(cy)), num(i * pitch * 0.9), fill="none",
                                       stroke=colour, stroke_width=width))


def render_ship(face: CardFace, frame: Frame, options: ShipOptions) -> str:
    """SVG text of one side of a ship token."""
    ship = _SHIP_WORDS[str(face.attr("ship")).strip().lower()]
    seat = read_player(face.attr("player"))
    assert seat is not None
    letter = PLAYER_LETTERS[seat]
    colour = options.colours[seat % len(options.colours)]
    heads = options.side == "heads"
    layout = token_layout(frame, ship)
    drawing = new_drawing(frame, f"player {letter}'s {ship}, {options.side} side")
    fill_bleed(drawing, frame, colour)
    over = options.paper if seat % 2 else options.ink
    _pattern(drawing, frame, seat, mix(over, colour, 0.5))
    cx, cy = layout.centre
    inner = layout.inner
    ship_shape = SHIPS[ship]
    box = layout.ship
    size, ship_y = box.h, box.y + box.h / 2
    if heads:
        drawing.add(drawing.path(d=_burst(cx, cy, inner), fill=options.paper))
        drawing.add(drawing.path(d=ship_shape.path(cx, ship_y, size), fill=options.ink))
        drawing.add(drawing.path(d=_crack(cx, ship_y, size), fill=options.paper))
    else:
        drawing.add(drawing.circle((num(cx), num(cy)), num(inner), fill=options.paper))
        drawing.add(drawing.path(d=ship_shape.path(cx, ship_y, size), fill=colour,
                                 stroke=options.ink, stroke_width=num(0.035 * inner),
                                 stroke_linejoin="round"))
    lb = layout.letter
    text(drawing, drawing, letter, cx, lb.y + lb.h / 2, lb.h / CAP_HEIGHT, options.ink)
    return svg_text(drawing)


def _burst(cx: float, cy: float, radius: float, points: int = 14) -> str:
    """A jagged burst whose points reach ``radius`` and whose notches reach 80% of it."""
    coords = []
    for i in range(2 * points):
        r = radius if i % 2 == 0 else radius * 0.8
        angle = -math.pi / 2 + i * math.pi / points
        coords.append(f"{num(cx + r * math.cos(angle))} {num(cy + r * math.sin(angle))}")
    return "M" + " L".join(coords) + " Z"


def _crack(cx: float, cy: float, size: float) -> str:
    """A zigzag gap across a ship: the mark of a hit."""
    zig = [(-0.5, -0.02), (-0.18, 0.06), (0.0, -0.08), (0.18, 0.04), (0.5, -0.04)]
    top = [(cx + x * size, cy + y * size) for x, y in zig]
    bottom = [(x, y + 0.07 * size) for x, y in reversed(top)]
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in top + bottom) + " Z"


SHIP = FaceKind("star-battle-ship", "One side of a round ship token: 'ship' (dreadnought or "
                "scout) of 'player' (A, B, ...); option 'side' is tails or heads.",
                ShipOptions, render_ship, check_attributes=check_ship)
