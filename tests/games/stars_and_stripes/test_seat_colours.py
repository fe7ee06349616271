"""Each player is drawn in their corner's colour whatever the number of players, so a
two-player booklet shows SE in the same colour on its own table, in the sample game for
four and on the board."""

from __future__ import annotations

from printkit.games.stars_and_stripes.board import POSITIONS, board_picture
from printkit.games.stars_and_stripes.seats import colour_slots
from printkit.kit.games import resolve
from printkit.render.diagram import legend_items
from tests.games.stars_and_stripes.common import TRUMP_RACE


def test_corner_players_keep_their_corners_slot() -> None:
    assert colour_slots(("NW", "NE", "SE", "SW"), 4) == (0, 1, 2, 3)
    assert colour_slots(("NW", "SE"), 4) == (0, 2)
    assert colour_slots(("NW", "NE", "SE"), 4) == (0, 1, 2)
    # too few colours for the corners, or homes that are not corners: seating order
    assert colour_slots(("NW", "SE"), 2) == (0, 1)
    assert colour_slots(("N", "S"), 4) == (0, 1)


def test_a_two_player_diagram_draws_se_in_the_third_colour() -> None:
    game = resolve("stars-and-stripes", variant="two-player")
    engine = game.engine
    state = engine.parse_state(TRUMP_RACE)  # type: ignore[union-attr]
    view = POSITIONS.view(game.definition, engine, state, (), ())
    assert view.players == ("NW", "", "SE")
    se_cards = [p for p in view.pieces if p.label.startswith("SE") or p.square == (6, 6)]
    assert se_cards and {p.owner for p in se_cards} == {2}
    assert dict((seat, square) for square, seat in view.homes) == {0: (0, 0), 2: (6, 6)}
    assert {seat for seat, _ in view.hands} == {0, 2}
    seats, items = legend_items(view)
    assert seats == [0, 2] and "" not in items


def test_the_two_player_board_colours_se_as_the_four_player_board_does() -> None:
    base, pair = resolve("stars-and-stripes"), resolve("stars-and-stripes", variant="two-player")
    four = board_picture(base.engine, base.definition)
    two = board_picture(pair.engine, pair.definition)
    rings = {h.label: h.ring for h in four.landmarks if h.ring}
    assert {h.label: h.ring for h in two.landmarks if h.ring} == {
        "NW": rings["NW"], "SE": rings["SE"]}
