"""The line ``printkit check`` prints for a game that is valid, worded for what it has.

It names the parts the kit holds and nothing it lacks: the main deck, the board a game's
plugin draws, each component (a board component is the game's board, so no "no board"
beside it), the tuck boxes and the booklet, whose examples are counted only when it has
any::

    game.yaml: Skirmish is valid (40 cards (12 different faces); map: a board (11 x 9
    hex spaces) on 2 sheets; a tuck box; a booklet with 3 examples verified)
"""

from __future__ import annotations

from typing import Protocol

from printkit.booklet.document import Booklet
from printkit.kit.board import BoardPlan
from printkit.kit.cards import CardsPlan
from printkit.kit.components import ComponentsPlan


class CheckedKit(Protocol):
    """What the line reads of a prepared kit."""

    @property
    def cards(self) -> CardsPlan | None: ...

    @property
    def board(self) -> BoardPlan | None: ...

    @property
    def components(self) -> ComponentsPlan: ...

    @property
    def booklet(self) -> Booklet | None: ...

    @property
    def tuckboxes(self) -> tuple[object, ...]: ...


def booklet_words(booklet: Booklet | None) -> str:
    """What the line says of the booklet (``""`` for a game without one).

    >>> booklet_words(None)
    ''
    """
    if booklet is None:
        return ""
    if booklet.figures == 0:
        return "a booklet without examples"
    plural = "" if booklet.figures == 1 else "s"
    return f"{booklet.figures} booklet example{plural} verified"


def check_line(label: str, title: str, kit: CheckedKit) -> str:
    """``LABEL: TITLE is valid (the parts it has)``."""
    parts = [kit.cards.summary] if kit.cards is not None else []
    if kit.board is not None:
        parts.append(kit.board.summary)
    parts += [summary.line for summary in kit.components.summaries]
    boxes = len(kit.tuckboxes)
    if boxes:
        parts.append("a tuck box" if boxes == 1 else f"{boxes} tuck boxes")
    booklet = booklet_words(kit.booklet)
    if booklet:
        parts.append(booklet)
    return f"{label}: {title} is valid ({'; '.join(parts)})"


__all__ = ["CheckedKit", "booklet_words", "check_line"]
