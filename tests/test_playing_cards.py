"""The generic playing-card face kind: layouts that fit any card size, pips, indices,
courts, jokers, colours, and the located errors of a bad card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from printkit.definition.model import CardFace
from printkit.errors import DefinitionError
from printkit.kit.games import load
from printkit.render.faces.courts import CourtColours, court, fit
from printkit.render.faces.playing_cards import (
    PIP_PATTERNS,
    RANKS,
    Card,
    PlayingCardOptions,
    check_card,
    plan,
    read_card,
    render_playing_card,
)
from printkit.render.faces.suits import Suit, read_suit
from printkit.render.kinds import face_kinds
from printkit.render.svg import Box, Frame, num

SVG = "{http://www.w3.org/2000/svg}"
POKER = Frame(63.5, 88.9, 3.0, 3.0)
FRAMES = {
    "poker": POKER,
    "bridge": Frame(57.15, 88.9, 3.175, 3.175),
    "mini": Frame(44.5, 63.5, 2.0, 2.5),
    "tarot": Frame(70.0, 120.0, 3.0, 4.0),
    "square": Frame(63.5, 63.5, 3.0, 3.0),
    "landscape": Frame(88.9, 63.5, 3.0, 3.0),
}
CARDS = [Card(rank, suit) for suit in Suit for rank in RANKS] + [
    Card("joker", None, red=True), Card("joker", None)]


def safe_box(frame: Frame) -> Box:
    return Box(frame.safe, frame.safe, frame.width - 2 * frame.safe,
               frame.height - 2 * frame.safe)


def face(rank: object, suit: object = None, *, key: str = "card", mark: str = "",
         points: int | None = None, options: object = None) -> CardFace:
    attributes: list[tuple[str, int | str]] = [("rank", rank)]  # type: ignore[list-item]
    if suit is not None:
        attributes.append(("suit", suit))  # type: ignore[arg-type]
    if points is not None:
        attributes.append(("points", points))
    return CardFace(key, "card", "playing-card", tuple(attributes), 1, 0, mark,
                    options if options is not None else PlayingCardOptions())


def render(f: CardFace, frame: Frame = POKER) -> str:
    return render_playing_card(f, frame, f.options)  # type: ignore[arg-type]


def path_points(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


# --------------------------------------------------------------------------- layout


@pytest.mark.parametrize("size", sorted(FRAMES))
@pytest.mark.parametrize("notes", [("", ""), ("14", "4"), ("123", "999")])
@pytest.mark.parametrize("marked", [False, True])
def test_every_card_keeps_inside_the_safe_area_and_nothing_overlaps(
        size: str, notes: tuple[str, str], marked: bool) -> None:
    frame = FRAMES[size]
    safe = safe_box(frame)
    for card in CARDS:
        layout = plan(card, frame, notes=notes, marked=marked)
        boxes = layout.content_boxes()
        for box in boxes:
            assert box.inside(safe), (size, card, box)
        for a, b in combinations(boxes, 2):
            assert not a.overlaps(b), (size, card, a, b)
        for pip in layout.pips:
            assert pip.box.inside(layout.field), (size, card, pip)


@pytest.mark.parametrize("rank", list(PIP_PATTERNS))
def test_pip_counts_follow_the_rank_and_the_lower_pips_are_turned(rank: str) -> None:
    layout = plan(Card(rank, Suit.HEARTS), POKER)
    assert len(layout.pips) == int(rank)
    middle = POKER.height / 2
    for pip in layout.pips:
        assert pip.turned == (pip.y > middle + 1e-6), pip
    sizes = {round(p.size, 6) for p in layout.pips}
    assert len(sizes) == 1
    # drawn as paths: the pips plus the small suit of each corner index
    assert render(face(rank, "H")).count("<path") == int(rank) + 2


def test_pip_patterns_are_the_classic_ones() -> None:
    # every pattern but the Seven's reads the same upside down
    for rank, pattern in PIP_PATTERNS.items():
        turned = {(round(1 - c, 6), round(1 - r, 6)) for c, r in pattern}
        same = {(round(c, 6), round(r, 6)) for c, r in pattern}
        if rank == "7":
            assert len(same - turned) == 1
        else:
            assert same == turned, rank
    assert all(col in (0, 0.5, 1) for pattern in PIP_PATTERNS.values() for col, _ in pattern)


def test_the_ace_has_one_large_pip_inside_its_ring() -> None:
    ace = plan(Card("A", Suit.SPADES), POKER)
    two = plan(Card("2", Suit.SPADES), POKER)
    assert len(ace.pips) == 1 and ace.emblem is not None
    assert ace.pips[0].size > 1.4 * two.pips[0].size
    assert ace.pips[0].box.inside(ace.emblem)
    svg = render(face("A", "S"))
    radii = [float(r) for r in re.findall(r'<circle [^>]*r="([\d.]+)"', svg)]
    assert len(radii) == 2 and max(radii) <= ace.emblem.w / 2


def test_corner_indices_sit_in_opposite_corners_and_the_second_is_turned_round() -> None:
    frame = POKER
    layout = plan(Card("10", Suit.CLUBS), frame)
    for box in layout.index_boxes():
        assert box.x + box.w < frame.width / 3 and box.y + box.h < frame.height / 4
        turned = layout.turned(box)
        assert turned.x > frame.width * 2 / 3 and turned.y > frame.height * 3 / 4
    root = ET.fromstring(render(face(10, "C")))
    ranks = [t for t in root.iter(f"{SVG}text") if t.text == "10"]
    assert len(ranks) == 2
    groups = [g for g in root.iter(f"{SVG}g") if "rotate(180 31.75 44.45)" in
              g.get("transform", "")]
    assert len(groups) == 1
    assert any(t.text == "10" for t in groups[0].iter(f"{SVG}text"))
    assert len(list(groups[0].iter(f"{SVG}path"))) == 1  # the small suit, turned with it


def test_indices_are_readable_in_a_fan() -> None:
    # rank capitals at least 5 mm tall at poker size, the corner suit at least 4 mm
    layout = plan(Card("Q", Suit.HEARTS), POKER)
    rank, suit = layout.labels[0].box, layout.index_suit
    assert rank.h >= 5.0 and suit is not None and suit.size >= 4.0
    # the ten is narrowed into the same column as the other ranks, never shrunk in height
    ten = plan(Card("10", Suit.HEARTS), POKER).labels[0]
    assert ten.squeeze < 1 and ten.box.h == pytest.approx(rank.h)
    assert ten.box.w <= 1.08 * 0.85 * ten.size + 1e-9


def test_suits_are_vector_paths_never_font_glyphs() -> None:
    for card in CARDS:
        rank = card.rank
        suit = card.suit.letter if card.suit else ("red" if card.red else "black")
        svg = render(face(rank, suit))
        assert not set("\u2660\u2661\u2662\u2663\u2664\u2665\u2666\u2667") & set(svg)
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        assert all(t in RANKS or t in "JOKER" for t in texts), (card, texts)


def test_each_suit_shape_is_its_own() -> None:
    paths = {s: s.shape.path(0, 0, 10) for s in Suit}
    assert len(set(paths.values())) == 4
    for suit in Suit:
        box = suit.shape.box(0, 0, 10)
        assert box.h == pytest.approx(10) and 7 <= box.w <= 10.5


def test_courts_are_distinct_framed_and_double_ended() -> None:
    svgs = {rank: render(face(rank, "D")) for rank in ("J", "Q", "K")}
    assert len(set(svgs.values())) == 3
    for rank, svg in svgs.items():
        root = ET.fromstring(svg)
        panels = [r for r in root.iter(f"{SVG}rect") if r.get("stroke")]
        assert len(panels) == 1, rank
        turned = [g for g in root.iter(f"{SVG}g") if g.get("transform", "").startswith(
            "rotate(180") and "44.45" in g.get("transform", "")]
        # the corner index and the lower half of the figure are both turned round
        assert len(turned) == 2
        figure_paths = [len(list(g.iter(f"{SVG}path"))) for g in turned]
        assert max(figure_paths) >= 8
    # the three figures differ in their headgear, not only in the letter
    colours = CourtColours("#c8102e", "#d4a11e")
    half = Box(0, 0, 40, 40)
    drawn = {rank: [ink.d for ink in court(rank, colours, fit(half))] for rank in "JQK"}
    assert len({tuple(d) for d in drawn.values()}) == 3
    for inks in drawn.values():
        for d in inks:
            assert all(-1e-6 <= x <= 40 + 1e-6 and -1e-6 <= y <= 40 + 1e-6
                       for x, y in path_points(d))


def test_court_figures_stay_inside_their_panel() -> None:
    for size, frame in FRAMES.items():
        for notes in (("", ""), ("13", "1")):
            layout = plan(Card("K", Suit.SPADES), frame, notes=notes)
            panel = layout.panel
            assert panel is not None

            def inside(d: str, box: Box = panel) -> bool:
                return all(box.x - 1e-3 <= x <= box.x + box.w + 1e-3
                           and box.y - 1e-3 <= y <= box.y + box.h + 1e-3
                           for x, y in path_points(d))

            root = ET.fromstring(render_playing_card(
                face("K", "S", points=13 if notes[0] else None), frame, PlayingCardOptions()))
            # at the top level: the corner index's suit, then the figure's upper half
            top = [p.get("d", "") for p in root.findall(f"{SVG}path")]
            assert len(top) >= 9 and not inside(top[0]), size
            assert all(inside(d) for d in top[1:]), size
            # the lower half is the same figure turned about the panel's centre (which is
            # the card's: the corner index turns about the same point)
            centre = f"rotate(180 {num(panel.x + panel.w / 2)} {num(panel.y + panel.h / 2)})"
            lower = [g for g in root.findall(f"{SVG}g") if g.get("transform") == centre
                     and len(list(g.iter(f"{SVG}path"))) > 1]
            assert len(lower) == 1, size
            assert all(inside(p.get("d", "")) for p in lower[0].iter(f"{SVG}path"))


def test_jokers_print_their_word_and_their_colour() -> None:
    options = PlayingCardOptions()
    red, black = render(face("joker", "red")), render(face("Joker"))
    for svg, colour in ((red, options.red), (black, options.black)):
        letters = re.findall(r'fill="(#[0-9a-f]{6})"[^>]*>([JOKER])</text>', svg)
        assert "".join(letter for _, letter in letters) == "JOKER" * 2
        assert {fill for fill, _ in letters} == {colour}


def test_four_colour_decks_give_clubs_and_diamonds_their_own_colours() -> None:
    two = PlayingCardOptions()
    four = PlayingCardOptions(four_colour=True)
    for suit, expected_two, expected_four in (("C", two.black, four.clubs),
                                              ("D", two.red, four.diamonds),
                                              ("S", two.black, four.black),
                                              ("H", two.red, four.red)):
        assert f'fill="{expected_two}"' in render(face(5, suit, options=two))
        svg = render(face(5, suit, options=four))
        assert f'fill="{expected_four}"' in svg
        if suit in "CD":
            assert f'fill="{expected_two}"' not in svg


def test_a_point_value_is_printed_small_beside_both_indices() -> None:
    svg = render(face("Q", "S", points=12))
    notes = re.findall(r'font-size="([\d.]+)" font-weight="normal"[^>]*>12</text>', svg)
    ranks = re.findall(r'font-size="([\d.]+)" font-weight="bold"[^>]*>Q</text>', svg)
    assert len(notes) == 2 and ranks
    assert float(notes[0]) < 0.6 * float(ranks[0])
    assert ">12<" not in render(face("Q", "S"))


def test_a_deck_mark_takes_the_free_corner() -> None:
    svg = render(face(9, "H", mark="B"))
    assert ">B</text>" in svg and "<circle" in svg
    assert "<circle" not in render(face(9, "H"))


def test_faces_are_deterministic_and_bleed_is_painted() -> None:
    frame = Frame(63.5, 88.9, 3.175, 3.0)
    first = render_playing_card(face("7", "D"), frame, PlayingCardOptions())
    assert first == render_playing_card(face("7", "D"), frame, PlayingCardOptions())
    background = re.search(r"<rect [^>]*/>", first)
    assert background is not None and 'x="-3.175"' in background.group(0)


# --------------------------------------------------------------------------- attributes


@pytest.mark.parametrize(("attributes", "expected"), [
    ({"rank": "A", "suit": "S"}, Card("A", Suit.SPADES)),
    ({"rank": "ace", "suit": "spades"}, Card("A", Suit.SPADES)),
    ({"rank": 10, "suit": "hearts"}, Card("10", Suit.HEARTS)),
    ({"rank": "t", "suit": "Heart"}, Card("10", Suit.HEARTS)),
    ({"rank": "king", "suit": "d"}, Card("K", Suit.DIAMONDS)),
    ({"rank": 2, "suit": "Clubs"}, Card("2", Suit.CLUBS)),
    ({"rank": "joker"}, Card("joker", None)),
    ({"rank": "Joker", "suit": "Red"}, Card("joker", None, red=True)),
])
def test_ranks_and_suits_are_read_in_their_usual_spellings(
        attributes: dict[str, int | str], expected: Card) -> None:
    assert read_card(attributes) == expected
    assert check_card(attributes) is None


@pytest.mark.parametrize(("attributes", "message"), [
    ({"suit": "S"}, "needs a 'rank'"),
    ({"rank": 1, "suit": "S"}, "rank 1 is not a card's rank"),
    ({"rank": 11, "suit": "S"}, "rank 11 is not"),
    ({"rank": "Z", "suit": "S"}, "rank 'Z' is not"),
    ({"rank": "Q"}, "needs a 'suit'"),
    ({"rank": "Q", "suit": "stars"}, "suit 'stars' is not a suit"),
    ({"rank": "joker", "suit": "green"}, "red or black"),
    ({"rank": "7", "suit": "S", "points": 1000}, "points must be"),
])
def test_bad_cards_are_refused_with_a_reason(attributes: dict[str, int | str],
                                             message: str) -> None:
    wrong = check_card(attributes)
    assert wrong is not None and message in wrong


def test_read_suit_refuses_what_is_not_a_suit() -> None:
    assert read_suit("X") is None and read_suit(3) is None and read_suit(" h ") is Suit.HEARTS


DECK = """\
game: mine
title: Mine
card:
  size: 63.5mm x 88.9mm
faces:
  - id: card
    kind: playing-card
    generate:
      suit: [S, H]
      rank: [A, 2, {bad_rank}]
    name: "{{rank}}{{suit}}"
  - id: joker
    kind: playing-card
    generate:
      rank: [joker]
      suit: [{bad_joker}]
    name: "joker-{{suit}}"
"""


def test_a_bad_card_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(DECK.format(bad_rank="11", bad_joker="green"))
    with pytest.raises(DefinitionError) as caught:
        load(path)
    problems = caught.value.problems
    assert len(problems) == 2
    rank, joker = sorted(problems, key=lambda p: p.location.line if p.location else 0)
    assert "rank 11 is not a card's rank" in rank.message
    assert rank.location is not None and rank.location.line == 10  # the rank: line
    assert (rank.location.source_line or "").strip().startswith("rank:")
    assert "red or black" in joker.message
    assert joker.location is not None and joker.location.line == 16  # the suit: line
    assert (joker.location.source_line or "").strip().startswith("suit:")


def test_a_definition_prints_a_whole_deck(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(DECK.format(bad_rank="K", bad_joker="red"))
    definition = load(path)
    assert [f.key for f in definition.faces] == ["AS", "2S", "KS", "AH", "2H", "KH",
                                                 "joker-red"]
    assert "playing-card" in face_kinds()
