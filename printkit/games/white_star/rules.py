"""Stars (also White Star or Two Hundred Stars): a four-player, 43-card trick-taking game.

The game in brief
=================
The deck has four suits, Skulls (the trump suit), Shields, Wands and Leaves, ranked Champion,
King, Queen, Scribe, Lady, 7 down to 2; Skulls has no Champion.  Each hand runs: deal (3 to
each player, 3 to the widow, 4 each, 3 each), an auction for the contract, the contract
holder takes the widow and buries three cards, then ten tricks.  A trick holding a Skull and
one card of each other suit is a *Star*: the Skull loses and its player keeps the trick in a
Star pile whose points go to every opponent (tripled for a *Perfect Star*, where the three
coloured cards share a rank).  The first to 200 after a hand, alone at the top, wins.

Rulings taken by this engine
============================
* The deal passes to the left each hand; the player left of the dealer calls first.
* Bids are whole numbers from ``min_bid`` (default 1), each higher than the last, with no
  maximum (``max_bid``, default none): a bid above what the bidder could possibly score is
  legal and simply fails (``legal_moves`` lists the bids up to the most a hand can score
  and holds every higher one too, see :class:`.auction.AuctionMoves`).  A player who passes
  is out of the auction, which ends when three have passed.  When all four pass the hand
  is thrown in and the next dealer deals (``all_pass="redeal"``), or the dealer holds the
  contract at ``min_bid`` (``all_pass="dealer_forced"``).
* The contract holder takes up the widow and buries as many cards; buried cards count as
  won by the holder.  The holder leads the first trick; the winner of a trick leads next.
* Follow suit if able, else play any card (a Skull is never compulsory).  The highest Skull
  wins, else the highest card of the suit led.
* A Star (one card of each suit, so one Skull, a led Skull included) goes to the Skull's
  player's Star pile.  The next lead goes to the player of the highest non-Skull card,
  ranks compared across suits, the first played winning a tie (``star_lead``: or the
  highest card of the led suit, or the Skull's player).
* A hand score is the points in the cards won (buried cards included) plus the full value
  of every other player's Star pile; a Perfect Star (the three coloured cards of one rank)
  is worth its four cards tripled.  The contract is made when the holder's hand score
  reaches the bid: made adds score + bid, failed adds score - bid; defenders add their
  score.
* After a hand in which someone reaches ``target`` (200) the highest total wins; tied
  leaders play another hand.  Only the target ends the game: there is no cap on deals (a
  simulator bounds the games it plays and reports those it stops as unfinished).
* ``colored_star``: a Star that is not Perfect is won, as ordinary cards, by the player of
  the highest non-Skull card, who leads next; a Perfect Star pays its value untripled.

The notation of positions and moves is described in
:mod:`printkit.games.white_star.notation`, the claims in
:mod:`printkit.games.white_star.claims`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar

from printkit.games.white_star import claims, notation
from printkit.games.white_star import determinize as _determinize
from printkit.games.white_star.auction import AuctionMoves
from printkit.games.white_star.burials import BuryMoves
from printkit.games.white_star.facts import FACTS, Facts
from printkit.games.white_star.state import (
    DEAL,
    EMPTY4,
    MAX_HAND_SCORE,
    NUM_PLAYERS,
    PLAYS,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_PLAYS,
    Bid,
    Bury,
    CardSet,
    Deal,
    Pass,
    Play,
    WhiteStarMove,
    WhiteStarParams,
    WhiteStarState,
    plays_in,
    suit_of,
)
from printkit.games.white_star.transitions import Transitions, next_caller
from printkit.rules.base import NO_PLAYER, Claim, Game, IllegalMoveError, Player

Params = WhiteStarParams

# --------------------------------------------------------------------------- the engine


class WhiteStar(Transitions, Game[WhiteStarState, WhiteStarMove, WhiteStarParams]):
    """The rules of Stars for four players (moves are played by :class:`.Transitions`,
    tricks judged and hands counted by :class:`.scoring.Scoring`)."""

    name: ClassVar[str] = "white-star"
    title: ClassVar[str] = "Stars"
    Params: ClassVar[type[WhiteStarParams]] = WhiteStarParams
    facts: ClassVar[Facts] = FACTS
    """The counts and points of the deck, for booklets to print (``engine.facts.deck``)."""

    def __init__(self, params: WhiteStarParams | None = None) -> None:
        super().__init__(params)
        self.names: tuple[str, ...] = tuple(f"P{i + 1}" for i in range(NUM_PLAYERS))
        self._seats: dict[str, Player] = {n.upper(): i for i, n in enumerate(self.names)}
        self._auctions: dict[int, AuctionMoves] = {}
        """The auction's moves by their lowest bid, made once (they never change, and the
        parameters they depend on are fixed with the engine)."""

    # ------------------------------------------------------------------ play

    def initial_state(self, rng: random.Random) -> WhiteStarState:
        return self._dealt(rng.randrange(NUM_PLAYERS), rng, EMPTY4, deal=1, turns=0)

    def current_player(self, state: WhiteStarState) -> Player:
        phase = state.phase
        if phase == "playing":
            assert state.leader is not None
            return (state.leader + len(state.trick)) % NUM_PLAYERS
        if phase == "bidding":
            return next_caller(state)
        if phase == "burying":
            assert state.bidder is not None
            return state.bidder
        if phase == "dealing":
            return state.dealer
        return NO_PLAYER

    def playable(self, state: WhiteStarState) -> CardSet:
        """The cards the player to move may play: the led suit if they hold it, else any."""
        hand = state.hands[((state.leader or 0) + len(state.trick)) % NUM_PLAYERS]
        if state.trick:
            follow = hand & SUIT_MASKS[state.trick[0] // 11]
            if follow:
                return follow
        return hand

    def legal_moves(self, state: WhiteStarState) -> Sequence[WhiteStarMove]:
        phase = state.phase
        if phase == "playing":  # :meth:`playable`'s cards, as plays
            trick = state.trick
            hand = state.hands[((state.leader or 0) + len(trick)) % NUM_PLAYERS]
            if trick:
                suit = trick[0] // 11
                follow = hand & SUIT_MASKS[suit]
                if follow:
                    return list(SUIT_PLAYS[suit][follow >> 11 * suit])
            return plays_in(hand)
        if phase == "bidding":
            low = self.params.min_bid if state.bid is None else state.bid + 1
            moves = self._auctions.get(low)
            if moves is None:
                moves = AuctionMoves(low, self.params.max_bid)
                if low <= MAX_HAND_SCORE + 1:  # bids an agent chose from the list
                    self._auctions[low] = moves
            return moves
        if phase == "burying":
            assert state.bidder is not None
            hand = state.hands[state.bidder]
            return BuryMoves(hand, self.bury_count(state))
        if phase == "dealing":
            return [DEAL]
        return []

    @staticmethod
    def bury_count(state: WhiteStarState) -> int:
        """How many cards the holder must bury: as many as the widow gave them."""
        holder = state.bidder
        assert holder is not None
        other = state.hands[(holder + 1) % NUM_PLAYERS]
        return state.hands[holder].bit_count() - other.bit_count()

    def illegal_reason(self, state: WhiteStarState, move: WhiteStarMove) -> str | None:
        """Why ``move`` is not legal in ``state`` in players' words, or ``None`` when it is
        (exactly when :meth:`legal_moves` generates it)."""
        phase = state.phase
        if phase == "over":
            return "the game is over"
        who = self.names[self.current_player(state)]
        if isinstance(move, Play):
            if phase != "playing":
                return f"no cards are played during {phase}"
            if move.card not in PLAYS or not state.hands[self.current_player(state)] >> (
                move.card
            ) & 1:
                return f"{who} does not hold that card"
            if not self.playable(state) >> move.card & 1:
                led = SUIT_NAMES[suit_of(state.trick[0])]
                return f"{who} holds {led} and must follow suit"
            return None
        if isinstance(move, Bid):
            if phase != "bidding":
                return f"no bids are made during {phase}"
            low = self.params.min_bid if state.bid is None else state.bid + 1
            if move.amount < low:
                if state.bid is None:
                    return f"the lowest bid is {low}"
                return f"a bid must beat the current {state.bid}"
            high = self.params.max_bid
            if high is not None and move.amount > high:
                return f"bids stop at {high} (max_bid)"
            return None
        if isinstance(move, Pass):
            return None if phase == "bidding" else f"nobody passes during {phase}"
        if isinstance(move, Bury):
            if phase != "burying":
                return f"no cards are buried during {phase}"
            assert state.bidder is not None
            count = self.bury_count(state)
            if move.cards < 0 or move.cards.bit_count() != count:
                return f"{who} must bury exactly {count} cards"
            if move.cards & ~state.hands[state.bidder]:
                return f"{who} does not hold all of those cards"
            return None
        if not isinstance(move, Deal):
            return f"{move!r} is not a move of this game"
        if phase != "dealing":
            return f"there is nothing to deal during {phase}"
        return None

    def refusal(self, state: WhiteStarState, move: WhiteStarMove) -> IllegalMoveError:
        """The refusal, with the phase and the deal it happened in."""
        try:
            text = self.format_move(state, move)
        except ValueError:
            text = repr(move)
        reason = self.illegal_reason(state, move) or "it is not one of the legal moves"
        return IllegalMoveError(
            f"illegal move {text!r}: {reason} (phase {state.phase}, deal {state.deal})"
        )

    def is_terminal(self, state: WhiteStarState) -> bool:
        return state.phase == "over"

    def scores(self, state: WhiteStarState) -> tuple[int, ...]:
        return state.totals

    def winners(self, state: WhiteStarState) -> tuple[Player, ...]:
        if state.phase != "over":
            return ()
        top = max(state.totals)
        return tuple(i for i, t in enumerate(state.totals) if t == top)

    def num_players(self, state: WhiteStarState) -> int:
        return NUM_PLAYERS

    def turn_number(self, state: WhiteStarState) -> int:
        return state.turns

    def player_names(self, state: WhiteStarState) -> tuple[str, ...]:
        return self.names

    def seat_of(self, name: str) -> Player | None:
        """The seat a player name (any case) denotes, or ``None``."""
        return self._seats.get(name.upper())

    # ------------------------------------------------------------------ notation

    def format_move(self, state: WhiteStarState, move: WhiteStarMove) -> str:
        return notation.format_move(move)

    def parse_move(self, state: WhiteStarState, text: str) -> WhiteStarMove:
        return notation.parse_move(text)

    def format_state(self, state: WhiteStarState) -> str:
        return notation.format_state(self, state)

    def parse_state(self, text: str) -> WhiteStarState:
        return notation.parse_state(self, text)

    def view(self, state: WhiteStarState, player: Player) -> str:
        """The position for ``player``: other hands, the widow and (for defenders) buried
        cards are shown only as counts; won cards and Star piles were seen by all."""
        return notation.view(self, state, player)

    def determinize(self, state: WhiteStarState, player: Player,
                    rng: random.Random) -> WhiteStarState:
        return _determinize.determinize(state, player, rng)

    def hidden_from(self, state: WhiteStarState, player: Player) -> Collection[str]:
        return notation.hidden_from(state, player)

    # ------------------------------------------------------------------ claims and figures

    def claims(self) -> Mapping[str, Claim[WhiteStarState]]:
        return claims.claims(self)

    def figures(self, history: Sequence[WhiteStarState]) -> Mapping[str, float]:
        return claims.figures(self, history)

    def heuristic(self, state: WhiteStarState, player: Player) -> float:
        """Totals as they would stand if the hand stopped now, the contract judged as is
        (see :func:`printkit.games.white_star.claims.heuristic`)."""
        return claims.heuristic(self, state, player)

    # ------------------------------------------------------------------ for the simulator

    def deal_number(self, state: WhiteStarState) -> int:
        """Which deal ``state`` belongs to (the simulator's ``--max-deals`` counts these)."""
        return state.deal

    def result_cause(self, state: WhiteStarState) -> str:
        """How a finished game was decided, for the simulator's report."""
        return f"alone at the top after a hand reaching {self.params.target}"

    def figure_shares(self) -> Mapping[str, tuple[str, str]]:
        """The made-contract rate, pooled over every hand a simulation plays."""
        return {"contracts made": ("contracts made", "hands")}


__all__ = ["Params", "WhiteStar"]
