"""Star Battle claims, and the worked examples of tests/data/examples/star-battle.yaml."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import StarBattleState
from printkit.rules.base import NO_PLAYER
from tests.games.star_battle.common import EXAMPLES, GAME, MIDGAME, game_with, play, position


def test_claims_answer_in_plain_data() -> None:
    claims = GAME.claims()
    state = position(MIDGAME)
    assert claims["systems_held"].compute(state, None) == {"A": 3, "B": 3}
    assert claims["core_holder"].compute(state, None) == "A"
    assert claims["connections"].compute(state, "N1") == ["W1N1", "E1N1"]
    with_9d = position(MIDGAME.replace("9C", "9D"))
    assert claims["legal_builds"].compute(with_9d, "9D") == {"W1": "scout", "E1": "dreadnought"}
    assert claims["legal_builds"].compute(state, "9D") == {}  # A holds no 9D
    assert claims["legal_moves_from"].compute(state, "E1") == ["E1N1", "core", "E1S1"]
    assert claims["battle_targets"].compute(state, "E1") == ["E2"]
    assert claims["battle_targets"].compute(state, "E2") == []  # not B's turn
    assert claims["victory"].compute(state, None) is None
    assert claims["hand_size_due"].compute(state, None) == {"A": 5, "B": 6}
    assert claims["survival"].compute(state, "E2S2") == "15/16"
    assert claims["home_bases"].compute(state, None) == {"A": "W1", "B": "E2S2"}
    assert claims["supply"].compute(state, None) == {
        "A": {"dreadnoughts": 13, "scouts": 12}, "B": {"dreadnoughts": 13, "scouts": 11}}
    assert game_with(ships_per_player="unlimited").claims()["supply"].compute(state, None) is None
    assert claims["connections"].unordered and claims["connections"].takes_argument


@pytest.mark.parametrize(("name", "argument"), [
    ("systems_held", "A"),
    ("connections", None),
    ("connections", "E9"),
    ("connections", "nowhere"),
    ("legal_builds", "E1"),
    ("legal_builds", None),
    ("survival", "N1"),
])
def test_claims_refuse_bad_arguments(name: str, argument: str | None) -> None:
    with pytest.raises(ValueError):
        GAME.claims()[name].compute(position(MIDGAME), argument)


def test_figures_and_heuristic() -> None:
    state = position(MIDGAME)
    won = play(state, "battle 2H E1>E2 flips=HTTHHH")
    figures = GAME.figures([state, won])
    assert figures["battles"] == 1.0 and figures["elimination wins"] == 0.0
    assert GAME.figures([]) == {}
    # A: 3 systems, 5 ships and the Core (3*3 + 5 + 5 = 19); B: 3 systems and 6 ships (15)
    assert GAME.heuristic(state, 0) == 4.0 and GAME.heuristic(state, 1) == -4.0


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses a key given twice in one mapping."""


def _unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    keys = [loader.construct_object(k) for k, _ in node.value]
    duplicates = [k for k, n in Counter(keys).items() if n > 1]
    assert not duplicates, f"key given twice at line {node.start_mark.line + 1}: {duplicates}"
    return loader.construct_mapping(node)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _unique_mapping)
DOC: dict[str, Any] = yaml.load(EXAMPLES.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
EXAMPLE_POSITIONS = {e["name"]: e["position"] for e in DOC["examples"]}


def _generic_claims(game: StarBattle
                    ) -> dict[str, Callable[[StarBattleState, str | None], object]]:
    def names(state: StarBattleState) -> tuple[str, ...]:
        return game.player_names(state)

    def to_move(state: StarBattleState, _: str | None) -> object:
        who = game.current_player(state)
        return None if who == NO_PLAYER else names(state)[who]

    return {
        "legal": lambda s, a: game.parse_move(s, a or "") in game.legal_moves(s),
        "legal_moves": lambda s, _: sorted(game.format_move(s, m) for m in game.legal_moves(s)),
        "to_move": to_move,
        "scores": lambda s, _: dict(zip(names(s), game.scores(s), strict=True)),
        "winners": lambda s, _: [names(s)[p] for p in game.winners(s)],
        "terminal": lambda s, _: game.is_terminal(s),
    }


@pytest.mark.parametrize("example", DOC["examples"], ids=lambda e: str(e["name"]))
def test_example_file_agrees_with_the_engine(example: dict[str, Any]) -> None:
    assert DOC["game"] == "star-battle"
    options = {**DOC.get("parameters", {}), **example.get("parameters", {})}
    game = StarBattle.from_options(options)
    assert isinstance(game, StarBattle)
    state = game.parse_state(example["position"])
    rng = random.Random(example.get("seed", 0))
    for text in example.get("moves", []):
        move = game.parse_move(state, text)
        state = game.apply(state, move, rng)
    engine_claims = game.claims()
    generic = _generic_claims(game)
    assert example["claims"]
    for key, expected in example["claims"].items():
        name, _, rest = key.partition("(")
        argument = rest[:-1] if rest else None
        if name in generic:
            found = generic[name](state, argument)
            if name == "legal_moves":
                expected = sorted(expected)
        else:
            claim = engine_claims[name]
            found = claim.compute(state, argument)
            if claim.unordered:
                assert isinstance(found, list) and isinstance(expected, list)
                found, expected = sorted(map(str, found)), sorted(map(str, expected))
        assert found == expected, f"{example['name']}: {key}"


def test_example_names_are_unique() -> None:
    names = [e["name"] for e in DOC["examples"]]
    assert len(names) == len(set(names))


def test_domination_needs_more_than_three_quarters_and_the_core() -> None:
    domination = EXAMPLE_POSITIONS["one-system-short-of-domination"]
    state = position(domination)
    assert state.systems_held == (12, 2) and not GAME.is_terminal(state)
    won = play(state, "move 5S E1>E2 scout")
    assert won.victory == "domination" and GAME.winners(won) == (0,)
    assert GAME.current_player(won) == NO_PLAYER and not GAME.legal_moves(won)
