"""A position of Stars drawn for the booklet: the hands, the widow, the tricks on the table
and the score, as a :class:`~printkit.render.scene.Scene`.

Stars has no board, so a diagram is the table seen from above, laid out to be read on a
page 110 mm wide: a line saying whose deal and whose contract it is, then each player's
hand in a row (the player's name on the left), then the cards on the table in small
groups, each with a title and what became of it (the widow face down, the buried cards,
each trick an example played, in the order played, and the trick under way), and last a
small table of the points so far, or of the hand's score once it is over.

Every card is drawn by the card renderer at least :data:`CARD` millimetres wide, and since
its own corner index is too small to read there, its index and suit symbol are printed
again under it in the suit's colour, as the deck's own tables print them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from printkit import memo
from printkit.definition.model import CardFace, Definition
from printkit.games.white_star.faces import StarsCardOptions
from printkit.games.white_star.icons import ICONS
from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    NUM_PLAYERS,
    RANK_LETTERS,
    SPELLINGS,
    SUIT_LETTERS,
    Card,
    WhiteStarState,
    cards_in,
    rank_of,
    suit_of,
)
from printkit.games.white_star.tables import DEFAULT_RANKS, DEFAULT_SUITS, RankStyle, SuitStyle
from printkit.games.white_star.tricks import PlayedTrick
from printkit.render.diagram import text_width
from printkit.render.kinds import render_back
from printkit.render.scene import CardShape, PictureShape, RectShape, Scene, Shape, TextShape
from printkit.render.svg import Frame

WIDTH = 108.0
"""Width of a diagram (mm): the text width of a half-letter page, with a little to spare."""
CARD = 9.1
"""Width of a card (mm): BOOKLET.md asks for 9 mm at least."""
GAP = 0.7
"""Space between two cards side by side."""
NAME_COLUMN = 10.5
"""Width of the players' names left of their hands."""
BLOCK_GAP = 5.0
"""Space between two groups of cards on the table."""
SMALL = 2.12
"""Size (mm, 6 pt) of small text: roles, names under cards, results, the score table."""
TITLE = 2.4
"""Size of the titles over groups of cards."""
NAME = 3.0
"""Size of a player's name beside their hand."""
INDEX = 2.5
"""Size of a card's index printed under it."""
INK = "#1d2a44"
MUTED = "#5a6272"
RULE = "#c5cad6"
WASH = "#f7dc6f"
LOSER = "#c0392b"
PER_ROW = 10
"""Most cards in one row of a hand."""


@dataclass(frozen=True)
class DeckLook:
    """How the definition prints each card: its face, and its index, colour and symbol."""

    faces: Mapping[Card, CardFace]
    suits: Mapping[int, SuitStyle]
    ranks: Mapping[int, RankStyle]
    back: str
    ratio: float
    """A card's height over its width."""


def deck_look(definition: Definition) -> DeckLook:
    """The faces of the deck and the tables they print, from ``definition`` (worked out once
    a :func:`printkit.memo.session` for each definition: every diagram asks)."""
    return memo.cached("white-star-look", memo.Same(definition),
                       lambda: _deck_look(definition))


def _deck_look(definition: Definition) -> DeckLook:
    faces: dict[Card, CardFace] = {}
    suits: dict[int, SuitStyle] = {SUIT_LETTERS.index(s.letter): s for s in DEFAULT_SUITS}
    ranks: dict[int, RankStyle] = {RANK_LETTERS.index(r.letter): r for r in DEFAULT_RANKS}
    for face in definition.faces:
        if face.kind != "white-star-card" or face.deck != 0:
            continue
        card = SPELLINGS.get(f"{face.attr('rank')}{face.attr('suit')}".upper())
        if card is not None:
            faces[card] = face
            options = face.options
            if not isinstance(options, StarsCardOptions):
                continue
            suits.update({SUIT_LETTERS.index(s.letter): s for s in options.suits})
            ranks.update({RANK_LETTERS.index(r.letter): r for r in options.ranks})
    frame = Frame.from_points(definition.card_width, definition.card_height, 0.0,
                              definition.safe_margin)
    back = render_back(definition.back_kind, frame, definition.back_options, definition.title)
    return DeckLook(faces, suits, ranks, back, definition.card_height / definition.card_width)


@functools.lru_cache(maxsize=256)
def _icon_svg(icon: str, colour: str) -> str:
    """A suit symbol alone, 1 unit high, for printing beside an index."""
    path = ICONS[icon].path(0.5, 0.5, 1.0)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" width="1mm" '
            f'height="1mm"><path d="{path}" fill="{colour}"/></svg>')


class Drawing:
    """Shapes of one diagram, laid out top to bottom."""

    def __init__(self, look: DeckLook, game: WhiteStar, marked: frozenset[Card]) -> None:
        self.look = look
        self.game = game
        self.marked = marked
        self.shapes: list[Shape] = []
        self.y = 0.0
        self.card_h = CARD * look.ratio

    # ------------------------------------------------------------------ pieces

    def text(self, x: float, y: float, words: str, *, size: float = SMALL,
             colour: str = INK, anchor: str = "start", bold: bool = False) -> None:
        self.shapes.append(TextShape(x, y, words, size, colour, anchor, bold))

    def card(self, x: float, y: float, card: Card, *, frame: str = "",
             dashed: bool = False) -> None:
        """A card face with its index under it; a card named in the text is washed."""
        if card in self.marked:
            self.shapes.append(RectShape(x - 0.9, y - 0.9, CARD + 1.8, self.card_h + 1.8 + 3.2,
                                         WASH))
        self.shapes.append(CardShape(self.look.faces[card], x, y, CARD))
        if frame:
            self.shapes.append(RectShape(x - 0.35, y - 0.35, CARD + 0.7, self.card_h + 0.7,
                                         stroke=frame, stroke_width=0.5,
                                         dash=(1.0, 0.6) if dashed else ()))
        self.index(x + CARD / 2, y + self.card_h + 1.9, card)

    def index(self, centre: float, y: float, card: Card) -> None:
        """The card's index and suit symbol, centred on ``centre``, capitals on ``y``."""
        suit, rank = self.look.suits[suit_of(card)], self.look.ranks[rank_of(card)]
        symbol = INDEX * 0.95
        width = text_width(rank.index, INDEX) * 0.95 + 0.3 + symbol * 0.85
        left = centre - width / 2
        self.text(left, y, rank.index, size=INDEX, colour=suit.colour, bold=True)
        self.shapes.append(PictureShape(f"suit-{suit.letter}-{suit.colour}",
                                        _icon_svg(suit.icon, suit.colour),
                                        left + width - symbol * 0.92, y - symbol / 2, symbol))

    def back(self, x: float, y: float) -> None:
        self.shapes.append(PictureShape("back", self.look.back, x, y, CARD))

    def slot(self, x: float, y: float) -> None:
        """An empty place for a card still to be played."""
        self.shapes.append(RectShape(x, y, CARD, self.card_h, stroke=RULE, stroke_width=0.3,
                                     dash=(0.8, 0.6)))

    # ------------------------------------------------------------------ parts

    def status(self, words: str) -> None:
        self.text(0, self.y + 1.6, words, size=TITLE, colour=MUTED)
        self.y += 4.6

    def hands(self, state: WhiteStarState, roles: Sequence[Sequence[str]]) -> None:
        """Each player's hand in a row, their name and role on the left."""
        names = self.game.names
        for seat in range(NUM_PLAYERS):
            cards = cards_in(state.hands[seat])
            if not cards:
                continue
            rows = -(-len(cards) // PER_ROW)
            per_row = -(-len(cards) // rows)
            top = self.y
            self.text(0, top + 1.8, names[seat], size=NAME, bold=True)
            for line, role in enumerate(roles[seat]):
                self.text(0, top + 5.4 + line * 2.9, role, colour=MUTED)
            for i, card in enumerate(cards):
                row, col = divmod(i, per_row)
                self.card(NAME_COLUMN + col * (CARD + GAP),
                          top + row * (self.card_h + 4.4), card)
            self.y = top + rows * (self.card_h + 4.4) + 1.2

    def table(self, blocks: Sequence[Block]) -> None:
        """Groups of cards on the table, side by side, wrapping to a new row."""
        x = 0.0
        row_height = 0.0
        for block in blocks:
            width = block.width
            if x > 0 and x + width > WIDTH:
                self.y += row_height + 2.0
                x, row_height = 0.0, 0.0
            row_height = max(row_height, block.draw(self, x, self.y))
            x += width + BLOCK_GAP
        if blocks:
            self.y += row_height + 2.0

    def score(self, rows: Sequence[tuple[str, Sequence[str]]], note: str = "") -> None:
        """A small table: a column per player, a row per figure."""
        if not rows:
            return
        label, column = 34.0, (WIDTH - 34.0) / NUM_PLAYERS
        top = self.y + 1.0
        line = 3.5
        self.shapes.append(RectShape(0, top, WIDTH, line, "#eef0f5"))
        for seat, name in enumerate(self.game.names):
            self.text(label + (seat + 0.5) * column, top + line / 2, name, anchor="middle",
                      bold=True)
        for i, (title, cells) in enumerate(rows):
            y = top + (i + 1) * line
            self.shapes.append(RectShape(0, y, WIDTH, 0.0, stroke=RULE, stroke_width=0.2))
            self.text(0.8, y + line / 2, title, colour=MUTED)
            for seat, cell in enumerate(cells):
                self.text(label + (seat + 0.5) * column, y + line / 2, cell, anchor="middle",
                          bold=i == len(rows) - 1)
        self.y = top + (len(rows) + 1) * line + 0.6
        if note:
            self.text(0, self.y + 1.6, note, colour=MUTED)
            self.y += 3.6

    def legend(self, items: Sequence[tuple[str, str]]) -> None:
        """What the marks mean: (kind, words) with kind ``wash`` or ``skull``."""
        if not items:
            return
        x = 0.0
        y = self.y + 1.2
        for kind, words in items:
            if kind == "wash":
                self.shapes.append(RectShape(x, y, 3.0, 2.2, WASH))
            else:
                self.shapes.append(RectShape(x + 0.2, y + 0.2, 2.6, 1.8, stroke=LOSER,
                                             stroke_width=0.4, dash=(0.8, 0.5)))
            self.text(x + 3.8, y + 1.1, words, colour=MUTED)
            x += 3.8 + text_width(words, SMALL) + 4.0
        self.y = y + 3.4

    def scene(self) -> Scene:
        return Scene(WIDTH, round(self.y + 0.5, 2), "", tuple(self.shapes))


@dataclass(frozen=True)
class Block:
    """A group of cards on the table: a title over them, a line of words under them."""

    title: str
    cards: tuple[Card | None, ...]
    """The cards, ``None`` for a place still empty."""
    names: tuple[str, ...] = ()
    """Under each card: who played it (or nothing)."""
    result: str = ""
    face_down: bool = False
    frames: Mapping[int, str] = field(default_factory=dict)
    """Which cards are outlined, and in what colour (a Skull that lost is dashed)."""
    dashed: frozenset[int] = frozenset()

    @property
    def width(self) -> float:
        cards = len(self.cards) * (CARD + GAP) - GAP
        words = max(text_width(self.title, TITLE) * 0.92, text_width(self.result, SMALL) * 0.92)
        return max(cards, words)

    def draw(self, drawing: Drawing, x: float, y: float) -> float:
        """Draw the block with its top-left corner at (x, y); return its height."""
        drawing.text(x, y + 1.4, self.title, size=TITLE, bold=True)
        top = y + 3.6
        for i, card in enumerate(self.cards):
            left = x + i * (CARD + GAP)
            if card is None:
                drawing.slot(left, top)
            elif self.face_down:
                drawing.back(left, top)
            else:
                drawing.card(left, top, card, frame=self.frames.get(i, ""),
                             dashed=i in self.dashed)
            if i < len(self.names):
                drawing.text(left + CARD / 2, top + drawing.card_h + 4.7, self.names[i],
                             anchor="middle", colour=MUTED)
        bottom = top + drawing.card_h + (7.2 if self.names else 3.6)
        if self.result:
            drawing.text(x, bottom + 1.1, self.result)
            bottom += 2.9
        return bottom - y


def trick_block(game: WhiteStar, trick: PlayedTrick) -> Block:
    """A trick as it lay: its cards in order with who played each, and its fate."""
    names = tuple(game.names[s] for s in trick.seats)
    title = "Trick" if trick.number is None else f"Trick {trick.number}"
    outcome = trick.outcome
    if outcome is None:
        waiting = tuple(game.names[(trick.leader + i) % NUM_PLAYERS]
                        for i in range(len(trick.cards), NUM_PLAYERS))
        return Block(title, (*trick.cards, *(None,) * len(waiting)), names + waiting,
                     f"{waiting[0]} to play")
    taker = game.names[outcome.taker]
    where = trick.seats.index(outcome.taker)
    if not outcome.star:
        return Block(title, trick.cards, names, f"{taker} wins: {trick.points} points",
                     frames={where: INK})
    if not outcome.to_star_pile:
        best = trick.seats.index(outcome.taker)
        return Block(f"{title}: a Star", trick.cards, names,
                     f"{taker} wins: {trick.points} points", frames={best: INK})
    value = game.star_value(sum(1 << c for c in trick.cards))
    kind = "a Perfect Star" if outcome.perfect else "a Star"
    return Block(f"{title}: {kind}", trick.cards, names,
                 f"Adds {value} to {taker}'s Star pile", frames={where: LOSER},
                 dashed=frozenset({where}))


__all__ = ["CARD", "WIDTH", "Block", "DeckLook", "Drawing", "deck_look", "trick_block"]
