"""The vocabulary of Stars (White Star): cards, the parameters, the moves and the state.

The deck has 43 cards in four suits, Skulls (the trump suit), Shields, Wands and Leaves,
ranked Champion, King, Queen, Scribe, Lady, 7 down to 2; Skulls has no Champion.  A card
is a small int and a set of cards a bit mask, so hands, piles and tricks are cheap to copy
and compare.  The rulings are described in :mod:`printkit.games.white_star.rules`, the
notation in :mod:`printkit.games.white_star.notation`.

>>> card_name(KING + 11 * 2), points(SUIT_MASKS[SKULLS]), DECK.bit_count()
('KW', 20, 43)
>>> [card_name(c) for c in cards_in(card_set([KING + 11, 2 * 11 + 3, 10]))]
['2X', 'KH', 'SW']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import FrozenInstanceError, dataclass
from typing import Final, Literal, get_args

from printkit.rules.base import Player

# --------------------------------------------------------------------------- constants

NUM_PLAYERS: Final = 4
SKULLS: Final = 0
SUIT_LETTERS: Final = "XHWV"
SUIT_NAMES: Final = ("Skulls", "Shields", "Wands", "Leaves")
RANK_LETTERS: Final = "CKQSL765432"
RANK_NAMES: Final = ("Champion", "King", "Queen", "Scribe", "Lady", "7", "6", "5", "4", "3", "2")
RANK_POINTS: Final = (0, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1)
KING: Final = 1
"""The rank number of the King (0 is the Champion, 10 the 2)."""

_SUIT_BITS: Final = (1 << 11) - 1
SUIT_MASKS: Final = tuple((_SUIT_BITS << (11 * s)) & ~1 for s in range(4))
"""The cards of each suit; bit 0 would be the Champion of Skulls, which does not exist."""
DECK: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
HAND_POINTS_TOTAL: Final = 80
PERFECT_FACTOR: Final = 3
"""How many times the cards of a Perfect Star count (the rules' tripling)."""
MAX_HAND_SCORE: Final = PERFECT_FACTOR * HAND_POINTS_TOTAL
"""No hand score can be higher: a card counts once for the player who won or buried it,
and at most three times (in another player's Perfect Star) for anyone else."""
HAND_SIZE: Final = 10
WIDOW_SIZE: Final = 3
DEAL_PATTERN: Final = (3, WIDOW_SIZE, 4, 3)
"""Cards per player in each round of the deal; the second entry goes to the widow instead."""

ALL_CARDS: Final = tuple(c for c in range(44) if DECK >> c & 1)
"""Every card of the deck in notation order."""
CARD_NAMES: Final = {c: RANK_LETTERS[c % 11] + SUIT_LETTERS[c // 11] for c in ALL_CARDS}
"""Each card's name in notation (``KW``)."""
RANK_ALIASES: Final = {"A": "C", "J": "S", "10": "L", "T": "L"}
"""Other names of ranks in input: the standard deck's Ace, Jack and 10 (``T`` too)."""
SPELLINGS: Final = {
    spelling: c
    for c in ALL_CARDS
    for rank in (RANK_LETTERS[c % 11], *(a for a, r in RANK_ALIASES.items()
                                          if r == RANK_LETTERS[c % 11]))
    for spelling in (rank + SUIT_LETTERS[c // 11], SUIT_LETTERS[c // 11] + rank)
}
"""Every accepted spelling of every card (upper case): rank-suit, suit-rank, aliases."""
_CHUNK_POINTS: Final = tuple(
    sum(RANK_POINTS[r] for r in range(11) if m >> r & 1) for m in range(1 << 11)
)
_CHUNK_CARDS: Final = tuple(
    tuple(tuple(11 * s + r for r in range(11) if m >> r & 1) for m in range(1 << 11))
    for s in range(4)
)
"""For each suit and each 11-bit pattern of ranks, the cards it stands for."""

# --------------------------------------------------------------------------- cards

Card = int
"""A card as ``suit * 11 + rank``; rank 0 is the Champion, 10 the 2 (lower is stronger)."""

CardSet = int
"""A set of cards as a bit mask: bit ``card`` is set when the card is in the set."""


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
    return CARD_NAMES[card]


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


def cards_text(cards: CardSet) -> str:
    """A set of cards in notation, separated by spaces (``KX 7H 2W``)."""
    return " ".join(CARD_NAMES[c] for c in cards_in(cards))


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
class WhiteStarParams:
    """Every ruling a table could settle differently, with the booklet's default.

    ``min_bid``: the lowest bid allowed (bids rise by 1).  ``all_pass``: when all four pass,
    throw the hand in and let the next dealer deal (``redeal``), or the dealer holds the
    contract at ``min_bid`` (``dealer_forced``).  ``star_lead``: who leads after a Star
    trick: the player of the highest non-Skull card (ranks compared across suits, the first
    played wins a tie), the player of the highest card of the led suit (when a Skull was led
    this falls back to the highest non-Skull card), or the Skull's player.  ``target``: the
    total that ends the game.  ``colored_star``: the Colored-Star variant.

    ``max_bid``: the highest bid a table allows; ``None`` (the ruling) allows any, and a
    bid above what the bidder could possibly score is legal and simply fails.

    The game ends only by the target: a cap on the number of deals is not a rule (the
    simulator bounds the games it plays and reports those it stops as unfinished).
    """

    min_bid: int = 1
    all_pass: AllPass = "redeal"
    star_lead: StarLead = "highest_non_skull"
    target: int = 200
    colored_star: bool = False
    max_bid: int | None = None

    def __post_init__(self) -> None:
        if self.min_bid < 1:
            raise ValueError(f"min_bid: must be at least 1, not {self.min_bid}")
        if self.max_bid is not None and self.max_bid < self.min_bid:
            raise ValueError(
                f"max_bid: must be at least min_bid ({self.min_bid}) or none, "
                f"not {self.max_bid}"
            )
        if self.target < 1:
            raise ValueError(f"target: must be at least 1, not {self.target}")


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


class Play:
    """Play a card to the trick.

    There is one :class:`Play` of each card: ``Play(card)`` gives the one made before, so
    plays compare by identity, in C, where a list of legal plays is searched for the one
    chosen.  Otherwise it behaves as the frozen dataclass it was (the same ``repr``, hash,
    equality and match pattern).

    >>> Play(12) is Play(12), Play(12) == Play(13), Play(12)
    (True, False, Play(card=12))
    """

    __slots__ = ("card",)
    __match_args__ = ("card",)
    card: Card

    def __new__(cls, card: Card) -> Play:
        made = _MADE_PLAYS.get(card)
        if made is None:
            made = object.__new__(cls)
            object.__setattr__(made, "card", card)
            _MADE_PLAYS[card] = made
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        return f"Play(card={self.card!r})"

    def __hash__(self) -> int:
        return hash((self.card,))

    def __reduce__(self) -> tuple[type[Play], tuple[Card]]:
        return Play, (self.card,)


_MADE_PLAYS: dict[Card, Play] = {}
"""Every :class:`Play` made so far, by card."""


@dataclass(frozen=True)
class Deal:
    """The next dealer shuffles and deals a new hand."""


WhiteStarMove = Bid | Pass | Bury | Play | Deal
"""A move of Stars: one small frozen dataclass per kind of move."""

PASS: Final = Pass()
DEAL: Final = Deal()
PLAYS: Final = {c: Play(c) for c in ALL_CARDS}
"""The :class:`Play` of each card of the deck."""
SUIT_PLAYS: Final = tuple(tuple(tuple(Play(c) for c in cards)
                                 for cards in chunks) for chunks in _CHUNK_CARDS)
"""For each suit and each 11-bit pattern of its ranks (``cards >> 11 * suit & 0x7FF``),
the plays of those cards in notation order (patterns of cards that are not in the deck
included, so that a pattern is an index)."""


def plays_in(cards: CardSet) -> list[Play]:
    """The play of each card of a set, in notation order (``cards_in``'s, as moves)."""
    return [
        *SUIT_PLAYS[0][cards & _SUIT_BITS],
        *SUIT_PLAYS[1][(cards >> 11) & _SUIT_BITS],
        *SUIT_PLAYS[2][(cards >> 22) & _SUIT_BITS],
        *SUIT_PLAYS[3][cards >> 33],
    ]


# --------------------------------------------------------------------------- state

Phase = Literal["bidding", "burying", "playing", "dealing", "over"]
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)


@dataclass(frozen=True, slots=True)
class WhiteStarState:
    """A position: one hand in progress (or just finished) plus the running totals.

    ``bid``/``bidder`` are the highest bid during the auction and the contract afterwards
    (``None`` when the hand was thrown in).  ``passed`` flags players out of the auction.
    ``leader`` and ``trick`` describe the trick being played (phase ``playing`` only);
    ``last_leader``/``last_trick`` the last completed one.  ``stars`` holds each player's
    Star pile, one card set per Star trick.  In phase ``dealing`` the hand is over and
    ``dealer`` is the player about to deal the next one.

    Its fields are slots, not a ``__dict__``: a playout keeps every position it passes
    through, and a position in slots takes a quarter of the memory (the engine makes new
    positions through :mod:`printkit.games.white_star.drafts`).
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


EMPTY4: Final = (0, 0, 0, 0)
NOBODY_PASSED: Final = (False, False, False, False)


# --------------------------------------------------------------------------- helpers


def misfit(state: WhiteStarState) -> tuple[str, str] | None:
    """Why the parts of a position do not fit its phase (hands of the wrong sizes, a
    widow after the auction...), as (the notation key of the part to blame, message)."""
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


__all__ = [
    "ALL_CARDS",
    "CARD_NAMES",
    "DEAL",
    "DEAL_PATTERN",
    "DECK",
    "EMPTY4",
    "HAND_POINTS_TOTAL",
    "HAND_SIZE",
    "KING",
    "MAX_HAND_SCORE",
    "NOBODY_PASSED",
    "NUM_PLAYERS",
    "PASS",
    "PERFECT_FACTOR",
    "PHASES",
    "PLAYS",
    "RANK_ALIASES",
    "RANK_LETTERS",
    "RANK_NAMES",
    "RANK_POINTS",
    "SKULLS",
    "SPELLINGS",
    "SUIT_LETTERS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "SUIT_PLAYS",
    "WIDOW_SIZE",
    "AllPass",
    "Bid",
    "Bury",
    "Card",
    "CardSet",
    "Deal",
    "Pass",
    "Phase",
    "Play",
    "StarLead",
    "TrickOutcome",
    "WhiteStarMove",
    "WhiteStarParams",
    "WhiteStarState",
    "card_name",
    "card_points",
    "card_set",
    "cards_in",
    "cards_text",
    "is_perfect_star",
    "is_star",
    "misfit",
    "points",
    "rank_of",
    "suit_of",
]
