"""The tuck box part of a kit: a box for each deck, ``tuckbox.pdf`` for the main deck and
``NAME-tuckbox.pdf`` for a ``cards`` component called NAME.

:func:`plan_tuckboxes` does what can fail (it runs in ``printkit check`` too, through
:func:`printkit.kit.prepare.prepare_kit`); :func:`write_tuckboxes` then draws them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from printkit.definition.model import Definition
from printkit.errors import DefinitionError, Problem, sort_problems
from printkit.kit.cards import CardsPlan
from printkit.kit.components import ComponentsPlan
from printkit.kit.outputs import OutputSet
from printkit.pdf.artwork import Artwork
from printkit.pdf.tuckbox_plan import TuckboxPlan, plan_tuckbox

FILE = "tuckbox.pdf"
"""The main deck's box."""


@dataclass(frozen=True)
class KitTuckbox:
    """A deck's box and the file it goes in."""

    file: str
    plan: TuckboxPlan


def plan_tuckboxes(definition: Definition, cards: CardsPlan | None,
                   components: ComponentsPlan) -> tuple[KitTuckbox, ...]:
    """A box for the main deck and for each ``cards`` component: each deck's card size,
    its cards (copies included; ``tuckbox: cards:`` sets the main deck's) and the back most
    of its cards show, on the build's paper.  None with ``tuckbox: make: false`` or when
    ``--sheets`` leaves ``tuckbox`` out.  Raises every problem of every box at once."""
    decks = [part for part in (cards, *components.parts) if isinstance(part, CardsPlan)]
    boxes: list[KitTuckbox] = []
    problems: list[Problem] = []
    for deck in decks:
        if "tuckbox" not in deck.plan.layouts:
            continue
        main = deck is cards
        spec = deck.spec
        try:
            plan = plan_tuckbox(
                definition, card_width=spec.card_w, card_height=spec.card_h,
                cards=len(deck.deck), back=_commonest_back(deck), bleed=spec.bleed,
                paper=deck.plan.paper, margin=spec.margin,
                deck="" if main else deck.deck_source.stem)
        except DefinitionError as exc:
            problems += exc.problems
            continue
        if plan is not None:
            boxes.append(KitTuckbox(FILE if main else f"{deck.deck_source.stem}-{FILE}",
                                    plan))
    if problems:
        raise DefinitionError(sort_problems(list(dict.fromkeys(problems))))
    return tuple(boxes)


def _commonest_back(deck: CardsPlan) -> Artwork:
    """The back most of the deck's cards show (the first of them on a tie): the deck's own
    back may be behind none of them when every group has a back of its own."""
    if not deck.behind:
        return deck.back
    counts = Counter(art.key for art in deck.behind)
    most = max(counts.values())
    return next(art for art in deck.behind if counts[art.key] == most)


def write_tuckboxes(boxes: tuple[KitTuckbox, ...], out: OutputSet, *,
                    margin: float) -> None:
    """Queue each deck's box."""
    if not boxes:
        return
    from printkit.pdf.tuckbox_pdf import tuckbox_pdf  # the writer: loaded when writing

    for box in boxes:
        out.add(box.file, tuckbox_pdf(box.plan, margin=margin))
