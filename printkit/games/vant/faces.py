"""The cards of "I vant to be alone": the 32-card pack, each card with its point values.

A card is an ordinary playing card (:mod:`printkit.render.faces.playing_cards`) with two
small numbers beside its corner index: the value its rank gives away beside the rank and
the value its suit gives away beside the suit symbol, so nobody needs the point table at
hand while counting.

The values come from the face options ``suit_values`` and ``rank_values``, written in
exactly the shape of the rules engine's parameters of the same names (suits in the order
spades, hearts, clubs, diamonds; ranks 7, 8, 9, 10, J, Q, K, A).  The shipped definition
writes its table once, under ``parameters:``, and hands the same lists to the faces through
YAML aliases (``&suit_values`` ... ``*suit_values``): whoever edits the table edits the
rules and the printed cards together.  The options are checked here (counts and values),
so a short list is an error at the line that wrote it, not a card printed wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.definition.model import AttributeValue, CardFace
from printkit.definition.options import option
from printkit.definition.schema import JSON, Checker, Flag, Node, Number, shown
from printkit.games.vant.state import RANK_NAMES, SUIT_LETTERS, VantParams
from printkit.render.faces.playing_cards import (
    PlayingCardOptions,
    card_of,
    draw_card,
    ink,
    plan,
    read_card,
)
from printkit.render.kinds import FaceKind
from printkit.render.svg import Frame, deck_mark, fill_bleed, new_drawing
from printkit.render.svgtext import svg_text
from printkit.yamlsource import PathKey

MOST_POINTS = 999
"""The largest value a card can print (three digits fit beside the index)."""


@dataclass
class PointList(Node):
    """A list of exactly ``count`` whole numbers from 0 to :data:`MOST_POINTS`, one for
    each of ``names`` in order."""

    description: str = ""
    count: int = 0
    names: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, list):
            checker.fail(path, f"expected a list of {self.count} values ({self.names}), "
                         f"found {shown(value)}")
            return None
        if len(value) != self.count:
            checker.fail(path, f"give {self.count} values ({self.names}), not {len(value)}")
            return None
        number = Number("a value", minimum=0, maximum=MOST_POINTS)
        values = [number.check(item, (*path, i), checker) for i, item in enumerate(value)]
        return None if any(v is None for v in values) else tuple(values)

    def json(self) -> JSON:
        return self._json({"type": "array", "minItems": self.count, "maxItems": self.count,
                           "items": {"type": "integer", "minimum": 0,
                                     "maximum": MOST_POINTS}})


_DEFAULTS = VantParams()
SUIT_ORDER = ", ".join(SUIT_LETTERS)
RANK_ORDER = ", ".join(RANK_NAMES)


@dataclass(frozen=True)
class VantCardOptions(PlayingCardOptions):
    """How the 32 cards look, and the point table they print."""

    suit_values: tuple[int, ...] = option(PointList(
        "what each suit gives away, as the rules' suit_values", count=4, names=SUIT_ORDER),
        _DEFAULTS.suit_values)
    rank_values: tuple[int, ...] = option(PointList(
        "what each rank gives away, as the rules' rank_values", count=8, names=RANK_ORDER),
        _DEFAULTS.rank_values)
    values: bool = option(Flag("print each card's rank and suit values beside its index"),
                          True)


def check_vant_card(attributes: Mapping[str, AttributeValue]) -> str | None:
    """What is wrong with a card of the 32-card pack (``None`` when nothing is)."""
    card = read_card(attributes)
    if isinstance(card, str):
        return card
    if card.rank not in RANK_NAMES or card.suit is None:
        return (f"the pack of \"I vant to be alone\" holds {RANK_ORDER} of each suit, "
                f"not the {card.name}")
    return None


def values_of(face: CardFace, options: VantCardOptions) -> tuple[int, int]:
    """The (rank value, suit value) a face gives away when it is matched."""
    card = card_of(face)
    assert card.suit is not None
    return (options.rank_values[RANK_NAMES.index(card.rank)],
            options.suit_values[SUIT_LETTERS.index(card.suit.letter)])


def render_vant_card(face: CardFace, frame: Frame, options: VantCardOptions) -> str:
    """SVG text of one card, its values beside the index."""
    card = card_of(face)
    rank_value, suit_value = values_of(face, options)
    notes = (str(rank_value), str(suit_value)) if options.values else ("", "")
    layout = plan(card, frame, notes=notes, marked=bool(face.deck_mark))
    drawing = new_drawing(frame, f"{card.name} ({rank_value} for its rank, "
                                 f"{suit_value} for its suit)")
    fill_bleed(drawing, frame, options.background)
    draw_card(drawing, layout, options)
    if face.deck_mark:
        deck_mark(drawing, frame, face.deck_mark, ink(card, options))
    return svg_text(drawing)


CARD = FaceKind("vant-card", "A card of the 32-card pack ('rank' 7 to A, 'suit' S, H, C, D) "
                "with its rank and suit values printed beside the index.", VantCardOptions,
                render_vant_card, check_attributes=check_vant_card)
FACE_KINDS = (CARD,)
"""The face kinds this game declares (its plugin's ``face_kinds``)."""
