"""The White Star booklet tells one game: its examples replay from one full deal, the hand
they play out accounts for every point of the deck, and its card names cannot be misread."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import yaml

from printkit.games.white_star.facts import FACTS
from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_MASKS,
    WhiteStarState,
    is_perfect_star,
    points,
)
from printkit.games.white_star.tricks import whole_deal

ROOT = Path(__file__).resolve().parents[3]
TEMPLATE = ROOT / "templates" / "white-star.md.j2"
DEFINITION = ROOT / "decks" / "white-star.yaml"
GAME = WhiteStar()
SEPARATE = ("separate illustration", "not part of the sample game")
"""What the intro of a figure that stands apart from the sample game says."""

_BLOCK = re.compile(r"^```example\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks() -> dict[str, dict[str, str]]:
    """Each example block of the template by name: its ``after`` and ``intro`` as written."""
    found: dict[str, dict[str, str]] = {}
    for body in _BLOCK.findall(TEMPLATE.read_text(encoding="utf-8")):
        name = re.search(r"^name: (\S+)", body, re.MULTILINE)
        after = re.search(r"^after: (\S+)", body, re.MULTILINE)
        intro = re.search(r"^intro: >-\n((?:  .*\n)+)", body, re.MULTILINE)
        assert name is not None, body
        found[name.group(1)] = {"after": after.group(1) if after else "",
                                "intro": " ".join(intro.group(1).split()) if intro else ""}
    return found


def test_every_example_replays_from_the_one_deal_or_says_it_stands_apart() -> None:
    blocks = _blocks()
    assert blocks and next(iter(blocks)) == "deal"
    apart = {name for name, block in blocks.items()
             if not block["after"] and any(words in block["intro"] for words in SEPARATE)}
    assert {"worked-hand", "game-over", "variant-star"} <= apart
    for name in blocks:
        seen = {name}
        while blocks[name]["after"]:
            name = blocks[name]["after"]
            assert name not in seen
            seen.add(name)
        assert name == "deal" or name in apart, seen


def _replay(name: str) -> WhiteStarState:
    """The position example ``name`` reaches: its chain's deal, then every move on the way."""
    bodies = {re.search(r"^name: (\S+)", b, re.MULTILINE).group(1): b  # type: ignore[union-attr]
              for b in _BLOCK.findall(TEMPLATE.read_text(encoding="utf-8"))}
    chain = [name]
    while _blocks()[chain[-1]]["after"]:
        chain.append(_blocks()[chain[-1]]["after"])
    start = re.search(r"^position: \|\n((?:  .*\n)+)", bodies[chain[-1]], re.MULTILINE)
    assert start is not None
    state = GAME.parse_state(textwrap.dedent(start.group(1)))
    for link in reversed(chain):
        moves = re.search(r"^moves: \[(.*)\]", bodies[link], re.MULTILINE)
        for text in (moves.group(1).split(", ") if moves else []):
            state = GAME.apply(state, GAME.parse_move(state, text), random.Random(0))
    return state


def test_the_deal_holds_every_card_and_the_hand_every_point() -> None:
    deal = _replay("deal")
    assert whole_deal(deal) and deal.phase == "bidding" and not any(deal.totals)
    end = _replay("hand-end")
    assert end.phase == "dealing" and whole_deal(end)
    # the points taken (buried cards included) and the cards of the Star piles, each counted
    # once, are the whole deck's
    raw_stars = sum(points(trick) for pile in end.stars for trick in pile)
    assert sum(GAME.hand_points(end)) + raw_stars == FACTS.hand_points
    assert any(is_perfect_star(trick) for pile in end.stars for trick in pile)
    holder, bid = end.contract or (0, 0)
    assert GAME.contract_made(end)
    assert end.totals == tuple(score + (bid if seat == holder else 0)
                               for seat, score in enumerate(GAME.hand_scores(end)))


def test_no_letter_names_both_a_rank_and_a_suit_and_corners_print_the_rank_letter() -> None:
    assert not set(RANK_LETTERS) & set(SUIT_LETTERS)
    raw = yaml.safe_load(DEFINITION.read_text(encoding="utf-8"))
    options = raw["faces"][0]["options"]
    assert [r["letter"] for r in options["ranks"]] == list(RANK_LETTERS)
    assert all(r["index"] == r["letter"] for r in options["ranks"])
    assert [s["letter"] for s in options["suits"]] == list(SUIT_LETTERS)
    printed = {r["index"] for r in options["ranks"]}
    assert not printed & set(SUIT_LETTERS)


def test_the_facts_are_the_decks() -> None:
    assert FACTS.deck == sum(mask.bit_count() for mask in SUIT_MASKS)
    assert FACTS.hand_points == FACTS.suits * FACTS.suit_points
    assert FACTS.deal[1] == FACTS.widow
    assert FACTS.players * FACTS.hand_size + FACTS.widow == FACTS.deck
