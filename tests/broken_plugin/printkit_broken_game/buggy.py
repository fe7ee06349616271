"""The face kind of ``buggy-faces``, whose renderer fails on every face."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.definition.model import CardFace
from printkit.definition.options import option
from printkit.definition.schema import Colour
from printkit.render.kinds import FaceKind
from printkit.render.svg import Frame


@dataclass(frozen=True)
class BuggyOptions:
    """How a buggy card would look."""

    background: str = option(Colour("card colour"), "#ffffff")


def render_buggy(face: CardFace, frame: Frame, options: BuggyOptions) -> str:
    """Fails: the bug printkit must blame on this plugin."""
    pips = int(face.attr("pips"))
    return f"<svg>{frame.width / (pips - pips)}{options.background}</svg>"


FACE_KINDS = (FaceKind("buggy-card", "A card whose drawing always fails.", BuggyOptions,
                       render_buggy),)
