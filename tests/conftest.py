"""Shared fixtures: the repository's paths and an in-process command runner."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.console import Console
from printkit.plugins import game_names

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
DECKS = ROOT / "decks"


@dataclass
class Result:
    """What a command printed and returned."""

    status: int
    out: str
    err: str


Run = Callable[..., Result]


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> Run:
    """Run ``printkit ARGS`` in-process from the repository root."""
    monkeypatch.chdir(ROOT)

    def run(*args: str) -> Result:
        out, err = io.StringIO(), io.StringIO()
        status = main(list(args), Console(out, err))
        return Result(status, out.getvalue(), err.getvalue())

    return run



def pytest_configure(config: pytest.Config) -> None:
    """The toy game under tests/plugin_game must be installed, as a third-party game is."""
    del config
    if "toy-nim" not in game_names():
        raise pytest.UsageError("the test game is not installed: run "
                                "'python -m pip install -e tests/plugin_game' (the README's "
                                "test command does)")
