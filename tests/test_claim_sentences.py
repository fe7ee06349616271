"""A claim may carry the players' sentence for it (``says``): the booklet prints it instead
of the phrasebook's, and ``check`` reports it, at the sentence, when it disagrees with the
engine's answer (issue 22, item 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.booklet.build import load_booklet
from printkit.booklet.document import Figure
from printkit.errors import DefinitionError, ExampleError, PrintkitError
from printkit.examples import check_document
from printkit.examples.sentences import disagreement, negative
from printkit.kit.games import ResolvedGame, resolve
from printkit.yamlsource import parse
from tests.conftest import Run

TOY = Path(__file__).parent / "plugin_game" / "printkit_toy_nim" / "toy-nim.yaml"

HEAD = """\
# Play

```example
name: The last pebbles
position: |
  piles: 2 3 0
  scores: 3 4
  to move: P1
moves: [take 2 from 1]
claims:
  terminal: false
  pile(2): 3
  total: 3
  legal(take 1 from 1): false
says:
"""
"""A toy-nim example block left open at its ``says`` (line 16 is the first sentence)."""


@pytest.fixture(scope="module")
def toy() -> ResolvedGame:
    return resolve("toy-nim")


def _booklet(tmp_path: Path, toy: ResolvedGame, says: str) -> list[Figure]:
    template = tmp_path / "t.md.j2"
    template.write_text(HEAD + says + "```\n", encoding="utf-8")
    booklet = load_booklet(toy.definition, toy.engine, template=template)
    assert booklet is not None
    return [b for b in booklet.blocks if isinstance(b, Figure)]


def _problems(tmp_path: Path, toy: ResolvedGame, says: str,
              error: type[PrintkitError] = ExampleError) -> list[tuple[int, int, str]]:
    with pytest.raises(error) as raised:
        _booklet(tmp_path, toy, says)
    out = []
    for problem in raised.value.problems:
        assert problem.location is not None
        assert problem.location.file.endswith("t.md.j2")
        out.append((problem.location.line, problem.location.column, problem.message))
    return out


def test_the_sentence_is_printed_in_place_of_the_phrasebooks(tmp_path: Path,
                                                             toy: ResolvedGame) -> None:
    plain = _booklet(tmp_path, toy, "")[0].sentences
    texts = ["".join(s.text for s in line) for line in plain]
    assert texts[0] == "The game goes on."  # the phrasebook's, where no sentence is given
    (figure,) = _booklet(tmp_path, toy, "  terminal: The game is not over yet.\n"
                                        "  pile(2): Pile `2` still holds three pebbles.\n")
    texts = ["".join(s.text for s in line) for line in figure.sentences]
    assert texts[0] == "The game is not over yet."
    assert texts[1] == "Pile 2 still holds three pebbles."
    assert texts[2:] == ["".join(s.text for s in line) for line in plain[2:]]
    assert any(span.code and span.text == "2" for span in figure.sentences[1])


def test_agreeing_sentences_pass(tmp_path: Path, toy: ResolvedGame) -> None:
    (figure,) = _booklet(tmp_path, toy, (
        "  terminal: Nobody has emptied the last pile, so the game is not over.\n"
        "  total: Three pebbles are left on the table.\n"
        "  legal(take 1 from 1): \"`take 1 from 1` is refused: pile `1` is empty.\"\n"))
    assert len(figure.sentences) == 4


def test_a_false_claim_with_a_sentence_fails_at_the_claim(tmp_path: Path,
                                                          toy: ResolvedGame) -> None:
    template = tmp_path / "t.md.j2"
    template.write_text(HEAD.replace("  total: 3", "  total: 4")
                        + "  total: Four pebbles are left.\n```\n", encoding="utf-8")
    with pytest.raises(ExampleError) as raised:
        load_booklet(toy.definition, toy.engine, template=template)
    (problem,) = raised.value.problems
    assert problem.location is not None
    assert (problem.location.line, problem.location.column) == (13, 3)
    assert "claim 'total' is false: the engine says 3" in problem.message


def test_a_negative_sentence_for_a_true_answer_is_located_at_the_sentence(
        tmp_path: Path, toy: ResolvedGame) -> None:
    ((line, column, message),) = _problems(tmp_path, toy, "  terminal: The game is over.\n")
    assert (line, column) == (16, 13)
    assert "the sentence for 'terminal' disagrees" in message
    assert "no negating word" in message
    ((line, column, message),) = _problems(
        tmp_path, toy, "  legal(take 1 from 1): P2 may take a pebble from pile `1`.\n")
    assert (line, column) == (16, 25)
    assert "the answer is false" in message


def test_a_number_or_notation_the_answer_does_not_hold_is_reported(
        tmp_path: Path, toy: ResolvedGame) -> None:
    found = _problems(tmp_path, toy, "  total: 4 pebbles are left.\n"
                                     "  pile(2): Pile `9` holds three.\n")
    assert [(line, column) for line, column, _ in found] == [(16, 10), (17, 12)]
    assert "'4' is not a number of the answers or of the claim's argument" in found[0][2]
    assert ("`9` is not in the answer, the claim's argument, the example's moves or its "
            "position") in found[1][2]


def test_a_sentence_for_no_claim_is_located_at_its_key(tmp_path: Path,
                                                       toy: ResolvedGame) -> None:
    ((line, column, message),) = _problems(
        tmp_path, toy, "  total: Three pebbles are left.\n  pile(1): Pile 1 is empty.\n",
        DefinitionError)
    assert (line, column) == (17, 3)
    assert "'says' names 'pile(1)', which is not a claim of this example" in message


def test_check_reports_the_disagreement_with_status_4(tmp_path: Path, run_cli: Run) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    shutil.copy(TOY, folder / "toy-nim.yaml")
    (folder / "toy-nim.md.j2").write_text(HEAD + "  total: Four pebbles are left.\n```\n",
                                         encoding="utf-8")
    result = run_cli("check", str(folder / "toy-nim.yaml"))
    assert result.status == 4
    assert "toy-nim.md.j2:16:10: error: the sentence for 'total' disagrees" in result.err


def test_example_files_take_sentences_too() -> None:
    doc = parse("game: toy-nim\nexamples:\n  - name: a\n    position: |\n      piles: 0 0 1\n"
                "      scores: 0 0\n      to move: P1\n    claims: {terminal: false}\n"
                "    says: {terminal: The game is over.}\n", "ex.yaml")
    report = check_document(doc)
    (problem,) = report.example_problems
    assert problem.location is not None and problem.location.line == 9
    assert "disagrees with the engine's answer false" in problem.message


def test_the_agreement_rules() -> None:
    refusal = "cannot go on `N1`: no card is beside it"
    assert disagreement(f"`QH` {refusal}.", "illegal_reason", "place QH N1",
                        "no_neighbour") is None
    assert disagreement("`6S` may go below the Core.", "illegal_reason", "place 6S S1",
                        None) is None
    assert disagreement("`6S` may go on `S1`.", "illegal_reason", "place 6S S1",
                        "no_neighbour") is not None
    assert disagreement("NW has nine followers, NE twelve.", "followers", None,
                        {"NW": 9, "NE": 12}) is None
    assert disagreement("Two cells are empty.", "empty", None, ["0,1", "0,2", "0,3"]) == (
        "'Two' is not a number of the answers or of the claim's argument")
    # other claims of the example count; signs, sums and fractions are read
    assert disagreement("At 205 to 195 nobody has won.", "outcome", None, "none") is not None
    assert disagreement("At 205 to 195 nobody has won.", "outcome", None, "none",
                        others=[{"P1": 205, "P2": 195}]) is None
    assert disagreement("P1 falls by 40: 10 + 30.", "change", None, {"a": -10, "b": -30}) is None
    assert disagreement("A chance of 7/8.", "survival", None, "7/8") is None
    assert disagreement("A chance of 3/4.", "survival", None, "7/8") is not None
    # notation may come from the position the claims are about
    assert disagreement("`KD` is there.", "cell", None, "x", position="core KD") is None
    assert disagreement("Three cells are empty: `0,1`, `0,2` and `0,3`.", "empty", None,
                        ["0,1", "0,2", "0,3"]) is None
    assert negative("It doesn't fit.") and negative("Refused.") and not negative("It fits.")
    assert not negative("`no` is a move")  # notation is not read as words
