"""Stars and Bars' faces: drawn from the deck table the rules engine plays with, every
difference visible at a glance and in grey, everything inside the safe area; a teacher's
edit of the table changes the cards and the rules together, and a disagreement between
the table and the face group is an error at its line; the kit checks and builds, byte for
byte the same."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from printkit.definition.model import CardFace
from printkit.errors import DefinitionError
from printkit.games.stars_and_bars.faces import (
    CardLayout,
    CardOptions,
    card_layout,
    look_of,
    read_look,
    render_card,
    value_word,
)
from printkit.games.stars_and_bars.state import Deck
from printkit.games.stars_and_bars.symbols import hatch, inside
from printkit.kit.games import resolve
from printkit.render.svg import Box, Frame
from tests.conftest import DECKS, Run

DEFINITION = DECKS / "stars-and-bars.yaml"
LANDSCAPE = Frame(88.9, 63.5, 3.0, 3.0)
FRAMES = [LANDSCAPE, Frame(63.5, 88.9, 3.0, 3.0), Frame(70.0, 70.0, 3.0, 4.0),
          Frame(63.5, 44.5, 2.0, 2.5), Frame(120.0, 70.0, 3.0, 3.0)]
SVG = "{http://www.w3.org/2000/svg}"


def layout_of(face: CardFace, frame: Frame = LANDSCAPE) -> CardLayout:
    options = face.options
    assert isinstance(options, CardOptions)
    return card_layout(look_of(face, options), frame, options)


def safe(frame: Frame) -> Box:
    return Box(frame.safe, frame.safe, frame.width - 2 * frame.safe,
               frame.height - 2 * frame.safe)


def test_the_deck_is_the_engines_deck() -> None:
    game = resolve("stars-and-bars")
    deck = Deck.of(game.params)
    faces = game.definition.faces
    printed = sorted(tuple(value_word(v) for _, v in f.attributes) for f in faces)
    dealt = sorted(tuple(a.values[i] for a, i in zip(deck.attributes, kind, strict=True))
                   for kind in deck.kinds)
    assert printed == dealt
    assert {f.copies for f in faces} == {deck.copies} == {4}
    assert game.definition.card_count == deck.size == 64


def test_every_difference_shows_on_the_card() -> None:
    faces = resolve("stars-and-bars").definition.faces
    for a, b in combinations(faces, 2):
        la, lb = layout_of(a), layout_of(b)
        for (name, va), (_, vb) in zip(a.attributes, b.attributes, strict=True):
            if va == vb:
                continue
            if name == "shape":
                assert la.symbols[0].polygon() != lb.symbols[0].polygon()
                assert la.look.shape != lb.look.shape
            elif name == "colour":  # by hue, and by filling for grey print
                assert la.look.colour != lb.look.colour
                assert la.look.pattern != lb.look.pattern
            elif name == "size":
                small, large = sorted((la.symbols[0].size, lb.symbols[0].size))
                assert small <= 0.6 * large, (a.key, b.key)
            elif name == "number":
                assert len(la.symbols) != len(lb.symbols)
            assert str(va) in la.labels[0].text and str(vb) in lb.labels[0].text


def test_a_size_is_one_height_however_many_symbols_share_the_card() -> None:
    faces = {f.key: f for f in resolve("stars-and-bars").definition.faces}
    for size in ("large", "small"):
        heights = {layout_of(faces[f"star-red-{size}-{n}"]).symbols[0].size
                   for n in ("one", "two")}
        assert len(heights) == 1
    assert layout_of(faces["star-red-large-one"]).symbols[0].size >= 30  # mm: a classroom


@pytest.mark.parametrize("frame", FRAMES, ids=lambda f: f"{f.width}x{f.height}")
def test_symbols_and_words_stay_inside_the_safe_area_and_apart(frame: Frame) -> None:
    for face in resolve("stars-and-bars").definition.faces:
        boxes = layout_of(face, frame).content_boxes()
        assert all(box.inside(safe(frame)) for box in boxes), (face.key, frame)
        assert not any(a.overlaps(b) for a, b in combinations(boxes, 2)), (face.key, frame)


def test_the_drawing_is_the_layout_read_back() -> None:
    faces = {f.key: f for f in resolve("stars-and-bars").definition.faces}
    red = render_card(faces["star-red-large-two"], LANDSCAPE, faces["star-red-large-two"].options)  # type: ignore[arg-type]
    blue = render_card(faces["bar-blue-small-one"], LANDSCAPE, faces["bar-blue-small-one"].options)  # type: ignore[arg-type]
    red_tree, blue_tree = ET.fromstring(red), ET.fromstring(blue)
    solid = [e for e in red_tree.iter(f"{SVG}path") if e.get("fill") == "#d7263d"]
    assert len(solid) == 2 and not list(red_tree.iter(f"{SVG}line"))
    outlines = [e for e in blue_tree.iter(f"{SVG}path") if e.get("fill") == "none"]
    stripes = list(blue_tree.iter(f"{SVG}line"))
    assert len(outlines) == 1 and len(stripes) >= 4
    assert all(e.get("stroke") == "#1f5fbf" for e in stripes)
    texts = [e.text for e in red_tree.iter(f"{SVG}text")]
    assert texts == ["star  \u00b7  red  \u00b7  large  \u00b7  two"] * 2


def test_stripes_are_cut_to_the_symbol() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    for (x0, y0), (x1, y1) in hatch(square, 0.785, 1.5):
        for x, y in ((x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
            assert -1e-6 <= x <= 10 + 1e-6 and -1e-6 <= y <= 10 + 1e-6
    assert len(hatch(square, 0.0, 2.0)) == 5
    assert inside(square, (5, 5), 1.0) and not inside(square, (0.5, 5), 1.0)


def _edited(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = DEFINITION.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "edited.yaml"
    path.write_text(text)
    return path


def test_a_teachers_new_colour_and_copies_change_the_cards_and_the_rules(
        tmp_path: Path) -> None:
    path = _edited(tmp_path, ("- [colour, red, blue]", "- [colour, red, blue, green]"),
                   ("copies: 4", "copies: 2"))
    game = resolve(str(path))
    deck = Deck.of(game.params)
    assert len(deck.kinds) == 24 and deck.copies == 2
    assert game.definition.card_count == deck.size == 48
    green = next(f for f in game.definition.faces if f.key == "star-green-large-one")
    layout = layout_of(green)
    assert layout.look.colour == "#2e8b3a" and layout.look.pattern == "dots"
    svg = render_card(green, LANDSCAPE, green.options)  # type: ignore[arg-type]
    assert svg.count('<circle') >= 10  # the dots of the third colour


def test_a_new_attribute_is_compared_by_the_rules_and_written_on_the_cards(
        tmp_path: Path) -> None:
    path = _edited(tmp_path, ("- [number, \"one:1\", \"two:2\"]",
                              "- [number, \"one:1\", \"two:2\"]\n    - [border, plain, gold]"))
    game = resolve(str(path))
    deck = Deck.of(game.params)
    assert len(deck.attributes) == 5 and len(deck.kinds) == 32
    assert max(max(row) for row in deck.diff) == 5  # differences over five attributes
    faces = {f.key: f for f in game.definition.faces}
    assert len(faces) == 32
    plain, gold = layout_of(faces["bar-red-small-two-plain"]), layout_of(
        faces["bar-red-small-two-gold"])
    assert plain.labels[0].text.endswith("border: plain")
    assert gold.labels[0].text.endswith("border: gold")
    assert plain.symbols == gold.symbols  # drawn alike, told apart by the words


def test_unknown_shapes_and_colours_are_drawn_and_named() -> None:
    table = (("shape", ("moon", "star")), ("colour", ("teal", "red")))
    look = read_look({"shape": "moon", "colour": "teal"}, table)
    assert not isinstance(look, str)
    assert look.shape == "circle" and look.pattern == "solid" and look.words == ("moon", "teal")
    again = read_look({"shape": "moon", "colour": "teal"}, None)
    assert again == read_look({"shape": "moon", "colour": "teal"}, None)  # same every run


def _problems(tmp_path: Path, *edits: tuple[str, str]) -> tuple[list[tuple[int, str]], str]:
    path = _edited(tmp_path, *edits)
    with pytest.raises(DefinitionError) as caught:
        resolve(str(path))
    return ([(p.location.line if p.location else 0, p.message)
             for p in caught.value.problems], path.read_text())


def _line(fragment: str, text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


WRITTEN_OUT = ("generate: {parameter: attributes}", "generate:\n      shape: [star, bar]\n"
               "      colour: [red, blue]\n      size: [large, small]\n      number: [one, two]")
"""The face group's values written out by hand instead of taken from the parameter."""


def test_the_cards_follow_a_variant_that_changes_the_deck(tmp_path: Path) -> None:
    path = _edited(tmp_path, ("variants:\n", "variants:\n  three-colours:\n    description: x\n"
                              "    parameters: {attributes: [[shape, star, bar], [colour, red, "
                              "blue, green], [size, large, small], [number, \"one:1\", "
                              "\"two:2\"]]}\n"))
    game = resolve(str(path), variant="three-colours")
    assert len(Deck.of(game.params).kinds) == 24
    assert len(game.definition.faces) == 24
    assert any(f.key == "bar-green-small-two" for f in game.definition.faces)


def test_a_table_and_a_group_that_disagree_are_located(tmp_path: Path) -> None:
    problems, text = _problems(tmp_path, WRITTEN_OUT,
                               ("- [colour, red, blue]", "- [colour, red, green]"))
    assert problems == [(_line("colour: [red, blue]", text),
                         "generate lists colour: red, blue, but the deck's table has red, "
                         "green: list the same values in both")]
    problems, text = _problems(tmp_path, ("count: {parameter: copies}", "count: 3"))
    assert problems == [(_line("count: 3", text), "the rules deal 4 copies of each card "
                         "(parameter copies), so the face group's count must be 4, not 3")]
    problems, text = _problems(tmp_path, WRITTEN_OUT, ("      size: [large, small]\n", ""))
    assert problems == [(_line("    generate:", text), "the deck's table has the attribute "
                         "size (large, small): generate must list it too")]


def test_bad_cards_and_bad_tables_are_located(tmp_path: Path) -> None:
    problems, text = _problems(tmp_path, ("\"one:1\", \"two:2\"", "\"one:1\", \"lots:l\""))
    assert problems == [(_line("generate: {parameter: attributes}", text),
                         "number 'lots' is not a number of symbols a card can show: write "
                         "one to nine or 1 to 9")]
    problems, text = _problems(tmp_path, ("- [size, large, small]", "- [size, large]"))
    line = _line("attributes: {parameter: attributes}", text)
    assert (line, "('size', 'large') needs a name and at least two values") in problems


def test_check_and_build_work_and_builds_repeat_byte_for_byte(run_cli: Run,
                                                              tmp_path: Path) -> None:
    checked = run_cli("check", "stars-and-bars")
    assert checked.status == 0, checked.err
    assert checked.out.count("is valid (64 cards (16 different faces)") == 3
    kits = []
    for run in ("one", "two"):
        result = run_cli("-q", "build", "stars-and-bars", "-o", str(tmp_path / run),
                         "--sheets", "sheets", "--sheets", "print-shop")
        assert result.status == 0, result.err
        kits.append(tmp_path / run / "stars-and-bars--sheets-sheets-print-shop")
    names = sorted(p.relative_to(kits[0]).as_posix() for p in kits[0].rglob("*") if p.is_file())
    assert "cards.pdf" in names and "svg/star-red-large-one.svg" in names
    assert len([n for n in names if n.startswith("svg/")]) == 17  # 16 faces and the back
    for name in names:
        assert (kits[0] / name).read_bytes() == (kits[1] / name).read_bytes(), name
