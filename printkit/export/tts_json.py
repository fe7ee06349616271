"""A Tabletop Simulator saved object: the JSON that puts a game's pieces on the table.

A saved object is a ``SaveState`` whose ``ObjectStates`` list the objects, each with a
``Name`` saying what it is (the knowledge base's save file format,
https://kb.tabletopsimulator.com/custom-content/save-file-format/).  A deck is a
``DeckCustom`` whose ``CustomDeck`` maps a number to a sheet (face image, back image,
grid) and whose ``DeckIDs`` and ``ContainedObjects`` list its cards, one ``Card`` each,
copies included; a card's ``CardID`` is its sheet's number times 100 plus its cell,
counted from 0 in reading order.  A token is a ``Custom_Tile`` (two images, a shape), a
board a ``Custom_Board``.

That page shows an old version's fields only.  The fields written here are those today's
TTS (version 13) writes when it saves an object of each kind, read from saves it wrote
that are kept in public repositories (listed in docs/export-tts.md): every object has
:data:`OBJECT_FIELDS` in that order, then its own kind's, then its script fields; the
saved object has :data:`SAVE_FIELDS`.  Fields TTS leaves out when they are empty
(``Tags``, ``AttachedSnapPoints``, ``ChildObjects``, ``States``) are left out too.  The
same pieces always give the same text (GUIDs come from the pieces' names, not chance).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

OBJECT_FIELDS = ("GUID", "Name", "Transform", "Nickname", "Description", "GMNotes",
                 "AltLookAngle", "ColorDiffuse", "LayoutGroupSortIndex", "Value", "Locked",
                 "Grid", "Snap", "IgnoreFoW", "MeasureMovement", "DragSelectable", "Autoraise",
                 "Sticky", "Tooltip", "GridProjection", "HideWhenFaceDown", "Hands")
"""The fields every object starts with, in TTS's order."""
SCRIPT_FIELDS = ("LuaScript", "LuaScriptState", "XmlUI")
"""The fields after an object's own (a deck's ``ContainedObjects`` come after them)."""
KIND_FIELDS = {"Card": ("CardID", "SidewaysCard", "CustomDeck"),
               "DeckCustom": ("SidewaysCard", "DeckIDs", "CustomDeck"),
               "Custom_Tile": ("CustomImage",), "Custom_Board": ("CustomImage",)}
"""Each kind's own fields, between :data:`OBJECT_FIELDS` and :data:`SCRIPT_FIELDS`."""
SHEET_FIELDS = ("FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack",
                "Type")
"""The fields of a ``CustomDeck`` entry (a sheet)."""
SAVE_FIELDS = ("SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity",
               "Tags", "Gravity", "PlayArea", "Table", "Sky", "Note", "TabStates", "LuaScript",
               "LuaScriptState", "XmlUI", "ObjectStates")
"""The fields of a saved object around its objects."""
CARD_SHAPE = 0
"""``CustomDeck.Type``: 0 is a rectangle with rounded corners, as printed cards are."""
TILE_TYPES = {"square": 0, "hexagon": 1, "round": 2}
"""``CustomTile.Type`` of each token shape (TTS: 0 box, 1 hex, 2 circle, 3 rounded)."""
TILE_THICKNESS = 0.1
"""A token's thickness in TTS units (about an inch each): thick card."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Spot:
    """Where an object lies on the table and how large: TTS units, x to the right, z away
    from the first player; ``scale`` multiplies the object's own size."""

    x: float
    z: float
    scale: float
    y: float = 1.0
    turn: float = 180.0
    """Rotation about the vertical, in degrees: 180 faces the first player (the south
    seat), 270 the seat to their left, 0 the seat across the table."""


@dataclass(frozen=True)
class SheetEntry:
    """One ``CustomDeck`` entry: a sheet image of faces, the back behind them, the grid."""

    key: int
    face_url: str
    back_url: str
    columns: int
    rows: int
    back_is_hidden: bool = False
    """Whether a hidden card shows the back image rather than the sheet's last cell (a
    sheet of one cell has no cell to spare)."""


@dataclass(frozen=True)
class DeckObject:
    """A deck on the table: its sheets and its cards (card ID and name, copies included)."""

    name: str
    description: str
    sheets: tuple[SheetEntry, ...]
    cards: tuple[tuple[int, str], ...]
    sideways: bool
    spot: Spot
    face_up: bool = False
    """Play decks lie face down; cards the rules set out on the table lie face up."""
    note: str = ""
    """What the rules do with the cards (for the guide; the description says it too)."""


@dataclass(frozen=True)
class TileObject:
    """A token: a tile of one shape with a top and (optionally) a bottom image."""

    name: str
    description: str
    shape: str
    front_url: str
    back_url: str
    aspect: float
    """Width over height of the images."""
    colour: tuple[float, float, float]
    """The colour of the tile's edge."""
    count: int
    """How many such tokens: a stack of tiles, each a little above the last."""
    spot: Spot


@dataclass(frozen=True)
class BoardObject:
    """A board: one image, locked in place."""

    name: str
    description: str
    image_url: str
    aspect: float
    spot: Spot


TableObject = DeckObject | TileObject | BoardObject


def guid(*parts: str) -> str:
    """A 6-hex-digit object id, the same for the same names (TTS gives new ids to any that
    clash with objects already on the table)."""
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:6]


def _file(url: str) -> str:
    """An image's file name: what an object's id may depend on, not where it is kept."""
    return url.rpartition("/")[2]


def _number(value: float) -> float:
    return round(float(value), 4)


def _transform(spot: Spot, *, face_down: bool = False) -> Json:
    return {"posX": _number(spot.x), "posY": _number(spot.y), "posZ": _number(spot.z),
            "rotX": 0.0, "rotY": _number(spot.turn), "rotZ": 180.0 if face_down else 0.0,
            "scaleX": _number(spot.scale), "scaleY": 1.0, "scaleZ": _number(spot.scale)}


def _base(name: str, spot: Spot, nickname: str, description: str, *, key: Sequence[str],
          colour: tuple[float, float, float] = (1.0, 1.0, 1.0), locked: bool = False,
          face_down: bool = False, hidden: bool = False, hands: bool = False) -> Json:
    """The fields TTS writes for every object, in the order it writes them, up to the
    fields of the object's own kind (see :data:`OBJECT_FIELDS`)."""
    return {"GUID": guid(*key), "Name": name, "Transform": _transform(spot, face_down=face_down),
            "Nickname": nickname, "Description": description, "GMNotes": "",
            "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
            "ColorDiffuse": {"r": _number(colour[0]), "g": _number(colour[1]),
                             "b": _number(colour[2])},
            "LayoutGroupSortIndex": 0, "Value": 0, "Locked": locked, "Grid": True,
            "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": hidden, "Hands": hands}


def _scripts(state: Json) -> Json:
    """Close an object with its (empty) script, script state and UI."""
    state.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return state


def _custom_deck(sheets: Sequence[SheetEntry]) -> Json:
    return {str(sheet.key): {"FaceURL": sheet.face_url, "BackURL": sheet.back_url,
                             "NumWidth": sheet.columns, "NumHeight": sheet.rows,
                             "BackIsHidden": sheet.back_is_hidden, "UniqueBack": False,
                             "Type": CARD_SHAPE}
            for sheet in sheets}


def _card(deck: DeckObject, card_id: int, name: str, copy: int, alone: bool) -> Json:
    sheet = next(s for s in deck.sheets if s.key == card_id // 100)
    state = _base("Card", deck.spot, name, "", key=(deck.name, str(card_id), str(copy)),
                  face_down=alone and not deck.face_up, hidden=True, hands=True)
    state.update({"CardID": card_id, "SidewaysCard": deck.sideways,
                  "CustomDeck": _custom_deck([sheet])})
    return _scripts(state)


def deck_state(deck: DeckObject) -> Json:
    """A ``DeckCustom`` holding the deck's cards (a lone card is a ``Card`` by itself: TTS
    makes no deck of one), face down unless the deck is laid face up."""
    if len(deck.cards) == 1:
        card_id, name = deck.cards[0]
        state = _card(deck, card_id, name, 0, alone=True)
        state.update({"Nickname": deck.name, "Description": deck.description})
        return state
    state = _base("DeckCustom", deck.spot, deck.name, deck.description, key=(deck.name,),
                  face_down=not deck.face_up, hidden=True)
    used = {card // 100 for card, _ in deck.cards}
    state.update({"SidewaysCard": deck.sideways, "DeckIDs": [card for card, _ in deck.cards],
                  "CustomDeck": _custom_deck([s for s in deck.sheets if s.key in used])})
    _scripts(state)
    seen: dict[int, int] = {}
    contained = []
    for card_id, name in deck.cards:
        seen[card_id] = seen.get(card_id, -1) + 1
        contained.append(_card(deck, card_id, name, seen[card_id], alone=False))
    state["ContainedObjects"] = contained
    return state


def tile_state(tile: TileObject, copy: int) -> Json:
    """The ``copy``-th tile of a stack: a two-sided ``Custom_Tile`` (one-sided when it has
    no back image), lying a tile's thickness above the one before."""
    spot = tile.spot
    lifted = Spot(spot.x, spot.z, spot.scale, spot.y + copy * 2 * TILE_THICKNESS, spot.turn)
    state = _base("Custom_Tile", lifted, tile.name, tile.description,
                  key=(tile.name, _file(tile.front_url), _file(tile.back_url), str(copy)),
                  colour=tile.colour)
    state["CustomImage"] = {
        "ImageURL": tile.front_url, "ImageSecondaryURL": tile.back_url, "ImageScalar": 1.0,
        "WidthScale": _number(tile.aspect),
        "CustomTile": {"Type": TILE_TYPES[tile.shape], "Thickness": TILE_THICKNESS,
                       "Stackable": True, "Stretch": False}}
    return _scripts(state)


def board_state(board: BoardObject) -> Json:
    """A locked ``Custom_Board`` showing the board's image."""
    state = _base("Custom_Board", board.spot, board.name, board.description,
                  key=(board.name, _file(board.image_url)), locked=True)
    state["CustomImage"] = {"ImageURL": board.image_url, "ImageSecondaryURL": "",
                            "ImageScalar": 1.0, "WidthScale": _number(board.aspect)}
    return _scripts(state)


def saved_object(title: str, note: str, objects: Sequence[TableObject]) -> Json:
    """The whole saved object, its objects in the order given, with the fields TTS writes
    around them (see :data:`SAVE_FIELDS`)."""
    states: list[Json] = []
    for thing in objects:
        if isinstance(thing, DeckObject):
            states.append(deck_state(thing))
        elif isinstance(thing, BoardObject):
            states.append(board_state(thing))
        else:
            states += [tile_state(thing, copy) for copy in range(thing.count)]
    return {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": "",
            "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": note, "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": states}


def json_text(save: Json) -> str:
    """The saved object as TTS writes one: indented UTF-8 JSON, a newline at the end."""
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"
