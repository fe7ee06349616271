"""Every example file under tests/data/examples/ verifies against its rules engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.examples import check_file

ROOT = Path(__file__).parent
FILES = sorted((ROOT / "data" / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_file_has_no_false_claims(path: Path) -> None:
    report = check_file(path, display=str(path.relative_to(ROOT.parent)))
    error = report.error()
    assert error is None, "\n" + error.render()
    assert report.examples, f"{path.name} has no examples"
