"""``printkit export tts`` sets the games out as their rules do (issue 25 item 6): the cards
the rules keep out of the play deck lie apart, face up (the Trump on its square of the
board, each player's aids at their seat), the play decks face down; every card reaches
300 dpi where 4096 pixels allow and never falls below 200; every field TTS writes is
written, in its order; images are named by ``file:///`` addresses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from printkit.errors import DefinitionError
from printkit.export.pieces import DeckPieces, kit_pieces
from printkit.export.tts import export_tts
from printkit.export.tts_json import KIND_FIELDS, OBJECT_FIELDS, SAVE_FIELDS, SCRIPT_FIELDS
from printkit.export.tts_layout import CARD_HEIGHT_AT_SCALE_1, TILE_HEIGHT_AT_SCALE_1
from printkit.export.tts_sheets import LEAST_DPI, MAX_PIXELS, deck_cells, plan_sheets
from printkit.export.tts_table import (
    SetAside,
    TableSetup,
    deck_parts,
    face_groups,
    seat_count,
    table_setup,
)
from printkit.export.writing import prepare
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions
from printkit.pdf.artwork import Artwork
from printkit.units import MM, POINTS_PER_INCH

Json = dict[str, Any]


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("tts-setup")
    return {game: export_tts(game, output_root=out).folder
            for game in ("stars-and-stripes", "star-battle", "white-star")}


def _saved(folder: Path) -> Json:
    (path,) = (folder / "Saves" / "Saved Objects").glob("*.json")
    data: Json = json.loads(path.read_text(encoding="utf-8"))
    return data


def _named(saved: Json, nickname: str) -> Json:
    found: list[Json] = [s for s in saved["ObjectStates"] if s["Nickname"] == nickname]
    assert len(found) == 1, nickname
    return found[0]


def _cards(state: Json) -> list[Json]:
    """The cards of a deck, or the lone card itself."""
    return list(state["ContainedObjects"]) if state["Name"] == "DeckCustom" else [state]


def _face_up(state: Json) -> bool:
    return bool(state["Transform"]["rotZ"] == 0.0)


def _image(folder: Path, url: str) -> Image.Image:
    return Image.open(folder / "Mods" / "Images" / url.rpartition("/")[2])


def test_stars_and_stripes_trump_lies_on_its_square(exports: dict[str, Path]) -> None:
    folder = exports["stars-and-stripes"]
    saved = _saved(folder)
    board = next(s for s in saved["ObjectStates"] if s["Name"] == "Custom_Board")
    trump = _named(saved, "Trump")
    assert trump["Name"] == "Card" and _face_up(trump)
    # the one card whose face is in no other object: not a card of the play deck
    others = {c["CardID"] for s in saved["ObjectStates"] if s is not trump and "CustomDeck" in s
              for c in _cards(s)}
    assert trump["CardID"] not in others
    # where the Trump's centre falls on the board's own picture: the grey Trump square
    # (the board's highlight, #cfcfcf), a third of a square out from the centre each way
    image = _image(folder, board["CustomImage"]["ImageURL"]).convert("RGB")
    tall = board["Transform"]["scaleZ"] * TILE_HEIGHT_AT_SCALE_1
    wide = tall * board["CustomImage"]["WidthScale"]
    dx = trump["Transform"]["posX"] - board["Transform"]["posX"]
    dz = trump["Transform"]["posZ"] - board["Transform"]["posZ"]
    x = image.width / 2 + dx / wide * image.width
    y = image.height / 2 - dz / tall * image.height
    square = (63.5 + 3) / 25.4 / wide * image.width  # a card and the board's 3 mm of play
    for ox, oy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        assert image.getpixel((round(x + ox * square / 3), round(y + oy * square / 3))) == (
            0xcf, 0xcf, 0xcf)
    # outside the square, the board's background
    assert image.getpixel((round(x + square), round(y))) != (0xcf, 0xcf, 0xcf)
    # a card as tall as printed, dropped on the board
    assert trump["Transform"]["scaleZ"] * CARD_HEIGHT_AT_SCALE_1 == pytest.approx(
        63.5 / 25.4, abs=1e-3)
    assert trump["Transform"]["posY"] > board["Transform"]["posY"]


def test_stars_and_stripes_reference_cards_lie_aside(exports: dict[str, Path]) -> None:
    saved = _saved(exports["stars-and-stripes"])
    reference = _named(saved, "Quick reference")
    assert _face_up(reference)
    assert [c["Nickname"] for c in _cards(reference)] == ["reference", "reference"]
    deck = _named(saved, "Stars and Stripes")
    assert not _face_up(deck) and deck["HideWhenFaceDown"] is True
    names = {c["Nickname"] for c in _cards(deck)}
    assert len(names) == 36 and names.isdisjoint({"trump", "reference"})


def test_star_battle_sets_aside_what_shares_the_systems_back(
        exports: dict[str, Path]) -> None:
    saved = _saved(exports["star-battle"])
    deck = _named(saved, "Star Battle")
    assert not _face_up(deck) and len(deck["DeckIDs"]) == 52
    assert all(c["Nickname"][-1] in "SHCD" for c in _cards(deck))
    core = _named(saved, "Galactic Core marker")
    assert _face_up(core) and core["CardID"] not in {c["CardID"] for c in _cards(deck)}
    # the marker and the aids have the systems' back: only the set-up keeps them apart
    system_back = {s["BackURL"] for s in deck["CustomDeck"].values()}
    assert {s["BackURL"] for s in core["CustomDeck"].values()} == system_back
    aids = {f"Player aid ({part}), player {seat}": seat for part in (1, 2) for seat in (1, 2)}
    for name, seat in aids.items():
        state = _named(saved, name)
        assert _face_up(state) and {s["BackURL"] for s in state["CustomDeck"].values()} == (
            system_back)
        # each turned to face its player: the first at the near side, the second across
        assert state["Transform"]["rotY"] == (180.0 if seat == 1 else 0.0)
        assert (state["Transform"]["posZ"] < deck["Transform"]["posZ"]) == (seat == 1)
    # each player's ships (the fronts' 'player') wait at their seat, turned to them
    tiles = [s for s in saved["ObjectStates"] if s["Name"] == "Custom_Tile"]
    assert len(tiles) == 2 * 2 * 15
    for tile in tiles:
        seat = int(tile["Nickname"].rpartition("-")[2])
        assert tile["Transform"]["rotY"] == (180.0 if seat == 1 else 0.0)
        assert (tile["Transform"]["posZ"] < deck["Transform"]["posZ"]) == (seat == 1)
    ids = {name: _named(saved, name)["CardID"] for name in aids}
    assert ids["Player aid (1), player 1"] == ids["Player aid (1), player 2"] != ids[
        "Player aid (2), player 1"] == ids["Player aid (2), player 2"]


def test_white_star_gives_an_aid_to_each_of_four_seats(exports: dict[str, Path]) -> None:
    saved = _saved(exports["white-star"])
    deck = _named(saved, "Stars (White Star)")
    assert not _face_up(deck) and len(deck["DeckIDs"]) == 43
    middle = (deck["Transform"]["posX"], deck["Transform"]["posZ"])
    turns, sides = [], []
    for seat in range(1, 5):
        aid = _named(saved, f"Player aid, player {seat}")
        assert _face_up(aid) and aid["CardID"] not in {c["CardID"] for c in _cards(deck)}
        turns.append(aid["Transform"]["rotY"])
        dx, dz = aid["Transform"]["posX"] - middle[0], aid["Transform"]["posZ"] - middle[1]
        sides.append("S" if dz < -abs(dx) else "W" if dx < -abs(dz)
                     else "N" if dz > abs(dx) else "E")
    # south, then clockwise round the table, each aid upright for the player behind it
    assert sides == ["S", "W", "N", "E"] and turns == [180.0, 270.0, 0.0, 90.0]


@pytest.mark.parametrize(("game", "expected"), [
    ("stars-and-stripes", {"Stars and Stripes": 36, "Trump": 1, "Quick reference": 2}),
    ("star-battle", {"Star Battle": 52, "Galactic Core marker": 1,
                     "Player aid (1), player 1": 1, "Player aid (1), player 2": 1,
                     "Player aid (2), player 1": 1, "Player aid (2), player 2": 1}),
    ("white-star", {"Stars (White Star)": 43, **{f"Player aid, player {n}": 1
                                                  for n in range(1, 5)}}),
    ("stars-and-bars", {"Stars and Bars": 64}),
])
def test_each_games_parts_come_from_its_groups(game: str, expected: dict[str, int]) -> None:
    kit = prepare(game, BuildOptions(bleed=0.0, layouts=()), variant=None, overrides=())
    (deck,) = kit_pieces(kit).decks
    groups = face_groups(kit)["cards"]
    parts = deck_parts(0, deck, groups, table_setup(kit), seat_count(kit), kit.game.engine)
    assert {p.name: p.count for p in parts} == expected
    for part in parts:
        shown = {groups[deck.faces[i].key] for i, n in enumerate(part.copies) if n}
        entry = [e for e in table_setup(kit).set_aside if part.name.startswith(e.name)]
        # a part set aside holds its group's faces only; the play deck none set aside
        assert shown == ({entry[0].group} if entry else shown - {
            e.group for e in table_setup(kit).set_aside})
    if game == "stars-and-stripes":
        (trump,) = [p for p in parts if p.name == "Trump"]
        assert trump.square == (3, 3) and trump.where == "board"


def test_the_set_up_follows_the_declared_groups_not_card_names() -> None:
    # a deck whose faces are named nothing like the groups: 'x' has three copies
    faces = tuple(Artwork(key, "") for key in ("a", "b", "x", "y"))
    deck = DeckPieces("cards", "Deck", 100.0, 100.0, faces, (2, 1, 3, 1), (faces[0],) * 4,
                      faces[:1])
    groups = {"a": "play", "b": "play", "x": "aids", "y": "marker"}
    setup = TableSetup((SetAside("aids", "Aid", "seats"), SetAside("marker", "Marker", "aside"),
                        SetAside("missing", "Nothing", "aside")))
    parts = deck_parts(0, deck, groups, setup, 2, None)
    assert [(p.name, p.where, p.copies, p.face_up) for p in parts] == [
        ("Deck", "deck", (2, 1, 0, 0), False),
        ("Aid, player 1", "seats", (0, 0, 2, 0), True),  # dealt round: 2 and 1
        ("Aid, player 2", "seats", (0, 0, 1, 0), True),
        ("Marker", "aside", (0, 0, 0, 1), True)]
    # a board place without a board square (no engine) lies aside instead
    board = TableSetup((SetAside("marker", "Marker", "board", square=lambda _: (0, 0)),))
    assert [p.where for p in deck_parts(0, deck, groups, board, 2, None)] == ["deck", "aside"]
    # without a set-up, the deck is whole
    assert [p.count for p in deck_parts(0, deck, groups, TableSetup(), 3, None)] == [7]


def _dpi(state: Json, folder: Path, card_mm: tuple[float, float]) -> list[float]:
    """The resolution of every sheet of a deck or card, from the written image's pixels
    over the card's millimetres."""
    found = []
    for sheet in state["CustomDeck"].values():
        image = _image(folder, sheet["FaceURL"])
        assert image.width <= MAX_PIXELS and image.height <= MAX_PIXELS
        cell = (image.width / sheet["NumWidth"], image.height / sheet["NumHeight"])
        found += [cell[0] / (card_mm[0] / 25.4), cell[1] / (card_mm[1] / 25.4)]
    return found


@pytest.mark.parametrize("game", ["stars-and-stripes", "star-battle", "white-star"])
def test_cards_reach_300_dpi(exports: dict[str, Path], game: str) -> None:
    definition = resolve(game).definition
    card_mm = (definition.card_width / MM, definition.card_height / MM)
    saved = _saved(exports[game])
    decks = [s for s in saved["ObjectStates"] if s["Name"] in ("DeckCustom", "Card")]
    dpis = [dpi for state in decks for dpi in _dpi(state, exports[game], card_mm)]
    assert dpis and min(dpis) >= 300.0 - 1e-9 and max(dpis) < 302.0


def _deck_of(width_mm: float, height_mm: float) -> DeckPieces:
    face = Artwork("f", "")
    return DeckPieces("big", "Big", width_mm * MM, height_mm * MM, (face,), (1,), (face,),
                      (face,))


def test_a_large_card_gets_a_sheet_of_its_own_and_never_below_200_dpi() -> None:
    # an A3 card: two cells do not fit at 300 dpi, one does at 4096 px over 420 mm
    cells = deck_cells(_deck_of(297, 420))
    assert (cells.columns, cells.rows, cells.back_hidden) == (1, 1, True)
    assert max(cells.size) <= MAX_PIXELS
    assert cells.dpi == pytest.approx((MAX_PIXELS - 0.5) / (420 / 25.4), abs=0.01)
    assert 200 <= cells.dpi < 300
    faces = tuple(Artwork(key, "") for key in ("a", "b", "c"))
    three = DeckPieces("big", "Big", 297 * MM, 420 * MM, faces, (1, 2, 1), faces[:1] * 3,
                       faces[:1])
    sheets = plan_sheets(three, cells)
    assert [(s.faces, s.columns, s.rows, s.back_hidden) for s in sheets] == [
        ((0,), 1, 1, True), ((1,), 1, 1, True), ((2,), 1, 1, True)]
    # a card of 30 cm across still has two cells at 300 dpi, one above the other
    tall = deck_cells(_deck_of(300, 160))
    assert (tall.dpi, tall.columns, tall.rows) == (300.0, 1, 2)
    # past 4096 pixels at 200 dpi (520 mm): refused, saying why
    with pytest.raises(DefinitionError, match=r"Big: a card of 300 x 530 mm .* 200 dpi"):
        deck_cells(_deck_of(300, 530))
    assert LEAST_DPI == 200.0 and (MAX_PIXELS / LEAST_DPI * POINTS_PER_INCH / MM) < 530


def _fields(state: Json) -> None:
    own = KIND_FIELDS[state["Name"]]
    tail = ("ContainedObjects",) if state["Name"] == "DeckCustom" else ()
    assert tuple(state) == OBJECT_FIELDS + own + SCRIPT_FIELDS + tail, state["Name"]
    for sheet in state.get("CustomDeck", {}).values():
        assert tuple(sheet) == ("FaceURL", "BackURL", "NumWidth", "NumHeight",
                                "BackIsHidden", "UniqueBack", "Type")
    if "CustomImage" in state:
        image = tuple(state["CustomImage"])
        assert image[:4] == ("ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale")
    for card in state.get("ContainedObjects", []):
        _fields(card)


def test_every_field_tts_writes_is_written(exports: dict[str, Path]) -> None:
    for folder in exports.values():
        saved = _saved(folder)
        assert tuple(saved) == SAVE_FIELDS
        for state in saved["ObjectStates"]:
            _fields(state)
        guids = [c["GUID"] for s in saved["ObjectStates"]
                 for c in [s, *s.get("ContainedObjects", [])]]
        assert len(set(guids)) == len(guids)


def test_the_largest_card_a_definition_allows_still_reaches_300_dpi(tmp_path: Path) -> None:
    # 200 mm a side (the most a card may be): two cells would pass 4096 pixels, so each
    # face has a sheet of its own whose hidden card is the back image
    definition = tmp_path / "big.yaml"
    definition.write_text(
        "game: big\ntitle: Big Cards\ncard: {size: 200mm x 200mm, safe_margin: 5mm}\n"
        "print: {paper: a3}\nlayouts:\n  card:\n"
        "    - {type: rect, bleed: true, fill: '#2d4a6b'}\n"
        "faces:\n  - {id: card, kind: layout, layout: card, generate: {n: '1..2'}, "
        "name: 'n{n}'}\nback: {kind: pattern, options: {background: '#7a2d2d'}}\n")
    folder = export_tts(str(definition), output_root=tmp_path / "out").folder
    (deck,) = _saved(folder)["ObjectStates"]
    assert deck["DeckIDs"] == [100, 200]
    sheets = list(deck["CustomDeck"].values())
    assert [(s["NumWidth"], s["NumHeight"], s["BackIsHidden"]) for s in sheets] == [
        (1, 1, True)] * 2
    assert min(_dpi(deck, folder, (200.0, 200.0))) >= 300.0 - 1e-9
