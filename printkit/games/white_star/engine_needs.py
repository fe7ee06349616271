"""What the notation and the claims of Stars (White Star) need of the rules engine, as
protocols: they are handed the engine (:class:`~printkit.games.white_star.rules.WhiteStar`
has all of this) but depend only on these values and questions, so neither imports the
engine's module, and no import, type-only or not, runs back from them to it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from printkit.games.white_star.state import (
    Card,
    CardSet,
    TrickOutcome,
    WhiteStarParams,
    WhiteStarState,
)
from printkit.rules.base import Claim, Player


class Table(Protocol):
    """The seats and the game's parameters."""

    @property
    def params(self) -> WhiteStarParams: ...
    @property
    def names(self) -> tuple[str, ...]: ...

    def seat_of(self, name: str) -> Player | None: ...


class Rules(Table, Protocol):
    """The table, and the questions claims ask about a position."""

    def claims(self) -> Mapping[str, Claim[WhiteStarState]]: ...
    def parse_state(self, text: str) -> WhiteStarState: ...
    def playable(self, state: WhiteStarState) -> CardSet: ...
    def trick_outcome(self, leader: Player, trick: Sequence[Card]) -> TrickOutcome: ...
    def hand_points(self, state: WhiteStarState) -> tuple[int, ...]: ...
    def star_pile_values(self, state: WhiteStarState) -> tuple[int, ...]: ...
    def hand_scores(self, state: WhiteStarState) -> tuple[int, ...]: ...
    def contract_made(self, state: WhiteStarState) -> bool | None: ...
    def hand_credit(self, state: WhiteStarState) -> tuple[int, ...]: ...
