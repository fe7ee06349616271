"""Stars (White Star) claims, the example file, the simulator's figures and the heuristic."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import PASS, Bid, Play, WhiteStarState
from printkit.rules.base import NO_PLAYER
from tests.games.white_star.common import GAME, card, names, play_all, playout

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples" / "white-star.yaml"


def test_claims_reject_stray_arguments() -> None:
    claims = GAME.claims()
    state = GAME.parse_state("phase: bidding")
    with pytest.raises(ValueError, match="no argument"):
        claims["totals"].compute(state, "P1")
    with pytest.raises(ValueError, match="needs a card"):
        claims["card_points"].compute(state, None)
    assert claims["card_points"].takes_argument and claims["legal_cards"].unordered


def test_points_gathered_counts_each_card_once_wherever_it_lies() -> None:
    gathered = GAME.claims()["points_gathered"]
    state = GAME.parse_state("contract: P1 30\nP1: KX\nP2: 2H\nP3: 3H\nP4: 4H\n"
                             "buried: QH SH LH\nP2 won: KW QW 7W 6W\n"
                             "P3 stars: [LX LW LV 7H]")
    # buried 4 + 3 + 2, won 5 + 4 + 1 + 1, the Star pile's cards once (not tripled):
    # 2 + 2 + 2 + 1; the cards still in hand do not count
    assert gathered.compute(state, None) == 9 + 11 + 7
    assert gathered.compute(GAME.parse_state("phase: bidding\nP1: KX\nP2: QX\nP3: SX\nP4: LX"),
                            None) == 0


# --------------------------------------------------------------------------- the example file


def evaluate(game: WhiteStar, state: WhiteStarState, key: str) -> object:
    name, _, rest = key.partition("(")
    argument = rest[:-1] if rest else None
    claims = game.claims()
    if name in claims:
        return claims[name].compute(state, argument)
    assert argument is not None or name != "legal"
    if name == "legal":
        assert argument is not None
        return game.parse_move(state, argument) in game.legal_moves(state)
    if name == "legal_moves":
        return [game.format_move(state, m) for m in game.legal_moves(state)]
    if name == "to_move":
        player = game.current_player(state)
        return None if player == NO_PLAYER else game.names[player]
    if name == "scores":
        return dict(zip(game.names, game.scores(state), strict=True))
    if name == "winners":
        return names(game, game.winners(state))
    if name == "terminal":
        return game.is_terminal(state)
    raise AssertionError(f"unknown claim {key!r}")


def _examples() -> list[dict[str, Any]]:
    data = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    assert data["game"] == "white-star"
    examples: list[dict[str, Any]] = data["examples"]
    return examples


def test_example_names_are_unique() -> None:
    counts = Counter(e["name"] for e in _examples())
    assert [n for n, c in counts.items() if c > 1] == []


@pytest.mark.parametrize("example", _examples(), ids=lambda e: str(e["name"]))
def test_example_file(example: dict[str, Any]) -> None:
    game = WhiteStar.from_options(example.get("parameters", {}))
    assert isinstance(game, WhiteStar)
    state = play_all(game, game.parse_state(example["position"]), example.get("moves", []),
                     example.get("seed", 0))
    unordered = {n for n, c in game.claims().items() if c.unordered} | {"legal_moves"}
    for key, want in example["claims"].items():
        got = evaluate(game, state, key)
        if key.partition("(")[0] in unordered:
            assert isinstance(got, list) and isinstance(want, list)
            assert Counter(got) == Counter(want), key
        else:
            assert got == want, key


def test_seed_worked_hand_is_in_the_examples() -> None:
    example = next(e for e in _examples() if e["name"] == "seed-worked-hand")
    assert example["claims"]["totals"] == {"P1": -3, "P2": 16, "P3": 20, "P4": 10}
    assert example["claims"]["hand_points"] == {"P1": 54, "P2": 6, "P3": 10, "P4": 0}


# --------------------------------------------------------------------------- the simulator


def test_figures_count_hands_and_tricks() -> None:
    history = playout(GAME, 3)
    figures = GAME.figures(history)
    scored = sum(
        1 for a, b in itertools.pairwise(history)
        if a.phase == "playing" and b.phase in ("dealing", "over")
    )
    assert figures["hands"] == scored
    stars = sum(
        1 for a, b in itertools.pairwise(history)
        if a.phase == "playing" and len(a.trick) == 3 and len({c // 11 for c in b.last_trick}) == 4
    )
    assert figures["star tricks"] == stars


def test_greedy_heuristic_prefers_taking_points() -> None:
    state = GAME.parse_state(
        "contract: P1 10\nP1: KH 2W\nP2: 2H 3W\nP3: 3H 4W\nP4: 4H 5W\ntrick: P2"
    )
    state = play_all(GAME, state, ["2H", "3H", "4H"])
    take = GAME.apply(state, Play(card("KH")), random.Random())
    assert GAME.heuristic(take, 0) > GAME.heuristic(state, 0)


def test_greedy_heuristic_bids_a_good_hand_low_and_passes_a_poor_one() -> None:
    strong = (
        "P1: KX QX SX LX 7X CH CW CV KH KW\nP2: 2H 3H 4H 5H 6H 7H 2W 3W 4W 5W\n"
        "P3: 6X 5X 4X 3X QH SH LH QW SW LW\nP4: 2X QV SV LV 7V 6V 5V 4V 3V 2V\n"
    )
    state = GAME.parse_state(f"phase: bidding\ndealer: P4\n{strong}")
    rng = random.Random(0)
    low = GAME.heuristic(GAME.apply(state, Bid(1), rng), 0)
    higher = GAME.heuristic(GAME.apply(state, Bid(20), rng), 0)
    passing = GAME.heuristic(GAME.apply(state, PASS, rng), 0)
    assert low > higher > passing
    raised = GAME.parse_state(f"phase: bidding\ndealer: P4\nbid: P4 70\n{strong}")
    assert GAME.heuristic(GAME.apply(raised, Bid(71), rng), 0) < GAME.heuristic(
        GAME.apply(raised, PASS, rng), 0
    )


def test_a_greedy_game_reaches_the_target() -> None:
    from printkit.simulator.agents import GreedyAgent
    from printkit.simulator.simulate import game_generators, play_game

    chance, rng = game_generators(7, 0)
    record = play_game(GAME, GreedyAgent(), chance, rng)
    end = record.states[-1]
    assert not record.capped and GAME.is_terminal(end)
    assert max(end.totals) >= 200 and end.deal < 30
