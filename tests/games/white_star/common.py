"""What the Stars (White Star) tests share: cards from their names, playing moves, playouts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from printkit.games.white_star.rules import WhiteStar
from printkit.games.white_star.state import (
    NUM_PLAYERS,
    CardSet,
    Play,
    WhiteStarMove,
    WhiteStarState,
    cards_in,
    is_perfect_star,
    points,
)
from printkit.rules.base import NO_PLAYER
from tests.games import helpers

GAME = WhiteStar()

Chooser = Callable[[WhiteStar, WhiteStarState, random.Random], WhiteStarMove]


def card(text: str) -> int:
    """The card a name denotes, read through the engine's move notation."""
    move = GAME.parse_move(GAME.parse_state("phase: bidding"), f"play {text}")
    assert isinstance(move, Play)
    return move.card


def card_list(text: str) -> list[int]:
    return [card(word) for word in text.split()]


def cards(text: str) -> CardSet:
    mask = 0
    for word in text.split():
        mask |= 1 << card(word)
    return mask


def play_all(game: WhiteStar, state: WhiteStarState, moves: list[str],
             seed: int = 0) -> WhiteStarState:
    return helpers.play(game, state, *moves, seed=seed)


def names(game: WhiteStar, players: tuple[int, ...]) -> list[str]:
    return [game.names[p] for p in players]


def all_cards(state: WhiteStarState) -> list[int]:
    """Every card the state holds, with repeats if any card were in two places."""
    found = cards_in(state.widow) + cards_in(state.buried) + list(state.trick)
    for mask in (*state.hands, *state.won):
        found += cards_in(mask)
    for pile in state.stars:
        for trick in pile:
            found += cards_in(trick)
    return found


def check_hand_end(game: WhiteStar, before: WhiteStarState, after: WhiteStarState) -> None:
    """The arithmetic of one scored hand."""
    found = all_cards(after)
    assert len(found) == 43 and len(set(found)) == 43
    raw_star = sum(points(t) for pile in after.stars for t in pile)
    won = sum(points(w) for w in after.won) + points(after.buried)
    assert won + raw_star == 80
    # each Star trick worth v with multiplier m moves v out of won cards and pays 3*m*v
    extra = 0
    for pile in after.stars:
        for t in pile:
            m = 3 if is_perfect_star(t) and not game.params.colored_star else 1
            extra += (3 * m - 1) * points(t)
            if game.params.colored_star:
                assert is_perfect_star(t)
    assert sum(game.hand_scores(after)) == 80 + extra
    credit = game.hand_credit(after)
    assert tuple(a - b for a, b in zip(after.totals, before.totals, strict=True)) == credit
    assert before.bidder is not None and before.bid is not None
    made = game.hand_scores(after)[before.bidder] >= before.bid
    assert credit[before.bidder] == game.hand_scores(after)[before.bidder] + (
        before.bid if made else -before.bid
    )


def choose(game: WhiteStar, state: WhiteStarState, rng: random.Random) -> WhiteStarMove:
    """A random move, with bids kept low (uniform bids would make every contract fail)."""
    moves = game.legal_moves(state)
    if state.phase == "bidding":
        if rng.random() < 0.5:
            return moves[-1]
        return rng.choice(moves[: min(6, len(moves) - 1)] or moves)
    return rng.choice(moves)


def playout(game: WhiteStar, seed: int, chooser: Chooser = choose, max_moves: int = 20_000,
            *, must_end: bool = True) -> list[WhiteStarState]:
    """The states of one seeded game, checking the game's invariants at every move; the
    game must end within ``max_moves`` (or is stopped there, unless ``must_end``)."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    history = [state]
    for step in itertools.count():
        if step == max_moves:
            assert not must_end, "game did not end"
            break
        moves = game.legal_moves(state)
        player = game.current_player(state)
        if game.is_terminal(state):
            assert moves == [] and player == NO_PLAYER
            break
        assert moves and 0 <= player < NUM_PLAYERS
        move = chooser(game, state, rng)
        after = game.apply(state, move, rng)
        assert after.turns == state.turns + 1
        if after.phase in ("bidding", "burying", "playing"):
            found = all_cards(after)
            assert len(found) == 43 and len(set(found)) == 43
        if state.phase == "playing" and after.phase in ("dealing", "over"):
            check_hand_end(game, state, after)
        state = after
        history.append(state)
    return history
