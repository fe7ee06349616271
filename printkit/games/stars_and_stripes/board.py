"""Stars and Stripes on paper: the board's picture and positions as diagrams.

The board is the engine's: its side, the homes and the Trump's square come from the
parameters, so every variant gets its own board; how it looks comes from the definition's
``board:`` section.  Squares are named ``row,col`` as in the notation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.booklet.figures import CARD, WIDEST
from printkit.definition.board_schema import DEFAULT_COLOURS, BoardSettings
from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError, Location, Problem
from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.games.stars_and_stripes.seats import colour_slots, in_corner_colours
from printkit.games.stars_and_stripes.state import DECK_LETTERS, EMPTY, TRUMP, card_values
from printkit.render.board import BoardPicture, Landmark, mix
from printkit.render.diagram import OWNED, BoardView, Piece, PieceStyle, Square, width_for_cards
from printkit.units import MM
from printkit.yamlsource import load as load_yaml

STYLES = {
    "follower": OWNED,
    "independent": PieceStyle(frame="white", dashed=True, legend="independent",
                              owners_in_legend=False),
    "trump": PieceStyle(owners_in_legend=False),
}
"""How the diagrams show followers, independents and the Trump (framed in its holder's
colour once held)."""
TILE_TRUMP = "T"
"""The Trump's mark on a board drawn as labelled tiles: a tile of a 15 x 15 board has no
room for the word at 6 pt, so the legend gives the key."""
TILE_STYLES = {**STYLES, "trump": PieceStyle(owners_in_legend=False,
                                             legend=f"{TILE_TRUMP} = Trump")}
"""The styles of a board drawn as labelled tiles: the legend says what the Trump's mark
means."""


def shows_tiles(size: int) -> bool:
    """Whether a diagram of a ``size`` x ``size`` board is drawn as labelled tiles rather
    than card faces: cards of the least size a diagram draws need a wider diagram than the
    widest the booklet prints alone (a pair of diagrams side by side is narrower still)."""
    return width_for_cards(size, CARD) > WIDEST


def _engine(engine: Any) -> StarsAndStripes:
    if not isinstance(engine, StarsAndStripes):
        raise TypeError(f"not a Stars and Stripes engine: {engine!r}")
    return engine


def player_colours(definition: Definition) -> tuple[str, ...]:
    """The board's colours, else the booklet's player colours, else the defaults."""
    own = BoardSettings.from_mapping(definition.board).colours
    if own:
        return own
    booklet = definition.booklet.get("player_colours")
    if isinstance(booklet, (tuple, list)) and booklet:
        return tuple(str(c) for c in booklet)
    return DEFAULT_COLOURS


def square_size(definition: Definition) -> float:
    """Side of one square in points: the card's longer side plus the play room."""
    play = BoardSettings.from_mapping(definition.board).play
    return max(definition.card_width, definition.card_height) + play


def board_picture(engine: Any, definition: Definition) -> BoardPicture:
    """The board of this variant: homes in the players' colours, the Trump's square.

    Raises :class:`DefinitionError` when the definition gives fewer player colours than
    the game has players.
    """
    game = _engine(engine)
    settings = BoardSettings.from_mapping(definition.board)
    colours = player_colours(definition)
    params = game.params
    players = params.players
    if len(colours) < players:
        raise DefinitionError([Problem(
            f"{players} players need {players} colours, but the board has only "
            f"{len(colours)}: add colours to board.colours", _colours_location(definition))])
    n = game.board_size
    names = params.player_names
    slots = colour_slots(names, len(colours))  # SE is SE's colour whoever else plays
    homes = tuple(Landmark(row, col, fill=mix(colours[slots[seat]], "#ffffff", 0.6),
                           ring=colours[slots[seat]], label=names[seat], caption="home")
                  for seat, (row, col) in enumerate(params.home_squares))
    centre = divmod(game.centre, n)
    trump = Landmark(centre[0], centre[1], fill=settings.highlight, emblem="star",
                     caption="Trump")
    decks = params.decks
    square = round(square_size(definition) / MM, 3)
    card = f"{definition.card_width / MM:g} x {definition.card_height / MM:g} mm"
    return BoardPicture(
        title=definition.title,
        subtitle=(f"{n} \u00d7 {n} board \u00b7 {params.players} players \u00b7 {decks} "
                  f"deck{'s' if decks > 1 else ''}"),
        size=n,
        square=square,
        landmarks=(*homes, trump),
        column_labels=tuple(str(k) for k in range(n)),
        row_labels=tuple(str(k) for k in range(n)),
        square_names=(tuple(game.square_text(s) for s in range(n * n))
                      if settings.square_names else ()),
        note="A square is named row,col, counting from 0; row 0 is the north edge.",
        background=settings.background,
        lines=settings.lines,
        instructions=(f"Each square is {square:g} mm across: a {card} card with a little room "
                      "around it. Home cards go on the coloured home squares and the Trump on "
                      "the grey square in the middle.",),
    )


def _colours_location(definition: Definition) -> Location | None:
    """Where the colours were written: ``board.colours`` in the file if it is there,
    else wherever the number of players was set."""
    path = Path(definition.path)
    display = next((loc.file for loc in definition.parameter_locations.values()
                    if loc.file != "<command line>"), str(path))
    try:
        doc = load_yaml(path, display)
    except DefinitionError:
        doc = None
    board = doc.data.get("board") if doc is not None and isinstance(doc.data, dict) else None
    if doc is not None and isinstance(board, dict) and "colours" in board:
        return doc.where(("board", "colours"))
    return definition.parameter_locations.get("players")


_SQUARE = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


class Positions:
    """Stars and Stripes positions as diagrams (the plugin's ``positions`` part)."""

    def square(self, engine: Any, text: str) -> Square:
        """``"2,5"`` (or ``"(2, 5)"``) as (row, col); ``ValueError`` off the board."""
        size = _engine(engine).size
        match = _SQUARE.fullmatch(text.strip())
        if match is None:
            raise ValueError(f"expected a square row,col such as '2,5', not {text!r}")
        row, col = int(match.group(1)), int(match.group(2))
        if not (0 <= row < size and 0 <= col < size):
            raise ValueError(f"square {row},{col} is off the {size}x{size} board")
        return row, col

    def view(self, definition: Any, engine: Any, state: Any, highlights: Sequence[Square],
             moves: Sequence[Any]) -> BoardView:
        """Cards with their owners and labels (``6*4``), the homes, the Trump and its
        holder, and the hands the position knows, each player in their corner's colour."""
        game = _engine(engine)
        cards, trump_face = _faces_by_kind(definition)
        size = game.size
        tiles = shows_tiles(size)
        several = game.params.decks > 1
        pieces = []
        for index, cell in enumerate(state.cells):
            square = divmod(index, size)
            if cell == EMPTY:
                continue
            if cell == TRUMP:
                holder = state.trump_holder if state.trump_holder >= 0 else None
                word = TILE_TRUMP if tiles else "Trump"
                label = word if holder is None else (
                    f"{word} {game.names[holder]}" if tiles else f"{word}: {game.names[holder]}")
                pieces.append(Piece(square, trump_face, "trump", holder, label))
                continue
            stars, stripes, deck = card_values(cell)
            face = cards[(stars, stripes)]
            mark = DECK_LETTERS[deck] if several else ""
            face = replace(face, key=f"{face.key}@{mark}", deck=deck, deck_mark=mark)
            owner = next((p for p, mask in enumerate(state.followers) if mask >> index & 1),
                         None)
            pieces.append(Piece(square, face, "follower" if owner is not None
                                else "independent", owner,
                                _follower_label(game, owner, index, cell)))
        homes = tuple((divmod(square, size), seat)
                      for seat, square in enumerate(game.home_indices))
        marked = tuple(divmod(m.square, size) for m in moves if getattr(m, "square", -1) >= 0)
        hands = tuple((seat, tuple(game.card_text(c) for c in hand))
                      for seat, hand in enumerate(state.hands) if hand is not None)
        return in_corner_colours(BoardView(
            size, tuple(pieces), tuple(game.names), homes, tuple(highlights), marked,
            TILE_STYLES if tiles else STYLES, hands), game.names)


def _follower_label(game: StarsAndStripes, owner: int | None, index: int, cell: int) -> str:
    """What the plate under a card says: the card (``6*4``), after its owner's name
    (``NE 6*4``) for a follower, so that followers are told apart by more than colour (in
    greyscale and by colour-blind readers).  On a home square the diagram names the home's
    player itself."""
    words = game.card_text(cell)
    if owner is None or index in game.home_indices:
        return words
    return f"{game.names[owner]} {words}"


def _faces_by_kind(definition: Definition) -> tuple[dict[tuple[int, int], CardFace], CardFace]:
    cards: dict[tuple[int, int], CardFace] = {}
    trump: CardFace | None = None
    for face in definition.faces:
        if face.kind == "stars-and-stripes" and face.deck == 0:
            cards[(int(face.attr("stars")), int(face.attr("stripes")))] = face
        elif face.kind == "trump":
            trump = face
    if trump is None or len(cards) < 36:
        raise DefinitionError([Problem("the booklet's diagrams need the 36 card faces of a deck "
                                       "and a 'trump' face", definition.sections.get("faces"))])
    return cards, trump


POSITIONS = Positions()
