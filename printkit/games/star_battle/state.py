"""Star Battle's vocabulary: cards, cells, the parameters, the moves and the state.

Cards are the 52 playing cards (``decks`` copies of each); a card on the table is a
*system* and the systems together are the *galaxy*.  A cell is a place of the galaxy,
named by compass steps from the Galactic Core (``core``, ``E1``, ``W1S3``).  Ships are
Dreadnoughts and Scouts.  The rulings and the notation are described in
:mod:`printkit.games.star_battle.rules` and :mod:`printkit.games.star_battle.notation`.

>>> parse_card("10h"), str(Card(1, "S")), Card(1, "S").discard_value
(Card(rank=10, suit='H'), 'AS', 14)
>>> cell_name((-1, -3)), parse_cell("s3w1")
('W1S3', (-1, -3))
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar, overload

from printkit.rules.base import NO_PLAYER, Player

# --------------------------------------------------------------------------- constants

SUITS = "CDHS"
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_RANK_OF = {v: k for k, v in _RANK_TEXT.items()} | {"T": 10}

Cell = tuple[int, int]
"""A place in the galaxy: (steps east, steps north) of the Core, which is (0, 0)."""

CORE: Cell = (0, 0)
STEPS: dict[str, Cell] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
REACH: dict[str, tuple[Cell, ...]] = {
    "D": tuple(STEPS.values()),
    "C": tuple(STEPS.values()),
    "H": (STEPS["E"], STEPS["W"]),
    "S": (STEPS["N"], STEPS["S"]),
}
"""The steps a system of each suit connects to (read from the system a ship leaves)."""

ShipKind = Literal["dreadnought", "scout"]
SHIP_KINDS: tuple[ShipKind, ...] = ("dreadnought", "scout")
Phase = Literal["core", "galaxy", "home", "bonus", "action", "trim", "over"]
Victory = Literal["elimination", "domination"]
PHASES: tuple[Phase, ...] = ("core", "galaxy", "home", "bonus", "action", "trim", "over")


# --------------------------------------------------------------------------- cards and cells


class Card(NamedTuple):
    """A playing card: ``rank`` 1 (Ace) to 13 (King) and ``suit`` one of ``CDHS``."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + self.suit

    @property
    def table_value(self) -> int:
        """The value of the card lying in the galaxy (Ace low)."""
        return self.rank

    @property
    def discard_value(self) -> int:
        """The value of the card when discarded to pay for an action (Ace high)."""
        return 14 if self.rank == 1 else self.rank


def reading_order(cell: Cell) -> tuple[int, int]:
    """Sort key: north to south, then west to east."""
    return (-cell[1], cell[0])


reading_key = functools.cache(reading_order)
""":func:`reading_order`, remembered for each cell (a sort calls it for every item)."""


def system_order(system: System) -> tuple[int, int]:
    """Sort key of a system: its cell's reading order."""
    return reading_key(system[0])


def cell_name(cell: Cell) -> str:
    """``core``, ``E1``, ``N2``, ``W1S3`` ..."""
    x, y = cell
    if x == 0 and y == 0:
        return "core"
    text = ""
    if x:
        text += f"{'E' if x > 0 else 'W'}{abs(x)}"
    if y:
        text += f"{'N' if y > 0 else 'S'}{abs(y)}"
    return text


_CELL_PART = re.compile(r"([NESWnesw])(\d+)")


def parse_cell(text: str) -> Cell | None:
    """The cell named by ``text`` (either axis first, any case), or None."""
    if text.lower() == "core":
        return CORE
    x: int | None = None
    y: int | None = None
    pos = 0
    while pos < len(text):
        m = _CELL_PART.match(text, pos)
        if m is None or int(m.group(2)) == 0:
            return None
        letter, steps = m.group(1).upper(), int(m.group(2))
        if letter in "EW":
            if x is not None:
                return None
            x = steps if letter == "E" else -steps
        else:
            if y is not None:
                return None
            y = steps if letter == "N" else -steps
        pos = m.end()
    if x is None and y is None:
        return None
    return (x or 0, y or 0)


_CARD_RE = re.compile(r"(10|[2-9AJQKT])([CDHS])", re.IGNORECASE)


def parse_card(text: str) -> Card | None:
    """The card written ``text`` (``KD``, ``10h``, ``AS``), or None."""
    m = _CARD_RE.fullmatch(text)
    if m is None:
        return None
    return Card(_RANK_OF[m.group(1).upper()], m.group(2).upper())


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True)
class StarBattleParams:
    """Every option of Star Battle, with the engine's default ruling."""

    players: int = 2
    """2 to 26 players, named A, B, C ... in seating order; A deals."""
    decks: int = 1
    """How many 52-card decks are shuffled together."""
    hand_size: int = 8
    """Cards dealt to each player for building the galaxy."""
    core_placer: Literal["dealer", "right_of_dealer"] = "dealer"
    """Who lays the Galactic Core: the dealer (the seed) or the player on the dealer's
    right (the 1996 revision)."""
    revision1: bool = False
    """Build with the crossed-out "Revision 1" table: the system's suit alone decides the
    ship (diamonds a Dreadnought, hearts and spades a Scout)."""
    ships_per_player: int | Literal["unlimited"] = 15
    """Tokens of each kind (Dreadnought, Scout) in each player's supply, or ``unlimited``."""
    allow_self_elimination: bool = True
    """Whether a reconstruction may remove the player's last ship (ending their game)."""

    @property
    def token_limit(self) -> int | None:
        """``ships_per_player`` as a number, None when unlimited."""
        return None if self.ships_per_player == "unlimited" else self.ships_per_player

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 26:
            raise ValueError("players: must be between 2 and 26")
        if self.decks < 1:
            raise ValueError("decks: must be at least 1")
        if self.hand_size < 2:
            raise ValueError("hand_size: must be at least 2")
        needed = self.players * (self.hand_size + 2)
        if needed > 52 * self.decks:
            raise ValueError(
                f"hand_size: {self.players} players dealt {self.hand_size} cards and then "
                f"drawing 2 need {needed} cards, more than {self.decks} deck(s) hold"
            )
        if self.ships_per_player != "unlimited" and self.ships_per_player < 1:
            raise ValueError("ships_per_player: must be at least 1 (or unlimited)")


# --------------------------------------------------------------------------- moves


class MoveKind(Enum):
    """The kinds of decision: the word that starts the move in notation, and the phase it
    belongs to."""

    CORE = ("core", "core")
    PLACE = ("place", "galaxy")
    HOME = ("home", "home")
    SCOUT = ("scout", "bonus")
    SKIP = ("skip", "bonus")
    BUILD = ("build", "action")
    MOVE = ("move", "action")
    BATTLE = ("battle", "action")
    RECONSTRUCT = ("reconstruct", "action")
    DISCARD = ("discard", "trim")
    PASS = ("pass", "action")

    def __init__(self, word: str, phase: Phase) -> None:
        self.word = word
        self.phase: Phase = phase


@dataclass(frozen=True, slots=True)
class LayCore:
    """Lay ``card`` (a highest card of the placer's hand) as the Galactic Core."""

    card: Card
    kind: ClassVar[MoveKind] = MoveKind.CORE


@dataclass(frozen=True, slots=True)
class Place:
    """Lay ``card`` from hand at the empty ``cell`` next to the galaxy."""

    card: Card
    cell: Cell
    kind: ClassVar[MoveKind] = MoveKind.PLACE


@dataclass(frozen=True, slots=True)
class ChooseHome:
    """Choose the system at ``cell`` as Home Base."""

    cell: Cell
    kind: ClassVar[MoveKind] = MoveKind.HOME


@dataclass(frozen=True, slots=True)
class FreeScout:
    """The Core holder's free Scout, put on the system at ``cell``."""

    cell: Cell
    kind: ClassVar[MoveKind] = MoveKind.SCOUT


@dataclass(frozen=True, slots=True)
class SkipScout:
    """Decline the free Scout."""

    kind: ClassVar[MoveKind] = MoveKind.SKIP


@dataclass(frozen=True, slots=True)
class Build:
    """Discard ``card`` to build a ship on the system at ``cell``."""

    card: Card
    cell: Cell
    kind: ClassVar[MoveKind] = MoveKind.BUILD


@dataclass(frozen=True, slots=True)
class MoveShip:
    """Discard ``card`` to move one ``ship`` from ``source`` to ``target``."""

    card: Card
    source: Cell
    target: Cell
    ship: ShipKind
    kind: ClassVar[MoveKind] = MoveKind.MOVE


@dataclass(frozen=True, slots=True)
class Battle:
    """Discard ``card`` to attack ``target`` from ``source``.

    ``flips``, when given, are the coin results (``H``/``T``) the battle uses instead of
    the random source: a chance outcome stated by an example, not part of the decision
    (:meth:`~printkit.games.star_battle.rules.StarBattle.without_outcome` drops it).
    """

    card: Card
    source: Cell
    target: Cell
    flips: str | None = None
    kind: ClassVar[MoveKind] = MoveKind.BATTLE


@dataclass(frozen=True, slots=True)
class Reconstruct:
    """Discard ``card`` in place of the system at ``cell``, removing one ``ship`` there."""

    card: Card
    cell: Cell
    ship: ShipKind
    kind: ClassVar[MoveKind] = MoveKind.RECONSTRUCT


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` while hands are trimmed to the number of ships."""

    card: Card
    kind: ClassVar[MoveKind] = MoveKind.DISCARD


@dataclass(frozen=True, slots=True)
class Pass:
    """Take no action: a player without cards, or one whose only action would scrap their
    last ship while ``allow_self_elimination`` is off."""

    kind: ClassVar[MoveKind] = MoveKind.PASS


StarBattleMove = (LayCore | Place | ChooseHome | FreeScout | SkipScout | Build | MoveShip
                  | Battle | Reconstruct | Discard | Pass)
"""One decision of a Star Battle player."""

MOVE_TYPES: tuple[type, ...] = typing.get_args(StarBattleMove)

SKIP = SkipScout()
PASS = Pass()


def flips_problem(battle: Battle, state: StarBattleState) -> str | None:
    """What is wrong with the flips ``battle`` states in ``state`` (None when they are
    exactly what the battle uses), read in the battle's order: the attacker's system, then
    the defender's; on each, Dreadnoughts (each flipped again after heads), then Scouts."""
    flips = battle.flips or ""
    if not flips or set(flips) - {"H", "T"}:
        return "flips are written with H and T only"
    used = 0
    for cell in (battle.source, battle.target):
        system = state.index[cell]
        for _ in range(system.dreadnoughts):
            used += 1 if used >= len(flips) or flips[used] == "T" else 2
        used += system.scouts
        if used > len(flips):
            return f"the battle needs more than {len(flips)} flips"
    if used != len(flips):
        return f"the battle needs {used} flips, not {len(flips)}"
    return None


class MoveList(tuple[StarBattleMove, ...]):
    """The legal moves of a position, in the engine's order.

    A tuple whose membership test first looks for the very object asked about (what the
    simulator asks, for a move it took from the list), comparing identities without a
    call of the moves' ``__eq__``; otherwise it scans it the first time and builds a set
    from the second on (an agent that tries every move asks once per move).
    """

    def __contains__(self, move: object) -> bool:
        if any(map(is_, self, repeat(move))):
            return True
        found: frozenset[StarBattleMove] | None = self.__dict__.get("set", None)
        if found is None:
            if "asked" not in self.__dict__:
                self.__dict__["asked"] = True
                return tuple.__contains__(self, move)
            found = self.__dict__["set"] = frozenset(self)
        try:
            return move in found
        except TypeError:  # not hashable, so not a move
            return False


# --------------------------------------------------------------------------- the state

T = TypeVar("T")


class cached(Generic[T]):
    """A value computed from a state on first use and kept in the instance's ``__dict__``:
    :func:`functools.cached_property` without the lock Python 3.11 takes on every first
    computation, which cost as much as computing a fresh state's index."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class System(NamedTuple):
    """One card of the galaxy and the ships on it (``owner`` is NO_PLAYER when empty)."""

    cell: Cell
    card: Card
    owner: Player = NO_PLAYER
    dreadnoughts: int = 0
    scouts: int = 0

    @property
    def ships(self) -> int:
        return self.dreadnoughts + self.scouts

    @property
    def kinds(self) -> tuple[ShipKind, ...]:
        """The kinds of ship here, Dreadnoughts first."""
        if self.dreadnoughts:
            return SHIP_KINDS if self.scouts else SHIP_KINDS[:1]
        return SHIP_KINDS[1:] if self.scouts else ()


@dataclass(frozen=True)
class StarBattleState:
    """A Star Battle position.  Lists of cards are tuples; ``galaxy`` is in reading order."""

    phase: Phase
    mover: Player
    galaxy: tuple[System, ...]
    homes: tuple[Cell | None, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    turn: int = 0
    battles: int = 0
    victory: Victory | None = None
    winners: tuple[Player, ...] = ()

    @cached
    def index(self) -> dict[Cell, System]:
        """The systems by cell."""
        return {s.cell: s for s in self.galaxy}

    @cached
    def ships_in_play(self) -> tuple[int, ...]:
        """How many ships each player has in the galaxy."""
        counts = [0] * len(self.hands)
        for s in self.galaxy:
            if s.owner != NO_PLAYER:
                counts[s.owner] += s.ships
        return tuple(counts)

    @cached
    def systems_held(self) -> tuple[int, ...]:
        """How many systems each player's ships occupy."""
        counts = [0] * len(self.hands)
        for s in self.galaxy:
            if s.owner != NO_PLAYER:
                counts[s.owner] += 1
        return tuple(counts)

    @property
    def trimmer(self) -> Player:
        """The first player, from the mover on, who holds more cards than ships."""
        count = len(self.hands)
        for k in range(count):
            p = (self.mover + k) % count
            if len(self.hands[p]) > self.ships_in_play[p]:
                return p
        return NO_PLAYER

    @property
    def core_holder(self) -> Player:
        """The player whose ships sit on the Core, or NO_PLAYER."""
        core = self.index.get(CORE)
        return core.owner if core is not None else NO_PLAYER

    def fleet(self, player: Player) -> tuple[int, int]:
        """The Dreadnoughts and Scouts ``player`` has in play."""
        own = [s for s in self.galaxy if s.owner == player]
        return (sum(s.dreadnoughts for s in own), sum(s.scouts for s in own))

    def connections(self, cell: Cell) -> list[Cell]:
        """The systems that the system at ``cell`` connects to, in reading order."""
        found = []
        for dx, dy in REACH[self.index[cell].card.suit]:
            other = (cell[0] + dx, cell[1] + dy)
            if other in self.index:
                found.append(other)
        return sorted(found, key=reading_order)


def distinct(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    """The different cards among ``cards`` (several decks give duplicates), sorted."""
    return sorted(set(cards))
