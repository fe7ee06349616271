"""Games as plugins: the test game installed from tests/plugin_game is found, listed, checked
and built like a shipped one; broken or missing plugins are named; every installed engine
keeps the engine contract."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

import pytest
from printkit_toy_nim.rules import ToyNim

from printkit import plugins
from printkit.blame import Culprit, blame
from printkit.definition.model import CardFace
from printkit.kit.games import load, resolve
from printkit.plugins import (
    GamePlugin,
    PluginError,
    Resource,
    UnknownGameError,
    game_names,
    registered,
)
from printkit.render.kinds import FaceKind, render_face
from printkit.render.svg import Frame
from printkit.rules import registry
from printkit.testing import EngineContractError, check_engine
from tests.conftest import Run


def test_the_test_game_is_listed_checked_and_built(tmp_path: Path, run_cli: Run) -> None:
    listed = run_cli("list")
    assert listed.status == 0
    assert "toy-nim" in listed.out and "Toy Nim: 6 cards" in listed.out
    checked = run_cli("check", "toy-nim")
    assert checked.status == 0, checked.err
    assert "1 booklet example verified" in checked.out
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
    wrong = r"'odd-game': its engine '\.faces:PILE' is a FaceKind, not a subclass of printkit"
    with registered(odd), pytest.raises(PluginError, match=wrong):
        registry.engine_class("odd-game")


def test_list_exits_1_when_no_installed_game_works(monkeypatch: pytest.MonkeyPatch,
                                                   run_cli: Run) -> None:
    lost = GamePlugin(name="lost", title="Lost", package="no_such_package",
                      definition=Resource("no_such_package", "lost.yaml"))
    monkeypatch.setattr(plugins, "game_names", lambda: ("lost",))
    with registered(lost):
        result = run_cli("list")
    assert result.status == 1
    assert result.out == f"{'lost':<22} (cannot be used: see its error)\n"
    assert result.err.startswith("error: game plugin 'lost': cannot find its definition")


def test_a_game_without_rules_is_said_to_have_none(run_cli: Run) -> None:
    with registered(GamePlugin(name="no-rules", title="No rules", package="tests")):
        result = run_cli("simulate", "no-rules", "--games", "1")
    assert result.status == 1
    assert result.err.startswith("error: the game 'no-rules' has no rules engine; the games "
                                 "that have one are: i-vant-to-be-alone, star-battle, ")


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


# --------------------------------------------------------------------------- kinds per game

OWN_KIND = """\
game: {game}
title: Kinds
card: {{size: poker}}
faces:
  - id: pile
    kind: toy-nim-pile
    generate: {{pebbles: 1..2}}
    name: "pile-{{pebbles}}"
"""


def test_a_definition_names_only_its_own_games_kinds_and_the_generic_ones(
        tmp_path: Path, run_cli: Run) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(OWN_KIND.format(game="my-game"))
    result = run_cli("check", str(mine))
    assert result.status == 1
    assert ("mine.yaml:6:11: error: unknown kind 'toy-nim-pile'; this definition may name: "
            "layout, playing-card (printkit's kinds and those of the game its 'game:' "
            "names)") in result.err
    nim = tmp_path / "nim.yaml"
    nim.write_text(OWN_KIND.format(game="toy-nim"))
    definition = load(nim)
    assert [(f.kind, f.owner) for f in definition.faces] == [("toy-nim-pile", "toy-nim")] * 2
    assert definition.back_kind == "pattern" and definition.back_owner == ""


def _twin_face(face: CardFace, frame: Frame, options: object) -> str:
    return f"<svg>{face.key}</svg>"


def _other_twin_face(face: CardFace, frame: Frame, options: object) -> str:
    return f"<svg>other {face.key}</svg>"


@dataclass(frozen=True)
class _NoOptions:
    """A kind without options."""


TWIN_A = (FaceKind("card", "A's card.", _NoOptions, _twin_face),)
TWIN_B = (FaceKind("card", "B's card.", _NoOptions, _other_twin_face),)
"""Two games' face kinds of the same name."""


def test_two_games_may_each_have_a_kind_of_the_same_name(tmp_path: Path) -> None:
    twins = [GamePlugin(name=f"twin-{x}", title=x, package="tests",
                        face_kinds=f".test_plugins:TWIN_{x.upper()}") for x in "ab"]
    drawn = []
    with registered(*twins):
        for twin in ("twin-a", "twin-b"):
            path = tmp_path / f"{twin}.yaml"
            path.write_text(f"game: {twin}\ntitle: T\ncard: {{size: poker}}\n"
                            "faces: [{id: one, kind: card}]\n")
            [face] = load(path).faces
            assert face.owner == twin
            drawn.append(render_face(face, Frame(63.5, 88.9, 3.0, 3.0)))
    assert drawn == ["<svg>one</svg>", "<svg>other one</svg>"]


def test_a_games_kind_may_not_take_a_generic_name(tmp_path: Path) -> None:
    shadow = GamePlugin(name="shadow", title="Shadow", package="tests",
                        face_kinds=".test_plugins:SHADOWING")
    path = tmp_path / "shadow.yaml"
    path.write_text("game: shadow\ntitle: S\ncard: {size: poker}\n"
                    "faces: [{id: one, kind: layout}]\n")
    with registered(shadow), pytest.raises(PluginError, match=r"game plugin 'shadow': its "
                                           r"face kind 'layout' has the name of one of "
                                           r"printkit's own"):
        load(path)


SHADOWING = (FaceKind("layout", "Not printkit's layout.", _NoOptions, _twin_face),)


# --------------------------------------------------------------------------- clean errors


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_of_a_misspelt_game_a_folder_or_a_device_is_a_clean_error(
        run_cli: Run, jobs: str) -> None:
    result = run_cli("check", "stars-and-stripe", "sample-games", "/dev/null", "--jobs", jobs)
    assert result.status == 1 and "Traceback" not in result.err
    assert result.err.splitlines() == [
        "error: unknown game 'stars-and-stripe' (did you mean 'stars-and-stripes'?); the "
        "games are: " + ", ".join(game_names()),
        "error: 'sample-games' is a folder: check takes an installed game's name (printkit list "
        "shows them), a definition file or a file of examples (.yaml)",
        "error: '/dev/null' is not a regular file: check takes an installed game's name "
        "(printkit list shows them), a definition file or a file of examples (.yaml)"]


def test_check_of_a_file_of_another_kind_says_what_it_takes(run_cli: Run) -> None:
    result = run_cli("check", "pyproject.toml")
    assert result.status == 1
    assert result.err.splitlines()[-2:] == [
        "error: pyproject.toml is not a game definition: check takes an installed game's name "
        "(printkit list shows them), a definition file or a file of examples (.yaml)",
        "2 problems found"]


def test_build_of_a_folder_says_what_it_takes(run_cli: Run) -> None:
    result = run_cli("build", "sample-games", "-o", "/nonexistent")
    assert result.status == 1
    assert result.err == ("error: 'sample-games' is a folder: give an installed game's name "
                          "(printkit list shows them) or a definition file (.yaml)\n")


BAD_VARIANT = """\
  broken:
    description: too many players
    parameters: {players: 99}
"""


def test_the_problems_of_a_variant_name_it(tmp_path: Path, run_cli: Run) -> None:
    shipped = plugins.find("toy-nim").definition
    assert shipped is not None
    game = tmp_path / "nim.yaml"
    game.write_text(shipped.read_text().replace("variants:\n", "variants:\n" + BAD_VARIANT))
    for command in (["check"], ["build", "-o", str(tmp_path / "kit")]):
        result = run_cli(*command, str(game), "--variant", "broken")
        assert result.status == 1
        assert "error: players: must be 1 to 4" in result.err
        assert (f"error: these problems were found loading {game} with the variant 'broken' "
                "(--variant broken)") in result.err
    missing = run_cli("check", str(game), "--variant", "brokn")
    assert missing.status == 1 and "has no variant 'brokn' (did you mean 'broken'?)" in missing.err
    assert "these problems were found" not in missing.err  # the variant itself is named


# --------------------------------------------------------------------------- blame

BUGGY_MODULE = "def explode() -> None:\n    raise ValueError('a bug of the plugin')\n"


def test_an_exception_in_a_plugins_code_is_blamed_on_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "buggy_plugin").mkdir()
    (tmp_path / "buggy_plugin" / "__init__.py").write_text(BUGGY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("buggy_plugin")
    buggy = GamePlugin(name="buggy", title="Buggy", package="buggy_plugin")
    with registered(buggy):
        with pytest.raises(ValueError) as inside:
            module.explode()
        with pytest.raises(UnknownGameError) as outside:
            plugins.find("no-such-game")
        assert blame(inside.value) == Culprit("buggy", None)
        assert str(blame(inside.value)) == "game plugin 'buggy'"
        assert blame(outside.value) is None
    with pytest.raises(ValueError, match="players") as shipped:  # printkit's games: its bugs
        registry.engine_class("stars-and-stripes").Params(players=99)
    assert "stars_and_stripes" in str(shipped.traceback[-1].path)
    assert blame(shipped.value) is None


RESKIN = """\
game: my-class
title: A class's own deck
rules: stars-and-bars
card: {size: poker}
faces:
  - id: card
    kind: playing-card
    generate: {rank: [A, 2], suit: [S]}
    name: "{rank}{suit}"
"""


def test_a_games_own_example_cards_are_drawn_by_its_kind_for_any_definition(
        tmp_path: Path) -> None:
    from printkit.games.stars_and_bars.diagrams import card_faces

    path = tmp_path / "class.yaml"
    path.write_text(RESKIN)
    game = resolve(str(path))  # a game of its own, played by the Stars and Bars rules
    assert {f.owner for f in game.definition.faces} == {""}  # its cards: a generic kind
    drawn = card_faces(game.definition, game.engine)  # type: ignore[arg-type]
    assert {(f.kind, f.owner) for f in drawn.values()} == {("stars-and-bars-card",
                                                            "stars-and-bars")}
    assert render_face(next(iter(drawn.values())), Frame(63.5, 88.9, 3.0, 3.0)).startswith("<")


def test_a_plugin_is_named_with_its_distribution_and_version() -> None:
    assert plugins.label("toy-nim") == "game plugin 'toy-nim' (printkit-toy-nim 0.1.0)"
    shipped = plugins.distribution("stars-and-stripes")
    assert shipped is not None and shipped.name == "printkit"
    with registered(GamePlugin(name="unpackaged", title="U", package="tests")):
        assert plugins.label("unpackaged") == "game plugin 'unpackaged'"
