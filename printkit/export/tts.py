"""``printkit export tts``: a game ready to import into Tabletop Simulator.

The folder mirrors TTS's own, so copying it is the whole installation::

    Mods/Images/<game>--cards-1.png ...        deck sheets, backs, tokens, boards
    Saves/Saved Objects/<game>.json, .png      the saved object and its thumbnail
    IMPORT.md                                  where each goes, and hosting the images

The kit is prepared without bleed (a screen has no cutting to forgive).  By default the
saved object names each image by its bare file name, which TTS looks up in its Mods
folders, so the export works once copied and is the same byte for byte wherever it was
made; ``--base-url`` puts an address before every name, for images hosted on the web
(which other players then see) or kept in a folder of one's own (``file:///...``).
Image names start with the kit's name, since TTS keeps every game's images in one folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor

from printkit.export.pieces import BoardPieces, DeckPieces, Pieces, TokenPieces, kit_pieces
from printkit.export.raster import artwork_pdf, page_images, png_bytes
from printkit.export.tts_guide import Thumbnail, guide_text, thumbnail
from printkit.export.tts_json import (
    BoardObject,
    DeckObject,
    SheetEntry,
    Spot,
    TableObject,
    TileObject,
    json_text,
    saved_object,
)
from printkit.export.tts_sheets import CARD_DPI, MAX_PIXELS, deck_images, plan_sheets
from printkit.export.tts_url import check_base_url
from printkit.export.writing import commit, export_name, folder_for, prepare
from printkit.kit import Progress, silent
from printkit.kit.build import BuildResult
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan
from printkit.settings import Settings
from printkit.units import POINTS_PER_INCH

IMAGES = "Mods/Images"
SAVED_OBJECTS = "Saves/Saved Objects"
CARD_HEIGHT_AT_SCALE_1 = 3.5
TILE_HEIGHT_AT_SCALE_1 = 1.318
"""How tall, in TTS units (about an inch each), a card and a tile or board are at scale 1;
the width follows the image's proportions.  Measured on a published mod by a third party
(frankieliu/tts-tools, docs/TTS_SCALING_SOLVED.md), so sizes on the table are close to
the printed pieces' and right relative to each other, not exact."""
GAP = 1.0
ROW_WIDTH = 40.0
"""TTS units between pieces on the table, and the widest a row of pieces grows."""


@dataclass
class _Export:
    """The files and table objects of one export, as they are made."""

    out: OutputSet
    prefix: str
    base_url: str
    objects: list[TableObject]
    pictures: Thumbnail

    def image(self, name: str, image: Image.Image) -> str:
        """Queue ``image`` as ``Mods/Images/<prefix>--<name>.png``; returns the address the
        saved object gives it."""
        file = f"{self.prefix}--{name}.png"
        self.out.add(f"{IMAGES}/{file}", png_bytes(image))
        return self.base_url + file


def _back_name(deck: DeckPieces, key: str) -> str:
    group = key.partition(":")[2]
    return f"{deck.name}-back-{group}" if group else f"{deck.name}-back"


def _deck(export: _Export, deck: DeckPieces, first_key: int, spot: Spot) -> int:
    """Queue a deck's sheets and backs and place it; returns the next free sheet number."""
    sheets = plan_sheets(deck)
    if not sheets:
        return first_key
    images = deck_images(deck, sheets)
    backs = {key: export.image(_back_name(deck, key), image)
             for key, image in images.backs.items()}
    entries, cards = [], []
    for number, (sheet, image) in enumerate(zip(sheets, images.sheets, strict=True)):
        key = first_key + number
        entries.append(SheetEntry(key, export.image(f"{deck.name}-{number + 1}", image),
                                  backs[sheet.back.key], sheet.columns, sheet.rows))
        for cell, face in enumerate(sheet.faces):
            cards += [(key * 100 + cell, deck.faces[face].key)] * deck.copies[face]
    export.objects.append(DeckObject(deck.label, f"{len(cards)} cards", tuple(entries),
                                     tuple(cards), deck.width > deck.height, spot))
    if export.pictures.face is None:
        first = sheets[0]
        export.pictures.face = images.sheets[0].crop((0, 0, *images.cell))
        export.pictures.back = images.backs[first.back.key]
    return first_key + len(sheets)


def _tokens(export: _Export, tokens: TokenPieces, spots: Sequence[Spot],
            colour: tuple[float, float, float]) -> None:
    arts = [*tokens.fronts, *tokens.backs]
    dpi = min(CARD_DPI, (MAX_PIXELS - 0.5) * POINTS_PER_INCH / max(tokens.width, tokens.height))
    drawn = page_images(artwork_pdf([art.svg for art in arts], title=tokens.label), dpi)
    urls = {}
    for art, image in zip(arts, drawn, strict=True):
        side, _, key = art.key.partition(":")
        urls[art.key] = export.image(f"{tokens.name}-{side}" + (f"-{key}" if key else ""), image)
        if export.pictures.token is None:
            export.pictures.token = image
    stacks = _stacks(tokens)
    for (front, back), spot in zip(stacks, spots, strict=True):
        export.objects.append(TileObject(
            f"{tokens.label}: {front.partition(':')[2]}", "", tokens.shape, urls[front],
            urls[back] if back else "", tokens.width / tokens.height, colour,
            stacks[(front, back)], spot))


def _stacks(tokens: TokenPieces) -> dict[tuple[str, str], int]:
    """How many tokens show each front and back (keys), in the order they first come."""
    counts: dict[tuple[str, str], int] = {}
    for front, back in tokens.tokens:
        pair = (front.key, back.key if back is not None else "")
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def _board(export: _Export, board: BoardPieces, spot: Spot) -> None:
    width, height = board.width, board.height
    dpi = min(CARD_DPI, (MAX_PIXELS - 0.5) * POINTS_PER_INCH / max(width, height))
    image = next(page_images(artwork_pdf([board.svg], title=board.label), dpi))
    url = export.image(board.name, image)
    export.objects.append(BoardObject(board.label, "", url, width / height, spot))
    if export.pictures.board is None:
        export.pictures.board = image


def _rows(sizes: Sequence[Sequence[tuple[float, float]]]) -> list[list[tuple[float, float]]]:
    """Centres (x, z) for pieces of the given sizes (width, depth), one band of rows per
    kind of piece, from the far side of the table towards the first player, each row
    centred and wrapped at :data:`ROW_WIDTH`, the first row in the table's middle."""
    places: list[list[tuple[float, float]]] = []
    far = 0.0
    for band in sizes:
        rows: list[list[int]] = [[]]
        width = 0.0
        for index, (w, _) in enumerate(band):
            if rows[-1] and width + GAP + w > ROW_WIDTH:
                rows.append([])
                width = 0.0
            width += (GAP if rows[-1] else 0.0) + w
            rows[-1].append(index)
        spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(band)
        for row in (r for r in rows if r):
            depth = max(band[i][1] for i in row)
            total = sum(band[i][0] for i in row) + GAP * (len(row) - 1)
            x = -total / 2
            for i in row:
                spots[i] = (x + band[i][0] / 2, far - depth / 2)
                x += band[i][0] + GAP
            far -= depth + 2 * GAP
        places.append(spots)
    first = next((spots[0][1] for spots in places if spots), 0.0)
    return [[(x, z - first) for x, z in spots] for spots in places]


def _table(pieces: Pieces) -> tuple[list[Spot], list[Spot], list[list[Spot]]]:
    """Where the boards, decks and stacks of tokens lie, and at what scale."""
    def inches(length: float) -> float:
        return length / POINTS_PER_INCH

    boards = [(inches(b.width), inches(b.height)) for b in pieces.boards]
    decks = [(inches(d.width), inches(d.height)) for d in pieces.decks]
    tokens = [(inches(t.width), inches(t.height)) for t in pieces.tokens
              for _ in _stacks(t)]
    board_at, deck_at, token_at = _rows([boards, decks, tokens])
    board_spots = [Spot(x, z, h / TILE_HEIGHT_AT_SCALE_1)
                   for (x, z), (_, h) in zip(board_at, boards, strict=True)]
    deck_spots = [Spot(x, z, h / CARD_HEIGHT_AT_SCALE_1)
                  for (x, z), (_, h) in zip(deck_at, decks, strict=True)]
    token_spots: list[list[Spot]] = []
    start = 0
    for set_of_tokens in pieces.tokens:
        count = len(_stacks(set_of_tokens))
        token_spots.append([Spot(x, z, inches(set_of_tokens.height) / TILE_HEIGHT_AT_SCALE_1)
                            for x, z in token_at[start:start + count]])
        start += count
    return board_spots, deck_spots, token_spots


def tts_export(kit: KitPlan, out: OutputSet, *, prefix: str, base_url: str,
               progress: Progress = silent) -> None:
    """Queue every image, the saved object, its thumbnail and the guide in ``out``."""
    pieces = kit_pieces(kit)
    definition = kit.game.definition
    export = _Export(out, prefix, base_url, [], Thumbnail())
    board_spots, deck_spots, token_spots = _table(pieces)
    steps = len(pieces.boards) + len(pieces.decks) + len(pieces.tokens)
    step = 0
    for board, spot in zip(pieces.boards, board_spots, strict=True):
        _board(export, board, spot)
        step += 1
        progress("tts images", step, steps)
    key = 1
    for deck, spot in zip(pieces.decks, deck_spots, strict=True):
        key = _deck(export, deck, key, spot)
        step += 1
        progress("tts images", step, steps)
    rgb = ImageColor.getrgb(definition.accent)
    colour = (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255)
    for tokens, spots in zip(pieces.tokens, token_spots, strict=True):
        _tokens(export, tokens, spots, colour)
        step += 1
        progress("tts images", step, steps)
    note = f"{definition.title}, made by printkit for Tabletop Simulator."
    out.add(f"{SAVED_OBJECTS}/{prefix}.json",
            json_text(saved_object(definition.title, note, export.objects)))
    out.add(f"{SAVED_OBJECTS}/{prefix}.png", png_bytes(thumbnail(export.pictures)))
    out.add("IMPORT.md", guide_text(definition.title, prefix, export.objects,
                                    sorted(out.files), base_url))


def export_tts(name_or_path: str, *, output_root: Path, base_url: str | None = None,
               variant: str | None = None, overrides: Settings = (),
               progress: Progress = silent) -> BuildResult:
    """Prepare the game as a build would, without bleed, and write its Tabletop Simulator
    export into its own folder, ``<game>--tts`` (or nothing, on any problem)."""
    prefix_url = check_base_url(base_url)
    kit = prepare(name_or_path, BuildOptions(bleed=0.0, layouts=()), variant=variant,
                  overrides=overrides)
    definition = kit.game.definition
    prefix = kit_name(definition.game, variant=variant,
                      changes=build_changes(definition, overrides, BuildOptions()))
    out = folder_for(output_root, export_name(kit.game, "tts", BuildOptions(),
                                              variant=variant, overrides=overrides))
    tts_export(kit, out, prefix=prefix, base_url=prefix_url, progress=progress)
    return commit(kit.game, out)

