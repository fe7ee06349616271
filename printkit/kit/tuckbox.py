"""The tuck box part of a kit: ``tuckbox.pdf``, a box for the main deck.

:func:`plan_kit_tuckbox` does what can fail (it runs in ``printkit check`` too, through
:func:`printkit.kit.prepare.prepare_kit`); :func:`write_tuckbox` then draws it.
"""

from __future__ import annotations

from printkit.definition.model import Definition
from printkit.kit.cards import CardsPlan
from printkit.kit.outputs import OutputSet
from printkit.pdf.tuckbox_plan import TuckboxPlan, plan_tuckbox

FILE = "tuckbox.pdf"


def plan_kit_tuckbox(definition: Definition, cards: CardsPlan | None) -> TuckboxPlan | None:
    """The box for the main deck: its card size, every card (copies included), its back
    and its first face, on the build's paper (``None`` without a main deck, with
    ``tuckbox: make: false``, or when ``--sheets`` leaves ``tuckbox`` out)."""
    if cards is None or "tuckbox" not in cards.plan.layouts:
        return None
    spec = cards.spec
    return plan_tuckbox(definition, card_width=spec.card_w, card_height=spec.card_h,
                        cards=len(cards.deck), back=cards.back,
                        face=cards.faces[0] if cards.faces else None, bleed=spec.bleed,
                        paper=cards.plan.paper, margin=spec.margin)


def write_tuckbox(plan: TuckboxPlan, out: OutputSet, *, margin: float) -> None:
    """Queue ``tuckbox.pdf``."""
    from printkit.pdf.tuckbox_pdf import tuckbox_pdf  # the writer: loaded when writing

    out.add(FILE, tuckbox_pdf(plan, margin=margin))
