"""The card part of a kit: one SVG per unique face and back, and the card PDFs, for the main
deck and for every ``cards`` component (each on sheets of its own size).

:func:`plan_cards` and :func:`plan_deck` do everything that can fail (drawing each face and
back, fitting the cards on the paper for each layout asked for) and are what ``printkit
check`` runs too; :func:`printkit.kit.write.write_cards` then lays out the PDFs, which
cannot fail on the user's input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from printkit.definition.components import CardsComponent
from printkit.definition.faces import file_word
from printkit.definition.model import Back, CardFace, Definition
from printkit.errors import DefinitionError, Problem, sort_problems
from printkit.kit.options import PrintPlan
from printkit.pdf.artwork import Artwork
from printkit.pdf.geometry import LayoutError, SheetSpec, fold_sheet, sheet_grid
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Frame

BACK_KEY = "back"
T = TypeVar("T")


@dataclass(frozen=True)
class Deck:
    """A deck to print, whichever part of the definition gave it."""

    title: str
    """The game's title (the backs may print it)."""
    label: str
    """What the pages are called: the game's title, and a component's name."""
    stem: str
    """The name of its PDFs: ``cards`` for the main deck, else the component's name."""
    width: float
    height: float
    safe_margin: float
    faces: tuple[CardFace, ...]
    """Each with its own back, when it has one (its group's, or one drawn from its fields)."""
    back: Back


def main_deck(definition: Definition) -> Deck:
    """The deck of the definition's ``card``, ``faces`` and ``back``."""
    return Deck(definition.title, definition.title, "cards", definition.card_width,
                definition.card_height, definition.safe_margin, definition.faces,
                Back(definition.back_kind, definition.back_options, definition.back_owner))


def component_deck(definition: Definition, component: CardsComponent) -> Deck:
    """The deck of a ``cards`` component."""
    return Deck(definition.title, f"{definition.title}, {component.name}", component.name,
                component.width, component.height,
                component.safe_margin, component.faces, component.back)


@dataclass(frozen=True)
class CardsPlan:
    """The drawn faces and backs, and the cards in print order (copies repeated)."""

    deck_source: Deck
    plan: PrintPlan
    spec: SheetSpec
    faces: tuple[Artwork, ...]
    back: Artwork
    """The deck's back (behind every card whose group names none)."""
    backs: tuple[Artwork, ...]
    """Every different back the cards show, in the order they first do."""
    deck: tuple[Artwork, ...]
    behind: tuple[Artwork, ...]
    """The back of each card of :attr:`deck`."""

    @property
    def summary(self) -> str:
        """``37 cards (37 different faces)``, and the backs when there are several."""
        backs = f", {len(self.backs)} different backs" if len(self.backs) > 1 else ""
        cards = f"{len(self.deck)} card" + ("" if len(self.deck) == 1 else "s")
        faces = "1 face" if len(self.faces) == 1 else f"{len(self.faces)} different faces"
        return f"{cards} ({faces}{backs})"


def _frame(deck: Deck, bleed: float) -> Frame:
    return Frame.from_points(deck.width, deck.height, bleed, deck.safe_margin)


def card_artwork(definition: Definition, bleed: float) -> tuple[list[Artwork], Artwork]:
    """Every unique face's SVG (one entry per face) and the back's, of the main deck."""
    deck = main_deck(definition)
    frame = _frame(deck, bleed)
    faces = [Artwork(face.key, render_face(face, frame)) for face in deck.faces]
    return faces, Artwork(BACK_KEY, render_back(deck.back.kind, frame, deck.back.options,
                                                deck.title, deck.back.owner))


def plan_cards(definition: Definition, plan: PrintPlan) -> CardsPlan:
    """The main deck drawn and fitted on the paper (see :func:`plan_deck`).

    Raises :class:`DefinitionError` naming the game when a layout cannot be made.
    """
    try:
        return plan_deck(main_deck(definition), plan)
    except LayoutError as exc:  # at the card size, whether the file or --set gave it
        raise DefinitionError([Problem(f"{definition.game}: {exc}",
                                       definition.card_size_at)]) from None


def plan_deck(deck: Deck, plan: PrintPlan) -> CardsPlan:
    """Draw the faces and backs and check that the cards fit the paper in every layout
    asked for (:class:`LayoutError` when one cannot be made)."""
    frame = _frame(deck, plan.spec.bleed)
    problems: list[Problem] = []  # every problem of every drawing, reported together
    faces: list[Artwork] = _gathering(problems, lambda: _drawn(deck, frame), [])
    back = Artwork(BACK_KEY, _gathering(problems, lambda: render_back(
        deck.back.kind, frame, deck.back.options, deck.title, deck.back.owner), ""))
    own_backs: dict[str, Artwork] = _gathering(problems, lambda: _own_backs(deck, frame, back),
                                               {})
    if problems:
        raise DefinitionError(sort_problems(problems))
    spec = SheetSpec(paper=plan.spec.paper, card_w=deck.width, card_h=deck.height,
                     bleed=plan.spec.bleed, margin=plan.spec.margin, gutter=plan.spec.gutter,
                     mark_length=plan.spec.mark_length, mark_offset=plan.spec.mark_offset)
    if "sheets" in plan.layouts:
        sheet_grid(spec)
    if "gutter-fold" in plan.layouts:
        fold_sheet(spec)
    cards: list[Artwork] = []
    behind: list[Artwork] = []
    for face, art in zip(deck.faces, faces, strict=True):
        cards += [art] * face.copies
        behind += [own_backs.get(face.key, back)] * face.copies
    used = tuple({art.key: art for art in behind}.values()) or (back,)
    return CardsPlan(deck, plan, spec, tuple(faces), back, used, tuple(cards), tuple(behind))


def _gathering(problems: list[Problem], draw: Callable[[], T], instead: T) -> T:
    """What ``draw`` returns, or ``instead`` when it raises :class:`DefinitionError`, whose
    problems join ``problems`` (each once)."""
    try:
        return draw()
    except DefinitionError as exc:
        problems += [problem for problem in exc.problems if problem not in problems]
        return instead


def _own_backs(deck: Deck, frame: Frame, back: Artwork) -> dict[str, Artwork]:
    """The back of each card that has one of its own, by face key, drawn once for each
    different back: equal drawings are one artwork (one form in a PDF), keyed after the
    back's label (``back:hearts``: the field values that chose it, its layout or its
    picture) or else the first group that shows it (``back:GROUP``), with ``-2``, ``-3``...
    when two would share a key, or the deck's own key when it draws like the deck's back.
    Problems of every back are reported together."""
    by_svg = {back.svg: back}
    taken = {back.key}
    backs: dict[str, Artwork] = {}
    problems: list[Problem] = []
    for face in deck.faces:
        own = face.back
        if own is None:
            continue
        try:
            svg = render_back(own.kind, frame, own.options, deck.title, own.owner)
        except DefinitionError as exc:
            problems += [p for p in exc.problems if p not in problems]
            continue
        art = by_svg.get(svg)
        if art is None:
            stem = file_word(own.label)[:60].strip("-.") or face.group
            key = f"{BACK_KEY}:{stem}"
            number = 1
            while key in taken:
                number += 1
                key = f"{BACK_KEY}:{stem}-{number}"
            taken.add(key)
            art = by_svg[svg] = Artwork(key, svg)
        backs[face.key] = art
    if problems:
        raise DefinitionError(sort_problems(problems))
    return backs


def _drawn(deck: Deck, frame: Frame) -> list[Artwork]:
    """Every face drawn; the problems of all faces (text that does not fit, say) are
    reported together instead of stopping at the first card."""
    faces: list[Artwork] = []
    problems: list[Problem] = []
    for face in deck.faces:
        try:
            faces.append(Artwork(face.key, render_face(face, frame)))
        except DefinitionError as exc:
            problems += exc.problems
    if problems:
        raise DefinitionError(sort_problems(problems))
    return faces


def svg_files(cards: CardsPlan) -> dict[str, str]:
    """The SVG files of a deck, by path in the kit: each face, and each back the cards show
    (the deck's as ``back.svg``, a face group's own as ``backs/GROUP.svg``)."""
    folder = "svg" if cards.deck_source.stem == "cards" else f"svg/{cards.deck_source.stem}"
    files = {f"{folder}/{art.key}.svg": art.svg for art in cards.faces}
    for art in cards.backs:
        own = art.key.partition(":")[2]
        files[f"{folder}/backs/{own}.svg" if own else f"{folder}/{BACK_KEY}.svg"] = art.svg
    return files
