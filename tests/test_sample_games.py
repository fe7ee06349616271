"""The sample games under sample-games/ (what a designer copies) check and build, and each
builds the files its README promises."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT, Run

EXAMPLES = sorted((ROOT / "sample-games").glob("*/*.yaml"))
EXPECTED = {
    "standard-deck": {"cards.pdf", "cards-gutterfold.pdf", "cards-printshop.pdf"},
    "spellbook": {"cards.pdf", "cards-printshop.pdf"},
    "hex-skirmish": {"counters.pdf", "map.pdf", "map-single.pdf", "score-sheet.pdf",
                     "player-aid.pdf"},
    "river-crossing": {"map.pdf", "map-single.pdf", "map.svg", "counters.pdf"},
}


def test_every_sample_game_is_listed() -> None:
    assert sorted(p.stem for p in EXAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_sample_game_checks_and_builds(path: Path, run_cli: Run, tmp_path: Path) -> None:
    checked = run_cli("check", str(path))
    assert checked.status == 0, checked.err
    assert "is valid" in checked.out and "warning" not in checked.err
    built = run_cli("-q", "build", str(path), "-o", str(tmp_path))
    assert built.status == 0, built.err
    kit = tmp_path / path.stem
    assert EXPECTED[path.stem] <= {p.name for p in kit.iterdir()}
