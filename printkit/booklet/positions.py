"""From an engine's position to what a diagram draws (:class:`~printkit.render.diagram.BoardView`).

Each game with board diagrams registers a function here; a game without one gets its
examples printed in notation instead of drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from printkit.deck.model import CardFace, Definition
from printkit.errors import DefinitionError
from printkit.games.stars_and_stripes.rules import DECK_LETTERS, EMPTY, StarsAndStripes, card_values
from printkit.games.stars_and_stripes.rules import TRUMP as TRUMP_CELL
from printkit.render.diagram import FOLLOWER, INDEPENDENT, TRUMP, BoardView, Piece, Square
from printkit.rules.base import Game

ViewMaker = Callable[[Definition, Any, Any, Sequence[str], Sequence[Any]], BoardView]
"""(definition, engine, state, highlighted squares as written, moves played) -> view."""

_SQUARE = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


def parse_square(text: str, size: int) -> Square:
    """``"2,5"`` (or ``"(2, 5)"``) as (row, col); ``ValueError`` if it is not on the board."""
    match = _SQUARE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"expected a square row,col such as '2,5', not {text!r}")
    row, col = int(match.group(1)), int(match.group(2))
    if not (0 <= row < size and 0 <= col < size):
        raise ValueError(f"square {row},{col} is off the {size}x{size} board")
    return row, col


def _faces_by_kind(definition: Definition) -> tuple[dict[tuple[int, int], CardFace], CardFace]:
    cards: dict[tuple[int, int], CardFace] = {}
    trump: CardFace | None = None
    for face in definition.faces:
        if face.kind == "stars-and-stripes" and face.deck == 0:
            cards[(int(face.attr("stars")), int(face.attr("stripes")))] = face
        elif face.kind == "trump":
            trump = face
    if trump is None or len(cards) < 36:
        raise DefinitionError(f"{definition.path}: diagrams need the 36 card faces of a deck "
                              "and a 'trump' face")
    return cards, trump


def stars_and_stripes_view(definition: Definition, engine: Any, state: Any,
                           highlights: Sequence[str], moves: Sequence[Any]) -> BoardView:
    """A Stars and Stripes position: cards with their owners, homes, the Trump."""
    if not isinstance(engine, StarsAndStripes):
        raise TypeError(f"not a Stars and Stripes engine: {engine!r}")
    cards, trump_face = _faces_by_kind(definition)
    size = engine.size
    several = engine.params.decks > 1
    pieces = []
    for index, cell in enumerate(state.cells):
        square = divmod(index, size)
        if cell == EMPTY:
            continue
        if cell == TRUMP_CELL:
            holder = state.trump_holder if state.trump_holder >= 0 else None
            pieces.append(Piece(square, trump_face, TRUMP, holder))
            continue
        stars, stripes, deck = card_values(cell)
        face = cards[(stars, stripes)]
        mark = DECK_LETTERS[deck] if several else ""
        face = replace(face, key=f"{face.key}@{mark}", deck=deck, deck_mark=mark)
        owner = next((p for p, mask in enumerate(state.followers) if mask >> index & 1), None)
        pieces.append(Piece(square, face, FOLLOWER if owner is not None else INDEPENDENT, owner))
    homes = tuple((divmod(square, size), seat) for seat, square in enumerate(engine.home_indices))
    marked = tuple(divmod(m.square, size) for m in moves if getattr(m, "square", -1) >= 0)
    return BoardView(size, tuple(pieces), tuple(engine.names), homes,
                     tuple(parse_square(h, size) for h in highlights), marked)


_VIEWS: dict[str, ViewMaker] = {
    "stars-and-stripes": stars_and_stripes_view,
}


def view_maker(game: Game[Any, Any, Any]) -> ViewMaker | None:
    """The function drawing positions of ``game``, or ``None`` if its examples are text."""
    return _VIEWS.get(game.name)
