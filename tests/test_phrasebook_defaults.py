"""The generic phrasebook words a game that has none of its own readably: no YAML ``null``
or ``true`` in a sentence, and no verb said twice when a move's notation starts with one."""

from __future__ import annotations

import re

from printkit_toy_nim.rules import ToyNim, ToyState

from printkit import plugins
from printkit.booklet.examples import BookletExample
from printkit.booklet.figures import face_library, make_figure
from printkit.booklet.phrases import Phrasebook
from printkit.booklet.phrases.base import value_words
from printkit.errors import Location
from printkit.examples import verify_example
from printkit.examples.model import ClaimResult
from printkit.kit.games import resolve
from printkit.yamlsource import parse

BOOK = Phrasebook()
GAME = ToyNim()
STATE = ToyState((2, 0, 3), (1, 4), 0)
OVER = ToyState((0, 0, 0), (5, 4), 1)
DOUBLED = re.compile(r"\b(\w+)s? \W*\1\b", re.IGNORECASE)


def said(name: str, argument: str | None, actual: object, state: ToyState = STATE) -> str:
    return BOOK.claim(GAME, state, ClaimResult(name, name, argument, actual, actual, True))


def test_a_claim_without_a_phrase_says_none_rather_than_null() -> None:
    sentence = said("pile", "G", None)
    assert sentence == "Pebbles in pile N, for `G`: none."
    assert "null" not in sentence


def test_a_claim_without_a_phrase_words_lists_mappings_and_truth() -> None:
    assert said("moves_from", "1", ["take 1 from 1", "roll 1"]) == (
        "Legal moves at pile N, for `1`: `take 1 from 1` and `roll 1`.")
    assert said("pebbles", None, {"P1": 1, "P2": 4}) == (
        "Each player's points by name: P1 `1` and P2 `4`.")
    assert said("leader", None, []) == "The players with the top score: none."
    assert said("unknown_claim", None, True) == "Unknown claim: yes."


def test_value_words_keeps_nested_values_as_notation() -> None:
    assert value_words([[1, 2], 3]) == "`[1, 2]` and `3`"
    assert value_words(False) == "no"
    assert value_words({}) == "none"


def test_a_move_starting_with_a_verb_is_not_doubled() -> None:
    for text in ("play R4", "take 2 from 1"):
        sentence = BOOK.move(GAME, STATE, text)
        assert sentence == f"P1's move: `{text}`."
        assert not DOUBLED.search(sentence.replace("`", "")), sentence
    refused = said("legal", "play R4", False)
    assert refused == "`play R4` is not a legal move for P1."
    assert not DOUBLED.search(refused.replace("`", ""))
    assert said("legal", "take 1 from 1", True) == "`take 1 from 1` is a legal move for P1."
    assert said("legal", "roll 1", False, OVER) == "`roll 1` is not a legal move: the game is over."


PLAIN_BLOCK = """\
name: a game without a phrasebook
position: |
  piles: 2 0 1
  scores: 3 4
  to move: P1
moves: [take 2 from 1]
claims:
  moves_from(2): []
  pile(3): 1
  leader: [P1]
  pebbles: {P1: 5, P2: 4}
  legal(take 9 from 3): false
  legal(take 1 from 3): true
"""


def test_a_booklet_figure_of_a_game_without_a_phrasebook_reads_plainly() -> None:
    """Toy Nim has no phrasebook: its figure's sentences come from the defaults."""
    assert plugins.find("toy-nim").phrasebook() is None
    game = resolve("toy-nim")
    verified = verify_example(parse(PLAIN_BLOCK, "plain.md"), game=ToyNim)
    example = BookletExample(verified, (), (), "final", Location("plain.md", 1, 1))
    figure = make_figure(1, example, game.definition, ("#000000",),
                         face_library(game.definition))
    said = ["".join(span.text for span in figure.moves)]
    said += ["".join(span.text for span in sentence) for sentence in figure.sentences]
    assert said == [
        "P1's move: take 2 from 1.",
        "Legal moves at pile N, for 2: none.",
        "Pebbles in pile N, for 3: 1.",
        "The players with the top score: P1.",
        "Each player's points by name: P1 5 and P2 4.",
        "take 9 from 3 is not a legal move for P2.",
        "take 1 from 3 is a legal move for P2.",
    ]
    for sentence in said:
        assert "null" not in sentence and not DOUBLED.search(sentence), sentence
