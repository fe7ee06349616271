"""Sheets and face options quote parameters (``{parameter: NAME}``), also inside a line of
text, so a score sheet prints the target of the variant it is built for."""

from __future__ import annotations

from pathlib import Path

from printkit.definition.load import load_definition
from printkit.definition.scoresheet import SheetComponent
from printkit.render.kinds import catalogue, render_face
from printkit.render.svg import Frame
from printkit.settings import Settings, parse_settings
from tests.test_content_support import load, problems, write

SHEET = """\
parameters:
  target: 200
  lead: 15
variants:
  short:
    description: a short game
    parameters: {target: 100}
components:
  score-sheet:
    kind: sheet
    title: "First past {parameter: target}"
    note: "Over {parameter: target} with a lead of {parameter: lead} wins"
    columns: [Round, Points]
    rows:
      - [Target, {parameter: target}]
      - {heading: "Lead of {parameter: lead}"}
    notes: ["Ties below {parameter: lead}."]
"""


def _sheet(path: Path, variant: str | None = None,
           overrides: Settings = ()) -> SheetComponent:
    definition = load_definition(path, kinds=catalogue(), display=path.name, variant=variant,
                                 overrides=overrides)
    [sheet] = [c for c in definition.components if isinstance(c, SheetComponent)]
    return sheet


def test_a_sheet_quotes_parameters_in_its_words_and_cells(tmp_path: Path) -> None:
    sheet = _sheet(write(tmp_path, SHEET))
    assert sheet.title.text == "First past 200"
    assert sheet.note is not None and sheet.note.text == "Over 200 with a lead of 15 wins"
    assert [cell.text for cell in sheet.rows[0].cells] == ["Target", "200"]
    assert [n.text for n in sheet.notes] == ["Ties below 15."]
    assert "Lead of 15" in [r.cells[0].text for r in sheet.rows]


def test_the_variant_and_set_reach_the_sheet(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET)
    assert _sheet(path, variant="short").title.text == "First past 100"
    assert _sheet(path, overrides=parse_settings(("lead=9",))).notes[0].text == "Ties below 9."


def test_an_unknown_parameter_in_a_line_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET.replace("lead of {parameter: lead}", "lead of "
                                         "{parameter: leed}"))
    [(file, line, _, message)] = problems(path)
    assert (file, line) == ("game.yaml", 17)
    assert "{parameter: leed} names no parameter" in message and "'lead'" in message


def test_a_table_cannot_stand_in_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET.replace("lead: 15", "lead: [1, 2]"))
    found = problems(path)
    assert found and all("cannot stand in a line of text" in m for _, _, _, m in found)


def test_face_options_quote_parameters_inside_their_lines(tmp_path: Path) -> None:
    path = write(tmp_path, """\
parameters: {target: 150}
faces:
  - id: aid
    kind: stars-and-stripes-reference
    options:
      title: Aid
      lines: ["First past {parameter: target} wins"]
""")
    [face] = load(path).faces
    assert vars(face.options)["lines"] == ("First past 150 wins",)


AID = """\
parameters: {target: 150, colored: false, ending: redeal}
variants:
  coloured:
    description: coloured
    parameters: {colored: true, ending: forced}
layouts:
  aid:
    - {type: text, text: "{rule}", x: 3mm, y: 3mm, width: 50mm, height: 20mm}
    - {type: text, text: "{ending}", x: 3mm, y: 30mm, width: 50mm, height: 20mm}
    - {type: text, text: "Coloured", x: 3mm, y: 60mm, width: 50mm, height: 10mm,
       when: colored}
faces:
  - id: aid
    kind: layout
    layout: aid
    data:
      - rule: "First past {parameter: target} wins"
        colored: {parameter: colored}
        ending: {parameter: ending, values: {redeal: Deal again, forced: The dealer plays}}
"""


def test_data_rows_written_in_the_file_quote_parameters(tmp_path: Path) -> None:
    path = write(tmp_path, AID)
    standard = load_definition(path, kinds=catalogue(), display=path.name)
    [face] = standard.faces
    assert (face.attr("rule"), face.attr("colored"), face.attr("ending")) == (
        "First past 150 wins", "false", "Deal again")
    changed = load_definition(path, kinds=catalogue(), display=path.name, variant="coloured",
                              overrides=parse_settings(("target=90",)))
    [other] = changed.faces
    assert (other.attr("rule"), other.attr("colored"), other.attr("ending")) == (
        "First past 90 wins", "true", "The dealer plays")
    frame = Frame.from_points(standard.card_width, standard.card_height, 0.0, 0.0)
    # the flag reaches 'when': only the variant's card draws the element it guards
    assert "Coloured" not in render_face(face, frame)
    assert "Coloured" in render_face(other, frame)
