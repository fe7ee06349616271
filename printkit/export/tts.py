"""``printkit export tts``: a game ready to import into Tabletop Simulator.

The folder holds, in TTS's own folder names::

    Mods/Images/<game>--cards-1.png ...        deck sheets, backs, tokens, boards
    Saves/Saved Objects/<game>.json, .png      the saved object and its thumbnail
    IMPORT.md                                  where each goes, and sharing the images

The kit is prepared without bleed (a screen has no cutting to forgive).  The saved object
sets the game out as its rules do before play (:mod:`printkit.export.tts_table`, laid out
by :mod:`printkit.export.tts_layout`).  It names each image by the ``file:///`` address
of the file written, one of the two forms TTS's documentation describes (a local file,
seen by its owner only; the other is a web address), so the folder must stay where it
was written; ``--base-url`` puts another address before every file name instead, for
images hosted on the web (which other players then see) or kept in a folder of one's
own.  Apart from those addresses the export is the same byte for byte wherever it is
made.  Image names start with the kit's name, so several games' images may share a
folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor

from printkit.export.pieces import (
    MAIN_BOARD,
    BoardPieces,
    DeckPieces,
    Pieces,
    TokenPieces,
    kit_pieces,
)
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
from printkit.export.tts_layout import (
    CARD_HEIGHT_AT_SCALE_1,
    TILE_HEIGHT_AT_SCALE_1,
    extent,
    rows,
    seat_rows,
    seat_turn,
)
from printkit.export.tts_sheets import (
    CARD_DPI,
    MAX_PIXELS,
    deck_cells,
    deck_images,
    plan_sheets,
)
from printkit.export.tts_table import (
    DeckPart,
    deck_parts,
    face_groups,
    seat_count,
    table_setup,
    token_seats,
)
from printkit.export.tts_url import check_base_url
from printkit.export.writing import commit, export_name, folder_for, prepare
from printkit.kit import Progress, silent
from printkit.kit.build import BuildResult
from printkit.kit.naming import kit_name
from printkit.kit.options import BuildOptions, build_changes
from printkit.kit.outputs import OutputSet
from printkit.kit.prepare import KitPlan
from printkit.render.board import picture_geometry
from printkit.settings import Settings
from printkit.units import MM, POINTS_PER_INCH

IMAGES = "Mods/Images"
SAVED_OBJECTS = "Saves/Saved Objects"
ON_BOARD = 2.0
"""The height a card set on the board is dropped from (the board lies at 1)."""


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


def _deck(export: _Export, deck: DeckPieces, first_key: int, parts: Sequence[DeckPart],
          spots: Sequence[Spot]) -> int:
    """Queue a deck's sheets and backs, and lay each part of it on the table; returns the
    next free sheet number."""
    cells = deck_cells(deck)
    sheets = plan_sheets(deck, cells)
    if not sheets:
        return first_key
    images = deck_images(deck, sheets, cells)
    backs = {key: export.image(_back_name(deck, key), image)
             for key, image in images.backs.items()}
    entries = []
    card_of: dict[int, int] = {}
    for number, (sheet, image) in enumerate(zip(sheets, images.sheets, strict=True)):
        key = first_key + number
        entries.append(SheetEntry(key, export.image(f"{deck.name}-{number + 1}", image),
                                  backs[sheet.back.key], sheet.columns, sheet.rows,
                                  sheet.back_hidden))
        card_of.update({face: key * 100 + cell for cell, face in enumerate(sheet.faces)})
    for part, spot in zip(parts, spots, strict=True):
        cards = tuple((card_of[face], deck.faces[face].key)
                      for face, copies in enumerate(part.copies) for _ in range(copies))
        used = {card // 100 for card, _ in cards}
        count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        export.objects.append(DeckObject(
            part.name, f"{part.note} ({count})" if part.note else count,
            tuple(e for e in entries if e.key in used), cards, deck.width > deck.height,
            spot, part.face_up, part.note))
    if export.pictures.face is None:
        export.pictures.face = images.sheets[0].crop((0, 0, *images.cell))
        export.pictures.back = images.backs[sheets[0].back.key]
    return first_key + len(sheets)


def _tokens(export: _Export, tokens: TokenPieces, spots: Sequence[Spot],
            colour: tuple[float, float, float]) -> None:
    arts = [*tokens.fronts, *tokens.backs]
    dpi = min(CARD_DPI, (MAX_PIXELS - 0.5) * POINTS_PER_INCH / max(tokens.width, tokens.height))
    drawn = page_images(artwork_pdf([art.svg for art in arts], title=tokens.label), dpi)
    urls = {}
    for art, image in zip(arts, drawn, strict=True):
        side, _, key = art.key.partition(":")
        urls[art.key] = export.image(f"{tokens.name}-{side}" + (f"-{key}" if key else ""),
                                     image)
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


def _inches(length: float) -> float:
    return length / POINTS_PER_INCH


@dataclass(frozen=True)
class _Table:
    """Where every piece lies: boards, deck parts (in the order given) and token stacks."""

    boards: list[Spot]
    parts: list[Spot]
    tokens: list[list[Spot]]


def _square_offset(kit: KitPlan, square: tuple[int, int]) -> tuple[float, float] | None:
    """How far (x, z) the centre of a square of the game's board lies from the board's
    centre, or ``None`` when the game has no board of squares."""
    if kit.board is None:
        return None
    geometry = picture_geometry(kit.board.picture)
    row, column = square
    if not (0 <= row < (geometry.rows or geometry.size) and 0 <= column < geometry.size):
        return None
    box = geometry.square_box(row, column)
    x = box.x + box.w / 2 - geometry.width / 2
    y = box.y + box.h / 2 - geometry.height / 2
    return _inches(x * MM), -_inches(y * MM)


def _table(kit: KitPlan, pieces: Pieces, parts: Sequence[DeckPart], seats: int,
           token_seat: Mapping[str, Mapping[str, int]]) -> _Table:
    """Where the boards, deck parts and stacks of tokens lie, and at what scale: the stacks
    whose front ``token_seat`` gives a seat (by component and front key) at that seat."""
    boards = [(_inches(b.width), _inches(b.height)) for b in pieces.boards]
    card = [(_inches(pieces.decks[p.deck].width), _inches(pieces.decks[p.deck].height))
            for p in parts]
    main = next((i for i, b in enumerate(pieces.boards) if b.name == MAIN_BOARD), None)
    on_board: dict[int, tuple[float, float]] = {}
    for i, part in enumerate(parts):
        offset = (_square_offset(kit, part.square) if part.where == "board"
                  and part.square is not None and main is not None else None)
        if offset is not None:
            on_board[i] = offset
    middle = [i for i, p in enumerate(parts) if p.where != "seats" and i not in on_board]
    stacks = [(t, front, (_inches(tokens.width), _inches(tokens.height)))
              for t, tokens in enumerate(pieces.tokens) for front, _ in _stacks(tokens)]
    seat_of = [token_seat.get(pieces.tokens[t].name, {}).get(front) for t, front, _ in stacks]
    loose = [k for k, seat in enumerate(seat_of) if seat is None]
    board_at, middle_at, token_at = rows([boards, [card[i] for i in middle],
                                          [stacks[k][2] for k in loose]])
    board_spots = [Spot(x, z, h / TILE_HEIGHT_AT_SCALE_1)
                   for (x, z), (_, h) in zip(board_at, boards, strict=True)]
    spots: dict[int, Spot] = {i: Spot(x, z, card[i][1] / CARD_HEIGHT_AT_SCALE_1)
                              for i, (x, z) in zip(middle, middle_at, strict=True)}
    for i, (dx, dz) in on_board.items():
        board = board_spots[main or 0]
        spots[i] = Spot(board.x + dx, board.z + dz, card[i][1] / CARD_HEIGHT_AT_SCALE_1,
                        ON_BOARD)
    stack_spots: dict[int, Spot] = {
        k: Spot(x, z, stacks[k][2][1] / TILE_HEIGHT_AT_SCALE_1)
        for k, (x, z) in zip(loose, token_at, strict=True)}
    reach = extent([*board_at, *middle_at, *token_at],
                   [*boards, *(card[i] for i in middle), *(stacks[k][2] for k in loose)])
    by_seat = [[("card", i) for i, p in enumerate(parts) if p.where == "seats" and p.seat == seat]
               + [("token", k) for k, at in enumerate(seat_of) if at == seat]
               for seat in range(seats)]
    sizes = [[card[i] if kind == "card" else stacks[i][2] for kind, i in row]
             for row in by_seat]
    for seat, (row, places) in enumerate(zip(by_seat, seat_rows(seats, reach, sizes),
                                             strict=True)):
        turn = seat_turn(seat, seats)
        for (kind, i), (x, z) in zip(row, places, strict=True):
            if kind == "card":
                spots[i] = Spot(x, z, card[i][1] / CARD_HEIGHT_AT_SCALE_1, turn=turn)
            else:
                stack_spots[i] = Spot(x, z, stacks[i][2][1] / TILE_HEIGHT_AT_SCALE_1,
                                      turn=turn)
    token_spots: list[list[Spot]] = [[] for _ in pieces.tokens]
    for k, (t, _, _) in enumerate(stacks):
        token_spots[t].append(stack_spots[k])
    return _Table(board_spots, [spots[i] for i in range(len(parts))], token_spots)


def tts_export(kit: KitPlan, out: OutputSet, *, prefix: str, base_url: str,
               progress: Progress = silent) -> None:
    """Queue every image, the saved object, its thumbnail and the guide in ``out``."""
    pieces = kit_pieces(kit)
    definition = kit.game.definition
    export = _Export(out, prefix, base_url, [], Thumbnail())
    setup, seats, groups = table_setup(kit), seat_count(kit), face_groups(kit)
    parts = [part for index, deck in enumerate(pieces.decks)
             for part in deck_parts(index, deck, groups.get(deck.name, {}), setup, seats,
                                    kit.game.engine)]
    table = _table(kit, pieces, parts, seats, token_seats(kit, setup, seats))
    steps = len(pieces.boards) + len(pieces.decks) + len(pieces.tokens)
    step = 0
    for board, spot in zip(pieces.boards, table.boards, strict=True):
        _board(export, board, spot)
        step += 1
        progress("tts images", step, steps)
    key = 1
    for index, deck in enumerate(pieces.decks):
        mine = [(part, spot) for part, spot in zip(parts, table.parts, strict=True)
                if part.deck == index]
        key = _deck(export, deck, key, [part for part, _ in mine], [spot for _, spot in mine])
        step += 1
        progress("tts images", step, steps)
    rgb = ImageColor.getrgb(definition.accent)
    colour = (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255)
    for tokens, spots in zip(pieces.tokens, table.tokens, strict=True):
        _tokens(export, tokens, spots, colour)
        step += 1
        progress("tts images", step, steps)
    note = f"{definition.title}, made by printkit for Tabletop Simulator."
    out.add(f"{SAVED_OBJECTS}/{prefix}.json",
            json_text(saved_object(definition.title, note, export.objects)))
    out.add(f"{SAVED_OBJECTS}/{prefix}.png", png_bytes(thumbnail(export.pictures)))
    out.add("IMPORT.md", guide_text(definition.title, prefix, export.objects,
                                    sorted(out.files), base_url, images_folder(out)))


def images_folder(out: OutputSet) -> str:
    """The ``file:///`` address of the export's own ``Mods/Images`` folder, ending in
    ``/`` (the address its saved object names images at unless given ``--base-url``)."""
    return (out.folder.resolve() / IMAGES).as_uri() + "/"


def export_tts(name_or_path: str, *, output_root: Path, base_url: str | None = None,
               variant: str | None = None, overrides: Settings = (),
               progress: Progress = silent) -> BuildResult:
    """Prepare the game as a build would, without bleed, and write its Tabletop Simulator
    export into its own folder, ``<game>--tts`` (or nothing, on any problem).  The saved
    object names each image by its ``file:///`` address in that folder, or at
    ``base_url``."""
    prefix_url = check_base_url(base_url)
    kit = prepare(name_or_path, BuildOptions(bleed=0.0, layouts=()), variant=variant,
                  overrides=overrides)
    definition = kit.game.definition
    prefix = kit_name(definition.game, variant=variant,
                      changes=build_changes(definition, overrides, BuildOptions()))
    out = folder_for(output_root, export_name(kit.game, "tts", BuildOptions(),
                                              variant=variant, overrides=overrides))
    tts_export(kit, out, prefix=prefix, base_url=prefix_url or images_folder(out),
               progress=progress)
    return commit(kit.game, out)
