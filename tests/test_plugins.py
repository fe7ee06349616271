"""Games as plugins: the test game installed from tests/plugin_game is found, listed, checked
and built like a shipped one; broken or missing plugins are named; every installed engine
keeps the engine contract."""

from __future__ import annotations

from pathlib import Path

import pytest
from printkit_toy_nim.rules import ToyNim

from printkit import plugins
from printkit.plugins import GamePlugin, PluginError, UnknownGameError, registered
from printkit.rules import registry
from printkit.testing import EngineContractError, check_engine
from tests.conftest import Run


def test_the_test_game_is_listed_checked_and_built(tmp_path: Path, run_cli: Run) -> None:
    listed = run_cli("list")
    assert listed.status == 0
    assert "toy-nim" in listed.out and "Toy Nim: 6 cards" in listed.out
    checked = run_cli("check", "toy-nim")
    assert checked.status == 0, checked.err
    assert "1 booklet examples verified" in checked.out
    built = run_cli("build", "toy-nim", "-o", str(tmp_path))
    assert built.status == 0, built.err
    kit = tmp_path / "toy-nim"
    assert {"cards.pdf", "booklet.pdf", "booklet.html"} <= {p.name for p in kit.iterdir()}
    assert len(list((kit / "svg").glob("pile-*.svg"))) == 6


def test_an_unknown_game_gets_one_error_with_a_suggestion(run_cli: Run) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'toy-nm' \(did you mean 'toy-nim'"):
        plugins.find("toy-nm")
    result = run_cli("build", "stars-and-stirpes")
    assert result.status == 1
    assert "unknown game 'stars-and-stirpes' (did you mean 'stars-and-stripes'?)" in result.err


def test_a_plugin_that_fails_to_import_is_named(run_cli: Run) -> None:
    broken = GamePlugin(name="broken-game", title="Broken", package="no_such_package",
                        engine=".rules:Broken")
    with registered(broken):
        with pytest.raises(PluginError, match="game plugin 'broken-game': cannot import"):
            registry.engine_class("broken-game")
        result = run_cli("simulate", "broken-game", "--games", "1")
    assert result.status == 1
    assert "game plugin 'broken-game'" in result.err and "Traceback" not in result.err


def test_a_part_of_the_wrong_kind_is_named() -> None:
    odd = GamePlugin(name="odd-game", title="Odd", package="printkit_toy_nim",
                     engine=".faces:PILE")
    with registered(odd), pytest.raises(PluginError, match=r"odd-game.*not Game"):
        registry.engine_class("odd-game")


def test_list_with_no_games_says_where_it_looked(monkeypatch: pytest.MonkeyPatch,
                                                 run_cli: Run) -> None:
    monkeypatch.setattr(plugins, "game_names", lambda: ())
    result = run_cli("list")
    assert result.status == 1
    assert "no games found" in result.err and "printkit.games" in result.err


@pytest.mark.parametrize("name", registry.engine_names())
def test_every_installed_engine_keeps_the_contract(name: str) -> None:
    report = check_engine(registry.engine_class(name)(), seeds=range(4), max_steps=150,
                          moves_per_position=12)
    assert report.positions > 4 and report.moves_checked > 0


class _Liar(ToyNim):
    """An engine whose illegal_reason finds nothing wrong with illegal moves."""

    def illegal_reason(self, state: object, move: object) -> str | None:
        return None


def test_the_contract_kit_catches_a_broken_engine() -> None:
    with pytest.raises(EngineContractError, match="illegal_reason finds nothing wrong"):
        check_engine(_Liar(), seeds=range(3))
