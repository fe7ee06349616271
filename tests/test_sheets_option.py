"""``printkit build --sheets`` chooses the card PDFs; ``--layout``, its old spelling,
still works and builds the very same kit."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.cli import main
from tests.conftest import Run


def test_the_old_spelling_builds_the_same_kit(run_cli: Run, tmp_path: Path) -> None:
    kits = []
    for option in ("--sheets", "--layout"):
        out = tmp_path / option.strip("-")
        result = run_cli("-q", "build", "stars-and-stripes", "-o", str(out), option,
                         "calibration")
        assert result.status == 0, result.err
        assert [p.name for p in out.iterdir()] == ["stars-and-stripes--sheets-calibration"]
        kits.append(out / "stars-and-stripes--sheets-calibration")
    names = [sorted(p.name for p in kit.iterdir()) for kit in kits]
    assert names[0] == names[1]
    assert "calibration.pdf" in names[0] and "cards.pdf" not in names[0]
    assert (kits[0] / "calibration.pdf").read_bytes() == (
        kits[1] / "calibration.pdf").read_bytes()


def test_help_names_both_spellings_and_what_no_name_builds(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--sheets" in text and "--layout" in text
    assert "default: every installed game" in text
