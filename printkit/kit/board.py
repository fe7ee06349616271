"""The board part of a kit: ``board.pdf`` (tiled over the plan's paper, assembly map
first), ``board-single.pdf`` (one sheet for a print shop) and ``board.svg``.

What the board is (its side, the homes, the Trump's square, how squares are named) comes
from the rules engine built with the checked parameters, so every variant gets its own
board; how it looks comes from the definition's ``board:`` section.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printkit.deck.board_schema import DEFAULT_COLOURS, BoardSettings
from printkit.deck.model import Definition
from printkit.errors import DefinitionError, Location, Problem
from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.kit import Progress
from printkit.kit.games import ResolvedGame
from printkit.kit.options import PrintPlan
from printkit.kit.outputs import OutputSet
from printkit.layout import board_pdf
from printkit.layout.geometry import LayoutError, Rect
from printkit.layout.paper import Paper, paper_by_name
from printkit.layout.tiling import (
    board_outline,
    paper_by_iso_name,
    single_sheet,
    smallest_iso_paper,
    tile_board,
    to_board,
)
from printkit.render.board import BoardPicture, HomeSquare, board_geometry, board_svg
from printkit.render.svg import Box
from printkit.units import MM
from printkit.yamlsource import load as load_yaml

TILED_FILE = "board.pdf"
SINGLE_FILE = "board-single.pdf"
SVG_FILE = "board.svg"


def board_settings(definition: Definition) -> BoardSettings:
    """The definition's ``board:`` section, typed."""
    return BoardSettings.from_mapping(definition.board)


def player_colours(definition: Definition) -> tuple[str, ...]:
    """The board's colours, else the booklet's player colours, else the defaults."""
    own = board_settings(definition).colours
    if own:
        return own
    booklet = definition.booklet.get("player_colours")
    if isinstance(booklet, (tuple, list)) and booklet:
        return tuple(str(c) for c in booklet)
    return DEFAULT_COLOURS


def square_size(definition: Definition) -> float:
    """Side of one square in points: the card's longer side plus the play room."""
    play = board_settings(definition).play
    return max(definition.card_width, definition.card_height) + play


def board_picture(game: ResolvedGame) -> BoardPicture | None:
    """What the board shows, or ``None`` for a game whose rules have no square board.

    Raises :class:`DefinitionError` when the definition gives fewer player colours than
    the game has players.
    """
    engine = game.engine
    if not isinstance(engine, StarsAndStripes):
        return None
    definition = game.definition
    settings = board_settings(definition)
    colours = player_colours(definition)
    players = engine.params.players
    if len(colours) < players:
        raise DefinitionError([Problem(
            f"{players} players need {players} colours, but the board has only "
            f"{len(colours)}: add colours to board.colours", _colours_location(game))])
    params = engine.params
    n = engine.board_size
    names = params.player_names
    homes = tuple(HomeSquare(row, col, names[seat], colours[seat])
                  for seat, (row, col) in enumerate(params.home_squares))
    decks = params.decks
    return BoardPicture(
        title=definition.title,
        subtitle=(f"{n} \u00d7 {n} board \u00b7 {params.players} players \u00b7 {decks} "
                  f"deck{'s' if decks > 1 else ''}"),
        size=n,
        square=round(square_size(definition) / MM, 3),
        homes=homes,
        trump=divmod(engine.centre, n),
        column_labels=tuple(str(k) for k in range(n)),
        row_labels=tuple(str(k) for k in range(n)),
        square_names=(tuple(engine.square_text(s) for s in range(n * n))
                      if settings.square_names else ()),
        note="A square is named row,col, counting from 0; row 0 is the north edge.",
        background=settings.background,
        lines=settings.lines,
        trump_colour=settings.trump,
    )


def _colours_location(game: ResolvedGame) -> Location | None:
    """Where the colours were written: ``board.colours`` in the file if it is there,
    else wherever the number of players was set."""
    definition = game.definition
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


def board_paper(name: str | None, width: float, height: float, margin: float) -> Paper:
    """The paper for the one-sheet board: a named or custom size, else the smallest ISO A
    size that holds the board at full size."""
    if name is None or name.strip().lower() in ("", "auto"):
        return smallest_iso_paper(width, height, margin)
    return paper_by_iso_name(name) or paper_by_name(name)


def check_board(game: ResolvedGame) -> str:
    """Check what a board build needs without drawing; returns a one-line summary.

    Raises :class:`DefinitionError` for the problems :func:`build_board` would hit.
    """
    picture = board_picture(game)
    if picture is None:
        return "no board"
    geo = board_geometry(picture.size, picture.square)
    try:
        paper = smallest_iso_paper(geo.width * MM, geo.height * MM,
                                   game.definition.print.margin).name
    except LayoutError:
        paper = "larger than 4A0"
    return (f"{picture.size}x{picture.size} board of {picture.square:g} mm squares, "
            f"{geo.width:.0f} x {geo.height:.0f} mm (one sheet: {paper})")


def build_board(game: ResolvedGame, plan: PrintPlan, out: OutputSet, progress: Progress,
                *, board_paper_name: str | None = None) -> None:
    """Queue ``board.svg``, ``board.pdf`` and ``board-single.pdf`` (nothing for a game
    without a board).  ``board_paper_name`` is the one-sheet paper (``--board-paper``):
    ``a3``, ``a1``, ``2a0``, ``'600mm x 900mm'``...; ``None`` picks the smallest ISO A
    size that holds the board."""
    picture = board_picture(game)
    if picture is None:
        return
    definition = game.definition
    settings = board_settings(definition)
    outline = board_outline(board_geometry(picture.size, picture.square))
    margin = plan.spec.margin
    try:  # all the geometry first, so a mistake is reported before any drawing
        paper = board_paper(board_paper_name, outline.width, outline.height, margin)
        tiling = tile_board(outline, plan.paper, margin=margin, glue=settings.glue,
                            measure=board_pdf.measure)
        sheet = single_sheet(outline.width, outline.height, paper, margin=margin)
    except LayoutError as exc:
        raise DefinitionError(f"{definition.game}: {exc}") from None
    svg = board_svg(picture)
    out.add(SVG_FILE, svg)
    progress("board", 1, 3)
    about = f"{picture.size} \u00d7 {picture.size} board"
    out.add(TILED_FILE, board_pdf.tiled_board(
        svg, tiling, title=definition.title, about=about, accent=definition.accent,
        instructions=_extra_steps(definition, picture), keep_clear=_landmarks(picture)))
    progress("board", 2, 3)
    warning = ""
    if sheet.scale < 1:
        full = smallest_iso_paper(outline.width, outline.height, margin)
        warning = (f"REDUCED to {sheet.scale:.0%}, too small for the cards "
                   f"(full size needs {full.name})")
    out.add(SINGLE_FILE, board_pdf.single_board(svg, sheet, title=definition.title,
                                                about=about, warning=warning))
    progress("board", 3, 3)


def _landmarks(picture: BoardPicture) -> tuple[Rect, ...]:
    """The homes, the Trump's square and the title band, in board coordinates."""
    geo = board_geometry(picture.size, picture.square)
    squares = [(h.row, h.column) for h in picture.homes] + [picture.trump]
    title = Box(0, 0, geo.width, geo.grid_y)
    return tuple(to_board(geo, b) for b in (title, *(geo.square_box(r, c) for r, c in squares)))


def _extra_steps(definition: Definition, picture: BoardPicture) -> Sequence[str]:
    card = f"{definition.card_width / MM:g} x {definition.card_height / MM:g} mm"
    return (f"Each square is {picture.square:g} mm across: a {card} card with a little room "
            "around it. Home cards go on the coloured home squares and the Trump on the "
            "grey square in the middle.",)
