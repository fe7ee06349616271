"""Stars (also White Star or Two Hundred Stars): a four-player, 43-card trick-taking game.

The deck has four suits, Skulls (the trump suit), Shields, Wands and Leaves, ranked Champion,
King, Queen, Scribe, Lady, 7 down to 2; Skulls has no Champion.  Each hand runs: deal (3 to
each player, 3 to the widow, 4 each, 3 each), an auction for the contract, the contract
holder takes the widow and buries three cards, then ten tricks.  A trick holding a Skull and
one card of each other suit is a *Star*: the Skull loses and its player keeps the trick in a
Star pile whose points go to every opponent (tripled for a *Perfect Star*, where the three
coloured cards share a rank).  The first to 200 after a hand, alone at the top, wins.

Rulings the source leaves open are parameters (see :class:`StarsParams`).

Notation
--------
A card is a rank letter then a suit letter: ranks ``C`` (Champion), ``K``, ``Q``, ``J``
(Scribe, the Jack of a standard deck), ``T`` (Lady, the standard deck's 10), ``7`` .. ``2``;
suits ``X`` (Skulls), ``S`` (Shields), ``W`` (Wands), ``L`` (Leaves).  ``KW`` is the King
of Wands, ``TX`` the Lady of Skulls.  Input is case-insensitive and also takes the suit
first (``WK``), ``A`` for the Champion and ``10`` for the Lady.

Moves: ``bid 57``, ``pass``, ``bury 7X 2S 3L``, ``play KW`` (a bare card also means play)
and ``deal`` (the next dealer shuffles and deals once a hand is over).

A position is a set of ``key: value`` lines in any order (blank lines and ``#`` comments
are ignored, extra spaces and commas are fine, and an indented line without a colon
continues a long list from the line before)::

    phase: playing          # bidding | burying | playing | dealing | over
    dealer: P4              # in phase dealing: the player about to deal
    deal: 1                 # how many deals so far, throw-ins included (default 1)
    turns: 0                # decisions taken so far (default 0)
    totals: 0 0 0 0         # running totals in seat order (default all 0)
    contract: P1 57         # holder and bid (phases after the auction)
    bid: P2 12              # highest bid so far (phase bidding)
    passed: P3              # players out of the auction (phase bidding)
    P1: KX 7X CS 2W         # a hand; a player left out holds no cards
    widow: 2X 3X 4X
    buried: 2S 3S 4S
    P2 won: CW 7W 6W QW     # cards taken in tricks
    P3 stars: [2X KS JW 2L] # Star piles, one bracket per Star trick
    trick: P2 KS 7S         # the leader, then the cards played so far, in order
    last trick: P1 ...      # the last completed trick: its leader and its four cards

A position need not hold all 43 cards: cards it does not mention are out of the example.
Whatever is written must fit the phase (hands of matching sizes, no card twice).  Phase
defaults to ``playing`` when a contract is given and ``bidding`` otherwise; the dealer
defaults to P4; the trick to the contract holder leading an empty trick.  Whose call it is
in the auction follows from the dealer, the high bid and the passes.  With short hands the
hand simply ends when every hand is empty, and the holder buries as many cards as the widow
held.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final, Literal, cast, get_args

from printkit.errors import did_you_mean
from printkit.rules.base import (
    NO_PLAYER,
    Claim,
    Game,
    IllegalMoveError,
    NotationError,
    Player,
)

# --------------------------------------------------------------------------- cards

Card = int
"""A card as ``suit * 11 + rank``; rank 0 is the Champion, 10 the 2 (lower is stronger)."""

CardSet = int
"""A set of cards as a bit mask: bit ``card`` is set when the card is in the set."""

NUM_PLAYERS: Final = 4
SKULLS: Final = 0
SUIT_LETTERS: Final = "XSWL"
SUIT_NAMES: Final = ("Skulls", "Shields", "Wands", "Leaves")
RANK_LETTERS: Final = "CKQJT765432"
RANK_NAMES: Final = ("Champion", "King", "Queen", "Scribe", "Lady", "7", "6", "5", "4", "3", "2")
RANK_POINTS: Final = (0, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1)
_RANK_ALIASES: Final = {"A": "C", "10": "T"}

_SUIT_BITS: Final = (1 << 11) - 1
SUIT_MASKS: Final = tuple((_SUIT_BITS << (11 * s)) & ~1 for s in range(4))
"""The cards of each suit; bit 0 would be the Champion of Skulls, which does not exist."""
DECK: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
HAND_POINTS_TOTAL: Final = 80
HAND_SIZE: Final = 10
WIDOW_SIZE: Final = 3
DEAL_PATTERN: Final = (3, WIDOW_SIZE, 4, 3)
"""Cards per player in each round of the deal; the second entry goes to the widow instead."""

_ALL_CARDS: Final = tuple(c for c in range(44) if DECK >> c & 1)
_CARD_NAMES: Final = {c: RANK_LETTERS[c % 11] + SUIT_LETTERS[c // 11] for c in _ALL_CARDS}
_CHUNK_POINTS: Final = tuple(
    sum(RANK_POINTS[r] for r in range(11) if m >> r & 1) for m in range(1 << 11)
)
_CHUNK_CARDS: Final = tuple(
    tuple(tuple(11 * s + r for r in range(11) if m >> r & 1) for m in range(1 << 11))
    for s in range(4)
)
"""For each suit and each 11-bit pattern of ranks, the cards it stands for."""
_SPELLINGS: Final = {
    spelling: c
    for c in _ALL_CARDS
    for rank in (RANK_LETTERS[c % 11], *(a for a, r in _RANK_ALIASES.items()
                                          if r == RANK_LETTERS[c % 11]))
    for spelling in (rank + SUIT_LETTERS[c // 11], SUIT_LETTERS[c // 11] + rank)
}
"""Every accepted spelling of every card (upper case): rank-suit, suit-rank, aliases."""


def suit_of(card: Card) -> int:
    """0 Skulls, 1 Shields, 2 Wands, 3 Leaves."""
    return card // 11


def rank_of(card: Card) -> int:
    """0 for the Champion up to 10 for the 2: a lower number beats a higher one."""
    return card % 11


def card_points(card: Card) -> int:
    """The points a card is worth when counted."""
    return RANK_POINTS[card % 11]


def card_name(card: Card) -> str:
    """The card in notation, e.g. ``KW``."""
    return _CARD_NAMES[card]


def points(cards: CardSet) -> int:
    """The points in a set of cards."""
    return (
        _CHUNK_POINTS[cards & _SUIT_BITS]
        + _CHUNK_POINTS[(cards >> 11) & _SUIT_BITS]
        + _CHUNK_POINTS[(cards >> 22) & _SUIT_BITS]
        + _CHUNK_POINTS[cards >> 33]
    )


def cards_in(cards: CardSet) -> list[Card]:
    """The cards of a set in notation order (Skulls, Shields, Wands, Leaves; high to low)."""
    return [
        *_CHUNK_CARDS[0][cards & _SUIT_BITS],
        *_CHUNK_CARDS[1][(cards >> 11) & _SUIT_BITS],
        *_CHUNK_CARDS[2][(cards >> 22) & _SUIT_BITS],
        *_CHUNK_CARDS[3][cards >> 33],
    ]


def card_set(cards: Sequence[Card]) -> CardSet:
    """The set holding ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def hand_worth(hand: CardSet) -> float:
    """A rough guess of what a hand could score for its holder (for the greedy agent only).

    The card points it holds, plus 3 for each Skull (trumps win tricks) and 2 for each
    Champion; an average ten-card hand comes to about 27.
    """
    skulls = (hand & SUIT_MASKS[SKULLS]).bit_count()
    champions = sum(hand >> (11 * s) & 1 for s in range(1, 4))
    return float(points(hand) + 3 * skulls + 2 * champions)


def is_perfect_star(cards: CardSet) -> bool:
    """Whether a Star trick's three coloured cards share one rank."""
    coloured = cards_in(cards & ~SUIT_MASKS[SKULLS])
    return len(coloured) == 3 and len({rank_of(c) for c in coloured}) == 1


def is_star(trick: Sequence[Card]) -> bool:
    """Whether four cards hold one card of each suit (and so exactly one Skull)."""
    return len(trick) == 4 and len({suit_of(c) for c in trick}) == 4


# --------------------------------------------------------------------------- parameters

AllPass = Literal["redeal", "dealer_forced"]
StarLead = Literal["highest_non_skull", "highest_of_led_suit", "skull_player"]


@dataclass(frozen=True)
class StarsParams:
    """Every ruling a table could settle differently, with the booklet's default.

    ``min_bid``: the lowest bid allowed (bids rise by 1).  ``all_pass``: when all four pass,
    throw the hand in and let the next dealer deal (``redeal``), or the dealer holds the
    contract at ``min_bid`` (``dealer_forced``).  ``star_lead``: who leads after a Star
    trick: the player of the highest non-Skull card (ranks compared across suits, the first
    played wins a tie), the player of the highest card of the led suit (when a Skull was led
    this falls back to the highest non-Skull card), or the Skull's player.  ``target``: the
    total that ends the game.  ``colored_star``: the Colored-Star variant.

    Two practical bounds that are not rules: ``max_bid`` caps the auction so move lists stay
    short (no real bid comes near it), and ``max_deals`` stops a game after that many deals
    (throw-ins included), the highest total winning and ties sharing; ``None`` never stops.
    """

    min_bid: int = 1
    all_pass: AllPass = "redeal"
    star_lead: StarLead = "highest_non_skull"
    target: int = 200
    colored_star: bool = False
    max_bid: int = 120
    max_deals: int | None = 100

    def __post_init__(self) -> None:
        if self.min_bid < 1:
            raise ValueError(f"min_bid: must be at least 1, not {self.min_bid}")
        if self.max_bid < self.min_bid:
            raise ValueError(
                f"max_bid: must be at least min_bid ({self.min_bid}), not {self.max_bid}"
            )
        if self.target < 1:
            raise ValueError(f"target: must be at least 1, not {self.target}")
        if self.max_deals is not None and self.max_deals < 1:
            raise ValueError(f"max_deals: must be at least 1 or none, not {self.max_deals}")


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Bid:
    """Offer to score at least ``amount`` points this hand."""

    amount: int


@dataclass(frozen=True)
class Pass:
    """Leave the auction for this hand."""


@dataclass(frozen=True)
class Bury:
    """The contract holder puts these cards aside; they count as won by the holder."""

    cards: CardSet


@dataclass(frozen=True)
class Play:
    """Play a card to the trick."""

    card: Card


@dataclass(frozen=True)
class Deal:
    """The next dealer shuffles and deals a new hand."""


Move = Bid | Pass | Bury | Play | Deal

PASS: Final = Pass()
DEAL: Final = Deal()
_PLAYS: Final = {c: Play(c) for c in _ALL_CARDS}

# --------------------------------------------------------------------------- state

Phase = Literal["bidding", "burying", "playing", "dealing", "over"]
PHASES: Final[tuple[str, ...]] = get_args(Phase)


@dataclass(frozen=True)
class StarsState:
    """A position: one hand in progress (or just finished) plus the running totals.

    ``bid``/``bidder`` are the highest bid during the auction and the contract afterwards
    (``None`` when the hand was thrown in).  ``passed`` flags players out of the auction.
    ``leader`` and ``trick`` describe the trick being played (phase ``playing`` only);
    ``last_leader``/``last_trick`` the last completed one.  ``stars`` holds each player's
    Star pile, one card set per Star trick.  In phase ``dealing`` the hand is over and
    ``dealer`` is the player about to deal the next one.
    """

    phase: Phase
    dealer: Player
    hands: tuple[CardSet, ...] = (0, 0, 0, 0)
    widow: CardSet = 0
    totals: tuple[int, ...] = (0, 0, 0, 0)
    deal: int = 1
    turns: int = 0
    bid: int | None = None
    bidder: Player | None = None
    passed: tuple[bool, ...] = (False, False, False, False)
    buried: CardSet = 0
    leader: Player | None = None
    trick: tuple[Card, ...] = ()
    won: tuple[CardSet, ...] = (0, 0, 0, 0)
    stars: tuple[tuple[CardSet, ...], ...] = ((), (), (), ())
    last_leader: Player | None = None
    last_trick: tuple[Card, ...] = ()

    @property
    def contract(self) -> tuple[Player, int] | None:
        """``(holder, bid)`` once the auction is over, if the hand was not thrown in."""
        if self.phase == "bidding" or self.bidder is None or self.bid is None:
            return None
        return self.bidder, self.bid


@dataclass(frozen=True)
class TrickOutcome:
    """What happens to a completed trick.

    ``taker`` gathers the cards: into the won pile, or into their Star pile when
    ``to_star_pile``.  ``next_leader`` leads the following trick.
    """

    taker: Player
    next_leader: Player
    star: bool
    perfect: bool
    to_star_pile: bool


_EMPTY4: Final = (0, 0, 0, 0)
_NO_STARS: Final[tuple[tuple[CardSet, ...], ...]] = ((), (), (), ())
_NOBODY_PASSED: Final = (False, False, False, False)

# --------------------------------------------------------------------------- notation helpers

_TOKEN_RE: Final = re.compile(r"\[|\]|[^\s\[\],]+")
_KEYS: Final = ("phase", "dealer", "deal", "turns", "totals", "contract", "bid", "passed",
                "widow", "buried", "trick", "last trick")


@dataclass(frozen=True)
class _Token:
    text: str
    offset: int


def _tokens(value: str, offset: int) -> list[_Token]:
    return [_Token(m.group(), offset + m.start()) for m in _TOKEN_RE.finditer(value)]


def _parse_card(token: _Token, source: str) -> Card:
    """A card from its notation; suit first, ``A`` and ``10`` are accepted too."""
    found = _SPELLINGS.get(token.text.upper())
    if found is not None:
        return found
    if token.text.upper() in ("CX", "XC", "AX", "XA"):
        raise NotationError.at(
            f"there is no Champion of Skulls ({token.text!r})", source, token.offset
        )
    raise NotationError.at(
        f"{token.text!r} is not a card: write a rank ({' '.join(RANK_LETTERS)}) then a suit "
        f"(X Skulls, S Shields, W Wands, L Leaves), e.g. KW",
        source,
        token.offset,
    )


def _parse_int(token: _Token, source: str, what: str) -> int:
    try:
        return int(token.text)
    except ValueError:
        raise NotationError.at(
            f"expected {what} (a whole number), not {token.text!r}", source, token.offset
        ) from None


# --------------------------------------------------------------------------- the engine


class WhiteStar(Game[StarsState, Move, StarsParams]):
    """The rules of Stars for four players."""

    name: ClassVar[str] = "white-star"
    title: ClassVar[str] = "Stars"
    Params: ClassVar[type[StarsParams]] = StarsParams

    def __init__(self, params: StarsParams | None = None) -> None:
        super().__init__(params)
        self.params: StarsParams = params if params is not None else StarsParams()
        p = self.params
        self._bids: tuple[Bid, ...] = tuple(Bid(n) for n in range(p.min_bid, p.max_bid + 1))
        self.names: tuple[str, ...] = tuple(f"P{i + 1}" for i in range(NUM_PLAYERS))
        self._seats: dict[str, Player] = {n.upper(): i for i, n in enumerate(self.names)}

    # ------------------------------------------------------------------ play

    def initial_state(self, rng: random.Random) -> StarsState:
        return self._dealt(rng.randrange(NUM_PLAYERS), rng, _EMPTY4, deal=1, turns=0)

    def _dealt(
        self, dealer: Player, rng: random.Random, totals: tuple[int, ...], deal: int, turns: int
    ) -> StarsState:
        """A fresh hand dealt by ``dealer`` in the 3-widow-4-3 pattern, dealing to the left."""
        deck = list(_ALL_CARDS)
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
        return StarsState(
            phase="bidding",
            dealer=dealer,
            hands=tuple(hands),
            widow=widow,
            totals=totals,
            deal=deal,
            turns=turns,
        )

    def current_player(self, state: StarsState) -> Player:
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
    def _bidding_turn(state: StarsState) -> Player:
        """Whose call it is: the first player still in after the high bidder (or dealer)."""
        start = state.bidder if state.bidder is not None else state.dealer
        for i in range(1, NUM_PLAYERS + 1):
            seat = (start + i) % NUM_PLAYERS
            if not state.passed[seat]:
                return seat
        return state.dealer  # unreachable in a valid state: everybody has passed

    def _playable(self, state: StarsState) -> CardSet:
        """The cards the player to move may play: the led suit if they hold it, else any."""
        hand = state.hands[((state.leader or 0) + len(state.trick)) % NUM_PLAYERS]
        if state.trick:
            follow = hand & SUIT_MASKS[state.trick[0] // 11]
            if follow:
                return follow
        return hand

    def legal_moves(self, state: StarsState) -> Sequence[Move]:
        phase = state.phase
        if phase == "playing":
            return [_PLAYS[c] for c in cards_in(self._playable(state))]
        if phase == "bidding":
            low = self.params.min_bid if state.bid is None else state.bid + 1
            first = max(0, low - self.params.min_bid)
            moves: list[Move] = list(self._bids[first:])
            moves.append(PASS)
            return moves
        if phase == "burying":
            assert state.bidder is not None
            hand = state.hands[state.bidder]
            count = self._bury_count(state)
            bits = [1 << c for c in cards_in(hand)]
            return [Bury(sum(combo)) for combo in itertools.combinations(bits, count)]
        if phase == "dealing":
            return [DEAL]
        return []

    @staticmethod
    def _bury_count(state: StarsState) -> int:
        """How many cards the holder must bury: as many as the widow gave them."""
        holder = state.bidder
        assert holder is not None
        other = state.hands[(holder + 1) % NUM_PLAYERS]
        return state.hands[holder].bit_count() - other.bit_count()

    def illegal_reason(self, state: StarsState, move: Move) -> str | None:
        """Why ``move`` is not legal in ``state``, or ``None`` when it is (same as legal_moves)."""
        phase = state.phase
        who = self.names[self.current_player(state)] if phase != "over" else ""
        if phase == "over":
            return "the game is over"
        if isinstance(move, Play):
            if phase != "playing":
                return f"no cards are played during {phase}"
            if not 0 <= move.card < 44 or not state.hands[self.current_player(state)] >> (
                move.card
            ) & 1:
                return f"{who} does not hold that card"
            if not self._playable(state) >> move.card & 1:
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
            if move.amount > self.params.max_bid:
                return f"bids stop at {self.params.max_bid} (max_bid)"
            return None
        if isinstance(move, Pass):
            return None if phase == "bidding" else f"nobody passes during {phase}"
        if isinstance(move, Bury):
            if phase != "burying":
                return f"no cards are buried during {phase}"
            assert state.bidder is not None
            count = self._bury_count(state)
            if move.cards.bit_count() != count:
                return f"{who} must bury exactly {count} cards"
            if move.cards & ~state.hands[state.bidder]:
                return f"{who} does not hold all of those cards"
            return None
        if phase != "dealing":
            return f"there is nothing to deal during {phase}"
        return None

    def refusal(self, state: StarsState, move: Move) -> IllegalMoveError:
        reason = self.illegal_reason(state, move) or "it is not one of the legal moves"
        return IllegalMoveError(
            f"illegal move {self.format_move(state, move)!r}: {reason} "
            f"(phase {state.phase}, deal {state.deal})"
        )

    def _play(self, state: StarsState, move: Move, rng: random.Random) -> StarsState:
        reason = self.illegal_reason(state, move)
        if reason is not None:
            raise IllegalMoveError(
                f"illegal move {self.format_move(state, move)!r}: {reason} "
                f"(phase {state.phase}, deal {state.deal})"
            )
        turns = state.turns + 1
        if isinstance(move, Play):
            return self._play_card(state, move.card, turns)
        if isinstance(move, Bid):
            return self._after_call(
                replace(state, bid=move.amount, bidder=self.current_player(state), turns=turns)
            )
        if isinstance(move, Pass):
            passed = list(state.passed)
            passed[self.current_player(state)] = True
            return self._after_call(replace(state, passed=tuple(passed), turns=turns))
        if isinstance(move, Bury):
            assert state.bidder is not None
            hands = list(state.hands)
            hands[state.bidder] &= ~move.cards
            return self._start_play(
                replace(state, hands=tuple(hands), buried=state.buried | move.cards, turns=turns)
            )
        return self._dealt(state.dealer, rng, state.totals, state.deal + 1, turns)

    def _after_call(self, state: StarsState) -> StarsState:
        """End the auction if it is over; otherwise the state as it is."""
        out = sum(state.passed)
        if state.bid is not None and out == NUM_PLAYERS - 1:
            assert state.bidder is not None
            return self._take_widow(state, state.bidder, state.bid)
        if out == NUM_PLAYERS:
            if self.params.all_pass == "dealer_forced":
                return self._take_widow(state, state.dealer, self.params.min_bid)
            return self._hand_over(
                replace(state, hands=_EMPTY4, widow=0, passed=_NOBODY_PASSED), scored=False
            )
        return state

    def _take_widow(self, state: StarsState, holder: Player, bid: int) -> StarsState:
        hands = list(state.hands)
        hands[holder] |= state.widow
        state = replace(
            state,
            hands=tuple(hands),
            widow=0,
            bid=bid,
            bidder=holder,
            passed=_NOBODY_PASSED,
            phase="burying",
        )
        if self._bury_count(state) == 0:  # only in a position written without a widow
            return self._start_play(state)
        return state

    def _start_play(self, state: StarsState) -> StarsState:
        state = replace(state, phase="playing", leader=state.bidder, trick=())
        if not any(state.hands):
            return self._hand_over(state, scored=True)
        return state

    def _play_card(self, state: StarsState, card: Card, turns: int) -> StarsState:
        leader = state.leader
        assert leader is not None
        seat = (leader + len(state.trick)) % NUM_PLAYERS
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        trick = (*state.trick, card)
        if len(trick) < NUM_PLAYERS:
            return replace(state, hands=tuple(hands), trick=trick, turns=turns)
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
        state = replace(
            state,
            hands=tuple(hands),
            trick=(),
            leader=outcome.next_leader,
            won=won,
            stars=stars,
            last_leader=leader,
            last_trick=trick,
            turns=turns,
        )
        if not any(hands):
            return self._hand_over(state, scored=True)
        return state

    def _hand_over(self, state: StarsState, *, scored: bool) -> StarsState:
        """Credit the hand (unless thrown in), then end the game or pass the deal left."""
        totals = state.totals
        if scored:
            credit = self.hand_credit(state)
            totals = tuple(t + c for t, c in zip(totals, credit, strict=True))
        top = max(totals)
        finished = top >= self.params.target and totals.count(top) == 1
        capped = self.params.max_deals is not None and state.deal >= self.params.max_deals
        return replace(
            state,
            phase="over" if finished or capped else "dealing",
            dealer=(state.dealer + 1) % NUM_PLAYERS,
            totals=totals,
            leader=None,
            trick=(),
        )

    def is_terminal(self, state: StarsState) -> bool:
        return state.phase == "over"

    def scores(self, state: StarsState) -> tuple[int, ...]:
        return state.totals

    def winners(self, state: StarsState) -> tuple[Player, ...]:
        if state.phase != "over":
            return ()
        top = max(state.totals)
        return tuple(i for i, t in enumerate(state.totals) if t == top)

    def num_players(self, state: StarsState) -> int:
        return NUM_PLAYERS

    def turn_number(self, state: StarsState) -> int:
        return state.turns

    def player_names(self, state: StarsState) -> tuple[str, ...]:
        return self.names

    # ------------------------------------------------------------------ the rules of a trick

    def trick_outcome(self, leader: Player, trick: Sequence[Card]) -> TrickOutcome:
        """Who gathers four cards led by ``leader``, where they go, and who leads next."""
        seats = [(leader + i) % NUM_PLAYERS for i in range(len(trick))]
        skulls = [i for i, c in enumerate(trick) if c // 11 == SKULLS]
        if not is_star(trick):
            if skulls:
                best = min(skulls, key=lambda i: trick[i])
            else:
                led = trick[0] // 11
                best = min((i for i, c in enumerate(trick) if c // 11 == led),
                           key=lambda i: trick[i])
            return TrickOutcome(seats[best], seats[best], False, False, False)
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
            return 3 * value
        return value

    def hand_points(self, state: StarsState) -> tuple[int, ...]:
        """Points in each player's won cards, the holder's buried cards included."""
        out = [points(w) for w in state.won]
        if state.bidder is not None and state.phase != "bidding":
            out[state.bidder] += points(state.buried)
        return tuple(out)

    def star_pile_values(self, state: StarsState) -> tuple[int, ...]:
        """What each player's Star pile pays to each of the other three."""
        return tuple(sum(self.star_value(t) for t in pile) for pile in state.stars)

    def hand_scores(self, state: StarsState) -> tuple[int, ...]:
        """Each player's hand score: own points plus every other player's Star pile."""
        won = self.hand_points(state)
        piles = self.star_pile_values(state)
        everyone = sum(piles)
        return tuple(w + everyone - s for w, s in zip(won, piles, strict=True))

    def contract_made(self, state: StarsState) -> bool | None:
        """Whether the holder's hand score reaches the bid (``None`` without a contract)."""
        contract = state.contract
        if contract is None:
            return None
        holder, bid = contract
        return self.hand_scores(state)[holder] >= bid

    def hand_credit(self, state: StarsState) -> tuple[int, ...]:
        """What the hand adds to each total: the hand score, and the bid won or lost."""
        credit = list(self.hand_scores(state))
        contract = state.contract
        if contract is not None:
            holder, bid = contract
            credit[holder] += bid if credit[holder] >= bid else -bid
        return tuple(credit)

    def heuristic(self, state: StarsState, player: Player) -> float:
        """Totals as they would stand if the hand stopped now, the contract judged as is.

        During the auction the high bidder is rated by how far the bid sits below a rough
        worth of their hand, so a one-move lookahead bids the minimum while the hand looks
        good enough and passes otherwise.
        """
        totals = state.totals
        if state.phase in ("burying", "playing"):
            totals = tuple(t + c for t, c in zip(totals, self.hand_credit(state), strict=True))
        others = max(t for i, t in enumerate(totals) if i != player)
        value = float(totals[player] - others)
        if state.phase == "bidding" and state.bidder == player and state.bid is not None:
            value += hand_worth(state.hands[player]) - state.bid
        return value

    # ------------------------------------------------------------------ notation

    def format_move(self, state: StarsState, move: Move) -> str:
        if isinstance(move, Play):
            return f"play {card_name(move.card)}" if move.card in _CARD_NAMES else "play ??"
        if isinstance(move, Bid):
            return f"bid {move.amount}"
        if isinstance(move, Bury):
            stray = " ??" if move.cards & ~DECK else ""
            return "bury " + _cards_text(move.cards & DECK) + stray
        if isinstance(move, Pass):
            return "pass"
        return "deal"

    def parse_move(self, state: StarsState, text: str) -> Move:
        tokens = _tokens(text, 0)
        if not tokens:
            raise NotationError.at("expected a move such as 'play KW' or 'bid 57'", text, 0)
        head, rest = tokens[0], tokens[1:]
        word = head.text.lower()

        def no_more(expected: int) -> None:
            if len(rest) > expected:
                extra = rest[expected]
                raise NotationError.at(f"unexpected {extra.text!r} after {word!r}", text,
                                       extra.offset)

        if word in ("pass", "deal"):
            no_more(0)
            return PASS if word == "pass" else DEAL
        if word == "bid":
            if not rest:
                raise NotationError.at("expected the amount after 'bid'", text, len(text))
            no_more(1)
            return Bid(_parse_int(rest[0], text, "a bid"))
        if word == "play":
            if not rest:
                raise NotationError.at("expected a card after 'play'", text, len(text))
            no_more(1)
            return _PLAYS[_parse_card(rest[0], text)]
        if word == "bury":
            cards = 0
            for tok in rest:
                card = _parse_card(tok, text)
                if cards >> card & 1:
                    raise NotationError.at(f"{tok.text!r} is buried twice", text, tok.offset)
                cards |= 1 << card
            return Bury(cards)
        if len(tokens) == 1:
            try:
                return _PLAYS[_parse_card(head, text)]
            except NotationError:
                pass
        raise NotationError.at(
            f"unknown move {head.text!r}: expected bid N, pass, bury CARDS, play CARD or deal"
            + did_you_mean(word, ["bid", "pass", "bury", "play", "deal"]),
            text,
            head.offset,
        )

    def _player_name(self, player: Player) -> str:
        return self.names[player]

    def seat_of(self, name: str) -> Player | None:
        """The seat a player name (any case) denotes, or ``None``."""
        return self._seats.get(name.upper())

    def _parse_player(self, token: _Token, source: str) -> Player:
        seat = self.seat_of(token.text)
        if seat is None:
            raise NotationError.at(
                f"unknown player {token.text!r}: expected one of {', '.join(self.names)}"
                + did_you_mean(token.text.upper(), self.names),
                source,
                token.offset,
            )
        return seat

    def format_state(self, state: StarsState) -> str:
        name = self._player_name
        lines = [f"phase: {state.phase}", f"dealer: {name(state.dealer)}"]
        if state.deal != 1:
            lines.append(f"deal: {state.deal}")
        if state.turns:
            lines.append(f"turns: {state.turns}")
        lines.append("totals: " + " ".join(str(t) for t in state.totals))
        if state.bid is not None and state.bidder is not None:
            key = "bid" if state.phase == "bidding" else "contract"
            lines.append(f"{key}: {name(state.bidder)} {state.bid}")
        if any(state.passed):
            lines.append("passed: " + " ".join(name(i) for i, p in enumerate(state.passed) if p))
        for seat, hand in enumerate(state.hands):
            if hand:
                lines.append(f"{name(seat)}: {_cards_text(hand)}")
        if state.widow:
            lines.append(f"widow: {_cards_text(state.widow)}")
        if state.buried:
            lines.append(f"buried: {_cards_text(state.buried)}")
        for seat, pile in enumerate(state.won):
            if pile:
                lines.append(f"{name(seat)} won: {_cards_text(pile)}")
        for seat, tricks in enumerate(state.stars):
            if tricks:
                groups = " ".join(f"[{_cards_text(t)}]" for t in tricks)
                lines.append(f"{name(seat)} stars: {groups}")
        if state.phase == "playing" and state.leader is not None:
            played = "".join(" " + card_name(c) for c in state.trick)
            lines.append(f"trick: {name(state.leader)}{played}")
        if state.last_trick and state.last_leader is not None:
            played = " ".join(card_name(c) for c in state.last_trick)
            lines.append(f"last trick: {name(state.last_leader)} {played}")
        return "\n".join(lines)

    def view(self, state: StarsState, player: Player) -> str:
        """The position for ``player``: other hands, the widow and (for defenders) buried
        cards are shown only as counts; won cards and Star piles were seen by all."""
        lines: list[str] = []
        holder = state.bidder if state.phase != "bidding" else None
        for line in self.format_state(state).split("\n"):
            key, _, value = line.partition(":")
            parts = key.split()
            if len(parts) == 1 and parts[0] in self.names and parts[0] != self.names[player]:
                count = len(value.split())
                lines.append(f"{key}: {count} cards, face down")
            elif key == "widow":
                lines.append(f"widow: {len(value.split())} cards, face down")
            elif key == "buried" and holder != player and state.phase in ("burying", "playing"):
                lines.append(f"buried: {len(value.split())} cards, face down")
            else:
                lines.append(line)
        return "\n".join(lines)

    def parse_state(self, text: str) -> StarsState:
        return _StateReader(self, text).read()

    # ------------------------------------------------------------------ claims and figures

    def claims(self) -> Mapping[str, Claim[StarsState]]:
        names = self.names

        def per_player(fn: Callable[[StarsState], Sequence[int]]) -> Callable[
            [StarsState, str | None], object
        ]:
            def compute(state: StarsState, argument: str | None) -> object:
                _no_argument(argument)
                return dict(zip(names, fn(state), strict=True))

            return compute

        def simple(
            fn: Callable[[StarsState], object],
        ) -> Callable[[StarsState, str | None], object]:
            def compute(state: StarsState, argument: str | None) -> object:
                _no_argument(argument)
                return fn(state)

            return compute

        def contract(state: StarsState) -> object:
            c = state.contract
            return None if c is None else {"holder": names[c[0]], "bid": c[1]}

        def high_bid(state: StarsState) -> object:
            if state.phase != "bidding" or state.bid is None or state.bidder is None:
                return None
            return {"bidder": names[state.bidder], "bid": state.bid}

        def last_outcome(state: StarsState) -> TrickOutcome | None:
            if not state.last_trick or state.last_leader is None:
                return None
            return self.trick_outcome(state.last_leader, state.last_trick)

        def trick_winner(state: StarsState) -> object:
            out = last_outcome(state)
            return None if out is None else names[out.taker]

        def star_flag(state: StarsState) -> object:
            out = last_outcome(state)
            return None if out is None else out.star

        def perfect_flag(state: StarsState) -> object:
            out = last_outcome(state)
            return None if out is None else out.star and out.perfect

        def leader(state: StarsState) -> object:
            return None if state.leader is None else names[state.leader]

        def legal_cards(state: StarsState) -> object:
            if state.phase != "playing":
                return []
            return [card_name(c) for c in cards_in(self._playable(state))]

        def points_of(state: StarsState, argument: str | None) -> object:
            if argument is None:
                raise ValueError("card_points needs a card, e.g. card_points(KW)")
            toks = _tokens(argument, 0)
            if len(toks) != 1:
                raise NotationError.at("expected exactly one card", argument, 0)
            return card_points(_parse_card(toks[0], argument))

        return {
            "phase": Claim(simple(lambda s: s.phase),
                           "bidding, burying, playing, dealing (hand over) or over"),
            "dealer": Claim(simple(lambda s: names[s.dealer]),
                            "who dealt this hand (in phase dealing: who deals next)"),
            "hand_points": Claim(per_player(self.hand_points),
                                 "{player: points in cards won this hand, buried included}"),
            "star_piles": Claim(per_player(self.star_pile_values),
                                "{player: what their Star pile pays each opponent}"),
            "hand_scores": Claim(per_player(self.hand_scores),
                                 "{player: hand score (own points plus others' Star piles)}"),
            "totals": Claim(per_player(lambda s: s.totals), "{player: running total}"),
            "contract": Claim(simple(contract), "{holder, bid} or null before/without one"),
            "high_bid": Claim(simple(high_bid), "{bidder, bid} during the auction, else null"),
            "contract_made": Claim(simple(self.contract_made),
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
        }

    def figures(self, history: Sequence[StarsState]) -> Mapping[str, float]:
        counts = dict.fromkeys(
            ("hands", "redeals", "contracts made", "contracts failed", "star tricks",
             "perfect stars", "capped games"),
            0.0,
        )
        for before, after in itertools.pairwise(history):
            if before.phase == "playing" and len(before.trick) == NUM_PLAYERS - 1:
                out = self.trick_outcome(after.last_leader or 0, after.last_trick)
                counts["star tricks"] += out.star
                counts["perfect stars"] += out.perfect
            if after.phase in ("dealing", "over") and before.phase not in ("dealing", "over"):
                made = self.contract_made(after)
                if made is None:
                    counts["redeals"] += 1
                else:
                    counts["hands"] += 1
                    counts["contracts made" if made else "contracts failed"] += 1
        if history and history[-1].phase == "over":
            totals = history[-1].totals
            top = max(totals)
            counts["capped games"] += top < self.params.target or totals.count(top) > 1
        return counts


def _cards_text(cards: CardSet) -> str:
    return " ".join(card_name(c) for c in cards_in(cards))


def _no_argument(argument: str | None) -> None:
    if argument is not None:
        raise ValueError(f"this claim takes no argument, got {argument!r}")


# --------------------------------------------------------------------------- reading a position


@dataclass(frozen=True)
class _Line:
    key: str
    key_offset: int
    tokens: list[_Token]
    value_offset: int


class _StateReader:
    """Reads one position, remembering where each thing was written for error messages."""

    def __init__(self, game: WhiteStar, text: str) -> None:
        self.game = game
        self.text = text
        self.lines: dict[str, _Line] = {}

    def error(self, message: str, offset: int) -> NotationError:
        return NotationError.at(message, self.text, offset)

    def _split(self) -> None:
        """Cut the text into keyed lines; an indented line without ':' continues the last."""
        offset = 0
        names = self.game.names
        last: _Line | None = None
        for raw in self.text.split("\n"):
            start, offset = offset, offset + len(raw) + 1
            body = raw.split("#", 1)[0]
            if not body.strip():
                continue
            colon = body.find(":")
            first = start + len(body) - len(body.lstrip())
            if colon < 0:
                if last is not None and body[:1].isspace():
                    last.tokens.extend(_tokens(body, start))
                    continue
                raise self.error(f"expected 'key: value', not {body.strip()!r}", first)
            words = body[:colon].split()
            if not words:
                raise self.error("a key is missing before ':'", start + colon)
            seat = self.game.seat_of(words[0])
            if seat is not None:
                rest = [w.lower() for w in words[1:]]
                if rest in ([], ["hand"]):
                    key = f"{names[seat]} hand"
                elif rest in (["won"], ["stars"]):
                    key = f"{names[seat]} {rest[0]}"
                else:
                    raise self.error(
                        f"unknown key {' '.join(words)!r}: after a player write nothing, "
                        "'won' or 'stars'",
                        first,
                    )
            else:
                key = " ".join(w.lower() for w in words)
                if key not in _KEYS:
                    raise self.error(f"unknown key {key!r}" + did_you_mean(key, _KEYS), first)
            if key in self.lines:
                raise self.error(f"{key!r} is given twice", first)
            value_at = start + colon + 1
            last = _Line(key, first, _tokens(body[colon + 1 :], value_at), value_at)
            self.lines[key] = last

    # ---- value readers
    def one(self, line: _Line, what: str) -> _Token:
        if len(line.tokens) != 1:
            where = line.tokens[1].offset if line.tokens else line.value_offset
            raise self.error(f"'{line.key}' takes {what}", where)
        return line.tokens[0]

    def number(self, key: str, default: int, minimum: int) -> int:
        line = self.lines.get(key)
        if line is None:
            return default
        tok = self.one(line, "one number")
        value = _parse_int(tok, self.text, key)
        if value < minimum:
            raise self.error(f"'{key}' must be at least {minimum}", tok.offset)
        return value

    def cards(self, line: _Line | None, tokens: list[_Token] | None = None) -> list[_Token]:
        if line is None:
            return []
        toks = line.tokens if tokens is None else tokens
        for tok in toks:
            if tok.text in "[]":
                raise self.error(f"unexpected {tok.text!r} in '{line.key}'", tok.offset)
        return toks

    def read(self) -> StarsState:
        self._split()
        game = self.game
        get = self.lines.get
        names = game.names
        placed: dict[Card, str] = {}

        def place(tokens: list[_Token], where: str) -> CardSet:
            mask = 0
            for tok in tokens:
                card = _parse_card(tok, self.text)
                if card in placed:
                    raise self.error(
                        f"{card_name(card)} is already in {placed[card]}", tok.offset
                    )
                placed[card] = where
                mask |= 1 << card
            return mask

        phase_line = get("phase")
        if phase_line is not None:
            tok = self.one(phase_line, "one phase name")
            phase_word = tok.text.lower()
            if phase_word not in PHASES:
                raise self.error(
                    f"unknown phase {tok.text!r}: expected {', '.join(PHASES)}"
                    + did_you_mean(phase_word, PHASES),
                    tok.offset,
                )
            phase: Phase = cast(Phase, phase_word)
        else:
            phase = "playing" if "contract" in self.lines else "bidding"
        phase_at = phase_line.key_offset if phase_line is not None else 0

        dealer_line = get("dealer")
        dealer = 3
        if dealer_line is not None:
            dealer = game._parse_player(self.one(dealer_line, "one player"), self.text)
        deal = self.number("deal", 1, 1)
        turns = self.number("turns", 0, 0)

        totals: tuple[int, ...] = _EMPTY4
        totals_line = get("totals")
        if totals_line is not None:
            if len(totals_line.tokens) != NUM_PLAYERS:
                raise self.error("'totals' takes four numbers, in seat order",
                                 totals_line.value_offset)
            totals = tuple(_parse_int(t, self.text, "a total") for t in totals_line.tokens)

        bid: int | None = None
        bidder: Player | None = None
        for key in ("bid", "contract"):
            line = get(key)
            if line is None:
                continue
            if (key == "bid") != (phase == "bidding"):
                raise self.error(
                    f"'{key}' does not belong to phase {phase}: write "
                    + ("'bid' during the auction" if key == "contract" else "'contract'"),
                    line.key_offset,
                )
            if len(line.tokens) != 2:
                raise self.error(f"'{key}' takes a player and a number, e.g. P1 57",
                                 line.value_offset)
            bidder = game._parse_player(line.tokens[0], self.text)
            bid = _parse_int(line.tokens[1], self.text, "a bid")
            if bid < game.params.min_bid:
                raise self.error(f"bids start at {game.params.min_bid} (min_bid)",
                                 line.tokens[1].offset)

        passed = [False] * NUM_PLAYERS
        passed_line = get("passed")
        if passed_line is not None:
            if phase != "bidding":
                raise self.error("'passed' belongs to phase bidding", passed_line.key_offset)
            for tok in passed_line.tokens:
                seat = game._parse_player(tok, self.text)
                if passed[seat] or seat == bidder:
                    raise self.error(
                        f"{names[seat]} cannot have passed"
                        + (" twice" if passed[seat] else ": they hold the high bid"),
                        tok.offset,
                    )
                passed[seat] = True

        hands = tuple(place(self.cards(get(f"{n} hand")), f"{n}'s hand") for n in names)
        widow = place(self.cards(get("widow")), "the widow")
        buried = place(self.cards(get("buried")), "the buried cards")
        won = tuple(place(self.cards(get(f"{n} won")), f"{n}'s won cards") for n in names)
        stars = tuple(self.star_tricks(get(f"{n} stars"), place, n) for n in names)

        leader: Player | None = None
        trick: tuple[Card, ...] = ()
        trick_line = get("trick")
        if trick_line is not None:
            if phase != "playing":
                raise self.error("'trick' belongs to phase playing", trick_line.key_offset)
            if not trick_line.tokens:
                raise self.error("'trick' takes the leader, then the cards played",
                                 trick_line.value_offset)
            leader = game._parse_player(trick_line.tokens[0], self.text)
            card_toks = self.cards(trick_line, trick_line.tokens[1:])
            if len(card_toks) >= NUM_PLAYERS:
                raise self.error("a trick in progress holds at most three cards; write a "
                                 "finished one as 'last trick'", card_toks[3].offset)
            place(card_toks, "the trick")
            trick = tuple(_parse_card(t, self.text) for t in card_toks)
        elif phase == "playing":
            leader = bidder

        last_leader: Player | None = None
        last_trick: tuple[Card, ...] = ()
        last_line = get("last trick")
        if last_line is not None:
            if phase in ("bidding", "burying"):
                raise self.error("no trick has been played yet in this phase",
                                 last_line.key_offset)
            if len(last_line.tokens) != NUM_PLAYERS + 1:
                raise self.error("'last trick' takes its leader and four cards",
                                 last_line.value_offset)
            last_leader = game._parse_player(last_line.tokens[0], self.text)
            seen = 0
            gathered = 0
            for pile in (*won, *(t for tricks in stars for t in tricks)):
                gathered |= pile
            for tok in self.cards(last_line, last_line.tokens[1:]):
                card = _parse_card(tok, self.text)
                if seen >> card & 1:
                    raise self.error(f"{card_name(card)} appears twice", tok.offset)
                if not gathered >> card & 1:
                    raise self.error(
                        f"{card_name(card)} of the last trick must be among the won cards or "
                        "Star piles", tok.offset)
                seen |= 1 << card
                last_trick = (*last_trick, card)

        state = StarsState(
            phase=phase,
            dealer=dealer,
            hands=hands,
            widow=widow,
            totals=totals,
            deal=deal,
            turns=turns,
            bid=bid,
            bidder=bidder,
            passed=tuple(passed),
            buried=buried,
            leader=leader,
            trick=trick,
            won=won,
            stars=stars,
            last_leader=last_leader,
            last_trick=last_trick,
        )
        problem = _shape_problem(state)
        if problem is not None:
            key, message = problem
            line = get(key)
            raise self.error(message, line.key_offset if line is not None else phase_at)
        return state

    def star_tricks(
        self, line: _Line | None, place: Callable[[list[_Token], str], CardSet], name: str
    ) -> tuple[CardSet, ...]:
        if line is None:
            return ()
        groups: list[CardSet] = []
        toks: Iterator[_Token] = iter(line.tokens)
        for tok in toks:
            if tok.text != "[":
                raise self.error(f"expected '[' to open a Star trick, not {tok.text!r}",
                                 tok.offset)
            group: list[_Token] = []
            for inner in toks:
                if inner.text == "]":
                    break
                if inner.text == "[":
                    raise self.error("'[' inside a Star trick", inner.offset)
                group.append(inner)
            else:
                raise self.error("a Star trick is missing its ']'", tok.offset)
            cards = [_parse_card(t, self.text) for t in group]
            if not is_star(cards):
                raise self.error(
                    "a Star trick holds four cards, one of each suit", tok.offset
                )
            groups.append(place(group, f"{name}'s Star pile"))
        return tuple(groups)


def _shape_problem(state: StarsState) -> tuple[str, str] | None:
    """Why the parts of a position do not fit its phase, as (key to blame, message)."""
    names = [f"P{i + 1}" for i in range(NUM_PLAYERS)]
    sizes = [h.bit_count() for h in state.hands]
    phase = state.phase
    any_won = any(state.won) or any(state.stars)
    if phase in ("bidding", "burying"):
        if any_won or state.last_trick:
            return "phase", f"no cards have been won yet in phase {phase}"
        if state.buried and phase == "bidding":
            return "buried", "nothing is buried during the auction"
    if phase == "bidding":
        if len(set(sizes)) != 1:
            return "phase", f"during the auction every hand has the same size, not {sizes}"
        out = sum(state.passed)
        if state.bid is None:
            expected = {(state.dealer + 1 + i) % NUM_PLAYERS for i in range(out)}
            got = {i for i in range(NUM_PLAYERS) if state.passed[i]}
            if out == NUM_PLAYERS or got != expected:
                return "passed", ("with no bid yet, the passes must be the players left of "
                                  "the dealer, in turn, and at most three")
        elif out >= NUM_PLAYERS - 1:
            return "passed", "three passes after a bid end the auction: write the contract"
        return None
    if phase in ("burying", "playing") and state.contract is None:
        return "phase", f"phase {phase} needs a contract"
    if state.widow:
        return "widow", "the widow is taken up when the auction ends"
    if phase == "burying":
        holder = state.contract[0] if state.contract else 0
        others = {sizes[i] for i in range(NUM_PLAYERS) if i != holder}
        if len(others) != 1 or sizes[holder] <= others.pop():
            return (f"{names[holder]} hand",
                    "while burying, the holder has more cards than the others, who all "
                    "hold the same number")
        return None
    if phase == "playing":
        leader = state.leader if state.leader is not None else 0
        played = {(leader + i) % NUM_PLAYERS for i in range(len(state.trick))}
        before = {sizes[i] + (i in played) for i in range(NUM_PLAYERS)}
        if len(before) != 1:
            return "trick", (f"hand sizes {sizes} do not fit the trick: the players still "
                             "to play hold one card more than those who have played")
        if before == {0}:
            return "phase", "no cards are left to play: a finished hand is phase dealing"
        return None
    if any(sizes):
        return "phase", f"nobody holds cards in phase {phase}"
    return None
