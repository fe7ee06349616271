"""``printkit new`` writes a definition that builds as it is, never over a file; the
definition reference in docs/ is the one the schema generates today."""

from __future__ import annotations

from pathlib import Path

from printkit.commands.reference import reference
from printkit.commands.schema import json_schema
from tests.conftest import ROOT, Run


def test_new_writes_a_game_that_checks_and_builds(run_cli: Run, tmp_path: Path) -> None:
    made = run_cli("new", "space-race", "-o", str(tmp_path))
    assert made.status == 0, made.err
    folder = tmp_path / "space-race"
    definition = folder / "space-race.yaml"
    assert definition.is_file() and (folder / "cards.csv").is_file()
    text = definition.read_text()
    assert "game: space-race" in text and "title: Space Race" in text and "__" not in text
    assert text.count("#") > 15  # commented for a newcomer
    checked = run_cli("check", str(definition))
    assert checked.status == 0, checked.err
    assert "4 cards (3 different faces)" in checked.out
    built = run_cli("-q", "build", str(definition), "-o", str(tmp_path / "out"))
    assert built.status == 0, built.err
    assert (tmp_path / "out" / "space-race" / "cards.pdf").is_file()


def test_new_never_writes_over_a_file(run_cli: Run, tmp_path: Path) -> None:
    assert run_cli("new", "mine", "-o", str(tmp_path)).status == 0
    (tmp_path / "mine" / "mine.yaml").write_text("my own work\n")
    again = run_cli("new", "mine", "-o", str(tmp_path))
    assert again.status == 1 and "already exists" in again.err
    assert (tmp_path / "mine" / "mine.yaml").read_text() == "my own work\n"
    bad = run_cli("new", "../Escape", "-o", str(tmp_path))
    assert bad.status == 2 and "lower case letters" in bad.err


def test_the_committed_reference_is_up_to_date(run_cli: Run) -> None:
    committed = (ROOT / "docs" / "definition-reference.md").read_text()
    generated = reference(json_schema(shipped_only=True))
    assert committed == generated, ("docs/definition-reference.md is stale: run "
                                    "'printkit schema --markdown > docs/definition-reference.md'")
    printed = run_cli("schema", "--markdown")
    assert printed.status == 0 and printed.out == generated
    for key in ("`faces`", "`components`", "kind: tokens", "Face kind `playing-card`",
                "Back kind `pattern`", "`layouts`"):
        assert key in generated
