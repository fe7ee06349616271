"""What an export shows of a prepared kit: its decks, tokens and boards, each drawn once.

A :class:`~printkit.kit.prepare.KitPlan` holds the cards in print order (copies repeated,
each with the back behind it) and the tokens likewise.  Exports want each picture once and
how many pieces show it, so :func:`kit_pieces` regroups the plan: every deck with its
unique faces, their copies and backs; every set of tokens with its unique fronts and backs
and which pair each token shows; every board with its drawing.  Score sheets are pages to
print, not pieces, and are left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from printkit.kit import silent
from printkit.kit.board import TILED_FILE
from printkit.kit.cards import CardsPlan
from printkit.kit.components import ComponentsPlan, PlainBoardPlan, TokensPlan
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan
from printkit.kit.write import write_board, write_components
from printkit.pdf.artwork import Artwork
from printkit.render.board import board_svg, picture_geometry
from printkit.units import MM

_NEVER_WRITTEN = Path("printkit-export-scratch")
"""The folder of an output set that only collects files in memory (never committed)."""

MAIN_BOARD = "board"
"""The name of the game's own board (its files are ``board.*`` in a kit)."""


@dataclass(frozen=True)
class DeckPieces:
    """One deck: the main deck (``name`` ``cards``) or a ``cards`` component."""

    name: str
    label: str
    width: float
    height: float
    """Trim size in points (the artwork adds the bleed on every side)."""
    faces: tuple[Artwork, ...]
    """Every unique face, in print order."""
    copies: tuple[int, ...]
    """How many cards show each face (0 for a face no card shows)."""
    back_of: tuple[Artwork, ...]
    """The back behind each face."""
    backs: tuple[Artwork, ...]
    """Every different back, in the order the cards first show them."""


@dataclass(frozen=True)
class TokenPieces:
    """One ``tokens`` component."""

    name: str
    label: str
    shape: str
    """``round``, ``square`` or ``hexagon``."""
    width: float
    height: float
    fronts: tuple[Artwork, ...]
    """Every unique front (keys ``front:KEY``)."""
    backs: tuple[Artwork, ...]
    """Every unique back (keys ``back:KEY``, or ``back`` for a back kind)."""
    tokens: tuple[tuple[Artwork, Artwork | None], ...]
    """Front and back (``None``: one-sided) of every token, copies included."""


@dataclass(frozen=True)
class BoardPieces:
    """The game's board or a ``board`` component."""

    name: str
    label: str
    svg: str
    """The whole board as one drawing (what ``board.svg`` holds)."""
    width: float
    height: float
    """The drawing's size in points."""
    tiles: tuple[str, ...]
    """The names of the sheets it is tiled over (``A1``, ``B1``...), in page order."""


@dataclass(frozen=True)
class Pieces:
    """Everything an export shows, in the order of a kit."""

    title: str
    decks: tuple[DeckPieces, ...]
    tokens: tuple[TokenPieces, ...]
    boards: tuple[BoardPieces, ...]


def _deck(cards: CardsPlan) -> DeckPieces:
    source = cards.deck_source
    copies = Counter(art.key for art in cards.deck)
    behind = {art.key: back for art, back in zip(cards.deck, cards.behind, strict=True)}
    return DeckPieces(source.stem, source.label, source.width, source.height, cards.faces,
                      tuple(copies[art.key] for art in cards.faces),
                      tuple(behind.get(art.key, cards.back) for art in cards.faces),
                      cards.backs)


def _unique(arts: tuple[Artwork, ...]) -> tuple[Artwork, ...]:
    return tuple({art.key: art for art in arts}.values())


def _tokens(part: TokensPlan) -> TokenPieces:
    component = part.component
    pairs: tuple[tuple[Artwork, Artwork | None], ...] = (
        tuple(zip(part.fronts, part.backs, strict=True)) if part.backs
        else tuple((front, None) for front in part.fronts))
    return TokenPieces(component.name, part.title, part.shape.shape, part.shape.width,
                       part.shape.height, _unique(part.fronts), _unique(part.backs), pairs)


def _main_board(kit: KitPlan) -> BoardPieces | None:
    if kit.board is None:
        return None
    geometry = picture_geometry(kit.board.picture)
    return BoardPieces(MAIN_BOARD, f"{kit.game.definition.title}, board",
                       board_svg(kit.board.picture), geometry.width * MM, geometry.height * MM,
                       tuple(tile.name for tile in kit.board.tiling.tiles))


def _plain_board(part: PlainBoardPlan) -> BoardPieces:
    name = part.component.name
    width, height = part.component.extent
    return BoardPieces(name, f"{part.title}, {name}", part.svg, width * MM, height * MM,
                       tuple(tile.name for tile in part.tiling.tiles))


def kit_pieces(kit: KitPlan) -> Pieces:
    """The decks, tokens and boards of ``kit``: the main deck and board first, then the
    components in the definition's order."""
    decks = [_deck(kit.cards)] if kit.cards is not None else []
    tokens = []
    main = _main_board(kit)
    boards = [main] if main is not None else []
    for part in kit.components.parts:
        if isinstance(part, CardsPlan):
            decks.append(_deck(part))
        elif isinstance(part, TokensPlan):
            tokens.append(_tokens(part))
        elif isinstance(part, PlainBoardPlan):
            boards.append(_plain_board(part))
    return Pieces(kit.game.definition.title, tuple(decks), tuple(tokens), tuple(boards))


def tiled_boards(kit: KitPlan) -> dict[str, bytes]:
    """Each board's tiled PDF (the assembly map, then one page per sheet) by board name,
    made by the kit's own writers so the pages are those of ``board.pdf`` in a kit."""
    scratch = OutputSet(_NEVER_WRITTEN)
    pdfs = {}
    if kit.board is not None:
        write_board(kit.board, kit.game, scratch, silent)
        pdfs[MAIN_BOARD] = scratch.files[TILED_FILE]
    for part in kit.components.parts:
        if isinstance(part, PlainBoardPlan):
            write_components(ComponentsPlan((part,), ()), scratch, silent)
            pdfs[part.component.name] = scratch.files[f"{part.component.name}.pdf"]
    return pdfs
