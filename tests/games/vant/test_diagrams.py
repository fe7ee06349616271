"""The printing side of "I vant to be alone" piece by piece: the cells a diagram draws and
the edges it closes, cells named as the notation names them, covered cells drawn face down
under a card lying sideways, the phrasebook's words, the refusal claim and the mat's
measures."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from printkit.definition.model import Definition
from printkit.examples.model import ClaimResult
from printkit.games.vant.board import board_picture, point_table
from printkit.games.vant.claims import REFUSALS
from printkit.games.vant.diagrams import POSITIONS, Faces, region
from printkit.games.vant.phrases import VantPhrases
from printkit.games.vant.rules import Vant
from printkit.games.vant.state import VantParams
from printkit.kit.games import resolve
from printkit.render.scene import CardShape, PictureShape, RectShape, Scene, TextShape
from printkit.units import MM
from tests.games.helpers import play
from tests.games.vant.common import GAME, SQUARE, card

ROW = "dealer: P2\nlayout:\n  8C  JH  QD  7S\nP1: KS 9C\nP2: AH 10S\n"
CORNER = "dealer: P2\nlayout:\n  8C  JH  QD\nP1: KS 9C\nP2: 7S AH 10S\n"
COVERED = """\
dealer: P2
leader: P1
scores: P1 31, P2 151
layout:
  7S  9D   KS  8C
  8H  9C   QD  10H
  AD  QC   JH  AH
  JS  10C  7D  10D/10S
P2: KD ? ? ? ? ? ? ?
"""


@pytest.fixture(scope="module")
def definition() -> Definition:
    return resolve("i-vant-to-be-alone").definition


def scene(definition: Definition, text: str, highlights: tuple[tuple[int, int], ...] = (),
          moves: tuple[str, ...] = ()) -> Scene:
    state = GAME.parse_state(text)
    played = []
    for move in moves:
        parsed = GAME.parse_move(state, move)
        played.append(parsed)
        state = play(GAME, state, move)
    view = POSITIONS.view(definition, GAME, state, highlights, played)
    assert isinstance(view, Scene)
    return view


def test_a_diagram_shows_where_the_square_may_still_grow() -> None:
    one = region(GAME.parse_state("dealer: P2\nlayout:\n  JH\nP2: ? ? ? ?\n"))
    assert (one.top, one.bottom, one.left, one.right, one.edges) == (-1, 1, -1, 1, frozenset())
    row = region(GAME.parse_state(ROW))
    assert (row.rows, row.columns) == (3, 4) and row.edges == {"left", "right"}
    full = region(GAME.parse_state(SQUARE))
    assert (full.rows, full.columns) == (4, 4) and len(full.edges) == 4


def test_cells_are_named_as_the_notation_names_them() -> None:
    assert POSITIONS.square(GAME, "a1") == (0, 0)
    assert POSITIONS.square(GAME, "d2") == (1, 3)
    for bad in ("e1", "a5", "b", "2,3"):
        with pytest.raises(ValueError, match="columns a-d, rows 1-4"):
            POSITIONS.square(GAME, bad)


def test_a_covered_cell_shows_the_back_under_the_card_lying_across_it(
        definition: Definition) -> None:
    drawn = scene(definition, COVERED)
    upright = [s for s in drawn.shapes if isinstance(s, CardShape)]
    turned = [s for s in drawn.shapes if isinstance(s, PictureShape)
              and s.key == "sideways-10D"]
    backs = [s for s in drawn.shapes if isinstance(s, PictureShape) and s.key == "back"]
    assert len(upright) == 15 and len(turned) == 1 and len(backs) == 1
    [back], [top] = backs, turned
    ratio = definition.card_height / definition.card_width
    assert top.width == pytest.approx(back.width * ratio)  # the same card, turned
    assert top.x < back.x and top.x + top.width > back.x + back.width
    labels = [s.text for s in drawn.shapes if isinstance(s, TextShape)]
    assert "10D on 10S" in labels and "card turned face down under the card on top" in labels


def test_the_turned_face_is_the_face_rotated_a_quarter(definition: Definition) -> None:
    svg = ET.fromstring(Faces(definition).turned(card("KD")))
    width, height = (float(v) for v in svg.get("viewBox", "").split()[2:])
    assert width / height == pytest.approx(88.9 / 63.5)
    assert "rotate(90)" in ET.tostring(svg, encoding="unicode")


def test_named_cells_and_cards_just_played_are_marked(definition: Definition) -> None:
    drawn = scene(definition, CORNER, highlights=((1, 3),), moves=("7S right of QD",))
    cells = [s for s in drawn.shapes if isinstance(s, RectShape) and s.w > 10]  # no legend
    washed = [s for s in cells if s.fill == "#f7dc6f"]
    ringed = [s for s in cells if s.stroke == "#d55e00"]
    assert len(washed) == 1 and len(ringed) == 1
    assert {"just played", "named in the text", "edge of the 4 \u00d7 4 square"} <= {
        s.text for s in drawn.shapes if isinstance(s, TextShape)}


# --------------------------------------------------------------------------- words


def test_refusals_are_worded_in_the_booklets_words() -> None:
    book = VantPhrases()
    state = GAME.parse_state(CORNER)
    results = GAME.claims()["refusal"]
    assert results.compute(state, "7S at d2") == "not_next_to_a_card"
    assert book.reason("not_next_to_a_card").startswith("that cell is not next to any card")
    assert all(book.reason(code) != code for code in REFUSALS)
    row = GAME.parse_state(ROW)
    assert results.compute(row, "KS left of 8C") == "outside_square"
    assert results.compute(row, "KS on JH") == "taken"
    assert results.compute(row, "AH below JH") == "not_in_hand"
    assert results.compute(row, "KS below JH") is None
    assert results.compute(GAME.parse_state(COVERED), "KD on 10D") == "covered"


def test_a_move_is_told_with_the_card_it_lies_next_to() -> None:
    book = VantPhrases()
    start = GAME.parse_state("dealer: P2\nP1: JH 8C KS 9C\nP2: QD 7S AH 10S\n")
    assert book.move(GAME, start, "JH") == "P1 starts with `JH`."
    corner = GAME.parse_state(CORNER)
    assert book.move(GAME, corner, "7S right of QD") == "P2 plays `7S` right of `QD`."
    covered = GAME.parse_state(COVERED)
    assert book.move(GAME, covered, "KD on 7D") == "P2 plays `KD` on `7D`."


def test_matches_are_sorted_into_suits_ranks_and_the_covered_card() -> None:
    book = VantPhrases()
    covered = GAME.parse_state(COVERED)
    value = GAME.claims()["matches"].compute(covered, "KD on 7D")
    said = book.claim(GAME, covered, ClaimResult("matches(KD on 7D)", "matches", "KD on 7D",
                                                 value, value, True))
    assert said == ("It would match `10D` (a diamond touching it), `KS` (a King in line "
                    "with it) and `7D` (the card it would cover).")


# --------------------------------------------------------------------------- the mat


def test_the_mat_follows_the_card_size_and_the_table(definition: Definition) -> None:
    picture = board_picture(GAME, definition)
    assert picture.size == 4
    play = definition.board["play"]
    assert isinstance(play, float) and picture.square == pytest.approx(88.9 + play / MM)
    sizes = {(o.width, o.height) for o in picture.outlines}
    assert sizes == {(63.5, 88.9), (88.9, 63.5)}
    other = Vant(VantParams(suit_values=(5, 6, 7, 8)))
    assert "spades 5 \u00b7 hearts 6 \u00b7 clubs 7 \u00b7 diamonds 8" in point_table(other)
    assert any(point_table(other) == line.text for line in board_picture(other, definition).key)
