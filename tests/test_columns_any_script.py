# ruff: noqa: RUF001  (Greek and Cyrillic letters that look Latin are meant here)
"""Field names in any script (issue 24 item 4): a data table's columns, generate's
attributes and what a layout calls them ({field}, when:, by:, a layout back) are letters
of any script, compared in Unicode normal form C; what cannot be a name is refused, every
bad column of a file at once, each at its cell, with a usable name to write instead."""

from __future__ import annotations

import io
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import openpyxl
import pytest

from printkit.commands.schema import json_schema
from printkit.definition.data import read_table
from printkit.definition.fieldnames import is_field_name, normal, suggestion
from printkit.definition.patterns import PatternError, parse_pattern
from printkit.errors import Problem
from printkit.render.kinds import render_back
from printkit.yamlsource import parse
from tests.conftest import Run
from tests.test_content_support import SVG, draw, face, frame, load, problems, write

GREEK_LAYOUT = """\
layouts:
  oracle:
    - {type: rect, fill: {by: χρώμα, values: {κόκκινο: "#aa0000", μπλε: "#0000aa"}}}
    - {type: text, text: "{όνομα} ({δύναμη})", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
    - {type: text, text: "{σημείωση}", when: σημείωση, x: 5mm, y: 20mm, width: 50mm,
       height: 10mm}
faces:
  - {id: hero, kind: layout, layout: oracle, data: DATA, name: "{όνομα}"}
"""
GREEK_CSV = ("όνομα,δύναμη,χρώμα,σημείωση\nΗρακλής,6,κόκκινο,Ισχυρός\n"
             "Αχιλλέας,5,μπλε,\n")


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def _words(svg: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in svg.iter(f"{SVG}text")]


def _fills(svg: ET.Element) -> list[str]:
    return [r.get("fill", "") for r in svg.iter(f"{SVG}rect")]


def _workbook(rows: list[list[object]], sheet: str) -> bytes:
    book = openpyxl.Workbook()
    page = book.active
    assert page is not None
    page.title = sheet
    for row in rows:
        page.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_a_greek_csv_header_is_a_field_for_text_when_by_and_the_face_name(
        tmp_path: Path) -> None:
    definition = load(write(tmp_path, GREEK_LAYOUT.replace("DATA", "iroes.csv"),
                            {"iroes.csv": GREEK_CSV}))
    # the name pattern's Greek values are written in Latin letters for the file name
    assert [f.key for f in definition.faces] == ["Iraklis", "Achilleas"]
    assert face(definition, "Iraklis").attr("δύναμη") == 6
    first, second = draw(definition, "Iraklis"), draw(definition, "Achilleas")
    assert _words(first) == ["Ηρακλής (6)", "Ισχυρός"]
    assert _words(second) == ["Αχιλλέας (5)"]  # when: σημείωση hides the empty note
    assert "#aa0000" in _fills(first) and "#0000aa" in _fills(second)


def test_a_cyrillic_workbook_header_names_fields(tmp_path: Path) -> None:
    data = _workbook([["имя", "сила", "count"], ["Жар-птица", 3, 2]], "Карты")
    body = """\
layouts:
  plain:
    - {type: text, text: "{имя}: {сила}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - {id: card, kind: layout, layout: plain, data: {file: karty.xlsx, sheet: Карты}}
"""
    definition = load(write(tmp_path, body, {"karty.xlsx": data}))
    [card] = definition.faces
    assert (card.attr("имя"), card.attr("сила"), card.copies) == ("Жар-птица", 3, 2)
    assert _words(draw(definition, card.key)) == ["Жар-птица: 3"]


def test_every_bad_column_of_a_csv_is_reported_at_its_cell_with_a_usable_name(
        tmp_path: Path) -> None:
    table = "name,Card Cost,Κόστος κάρτας,★,2η,id,name\nArcher,1,2,3,4,5,6\n"
    found = problems(write(tmp_path, GREEK_LAYOUT.replace("DATA", "units.csv"),
                           {"units.csv": table}))
    assert [(file, line, column) for file, line, column, _ in found] == [
        ("units.csv", 1, 6), ("units.csv", 1, 16), ("units.csv", 1, 30),
        ("units.csv", 1, 32), ("units.csv", 1, 35), ("units.csv", 1, 38)]
    messages = [message for *_, message in found]
    assert messages[0].startswith("column name 'Card Cost' cannot be used as a {field}: "
                                  "write it as 'Card_Cost' (letters of any script")
    # a Greek header keeps its letters; one with no letter at all is written from its place
    assert "write it as 'Κόστος_κάρτας'" in messages[1]
    assert "write it as 'column_4'" in messages[2]
    assert "write it as '_2η'" in messages[3]
    assert messages[4] == "column name 'id' is taken (the face group's id): rename the column"
    assert messages[5] == "column 'name' is named twice"


def test_bad_workbook_columns_are_all_reported_with_the_sheet(tmp_path: Path) -> None:
    data = _workbook([["имя", "сила карты", "цена!"], ["Жар-птица", 3, 1]], "Лист")
    body = """\
layouts:
  plain:
    - {type: text, text: "{имя}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - {id: card, kind: layout, layout: plain, data: karty.xlsx}
"""
    found = problems(write(tmp_path, body, {"karty.xlsx": data}))
    assert [(file, line, column) for file, line, column, _ in found] == [
        ("karty.xlsx[Лист]", 1, 2), ("karty.xlsx[Лист]", 1, 3)]
    assert "write it as 'сила_карты'" in found[0][3]
    assert "write it as 'цена'" in found[1][3]


def test_a_header_without_a_usable_letter_is_transliterated() -> None:
    assert suggestion("№") == "No"  # anyascii, as the header has no letter of its own
    assert suggestion("★", "column_3") == "column_3"
    assert suggestion("hit points!") == "hit_points"


def test_nfc_and_nfd_spellings_of_a_name_are_one_field(tmp_path: Path) -> None:
    # the table's header is typed with combining accents, the layout with composed letters
    table = _nfd("όνομα,δύναμη,χρώμα,σημείωση\n") + "Ηρακλής,6,κόκκινο,Ισχυρός\n"
    layout = GREEK_LAYOUT.replace("when: σημείωση", "when: " + _nfd("σημείωση"))
    definition = load(write(tmp_path, layout.replace("DATA", "iroes.csv"),
                            {"iroes.csv": table}))
    [hero] = definition.faces
    assert hero.attr("όνομα") == hero.attr(_nfd("όνομα")) == "Ηρακλής"
    assert _words(draw(definition, hero.key)) == ["Ηρακλής (6)", "Ισχυρός"]
    assert normal(_nfd("όνομα")) == "όνομα" and _nfd("όνομα") != "όνομα"


def test_the_same_name_in_two_spellings_is_a_column_named_twice(tmp_path: Path) -> None:
    table = "όνομα," + _nfd("όνομα") + "\nΗρακλής,Αχιλλέας\n"
    found = problems(write(tmp_path, GREEK_LAYOUT.replace("DATA", "iroes.csv"),
                           {"iroes.csv": table}))
    assert [(file, line, column) for file, line, column, _ in found] == [("iroes.csv", 1, 7)]
    assert found[0][3].endswith("is named twice (the same letters, typed differently)")


def test_inline_rows_and_generate_take_names_in_any_script(tmp_path: Path) -> None:
    body = """\
layouts:
  plain:
    - {type: text, text: "{名前}{χρώμα}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
faces:
  - {id: one, kind: layout, layout: plain, data: [{名前: δράκος, χρώμα: ""}]}
  - {id: two, kind: layout, layout: plain, name: "{χρώμα}-{名前}",
     generate: {名前: [τίγρης], χρώμα: [μπλε, πράσινο]}}
"""
    definition = load(write(tmp_path, body))
    assert [f.key for f in definition.faces] == ["one", "mple-tigris", "prasino-tigris"]
    assert _words(draw(definition, "one")) == ["δράκος"]
    assert _words(draw(definition, "prasino-tigris")) == ["τίγρηςπράσινο"]


def test_names_that_cannot_be_fields_are_refused_where_written(tmp_path: Path) -> None:
    body = """\
layouts:
  plain:
    - {type: text, text: "{name}", when: "two words", x: 5mm, y: 5mm, width: 50mm,
       height: 10mm}
    - {type: rect, fill: {by: "χρώμα!", values: {a: red}}}
faces:
  - {id: one, kind: layout, layout: plain, data: [{name: a, "bad key": b}],
     generate: {"x y": [1]}}
"""
    found = problems(write(tmp_path, body))
    messages = " | ".join(message for *_, message in found)
    assert "'two words' is not a field name" in messages
    assert "'χρώμα!' is not a field name: write it as 'χρώμα'" in messages
    assert "'x y' is not a field name: write it as 'x_y'" in messages
    assert all(line > 0 for _, line, _, _ in found)


def test_a_layout_back_reads_a_greek_field(tmp_path: Path) -> None:
    body = GREEK_LAYOUT.replace("DATA", "iroes.csv") + """\
  - {id: back, kind: layout, layout: oracle, data: iroes.csv, name: "b-{n}"}
back:
  layout: piso
"""
    body = body.replace("faces:\n", "  piso:\n    - {type: text, text: \"{χρώμα}\", x: 5mm, "
                        "y: 5mm, width: 50mm, height: 10mm}\nfaces:\n", 1)
    definition = load(write(tmp_path, body, {"iroes.csv": GREEK_CSV}))
    hero = face(definition, "Iraklis")
    assert hero.back is not None
    svg = ET.fromstring(render_back(hero.back.kind, frame(definition), hero.back.options,
                                    definition.title, hero.back.owner))
    assert _words(svg) == ["κόκκινο"]


def test_a_pattern_keeps_the_offset_of_a_name_typed_with_combining_accents() -> None:
    text = "x {" + _nfd("δύναμη") + "}"
    [place] = parse_pattern(text).places
    assert (place.name, place.offset) == ("δύναμη", 3)
    assert parse_pattern("{σουίτα.χρώμα}").fields == ("σουίτα.χρώμα",)
    with pytest.raises(PatternError, match="is not a field name"):
        parse_pattern("{δύο λέξεις}")


@pytest.mark.parametrize(("name", "good"), [
    ("όνομα", True), ("имя", True), ("名前", True), ("हिन्दी", True), ("hit-points", True),
    ("_x", True), (_nfd("όνομα"), True), ("two words", False), ("2nd", False), ("", False),
    ("-x", False), ("a.b", False), ("x!", False), ("«όνομα»", False)])
def test_one_rule_for_every_field_name(name: str, good: bool) -> None:
    assert is_field_name(name) is good
    if good:
        assert parse_pattern("{" + name + "}").fields == (normal(name),)
    else:
        assert suggestion(name) != name


def test_the_json_schema_takes_names_in_any_script_and_refuses_a_space() -> None:
    validator = jsonschema.Draft202012Validator(json_schema(shipped_only=True))
    fill: dict[str, Any] = {"by": "χρώμα", "values": {"κόκκινο": "#aa0000"}}
    element: dict[str, Any] = {"type": "text", "text": "{όνομα}", "when": "σημείωση",
                               "fill": fill}
    faces: list[dict[str, Any]] = [{"id": "card", "kind": "layout", "layout": "oracle",
                                    "generate": {"χρώμα": ["κόκκινο"]}}]
    definition = {"game": "oracle", "title": "Oracle", "card": {"size": "poker"},
                  "layouts": {"oracle": [element]}, "faces": faces}
    assert list(validator.iter_errors(definition)) == []
    for where, key, bad in ((element, "when", "two words"), (fill, "by", "χρώμα!")):
        saved = where[key]
        where[key] = bad
        assert list(validator.iter_errors(definition)) != []
        where[key] = saved
    assert list(validator.iter_errors(definition)) == []
    faces[0]["generate"] = {"δύο λέξεις": ["a"]}
    assert list(validator.iter_errors(definition)) != []


def test_an_unnamed_column_between_named_ones_is_no_field(tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "t.csv").write_text("όνομα,,δύναμη\nΗρακλής,,6\n", encoding="utf-8")
    doc = parse("data: t.csv\n", str(folder / "game.yaml"))
    found: list[Problem] = []
    table = read_table(doc, ("data",), "t.csv", folder, found)
    assert found == [] and table is not None
    assert table.columns == ("όνομα", "δύναμη")
    assert set(table.rows[0].cells) == {"όνομα", "δύναμη"}


def test_check_reports_every_bad_column_and_exits_1(tmp_path: Path, run_cli: Run) -> None:
    path = write(tmp_path, GREEK_LAYOUT.replace("DATA", "units.csv"),
                 {"units.csv": "όνομα,Card Cost,Κόστος κάρτας\nA,1,2\n"})
    result = run_cli("check", str(path))
    assert result.status == 1
    assert "Traceback" not in result.err
    assert result.err.count("units.csv:1:") == 2


def test_markup_works_over_a_greek_field(tmp_path: Path) -> None:
    layout = GREEK_LAYOUT.replace('"{όνομα} ({δύναμη})"', '"**{όνομα}** *{χρώμα}*"')
    definition = load(write(tmp_path, layout.replace("DATA", "iroes.csv"),
                            {"iroes.csv": GREEK_CSV}))
    runs = list(draw(definition, "Iraklis").iter(f"{SVG}text"))
    assert [(t.text, t.get("font-weight"), t.get("font-style")) for t in runs] == [
        ("Ηρακλής", "bold", None), ("κόκκινο", None, "italic"), ("Ισχυρός", None, None)]


def test_an_optional_column_is_found_whichever_way_its_name_is_typed(tmp_path: Path) -> None:
    data = '{file: iroes.csv, optional: ["' + _nfd("σημείωση") + '"]}'
    table = "όνομα,δύναμη,χρώμα,σημείωση\nΗρακλής,6,κόκκινο\n"
    definition = load(write(tmp_path, GREEK_LAYOUT.replace("DATA", data),
                            {"iroes.csv": table}))
    [hero] = definition.faces
    assert hero.attr("σημείωση") == ""
    assert _words(draw(definition, hero.key)) == ["Ηρακλής (6)"]
