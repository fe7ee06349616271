"""The mat of "I vant to be alone": a 4 x 4 square of cells that explains itself.

Each cell holds a card upright (level one) and the same cell's second card turned sideways
on top of it (level two), so a cell is as wide as the card is long, plus the play room of
the definition's ``board:`` section; two dashed outlines in every cell show both places.
A key under the cells says how the two levels are played and prints the point table the
rules engine reads, so a mat built with another table (a variant, ``--set``) shows that
table.  The mat is optional, the layout is translation-free (only how the cards lie to
each other counts), so the key also says to slide the cards over when they reach an edge
of the mat too soon.  Tiled over the build's paper it comes with an assembly map, and
``board-single.pdf`` prints it whole on larger paper.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.board_schema import BoardSettings
from printkit.definition.model import Definition
from printkit.games.vant.rules import Vant
from printkit.games.vant.state import RANK_NAMES, SUIT_NAMES
from printkit.render.board import BoardPicture, CardOutline, KeyLine
from printkit.units import MM


def _engine(engine: Any) -> Vant:
    if not isinstance(engine, Vant):
        raise TypeError(f"not an engine of \"I vant to be alone\": {engine!r}")
    return engine


def point_table(game: Vant) -> str:
    """The table in words, marked provisional as everywhere it prints (the original's table
    is lost): ``Provisional table (a reconstruction). Suits: spades 1 ... A = 14.``"""
    params = game.params
    suits = " \u00b7 ".join(f"{name} {value}"
                            for name, value in zip(SUIT_NAMES, params.suit_values, strict=True))
    ranks = " \u00b7 ".join(f"{name} = {value}"
                            for name, value in zip(RANK_NAMES, params.rank_values, strict=True))
    return f"Provisional table (a reconstruction). Suits: {suits}.   Ranks: {ranks}."


def _dead_cells(game: Vant) -> tuple[KeyLine, ...]:
    """The key's line for the dead-cells rule (``level2_visibility: cell_dead``); none when
    a covering card counts for later plays, as by default."""
    if game.params.level2_visibility != "cell_dead":
        return ()
    return (KeyLine("Dead cells.", "A covered cell is dead: neither of its cards counts for "
                    "the cards played after it (the penalty for matching the card it covers "
                    "still applies)."),)


def _claims(game: Vant) -> tuple[KeyLine, ...]:
    """The key's line for the claim-or-lose rule (``strict_claims``); none when every point
    counts at once, as by default."""
    if not game.params.strict_claims:
        return ()
    return (KeyLine("Claim or lose.", "The points a card gives count only if the player "
                    "owed them says \u201cclaim\u201d before the next card is played; "
                    "points left unclaimed are lost."),)


def board_picture(engine: Any, definition: Definition) -> BoardPicture:
    """The mat for this build's cards and point table."""
    game = _engine(engine)
    settings = BoardSettings.from_mapping(definition.board)
    width, height = definition.card_width / MM, definition.card_height / MM
    square = round(max(width, height) + settings.play / MM, 3)
    card = f"{width:g} \u00d7 {height:g} mm"
    return BoardPicture(
        title=definition.title,
        subtitle="The mat: sixteen cells, two levels",
        size=4,
        square=square,
        landmarks=(),
        column_labels=("",) * 4,
        row_labels=("",) * 4,
        note="Optional: any table will do if the cards lie in a square.",
        background=settings.background,
        lines=settings.lines,
        outlines=(CardOutline(width, height, "LEVEL ONE: upright"),
                  CardOutline(height, width, "LEVEL TWO: sideways on top", (0.8, 1.2))),
        key=(
            KeyLine("Level one.", "The first card goes anywhere; lay each later card upright "
                    "in an empty cell that shares an edge with a card already down. The "
                    "sixteen cards end as a 4 \u00d7 4 square:"),
            KeyLine("", "if the cards reach an edge of the mat while the square could still "
                    "grow the other way, slide them all one cell over."),
            KeyLine("Level two.", "Lay each card sideways on top of a card not yet covered, "
                    "and turn the covered card face down under it."),
            KeyLine("Points.", "Each card played gives the opponent the suit's value for each "
                    "card of its suit touching it (corners too),"),
            KeyLine("", "the rank's value for each card of its rank in its row, column or "
                    "diagonals, and at level two ten times the value it shares with the "
                    "card it covers."),
            *_dead_cells(game),
            *_claims(game),
            KeyLine("", point_table(game)),
        ),
        instructions=(f"Each cell is {square:g} mm across: room for a {card} card upright "
                      "and the same card turned sideways on top of it.",),
    )
