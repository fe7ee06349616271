"""The card part of a kit: one SVG per unique face, and the card PDFs.

:func:`plan_cards` does everything that can fail (drawing each face, fitting the cards on
the paper for each layout asked for) and is what ``printkit check`` runs too;
:func:`write_cards` then lays out the PDFs, which cannot fail on the user's input.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.deck.model import Definition
from printkit.errors import DefinitionError
from printkit.kit import Progress
from printkit.kit.options import PrintPlan
from printkit.kit.outputs import OutputSet
from printkit.layout import cards as card_pdf
from printkit.layout.calibration import calibration
from printkit.layout.cards import Artwork, SheetOptions
from printkit.layout.geometry import LayoutError, fold_sheet, sheet_grid
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Frame

BACK_KEY = "back"


@dataclass(frozen=True)
class CardsPlan:
    """The drawn faces and back, and the cards in print order (copies repeated)."""

    definition: Definition
    plan: PrintPlan
    faces: tuple[Artwork, ...]
    back: Artwork
    deck: tuple[Artwork, ...]

    @property
    def summary(self) -> str:
        """``37 cards (37 different faces)``."""
        return f"{len(self.deck)} cards ({len(self.faces)} different faces)"


def card_artwork(definition: Definition, bleed: float) -> tuple[list[Artwork], Artwork]:
    """Every unique face's SVG (one entry per face) and the back's."""
    frame = Frame.from_points(definition.card_width, definition.card_height, bleed,
                              definition.safe_margin)
    faces = [Artwork(face.key, render_face(face, frame)) for face in definition.faces]
    back = Artwork(BACK_KEY, render_back(definition.back_kind, frame, definition.back_options,
                                         definition.title))
    return faces, back


def plan_cards(definition: Definition, plan: PrintPlan) -> CardsPlan:
    """Draw the faces and check that the cards fit the paper in every layout asked for.

    Raises :class:`DefinitionError` naming the game when a layout cannot be made.
    """
    faces, back = card_artwork(definition, plan.spec.bleed)
    try:
        if "sheets" in plan.layouts:
            sheet_grid(plan.spec)
        if "gutter-fold" in plan.layouts:
            fold_sheet(plan.spec)
    except LayoutError as exc:
        raise DefinitionError(f"{definition.game}: {exc}") from None
    copies = {face.key: face.copies for face in definition.faces}
    deck = tuple(art for art in faces for _ in range(copies[art.key]))
    return CardsPlan(definition, plan, tuple(faces), back, deck)


def write_cards(cards: CardsPlan, out: OutputSet, progress: Progress) -> None:
    """Queue ``svg/*.svg`` and the card PDFs the plan asks for."""
    progress("card faces", len(cards.faces), len(cards.faces))
    for art in (*cards.faces, cards.back):
        out.add(f"svg/{art.key}.svg", art.svg)
    plan = cards.plan
    title = cards.definition.title
    deck, back = list(cards.deck), cards.back
    steps = len(plan.layouts)
    for step, layout in enumerate(plan.layouts, start=1):
        if layout == "sheets":
            data, _ = card_pdf.cut_sheets(deck, back, title=title, options=SheetOptions(
                plan.spec, plan.duplex, plan.back_offset))
            out.add("cards.pdf", data)
        elif layout == "gutter-fold":
            out.add("cards-gutterfold.pdf", card_pdf.gutter_fold(
                deck, back, title=title, spec=plan.spec)[0])
        elif layout == "print-shop":
            out.add("cards-printshop.pdf", card_pdf.print_shop(
                deck, back, title=title, spec=plan.spec))
        elif layout == "calibration":
            duplex = plan.duplex if plan.duplex != "none" else "long"
            out.add("calibration.pdf", calibration(
                plan.spec, title=title, duplex=duplex, back_offset=plan.back_offset))
        progress("card sheets", step, steps)
