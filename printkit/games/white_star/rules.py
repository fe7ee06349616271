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
  and holds every higher one too, see :class:`.state.AuctionMoves`).  A player who passes
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
from printkit.games.white_star.burials import BuryMoves
from printkit.games.white_star.facts import FACTS, Facts
from printkit.games.white_star.state import (
    ALL_CARDS,
    DEAL,
    DEAL_PATTERN,
    EMPTY4,
    NOBODY_PASSED,
    NUM_PLAYERS,
    PERFECT_FACTOR,
    PLAYS,
    SKULLS,
    SUIT_MASKS,
    SUIT_NAMES,
    AuctionMoves,
    Bid,
    Bury,
    Card,
    CardSet,
    Deal,
    Pass,
    Play,
    TrickOutcome,
    WhiteStarMove,
    WhiteStarParams,
    WhiteStarState,
    card_set,
    evolve,
    is_perfect_star,
    is_star,
    plays_in,
    points,
    rank_of,
    suit_of,
)
from printkit.rules.base import NO_PLAYER, Claim, Game, IllegalMoveError, Player

Params = WhiteStarParams

_PLAIN_OUTCOMES = tuple(TrickOutcome(seat, seat, False, False, False)
                        for seat in range(NUM_PLAYERS))
"""The outcome of an ordinary trick taken by each seat (outcomes are frozen values)."""

# --------------------------------------------------------------------------- the engine


class WhiteStar(Game[WhiteStarState, WhiteStarMove, WhiteStarParams]):
    """The rules of Stars for four players."""

    name: ClassVar[str] = "white-star"
    title: ClassVar[str] = "Stars"
    Params: ClassVar[type[WhiteStarParams]] = WhiteStarParams
    facts: ClassVar[Facts] = FACTS
    """The counts and points of the deck, for booklets to print (``engine.facts.deck``)."""

    def __init__(self, params: WhiteStarParams | None = None) -> None:
        super().__init__(params)
        self.names: tuple[str, ...] = tuple(f"P{i + 1}" for i in range(NUM_PLAYERS))
        self._seats: dict[str, Player] = {n.upper(): i for i, n in enumerate(self.names)}

    # ------------------------------------------------------------------ play

    def initial_state(self, rng: random.Random) -> WhiteStarState:
        return self._dealt(rng.randrange(NUM_PLAYERS), rng, EMPTY4, deal=1, turns=0)

    def _dealt(self, dealer: Player, rng: random.Random, totals: tuple[int, ...], deal: int,
               turns: int) -> WhiteStarState:
        """A fresh hand dealt by ``dealer`` in the 3-widow-4-3 pattern, dealing to the left."""
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        widow = 0
        pos = 0
        for round_no, count in enumerate(DEAL_PATTERN):
            if round_no == 1:
                widow = card_set(deck[pos : pos + count])
                pos += count
                continue
            for i in range(1, NUM_PLAYERS + 1):
                seat = (dealer + i) % NUM_PLAYERS
                hands[seat] |= card_set(deck[pos : pos + count])
                pos += count
        return WhiteStarState(phase="bidding", dealer=dealer, hands=tuple(hands), widow=widow,
                              totals=totals, deal=deal, turns=turns)

    def current_player(self, state: WhiteStarState) -> Player:
        phase = state.phase
        if phase == "playing":
            assert state.leader is not None
            return (state.leader + len(state.trick)) % NUM_PLAYERS
        if phase == "bidding":
            return self._bidding_turn(state)
        if phase == "burying":
            assert state.bidder is not None
            return state.bidder
        if phase == "dealing":
            return state.dealer
        return NO_PLAYER

    @staticmethod
    def _bidding_turn(state: WhiteStarState) -> Player:
        """Whose call it is: the first player still in after the high bidder (or dealer)."""
        start = state.bidder if state.bidder is not None else state.dealer
        for i in range(1, NUM_PLAYERS + 1):
            seat = (start + i) % NUM_PLAYERS
            if not state.passed[seat]:
                return seat
        return state.dealer  # unreachable in a valid state: everybody has passed

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
        if phase == "playing":
            return plays_in(self.playable(state))
        if phase == "bidding":
            low = self.params.min_bid if state.bid is None else state.bid + 1
            return AuctionMoves(low, self.params.max_bid)
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

    def _play(self, state: WhiteStarState, move: WhiteStarMove,
              rng: random.Random) -> WhiteStarState:
        turns = state.turns + 1
        if isinstance(move, Play):
            return self._play_card(state, move.card, turns)
        if isinstance(move, Bid):
            return self._after_call(
                evolve(state, bid=move.amount, bidder=self.current_player(state), turns=turns)
            )
        if isinstance(move, Pass):
            passed = list(state.passed)
            passed[self.current_player(state)] = True
            return self._after_call(evolve(state, passed=tuple(passed), turns=turns))
        if isinstance(move, Bury):
            assert state.bidder is not None
            hands = list(state.hands)
            hands[state.bidder] &= ~move.cards
            return self._start_play(
                evolve(state, hands=tuple(hands), buried=state.buried | move.cards, turns=turns)
            )
        return self._dealt(state.dealer, rng, state.totals, state.deal + 1, turns)

    def _after_call(self, state: WhiteStarState) -> WhiteStarState:
        """End the auction if it is over; otherwise the state as it is."""
        out = sum(state.passed)
        if state.bid is not None and out == NUM_PLAYERS - 1:
            assert state.bidder is not None
            return self._take_widow(state, state.bidder, state.bid)
        if out == NUM_PLAYERS:
            if self.params.all_pass == "dealer_forced":
                return self._take_widow(state, state.dealer, self.params.min_bid)
            return self._hand_over(
                evolve(state, hands=EMPTY4, widow=0, passed=NOBODY_PASSED), scored=False
            )
        return state

    def _take_widow(self, state: WhiteStarState, holder: Player, bid: int) -> WhiteStarState:
        hands = list(state.hands)
        hands[holder] |= state.widow
        state = evolve(state, hands=tuple(hands), widow=0, bid=bid, bidder=holder,
                        passed=NOBODY_PASSED, phase="burying")
        if self.bury_count(state) == 0:  # only in a position written without a widow
            return self._start_play(state)
        return state

    def _start_play(self, state: WhiteStarState) -> WhiteStarState:
        state = evolve(state, phase="playing", leader=state.bidder, trick=())
        if not any(state.hands):
            return self._hand_over(state, scored=True)
        return state

    def _play_card(self, state: WhiteStarState, card: Card, turns: int) -> WhiteStarState:
        leader = state.leader
        assert leader is not None
        seat = (leader + len(state.trick)) % NUM_PLAYERS
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        trick = (*state.trick, card)
        if len(trick) < NUM_PLAYERS:  # most plays: ``evolve`` spelled out, without **kwargs
            after = object.__new__(WhiteStarState)
            fields = after.__dict__
            fields.update(state.__dict__)
            fields["hands"] = tuple(hands)
            fields["trick"] = trick
            fields["turns"] = turns
            return after
        outcome = self.trick_outcome(leader, trick)
        won = state.won
        stars = state.stars
        cards = card_set(trick)
        if outcome.to_star_pile:
            pile = list(stars)
            pile[outcome.taker] = (*pile[outcome.taker], cards)
            stars = tuple(pile)
        else:
            piles = list(won)
            piles[outcome.taker] |= cards
            won = tuple(piles)
        state = evolve(state, hands=tuple(hands), trick=(), leader=outcome.next_leader,
                        won=won, stars=stars, last_leader=leader, last_trick=trick,
                        turns=turns)
        if not any(hands):
            return self._hand_over(state, scored=True)
        return state

    def _hand_over(self, state: WhiteStarState, *, scored: bool) -> WhiteStarState:
        """Credit the hand (unless thrown in), then end the game or pass the deal left."""
        totals = state.totals
        if scored:
            credit = self.hand_credit(state)
            totals = tuple(t + c for t, c in zip(totals, credit, strict=True))
        top = max(totals)
        finished = top >= self.params.target and totals.count(top) == 1
        return evolve(state, phase="over" if finished else "dealing",
                       dealer=(state.dealer + 1) % NUM_PLAYERS, totals=totals, leader=None,
                       trick=())

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

    # ------------------------------------------------------------------ tricks and scoring

    def trick_outcome(self, leader: Player, trick: Sequence[Card]) -> TrickOutcome:
        """Who gathers four cards led by ``leader``, where they go, and who leads next."""
        if not is_star(trick):
            # the lowest Skull takes it, or without one the lowest card of the led suit
            # (a lower card is a stronger one); one pass over the cards
            best, best_card = 0, trick[0]
            trumped = best_card // 11 == SKULLS
            led = best_card // 11
            for i in range(1, len(trick)):
                card = trick[i]
                suit = card // 11
                if suit == SKULLS:
                    if not trumped or card < best_card:
                        best, best_card, trumped = i, card, True
                elif not trumped and suit == led and card < best_card:
                    best, best_card = i, card
            return _PLAIN_OUTCOMES[(leader + best) % NUM_PLAYERS]
        seats = [(leader + i) % NUM_PLAYERS for i in range(len(trick))]
        skulls = [i for i, c in enumerate(trick) if c // 11 == SKULLS]
        skull = skulls[0]
        coloured = [i for i in range(len(trick)) if i != skull]
        highest = min(coloured, key=lambda i: (rank_of(trick[i]), i))
        perfect = len({rank_of(trick[i]) for i in coloured}) == 1
        if self.params.colored_star and not perfect:
            return TrickOutcome(seats[highest], seats[highest], True, False, False)
        lead_rule = self.params.star_lead
        if lead_rule == "skull_player":
            nxt = skull
        elif lead_rule == "highest_of_led_suit" and skull != 0:
            nxt = 0  # one card per suit: the leader's card is the only one of the led suit
        else:
            nxt = highest
        return TrickOutcome(seats[skull], seats[nxt], True, perfect, True)

    def star_value(self, trick: CardSet) -> int:
        """What a Star trick in a pile pays to each opponent of its keeper."""
        value = points(trick)
        if not self.params.colored_star and is_perfect_star(trick):
            return PERFECT_FACTOR * value
        return value

    def hand_points(self, state: WhiteStarState) -> tuple[int, ...]:
        """Points in each player's won cards, the holder's buried cards included."""
        out = [points(w) for w in state.won]
        if state.bidder is not None and state.phase != "bidding":
            out[state.bidder] += points(state.buried)
        return tuple(out)

    def star_pile_values(self, state: WhiteStarState) -> tuple[int, ...]:
        """What each player's Star pile pays to each of the other three."""
        return tuple(sum(self.star_value(t) for t in pile) for pile in state.stars)

    def hand_scores(self, state: WhiteStarState) -> tuple[int, ...]:
        """Each player's hand score: own points plus every other player's Star pile."""
        won = self.hand_points(state)
        piles = self.star_pile_values(state)
        everyone = sum(piles)
        return tuple(w + everyone - s for w, s in zip(won, piles, strict=True))

    def contract_made(self, state: WhiteStarState) -> bool | None:
        """Whether the holder's hand score reaches the bid (``None`` without a contract)."""
        contract = state.contract
        if contract is None:
            return None
        holder, bid = contract
        return self.hand_scores(state)[holder] >= bid

    def hand_credit(self, state: WhiteStarState) -> tuple[int, ...]:
        """What the hand adds to each total: the hand score, and the bid won or lost."""
        credit = list(self.hand_scores(state))
        contract = state.contract
        if contract is not None:
            holder, bid = contract
            credit[holder] += bid if credit[holder] >= bid else -bid
        return tuple(credit)

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
