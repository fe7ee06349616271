"""The Star Battle booklet says what its own variant does (issue 22): the sample game is
played with the variant's rules, a variant with another table says which numbers differ,
every position drawn apart from the sample game holds the hands its ships call for, and
the template passes the numeral and fact-word lints; a long hand wraps in a diagram; and
the engine plays the rulings the booklet states where the spec is silent (a player without
cards still takes the Core bonus, passes and draws; drawing stops when no card is left)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.environment import make_environment, render_template
from printkit.booklet.lint import template_problems
from printkit.games.star_battle.diagrams import LEGEND_FONT, hand_lines
from printkit.games.star_battle.rules import StarBattle
from printkit.kit.games import resolve
from printkit.render.diagram import text_width
from tests.games.star_battle.common import booklet_text

TEMPLATE = Path(__file__).resolve().parents[3] / "templates" / "star-battle.md.j2"
_EXAMPLE = re.compile(r"^```example\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _text(variant: str | None) -> str:
    return booklet_text(variant)


def _examples(variant: str | None) -> list[dict[str, object]]:
    """The example blocks the template writes for the variant, as data."""
    game = resolve("star-battle", variant=variant)
    env = make_environment([TEMPLATE.parent], filters=FILTERS)
    rendered = render_template(env, TEMPLATE.name, template_context(game.definition,
                                                                    game.engine))
    return [yaml.safe_load(block) for block in _EXAMPLE.findall(rendered.text)]


def test_the_template_has_no_typed_numeral_and_no_unchecked_fact() -> None:
    source = TEMPLATE.read_text(encoding="utf-8")
    assert template_problems(source, str(TEMPLATE)) == []


def test_a_larger_table_says_which_numbers_differ_from_the_sample_game() -> None:
    three = _text("three-player")
    assert "work just the same" not in three
    assert ("here the galaxy has twenty-four systems and domination needs nineteen of them, "
            "not thirteen") in three
    assert "a fleet destroyed does not end the game" in three
    base = _text(None)
    assert "domination needs" not in base and "a fleet destroyed" not in base


def test_the_sample_game_follows_the_revision1_build_table() -> None:
    assert "With 8H, B could build on W2 too, but only a Scout" in _text(None)
    assert "With 8H, B could build a Dreadnought on W2 too" in _text("revision1")


@pytest.mark.parametrize("variant, sentence", [
    (None, "B's only possible action is to discard 2D and lay it in place of 2C on W1S1"),
    ("no-self-elimination", "B's only possible move is to pass: B discards nothing"),
])
def test_a_lone_ship_with_no_other_action(variant: str | None, sentence: str) -> None:
    assert sentence in _text(variant)


def test_positions_drawn_apart_hold_a_card_for_each_ship() -> None:
    engine = StarBattle()
    apart = [e for e in _examples(None) if "position" in e and "after" not in e
             and "phase: action" in str(e["position"])]
    assert {str(e["name"]) for e in apart} == {"domination", "shared-draw", "lone-ship",
                                               "cards-run-out"}
    for example in apart:
        state = engine.parse_state(str(example["position"]))
        assert [len(h) for h in state.hands] == list(state.ships_in_play), example["name"]


def test_drawing_stops_short_when_the_deck_and_the_discards_are_empty() -> None:
    engine = StarBattle()
    example = next(e for e in _examples(None) if e["name"] == "cards-run-out")
    state = engine.parse_state(str(example["position"]))
    claims = engine.claims()
    assert claims["cards_held"].compute(state, None) == {"A": 20, "B": 16}
    assert not state.stock and not state.discards
    after = engine.apply(state, engine.parse_move(state, "build 9D W2"), random.Random(1))
    assert claims["hand_size_due"].compute(after, None) == {"A": 21, "B": 16}
    assert claims["cards_held"].compute(after, None) == {"A": 20, "B": 16}
    assert not after.stock and not after.discards and "9D" in map(str, after.hands[0])


def test_a_long_hand_wraps_in_a_diagram_instead_of_shrinking() -> None:
    cards = [f"{rank}{suit}" for suit in "CD" for rank in ("A", "2", "3", "4", "5", "6",
                                                          "7", "8", "9", "10")]
    lines = hand_lines("A", cards, LEGEND_FONT, 80.0)
    assert len(lines) > 1 and lines[0].startswith("A holds AC")
    assert all(text_width(line, LEGEND_FONT) <= 80.0 for line in lines)
    assert " ".join(lines).split()[2:] == cards
    assert hand_lines("B", [], LEGEND_FONT, 80.0) == ["B holds no cards"]
    assert hand_lines("B", ["2H", "3S"], LEGEND_FONT, 80.0) == ["B holds 2H  3S"]


def test_a_player_without_cards_takes_the_core_bonus_passes_and_draws() -> None:
    engine = StarBattle()
    state = engine.parse_state("""phase: bonus
player: A
galaxy:
  JC  10S  QH         4S        8C        .
  3D  6S   KD*[A:1S]  7H[A:1S]  5D[B:1S]  9C
  .   2C   8S         JH        AS        QD
homes: A=E1 B=E2
hand A: -
hand B: 2H
""")
    rng = random.Random(3)
    assert "scout core" in {engine.format_move(state, m) for m in engine.legal_moves(state)}
    state = engine.apply(state, engine.parse_move(state, "scout core"), rng)
    assert [engine.format_move(state, m) for m in engine.legal_moves(state)] == ["pass"]
    state = engine.apply(state, engine.parse_move(state, "pass"), rng)
    assert state.ships_in_play == (3, 1) and [len(h) for h in state.hands] == [3, 1]
    assert not state.discards  # the pass discarded nothing
