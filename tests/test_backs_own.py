"""Backs of their own (issue 24 item 1): a deck, a component, a face group or a single card
has a back drawn by a layout (with the card's fields) or by a picture, built through the
command line and read back from what it wrote: the PDFs' forms and colours, the SVG and PNG
files, and the located errors of bad definitions."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from printkit.cli import main
from printkit.commands.schema import json_schema
from printkit.console import Console
from tests.conftest import Result
from tests.pdfinspect import read_pages
from tests.test_components_pdf import form_colours, rgb

HEARTS, SPADES, PLAIN = "#a02020", "#202050", "#f0e0c0"

LAYOUTS = f"""
layouts:
  front:
    - {{type: rect, bleed: true, fill: "#fff8e0"}}
    - {{type: text, text: "{{name}}", x: 5mm, y: 5mm, width: 50mm, height: 15mm, size: 14pt}}
  suitback:
    - {{type: rect, bleed: true, fill: {{by: suit, values: {{hearts: "{HEARTS}",
                                                          spades: "{SPADES}"}}}}}}
    - {{type: text, text: "{{suit}}", x: 5mm, y: 40mm, width: 53mm, height: 10mm,
       size: 16pt, align: center, fill: "#ffffff"}}
  plainback:
    - {{type: rect, bleed: true, fill: "{PLAIN}"}}
"""


def _png(colour: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (830, 1160), colour).save(buffer, "PNG")  # 300 dpi on a poker card
    return buffer.getvalue()


def _write(folder: Path, body: str, files: dict[str, str | bytes] | None = None) -> Path:
    for name, data in (files or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            target.write_text(data, encoding="utf-8")
    path = folder / "game.yaml"
    path.write_text("game: backs-test\ntitle: Backs Test\ncard: {size: poker}\n" + LAYOUTS
                    + body, encoding="utf-8")
    return path


def _run(*args: str) -> Result:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), Console(out, err))
    return Result(status, out.getvalue(), err.getvalue())


def _build(tmp_path: Path, definition: Path, *args: str) -> Path:
    result = _run("build", str(definition), "-o", str(tmp_path / "out"), *args)
    assert result.status == 0, result.err
    return tmp_path / "out" / "backs-test"


def _back_colours(pdf: Path, page: int) -> list[tuple[float, float, float] | None]:
    """The colour of the first fill of each form placed on a page, in drawing order
    (``None`` for a form that paints no flat colour, a picture)."""
    placed = read_pages(pdf)[page].placements
    found: list[tuple[float, float, float] | None] = []
    for placement in placed:
        colours = form_colours(pdf, page, placement.name)
        found.append(next((c for c in (rgb(HEARTS), rgb(SPADES), rgb(PLAIN)) if c in colours),
                          None))
    return found


SUITED = """
faces:
  - id: card
    kind: layout
    layout: front
    data: cards.csv
back:
  layout: suitback
"""
CARDS = "name,suit,count\nOne,hearts,2\nTwo,spades,1\nThree,hearts,1\n"


def test_a_deck_back_drawn_by_a_layout_follows_each_card_and_is_stored_once(
        tmp_path: Path) -> None:
    kit = _build(tmp_path, _write(tmp_path, SUITED, {"cards.csv": CARDS}))
    pdf = kit / "cards.pdf"
    # 4 cards on one sheet: their backs in print order, hearts, hearts, spades, hearts
    assert len(read_pages(pdf)) == 2
    backs = read_pages(pdf)[1].placements
    assert _back_colours(pdf, 1) == [rgb(HEARTS), rgb(HEARTS), rgb(SPADES), rgb(HEARTS)]
    # three hearts backs are one form, placed three times
    assert Counter(p.name for p in backs).most_common(1)[0][1] == 3
    assert len({p.name for p in backs}) == 2
    svgs = sorted(p.relative_to(kit / "svg").as_posix() for p in (kit / "svg").rglob("*.svg"))
    # the second back is named after the field value that chose it
    assert svgs == ["back.svg", "backs/spades.svg", "card-1.svg", "card-2.svg", "card-3.svg"]
    assert "spades" in (kit / "svg" / "backs" / "spades.svg").read_text()
    assert "hearts" in (kit / "svg" / "back.svg").read_text()


def test_print_shop_and_gutter_fold_put_each_card_beside_its_own_back(tmp_path: Path) -> None:
    kit = _build(tmp_path, _write(tmp_path, SUITED, {"cards.csv": CARDS}))
    shop = kit / "cards-printshop.pdf"
    pages = read_pages(shop)
    assert len(pages) == 8  # front, back for each of the 4 cards
    assert [_back_colours(shop, page)[0] for page in (1, 3, 5, 7)] == [
        rgb(HEARTS), rgb(HEARTS), rgb(SPADES), rgb(HEARTS)]
    fold = kit / "cards-gutterfold.pdf"
    colours = [c for page in range(len(read_pages(fold))) for c in _back_colours(fold, page)]
    assert colours.count(rgb(SPADES)) == 1 and colours.count(rgb(HEARTS)) == 3


GROUP_IMAGES = """
faces:
  - id: card
    kind: layout
    layout: front
    data: cards.csv
    back: {image: "{art}"}
  - id: extra
    kind: layout
    layout: front
    data: [{name: Extra, suit: spades}]
    back: {layout: plainback}
"""


def test_a_group_back_from_a_field_and_an_empty_cell_takes_the_deck_back(
        tmp_path: Path) -> None:
    cards = "name,suit,art\nOne,hearts,art/red.png\nTwo,spades,\nThree,hearts,art/red.png\n"
    definition = _write(tmp_path, GROUP_IMAGES + "back:\n  layout: suitback\n", {
        "cards.csv": cards, "art/red.png": _png((200, 0, 0))})
    kit = _build(tmp_path, definition)
    pdf = kit / "cards.pdf"
    # One and Three show the picture (one form), Two its suit's layout, Extra the plain back
    colours = _back_colours(pdf, 1)
    assert colours == [None, rgb(SPADES), None, rgb(PLAIN)]
    names = [p.name for p in read_pages(pdf)[1].placements]
    assert names[0] == names[2] and len(set(names)) == 3
    reader = PdfReader(str(pdf))
    forms: Any = reader.pages[1]["/Resources"]["/XObject"]  # type: ignore[index]
    assert _paints_an_image(forms[f"/{names[0]}"].get_object())
    assert not _paints_an_image(forms[f"/{names[1]}"].get_object())


def _paints_an_image(form: Any, depth: int = 0) -> bool:
    """Whether a form draws an image (itself or through the forms it places)."""
    if form.get("/Subtype") == "/Image":
        return True
    inner = form.get("/Resources", {}).get("/XObject", {})
    return depth < 4 and any(_paints_an_image(inner[name].get_object(), depth + 1)
                             for name in inner)


def test_cards_that_differ_only_in_their_back_stay_two_cards(tmp_path: Path) -> None:
    cards = "name,suit,art\nTwin,hearts,art/red.png\nTwin,hearts,art/blue.png\n"
    definition = _write(tmp_path, """
faces:
  - id: card
    kind: layout
    layout: front
    data: cards.csv
    back: {image: "{art}"}
""", {"cards.csv": cards, "art/red.png": _png((200, 0, 0)),
      "art/blue.png": _png((0, 0, 200))})
    kit = _build(tmp_path, definition)
    pages = read_pages(kit / "cards.pdf")
    assert len(pages[0].placements) == 2
    assert len({p.name for p in pages[1].placements}) == 2
    assert sorted(p.name for p in (kit / "svg" / "backs").glob("*.svg")) == [
        "blue.svg", "red.svg"]  # named after their pictures


def test_a_component_deck_and_tokens_take_a_drawn_back(tmp_path: Path) -> None:
    definition = _write(tmp_path, """
components:
  spells:
    kind: cards
    size: mini
    faces:
      - {id: spell, kind: layout, layout: front, data: [{name: A, suit: hearts},
                                                       {name: B, suit: spades}]}
    back: {layout: suitback}
  chits:
    kind: tokens
    shape: square
    size: 20mm
    front:
      - {id: chit, kind: layout, layout: front, data: [{name: X, suit: spades},
                                                      {name: Y, suit: hearts}]}
    back: {layout: suitback}
""")
    kit = _build(tmp_path, definition)
    assert _back_colours(kit / "spells.pdf", 1) == [rgb(HEARTS), rgb(SPADES)]
    token_pages = read_pages(kit / "chits.pdf")
    assert len(token_pages) == 2
    assert sorted(c for c in _back_colours(kit / "chits.pdf", 1) if c) == sorted(
        [rgb(SPADES), rgb(HEARTS)])
    result = _run("export", "png", str(definition), "-o", str(tmp_path / "png"), "--dpi", "60")
    assert result.status == 0, result.err
    folder = next((tmp_path / "png").iterdir())
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.png")
                  if p.parts[-2] != "front" and "chits" in p.parts) == [
        "chits/back.png", "chits/back/hearts.png"]  # each back once, named by its suit


def test_exports_write_every_back_once(tmp_path: Path) -> None:
    definition = _write(tmp_path, SUITED, {"cards.csv": CARDS})
    result = _run("export", "png", str(definition), "-o", str(tmp_path / "png"),
                  "--dpi", "60")
    assert result.status == 0, result.err
    found = (p.relative_to(tmp_path / "png").as_posix()
             for p in (tmp_path / "png").rglob("*.png"))
    pngs = sorted(p for p in found if "back" in p.rsplit("/", 2)[-2:][0]
                  or "back" in p.rsplit("/", 1)[-1])
    assert [p.rsplit("/", 2)[-2:] for p in pngs] == [["cards", "back.png"],
                                                       ["backs", "spades.png"]]
    result = _run("export", "tts", str(definition), "-o", str(tmp_path / "tts"))
    assert result.status == 0, result.err
    saved = next((tmp_path / "tts").rglob("*.json"))
    text = saved.read_text()
    deck = json.loads(text)
    urls = {entry["BackURL"] for obj in deck["ObjectStates"]
            for entry in obj.get("CustomDeck", {}).values()}
    assert len(urls) == 2  # a sheet for each back: TTS gives a sheet one back


def _problems(tmp_path: Path, body: str, files: dict[str, str | bytes] | None = None
              ) -> Result:
    result = _run("check", str(_write(tmp_path, body, files)))
    assert result.status == 1
    assert "Traceback" not in result.err
    return result


def test_bad_backs_are_located_and_reported_together(tmp_path: Path) -> None:
    result = _problems(tmp_path, """
faces:
  - id: a
    kind: layout
    layout: front
    data: [{name: A, suit: hearts}]
    back: {layout: nosuch}
  - id: b
    kind: layout
    layout: front
    data: cards.csv
    back: {image: "{art}"}
  - id: c
    kind: layout
    layout: front
    data: [{name: C}]
    back: {layout: suitback}
  - id: d
    kind: layout
    layout: front
    data: [{name: D, suit: x}]
    back: {kind: pattern, layout: plainback}
  - id: e
    kind: layout
    layout: front
    data: [{name: E, suit: x}]
    back: {layout: plainback, options: {motif: dots}}
  - id: f
    kind: layout
    layout: front
    data: [{name: F, suit: x}]
    back: {layout: plainback, image: art/x.png}
""", {"cards.csv": "name,suit,art\nB,hearts,art/missing.png\n"})
    err = result.err
    lines = {line.split(": error: ")[0]: line.split(": error: ")[1]
             for line in err.splitlines() if ": error: " in line}
    game = str(tmp_path / "game.yaml")
    assert any("nosuch" in m and "layouts: does not have" in m and "plainback" in m
               for m in lines.values()), err
    assert lines[f"{tmp_path / 'cards.csv'}:2:10"].startswith("card 'b': the back:"), err
    assert [k.rsplit(":", 2)[1] for k, m in lines.items()
            if "layout 'suitback' uses {suit} but face group 'c' has no field 'suit'" in m
            ] == ["10", "12"], err  # both places the layout reads it
    assert any(k.startswith(game) and "drawn by that kind, not by layout" in m
               for k, m in lines.items()), err
    assert "takes no options" in err
    assert "by a layout or by an image, not both" in err
    assert len(lines) == 7, err


def test_a_back_layout_with_text_too_long_names_the_card(tmp_path: Path) -> None:
    result = _run("build", str(_write(tmp_path, """
  wordy:
    - {type: text, text: "{name} {name} {name} {name} {name}", x: 5mm, y: 5mm,
       width: 8mm, height: 4mm, size: 12pt, min_size: 11pt}
faces:
  - {id: w, kind: layout, layout: front, data: [{name: Incomprehensibilities}]}
back: {layout: wordy}
""")), "-o", str(tmp_path / "out"))
    assert result.status == 1
    assert "card 'w (back)'" in result.err and "does not fit" in result.err
    assert "Traceback" not in result.err


def test_a_back_that_names_no_drawing_or_mixes_keys_is_refused(tmp_path: Path) -> None:
    result = _problems(tmp_path, """
faces:
  - {id: a, kind: layout, layout: front, data: [{name: A}], back: {kind: layout}}
  - {id: b, kind: layout, layout: front, data: [{name: B}], back: {kind: image}}
  - {id: c, kind: layout, layout: front, data: [{name: C}],
     back: {layout: plainback, fit: cover}}
  - {id: d, kind: layout, layout: front, data: [{name: D}], back: {fit: contain}}
  - {id: e, kind: layout, layout: front, data: [{name: E, style: "nope"}],
     back: {layout: "{style"}}
  - {id: f, kind: layout, layout: front, data: [{name: F, style: nope}],
     back: {layout: "{style}"}}
""")
    messages = [line.split(": error: ", 1)[1] for line in result.err.splitlines()
                if ": error: " in line]
    assert any("kind layout names its layout: add layout: NAME" in m for m in messages)
    assert any("kind image names its image: add image: FILE" in m for m in messages)
    assert any(m.startswith("fit: is for a back drawn by an image; a layout's") for m in messages)
    assert "fit: is for a back drawn by an image" in messages
    assert any(m.startswith("layout: ") for m in messages)  # the broken {field} pattern
    assert any("the back names the layout 'nope'" in m for m in messages)
    assert len(messages) == 6, result.err


def test_a_print_on_demand_pdf_pairs_each_face_with_its_own_back(tmp_path: Path) -> None:
    definition = _write(tmp_path, SUITED, {"cards.csv": CARDS})
    result = _run("export", "pod", str(definition), "--service", "drivethrucards", "-o",
                  str(tmp_path / "pod"))
    assert result.status == 0, result.err
    reader = PdfReader(str(next((tmp_path / "pod").rglob("cards.pdf"))))
    assert len(reader.pages) == 8  # back, face for each of the 4 cards
    corners: list[str] = []
    for page in reader.pages[0::2]:
        picture = page.images[0].image
        assert picture is not None
        assert picture.mode == "CMYK"  # DriveThruCards' PDF/X-1a: black takes the grey
        pixel = picture.getpixel((20, 20))
        assert isinstance(pixel, tuple)
        cyan, magenta, yellow, black = (int(channel) for channel in pixel)
        rgb = (255 - cyan - black, 255 - magenta - black, 255 - yellow - black)
        corners.append("#" + "".join(f"{channel:02x}" for channel in rgb))
    assert corners == [HEARTS, HEARTS, SPADES, HEARTS]


def test_a_fault_of_a_back_layout_is_reported_once_not_once_a_card(tmp_path: Path) -> None:
    result = _problems(tmp_path, """
  marked:
    - {type: rect, bleed: true, fill: {by: suit, values: {hearts: red, spades: blue}}}
    - {type: icon, icon: nosuch, x: 5mm, y: 5mm, width: 10mm, height: 10mm}
faces:
  - id: card
    kind: layout
    layout: front
    data: cards.csv
back: {layout: marked}
""", {"cards.csv": CARDS})
    errors = [line for line in result.err.splitlines() if ": error: " in line]
    assert len(errors) == 1 and "there is no icon 'nosuch'" in errors[0], result.err


def test_faces_and_backs_that_do_not_fit_are_reported_together(tmp_path: Path) -> None:
    result = _run("build", str(_write(tmp_path, """
  tight:
    - {type: text, text: "{name} {name} {name} {name}", x: 5mm, y: 5mm, width: 8mm,
       height: 4mm, size: 12pt, min_size: 11pt}
faces:
  - {id: w, kind: layout, layout: tight, data: [{name: Incomprehensibilities}]}
back: {layout: tight}
""")), "-o", str(tmp_path / "out"))
    assert result.status == 1
    errors = [line for line in result.err.splitlines() if ": error: " in line]
    assert len(errors) == 2, result.err  # the face, then its back; the back said once
    assert "card 'w':" in errors[0] + errors[1] and "card 'w (back)':" in result.err


def test_the_json_schema_takes_the_new_back_keys(tmp_path: Path) -> None:
    schema = json_schema()
    assert {"layout", "image", "fit"} <= set(schema["properties"]["back"]["properties"])
    assert {"image", "layout", "pattern"} <= set(
        schema["properties"]["back"]["properties"]["kind"]["enum"])
    definition = yaml.safe_load(_write(tmp_path, GROUP_IMAGES + "back: {layout: suitback}\n")
                                .read_text())
    jsonschema.validate(definition, schema)
    definition["back"]["fit"] = "tile"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(definition, schema)


def test_decks_of_one_game_can_be_told_apart_by_a_back_drawn_from_the_deck_mark(
        tmp_path: Path) -> None:
    definition = _write(tmp_path, """
  deckback:
    - {type: rect, bleed: true, fill: {by: deck, values: {A: red, B: green, C: blue}}}
parameters: {decks: 3}
deck_count_parameter: decks
faces:
  - {id: c, kind: layout, layout: front, generate: {name: [a, b]}, name: "{id}-{name}"}
back: {layout: deckback}
""")
    result = _run("check", str(definition))
    assert result.status == 0, result.err
    assert "6 cards (6 different faces, 3 different backs)" in result.out
