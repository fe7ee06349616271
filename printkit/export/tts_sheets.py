"""Tabletop Simulator deck sheets: a deck's faces cut into grids TTS reads as cards.

TTS makes a deck from one image holding a grid of card faces, at most 10 across and 7
down, and shows the grid's last cell in place of any card a player may not see (a card in
someone's hand).  Textures wider or taller than 4096 pixels are refused or shrunk by the
game, and the colour must be RGB.  So a deck's faces are split into sheets of at most 69
(balanced: 75 faces give sheets of 38 and 37, not 69 and 6); each sheet has one spare
cell or more, and every spare cell, the last among them, shows the deck's back (the
hidden card).  Cards with different backs cannot share a sheet, since TTS gives a sheet
one back image: the faces are first grouped by their back.

All the cells of a deck have one size: the card at 300 dpi or less, as much as the widest
and tallest sheet of the deck allow within 4096 pixels, in the card's own proportions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from printkit.export.pieces import DeckPieces
from printkit.export.raster import artwork_pdf, fitted_images, pixels
from printkit.pdf.artwork import Artwork

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_FACES = MAX_COLUMNS * MAX_ROWS - 1
"""Faces on one sheet: the grid less the hidden card's cell."""
MAX_PIXELS = 4096
"""The widest (and tallest) texture TTS takes as it is."""
CARD_DPI = 300.0
"""The finest resolution of a cell; smaller when the sheet would pass 4096 pixels."""


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


def grid(faces: int) -> tuple[int, int]:
    """Columns and rows for ``faces`` faces and the hidden card: as wide as TTS allows
    before adding rows."""
    cells = faces + 1
    columns = min(MAX_COLUMNS, cells)
    return columns, math.ceil(cells / columns)


def split(count: int) -> list[int]:
    """Sizes of the sheets for ``count`` faces of one back: as few sheets as the limit of
    69 allows, as evenly filled as can be."""
    sheets = max(1, math.ceil(count / MAX_FACES))
    base, extra = divmod(count, sheets)
    return [base + (1 if index < extra else 0) for index in range(sheets)]


def plan_sheets(deck: DeckPieces) -> list[Sheet]:
    """The deck's sheets: the faces some card shows, grouped by back (in the order the
    backs are first shown), each group split into sheets."""
    groups: dict[str, list[int]] = {}
    backs: dict[str, Artwork] = {}
    for index, (back, copies) in enumerate(zip(deck.back_of, deck.copies, strict=True)):
        if copies:
            groups.setdefault(back.key, []).append(index)
            backs[back.key] = back
    sheets = []
    for key, faces in groups.items():
        start = 0
        for size in split(len(faces)):
            columns, rows = grid(size)
            sheets.append(Sheet(tuple(faces[start:start + size]), backs[key], columns, rows))
            start += size
    return sheets


def cell_size(deck: DeckPieces, sheets: Sequence[Sheet]) -> tuple[int, int]:
    """The pixel size of every cell (and back image) of the deck."""
    columns = max(sheet.columns for sheet in sheets)
    rows = max(sheet.rows for sheet in sheets)
    width = min(pixels(deck.width, CARD_DPI), MAX_PIXELS // columns)
    height = round(width * deck.height / deck.width)
    if height * rows > MAX_PIXELS:
        height = MAX_PIXELS // rows
        width = round(height * deck.width / deck.height)
    return width, height


@dataclass(frozen=True)
class DeckImages:
    """A deck's sheet images and back images, ready to save."""

    sheets: tuple[Image.Image, ...]
    backs: dict[str, Image.Image]
    """The image of each back, by the back's key."""
    cell: tuple[int, int]


def deck_images(deck: DeckPieces, sheets: Sequence[Sheet]) -> DeckImages:
    """Draw every face and back of ``deck`` once at the cell size and lay out the sheets."""
    cell = cell_size(deck, sheets)
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
