"""Shared fixtures: the repository's paths and an in-process command runner."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.console import Console
from printkit.plugins import GamePlugin, registered

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


TOY_PLUGIN = GamePlugin(name="toy-nim", title="Toy Nim", package="tests.examples",
                        engine=".toy:ToyNim")
"""A game registered only for the tests, as a third-party plugin would be."""


@pytest.fixture
def toy_game() -> Iterator[None]:
    """Make the toy Nim game findable by name for one test."""
    with registered(TOY_PLUGIN):
        yield
