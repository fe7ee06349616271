"""Star Battle's faces: hyperlane connectors on the edges each suit connects, the
no-shipyard sign on clubs, the Galactic Core marker, two-sided ship tokens; the kit builds."""

from __future__ import annotations

import math
import re
from itertools import combinations
from pathlib import Path

import pytest

from printkit.definition.model import CardFace
from printkit.errors import DefinitionError
from printkit.games.star_battle.faces import (
    CoreOptions,
    SystemOptions,
    core_layout,
    render_core,
    render_system,
    system_layout,
)
from printkit.games.star_battle.lanes import connected_edges
from printkit.games.star_battle.ships import (
    DREADNOUGHT,
    PATTERNS,
    SCOUT,
    ShipOptions,
    check_ship,
    render_ship,
    token_layout,
)
from printkit.games.star_battle.state import REACH, STEPS
from printkit.kit.games import resolve
from printkit.render.faces.playing_cards import RANKS
from printkit.render.faces.suits import Suit
from printkit.render.svg import Box, Frame
from printkit.settings import parse_settings
from tests.conftest import DECKS, Run

POKER = Frame(63.5, 88.9, 3.0, 3.0)
FRAMES = [POKER, Frame(44.5, 63.5, 2.0, 2.5), Frame(70.0, 120.0, 3.0, 4.0),
          Frame(63.5, 63.5, 3.0, 3.0)]
SPEC = {"D": {"top", "right", "bottom", "left"}, "C": {"top", "right", "bottom", "left"},
        "H": {"left", "right"}, "S": {"top", "bottom"}}
"""The connection chart of the rules, in card edges."""


def system(rank: str, suit: str, mark: str = "") -> CardFace:
    return CardFace(f"{rank}{suit}", "system", "star-battle-system",
                    (("rank", rank), ("suit", suit)), 1, 0, mark, SystemOptions())


def points(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def safe(frame: Frame) -> Box:
    return Box(frame.safe, frame.safe, frame.width - 2 * frame.safe,
               frame.height - 2 * frame.safe)


# --------------------------------------------------------------------------- systems


def test_connectors_follow_the_connection_chart_and_the_engine() -> None:
    for suit in Suit:
        assert set(connected_edges(suit)) == SPEC[suit.letter]
        # the engine's table, step by step: north is the top edge, east the right one
        names = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
        engine = {names[k] for k, step in STEPS.items() if step in REACH[suit.letter]}
        assert engine == SPEC[suit.letter]


@pytest.mark.parametrize("suit", "SHCD")
def test_each_system_draws_its_connectors_into_the_bleed(suit: str) -> None:
    options = SystemOptions()
    frame = POKER
    svg = render_system(system("7", suit), frame, options)
    lanes = re.findall(rf'<path d="([^"]+)" fill="{options.lane}"', svg)
    arrows = re.findall(rf'<path d="([^"]+)" fill="{options.arrow}"', svg)
    assert len(lanes) == len(arrows) == len(SPEC[suit])
    reached = set()
    for lane in lanes:
        pts = points(lane)
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        if min(ys) < -frame.bleed:
            reached.add("top")
        if max(ys) > frame.height + frame.bleed:
            reached.add("bottom")
        if min(xs) < -frame.bleed:
            reached.add("left")
        if max(xs) > frame.width + frame.bleed:
            reached.add("right")
    assert reached == SPEC[suit]


def test_connector_arrows_point_out_of_the_card() -> None:
    layout = system_layout(system("9", "D"), POKER)
    svg = render_system(system("9", "D"), POKER, SystemOptions())
    arrows = re.findall(r'<path d="([^"]+)" fill="#ffffff"', svg)
    def distance(edge: str, p: tuple[float, float]) -> float:
        """How far ``p`` lies inside the card from ``edge``."""
        return {"top": p[1], "bottom": POKER.height - p[1], "left": p[0],
                "right": POKER.width - p[0]}[edge]

    for edge, arrow in zip(layout.connectors, arrows, strict=True):
        tip, *rest = points(arrow)
        assert all(distance(edge, tip) < distance(edge, p) for p in rest), edge


def test_connectors_sit_on_the_middle_of_their_edges() -> None:
    layout = system_layout(system("K", "C"), POKER)
    w, h = POKER.width, POKER.height
    for edge, box in layout.connectors.items():
        centre = (box.x + box.w / 2, box.y + box.h / 2)
        if edge in ("top", "bottom"):
            assert centre[0] == pytest.approx(w / 2)
            assert (box.y == 0) if edge == "top" else (box.y + box.h == pytest.approx(h))
        else:
            assert centre[1] == pytest.approx(h / 2)
            assert (box.x == 0) if edge == "left" else (box.x + box.w == pytest.approx(w))


@pytest.mark.parametrize("frame", FRAMES, ids=["poker", "mini", "tarot", "square"])
@pytest.mark.parametrize("mark", ["", "B"])
def test_everything_on_a_system_keeps_inside_and_apart(frame: Frame, mark: str) -> None:
    for suit in "SHCD":
        for rank in RANKS:
            layout = system_layout(system(rank, suit, mark), frame)
            boxes = layout.content_boxes()
            for box in boxes:
                assert box.inside(safe(frame)), (rank, suit, box)
            for a, b in combinations(boxes, 2):
                assert not a.overlaps(b), (rank, suit, a, b)
            for lane in layout.connectors.values():
                assert not any(lane.overlaps(box) for box in boxes), (rank, suit, lane)


def test_only_clubs_carry_the_no_shipyard_sign() -> None:
    options = SystemOptions()
    for suit in "SHCD":
        layout = system_layout(system("5", suit), POKER)
        svg = render_system(system("5", suit), POKER, options)
        assert (layout.shipyard is not None) == (suit == "C")
        assert (f'stroke="{options.sign}"' in svg) == (suit == "C")


def test_a_joker_is_no_system(tmp_path: Path) -> None:
    text = (DECKS / "star-battle.yaml").read_text().replace(
        "rank: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]", "rank: [A, joker]")
    path = tmp_path / "star-battle.yaml"
    path.write_text(text)
    with pytest.raises(DefinitionError) as caught:
        resolve(str(path))
    [problem] = caught.value.problems
    assert "not a joker" in problem.message
    # at the attribute whose value is wrong
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "rank: [A, joker]" in t)
    assert problem.location is not None and problem.location.line == line


# --------------------------------------------------------------------------- the Core


@pytest.mark.parametrize("frame", FRAMES, ids=["poker", "mini", "tarot", "square"])
def test_the_core_marker_shows_its_word_on_both_ends(frame: Frame) -> None:
    layout = core_layout(frame, CoreOptions())
    top, bottom = layout.tabs
    assert top.h == pytest.approx(max((frame.height - frame.width) / 2, 0.15 * frame.height))
    first, second = layout.labels
    assert first.box.inside(top) and second.box.inside(bottom)
    middle = Box(0, top.h, frame.width, frame.height - 2 * top.h)
    for box in (layout.galaxy, layout.title.box, *(line.box for line in layout.hint)):
        assert box.inside(middle), box
    boxes = layout.content_boxes()
    assert all(box.inside(safe(frame)) for box in boxes)
    assert not any(a.overlaps(b) for a, b in combinations(boxes, 2))


def test_the_core_marker_reads_from_either_end() -> None:
    svg = render_core(CardFace("core", "core", "star-battle-core", (), 1, 0, "",
                               CoreOptions()), POKER, CoreOptions())
    assert svg.count(">CORE</text>") == 2 and ">GALACTIC CORE</text>" in svg
    turned = re.findall(r'<g transform="rotate\(180 31.75 ([\d.]+)\)">(.*?)</g>', svg)
    assert len(turned) == 1 and ">CORE</text>" in turned[0][1]
    assert float(turned[0][0]) < 12.7  # the top end, turned to read from above
    assert "opacity" not in svg  # solid colours only


# --------------------------------------------------------------------------- ship tokens


def token(ship: str, player: str | int, side: str = "tails") -> tuple[CardFace, ShipOptions]:
    options = ShipOptions(side=side)
    return (CardFace(f"{player}-{ship}-{side}", "ships", "star-battle-ship",
                     (("ship", ship), ("player", player)), 1, 0, "", options), options)


TOKEN = Frame(18, 18, 1.5, 1.0)


def draw(ship: str, player: str | int, side: str = "tails") -> str:
    face, options = token(ship, player, side)
    return render_ship(face, TOKEN, options)


@pytest.mark.parametrize("size", [16.0, 18.0, 20.0])
@pytest.mark.parametrize("ship", ["dreadnought", "scout"])
def test_ship_and_letter_stay_inside_the_disc(size: float, ship: str) -> None:
    frame = Frame(size, size, 1.5, 1.0)
    layout = token_layout(frame, ship)
    cx, cy = layout.centre
    assert layout.inner <= layout.radius - frame.safe
    assert layout.radius - layout.inner >= 2.5  # a colour band wide enough to cut round
    shape = DREADNOUGHT if ship == "dreadnought" else SCOUT
    box = layout.ship
    drawn = points(shape.path(box.x + box.w / 2, box.y + box.h / 2, box.h))
    # inside the burst's notches (80% of the disc) as well as the disc itself
    assert all(math.dist(p, (cx, cy)) < 0.8 * layout.inner for p in drawn)
    letter = layout.letter
    corners = [(letter.x, letter.y), (letter.x + letter.w, letter.y),
               (letter.x, letter.y + letter.h), (letter.x + letter.w, letter.y + letter.h)]
    assert all(math.dist(c, (cx, cy)) < 0.8 * layout.inner for c in corners)
    assert not letter.overlaps(box)
    assert letter.h >= 1.6  # a letter a player can read at 16 mm


def test_heads_and_tails_look_different_for_every_ship_and_player() -> None:
    for ship in ("dreadnought", "scout"):
        for player in "ABCDEF":
            tails, heads = draw(ship, player), draw(ship, player, "heads")
            assert tails != heads
            assert "<circle" in tails.split(">" + player + "</text>")[0]  # a round disc
            assert tails.count("<path") < heads.count("<path")  # the burst and the crack
            assert f">{player}</text>" in tails and f">{player}</text>" in heads
    assert draw("dreadnought", "A") != draw("scout", "A")


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_players_differ_in_greyscale_by_pattern_and_letter() -> None:
    options = ShipOptions()
    assert len(options.colours) == len(PATTERNS) == 6
    assert len(set(options.colours)) == 6
    svgs = [draw("scout", p) for p in "ABCDEF"]
    # the drawing apart from its colours differs between any two players
    shapes = [re.sub(r"#[0-9a-f]{6}", "#", svg) for svg in svgs]
    assert len(set(shapes)) == 6
    # players whose colours are close in grey have different patterns
    for i, j in combinations(range(6), 2):
        if abs(_luminance(options.colours[i]) - _luminance(options.colours[j])) < 0.1:
            assert PATTERNS[i] != PATTERNS[j]
    assert draw("scout", 7).count(">G</text>") == 1  # players may be numbered too


@pytest.mark.parametrize(("attributes", "message"), [
    ({"ship": "frigate", "player": "A"}, "dreadnought or scout"),
    ({"player": "A"}, "dreadnought or scout"),
    ({"ship": "D", "player": "AA"}, "a letter A to Z"),
    ({"ship": "S", "player": 0}, "a letter A to Z"),
    ({"ship": "scout"}, "needs 'player'"),
])
def test_bad_tokens_are_refused(attributes: dict[str, int | str], message: str) -> None:
    wrong = check_ship(attributes)
    assert wrong is not None and message in wrong
    assert check_ship({"ship": "Dreadnought", "player": "b"}) is None


# --------------------------------------------------------------------------- the deck


def test_the_deck_holds_52_systems_one_core_marker_and_an_aid_each() -> None:
    one = resolve("star-battle").definition
    assert one.card_count == 57  # 52 systems, the Core, an aid of two cards for each player
    kinds = [f.kind for f in one.faces]
    assert kinds.count("star-battle-system") == 52 and kinds.count("star-battle-core") == 1
    aids = [f for f in one.faces if f.kind == "star-battle-aid"]
    assert [a.copies for a in aids] == [2, 2]
    two = resolve("star-battle", overrides=parse_settings(["decks=2"])).definition
    systems = [f for f in two.faces if f.kind == "star-battle-system"]
    assert len(systems) == 104 and {f.deck_mark for f in systems} == {"A", "B"}
    assert [f.key for f in two.faces if f.kind == "star-battle-core"] == ["core"]
    assert resolve("star-battle", variant="long-game").definition.card_count == 109
    assert resolve("star-battle", variant="four-player").definition.card_count == 61


def test_check_and_build_work_and_builds_repeat_byte_for_byte(run_cli: Run,
                                                              tmp_path: Path) -> None:
    checked = run_cli("check", "star-battle")
    assert checked.status == 0, checked.err
    assert checked.out.count("Star Battle is valid") == 7  # the game and its six variants
    kits = []
    for run in ("one", "two"):
        result = run_cli("-q", "build", "star-battle", "-o", str(tmp_path / run),
                         "--sheets", "sheets", "--sheets", "gutter-fold")
        assert result.status == 0, result.err
        kits.append(tmp_path / run / "star-battle--sheets-sheets-gutter-fold")
    names = sorted(p.relative_to(kits[0]).as_posix() for p in kits[0].rglob("*") if p.is_file())
    assert {"cards.pdf", "cards-gutterfold.pdf", "svg/core.svg", "svg/10H.svg"} <= set(names)
    for name in names:
        assert (kits[0] / name).read_bytes() == (kits[1] / name).read_bytes(), name
