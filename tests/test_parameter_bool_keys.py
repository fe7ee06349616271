"""A yes/no parameter chooses what a sheet prints through ``true:`` and ``false:`` keys of
its ``values`` map (YAML reads those keys as flags; the loader keeps them there, and only
there)."""

from __future__ import annotations

from pathlib import Path

from printkit.definition.load import load_definition
from printkit.definition.scoresheet import SheetComponent
from printkit.render.kinds import catalogue
from printkit.settings import Settings, parse_settings
from tests.test_content_support import problems, write

SHEET = """\
parameters:
  strict: false
  bound: unlimited
variants:
  strict:
    description: claims are needed
    parameters: {strict: true}
components:
  pad:
    kind: sheet
    columns: [Round, Points]
    rows:
      - [Limit, {parameter: bound, values: {unlimited: 15}}]
    notes:
      - parameter: strict
        values:
          true: "Claim before the next card."
          false: "Points count at once."
"""
"""The header of the test file takes five lines: ``SHEET`` starts at line 6."""


def _notes(path: Path, variant: str | None = None,
           overrides: Settings = ()) -> list[str]:
    definition = load_definition(path, kinds=catalogue(), display=path.name, variant=variant,
                                 overrides=overrides)
    [sheet] = [c for c in definition.components if isinstance(c, SheetComponent)]
    return [note.text for note in sheet.notes]


def test_the_flag_chooses_the_false_words_by_default(tmp_path: Path) -> None:
    assert _notes(write(tmp_path, SHEET)) == ["Points count at once."]


def test_a_variant_or_set_turning_the_flag_on_chooses_the_true_words(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET)
    assert _notes(path, variant="strict") == ["Claim before the next card."]
    assert _notes(path, overrides=parse_settings(("strict=true",))) == [
        "Claim before the next card."]


def test_any_spelling_yaml_reads_as_a_flag_is_a_flag_key(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET.replace("true: \"Claim", "yes: \"Claim")
                 .replace("false: \"Points", "No: \"Points"))
    assert _notes(path) == ["Points count at once."]
    assert _notes(path, variant="strict") == ["Claim before the next card."]


def test_a_word_parameter_still_chooses_by_its_word(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET)
    definition = load_definition(path, kinds=catalogue(), display=path.name)
    [sheet] = [c for c in definition.components if isinstance(c, SheetComponent)]
    assert [cell.text for cell in sheet.rows[0].cells] == ["Limit", "15"]


def test_the_same_flag_twice_is_a_located_duplicate(tmp_path: Path) -> None:
    path = write(tmp_path, SHEET.replace("false: \"Points", "yes: \"Points"))
    [(file, line, column, message)] = problems(path)
    assert (file, line, column) == ("game.yaml", 23, 11)
    assert message == "duplicate key 'true'"


def test_a_flag_key_outside_a_parameters_values_map_is_still_refused(tmp_path: Path) -> None:
    body = SHEET.replace("    columns: [Round, Points]\n",
                         "    columns: [Round, Points]\n    true: 1\n")
    body = body.replace("  bound: unlimited\n", "  bound: unlimited\n  extra: {values: {no: 1}}\n")
    found = problems(write(tmp_path, body))
    assert [(file, line, column, message) for file, line, column, message in found
            if message == "keys must be names"] == [
        ("game.yaml", 9, 20, "keys must be names"), ("game.yaml", 18, 5, "keys must be names")]
