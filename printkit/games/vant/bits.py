"""The layout as bits, for scoring a play with a few integer operations.

A *board* is one int of twelve 16-bit lanes: lane ``s`` (0 to 3) has bit ``i`` set when
frame cell ``i`` shows a card of suit ``s``, lane ``4 + r`` when it shows a card of rank
``r``.  The cards a play at some cell matches are then the bits its *reach* (the eight
cells around it for suits, its row, column and diagonals for ranks), moved to the lane of
its suit or rank, has in common with the board: two ``&`` and two ``bit_count`` instead of
a loop over the cells.  A board is a plain function of the cells it is made from, so it is
kept with each position and updated as cards are played.

>>> from printkit.games.vant.state import read_card
>>> nine_hearts, eight_clubs = read_card("9H"), read_card("8C")
>>> board = card_bits(nine_hearts) | card_bits(eight_clubs) << 1  # 9H at 0, 8C at 1
>>> (board & suit_reach(read_card("10H") or 0, 1, 0)).bit_count()  # 10H below 9H
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

LANE = 16
"""Bits of a lane: one per cell of the 4 x 4 frame."""

REPEAT = sum(1 << (LANE * lane) for lane in range(12))
"""Bit ``i`` of every lane set for ``REPEAT << i``."""

KEEP_ROWS = 0x0FFF * REPEAT
"""The lanes' cells that stay in the frame when it moves one row down."""

KEEP_COLUMNS = 0x7777 * REPEAT
"""The lanes' cells that stay in the frame when it moves one column right."""

ALL = 0xFFFF * REPEAT

CLEAR = tuple(ALL & ~(REPEAT << i) for i in range(16))
"""A board with cell ``i`` emptied is ``board & CLEAR[i]``."""

DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def card_bits(card: int) -> int:
    """The board of ``card`` alone, at frame cell 0: its suit's and its rank's bit."""
    return 1 << (LANE * (card >> 3)) | 1 << (LANE * (4 + (card & 7)))


def _inside(row: int, col: int) -> bool:
    return 0 <= row < 4 and 0 <= col < 4


def around(row: int, col: int) -> int:
    """The frame cells touching (``row``, ``col``), corners included, as a 16-bit mask."""
    return sum(1 << ((row + dr) * 4 + col + dc) for dr, dc in DIRECTIONS
               if _inside(row + dr, col + dc))


def lines(row: int, col: int) -> int:
    """The frame cells in the row, column and diagonals of (``row``, ``col``)."""
    found = {(row + k * dr) * 4 + col + k * dc for dr, dc in DIRECTIONS for k in range(1, 6)
             if _inside(row + k * dr, col + k * dc)}
    return sum(1 << i for i in found)


def suit_reach(card: int, row: int, col: int) -> int:
    """The cells around (``row``, ``col``), in the lane of ``card``'s suit."""
    return around(row, col) << (LANE * (card >> 3))


def rank_reach(card: int, row: int, col: int) -> int:
    """The cells in line with (``row``, ``col``), in the lane of ``card``'s rank."""
    return lines(row, col) << (LANE * (4 + (card & 7)))


def board_of(cells: Sequence[int | None]) -> int:
    """The board of sixteen cells (``None`` for an empty one)."""
    board = 0
    for i, card in enumerate(cells):
        if card is not None:
            board |= card_bits(card) << i
    return board


def cell_code(row: int, col: int) -> int:
    """A cell from -1 to 4 in each direction as one number from 0 to 35 (the frame's cells
    and those just around it, where a play may name a cell)."""
    return (row + 1) * 6 + col + 1


def _open_codes(filled: int) -> tuple[int, ...]:
    """Where the next level-one card may go, by row then column (-1 first), for the mask
    of the filled frame cells: an empty cell sharing an edge with a filled one, and the
    cells just above or left of the frame while the layout is less than 4 cells tall or
    wide (its last row or column empty)."""
    if filled == 0:
        return (cell_code(0, 0),)
    touching = ((filled << 4) | (filled >> 4) | (filled & 0x7777) << 1
                | (filled & 0xEEEE) >> 1) & ~filled & 0xFFFF
    codes = []
    if not filled & 0xF000:
        codes += [cell_code(-1, col) for col in range(4) if filled >> col & 1]
    grows_left = not filled & 0x8888
    for row in range(4):
        if grows_left and filled >> (4 * row) & 1:
            codes.append(cell_code(row, -1))
        codes += [cell_code(row, col) for col in range(4) if touching >> (4 * row + col) & 1]
    return tuple(codes)


def _row_codes(row: int, covered: int) -> tuple[int, ...]:
    return tuple(cell_code(row, col) for col in range(4) if not covered >> col & 1)


_ROWS = tuple(tuple(_row_codes(row, nibble) for nibble in range(16)) for row in range(4))
"""The cells of a frame row not covered, by row and the row's 4 bits of the mask."""


def _uncovered_codes(covered: int) -> tuple[int, ...]:
    """The frame cells not covered, in order, for the mask of the covered ones."""
    return (_ROWS[0][covered & 15] + _ROWS[1][covered >> 4 & 15] + _ROWS[2][covered >> 8 & 15]
            + _ROWS[3][covered >> 12 & 15])


class _Codes(dict[int, tuple[int, ...]]):
    """Cells as :func:`cell_code` numbers by a mask, each worked out the first time its
    mask is asked for: a dictionary, so that a known mask costs no Python call."""

    def __init__(self, codes: Callable[[int], tuple[int, ...]]) -> None:
        super().__init__()
        self._codes = codes

    def __missing__(self, key: int) -> tuple[int, ...]:
        codes = self[key] = self._codes(key)
        return codes


OPEN_CODES = _Codes(_open_codes)
"""Where the next level-one card may go, by the mask of the filled cells.

>>> [divmod(code, 6) for code in OPEN_CODES[0b1]]  # (row + 1, column + 1)
[(0, 1), (1, 0), (1, 2), (2, 1)]
"""

UNCOVERED_CODES = _Codes(_uncovered_codes)
"""Where the next level-two card may go, by the mask of the covered cells."""


def shifted_board(board: int, row: int, col: int) -> int:
    """``board`` with the frame moved one row down if ``row`` is -1 and one column right if
    ``col`` is (what falls off the frame's far side is dropped).

    >>> shifted_board(board_of((0,) + (None,) * 15), -1, -1) == board_of((None,) * 5 + (0,)
    ...                                                                  + (None,) * 10)
    True
    """
    if row < 0:
        board = (board & KEEP_ROWS) << 4
    if col < 0:
        board = (board & KEEP_COLUMNS) << 1
    return board
