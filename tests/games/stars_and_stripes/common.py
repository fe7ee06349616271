"""Positions and helpers shared by the Stars and Stripes tests."""

from __future__ import annotations

from pathlib import Path

from printkit.games.stars_and_stripes.rules import StarsAndStripes
from printkit.games.stars_and_stripes.state import StarsAndStripesParams, StarsAndStripesState
from printkit.rules.base import make_params

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples" / "stars-and-stripes.yaml"

NE_BLOCKED = """\
NW:5*6 NW:5*4 NW:4*4 .      NE:6*6 NE:6*5 NE:6*1
NW:5*5 .      .      I:2*2  .      NE:6*3 .
NW:3*5 .      .      .      .      .      I:1*4
.      .      .      TRUMP  .      .      .
.      .      SW:4*1 .      .      .      SE:6*2
.      .      SW:1*1 .      I:5*1  .      SE:4*2
SW:4*6 SW:2*6 SW:1*6 .      .      SE:3*2 SE:5*2
to move: NE
"""

TRUMP_RACE = """\
NW:1*1 .      .      .      .      .      .
NW:1*2 .      .      .      .      .      .
NW:1*3 NW:2*3 NW:2*4 .      .      .      .
.      .      .      TRUMP  .      .      .
.      .      .      .      SE:4*4 SE:4*5 SE:4*6
.      .      .      .      .      .      SE:5*6
.      .      .      .      .      .      SE:6*6
to move: NW
hand NW: 2*5 6*1 3*3
hand SE: 4*1 3*6 2*2
"""

# NW can take the independent on 4,1 from 3,1; it touches SW's follower on 5,0 at a corner.
CORNER_CAPTURE = """\
NW:1*1 .      .      .      .      .      NE:6*6
NW:1*2 .      .      .      .      .      .
NW:1*3 .      .      .      .      .      .
NW:1*4 .      .      TRUMP  .      .      .
.      I:5*5  .      .      .      .      .
SW:6*2 .      .      .      .      .      .
SW:6*1 .      .      .      .      .      SE:3*3
to move: NW
hand NW: 1*5 2*2
"""


def game_of(**options: object) -> StarsAndStripes:
    return StarsAndStripes(make_params(StarsAndStripesParams, options))


def claim(game: StarsAndStripes, state: StarsAndStripesState, key: str) -> object:
    name, _, argument = key.partition("(")
    return game.claims()[name].compute(state, argument[:-1] if argument else None)


def code(game: StarsAndStripes, state: StarsAndStripesState, move: str) -> str | None:
    """The refusal code of the move written ``move`` (None when it is legal)."""
    return game.refusal_code(state, game.parse_move(state, move))

