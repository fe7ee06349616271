"""The Stars deck's faces: the 43 cards the engine plays with, indices and pips inside the
safe area and apart at any size, the points the engine counts, five distinct courts, the
White Star on every trump and nowhere else, suits told apart without colour; the kit
checks and builds, byte for byte the same."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest
import yaml

from printkit.definition.model import CardFace, Definition
from printkit.errors import DefinitionError
from printkit.games.white_star.courts import COURT_RANKS, Palette, bust
from printkit.games.white_star.faces import StarsCardOptions, card_layout, render_card
from printkit.games.white_star.icons import ICONS
from printkit.games.white_star.state import (
    CARD_NAMES,
    RANK_LETTERS,
    RANK_POINTS,
    WhiteStarParams,
)
from printkit.games.white_star.tables import DEFAULT_SUITS, Card
from printkit.kit.games import resolve
from printkit.render.faces.courts import fit
from printkit.render.faces.suits import Shape
from printkit.render.svg import Box, Frame
from printkit.settings import parse_settings
from printkit.units import MM
from tests.conftest import DECKS, Run

DEFINITION = DECKS / "white-star.yaml"
POKER = Frame(63.5, 88.9, 3.0, 3.0)
FRAMES = [POKER, Frame(57.15, 88.9, 3.175, 3.175), Frame(44.5, 63.5, 2.0, 2.5),
          Frame(70.0, 120.0, 3.0, 4.0), Frame(63.5, 63.5, 3.0, 3.0)]
SVG = "{http://www.w3.org/2000/svg}"
ALL = [Card(name[0], name[1]) for name in CARD_NAMES.values()]


def face(card: Card, options: StarsCardOptions | None = None, mark: str = "") -> CardFace:
    return CardFace(card.key, "cards", "white-star-card",
                    (("rank", card.rank), ("suit", card.suit)), 1, 0, mark,
                    options or StarsCardOptions())


def elements(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter())


def numbers(d: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]


def height(d: str) -> float:
    ys = numbers(d)[1::2]
    return max(ys) - min(ys)


def safe(frame: Frame) -> Box:
    return Box(frame.safe, frame.safe, frame.width - 2 * frame.safe,
               frame.height - 2 * frame.safe)


def _playing_cards(definition: Definition) -> list[CardFace]:
    """The faces of the deck proper (the player aids are printed with it, apart)."""
    return [f for f in definition.faces if f.kind == "white-star-card"]


def test_the_deck_is_the_engines_43_cards() -> None:
    definition = resolve("white-star").definition
    assert {f.key for f in _playing_cards(definition)} == set(CARD_NAMES.values())
    assert sum(f.copies for f in _playing_cards(definition)) == 43
    assert definition.card_count == 43 + 4  # and an aid for each player
    assert "CX" not in {f.key for f in definition.faces}


def test_the_yaml_points_are_the_engines() -> None:
    raw = yaml.safe_load(DEFINITION.read_text())
    ranks = raw["faces"][0]["options"]["ranks"]
    written = {str(r["letter"]): r["points"] for r in ranks}
    assert written == dict(zip(RANK_LETTERS, RANK_POINTS, strict=True))
    # and every card prints its points, in the ring under both indices
    for f in _playing_cards(resolve("white-star").definition):
        svg = render_card(f, POKER, f.options)  # type: ignore[arg-type]
        printed = re.findall(r'font-weight="normal"[^>]*>(\d+)</text>', svg)
        assert printed == [str(RANK_POINTS[RANK_LETTERS.index(f.key[0])])] * 2, f.key


def _problems(tmp_path: Path, old: str, new: str) -> tuple[list[tuple[int, str]], str]:
    text = DEFINITION.read_text()
    assert old in text
    text = text.replace(old, new)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(DefinitionError) as caught:
        resolve(str(path))
    return [(p.location.line if p.location else 0, p.message)
            for p in caught.value.problems], text


def _line(fragment: str, text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_a_point_value_the_engine_does_not_count_is_a_located_error(tmp_path: Path) -> None:
    problems, text = _problems(tmp_path, "name: King, index: K, points: 5",
                               "name: King, index: K, points: 6")
    assert (_line("points: 6", text),
            "the rules count the King as 5 points, so its cards must print 5, not 6") \
        in problems


def test_the_champion_of_skulls_is_a_located_error(tmp_path: Path) -> None:
    problems, text = _problems(tmp_path, "rank: [K, Q, S, L, 7, 6, 5, 4, 3, 2]",
                               "rank: [C, K, Q, S, L, 7, 6, 5, 4, 3, 2]")
    # reported at the attribute whose value is wrong
    assert problems == [(_line("rank: [C, K, Q, S, L, 7, 6, 5, 4, 3, 2]", text),
                         "there is no Champion of Skulls: that suit has ten cards, King "
                         "down to 2")]


def test_unknown_ranks_suits_and_table_faults_are_located(tmp_path: Path) -> None:
    problems, text = _problems(tmp_path, "suit: [H, W, V]", "suit: [H, W, Z]")
    assert problems[0][0] == _line("suit: [H, W, Z]", text)  # the group's first attribute
    assert "suit 'Z' is not a suit of the Stars deck" in problems[0][1]
    problems, text = _problems(tmp_path, "{letter: W, name: Wands, icon: wand,",
                               "{letter: H, name: Wands, icon: wnad,")
    line = _line("name: Wands, icon: wnad", text)
    assert [m.split(" (")[0] for at, m in problems if at == line] == [
        "suit H is listed twice", "'wnad' is not one of: skull, shield, wand, leaf"]


@pytest.mark.parametrize("frame", FRAMES, ids=lambda f: f"{f.width}x{f.height}")
@pytest.mark.parametrize("style", ["framed", "plain", "rounded", "rounded-plain", "marked"])
def test_everything_stays_inside_the_safe_area_and_apart(frame: Frame, style: str) -> None:
    options = StarsCardOptions(frame="plain" not in style,
                               corners="rounded" if "rounded" in style else "square",
                               corner_radius=(6 if "plain" in style else 4) * MM)
    radius = options.corner_radius / MM if "rounded" in style else 0.0
    for card in ALL:
        layout = card_layout(card, frame, options, marked=style == "marked")
        boxes = layout.content_boxes()
        assert all(box.inside(safe(frame)) for box in boxes), (card, style)
        assert not any(a.overlaps(b) for a, b in combinations(boxes, 2)), (card, style)
        if radius:  # no corner of any box falls in a corner the punch cuts away
            edge = frame.safe if options.frame else 0.0
            for box in boxes:
                for x, y in ((box.x, box.y), (box.x + box.w, box.y),
                             (box.x, box.y + box.h), (box.x + box.w, box.y + box.h)):
                    cx = min(max(x, edge + radius), frame.width - edge - radius)
                    cy = min(max(y, edge + radius), frame.height - edge - radius)
                    assert math.hypot(x - cx, y - cy) <= radius + 1e-9, (card, box)


@pytest.mark.parametrize("rank", "765432")
def test_spot_cards_carry_as_many_pips_as_their_rank(rank: str) -> None:
    for suit in "XHWV":
        card = Card(rank, suit)
        layout = card_layout(card, POKER, StarsCardOptions())
        assert len(layout.pips) == int(rank)
        size = layout.pips[0].size
        svg = render_card(face(card), POKER, StarsCardOptions())
        colour = next(s.colour for s in DEFAULT_SUITS if s.letter == suit)
        pips = [e for e in elements(svg) if e.tag == f"{SVG}path" and e.get("fill") == colour
                and abs(height(e.get("d", "")) - size) < 0.01 * size]
        assert len(pips) == int(rank), card
        # the lower half's pips are turned round
        assert sum(p.turned for p in layout.pips) == sum(
            1 for p in layout.pips if p.y > POKER.height / 2 + 0.01)


def test_the_five_courts_are_drawn_apart_and_named() -> None:
    where = fit(Box(0, 0, 100, 100))
    drawings = {rank: {ink.d for ink in bust(rank, Palette("#1d4e9e"), where)}
                for rank in COURT_RANKS}
    for a, b in combinations(COURT_RANKS, 2):
        only_a, only_b = drawings[a] - drawings[b], drawings[b] - drawings[a]
        assert len(only_a) >= 3 and len(only_b) >= 3, (a, b)
    names = {"C": "CHAMPION", "K": "KING", "Q": "QUEEN", "S": "SCRIBE", "L": "LADY"}
    index = {rank: rank for rank in COURT_RANKS}  # the corner prints the notation's letter
    for rank in COURT_RANKS:
        svg = render_card(face(Card(rank, "W")), POKER, StarsCardOptions())
        texts = [e.text for e in elements(svg) if e.tag == f"{SVG}text"]
        assert texts.count(names[rank]) == 2 and texts.count(index[rank]) == 2, rank
        layout = card_layout(Card(rank, "W"), POKER, StarsCardOptions())
        assert layout.court is not None and not layout.pips
        assert layout.court.name.box.inside(layout.court.band)


def _white_stars(svg: str) -> int:
    return sum(1 for e in elements(svg) if e.tag == f"{SVG}path" and e.get("fill") == "#ffffff"
               and len(numbers(e.get("d", ""))) == 20)


def test_the_white_star_marks_every_trump_and_nothing_else() -> None:
    for card in ALL:
        svg = render_card(face(card), POKER, StarsCardOptions())
        assert _white_stars(svg) == (2 if card.suit == "X" else 0), card
    marked = render_card(face(Card("K", "X"), mark="B"), POKER, StarsCardOptions())
    assert _white_stars(marked) == 1  # the deck mark takes the lower corner
    plain = render_card(face(Card("K", "X")), POKER, StarsCardOptions(trump_mark=False))
    assert _white_stars(plain) == 0


def _luma(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _mask(shape: Shape, grid: int = 48) -> set[tuple[int, int]]:
    """The cells a shape inks (non-zero winding, as SVG and PDF fill), its Bezier curves
    flattened: holes must come out empty."""
    loops: list[list[tuple[float, float]]] = []
    for command, pts in shape.segments:
        if command == "M":
            loops.append([pts[0]])
        elif command == "L":
            loops[-1].append(pts[0])
        elif command == "C":
            (x0, y0), (x1, y1), (x2, y2), (x3, y3) = loops[-1][-1], *pts
            for i in range(1, 9):
                t = i / 8
                u = 1 - t
                loops[-1].append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2
                                  + t ** 3 * x3, u ** 3 * y0 + 3 * u * u * t * y1
                                  + 3 * u * t * t * y2 + t ** 3 * y3))
    cells = set()
    for i in range(grid):
        for j in range(grid):
            px, py = -0.5 + (i + 0.5) / grid, -0.5 + (j + 0.5) / grid
            winding = 0
            for loop in loops:
                for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
                    if (ay <= py < by or by <= py < ay) and \
                            ax + (py - ay) * (bx - ax) / (by - ay) > px:
                        winding += 1 if by > ay else -1
            if winding:
                cells.add((i, j))
    return cells


def test_the_suits_differ_in_shape_and_in_grey() -> None:
    masks = {name: _mask(shape) for name, shape in ICONS.items()}
    for a, b in combinations(masks, 2):
        overlap = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
        assert overlap < 0.7, (a, b, overlap)
    # the holes are open: each symbol inks well under its outline's area
    assert len(masks["skull"]) < 0.9 * len(_mask(Shape(ICONS["skull"].segments[:13])))
    colours = [s.colour for s in resolve("white-star").definition.faces[0].options.suits]  # type: ignore[attr-defined]
    assert len(colours) == 4
    for a, b in combinations(colours, 2):
        assert abs(_luma(a) - _luma(b)) >= 0.08, (a, b)


def test_rounded_corners_round_the_frame() -> None:
    card = Card("7", "H")
    square = render_card(face(card), POKER, StarsCardOptions())
    rounded = render_card(face(card), POKER, StarsCardOptions(corners="rounded"))
    assert ' rx="3"' not in square and ' rx="3"' in rounded


def test_check_and_build_work_and_builds_repeat_byte_for_byte(run_cli: Run,
                                                              tmp_path: Path) -> None:
    checked = run_cli("check", "white-star")
    assert checked.status == 0, checked.err
    assert checked.out.count("is valid (47 cards") == 8  # the game and its seven variants
    assert checked.out.count(" booklet examples verified)") == 8
    kits = []
    for run in ("one", "two"):
        result = run_cli("-q", "build", "white-star", "-o", str(tmp_path / run),
                         "--sheets", "sheets", "--sheets", "print-shop")
        assert result.status == 0, result.err
        kits.append(tmp_path / run / "white-star--sheets-sheets-print-shop")
    names = sorted(p.relative_to(kits[0]).as_posix() for p in kits[0].rglob("*") if p.is_file())
    assert "cards.pdf" in names and "svg/KW.svg" in names
    # 43 faces, the aid, the deck's back and the aid's own back
    assert len([n for n in names if n.startswith("svg/")]) == 46
    assert "svg/player-aid.svg" in names and "svg/backs/aid.svg" in names
    for name in names:
        assert (kits[0] / name).read_bytes() == (kits[1] / name).read_bytes(), name


@pytest.mark.parametrize(("variant", "expected"), [
    ("colored-star", {"colored_star": True}), ("min-bid-40", {"min_bid": 40}),
    ("dealer-forced", {"all_pass": "dealer_forced"}), ("target-100", {"target": 100}),
    ("target-300", {"target": 300}), ("star-lead-led-suit", {"star_lead": "highest_of_led_suit"}),
    ("star-lead-skull", {"star_lead": "skull_player"})])
def test_each_variant_sets_the_rule_it_names(variant: str, expected: dict[str, object]) -> None:
    params = resolve("white-star", variant=variant).params
    default = resolve("white-star").params
    changed = {k: getattr(params, k) for k in ("colored_star", "min_bid", "all_pass", "target",
                                                "star_lead", "max_bid")
               if getattr(params, k) != getattr(default, k)}
    assert changed == expected


def test_the_definition_plays_by_the_rulings() -> None:
    assert resolve("white-star").params == WhiteStarParams()  # no maximum bid, target 200


def test_set_overrides_any_option() -> None:
    params = resolve("white-star", variant="colored-star",
                     overrides=parse_settings(["target=150", "all_pass=dealer_forced",
                                               "max_bid=120"])).params
    assert (params.target, params.all_pass, params.max_bid, params.colored_star) == (
        150, "dealer_forced", 120, True)
    with pytest.raises(DefinitionError) as caught:
        resolve("white-star", overrides=parse_settings(["all_pass=sometimes"]))
    assert "all_pass must be one of 'redeal', 'dealer_forced'" in str(caught.value)
