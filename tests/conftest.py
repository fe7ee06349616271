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


@pytest.fixture(autouse=True)
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each test's builds use a rendering cache of their own (``XDG_CACHE_HOME``), empty at
    the start: a test never sees what another drew, nor the user's ~/.cache."""
    folder = tmp_path_factory.mktemp("xdg-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> Run:
    """Run ``printkit ARGS`` in-process from the repository root."""
    monkeypatch.chdir(ROOT)

    def run(*args: str) -> Result:
        out, err = io.StringIO(), io.StringIO()
        status = main(list(args), Console(out, err))
        return Result(status, out.getvalue(), err.getvalue())

    return run



# the broken plugin package is installed into a scratch folder by the tests that use it;
# importing its modules, as doctest collection would, fails on purpose
collect_ignore_glob = ["broken_plugin/*"]

SLOW_LIST = ROOT / "tests" / "slow_tests.txt"


def slow_tests() -> frozenset[str]:
    """The tests ``-m "not slow"`` leaves out: one node id a line, without parameters, or a
    test file (every test in it: a file whose module fixture does the slow work)."""
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def pytest_configure(config: pytest.Config) -> None:
    """The toy game under tests/plugin_game must be installed, as a third-party game is."""
    config.addinivalue_line("markers", "slow: one of the tests listed in tests/slow_tests.txt "
                            "(half a second or more each); -m 'not slow' runs the rest")
    if "toy-nim" not in game_names():
        raise pytest.UsageError("the test game is not installed: run "
                                "'python -m pip install -e tests/plugin_game' (the README's "
                                "test command does)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the listed tests ``slow`` (every parameter set of a listed test function)."""
    del config
    listed = slow_tests()
    for item in items:
        node = item.nodeid.partition("[")[0]
        if node in listed or node.partition("::")[0] in listed:
            item.add_marker(pytest.mark.slow)
