"""The 32-card pack of "I vant to be alone": its cards print the point table the rules
engine plays with, in every variant and after any edit of the table; the kit builds."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

from printkit.errors import DefinitionError
from printkit.games.vant.faces import CARD, VantCardOptions
from printkit.games.vant.state import RANK_NAMES, SUIT_LETTERS
from printkit.kit.games import resolve
from printkit.render.faces.playing_cards import card_of, plan
from printkit.render.kinds import render_face
from printkit.render.svg import Box, Frame
from tests.conftest import DECKS, Run

DEFINITION = DECKS / "i-vant-to-be-alone.yaml"
FRAME = Frame(63.5, 88.9, 3.0, 3.0)
PACK = {rank + suit for rank in ("A", "K", "Q", "J", "10", "9", "8", "7") for suit in "SHCD"}


def printed_values(svg: str) -> list[str]:
    """The small numbers beside both corner indices, in order of drawing."""
    return re.findall(r'font-weight="normal"[^>]*>(\d+)</text>', svg)


def test_the_deck_is_the_32_card_pack() -> None:
    definition = resolve("i-vant-to-be-alone").definition
    assert {face.key for face in definition.faces} == PACK
    assert definition.card_count == 32
    assert {face.kind for face in definition.faces} == {"vant-card"}


@pytest.mark.parametrize("variant", [None, "claim-or-lose", "dead-cells"])
def test_every_card_prints_the_values_the_engine_plays_with(variant: str | None) -> None:
    game = resolve("i-vant-to-be-alone", variant=variant)
    params = game.params
    for face in game.definition.faces:
        card = card_of(face)
        assert card.suit is not None
        rank_value = params.rank_values[RANK_NAMES.index(card.rank)]
        suit_value = params.suit_values[SUIT_LETTERS.index(card.suit.letter)]
        # the top-left index, then the same turned round in the bottom-right corner
        assert printed_values(render_face(face, FRAME)) == [str(rank_value),
                                                            str(suit_value)] * 2, face.key


def test_the_ten_of_hearts_shows_the_values_the_original_example_proves() -> None:
    game = resolve("i-vant-to-be-alone")
    ten = next(f for f in game.definition.faces if f.key == "10H")
    assert printed_values(render_face(ten, FRAME))[:2] == ["10", "2"]


def test_editing_the_table_once_changes_the_rules_and_the_cards(tmp_path: Path) -> None:
    text = DEFINITION.read_text()
    text = text.replace("suit_values: [1, 2, 3, 4]", "suit_values: [5, 20, 30, 40]")
    text = text.replace("rank_values: [7, 8, 9, 10, 11, 12, 13, 14]",
                        "rank_values: [1, 1, 1, 10, 2, 3, 4, 11]")
    path = tmp_path / "i-vant-to-be-alone.yaml"
    path.write_text(text)
    game = resolve(str(path))
    assert game.params.suit_values == (5, 20, 30, 40)
    assert game.params.rank_values == (1, 1, 1, 10, 2, 3, 4, 11)
    faces = {f.key: f for f in game.definition.faces}
    assert printed_values(render_face(faces["10H"], FRAME))[:2] == ["10", "20"]
    assert printed_values(render_face(faces["AD"], FRAME))[:2] == ["11", "40"]


def test_a_variant_or_set_that_changes_the_table_changes_the_cards(tmp_path: Path) -> None:
    text = DEFINITION.read_text().replace(
        "variants:\n", "variants:\n  big-hearts:\n    description: Hearts count 9\n"
        "    parameters: {suit_values: [1, 9, 3, 4]}\n", 1)
    path = tmp_path / "i-vant-to-be-alone.yaml"
    path.write_text(text)
    game = resolve(str(path), variant="big-hearts")
    assert game.params.suit_values == (1, 9, 3, 4)
    ten = next(f for f in game.definition.faces if f.key == "10H")
    assert printed_values(render_face(ten, FRAME))[:2] == ["10", "9"]


def test_values_can_be_left_off_the_cards(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    path.write_text(DEFINITION.read_text().replace("values: true ", "values: false "))
    faces = resolve(str(path)).definition.faces
    assert all(printed_values(render_face(f, FRAME)) == [] for f in faces)


def _problems(tmp_path: Path, old: str, new: str) -> list[tuple[int, str]]:
    text = DEFINITION.read_text()
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new))
    with pytest.raises(DefinitionError) as caught:
        resolve(str(path))
    return [(p.location.line if p.location else 0, p.message)
            for p in caught.value.problems]


def _line_of(fragment: str, text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_a_table_of_the_wrong_length_is_a_located_error(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "suit_values: {parameter: suit_values}",
                         "suit_values: [1, 2, 3]")
    line = _line_of("suit_values: [1, 2, 3]", (tmp_path / "bad.yaml").read_text())
    assert (line, "give 4 values (S, H, C, D), not 3") in problems


def test_a_negative_value_is_a_located_error(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "rank_values: {parameter: rank_values}",
                         "rank_values: [7, 8, 9, 10, 11, 12, -13, 14]")
    line = _line_of("rank_values: [7, 8, 9, 10, 11, 12, -13", (tmp_path / "bad.yaml").read_text())
    assert any(at == line and "too small" in message for at, message in problems)


def test_a_card_outside_the_pack_is_a_located_error(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "rank: [A, K, Q, J, 10, 9, 8, 7]",
                         "rank: [A, K, Q, J, 10, 9, 8, 7, 2]")
    # reported at the attribute whose value is wrong
    line = _line_of("rank: [A, K, Q, J, 10, 9, 8, 7, 2]", (tmp_path / "bad.yaml").read_text())
    assert problems == [(line, 'the pack of "I vant to be alone" holds 7, 8, 9, 10, J, Q, K, '
                               'A of each suit, not the Two of spades')]


def test_every_card_keeps_its_index_values_and_pips_apart_inside_the_safe_area() -> None:
    definition = resolve("i-vant-to-be-alone").definition
    safe = Box(FRAME.safe, FRAME.safe, FRAME.width - 2 * FRAME.safe,
               FRAME.height - 2 * FRAME.safe)
    for face in definition.faces:
        options = face.options
        assert isinstance(options, VantCardOptions)
        layout = plan(card_of(face), FRAME, notes=("14", "4"))
        boxes = layout.content_boxes()
        assert all(box.inside(safe) for box in boxes), face.key
        assert not any(a.overlaps(b) for a, b in combinations(boxes, 2)), face.key


def test_the_options_schema_says_how_many_values() -> None:
    schema = CARD.record.json()["properties"]
    assert schema["suit_values"]["minItems"] == schema["suit_values"]["maxItems"] == 4
    assert schema["rank_values"]["minItems"] == schema["rank_values"]["maxItems"] == 8


def test_check_and_build_work_and_builds_repeat_byte_for_byte(run_cli: Run,
                                                              tmp_path: Path) -> None:
    checked = run_cli("check", "i-vant-to-be-alone")
    assert checked.status == 0, checked.err
    assert checked.out.count("is valid (32 cards") == 3  # the game and its two variants
    listed = run_cli("list")
    assert "i-vant-to-be-alone" in listed.out and "32 cards" in listed.out
    kits = []
    for run in ("one", "two"):
        result = run_cli("-q", "build", "i-vant-to-be-alone", "-o", str(tmp_path / run),
                         "--sheets", "sheets", "--sheets", "print-shop")
        assert result.status == 0, result.err
        kits.append(tmp_path / run / "i-vant-to-be-alone--sheets-sheets-print-shop")
    names = sorted(p.relative_to(kits[0]).as_posix() for p in kits[0].rglob("*") if p.is_file())
    assert "cards.pdf" in names and "cards-printshop.pdf" in names and "svg/10H.svg" in names
    assert len([n for n in names if n.startswith("svg/")]) == 33  # 32 faces and the back
    for name in names:
        assert (kits[0] / name).read_bytes() == (kits[1] / name).read_bytes(), name
