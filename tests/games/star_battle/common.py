"""Positions and helpers shared by the Star Battle tests."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path
from typing import Any

from printkit.booklet.build import load_booklet
from printkit.games.star_battle.rules import StarBattle
from printkit.games.star_battle.state import Card, StarBattleParams, StarBattleState, parse_cell
from printkit.kit.games import resolve
from printkit.rules.base import make_params
from tests.games import helpers

EXAMPLES = Path(__file__).parents[2] / "data" / "examples" / "star-battle.yaml"

# A 4x4 galaxy in mid-game: A holds W1 (home), the Core and E1; B holds E2, E2S1 and E2S2.
MIDGAME = """
phase: action
player: A
galaxy:
  JD          9H         4S          QC
  6S[A:1D1S]  KC*[A:1S]  8D[A:1D1S]  3H[B:1D1S]
  AD          7H         10S         5C[B:1S]
  2C          QD         9S          KH[B:1D2S]
homes: A=W1 B=E2S2
hand A: 2H 5S 9C JS AH
hand B: 2S 4C 6D 7D 8C 10C
stock: 7C 4D ...
"""


def game_with(**options: Any) -> StarBattle:
    return StarBattle(make_params(StarBattleParams, options))


GAME = StarBattle()
MIDGAME_STATE = GAME.parse_state(MIDGAME)


def position(text: str, game: StarBattle = GAME) -> StarBattleState:
    return game.parse_state(text)


def play(state: StarBattleState, *moves: str, game: StarBattle = GAME,
         seed: int = 0) -> StarBattleState:
    return helpers.play(game, state, *moves, seed=seed)


def legal_texts(state: StarBattleState, game: StarBattle = GAME) -> set[str]:
    return set(helpers.move_texts(game, state))


def system(state: StarBattleState, name: str) -> tuple[str, int, int, int]:
    """(card, owner, dreadnoughts, scouts) of the system at the cell called ``name``."""
    cell = parse_cell(name)
    assert cell is not None
    s = state.index[cell]
    return (str(s.card), s.owner, s.dreadnoughts, s.scouts)


def full_deck(decks: int) -> Counter[Card]:
    return Counter({Card(r, s): decks for s in "CDHS" for r in range(1, 14)})


def all_cards(state: StarBattleState) -> Counter[Card]:
    found: Counter[Card] = Counter(s.card for s in state.galaxy)
    for hand in state.hands:
        found.update(hand)
    found.update(state.stock)
    found.update(state.discards)
    return found


def _strings(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _strings(getattr(value, field.name), out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _strings(item, out)


def booklet_text(variant: str | None, *, cover: bool = False) -> str:
    """Every text of the variant's booklet (its cover too with ``cover``), in one line: the
    spans of a paragraph are joined by spaces, taken out again before punctuation."""
    game = resolve("star-battle", variant=variant)
    booklet = load_booklet(game.definition, game.engine)
    assert booklet is not None
    found: list[str] = []
    if cover:
        _strings(booklet.cover, found)
    _strings(booklet.blocks, found)
    return re.sub(r" ([,.:;])", r"\1", " ".join(" ".join(found).split()))
