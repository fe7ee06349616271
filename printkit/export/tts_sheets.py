"""Tabletop Simulator deck sheets: a deck's faces cut into grids TTS reads as cards.

TTS makes a deck from one image holding a grid of card faces, at most 10 across and 7
down, and shows the grid's last cell in place of any card a player may not see (a card in
someone's hand), or the back image when the sheet says ``BackIsHidden``.  Textures wider
or taller than 4096 pixels are refused or shrunk by the game, and the colour must be RGB.

Every cell of a deck is the card at 300 dpi: as many cells across and down as fit in 4096
pixels at that resolution (five poker cards across, three down), so a deck takes as many
sheets as it needs rather than shrinking its cards.  Each sheet keeps one spare cell or
more, and every spare cell, the last among them, shows the deck's back (the hidden card);
faces are shared out evenly (75 faces with room for 69 a sheet make sheets of 38 and 37).
A card too large for two cells at 300 dpi gets a sheet of its own, at the finest
resolution up to 300 dpi that fits, with its back as the hidden card; one that would fall
below 200 dpi even so is refused.  Cards with different backs cannot share a sheet, since
TTS gives a sheet one back image: the faces are first grouped by their back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from printkit.errors import DefinitionError
from printkit.export.pieces import DeckPieces
from printkit.export.raster import artwork_pdf, fitted_images, pixels
from printkit.pdf.artwork import Artwork
from printkit.units import MM, POINTS_PER_INCH

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_FACES = MAX_COLUMNS * MAX_ROWS - 1
"""Faces on one sheet at most: the largest grid less the hidden card's cell."""
MAX_PIXELS = 4096
"""The widest (and tallest) texture TTS takes as it is."""
CARD_DPI = 300.0
"""The resolution of a card's cell wherever 4096 pixels allow it."""
LEAST_DPI = 200.0
"""The coarsest resolution a card is ever given."""


@dataclass(frozen=True)
class Cells:
    """How a deck's cards are cut: the resolution, a cell's pixels, the grid's bounds."""

    dpi: float
    size: tuple[int, int]
    columns: int
    """The most cells across a sheet."""
    rows: int
    """The most cells down a sheet."""

    @property
    def back_hidden(self) -> bool:
        """A sheet of one cell: its hidden card is the back image."""
        return self.columns * self.rows == 1

    @property
    def faces(self) -> int:
        """The most faces on one sheet."""
        return 1 if self.back_hidden else self.columns * self.rows - 1


def _cells_at(width: float, height: float, dpi: float) -> Cells:
    size = (pixels(width, dpi), pixels(height, dpi))
    return Cells(dpi, size, min(MAX_COLUMNS, MAX_PIXELS // size[0]),
                 min(MAX_ROWS, MAX_PIXELS // size[1]))


def deck_cells(deck: DeckPieces) -> Cells:
    """The cells of ``deck``: 300 dpi with room for a face and the hidden card, else one
    card a sheet at the finest resolution that fits, down to 200 dpi.

    Raises :class:`DefinitionError` for a card too large for 4096 pixels at 200 dpi.
    """
    cells = _cells_at(deck.width, deck.height, CARD_DPI)
    if cells.columns * cells.rows >= 2:
        return cells
    dpi = min(CARD_DPI, (MAX_PIXELS - 0.5) * POINTS_PER_INCH / max(deck.width, deck.height))
    if dpi < LEAST_DPI:
        longest = round(MAX_PIXELS / LEAST_DPI * POINTS_PER_INCH / MM)
        raise DefinitionError(
            f"{deck.label}: a card of {deck.width / MM:g} x {deck.height / MM:g} mm cannot "
            f"be given to Tabletop Simulator at {LEAST_DPI:g} dpi or more (its images are at "
            f"most {MAX_PIXELS} pixels a side, so a card may be at most {longest} mm long)")
    single = _cells_at(deck.width, deck.height, dpi)
    return Cells(dpi, single.size, 1, 1)


@dataclass(frozen=True)
class Sheet:
    """One sheet of a deck: which faces it holds, in reading order, and its grid."""

    faces: tuple[int, ...]
    """Indices into the deck's faces."""
    back: Artwork
    """The back of every card on the sheet, also its hidden card."""
    columns: int
    rows: int

    @property
    def cells(self) -> int:
        """Cells of the grid (the faces, then the hidden card in every cell left)."""
        return self.columns * self.rows

    @property
    def back_hidden(self) -> bool:
        """A sheet of one cell shows its back image as the hidden card."""
        return self.cells == 1


def grid(faces: int, cells: Cells | None = None) -> tuple[int, int]:
    """Columns and rows for ``faces`` faces and the hidden card: as wide as the deck's
    cells allow (10 when not given) before adding rows."""
    if cells is not None and cells.back_hidden:
        return 1, 1
    most = MAX_COLUMNS if cells is None else cells.columns
    count = faces + 1
    columns = min(most, count)
    return columns, math.ceil(count / columns)


def split(count: int, most: int = MAX_FACES) -> list[int]:
    """Sizes of the sheets for ``count`` faces of one back: as few sheets as ``most`` faces
    a sheet allow, as evenly filled as can be."""
    sheets = max(1, math.ceil(count / most))
    base, extra = divmod(count, sheets)
    return [base + (1 if index < extra else 0) for index in range(sheets)]


def plan_sheets(deck: DeckPieces, cells: Cells) -> list[Sheet]:
    """The deck's sheets: the faces some card shows, grouped by back (in the order the
    backs are first shown), each group split into sheets of at most ``cells.faces``."""
    groups: dict[str, list[int]] = {}
    backs: dict[str, Artwork] = {}
    for index, (back, copies) in enumerate(zip(deck.back_of, deck.copies, strict=True)):
        if copies:
            groups.setdefault(back.key, []).append(index)
            backs[back.key] = back
    sheets = []
    for key, faces in groups.items():
        start = 0
        for size in split(len(faces), cells.faces):
            columns, rows = grid(size, cells)
            sheets.append(Sheet(tuple(faces[start:start + size]), backs[key], columns, rows))
            start += size
    return sheets


@dataclass(frozen=True)
class DeckImages:
    """A deck's sheet images and back images, ready to save."""

    sheets: tuple[Image.Image, ...]
    backs: dict[str, Image.Image]
    """The image of each back, by the back's key."""
    cell: tuple[int, int]


def deck_images(deck: DeckPieces, sheets: Sequence[Sheet], cells: Cells) -> DeckImages:
    """Draw every face and back of ``deck`` once at the cell size and lay out the sheets."""
    cell = cells.size
    backs = list({sheet.back.key: sheet.back for sheet in sheets}.values())
    used = sorted({index for sheet in sheets for index in sheet.faces})
    art = [deck.faces[index].svg for index in used] + [back.svg for back in backs]
    drawn = list(fitted_images(artwork_pdf(art, title=deck.label), cell))
    faces = dict(zip(used, drawn, strict=False))
    back_images = {back.key: image for back, image in zip(backs, drawn[len(used):],
                                                          strict=True)}
    images = []
    width, height = cell
    for sheet in sheets:
        image = Image.new("RGB", (width * sheet.columns, height * sheet.rows), "white")
        hidden = back_images[sheet.back.key]
        for cell_index in range(sheet.cells):
            picture = (faces[sheet.faces[cell_index]] if cell_index < len(sheet.faces)
                       else hidden)
            row, column = divmod(cell_index, sheet.columns)
            image.paste(picture, (column * width, row * height))
        images.append(image)
    return DeckImages(tuple(images), back_images, cell)
