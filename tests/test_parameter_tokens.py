"""Tokens follow the parameters too: their front and back face groups take
``{parameter: NAME}``, a range in ``generate`` may quote one, and ``values`` says what to
print for a parameter's word (``unlimited``) that is not a number of copies."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from printkit.commands.schema import PARAMETER_REFERENCE
from printkit.definition.load import load_definition
from printkit.definition.tokens import TokensComponent
from printkit.errors import DefinitionError
from printkit.render.kinds import catalogue
from printkit.settings import Settings, parse_settings
from tests.test_content_support import write

TOKENS = """\
parameters:
  players: 2
  supply: 15
variants:
  three:
    description: three players, a smaller supply
    parameters: {players: 3, supply: 4}
  endless:
    description: no limit on the supply
    parameters: {supply: unlimited}
layouts:
  disc:
    - {type: rect, bleed: true, fill: "#2d4a6b"}
    - {type: text, text: "{kind} {player}", x: 10%, y: 30%, width: 80%, height: 40%}
components:
  ships:
    kind: tokens
    shape: round
    size: 18mm
    front:
      - id: ship
        kind: layout
        layout: disc
        generate: {kind: [big, small], player: "1..{parameter: players}"}
        count: {parameter: supply, values: {unlimited: 10}}
        name: "{kind}-{player}"
    back:
      - id: ship
        kind: layout
        layout: disc
        generate: {kind: [big, small], player: "1..{parameter: players}"}
        name: "{kind}-{player}-back"
"""


def problems(path: Path, overrides: Settings = ()) -> list[tuple[str, int, int, str]]:
    """(file, line, column, message) of every problem loading ``path`` reports."""
    with pytest.raises(DefinitionError) as caught:
        load_definition(path, kinds=catalogue(), display=path.name, overrides=overrides)
    return [(p.location.file, p.location.line, p.location.column, p.message)
            if p.location is not None else ("", 0, 0, p.message)
            for p in caught.value.problems]


def _tokens(path: Path, variant: str | None = None,
            overrides: Settings = ()) -> TokensComponent:
    definition = load_definition(path, kinds=catalogue(), display=path.name, variant=variant,
                                 overrides=overrides)
    [tokens] = definition.components
    assert isinstance(tokens, TokensComponent)
    return tokens


def test_the_players_and_the_supply_make_the_tokens(tmp_path: Path) -> None:
    tokens = _tokens(write(tmp_path, TOKENS))
    assert [f.key for f in tokens.fronts] == ["big-1", "big-2", "small-1", "small-2"]
    assert [f.copies for f in tokens.fronts] == [15] * 4
    assert tokens.count == 60
    assert [f.key for f in tokens.back_faces] == [f"{f.key}-back" for f in tokens.fronts]


def test_a_variant_and_set_reach_the_tokens(tmp_path: Path) -> None:
    path = write(tmp_path, TOKENS)
    three = _tokens(path, variant="three")
    assert [f.key for f in three.fronts][:3] == ["big-1", "big-2", "big-3"]
    assert three.count == 6 * 4 and len(three.back_faces) == 6
    assert _tokens(path, overrides=parse_settings(("players=4",))).count == 8 * 15


def test_values_stand_in_for_a_word_the_tokens_cannot_count(tmp_path: Path) -> None:
    path = write(tmp_path, TOKENS)
    assert _tokens(path, variant="endless").count == 4 * 10
    # a value not in the mapping passes through unchanged
    assert _tokens(path, overrides=parse_settings(("supply=3",))).count == 4 * 3


def test_a_word_without_a_value_is_reported_where_it_is_used(tmp_path: Path) -> None:
    path = write(tmp_path, TOKENS.replace(", values: {unlimited: 10}", ""))
    [(file, line, _, message)] = problems(path, overrides=parse_settings(("supply=unlimited",)))
    assert (file, line) == ("game.yaml", 30) and "'unlimited'" in message


def test_values_must_map(tmp_path: Path) -> None:
    path = write(tmp_path, TOKENS.replace("{unlimited: 10}", "[unlimited, 10]"))
    [(file, line, _, message)] = problems(path)
    assert file == "game.yaml" and line == 30 and "e.g. {unlimited: 15}" in message


def test_an_unknown_parameter_in_a_range_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, TOKENS.replace('"1..{parameter: players}"',
                                          '"1..{parameter: player}"', 1))
    (file, line, _, message), *_ = problems(path)
    assert (file, line) == ("game.yaml", 29)
    assert "{parameter: player} names no parameter" in message and "'players'" in message



def test_the_json_schema_allows_values_in_a_reference() -> None:
    jsonschema.validate({"parameter": "supply", "values": {"unlimited": 10}},
                        PARAMETER_REFERENCE)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"parameter": "supply", "values": [1]}, PARAMETER_REFERENCE)
