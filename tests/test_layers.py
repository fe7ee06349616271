"""The layering written in pyproject.toml ([tool.importlinter]) holds: generic layers import
no game, a game's rules import nothing from the printing side, games are independent."""

from __future__ import annotations

import shutil
import subprocess

from tests.conftest import ROOT


def test_import_contracts_are_kept() -> None:
    command = shutil.which("lint-imports")
    assert command is not None, "import-linter is part of the test extra"
    done = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken." in done.stdout
