"""Loading game definitions: the shipped ones, overrides, and every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from printkit.commands.schema import json_schema
from printkit.errors import DefinitionError
from printkit.kit.games import load, resolve
from printkit.settings import parse_settings
from tests.conftest import DATA, DECKS, Run

BAD = sorted((DATA / "bad_definitions").glob("*.yaml"))


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_definition_reports_every_problem_at_its_place(path: Path, run_cli: Run) -> None:
    expected = path.with_suffix(".expected").read_text().splitlines()
    result = run_cli("check", str(path.relative_to(DATA.parents[1])))
    assert result.status == 1
    assert "Traceback" not in result.err
    found = [line.split(": error: ", 1) for line in result.err.splitlines() if ": error: " in line]
    located = [f"{where.split(':', 1)[1]}: {message}" for where, message in found]
    assert located == expected
    # each problem shows the offending line with a caret under it
    for line_no_col in expected:
        line_no = int(line_no_col.split(":")[0])
        source = path.read_text().splitlines()[line_no - 1]
        assert f"{line_no:>5} | {source}" in result.err


def test_all_problems_are_counted(run_cli: Run) -> None:
    result = run_cli("check", "tests/data/bad_definitions/several-problems.yaml")
    assert "3 problems found" in result.err


def test_shipped_definition_generates_the_36_cards_and_the_trump() -> None:
    definition = load(DECKS / "stars-and-stripes.yaml")
    pips = [f for f in definition.faces if f.kind == "stars-and-stripes"]
    pairs = {(f.attr("stars"), f.attr("stripes")) for f in pips}
    assert pairs == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert [f.kind for f in definition.faces].count("trump") == 1
    assert all(f.deck_mark == "" for f in definition.faces)
    assert definition.card_width == pytest.approx(63.5 * 72 / 25.4)
    assert definition.card_width == definition.card_height


@pytest.mark.parametrize("decks", [2, 3, 4])
def test_several_decks_repeat_the_cards_with_marks_and_one_trump(decks: int) -> None:
    definition = load(DECKS / "stars-and-stripes.yaml",
                      overrides=parse_settings([f"decks={decks}"]))
    pips = [f for f in definition.faces if f.kind == "stars-and-stripes"]
    assert len(pips) == 36 * decks
    assert sorted({f.deck_mark for f in pips}) == list("ABCD"[:decks])
    assert len({f.key for f in definition.faces}) == len(definition.faces)
    assert [f.kind for f in definition.faces].count("trump") == 1


def test_variants_set_parameters_and_command_line_wins() -> None:
    game = resolve("stars-and-stripes", variant="large-15")
    assert game.definition.parameters["decks"] == 4
    game = resolve("stars-and-stripes", variant="large-15", overrides=parse_settings(["decks=3"]))
    assert game.definition.parameters["decks"] == 3
    assert game.params.decks == 3


@pytest.mark.parametrize(("override", "message"), [
    ("deks=2", "unknown parameter 'deks' (did you mean 'decks'?)"),
    ("decks=zero", "must be a whole number from 1 to 26"),
    ("card.size=5mm x 5mm", "must be between 20mm and 200mm"),
    ("card.colour=red", "unknown key 'colour' in 'card'"),
    ("nonsense", "--set expects key=value"),
])
def test_bad_overrides_point_at_the_command_line(override: str, message: str) -> None:
    with pytest.raises(DefinitionError) as caught:
        resolve("stars-and-stripes", overrides=parse_settings([override]))
    text = caught.value.render()
    assert message in text
    assert "<command line>:1:" in text
    assert f"--set {override}" in text


def test_unknown_variant_suggests_the_closest(run_cli: Run) -> None:
    result = run_cli("check", "stars-and-stripes", "--variant", "large11")
    assert result.status == 1
    assert "no variant 'large11' (did you mean 'large-11'?)" in result.err


def test_unknown_game_suggests_the_closest(run_cli: Run) -> None:
    result = run_cli("build", "stars-and-strips", "-o", "/nonexistent-never-written")
    assert result.status == 1
    assert "unknown game 'stars-and-strips' (did you mean 'stars-and-stripes'?)" in result.err


def test_schema_is_valid_json_schema_and_accepts_every_shipped_definition(run_cli: Run) -> None:
    result = run_cli("schema")
    assert result.status == 0
    schema = json.loads(result.out)
    assert schema == json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(DECKS.glob("*.yaml")):
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert errors == [], f"{path.name}: {errors[0].message if errors else ''}"


def test_schema_rejects_what_the_loader_rejects() -> None:
    validator = jsonschema.Draft202012Validator(json_schema())
    for path in BAD:
        if path.stem in ("yaml-syntax", "duplicate-key", "unknown-parameter",
                         "bad-parameter-value", "bad-range", "out-of-range"):
            continue  # YAML-level, engine-level or numeric checks the schema cannot express
        data = yaml.safe_load(path.read_text())
        assert list(validator.iter_errors(data)), path.name
