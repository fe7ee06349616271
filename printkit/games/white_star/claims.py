"""What example files may claim about a position of Stars, and the simulator's figures.

Claims (besides the generic ``legal``, ``legal_moves``, ``to_move``, ``scores``,
``winners`` and ``terminal``): ``phase``, ``dealer``, ``hand_points``, ``star_piles``,
``hand_scores``, ``totals``, ``contract``, ``high_bid``, ``contract_made``,
``trick_winner``, ``is_star_trick``, ``is_perfect_star``, ``leader``,
``card_points(CARD)``, ``legal_cards`` and ``points_gathered`` (the points of every card
taken, buried or in a Star pile, each counted once: every point of a finished hand).
Per-player answers are mappings from player names (``{P1: 54, P2: 6, ...}``).

>>> from printkit.games.white_star.rules import WhiteStar
>>> game = WhiteStar()
>>> game.claims()["card_points"].compute(game.parse_state("phase: bidding"), "KW")
5
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from printkit.games.white_star.engine_needs import Rules
from printkit.games.white_star.notation import read_card
from printkit.games.white_star.state import (
    NUM_PLAYERS,
    SKULLS,
    SUIT_MASKS,
    CardSet,
    TrickOutcome,
    WhiteStarState,
    card_name,
    card_points,
    cards_in,
    points,
)
from printkit.rules.base import Claim, Player

Compute = Callable[[WhiteStarState, str | None], object]

# --------------------------------------------------------------------------- claims


def claims(game: Rules) -> Mapping[str, Claim[WhiteStarState]]:
    """The claims table of ``game``."""
    names = game.names

    def per_player(fn: Callable[[WhiteStarState], Sequence[int]]) -> Compute:
        def compute(state: WhiteStarState, argument: str | None) -> object:
            _no_argument(argument)
            return dict(zip(names, fn(state), strict=True))

        return compute

    def simple(fn: Callable[[WhiteStarState], object]) -> Compute:
        def compute(state: WhiteStarState, argument: str | None) -> object:
            _no_argument(argument)
            return fn(state)

        return compute

    def contract(state: WhiteStarState) -> object:
        c = state.contract
        return None if c is None else {"holder": names[c[0]], "bid": c[1]}

    def high_bid(state: WhiteStarState) -> object:
        if state.phase != "bidding" or state.bid is None or state.bidder is None:
            return None
        return {"bidder": names[state.bidder], "bid": state.bid}

    def last_outcome(state: WhiteStarState) -> TrickOutcome | None:
        if not state.last_trick or state.last_leader is None:
            return None
        return game.trick_outcome(state.last_leader, state.last_trick)

    def trick_winner(state: WhiteStarState) -> object:
        out = last_outcome(state)
        return None if out is None else names[out.taker]

    def star_flag(state: WhiteStarState) -> object:
        out = last_outcome(state)
        return None if out is None else out.star

    def perfect_flag(state: WhiteStarState) -> object:
        out = last_outcome(state)
        return None if out is None else out.star and out.perfect

    def leader(state: WhiteStarState) -> object:
        return None if state.leader is None else names[state.leader]

    def legal_cards(state: WhiteStarState) -> object:
        if state.phase != "playing":
            return []
        return [card_name(c) for c in cards_in(game.playable(state))]

    def points_of(state: WhiteStarState, argument: str | None) -> object:
        if argument is None:
            raise ValueError("card_points needs a card, e.g. card_points(KW)")
        return card_points(read_card(argument))

    def gathered(state: WhiteStarState) -> object:
        cards = state.buried
        for pile in state.won:
            cards |= pile
        for tricks in state.stars:
            for trick in tricks:
                cards |= trick
        return points(cards)

    return {
        "phase": Claim(simple(lambda s: s.phase),
                       "bidding, burying, playing, dealing (hand over) or over"),
        "dealer": Claim(simple(lambda s: names[s.dealer]),
                        "who dealt this hand (in phase dealing: who deals next)"),
        "hand_points": Claim(per_player(game.hand_points),
                             "{player: points in cards won this hand, buried included}"),
        "star_piles": Claim(per_player(game.star_pile_values),
                            "{player: what their Star pile pays each opponent}"),
        "hand_scores": Claim(per_player(game.hand_scores),
                             "{player: hand score (own points plus others' Star piles)}"),
        "totals": Claim(per_player(lambda s: s.totals), "{player: running total}"),
        "contract": Claim(simple(contract), "{holder, bid} or null before/without one"),
        "high_bid": Claim(simple(high_bid), "{bidder, bid} during the auction, else null"),
        "contract_made": Claim(simple(game.contract_made),
                               "whether the holder's hand score reaches the bid"),
        "trick_winner": Claim(simple(trick_winner),
                              "who gathered the last completed trick (into a Star pile "
                              "for a Star trick)"),
        "is_star_trick": Claim(simple(star_flag), "whether the last trick was a Star"),
        "is_perfect_star": Claim(simple(perfect_flag),
                                 "whether the last trick was a Perfect Star"),
        "leader": Claim(simple(leader), "who leads (or led) the trick being played"),
        "card_points": Claim(points_of, "points a card counts", takes_argument=True),
        "legal_cards": Claim(simple(legal_cards), "cards the player to move may play",
                             unordered=True),
        "points_gathered": Claim(simple(gathered),
                                 "points of the cards taken, buried or in Star piles, each "
                                 "card once (all the hand's points once it is played out)"),
    }


# --------------------------------------------------------------------------- the simulator


def figures(game: Rules, history: Sequence[WhiteStarState]) -> Mapping[str, float]:
    """Hands, throw-ins, contracts made and failed, Star tricks and Perfect Stars of one
    game."""
    counts = dict.fromkeys(
        ("hands", "redeals", "contracts made", "contracts failed", "star tricks",
         "perfect stars"),
        0.0,
    )
    for before, after in itertools.pairwise(history):
        if before.phase == "playing" and len(before.trick) == NUM_PLAYERS - 1:
            out = game.trick_outcome(after.last_leader or 0, after.last_trick)
            counts["star tricks"] += out.star
            counts["perfect stars"] += out.perfect
        if after.phase in ("dealing", "over") and before.phase not in ("dealing", "over"):
            made = game.contract_made(after)
            if made is None:
                counts["redeals"] += 1
            else:
                counts["hands"] += 1
                counts["contracts made" if made else "contracts failed"] += 1
    return counts


def heuristic(game: Rules, state: WhiteStarState, player: Player) -> float:
    """Totals as they would stand if the hand stopped now, the contract judged as is.

    During the auction the high bidder is rated by how far the bid sits below a rough
    worth of their hand, so a one-move lookahead bids the minimum while the hand looks
    good enough and passes otherwise.
    """
    totals = state.totals
    if state.phase in ("burying", "playing"):
        totals = tuple(t + c for t, c in zip(totals, game.hand_credit(state), strict=True))
    others = max(t for i, t in enumerate(totals) if i != player)
    value = float(totals[player] - others)
    if state.phase == "bidding" and state.bidder == player and state.bid is not None:
        value += hand_worth(state.hands[player]) - state.bid
    return value


def hand_worth(hand: CardSet) -> float:
    """A rough guess of what a hand could score for its holder (for the greedy agent only).

    The card points it holds, plus 3 for each Skull (trumps win tricks) and 2 for each
    Champion; an average ten-card hand comes to about 27.
    """
    skulls = (hand & SUIT_MASKS[SKULLS]).bit_count()
    champions = sum(hand >> (11 * s) & 1 for s in range(1, 4))
    return float(points(hand) + 3 * skulls + 2 * champions)


# --------------------------------------------------------------------------- helpers


def _no_argument(argument: str | None) -> None:
    if argument is not None:
        raise ValueError(f"this claim takes no argument, got {argument!r}")


__all__ = ["claims", "figures", "hand_worth", "heuristic"]
