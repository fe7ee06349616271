"""Star Battle's player aid: two cards for each player, the first with the connection
chart, the values and a turn's actions, the second with battle, supply and winning.

The card is printed with the deck (its face group takes the rules' parameters), so its
words follow the variant it is built for: the build rule of the "Revision 1" table, the
ship supply, who lays the Core, whether a player may give up their last ship, and the
number of systems a domination needs.  The text is wrapped with Vera's own advance widths
(the font the PDF embeds) and set as large as the card allows, never below 6 pt: the
whole aid on one card needed 5.5 pt, so it is split over two.
"""

from __future__ import annotations

from dataclasses import dataclass

import svgwrite

from printkit.definition.fonts import FontFace, shipped_families
from printkit.definition.model import CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour, Flag, Number, Text
from printkit.games.star_battle.lanes import NO_SHIPYARD, connected_edges
from printkit.games.star_battle.ships import DREADNOUGHT
from printkit.render.faces.suits import Suit
from printkit.render.kinds import FaceKind
from printkit.render.svg import CAP_HEIGHT, FONT_FAMILY, Box, Frame, fill_bleed, new_drawing, num
from printkit.render.svg import text as draw_text
from printkit.render.svgtext import svg_text

LARGEST = 3.2
"""Largest text size (mm) of the aid's sections."""
SMALLEST = 6 * 25.4 / 72
"""Smallest text size (mm: 6 pt, the least a player should have to read)."""
LABEL = 2.2
"""Text size (mm, about 6.2 pt) of the words under the chart's cards."""
PARTS = 2
"""Cards the aid is printed on."""
FIRST_PART = 4
"""Sections on the first card (the rest go on the second)."""
LEADING = 1.2
"""Line pitch, as a multiple of the text size."""
GAP = 0.3
"""Space between two sections, as a multiple of the text size."""
CHART = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)
"""The suits of the connection chart, left to right."""
REACH_WORDS = {"top right bottom left": "all four", "right left": "left, right",
               "top bottom": "up, down"}


@dataclass(frozen=True)
class AidOptions:
    """How the player aid looks, and the rules it states (from the parameters)."""

    background: str = option(Colour("card colour"), "#f5f7fc")
    band: str = option(Colour("the title band"), "#161b3d")
    band_ink: str = option(Colour("the title"), "#f2c14e")
    ink: str = option(Colour("the text"), "#1b1b1b")
    accent: str = option(Colour("the headings"), "#2a6f97")
    lane: str = option(Colour("the hyperlanes of the chart"), "#2a6f97")
    red: str = option(Colour("hearts and diamonds"), "#c8102e")
    sign: str = option(Colour("the no-shipyard sign"), "#c0392b")
    title: str = option(Text("the card's title"), "Star Battle")
    players: int = option(Number("players (the galaxy has players x hand_size systems)",
                                 minimum=2, maximum=26), 2)
    hand_size: int = option(Number("cards each player lays in the galaxy", minimum=2,
                                   maximum=1000), 8)
    supply: str = option(Text("ships of each kind per player, or unlimited",
                              pattern=r"[1-9][0-9]{0,3}|unlimited"), "15")
    printed: int = option(Number("ship tokens of each kind the kit prints per player (said "
                                 "on the aid when the supply is unlimited; 0: not said)",
                                 minimum=0, maximum=9999), 0)
    revision1: bool = option(Flag("builds follow the crossed-out Revision 1 table"), False)
    core_placer: str = option(Text("who lays the Core",
                                   choices=("dealer", "right_of_dealer")), "dealer")
    self_elimination: bool = option(Flag("a reconstruction may remove a player's last ship"),
                                    True)
    part: int = option(Number("which card of the aid: 1 the chart, values and actions, 2 "
                              "battle, supply and winning", minimum=1, maximum=PARTS), 1)


def domination(systems: int) -> int:
    """Systems a player must hold to dominate a galaxy of ``systems``: more than 3/4."""
    return systems * 3 // 4 + 1


def sections(options: AidOptions) -> tuple[tuple[str, str], ...]:
    """The aid's text: (heading, words) pairs, in the order of a turn."""
    systems = options.players * options.hand_size
    placer = ("the dealer's" if options.core_placer == "dealer"
              else "the highest card of the player right of the dealer:")
    build = ("a Dreadnought on a diamond, a Scout on a heart or a spade" if options.revision1
             else "a Dreadnought if the suits match, else a Scout")
    printed = (f" The kit prints {options.printed} Dreadnoughts and {options.printed} Scouts "
               "each; for more, use coins or other markers." if options.printed else "")
    supply = (f"no limit to the ships you may have.{printed}" if options.supply == "unlimited"
              else
              f"{options.supply} Dreadnoughts and {options.supply} Scouts each. None left of "
              "a kind: no such ship for you.")
    last = "" if options.self_elimination else " Never your last ship."
    passing = ("No card: pass." if options.self_elimination else
               "No card, or your only action would give up your last ship: pass.")
    return (
        ("Values", f"In the galaxy A = 1 up to K = 13 (the Core is {placer} highest, King "
                   "high). A discarded Ace counts 14. To beat a card, go strictly higher."),
        ("Your turn", "Your ships on the Core? First you may add a free Scout to a "
                      f"non-club system of yours. {passing} Otherwise discard one card "
                      "to:"),
        ("Build", f"beat a non-club system you occupy: add {build}."),
        ("Move", "one ship along a lane to a system free of enemy ships whose card you "
                 "beat."),
        ("Battle", "(any discard) from your system along a lane into an enemy's. Flip "
                   "every ship on both: heads destroys it; a Dreadnought showing heads is "
                   "flipped again and lives on tails. An emptied system gets a new card."),
        ("Reconstruct", f"remove one of your ships; the discard replaces the card it was "
                        f"on.{last}"),
        ("Then", "everybody discards, then draws, to hold one card per ship (fewer only "
                 "when the deck and the discards are both empty)."),
        ("Supply", supply),
        ("Win", f"all other fleets gone, or your ships on {domination(systems)} of the "
                f"{systems} systems of a {options.players}-player galaxy, the Core among "
                "them. Both last fleets lost in one "
                "battle, no other fleet left: a shared draw."),
    )


@dataclass(frozen=True)
class Run:
    """A word and whether it is bold."""

    text: str
    bold: bool


def _faces() -> tuple[FontFace, FontFace]:
    faces = shipped_families()["Vera"].faces
    return faces["regular"], faces["bold"]


Line = tuple[tuple[float, Run], ...]
"""Words on a line, each with its x from the line's start."""


def wrap(parts: tuple[tuple[str, str], ...], size: float, width: float
         ) -> list[list[Line]]:
    """Each section as lines of (x, word), its heading in bold, wrapped at ``width``."""
    regular, bold = _faces()
    space = regular.width(" ", size)
    found: list[list[Line]] = []
    for heading, words in parts:
        runs = [Run(w, True) for w in heading.split()] + [Run(w, False) for w in words.split()]
        lines: list[Line] = []
        line: list[tuple[float, Run]] = []
        x = 0.0
        for run in runs:
            w = (bold if run.bold else regular).width(run.text, size)
            if line and x + space + w > width:
                lines.append(tuple(line))
                line, x = [], 0.0
            start = x + space if line else 0.0
            line.append((start, run))
            x = start + w
        lines.append(tuple(line))
        found.append(lines)
    return found


def part_sections(options: AidOptions) -> tuple[tuple[str, str], ...]:
    """The sections on the card ``options.part`` of the aid."""
    parts = sections(options)
    return parts[:FIRST_PART] if options.part == 1 else parts[FIRST_PART:]


def label_lines(words: str, width: float) -> list[str]:
    """A chart label wrapped between words to ``width`` (mm) at the size ``LABEL``."""
    regular, _ = _faces()
    lines: list[str] = []
    for word in words.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and regular.width(joined, LABEL) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def chart_labels() -> tuple[tuple[str, ...], ...]:
    """The phrases under each card of the chart: where its lanes run, and for clubs that
    no ship is built there."""
    return tuple((REACH_WORDS[" ".join(connected_edges(suit))],
                  *(("no ships built",) if suit is NO_SHIPYARD else ())) for suit in CHART)


def text_height(sections: list[list[Line]], size: float) -> float:
    """The height wrapped sections take: their lines and the gaps between them."""
    lines = sum(len(lines) for lines in sections)
    return size * (lines * LEADING + (len(sections) - 1) * GAP)


@dataclass(frozen=True)
class AidLayout:
    """Where the title band, the chart's cards and the text go."""

    band: Box
    cards: tuple[Box, ...]
    """The chart's cards (none on the second card)."""
    labels: tuple[tuple[str, ...], ...]
    """The lines of words under each chart card."""
    labels_y: float
    text: Box
    size: float
    sections: tuple[tuple[Line, ...], ...]

    def content_boxes(self) -> tuple[Box, ...]:
        """Every drawn element's box but the band (for tests)."""
        return (*self.cards, self.text)


def aid_layout(frame: Frame, options: AidOptions) -> AidLayout:
    """The layout, with the text as large as fits (raises ``ValueError`` if even the
    smallest size does not)."""
    w, h, s = frame.width, frame.height, frame.safe
    band = Box(0, 0, w, 0.1 * h)
    room = w - 2 * s
    card_w = room * 0.13
    card_h = card_w * 1.4
    gap = (room - len(CHART) * card_w) / len(CHART)
    top = band.h + 0.03 * h
    cards: tuple[Box, ...] = ()
    labels: tuple[tuple[str, ...], ...] = ()
    labels_y = text_top = top
    if options.part == 1:
        cards = tuple(Box(s + gap / 2 + i * (card_w + gap), top, card_w, card_h)
                      for i in range(len(CHART)))
        labels = tuple(tuple(line for phrase in phrases
                             for line in label_lines(phrase, card_w + gap - 0.4))
                       for phrases in chart_labels())
        labels_y = top + card_h + 2.6
        text_top = labels_y + (max(len(lines) for lines in labels) - 1) * LABEL * LEADING + 2.6
    area = Box(s, text_top, room, h - s - text_top)
    parts = part_sections(options)
    size = LARGEST
    while size >= SMALLEST - 1e-9:
        wrapped = wrap(parts, size, room)
        if text_height(wrapped, size) <= area.h:
            return AidLayout(band, cards, labels, labels_y, area, size,
                             tuple(tuple(lines) for lines in wrapped))
        size = round(size - 0.05, 3)
    raise ValueError("the player aid's text does not fit the card")


def render_aid(face: CardFace, frame: Frame, options: AidOptions) -> str:
    """SVG text of the player aid."""
    del face
    layout = aid_layout(frame, options)
    drawing = new_drawing(frame, f"{options.title} player aid")
    fill_bleed(drawing, frame, options.background)
    band = layout.band
    drawing.add(drawing.rect((num(-frame.bleed), num(-frame.bleed)),
                             (num(frame.width + 2 * frame.bleed), num(band.h + frame.bleed)),
                             fill=options.band))
    title = f"{options.title} \u00b7 player aid {options.part}/{PARTS}"
    size = min(band.h * 0.42, (frame.width - 2 * frame.safe) / (0.68 * len(title)))
    draw_text(drawing, drawing, title, frame.width / 2, band.h / 2 + frame.safe * 0.25, size,
              options.band_ink)
    for suit, box, lines in zip(CHART, layout.cards, layout.labels, strict=False):
        _chart_card(drawing, suit, box, options)
        for row, words in enumerate(lines):
            draw_text(drawing, drawing, words, box.x + box.w / 2,
                      layout.labels_y + row * LABEL * LEADING, LABEL, options.ink, bold=False)
    _text(drawing, layout, options)
    return svg_text(drawing)


def _chart_card(drawing: svgwrite.Drawing, suit: Suit, box: Box, options: AidOptions) -> None:
    """A small system: its suit and its lanes running off the edges they connect."""
    reach = 0.22 * box.w
    span = 0.34 * box.w
    for edge in connected_edges(suit):
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        if edge in ("top", "bottom"):
            y = box.y - reach if edge == "top" else box.y + box.h
            lane = ((cx - span / 2, y), (span, reach))
        else:
            x = box.x - reach if edge == "left" else box.x + box.w
            lane = ((x, cy - span / 2), (reach, span))
        drawing.add(drawing.rect((num(lane[0][0]), num(lane[0][1])),
                                 (num(lane[1][0]), num(lane[1][1])), fill=options.lane))
    drawing.add(drawing.rect((num(box.x), num(box.y)), (num(box.w), num(box.h)),
                             rx=num(0.08 * box.w), fill="#ffffff", stroke=options.lane,
                             stroke_width=num(0.04 * box.w)))
    colour = options.red if suit.red else options.ink
    drawing.add(drawing.path(d=suit.shape.path(box.x + box.w / 2, box.y + box.h / 2,
                                               0.5 * box.w), fill=colour))
    if suit is NO_SHIPYARD:
        r = 0.2 * box.w
        cx, cy = box.x + box.w - r * 1.15, box.y + r * 1.15
        drawing.add(drawing.path(d=DREADNOUGHT.path(cx, cy, 1.2 * r), fill=options.ink))
        drawing.add(drawing.circle((num(cx), num(cy)), num(r), fill="none",
                                   stroke=options.sign, stroke_width=num(0.22 * r)))
        d = r * 0.7
        drawing.add(drawing.line((num(cx - d), num(cy - d)), (num(cx + d), num(cy + d)),
                                 stroke=options.sign, stroke_width=num(0.22 * r)))


def _text(drawing: svgwrite.Drawing, layout: AidLayout, options: AidOptions) -> None:
    """The sections, line by line: headings bold in the accent colour."""
    size = layout.size
    area = layout.text
    y = area.y
    for lines in layout.sections:
        for line in lines:
            baseline = y + 0.5 * size * LEADING + size * CAP_HEIGHT / 2
            for x, run in line:
                drawing.add(drawing.text(
                    run.text, insert=(num(area.x + x), num(baseline)),
                    fill=options.accent if run.bold else options.ink, font_family=FONT_FAMILY,
                    font_size=num(size), font_weight="bold" if run.bold else "normal"))
            y += size * LEADING
        y += size * GAP


AID = FaceKind("star-battle-aid", "The player aid, on two cards (option part): the connection "
               "chart, the values and a turn's actions, then battle, supply and winning, worded "
               "for the parameters given as options.", AidOptions, render_aid)
