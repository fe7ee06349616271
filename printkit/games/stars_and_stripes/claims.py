"""Stars and Stripes' claims (the questions a booklet example may ask), figures and heuristic.

Each claim answers in plain data, naming players and squares as the notation does
(``NE``, ``2,5``).  ``illegal_reason(MOVE)`` answers with a stable code from
:data:`~printkit.games.stars_and_stripes.state.REASONS` (``matching``, ``occupied`` ...), or
null for a legal move, so example files do not depend on the wording of refusals.

>>> import random
>>> from printkit.games.stars_and_stripes.rules import StarsAndStripes
>>> game = StarsAndStripes()
>>> state, answers = game.initial_state(random.Random(1)), claims(game)
>>> answers["board_size"].compute(state, None), answers["matches"].compute(state, "5*6 5*4")
(7, True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence

from printkit.games.stars_and_stripes.engine_needs import Rules
from printkit.games.stars_and_stripes.notation import card_words, parse_card, parse_square
from printkit.games.stars_and_stripes.state import (
    EMPTY,
    FOLLOWER,
    TRUMP,
    StarsAndStripesMove,
    StarsAndStripesState,
    cards_match,
    squares_of,
)
from printkit.rules.base import Claim, Player, score_lead

State = StarsAndStripesState
Compute = Callable[[State, str | None], object]


def claims(game: Rules) -> Mapping[str, Claim[State]]:
    """The claims of a game played with ``game``'s parameters."""

    def plain(answer: Callable[[State], object]) -> Compute:
        """A claim that takes no argument."""
        def compute(state: State, argument: str | None) -> object:
            if argument is not None:
                raise ValueError(f"this claim takes no argument, got {argument!r}")
            return answer(state)
        return compute

    def needs(answer: Callable[[State, str], object]) -> Compute:
        """A claim that needs an argument."""
        def compute(state: State, argument: str | None) -> object:
            if argument is None or not argument.strip():
                raise ValueError("this claim needs an argument in parentheses")
            return answer(state, argument)
        return compute

    names = game.names
    return {
        "followers": Claim(plain(lambda s: dict(zip(names, game.scores(s), strict=True))),
                           "followers per player (home included)"),
        "independents": Claim(plain(lambda s: s.independents.bit_count()),
                              "number of independents"),
        "independent_squares": Claim(
            plain(lambda s: [game.square_text(q) for q in squares_of(s.independents)]),
            "squares of the independents", unordered=True),
        "trump_holder": Claim(
            plain(lambda s: names[s.trump_holder] if s.trump_holder >= 0 else None),
            "the player holding the Trump, or null"),
        "legal_placements": Claim(
            needs(lambda s, a: _legal_placements(game, s, a)),
            "squares where the player to move could place CARD as a follower (whoever "
            "holds it)", unordered=True, takes_argument=True),
        "legal_independent_squares": Claim(
            plain(lambda s: _independent_squares(game, s)),
            "squares where an independent could go", unordered=True),
        "legal_followers": Claim(
            plain(lambda s: _legal_followers(game, s)),
            "every 'square card' follower placement for the player to move, over all "
            "cards not on the board", unordered=True),
        "captures": Claim(needs(lambda s, a: _captures(game, s, a)),
                          "squares of the independents the (legal) MOVE would take",
                          unordered=True, takes_argument=True),
        "claims_trump": Claim(needs(lambda s, a: _claims_trump(game, s, a)),
                              "whether the (legal) MOVE takes the Trump",
                              takes_argument=True),
        "illegal_reason": Claim(
            needs(lambda s, a: game.refusal_code(s, game.parse_move(s, a))),
            "why MOVE is illegal (a code), or null if it is legal", takes_argument=True),
        "owner": Claim(needs(lambda s, a: _owner(game, s, a)),
                       "what lies on SQUARE: a player name, 'independent', 'trump' or null",
                       takes_argument=True),
        "matches": Claim(
            needs(lambda s, a: all(cards_match(x, y) for x, y in itertools.pairwise(
                card_words(game.params.decks, a)))),
            "whether each card of CARDS matches the next one", takes_argument=True),
        "hand": Claim(needs(lambda s, a: _hand(game, s, a)),
                      "the cards in PLAYER's hand", unordered=True, takes_argument=True),
        "fitting_cards": Claim(
            needs(lambda s, a: _fitting_cards(game, s, a)),
            "every 'square card' follower placement PLAYER could make now with a card of "
            "their own hand, as if it were their turn", unordered=True, takes_argument=True),
        "open_squares": Claim(
            needs(lambda s, a: _open_squares(game, s, a)),
            "the squares where PLAYER could place some card not on the board as a follower, "
            "as if it were their turn", unordered=True, takes_argument=True),
        "hand_sizes": Claim(
            plain(lambda s: {names[p]: (len(h) if h is not None else None)
                             for p, h in enumerate(s.hands)}),
            "cards in each hand (null for an unknown hand)"),
        "first_player": Claim(plain(lambda s: names[s.first]),
                              "the player who opens each round"),
        "placed_this_round": Claim(plain(lambda s: s.placed),
                                   "whether a card was placed earlier in this round"),
        "cards_per_player": Claim(plain(lambda s: game.cards_per_player),
                                  "cards dealt to each player"),
        "board_size": Claim(plain(lambda s: game.size), "the side of the board"),
        "homes": Claim(plain(lambda s: {names[p]: game.square_text(q)
                                        for p, q in enumerate(game.home_indices)}),
                       "each player's home square"),
        "trump_square": Claim(plain(lambda s: game.square_text(game.centre)),
                              "the Trump's square"),
    }


def _mover(state: State) -> Player:
    if state.to_move < 0:
        raise ValueError("the game is over: nobody is to move")
    return state.to_move


def _legal_placements(game: Rules, state: State, argument: str) -> object:
    card = parse_card(game.params.decks, argument.strip(), argument,
                      len(argument) - len(argument.lstrip()))
    if card in state.cells:
        raise ValueError(f"card {game.card_text(card)} is already on the board")
    options = game.follower_options(state, _mover(state))
    return [game.square_text(s) for s, allowed in options if allowed >> card & 1]


def _seat(game: Rules, argument: str) -> Player:
    name = argument.strip().upper()
    if name not in game.names:
        raise ValueError(f"no player {argument.strip()!r}: the players are "
                         f"{', '.join(game.names)}")
    return game.names.index(name)


def _hand(game: Rules, state: State, argument: str) -> object:
    hand = state.hands[_seat(game, argument)]
    if hand is None:
        raise ValueError(f"the hand of {argument.strip()} is not known in this position")
    return [game.card_text(c) for c in sorted(hand)]


def _fitting_cards(game: Rules, state: State, argument: str) -> object:
    seat = _seat(game, argument)
    hand = state.hands[seat]
    if hand is None:
        raise ValueError(f"the hand of {argument.strip()} is not known in this position")
    options = game.follower_options(state, seat)
    return [f"{game.square_text(s)} {game.card_text(c)}"
            for s, allowed in options for c in sorted(hand) if allowed >> c & 1]


def _open_squares(game: Rules, state: State, argument: str) -> object:
    seat = _seat(game, argument)
    placed = set(state.cells)
    loose = sum(1 << c for c in range(game.n_cards) if c not in placed)
    return [game.square_text(s) for s, allowed in game.follower_options(state, seat)
            if allowed & loose]


def _independent_squares(game: Rules, state: State) -> object:
    _mover(state)
    return [game.square_text(s) for s in state.free]


def _legal_followers(game: Rules, state: State) -> object:
    options = game.follower_options(state, _mover(state))
    loose = sorted(set(range(game.n_cards)) - set(state.cells))
    return [f"{game.square_text(s)} {game.card_text(c)}"
            for s, allowed in options for c in loose if allowed >> c & 1]


def _legal_move(game: Rules, state: State, argument: str) -> StarsAndStripesMove:
    move = game.parse_move(state, argument)
    reason = game.refusal_code(state, move)
    if reason is not None:
        raise ValueError(f"{argument!r} is not a legal move here ({reason})")
    return move


def _captures(game: Rules, state: State, argument: str) -> object:
    move = _legal_move(game, state, argument)
    if move.kind != FOLLOWER:
        return []
    return [game.square_text(s) for s in squares_of(game.capture_group(state, move.square))]


def _claims_trump(game: Rules, state: State, argument: str) -> object:
    move = _legal_move(game, state, argument)
    if move.kind != FOLLOWER or state.trump_holder >= 0:
        return False
    return game.apply(state, move, random.Random(0)).trump_holder == state.to_move


def _owner(game: Rules, state: State, argument: str) -> object:
    square = parse_square(game, argument)
    card = state.cells[square]
    if card == EMPTY:
        return None
    if card == TRUMP:
        return "trump"
    for seat, mask in enumerate(state.followers):
        if mask >> square & 1:
            return game.names[seat]
    return "independent"


# --------------------------------------------------------------------------- the simulator


def figures(game: Rules, history: Sequence[State]) -> Mapping[str, float]:
    """Counts for one game: placements, captures, exchanges, passes and how it ended."""
    counts = {
        "trump captured": 0.0,
        "independents placed": 0.0,
        "independents captured": 0.0,
        "followers placed": 0.0,
        "exchanges": 0.0,
        "passes": 0.0,
        "ended by empty hand": 0.0,
        "shared win": 0.0,
    }
    if not history:
        return counts
    for before, after in itertools.pairwise(history):
        new = after.occupied & ~before.occupied
        if not new:
            counts["exchanges" if after.hands != before.hands else "passes"] += 1
        elif new & after.independents:
            counts["independents placed"] += 1
        else:
            counts["followers placed"] += 1
            counts["independents captured"] += (
                before.independents & ~after.independents).bit_count()
    last = history[-1]
    counts["trump captured"] = 1.0 if last.trump_holder >= 0 else 0.0
    if game.is_terminal(last):
        counts["ended by empty hand"] = float(game.someone_out_of_cards(last.cells,
                                                                        last.hands))
        counts["shared win"] = float(len(game.winners(last)) > 1)
    return counts


def heuristic(game: Rules, state: State, player: Player) -> float:
    """Follower lead over the best opponent, plus a bonus of 3 for holding the Trump."""
    value = score_lead(game.scores(state), player)
    if state.trump_holder == player:
        value += 3.0
    return value


__all__ = ["claims", "figures", "heuristic"]
