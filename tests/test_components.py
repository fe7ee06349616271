"""Reading components and card sizes: presets, backs per face group, tokens, sheets and
boards as the definition gives them, and every mistake reported at its place."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from printkit import limits
from printkit.commands.schema import json_schema
from printkit.definition.components import CardsComponent
from printkit.definition.plainboard import BoardComponent
from printkit.definition.scoresheet import SheetComponent
from printkit.definition.sizes import PRESETS
from printkit.definition.tokens import TokensComponent
from printkit.errors import DefinitionError
from printkit.kit.games import resolve
from printkit.settings import parse_settings
from printkit.units import MM
from tests.conftest import DATA
from tests.test_content_support import load, problems, write

SKIRMISH = DATA / "components" / "skirmish.yaml"
PLAIN = "faces:\n  - {id: plain, kind: layout, layout: plain}\nlayouts:\n  plain:\n" \
        "    - {type: rect, fill: '#ffffff', bleed: true}\n"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_a_card_size(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, PLAIN)
    path.write_text(path.read_text().replace("63.5mm x 88.9mm", name.capitalize()))
    definition = load(path)
    width, height = PRESETS[name]
    assert (definition.card_width / MM, definition.card_height / MM) == pytest.approx(
        (width, height))


def test_presets_are_the_printers_sizes() -> None:
    assert PRESETS["poker"] == (63.5, 88.9)
    assert PRESETS["bridge"] == (57.15, 88.9)
    assert PRESETS["mini"] == (44.5, 63.5)
    assert PRESETS["tarot"] == (70.0, 120.0)
    assert PRESETS["euro"] == (59.0, 92.0)
    assert PRESETS["business"] == (85.0, 55.0)
    assert PRESETS["square"] == (70.0, 70.0)


def test_a_preset_may_be_set_from_the_command_line() -> None:
    game = resolve("stars-and-stripes", overrides=parse_settings(["card.size=bridge"]))
    assert game.definition.card_width == pytest.approx(57.15 * MM)


def test_an_unknown_size_name_is_located_with_a_suggestion(tmp_path: Path) -> None:
    path = write(tmp_path, PLAIN)
    path.write_text(path.read_text().replace("63.5mm x 88.9mm", "pokr"))
    [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("game.yaml", 4, 9)
    assert "unknown card size 'pokr'" in message and "did you mean 'poker'" in message


def test_the_skirmish_example_reads_every_kind_of_component() -> None:
    definition = load(SKIRMISH)
    kinds = {c.name: c.kind for c in definition.components}
    assert kinds == {"events": "cards", "counters": "tokens", "coins": "tokens",
                     "chits": "tokens", "score-pad": "sheet", "aid": "sheet", "map": "board",
                     "track": "board"}
    counts = {c.name: c.count for c in definition.components}
    assert counts["events"] == 5 and counts["counters"] == 10 and counts["coins"] == 12
    sizes = {c.name: c.size for c in definition.components}
    assert sizes["events"] == "70 x 120 mm"
    assert sizes["counters"] == "22 mm hexagon, pointy top"
    events = next(c for c in definition.components if isinstance(c, CardsComponent))
    assert (events.width / MM, events.height / MM) == pytest.approx((70, 120))
    assert events.back.kind == "pattern"


def test_face_groups_name_their_own_backs() -> None:
    definition = load(SKIRMISH)
    assert set(definition.group_backs) == {"unit", "order"}
    unit, order = definition.group_backs["unit"], definition.group_backs["order"]
    assert unit.options.background == "#3b4f6b"  # type: ignore[attr-defined]
    assert order.options.background == "#7a2e1f"  # type: ignore[attr-defined]


def test_tokens_pair_their_backs_in_order() -> None:
    definition = load(SKIRMISH)
    tokens = {c.name: c for c in definition.components if isinstance(c, TokensComponent)}
    counters = tokens["counters"]
    assert len(counters.fronts) == len(counters.back_faces) == 4
    for index, front in enumerate(counters.fronts):
        back = counters.back_of(index)
        assert back is not None and back.key == front.key  # type: ignore[union-attr]
    coins = tokens["coins"]
    assert len(coins.back_faces) == 1
    assert coins.back_of(0) is coins.back_of(1) is coins.back_faces[0]
    chits = tokens["chits"]
    assert chits.back is not None and chits.back.kind == "pattern"
    assert chits.back_of(3) is chits.back
    hexagon = tokens["counters"]
    assert hexagon.width == pytest.approx(22 * MM)
    assert hexagon.height == pytest.approx(22 * MM * 2 / 3 ** 0.5)


def test_a_score_pad_repeats_its_player_columns() -> None:
    definition = load(SKIRMISH)
    pad = next(c for c in definition.components if isinstance(c, SheetComponent))
    labels = [c.label.text for c in pad.columns]
    assert labels == ["Hand"] + ["Bid", "Score", "Total"] * 4
    assert [g.text for g in pad.groups] == [f"Player {n}" for n in range(1, 5)]
    assert [r.kind for r in pad.rows] == ["example"] + ["entry"] * 13 + ["totals"]
    assert [r.cells[0].text for r in pad.rows[1:-1]] == [str(n) for n in range(1, 14)]
    assert pad.rows[-1].cells[0].text == "Final"
    assert [c.running for c in pad.columns].count(True) == 4


def test_boards_read_their_spaces_from_a_table() -> None:
    definition = load(SKIRMISH)
    boards = {c.name: c for c in definition.components if isinstance(c, BoardComponent)}
    hexes = boards["map"]
    assert hexes.grid is not None and hexes.grid.type == "hex"
    assert hexes.markings[("grid", 2, 2)].label == "Wood"  # C3
    assert hexes.markings[("grid", 2, 2)].fill == "#4f7d45"
    track = boards["track"]
    assert track.track is not None and track.track.count == 32
    assert track.markings[("track", 0, 0)].label == "Start"
    assert track.markings[("grid", 0, 0)].fill == "#3b4f6b"


def test_a_track_runs_clockwise_from_the_top_left_corner() -> None:
    definition = load(SKIRMISH)
    track = next(c for c in definition.components if isinstance(c, BoardComponent)
                 and c.track is not None).track
    assert track is not None
    cells = [track.cell(step) for step in range(track.count)]
    assert cells[0] == (0, 0) and cells[9] == (9, 0) and cells[16] == (9, 7)
    assert cells[25] == (0, 7) and cells[31] == (0, 1)
    assert len(set(cells)) == track.count


COMPONENT_CASES = [
    ("kind: dice", 2, "unknown component kind 'dice'"),
    ("kind: tokens\n    shape: round\n    size: 20mm\n    orientation: flat\n"
     "    front: [{id: t, kind: layout, layout: plain}]", 5,
     "only a hexagon has an orientation"),
    ("kind: tokens\n    shape: oval\n    size: 20mm\n    front: [{id: t, kind: layout, "
     "layout: plain}]", 3, "'oval' is not one of: round, square, hexagon"),
    ("kind: tokens\n    shape: round\n    size: 20mm\n    front:\n      - {id: t, kind: "
     "layout, layout: plain, generate: {n: 1..3}, name: 't{n}'}\n    back:\n      - {id: b, "
     "kind: layout, layout: plain, generate: {n: 1..2}, name: 'b{n}'}", 7,
     "the back gives 2 faces: give one"),
    ("kind: tokens\n    shape: round\n    size: 20mm\n    front:\n      - {id: t, kind: layout,"
     " layout: plain, back: {kind: pattern}}", 6, "a token's back is given by the component"),
    ("kind: tokens\n    shape: round\n    size: 20\n    front: [{id: t, kind: layout, "
     "layout: plain}]", 4, "needs a unit"),
    ("kind: sheet\n    columns: [A, B]\n    rows: [[1, 2, 3]]", 4,
     "this row has 3 cells but the table has 2 columns"),
    ("kind: sheet\n    columns: [A]\n    rows: 500", 4, "too large"),
    ("kind: sheet\n    columns: [A]\n    rows: 3\n    totals: 7", 5,
     "totals is true, false or the label of the row"),
    ("kind: board\n    title: Nothing", 1, "a board needs a grid:, a track: or both"),
    ("kind: board\n    grid: {type: square, columns: 50, rows: 3, size: 10mm}", 3,
     "50 spaces along a side is over the limit of 41"),
    ("kind: board\n    grid: {type: octagon, columns: 5, rows: 3, size: 10mm}", 3,
     "'octagon' is not one of: square, hex"),
    ("kind: board\n    track: {columns: 4, rows: 4, size: 10mm}\n    grid: {type: square, "
     "columns: 5, rows: 3, size: 10mm}", 4, "does not fit inside the track"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: F2, fill: red}", 5, "'F2' is off the 5 x 3 grid"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: 7, fill: red}", 5, "'7' names a track space, but the board has no track"),
    ("kind: board\n    track: {columns: 4, rows: 3, size: 10mm, first: 1}\n    spaces:\n"
     "      - {at: 11}", 5, "the track's spaces are numbered 1 to 10, not 11"),
    ("kind: board\n    track: {columns: 4, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: B2}", 5, "'B2' names a grid space, but the board has no grid"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: A1, fill: lava}", 5, "'lava' is not a colour"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: A1, colour: red}", 5, "unknown column 'colour'"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: A1, label: A very long label for a small space}", 5,
     "does not fit its space"),
    ("kind: board\n    grid: {type: square, columns: 5, rows: 3, size: 10mm}\n    spaces:\n"
     "      - {at: A1, label: \u6f22}", 5, "the font 'DejaVu Sans' has no glyph for '\u6f22'"),
    ("kind: cards\n    size: mini\n    faces: [{id: c, kind: layout, layout: nowhere}]", 4,
     "there is no layout 'nowhere'"),
    ("kind: cards\n    size: mini\n    faces: [{id: c, kind: layout, layout: plain}]\n"
     "    back: {kind: pattern, options: {colour: red}}", 5, "unknown key 'colour'"),
]


@pytest.mark.parametrize(("body", "line", "message"), COMPONENT_CASES,
                         ids=[case[2][:40] for case in COMPONENT_CASES])
def test_component_mistakes_are_located(tmp_path: Path, body: str, line: int,
                                        message: str) -> None:
    path = write(tmp_path, PLAIN + "components:\n  piece:\n    " + body + "\n")
    found = problems(path)
    first = 7 + PLAIN.count("\n")  # the line of 'piece:'
    assert any(message in m and where == first + line - 1 for _, where, _, m in found), found


def test_a_group_back_of_an_unknown_kind_is_located(tmp_path: Path) -> None:
    body = PLAIN.replace("layout: plain}", "layout: plain, back: {kind: tartan}}")
    [(_, line, column, message)] = problems(write(tmp_path, body))
    assert (line, column) == (7, 59)
    assert "unknown kind 'tartan'" in message


def test_groups_sharing_an_id_cannot_name_different_backs(tmp_path: Path) -> None:
    body = PLAIN.replace("faces:\n", "faces:\n  - {id: plain, kind: layout, layout: plain, "
                         "name: other, back: {kind: pattern}}\n")
    found = problems(write(tmp_path, body))
    assert any("are both called 'plain'" in m for *_, m in found), found


@pytest.mark.parametrize(("names", "message"), [
    (("cards",), "would write cards.pdf, which the kit writes already"),
    (("deck", "deck-printshop"), "would both write deck-printshop.pdf"),
])
def test_component_files_never_collide(tmp_path: Path, names: tuple[str, ...],
                                       message: str) -> None:
    parts = "".join(f"  {name}:\n    kind: cards\n    size: mini\n    faces: [{{id: c, kind: "
                    "layout, layout: plain}]\n" for name in names)
    found = problems(write(tmp_path, PLAIN + "components:\n" + parts))
    assert any(message in m for *_, m in found), found


def test_every_problem_of_every_component_is_reported_at_once(tmp_path: Path) -> None:
    body = (PLAIN + "components:\n  a:\n    kind: board\n  b:\n    kind: sheet\n"
            "    columns: [A]\n    rows: 0\n  c:\n    kind: tokens\n    shape: round\n"
            "    size: 2mm\n    front: [{id: t, kind: layout, layout: plain}]\n")
    with pytest.raises(DefinitionError) as caught:
        load(write(tmp_path, body))
    assert len(caught.value.problems) == 3


def test_the_json_schema_accepts_every_component_and_refuses_a_bad_one() -> None:
    schema = json_schema()
    data = yaml.safe_load(SKIRMISH.read_text())
    jsonschema.validate(data, schema)
    face = schema["properties"]["faces"]["items"]["properties"]
    assert "back" in face
    card_size = schema["properties"]["card"]["properties"]["size"]
    jsonschema.validate("tarot", card_size)
    for bad in ({"kind": "dice"}, {"kind": "tokens", "shape": "oval", "size": "20mm",
                                   "front": data["components"]["coins"]["front"]},
                {"kind": "board", "grid": {"type": "square", "columns": 3, "rows": 3,
                                           "size": 20}}):
        data["components"]["broken"] = bad
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(data, schema)


def test_the_components_together_keep_within_the_face_and_card_limits(tmp_path: Path) -> None:
    group = "[{id: c, kind: layout, layout: plain, generate: {n: 1..4}, name: 'c{n}'}]"
    body = PLAIN + "components:\n" + "".join(
        f"  deck{k}:\n    kind: cards\n    size: mini\n    faces: {group}\n" for k in range(3))
    path = write(tmp_path, body)
    with limits.using(limits.parse_limits(["faces=10"])):
        found = problems(path)
    assert any("with 'deck2' the components make 12 different faces, past the limit of 10"
               in m for *_, m in found), found
    with limits.using(limits.parse_limits(["cards=7"])):
        found = problems(path)
    assert any("with 'deck1' the components make 8 cards and tokens" in m for *_, m in found)


def test_a_definition_lists_at_most_a_hundred_components(tmp_path: Path) -> None:
    body = PLAIN + "components:\n" + "".join(
        f"  s{k}:\n    kind: sheet\n    columns: [A]\n    rows: 1\n" for k in range(101))
    [(_, line, _, message)] = problems(write(tmp_path, body))
    assert line == 11 and "101 components are more than a game may have (100)" in message
