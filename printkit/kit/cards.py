"""The card part of a kit: one SVG per unique face, and the card PDFs."""

from __future__ import annotations

from printkit.deck.model import Definition
from printkit.errors import DefinitionError
from printkit.kit import Progress
from printkit.kit.options import PrintPlan
from printkit.kit.outputs import OutputSet
from printkit.layout import cards as card_pdf
from printkit.layout.cards import Artwork, SheetOptions
from printkit.layout.geometry import LayoutError
from printkit.render.kinds import render_back, render_face
from printkit.render.svg import Frame

BACK_KEY = "back"


def card_artwork(definition: Definition, bleed: float) -> tuple[list[Artwork], Artwork]:
    """Every unique face's SVG (one entry per face) and the back's."""
    frame = Frame.from_points(definition.card_width, definition.card_height, bleed,
                              definition.safe_margin)
    faces = [Artwork(face.key, render_face(face, frame)) for face in definition.faces]
    back = Artwork(BACK_KEY, render_back(definition.back_kind, frame, definition.back_options,
                                         definition.title))
    return faces, back


def build_cards(definition: Definition, plan: PrintPlan, out: OutputSet,
                progress: Progress) -> None:
    """Queue ``svg/*.svg`` and the card PDFs the plan asks for."""
    faces, back = card_artwork(definition, plan.spec.bleed)
    progress("card faces", len(faces), len(faces))
    for art in (*faces, back):
        out.add(f"svg/{art.key}.svg", art.svg)
    copies = {face.key: face.copies for face in definition.faces}
    deck = [art for art in faces for _ in range(copies[art.key])]
    steps = len(plan.layouts)
    title = definition.title
    try:
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
                out.add("calibration.pdf", card_pdf.calibration(
                    plan.spec, title=title, duplex=duplex, back_offset=plan.back_offset))
            progress("card sheets", step, steps)
    except (LayoutError, ValueError) as exc:
        raise DefinitionError(f"{definition.game}: {exc}") from None
