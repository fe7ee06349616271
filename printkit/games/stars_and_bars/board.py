"""The Stars and Bars board (the plugin's ``board`` part): a grid of landscape card spaces.

What the board is comes from the rules' parameters: its rows and columns, which spaces are
the centre (tinted and named), and the four relations with their differences and points,
printed in a key beside the grid with a small picture of each, so a class can play from
the board alone.  How it looks comes from the definition's ``board:`` section; each space
is the card laid sideways plus ``play`` all round.

The board is drawn in the ``side`` layout, its key in a panel on the right and each space
named in its corner (``b2``), so that with the shipped ``play`` of 1.5 mm a 4 x 4 board of
poker cards fits one sheet of A3 at full size.
"""

from __future__ import annotations

from typing import Any

from printkit.definition.board_schema import BoardSettings
from printkit.definition.model import Definition
from printkit.games.stars_and_bars.rules import StarsAndBars
from printkit.games.stars_and_bars.state import RELATIONS, space_name
from printkit.render.board import BoardPicture, KeyLine, Landmark, mix
from printkit.units import MM

PANEL = 32.0
"""Width (mm) of the panel beside the grid (title and key)."""
PATTERNS = {
    "stacking": ("...", ".=.", "..."),
    "horizontal": ("...", "#o#", "..."),
    "diagonal": ("#.#", ".o.", "#.#"),
    "vertical": (".#.", ".o.", ".#."),
}
"""Where each relation looks, as a key pattern (``#`` the cards compared)."""
WHERE = {
    "stacking": "the card it covers",
    "horizontal": "left and right: short ends touching",
    "diagonal": "the four corners",
    "vertical": "above and below: long edges touching",
}


def _engine(engine: Any) -> StarsAndBars:
    if not isinstance(engine, StarsAndBars):
        raise TypeError(f"not a Stars and Bars engine: {engine!r}")
    return engine


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def key_lines(game: StarsAndBars) -> tuple[KeyLine, ...]:
    """The relations with their differences and points, and where a card may go."""
    params = game.params
    lines = []
    for relation, (needed, points) in zip(RELATIONS, params.relations, strict=True):
        each = "" if relation == "stacking" else " each"
        lines.append(KeyLine(f"{relation.upper()}: {_count(points, 'point')}{each}",
                             f"{WHERE[relation]}, if exactly {_count(needed, 'difference')}",
                             PATTERNS[relation]))
    limit = params.stack_limit
    lines += [
        KeyLine("Centre spaces (tinted)", "take any card."),
        KeyLine("Outer spaces", "take only a card that scores with the card it covers and "
                                "with every face-up card round it, and with one at least."),
        KeyLine(f"A stack of {limit}", f"in the centre is turned face down (no card goes on "
                                       "it, nothing is compared with it); when every centre "
                                       f"space holds a face-down stack, all are cleared. An "
                                       f"outer stack "
                                       f"of {limit} is removed."),
    ]
    return tuple(lines)


def board_picture(engine: Any, definition: Definition) -> BoardPicture:
    """The board of this variant: its grid, the centre spaces and the key of relations."""
    game = _engine(engine)
    settings = BoardSettings.from_mapping(definition.board)
    params = game.params
    width = round((definition.card_width + settings.play) / MM, 3)
    height = round((definition.card_height + settings.play) / MM, 3)
    wide, tall = max(width, height), min(width, height)  # the card laid sideways
    columns, rows = params.columns, params.rows
    fill = settings.highlight
    centre = tuple(Landmark(*divmod(space, columns), fill=fill, label="centre",
                            caption="any card", keep_clear=False)
                   for space in game.centre)
    card = (f"{definition.card_width / MM:g} x {definition.card_height / MM:g} mm card laid "
            "sideways")
    return BoardPicture(
        title=definition.title,
        subtitle=f"{columns} \u00d7 {rows} board \u00b7 2 players",
        size=columns,
        square=wide,
        rows=rows,
        square_height=tall,
        landmarks=centre,
        column_labels=tuple(chr(ord("a") + c) for c in range(columns)),
        row_labels=tuple(str(r + 1) for r in range(rows)),
        square_names=tuple(space_name(s, columns) for s in range(columns * rows)),
        note="A space is named by its column and row: b2 is the second space of the "
             "second row.",
        background=settings.background,
        lines=settings.lines,
        instructions=(f"Each space is {wide:g} x {tall:g} mm: a {card}, with a little "
                      "room around it. The tinted spaces are the centre.",),
        key=key_lines(game),
        layout="side",
        panel=PANEL,
    )


def centre_tint(definition: Definition) -> str:
    """The centre's colour on the board, a shade lighter for the booklet's diagrams (so
    the diagrams show the same centre as the printed board)."""
    settings = BoardSettings.from_mapping(definition.board)
    return mix(settings.highlight, "#ffffff", 0.2)
