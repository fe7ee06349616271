"""The typed plugin contract (printkit/plugin_contract.py): a plugin's declaration is checked
when it loads and each part when it is first asked for, with an error naming the plugin, its
distribution and the part; the parts of every installed game keep the contract; the
simulator's optional engine hooks are methods of the Game base class with defaults."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from printkit_toy_nim.rules import ToyNim

from printkit import plugin_contract, plugins
from printkit.booklet.phrases import Phrasebook, phrasebook
from printkit.plugins import GamePlugin, PluginError, game_names, registered
from printkit.render.kinds import BackKind, FaceKind, kinds_for
from printkit.rules import registry
from printkit.rules.base import Game
from printkit.simulator.agents import Agent, RandomAgent, game_agents
from printkit.simulator.simulate import describe_result, engine_shares, simulate
from tests.conftest import Run
from tests.test_plugin_isolation import PACKAGE, install, run_with

DISTRIBUTION = "printkit-broken-game 0.1.0"

# Parts of the wrong type, which the plugins below name (this module is their package).
NOT_AN_ENGINE = RandomAgent
NAMES_NOT_KINDS = ("a-card",)
NO_BACK_KINDS = 3
NOT_A_PHRASEBOOK = ToyNim
NOT_A_FUNCTION = ("board",)
NO_VIEW = random.Random()
NO_AGENTS = ()
TWO_OF_A_NAME = (RandomAgent, RandomAgent)


@pytest.mark.parametrize(("part", "attribute", "said"), [
    ("engine", "NOT_AN_ENGINE", "is the class printkit.simulator.basic_agents.RandomAgent, not a "
                                "subclass of printkit.rules.base.Game"),
    ("face_kinds", "NAMES_NOT_KINDS", "is a tuple whose item 0 is a str, not a "
                                      "printkit.render.kinds.FaceKind"),
    ("back_kinds", "NO_BACK_KINDS", "is an int, not a tuple of BackKind values"),
    ("phrases", "NOT_A_PHRASEBOOK", "is the class printkit_toy_nim.rules.ToyNim, not a "
                                    "subclass of printkit.booklet.phrases.base.Phrasebook"),
    ("board", "NOT_A_FUNCTION", "is a tuple, not a function (engine, definition) -> "
                                "BoardPicture | None"),
    ("positions", "NO_VIEW", "is a Random without the methods square() and view() of "
                             "printkit.render.diagram.PositionPictures"),
    ("agents", "NO_AGENTS", "is an empty tuple: give at least one subclass of "
                            "printkit.simulator.agents.Agent"),
    ("agents", "TWO_OF_A_NAME", "is a tuple naming 'random' twice"),
])
def test_a_mistyped_part_is_named_with_what_it_must_be(part: str, attribute: str,
                                                       said: str) -> None:
    reference = f"tests.test_plugin_contract:{attribute}"
    changes: dict[str, Any] = {part: reference}
    odd = replace(GamePlugin(name="odd", title="Odd", package="tests",
                             engine="printkit_toy_nim.rules:ToyNim"), **changes)
    accessors = {"engine": odd.engine_class, "face_kinds": odd.own_face_kinds,
                 "back_kinds": odd.own_back_kinds, "phrases": odd.phrasebook,
                 "board": odd.board_maker, "positions": odd.position_pictures,
                 "agents": odd.agent_classes}
    with registered(odd), pytest.raises(PluginError) as caught:
        accessors[part]()
    assert str(caught.value) == f"error: game plugin 'odd': its {part} {reference!r} {said}"


def test_the_layers_ask_for_parts_through_the_accessors() -> None:
    odd = GamePlugin(name="odd", title="Odd", package="tests",
                     engine="tests.test_plugin_contract:NOT_AN_ENGINE",
                     agents="tests.test_plugin_contract:NO_AGENTS",
                     phrases="tests.test_plugin_contract:NOT_A_PHRASEBOOK",
                     face_kinds="tests.test_plugin_contract:NAMES_NOT_KINDS")
    with registered(odd):
        for ask in (lambda: registry.engine_class("odd"), lambda: game_agents("odd"),
                    lambda: phrasebook("odd"), lambda: kinds_for("odd")):
            with pytest.raises(PluginError, match=r"^error: game plugin 'odd': its "):
                ask()


def test_a_declaration_is_checked_whole_when_the_plugin_loads() -> None:
    wrong = GamePlugin(name="wrong", title="", package="tests",
                       engine=ToyNim,  # type: ignore[arg-type]  # the mistake tested
                       face_kinds=".faces", board=".board:draw", agents=":AGENTS",
                       definition="wrong.yaml")  # type: ignore[arg-type]  # likewise
    assert plugins.declaration_problems(wrong) == [
        "its title is a str, not a non-empty string",
        "its engine is the class printkit_toy_nim.rules.ToyNim, not a 'module:attribute' "
        "string naming a Game subclass",
        "its face_kinds '.faces' is not a 'module:attribute' reference",
        "its agents ':AGENTS' is not a 'module:attribute' reference",
        "its definition is str, not a Resource(package, file name)",
    ]
    with pytest.raises(PluginError) as caught, registered(wrong):
        pass
    assert len(caught.value.problems) == 5
    assert all(p.message.startswith("game plugin 'wrong': its ") for p in caught.value.problems)
    lonely = GamePlugin(name="lonely", title="Lonely", package="tests", board=".board:draw")
    assert plugins.declaration_problems(lonely) == [
        "it gives board but no engine, which board works on"]


def test_every_installed_game_keeps_the_contract() -> None:
    for name in game_names():
        plugin = plugins.find(name)
        assert plugins.declaration_problems(plugin) == []
        engine = plugin.engine_class()
        assert engine is not None and issubclass(engine, Game)
        assert all(isinstance(k, FaceKind) for k in plugin.own_face_kinds())
        assert all(isinstance(k, BackKind) for k in plugin.own_back_kinds())
        book = plugin.phrasebook()
        assert book is None or isinstance(book, Phrasebook)
        board = plugin.board_maker()
        assert board is None or callable(board)
        assert plugin.position_pictures() is None or plugin.positions is not None
        assert all(issubclass(a, Agent) for a in plugin.agent_classes())
        assert bool(plugin.agent_classes()) == (plugin.agents is not None)


def test_a_plugin_can_check_all_its_parts_at_once() -> None:
    assert plugins.find("toy-nim").part_problems() == []
    odd = GamePlugin(name="odd", title="Odd", package="tests",
                     engine="tests.test_plugin_contract:NOT_AN_ENGINE",
                     board="printkit_toy_nim.rules:ToyNim",  # a class, not a function
                     agents="tests.test_plugin_contract:NO_AGENTS",
                     positions="tests.test_plugin_contract:NO_SUCH_NAME")
    with registered(odd):
        found = [p.message for p in odd.part_problems()]
    assert len(found) == 4 and all(m.startswith("game plugin 'odd': ") for m in found)
    assert "its engine 'tests.test_plugin_contract:NOT_AN_ENGINE' is the class" in found[0]
    assert "its board 'printkit_toy_nim.rules:ToyNim' is the class" in found[1]
    assert "tests.test_plugin_contract has no 'NO_SUCH_NAME' (its positions)" in found[2]
    assert "its agents 'tests.test_plugin_contract:NO_AGENTS' is an empty tuple" in found[3]


def test_each_part_of_the_declaration_is_in_the_contract_and_has_an_accessor() -> None:
    declared = {f.name for f in fields(GamePlugin) if f.init}
    assert declared == {"name", "title", "package", "definition", "template",
                        *plugin_contract.PART_NAMES}
    assert "components" not in declared  # declared once, asked for by nothing: removed
    assert plugins.PARTS == plugin_contract.PART_NAMES


def test_a_plugin_with_a_mistyped_part_is_listed_with_its_error_and_harms_no_other(
        tmp_path: Path, run_cli: Run) -> None:
    install(PACKAGE, tmp_path)
    listed = run_with(tmp_path, "list")
    assert listed.returncode == 0
    assert f"{'mistyped-kinds':<22} (cannot be used: see its error)" in listed.stdout
    assert (f"error: game plugin 'mistyped-kinds' ({DISTRIBUTION}): its face_kinds "
            "'.mistyped:FACE_KINDS' is a tuple whose item 0 is a str, not a "
            "printkit.render.kinds.FaceKind\n") in listed.stderr
    for line in run_cli("list").out.splitlines():
        assert line in listed.stdout.splitlines()
    checked = run_with(tmp_path, "check", "mistyped-kinds", "toy-nim")
    assert checked.returncode == 1
    assert "toy-nim: Toy Nim is valid" in checked.stdout
    assert "'mistyped-kinds' (printkit-broken-game 0.1.0): its face_kinds" in checked.stderr
    assert "Traceback" not in checked.stderr


def test_the_simulator_hooks_default_to_none_on_the_game_base_class() -> None:
    game = ToyNim()
    state = game.initial_state(random.Random(1))
    assert type(game).deal_number is Game.deal_number  # Toy Nim gives none of the hooks
    assert game.deal_number(state) is None
    assert game.result_cause(state) is None
    assert game.figure_shares() == {}
    assert engine_shares(game) == ()
    assert describe_result(game, state, (0,)) == "highest score"
    assert describe_result(game, state, (0, 1)) == "equal top scores"
    assert describe_result(game, state, ()) == "nobody won"
    played = simulate(game, games=3, seed=5, max_deals=1)  # no deals: only moves cap it
    assert played.tally.games == 3 and played.capped == 0 and played.finished == 3


class ExplainedNim(ToyNim):
    """Toy Nim with the simulator's hooks."""

    def deal_number(self, state: object) -> int:
        return 2

    def result_cause(self, state: object) -> str:
        return "the last pebble"

    def figure_shares(self) -> dict[str, tuple[str, str]]:
        return {"rolls won": ("rolls won", "rolls")}


def test_an_engine_that_gives_the_hooks_is_heard() -> None:
    game = ExplainedNim()
    state = game.initial_state(random.Random(1))
    assert describe_result(game, state, (0,)) == "the last pebble"
    assert engine_shares(game) == (("rolls won", "rolls won", "rolls"),)
    capped = simulate(game, games=3, seed=5, max_deals=1)  # every state is in deal 2
    assert capped.tally.capped_deals == 3 and capped.finished == 0
    assert capped.shares == (("rolls won", "rolls won", "rolls"),)


BAD_AGENTS = GamePlugin(name="bad-agents", title="Bad Agents", package="tests",
                        engine="printkit_toy_nim.rules:ToyNim",
                        agents="tests.test_plugin_contract:NO_AGENTS",
                        positions="tests.test_plugin_contract:NO_SUCH_NAME")
"""A plugin whose engine is right and two parts a build never asks for are wrong."""


def test_every_part_is_checked_when_the_plugin_loads_not_when_first_used() -> None:
    import importlib.metadata

    point = importlib.metadata.EntryPoint("bad-agents", "tests.test_plugin_contract:BAD_AGENTS",
                                          "printkit.games")
    with pytest.raises(PluginError) as caught:
        plugins._load("bad-agents", point)
    found = [p.message for p in caught.value.problems]
    assert len(found) == 2 and all(m.startswith("game plugin 'bad-agents'") for m in found)
    assert "its agents 'tests.test_plugin_contract:NO_AGENTS' is an empty tuple" in found[1]
    assert "has no 'NO_SUCH_NAME' (its positions)" in found[0]
