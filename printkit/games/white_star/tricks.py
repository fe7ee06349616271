"""The tricks an example played, read back from its moves and the position they reached.

A booklet example gives its moves and the engine gives the position after them; a diagram
wants each trick as it lay on the table: its cards in order, who played each and what
became of it.  The moves say which cards were played; the position says how the last
trick was led (``last_leader``) and who leads the trick under way.  Going backwards from
there, each earlier trick's leader follows from the next one's: the player who leads next
played the trick's ``k``-th card, where ``k`` depends on the cards alone.

>>> import random
>>> from printkit.games.white_star.rules import WhiteStar
>>> game = WhiteStar()
>>> start = game.parse_state("contract: P1 30\\nP1: KH 2W\\nP2: 7H 3W\\nP3: 2X QV\\nP4: QH 4H")
>>> moves = [game.parse_move(start, m) for m in ("KH", "7H", "2X", "QH")]
>>> state = start
>>> for move in moves:
...     state = game.apply(state, move, random.Random(0))
>>> [(t.leader, t.cards_text, t.taker) for t in tricks_played(game, state, moves)]
[(0, 'KH 7H 2X QH', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    DECK,
    NUM_PLAYERS,
    Card,
    Deal,
    Play,
    TrickOutcome,
    WhiteStarState,
    card_name,
    card_set,
    points,
)
from printkit.rules.base import Player


@dataclass(frozen=True)
class PlayedTrick:
    """A trick as it lay on the table: its cards in the order played, from ``leader``."""

    leader: Player
    cards: tuple[Card, ...]
    number: int | None
    """Its number in the hand (1 to 10), when the position holds a whole deal."""
    outcome: TrickOutcome | None
    """What became of it; ``None`` while it is being played."""

    @property
    def seats(self) -> tuple[Player, ...]:
        """Who played each card."""
        return tuple((self.leader + i) % NUM_PLAYERS for i in range(len(self.cards)))

    @property
    def taker(self) -> Player | None:
        """Who gathered it (into a Star pile for a Star), once it is complete."""
        return None if self.outcome is None else self.outcome.taker

    @property
    def points(self) -> int:
        """The points of its cards, as counted (a Perfect Star's tripling aside)."""
        return points(card_set(self.cards))

    @property
    def cards_text(self) -> str:
        """Its cards in notation, in the order played."""
        return " ".join(card_name(c) for c in self.cards)


def whole_deal(state: WhiteStarState) -> bool:
    """Whether the position holds all 43 cards (so its tricks can be numbered)."""
    found = state.widow | state.buried | card_set(state.trick)
    for cards in (*state.hands, *state.won):
        found |= cards
    for pile in state.stars:
        for trick in pile:
            found |= trick
    return found == DECK


def tricks_done(state: WhiteStarState) -> int:
    """How many tricks of this hand have been gathered."""
    cards = sum(w.bit_count() for w in state.won)
    cards += sum(t.bit_count() for pile in state.stars for t in pile)
    return cards // NUM_PLAYERS


def tricks_played(game: WhiteStar, state: WhiteStarState,
                  moves: Sequence[object]) -> list[PlayedTrick]:
    """The tricks completed by ``moves`` (one begun before the first move is left out, as
    its first cards are not known), then the trick under way, if any."""
    plays: list[Card] = []
    for move in moves:
        if isinstance(move, Deal):
            plays = []  # a new hand: what went before belongs to the last one
        elif isinstance(move, Play):
            plays.append(move.card)
    under_way = state.trick if state.phase == "playing" else ()
    finished = plays[:len(plays) - min(len(under_way), len(plays))]
    first = len(finished) % NUM_PLAYERS
    groups = [tuple(finished[i:i + NUM_PLAYERS])
              for i in range(first, len(finished), NUM_PLAYERS)]
    numbered = whole_deal(state)
    done = tricks_done(state)
    found: list[PlayedTrick] = []
    leader = state.last_leader
    for back, cards in enumerate(reversed(groups)):
        if leader is None:
            break
        outcome = game.trick_outcome(leader, cards)
        found.append(PlayedTrick(leader, cards, done - back if numbered else None, outcome))
        if back + 1 < len(groups):  # who led the trick before: the one who led this one
            earlier = groups[len(groups) - back - 2]  # played its k-th card, k from its cards
            leader = (leader - game.trick_outcome(0, earlier).next_leader) % NUM_PLAYERS
    found.reverse()
    if under_way and state.leader is not None:
        found.append(PlayedTrick(state.leader, under_way, done + 1 if numbered else None,
                                 None))
    return found


def last_trick(game: WhiteStar, state: WhiteStarState) -> PlayedTrick | None:
    """The last completed trick the position remembers, for a diagram without moves."""
    if not state.last_trick or state.last_leader is None:
        return None
    return PlayedTrick(state.last_leader, state.last_trick,
                       tricks_done(state) if whole_deal(state) else None,
                       game.trick_outcome(state.last_leader, state.last_trick))


__all__ = ["PlayedTrick", "last_trick", "tricks_done", "tricks_played", "whole_deal"]
