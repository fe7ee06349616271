"""What the notation, the claims and the refusals of Star Battle need of the rules engine,
as protocols: they are handed the engine (:class:`~printkit.games.star_battle.rules.
StarBattle` has all of this) but depend only on these values and questions, so none imports
the engine's module, and no import, type-only or not, runs back from them to it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from printkit.games.star_battle.state import (
    Card,
    ShipKind,
    StarBattleMove,
    StarBattleParams,
    StarBattleState,
)
from printkit.rules.base import Player


class Table(Protocol):
    """The deck, the seats and the game's parameters."""

    @property
    def params(self) -> StarBattleParams: ...
    @property
    def full_deck(self) -> tuple[Card, ...]: ...

    def player_names(self, state: StarBattleState) -> tuple[str, ...]: ...


class Rules(Table, Protocol):
    """The table, and the questions claims and refusals ask about a position."""

    def current_player(self, state: StarBattleState) -> Player: ...
    def legal_moves(self, state: StarBattleState) -> Sequence[StarBattleMove]: ...
    def illegal_reason(self, state: StarBattleState, move: StarBattleMove) -> str | None: ...
    def parse_move(self, state: StarBattleState, text: str) -> StarBattleMove: ...
    def build_kind(self, system: Card, discard: Card) -> ShipKind | None: ...
    def supply(self, state: StarBattleState,
               player: Player) -> tuple[int | None, int | None]: ...
