"""``printkit export tts``: the saved object has the real save format's structure, its decks
keep TTS's rules for card sheets, and every image it names is in the export.

The structure is checked against tests/data/tts/sample-saved-object.json, written by hand
with the fields, in the order, that Tabletop Simulator 13 writes them in saves it made
(the saves cited in docs/export-tts.md; the knowledge base's save file format page shows
an older version's): every object printkit writes must have the keys of the sample's
object of the same Name, in the same order, with values of the same types, all the way
down.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from printkit.cli import Exit
from printkit.export.tts_json import DeckObject, SheetEntry, Spot, deck_state
from printkit.export.tts_sheets import MAX_FACES, grid, split
from tests.conftest import DATA, Run

SAMPLE = json.loads((DATA / "tts" / "sample-saved-object.json").read_text())
SKIRMISH = str(DATA / "components" / "skirmish.yaml")


def _objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every object state in a saved object, those inside decks too."""
    if isinstance(value, dict):
        if "Name" in value and "Transform" in value:
            yield value
        for item in value.values():
            yield from _objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)


SAMPLE_BY_NAME = {state["Name"]: state for state in _objects(SAMPLE)}


def same_shape(ours: Any, model: Any, where: str) -> None:
    """``ours`` has the keys and value types of ``model``, recursively; a mapping keyed by
    numbers (``CustomDeck``) is compared entry by entry with the model's entry, and an
    object in a list with the sample's object of its Name."""
    if isinstance(model, dict):
        assert isinstance(ours, dict), f"{where}: {ours!r} is not an object"
        if model and all(key.isdigit() for key in model):
            entry = next(iter(model.values()))
            for key, value in ours.items():
                assert key.isdigit(), f"{where}: key {key!r} is not a number"
                same_shape(value, entry, f"{where}.{key}")
            return
        assert set(ours) == set(model), (f"{where}: keys differ: extra "
                                         f"{sorted(set(ours) - set(model))}, missing "
                                         f"{sorted(set(model) - set(ours))}")
        assert list(ours) == list(model), f"{where}: keys in another order"
        for key in model:
            same_shape(ours[key], model[key], f"{where}.{key}")
    elif isinstance(model, list):
        assert isinstance(ours, list), f"{where}: {ours!r} is not a list"
        for index, item in enumerate(ours):
            if isinstance(item, dict) and "Name" in item:
                assert item["Name"] in SAMPLE_BY_NAME, f"{where}[{index}]: {item['Name']}"
                same_shape(item, SAMPLE_BY_NAME[item["Name"]], f"{where}[{index}]")
            else:
                same_shape(item, model[0], f"{where}[{index}]")
    else:
        assert type(ours) is type(model), (f"{where}: {ours!r} is a {type(ours).__name__}, "
                                           f"the format has a {type(model).__name__}")


def _export(run_cli: Run, out: Path, game: str, *extra: str) -> Path:
    result = run_cli("export", "tts", game, "-o", str(out), *extra)
    assert result.status == 0, result.err
    folders = [p for p in out.iterdir() if p.name.endswith("--tts")]
    assert len(folders) == 1
    return folders[0]


def _saved(folder: Path) -> dict[str, Any]:
    files = list((folder / "Saves" / "Saved Objects").glob("*.json"))
    assert len(files) == 1
    data: dict[str, Any] = json.loads(files[0].read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def stars(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _module_export(tmp_path_factory, "stars-and-stripes")


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _module_export(tmp_path_factory, SKIRMISH)


def _module_export(factory: pytest.TempPathFactory, game: str) -> Path:
    from printkit.export.tts import export_tts

    out = factory.mktemp("tts")
    return export_tts(game, output_root=out).folder


def test_the_sample_is_the_documented_format() -> None:
    # the sample itself holds the three kinds of object, and a deck with its cards
    assert {"DeckCustom", "Card", "Custom_Tile", "Custom_Board"} <= set(SAMPLE_BY_NAME)
    assert SAMPLE_BY_NAME["DeckCustom"]["DeckIDs"] == [
        card["CardID"] for card in SAMPLE_BY_NAME["DeckCustom"]["ContainedObjects"]]


@pytest.mark.parametrize("which", ["stars", "skirmish"])
def test_every_object_has_the_formats_structure(which: str, request: pytest.FixtureRequest
                                                ) -> None:
    saved = _saved(request.getfixturevalue(which))
    same_shape(saved, SAMPLE, "saved object")
    names = {state["Name"] for state in _objects(saved)}
    expected = {"DeckCustom", "Card", "Custom_Board"} | (
        {"Custom_Tile"} if which == "skirmish" else set())
    assert names == expected


def _image(folder: Path, url: str) -> Image.Image:
    path = folder / "Mods" / "Images" / url.rpartition("/")[2]
    assert path.is_file(), f"{url} is named but not exported"
    return Image.open(path)


def test_decks_follow_the_sheet_rules(stars: Path, skirmish: Path) -> None:
    for folder in (stars, skirmish):
        decks = [s for s in _objects(_saved(folder)) if "CustomDeck" in s]
        ids: dict[str, set[int]] = {}
        for deck in decks:
            cards = deck.get("ContainedObjects", [deck])
            if deck["Name"] == "DeckCustom":
                assert deck["DeckIDs"] == [card["CardID"] for card in cards]
            for card in cards:
                sheet_key = str(card["CardID"] // 100)
                assert card["CustomDeck"] == {sheet_key: deck["CustomDeck"][sheet_key]}
                ids.setdefault(sheet_key, set()).add(card["CardID"])
        sheets = {key: sheet for deck in decks for key, sheet in deck["CustomDeck"].items()}
        assert set(sheets) == set(ids)
        for key, sheet in sheets.items():
            columns, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert columns <= 10 and rows <= 7
            # the faces of all the objects fill the cells from the first, one cell each
            assert sorted(ids[key]) == [int(key) * 100 + cell for cell in range(len(ids[key]))]
            assert columns * rows >= len(ids[key]) + (0 if sheet["BackIsHidden"] else 1)
            face, back = _image(folder, sheet["FaceURL"]), _image(folder, sheet["BackURL"])
            assert face.mode == "RGB" and back.mode == "RGB"
            assert face.width <= 4096 and face.height <= 4096
            assert face.size == (back.width * columns, back.height * rows)
            if sheet["BackIsHidden"]:
                continue
            # the last cell is the hidden card: the back itself
            last = face.crop((face.width - back.width, face.height - back.height,
                              face.width, face.height))
            assert ImageChops.difference(last.convert("RGB"),
                                         back.convert("RGB")).getbbox() is None


def test_the_decks_hold_the_kits_cards(stars: Path) -> None:
    saved = _saved(stars)
    deck = next(s for s in saved["ObjectStates"] if s["Name"] == "DeckCustom"
                and s["Transform"]["rotZ"] == 180.0)  # the play deck, face down
    assert len(deck["DeckIDs"]) == 36 and len(set(deck["DeckIDs"])) == 36
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names[0] == "1-stars-1-stripes" and "trump" not in names
    # the 39 cards of the kit: 36 in the deck, the Trump and two copies of one reference
    everything = [card["Nickname"] for state in saved["ObjectStates"]
                  for card in (state.get("ContainedObjects") or [state])
                  if card["Name"] == "Card"]
    assert len(everything) == 39 and everything.count("reference") == 2


def test_every_image_named_is_exported_and_every_image_is_named(skirmish: Path) -> None:
    urls = {url for state in _objects(_saved(skirmish)) for url in _urls(state)}
    exported = {p.name for p in (skirmish / "Mods" / "Images").iterdir()}
    assert {url.rpartition("/")[2] for url in urls} == exported
    assert all(name.startswith("skirmish--") for name in exported)
    # each is the file:/// address of the file written, as TTS names a local file
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        assert parts.scheme == "file" and parts.netloc == ""
        path = Path(urllib.request.url2pathname(parts.path))
        assert path.is_absolute() and path.is_file()
        assert path.parent == (skirmish / "Mods" / "Images").resolve()


def _urls(state: dict[str, Any]) -> Iterator[str]:
    for key, value in state.items():
        if isinstance(value, dict):
            yield from _urls(value)
        elif key.endswith("URL") and value:
            yield str(value)


def test_tokens_are_two_sided_tiles_of_their_shape(skirmish: Path) -> None:
    tiles = [s for s in _saved(skirmish)["ObjectStates"] if s["Name"] == "Custom_Tile"]
    assert len(tiles) == 10 + 12 + 8
    types = {t["Nickname"].split(":")[0]: t["CustomImage"]["CustomTile"]["Type"]
             for t in tiles}
    assert types == {"Skirmish, counters": 1, "Skirmish, coins": 2, "Skirmish, chits": 0}
    for tile in tiles:
        image = tile["CustomImage"]
        assert image["ImageURL"] != image["ImageSecondaryURL"] != ""
        top = _image(skirmish, image["ImageURL"])
        assert image["WidthScale"] == pytest.approx(top.width / top.height, abs=0.01)


def test_boards_are_locked_with_the_whole_board(stars: Path) -> None:
    boards = [s for s in _saved(stars)["ObjectStates"] if s["Name"] == "Custom_Board"]
    assert len(boards) == 1 and boards[0]["Locked"] is True
    image = _image(stars, boards[0]["CustomImage"]["ImageURL"])
    assert max(image.size) == 4096 and image.mode == "RGB"
    # the whole board (484 x 498 mm), drawn: its homes' colours and more
    assert image.width / image.height == pytest.approx(484 / 498, abs=0.002)
    assert boards[0]["CustomImage"]["WidthScale"] == pytest.approx(484 / 498, abs=0.002)
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 20


def test_thumbnail_and_guide(stars: Path) -> None:
    thumbnail = Image.open(stars / "Saves" / "Saved Objects" / "stars-and-stripes.png")
    colours = thumbnail.getcolors(maxcolors=256 * 256)
    assert thumbnail.size == (256, 256) and colours is not None and len(colours) > 50
    guide = (stars / "IMPORT.md").read_text()
    for words in ("Documents\\My Games\\Tabletop Simulator", "~/.local/share/Tabletop Simulator",
                  "Saves/Saved Objects", "stars-and-stripes.json", "--base-url",
                  "Cloud Manager", "Save Object", (stars / "Mods" / "Images").resolve().as_uri(),
                  "https://kb.tabletopsimulator.com/custom-content/asset-importing/",
                  "Trump: 1 card, face up", "Stars and Stripes: 36 cards, face down"):
        assert words in guide, words


def test_exports_are_byte_identical_but_for_their_own_address(tmp_path: Path,
                                                               run_cli: Run) -> None:
    one = _export(run_cli, tmp_path / "one", "stars-and-stripes")
    again = {p: p.read_bytes() for p in one.rglob("*") if p.is_file()}
    _export(run_cli, tmp_path / "one", "stars-and-stripes")
    assert {p: p.read_bytes() for p in one.rglob("*") if p.is_file()} == again
    two = _export(run_cli, tmp_path / "elsewhere" / "two", "stars-and-stripes")
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    here, there = ((folder / "Mods" / "Images").resolve().as_uri() for folder in (one, two))
    for name in files:
        ours, theirs = (one / name).read_bytes(), (two / name).read_bytes()
        if name.suffix in (".json", ".md"):  # they name the images where they are
            assert here.encode() in ours and there.encode() not in ours
            ours = ours.replace(here.encode(), there.encode())
        assert ours == theirs, name


def test_base_url_goes_before_every_image(tmp_path: Path, run_cli: Run) -> None:
    folder = _export(run_cli, tmp_path, SKIRMISH, "--base-url", "https://example.org/games")
    urls = [url for state in _objects(_saved(folder)) for url in _urls(state)]
    assert urls and all(url.startswith("https://example.org/games/skirmish--") for url in urls)
    exported = {p.name for p in (folder / "Mods" / "Images").iterdir()}
    assert {url.rpartition("/")[2] for url in urls} == exported
    assert "https://example.org/games/" in (folder / "IMPORT.md").read_text()
    assert "file:" not in (folder / "IMPORT.md").read_text()
    bad = run_cli("export", "tts", SKIRMISH, "-o", str(tmp_path / "x"), "--base-url", "games/")
    assert bad.status == Exit.USAGE and "--base-url" in bad.err
    assert not (tmp_path / "x").exists()


def test_a_large_deck_is_split_over_balanced_sheets(tmp_path: Path, run_cli: Run) -> None:
    definition = tmp_path / "many.yaml"
    definition.write_text(
        "game: many\ntitle: Many Cards\ncard: {size: mini, safe_margin: 2mm}\n"
        "layouts:\n  card:\n    - {type: rect, bleed: true, fill: '#2d4a6b'}\n"
        "    - {type: text, text: '{n}', x: 5mm, y: 5mm, width: 30mm, height: 20mm, "
        "size: 20pt, fill: '#ffffff'}\n"
        "faces:\n  - {id: card, kind: layout, layout: card, generate: {n: '1..75'}, "
        "name: 'n{n}'}\n"
        "  - {id: odd, kind: layout, layout: card, generate: {n: '76..77'}, name: 'n{n}', "
        "count: 3, back: {kind: pattern, options: {background: '#7a2d2d'}}}\n"
        "back: {kind: pattern, options: {background: '#2d4a6b'}}\n")
    folder = _export(run_cli, tmp_path / "out", str(definition))
    deck = _saved(folder)["ObjectStates"][0]
    sheets = deck["CustomDeck"]
    # a mini card (44.5 x 63.5 mm) is 526 x 750 pixels at 300 dpi: 7 across and 5 down fit
    # in 4096 pixels, so a sheet holds 34 faces and the hidden card
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(7, 4)] * 3 + [
        (3, 1)]
    backs = {s["BackURL"].rpartition("/")[2] for s in sheets.values()}
    assert backs == {"many--cards-back.png", "many--cards-back-odd.png"}
    # 75 faces of one back on three sheets of 25, then three copies of two faces
    assert deck["DeckIDs"] == ([100 + cell for cell in range(25)]
                               + [200 + cell for cell in range(25)]
                               + [300 + cell for cell in range(25)] + [400] * 3 + [401] * 3)
    sheet = Image.open(folder / "Mods" / "Images" / "many--cards-1.png")
    assert sheet.size == (7 * 526, 4 * 750)


def test_sheet_arithmetic() -> None:
    assert MAX_FACES == 69
    assert split(69) == [69] and split(70) == [35, 35] and split(75) == [38, 37]
    assert grid(69) == (10, 7) and grid(5) == (6, 1) and grid(37) == (10, 4)


def test_a_lone_card_is_a_card_not_a_deck() -> None:
    sheet = SheetEntry(1, "sheet.png", "back.png", 2, 1)
    state = deck_state(DeckObject("Solo", "1 card", (sheet,), ((100, "only"),), False,
                                  Spot(0.0, 0.0, 1.0)))
    assert state["Name"] == "Card" and state["CardID"] == 100
    same_shape(state, SAMPLE_BY_NAME["Card"], "lone card")
