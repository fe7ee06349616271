"""New positions of Stars (White Star) made quickly, for the engine's moves.

A :class:`~printkit.games.white_star.state.WhiteStarState` is a frozen dataclass in slots:
its constructor, and ``dataclasses.replace``, set each of its seventeen fields through
``object.__setattr__``, which took most of a card play's time.  The engine instead fills
in a :class:`StateDraft`, a plain class with exactly the same slots in the same order (so
plain attribute stores, which Python runs fastest), and then turns the draft into the
frozen position by assigning its class, which Python allows between classes of the same
layout.  The result is the position the constructor would make, field for field; nothing
outside the engine's move code ever holds a draft.

>>> from printkit.games.white_star.state import WhiteStarState
>>> start = WhiteStarState(phase="bidding", dealer=2, hands=(1, 2, 4, 8))
>>> later = evolve(start, turns=1, bid=10, bidder=3)
>>> later == WhiteStarState(phase="bidding", dealer=2, hands=(1, 2, 4, 8), turns=1, bid=10,
...                         bidder=3), type(later) is WhiteStarState, start.turns
(True, True, 0)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from printkit.games.white_star.state import Card, CardSet, Phase, WhiteStarState
from printkit.rules.base import Player

FIELDS: Final = tuple(f.name for f in dataclasses.fields(WhiteStarState))
"""The position's fields, in order (the order of its slots)."""


class StateDraft:
    """A position being made: a :class:`WhiteStarState`'s slots, writable."""

    __slots__ = FIELDS

    phase: Phase
    dealer: Player
    hands: tuple[CardSet, ...]
    widow: CardSet
    totals: tuple[int, ...]
    deal: int
    turns: int
    bid: int | None
    bidder: Player | None
    passed: tuple[bool, ...]
    buried: CardSet
    leader: Player | None
    trick: tuple[Card, ...]
    won: tuple[CardSet, ...]
    stars: tuple[tuple[CardSet, ...], ...]
    last_leader: Player | None
    last_trick: tuple[Card, ...]


if StateDraft.__slots__ != WhiteStarState.__slots__:  # pragma: no cover - a layout guard
    raise ImportError("StateDraft's slots must be WhiteStarState's, in the same order")

_new = object.__new__


def draft(state: WhiteStarState) -> Any:
    """A :class:`StateDraft` holding ``state``'s fields, to change some and then freeze
    with ``draft.__class__ = WhiteStarState`` (typed ``Any`` so that assignment type-checks:
    it is the one operation on a draft outside this module)."""
    new = _new(StateDraft)
    new.phase = state.phase
    new.dealer = state.dealer
    new.hands = state.hands
    new.widow = state.widow
    new.totals = state.totals
    new.deal = state.deal
    new.turns = state.turns
    new.bid = state.bid
    new.bidder = state.bidder
    new.passed = state.passed
    new.buried = state.buried
    new.leader = state.leader
    new.trick = state.trick
    new.won = state.won
    new.stars = state.stars
    new.last_leader = state.last_leader
    new.last_trick = state.last_trick
    return new


def evolve(state: WhiteStarState, **changes: object) -> WhiteStarState:
    """``dataclasses.replace(state, **changes)`` for the engine's own moves: the same
    value, made through a draft (the changed fields are the engine's, already of the right
    types, so the constructor's checks are not needed)."""
    new = draft(state)
    for name, value in changes.items():
        setattr(new, name, value)
    new.__class__ = WhiteStarState
    result: WhiteStarState = new
    return result


__all__ = ["FIELDS", "StateDraft", "draft", "evolve"]
