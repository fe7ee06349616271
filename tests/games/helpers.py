"""Helpers every engine's tests share: play moves written in notation, list moves as text."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from printkit.rules.base import Game

S = TypeVar("S")


def play(game: Game[S, Any, Any], state: S, *moves: str, seed: int = 0) -> S:
    """The state after ``moves`` (in the game's notation), chance drawn from ``seed``."""
    rng = random.Random(seed)
    for text in moves:
        state = game.apply(state, game.parse_move(state, text), rng)
    return state


def move_texts(game: Game[S, Any, Any], state: S) -> list[str]:
    """Every legal move in ``state``, written in the game's notation, in engine order."""
    return [game.format_move(state, m) for m in game.legal_moves(state)]
