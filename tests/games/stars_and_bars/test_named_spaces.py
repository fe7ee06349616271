"""A space the text names is ringed with dashes even when it is empty (its yellow wash
alone prints as a tint close to an empty space's in grey), and the legend's swatch says so."""

from __future__ import annotations

import random

from printkit.games.stars_and_bars.diagrams import LEGEND_NAMED, POSITIONS
from printkit.kit.games import resolve
from printkit.render.scenemodel import RectShape, TextShape


def test_an_empty_named_space_is_ringed_with_dashes() -> None:
    game = resolve("stars-and-bars")
    engine = game.engine
    assert engine is not None
    state = engine.initial_state(random.Random(3))
    empty = next(s for s in range(len(state.board)) if not state.board[s].size)
    columns = engine.params.columns
    scene = POSITIONS.view(game.definition, engine, state, [divmod(empty, columns)], [])
    dashed = [s for s in scene.shapes if isinstance(s, RectShape) and s.dash]
    assert len(dashed) == 2  # the ring round the space, and the legend's swatch
    assert any(isinstance(s, TextShape) and s.text == LEGEND_NAMED for s in scene.shapes)
