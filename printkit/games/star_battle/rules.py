"""Star Battle: a galaxy of playing cards fought over by fleets of coin-flipped ships.

The game in brief
=================
Every player is dealt ``hand_size`` cards.  The Core placer (the dealer, or the player on
the dealer's right) lays their highest card, King high, at the centre: the Galactic Core.
The players then take turns laying their cards next to the galaxy until every hand is
empty, and each picks a Home Base where one Dreadnought and one Scout start.  From then on
a turn is: an optional free Scout for whoever holds the Core, then one discard that pays
for one action (build, move, battle or reconstruction).  Hands are then brought back to
the number of ships each player has in play.  A player wins as soon as every opponent's
ships are gone (*elimination*) or when their ships hold more than three quarters of the
systems, the Core among them (*domination*).

Rulings taken by this engine
============================
* Values: a card on the table counts King high with Ace = 1; a discarded card counts Ace
  high (Ace = 14).  "Higher" is strict; suits have no order.
* Connections are read from the card a ship leaves: diamonds and clubs reach all four
  orthogonal neighbours, hearts left and right, spades up and down.  A card laid while
  building the galaxy must have an existing neighbour in a direction its own suit reaches.
* The dealer is player ``A``; with ``core_placer="right_of_dealer"`` the last player lays
  the Core.  Laying cards and choosing Home Bases start with the player after the Core
  placer, and so does the first turn of play.  A Home Base comes with two drawn cards.
* The free Scout is optional; it goes on a non-club system the player already occupies.
* Build: a Dreadnought when the discard's suit matches the system's suit, else a Scout.
  With ``revision1`` the system's suit alone decides: diamonds give a Dreadnought, hearts
  and spades a Scout (clubs never build).
* Ship tokens are limited to ``ships_per_player`` of each kind (``None``: unlimited); a
  ship whose kind has no token left cannot be built.  Destroyed or removed ships return
  to their owner's supply.
* Ships never enter a system holding enemy ships; a system holds one player's ships.
* Battle: no value test.  The attacker's system is resolved first, then the defender's;
  on each, Dreadnoughts before Scouts.  Each ship is flipped once; heads destroys a Scout,
  while a Dreadnought showing heads is flipped again at once and is destroyed only by a
  second head.  A system left empty gets a new card from the stock (attacker's first);
  its old card is discarded.  The Core stays at the centre whatever card lies there.
* Reconstruction removes one of the player's ships (their choice of system and kind); the
  discarded card takes the place of that system's card, which is discarded.
* After the action, players holding more cards than they have ships discard down to
  that number (their choice, one card per decision, starting with the player whose turn
  it was); then everyone short of cards draws, in the same order.  An empty stock is
  refilled by shuffling the discard pile; when both are empty the draw stops short.
* A player with no card at the start of their action can only ``pass``.  Eliminated
  players are skipped.  When one battle wipes out the last ships of everyone still in the
  game, those players share a draw.
* ``max_turns`` (a safeguard for simulations) stops the game after that many turns of
  play without a winner; the result is then ``unfinished``.

Position notation
=================
A position is a set of ``key: value`` lines in any order (``#`` starts a comment)::

    phase: action          # core, galaxy, home, bonus, action, trim or over
    player: A              # whose turn it is (the one to act, except while trimming)
    turn: 12               # turns of play completed (optional, default 0)
    battles: 2             # battles fought so far (optional, default 0)
    galaxy:
      .     5S          .
      9D    KC*[A:1S]   2H[B:1D1S]
      .     JD[A:1D]    .
    homes: A=S1 B=E1
    hand A: 5H 9C          # "-" for an empty hand; a missing line means empty too
    hand B: 2C 3D
    stock: 4H 7S ...       # top card first; "..." = every card not listed anywhere else
    discards: 3C           # a multiset: its order does not matter

A finished game has ``phase: over``, no ``player`` line and a ``result:`` line naming
the winners and the kind of victory (``result: A domination``, ``result: A B
elimination`` for a shared draw), or just ``result: unfinished``.

The galaxy is drawn row by row, north at the top; each whitespace-separated cell is ``.``
(empty space) or a card such as ``KD``, ``10H`` or ``AS``, followed by ``*`` on the Core
and by ``[B:1D2S]`` when ships are there (owner, then Dreadnoughts and Scouts; a zero
count is left out).  A missing ``stock`` line means ``stock: ...``.

Cells are named by compass steps from the Core: ``core``, ``E1`` (one to the right),
``N2`` (two up), ``W1S3`` (one left, three down).  The names never change during a game.

Move notation
=============
``core KD``, ``place 5H E1N1``, ``home W2``, ``scout E1``, ``skip``, ``build 9H E1``,
``move 9H E1>E2 scout``, ``battle 5C E1>E2``, ``battle 5C E1>E2 flips=HTTH``,
``reconstruct 9H E1 dreadnought``, ``discard 5H``, ``pass``.  The optional ``flips``
of a battle are the coin results (``H``/``T``) in the order described above and are used
instead of the random source; they must be exactly as many as the battle needs.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from printkit.errors import did_you_mean
from printkit.rules.base import (
    NO_PLAYER,
    Claim,
    Game,
    IllegalMoveError,
    NotationError,
    Player,
)

# --------------------------------------------------------------------------- cards and cells

SUITS = "CDHS"
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_RANK_OF = {v: k for k, v in _RANK_TEXT.items()} | {"T": 10}


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


Cell = tuple[int, int]
"""A place in the galaxy: (steps east, steps north) of the Core, which is (0, 0)."""

CORE: Cell = (0, 0)
_STEPS: dict[str, Cell] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
_REACH: dict[str, tuple[Cell, ...]] = {
    "D": tuple(_STEPS.values()),
    "C": tuple(_STEPS.values()),
    "H": (_STEPS["E"], _STEPS["W"]),
    "S": (_STEPS["N"], _STEPS["S"]),
}


def reading_order(cell: Cell) -> tuple[int, int]:
    """Sort key: north to south, then west to east."""
    return (-cell[1], cell[0])


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


def _cards_text(cards: Iterable[Card]) -> str:
    text = " ".join(str(c) for c in cards)
    return text or "-"


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True)
class StarBattleParams:
    """Every option of Star Battle, with the engine's default ruling."""

    players: int = 2
    decks: int = 1
    hand_size: int = 8
    core_placer: Literal["dealer", "right_of_dealer"] = "dealer"
    revision1: bool = False
    ships_per_player: int | None = 15
    max_turns: int | None = 1000

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
        if self.ships_per_player is not None and self.ships_per_player < 1:
            raise ValueError("ships_per_player: must be at least 1 (or none for unlimited)")
        if self.max_turns is not None and self.max_turns < 1:
            raise ValueError("max_turns: must be at least 1 (or none for no limit)")


# --------------------------------------------------------------------------- state and moves

ShipKind = Literal["dreadnought", "scout"]
Phase = Literal["core", "galaxy", "home", "bonus", "action", "trim", "over"]
Victory = Literal["elimination", "domination", "unfinished"]
MoveKind = Literal[
    "core", "place", "home", "scout", "skip", "build", "move", "battle", "reconstruct",
    "discard", "pass",
]
PHASES: tuple[Phase, ...] = ("core", "galaxy", "home", "bonus", "action", "trim", "over")


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


@dataclass(frozen=True)
class State:
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

    @functools.cached_property
    def index(self) -> dict[Cell, System]:
        """The systems by cell."""
        return {s.cell: s for s in self.galaxy}

    @functools.cached_property
    def ships_in_play(self) -> tuple[int, ...]:
        """How many ships each player has in the galaxy."""
        counts = [0] * len(self.hands)
        for s in self.galaxy:
            if s.owner != NO_PLAYER:
                counts[s.owner] += s.ships
        return tuple(counts)


class Move(NamedTuple):
    """One decision.  Which fields are used depends on ``kind`` (see the module notes)."""

    kind: MoveKind
    card: Card | None = None
    cell: Cell | None = None
    target: Cell | None = None
    ship: ShipKind | None = None
    flips: str | None = None


_SKIP = Move("skip")
_PASS = Move("pass")


# --------------------------------------------------------------------------- scratch copy


class _Work:
    """A mutable copy of a state used while one move is applied."""

    def __init__(self, state: State) -> None:
        self.phase: Phase = state.phase
        self.mover = state.mover
        self.systems = dict(state.index)
        self.homes = list(state.homes)
        self.hands = [list(h) for h in state.hands]
        self.stock = list(state.stock)
        self.discards = list(state.discards)
        self.turn = state.turn
        self.battles = state.battles
        self.victory: Victory | None = state.victory
        self.winners: tuple[Player, ...] = state.winners

    @property
    def players(self) -> int:
        return len(self.hands)

    def ships_in_play(self) -> list[int]:
        counts = [0] * self.players
        for s in self.systems.values():
            if s.owner != NO_PLAYER:
                counts[s.owner] += s.ships
        return counts

    def draw(self, rng: random.Random) -> Card | None:
        """The top card of the stock, reshuffling the discards into it when it is empty."""
        if not self.stock:
            if not self.discards:
                return None
            self.stock = sorted(self.discards)
            self.discards = []
            rng.shuffle(self.stock)
        return self.stock.pop(0)

    def add_ship(self, cell: Cell, player: Player, kind: ShipKind) -> None:
        s = self.systems[cell]
        if kind == "dreadnought":
            self.systems[cell] = s._replace(owner=player, dreadnoughts=s.dreadnoughts + 1)
        else:
            self.systems[cell] = s._replace(owner=player, scouts=s.scouts + 1)

    def remove_ship(self, cell: Cell, kind: ShipKind) -> None:
        s = self.systems[cell]
        if kind == "dreadnought":
            s = s._replace(dreadnoughts=s.dreadnoughts - 1)
        else:
            s = s._replace(scouts=s.scouts - 1)
        if s.ships == 0:
            s = s._replace(owner=NO_PLAYER)
        self.systems[cell] = s

    def freeze(self) -> State:
        galaxy = tuple(sorted(self.systems.values(), key=lambda s: reading_order(s.cell)))
        return State(
            phase=self.phase,
            mover=self.mover,
            galaxy=galaxy,
            homes=tuple(self.homes),
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            stock=tuple(self.stock),
            discards=tuple(sorted(self.discards)),
            turn=self.turn,
            battles=self.battles,
            victory=self.victory,
            winners=self.winners,
        )


# --------------------------------------------------------------------------- the engine

_KEYS = ("phase", "player", "turn", "battles", "galaxy", "homes", "hand", "stock", "discards",
         "result")
_KEY_LINE = re.compile(r"[ \t]*([A-Za-z][A-Za-z ]*?)[ \t]*:")
_SYSTEM_TOKEN = re.compile(
    r"(?P<card>(?:10|[2-9AJQKT])[CDHS])(?P<core>\*)?(?:\[(?P<fleet>[^\]]*)\])?",
    re.IGNORECASE,
)
_FLEET = re.compile(r"\s*(?P<owner>[A-Za-z])\s*:\s*(?P<counts>[^\]]*)")
_COUNT = re.compile(r"(\d*)([DSds])")
_MOVE_TOKEN = re.compile(r"[^\s>=]+|[>=]")


class StarBattle(Game[State, Move, StarBattleParams]):
    """The Star Battle rules engine."""

    name = "star-battle"
    title = "Star Battle"
    Params = StarBattleParams
    params: StarBattleParams

    def __init__(self, params: StarBattleParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self._full_deck: tuple[Card, ...] = tuple(
            sorted(Card(r, s) for s in SUITS for r in range(1, 14) for _ in range(p.decks))
        )
        self._names = tuple(chr(ord("A") + i) for i in range(p.players))
        self._placer: Player = 0 if p.core_placer == "dealer" else p.players - 1
        # the last position whose legal moves were generated, for apply's membership test
        self._cache: tuple[State, Sequence[Move]] | None = None
        self._cache_set: frozenset[Move] | None = None

    # ------------------------------------------------------------------ basics

    def num_players(self, state: State) -> int:
        return len(state.hands)

    def player_names(self, state: State) -> tuple[str, ...]:
        return tuple(chr(ord("A") + i) for i in range(len(state.hands)))

    def turn_number(self, state: State) -> int:
        return state.turn

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def current_player(self, state: State) -> Player:
        if state.phase == "over":
            return NO_PLAYER
        if state.phase == "trim":
            return self._trimmer(state)
        return state.mover

    def _trimmer(self, state: State) -> Player:
        count = len(state.hands)
        ships = state.ships_in_play
        for k in range(count):
            p = (state.mover + k) % count
            if len(state.hands[p]) > ships[p]:
                return p
        return NO_PLAYER

    def systems_held(self, state: State) -> tuple[int, ...]:
        """How many systems each player's ships occupy."""
        counts = [0] * len(state.hands)
        for s in state.galaxy:
            if s.owner != NO_PLAYER:
                counts[s.owner] += 1
        return tuple(counts)

    def scores(self, state: State) -> tuple[int, ...]:
        return self.systems_held(state)

    def winners(self, state: State) -> tuple[Player, ...]:
        return state.winners

    def core_holder(self, state: State) -> Player:
        """The player whose ships sit on the Core, or NO_PLAYER."""
        core = state.index.get(CORE)
        return core.owner if core is not None else NO_PLAYER

    def supply(self, state: State, player: Player) -> tuple[int | None, int | None]:
        """Dreadnought and Scout tokens ``player`` has left (None when unlimited)."""
        limit = self.params.ships_per_player
        if limit is None:
            return (None, None)
        dreads = sum(s.dreadnoughts for s in state.galaxy if s.owner == player)
        scouts = sum(s.scouts for s in state.galaxy if s.owner == player)
        return (limit - dreads, limit - scouts)

    def connections(self, state: State, cell: Cell) -> list[Cell]:
        """The systems that the system at ``cell`` connects to, in reading order."""
        here = state.index[cell]
        found = []
        for dx, dy in _REACH[here.card.suit]:
            other = (cell[0] + dx, cell[1] + dy)
            if other in state.index:
                found.append(other)
        return sorted(found, key=reading_order)

    def build_kind(self, system: Card, discard: Card) -> ShipKind | None:
        """The ship a discard builds on a system card, ignoring the value test."""
        if system.suit == "C":
            return None
        if self.params.revision1:
            return "dreadnought" if system.suit == "D" else "scout"
        return "dreadnought" if discard.suit == system.suit else "scout"

    def _has_token(self, state: State, player: Player, kind: ShipKind) -> bool:
        dreads, scouts = self.supply(state, player)
        left = dreads if kind == "dreadnought" else scouts
        return left is None or left > 0

    # ------------------------------------------------------------------ setup

    def initial_state(self, rng: random.Random) -> State:
        p = self.params
        deck = list(self._full_deck)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(p.players)]
        for i in range(p.hand_size * p.players):
            hands[(1 + i) % p.players].append(deck[i])
        return State(
            phase="core",
            mover=self._placer,
            galaxy=(),
            homes=(None,) * p.players,
            hands=tuple(tuple(sorted(h)) for h in hands),
            stock=tuple(deck[p.hand_size * p.players:]),
            discards=(),
        )

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self, state: State) -> Sequence[Move]:
        cache = self._cache
        if cache is not None and cache[0] is state:
            return list(cache[1])
        moves = self._generate(state)
        self._cache = (state, tuple(moves))
        self._cache_set = None
        return moves

    def _generate(self, state: State) -> list[Move]:
        phase = state.phase
        if phase == "core":
            return self._core_moves(state)
        if phase == "galaxy":
            return self._place_moves(state)
        if phase == "home":
            taken = {h for h in state.homes if h is not None}
            return [
                Move("home", cell=s.cell)
                for s in state.galaxy
                if s.cell != CORE and s.cell not in taken
            ]
        if phase == "bonus":
            return [Move("scout", cell=c) for c in self._scout_cells(state)] + [_SKIP]
        if phase == "action":
            return self._action_moves(state)
        if phase == "trim":
            who = self._trimmer(state)
            return [Move("discard", card=c) for c in _distinct(state.hands[who])]
        return []

    def _core_moves(self, state: State) -> list[Move]:
        hand = state.hands[state.mover]
        if not hand:
            return []
        top = max(c.table_value for c in hand)
        return [Move("core", card=c) for c in _distinct(hand) if c.table_value == top]

    def _open_cells(self, state: State) -> dict[Cell, set[Cell]]:
        """Empty cells next to the galaxy, each with the steps that lead to a neighbour."""
        found: dict[Cell, set[Cell]] = {}
        for cell in state.index:
            for step in _STEPS.values():
                spot = (cell[0] + step[0], cell[1] + step[1])
                if spot not in state.index:
                    found.setdefault(spot, set()).add((-step[0], -step[1]))
        return found

    def _place_moves(self, state: State) -> list[Move]:
        spots: dict[str, list[Cell]] = {suit: [] for suit in SUITS}
        for spot, steps in sorted(self._open_cells(state).items(),
                                  key=lambda kv: reading_order(kv[0])):
            for suit in SUITS:
                if not steps.isdisjoint(_REACH[suit]):
                    spots[suit].append(spot)
        return [
            Move("place", card, spot)
            for card in _distinct(state.hands[state.mover])
            for spot in spots[card.suit]
        ]

    def _scout_cells(self, state: State) -> list[Cell]:
        return self._scout_cells_of(state.index, state.mover)

    def _scout_cells_of(self, systems: Mapping[Cell, System], player: Player) -> list[Cell]:
        """Where ``player`` may put a free Scout (none unless they hold the Core)."""
        core = systems.get(CORE)
        if core is None or core.owner != player:
            return []
        limit = self.params.ships_per_player
        if limit is not None and limit <= sum(
            s.scouts for s in systems.values() if s.owner == player
        ):
            return []
        cells = [s.cell for s in systems.values() if s.owner == player and s.card.suit != "C"]
        return sorted(cells, key=reading_order)

    def _action_moves(self, state: State) -> list[Move]:
        player = state.mover
        hand = state.hands[player]
        if not hand:
            return [_PASS]
        index = state.index
        own = [s for s in state.galaxy if s.owner == player]
        tokens = {k: self._has_token(state, player, k) for k in ("dreadnought", "scout")}
        kinds_on: list[tuple[System, tuple[ShipKind, ...]]] = []
        steps_from: list[tuple[System, list[System], list[System]]] = []
        for s in own:
            kinds: tuple[ShipKind, ...] = ()
            if s.dreadnoughts:
                kinds += ("dreadnought",)
            if s.scouts:
                kinds += ("scout",)
            kinds_on.append((s, kinds))
            friendly: list[System] = []
            hostile: list[System] = []
            for dx, dy in _REACH[s.card.suit]:
                d = index.get((s.cell[0] + dx, s.cell[1] + dy))
                if d is None:
                    continue
                if d.owner == NO_PLAYER or d.owner == player:
                    friendly.append(d)
                else:
                    hostile.append(d)
            friendly.sort(key=lambda d: reading_order(d.cell))
            hostile.sort(key=lambda d: reading_order(d.cell))
            steps_from.append((s, friendly, hostile))
        moves: list[Move] = []
        for card in _distinct(hand):
            value = card.discard_value
            for s in own:
                if value > s.card.table_value:
                    kind = self.build_kind(s.card, card)
                    if kind is not None and tokens[kind]:
                        moves.append(Move("build", card=card, cell=s.cell))
            for (s, kinds), (_, friendly, _) in zip(kinds_on, steps_from, strict=True):
                for d in friendly:
                    if value > d.card.table_value:
                        for kind in kinds:
                            moves.append(Move("move", card, s.cell, d.cell, kind))
            for s, _, hostile in steps_from:
                for d in hostile:
                    moves.append(Move("battle", card=card, cell=s.cell, target=d.cell))
            for s, kinds in kinds_on:
                for kind in kinds:
                    moves.append(Move("reconstruct", card=card, cell=s.cell, ship=kind))
        return moves

    # ------------------------------------------------------------------ applying moves

    def _is_legal(self, state: State, move: Move) -> bool:
        cache = self._cache
        if cache is None or cache[0] is not state:
            self.legal_moves(state)
            cache = self._cache
            assert cache is not None
        if self._cache_set is None:
            self._cache_set = frozenset(cache[1])
        return move in self._cache_set

    def without_outcome(self, state: State, move: Move) -> Move:
        """A battle with stated flips is legal exactly when the plain battle is."""
        del state
        return move._replace(flips=None) if move.flips is not None else move

    def illegal_reason(self, state: State, move: Move) -> str | None:
        if move.flips is not None and move.kind != "battle":
            return "only a battle has flips"
        if move.flips is not None and (not move.flips or set(move.flips) - {"H", "T"}):
            return "flips are written with H and T only"
        plain = self.without_outcome(state, move)
        return None if self._is_legal(state, plain) else self._why_illegal(state, plain)

    def _play(self, state: State, move: Move, rng: random.Random) -> State:
        plain = move
        if move.flips is not None:
            if move.kind != "battle":
                raise IllegalMoveError(
                    f"illegal move {self.format_move(state, move)!r}: only a battle has flips"
                )
            if not move.flips or set(move.flips) - {"H", "T"}:
                raise IllegalMoveError(
                    f"illegal move {self.format_move(state, move)!r}: flips are written "
                    "with H and T only"
                )
            plain = move._replace(flips=None)
        if not self._is_legal(state, plain):
            raise IllegalMoveError(
                f"illegal move {self.format_move(state, move)!r}: {self._why_illegal(state, plain)}"
            )
        work = _Work(state)
        kind = move.kind
        if kind == "core":
            self._do_core(work, move)
        elif kind == "place":
            self._do_place(work, move)
        elif kind == "home":
            self._do_home(work, move, rng)
        elif kind == "scout":
            assert move.cell is not None
            work.add_ship(move.cell, work.mover, "scout")
            work.phase = "action"
        elif kind == "skip":
            work.phase = "action"
        elif kind == "discard":
            assert move.card is not None
            who = self._trimmer(state)
            work.hands[who].remove(move.card)
            work.discards.append(move.card)
            self._after_trim(work, rng)
        else:
            self._do_action(state, work, move, rng)
        return work.freeze()

    def _do_core(self, work: _Work, move: Move) -> None:
        assert move.card is not None
        work.hands[work.mover].remove(move.card)
        work.systems[CORE] = System(CORE, move.card)
        work.phase = "galaxy"
        self._next_placer(work)

    def _do_place(self, work: _Work, move: Move) -> None:
        assert move.card is not None and move.cell is not None
        work.hands[work.mover].remove(move.card)
        work.systems[move.cell] = System(move.cell, move.card)
        self._next_placer(work)

    def _next_placer(self, work: _Work) -> None:
        for k in range(1, work.players + 1):
            p = (work.mover + k) % work.players
            if work.hands[p]:
                work.mover = p
                return
        work.phase = "home"
        work.mover = (self._placer + 1) % work.players

    def _do_home(self, work: _Work, move: Move, rng: random.Random) -> None:
        assert move.cell is not None
        player = work.mover
        work.homes[player] = move.cell
        work.add_ship(move.cell, player, "dreadnought")
        work.add_ship(move.cell, player, "scout")
        for _ in range(2):
            card = work.draw(rng)
            if card is not None:
                work.hands[player].append(card)
        for k in range(1, work.players + 1):
            p = (player + k) % work.players
            if work.homes[p] is None:
                work.mover = p
                return
        self._start_turn(work, (self._placer + 1) % work.players)

    def _start_turn(self, work: _Work, player: Player) -> None:
        work.mover = player
        work.phase = "bonus"
        if not self._scout_cells_of(work.systems, player):
            work.phase = "action"

    def _do_action(self, state: State, work: _Work, move: Move, rng: random.Random) -> None:
        player = work.mover
        before = state.ships_in_play
        if move.kind != "pass":
            assert move.card is not None and move.cell is not None
            work.hands[player].remove(move.card)
            if move.kind == "build":
                kind = self.build_kind(state.index[move.cell].card, move.card)
                assert kind is not None
                work.add_ship(move.cell, player, kind)
                work.discards.append(move.card)
            elif move.kind == "move":
                assert move.target is not None and move.ship is not None
                work.remove_ship(move.cell, move.ship)
                work.add_ship(move.target, player, move.ship)
                work.discards.append(move.card)
            elif move.kind == "reconstruct":
                assert move.ship is not None
                work.remove_ship(move.cell, move.ship)
                old = work.systems[move.cell]
                work.discards.append(old.card)
                work.systems[move.cell] = old._replace(card=move.card)
            else:
                assert move.target is not None
                work.discards.append(move.card)
                self._battle(work, move, rng)
        alive_before = tuple(p for p, n in enumerate(before) if n > 0)
        if self._settle_victory(work, alive_before):
            return
        self._after_trim(work, rng)

    def _battle(self, work: _Work, move: Move, rng: random.Random) -> None:
        assert move.cell is not None and move.target is not None
        work.battles += 1
        flips = iter(move.flips) if move.flips is not None else None
        used = 0

        def heads() -> bool:
            nonlocal used
            used += 1
            if flips is None:
                return rng.getrandbits(1) == 1
            try:
                return next(flips) == "H"
            except StopIteration:
                raise IllegalMoveError(
                    f"illegal move {self.format_move(work.freeze(), move)!r}: "
                    f"the battle needs more than {used - 1} flips"
                ) from None

        for cell in (move.cell, move.target):
            s = work.systems[cell]
            dreads = sum(1 for _ in range(s.dreadnoughts) if not (heads() and heads()))
            scouts = sum(1 for _ in range(s.scouts) if not heads())
            if dreads + scouts == 0:
                new = work.draw(rng)
                if new is None:  # cannot happen: the battle's own discard is in the pile
                    work.systems[cell] = System(cell, s.card)
                else:
                    work.discards.append(s.card)
                    work.systems[cell] = System(cell, new)
            else:
                work.systems[cell] = s._replace(dreadnoughts=dreads, scouts=scouts)
        if flips is not None and next(flips, None) is not None:
            assert move.flips is not None
            raise IllegalMoveError(
                f"illegal move {self.format_move(work.freeze(), move)!r}: the battle needs "
                f"{used} flips, not {len(move.flips)}"
            )

    def _settle_victory(self, work: _Work, alive_before: tuple[Player, ...]) -> bool:
        """End the game if someone has won; True when it is over."""
        ships = work.ships_in_play()
        alive = [p for p, n in enumerate(ships) if n > 0]
        if len(alive) <= 1:
            work.phase = "over"
            work.victory = "elimination"
            work.winners = tuple(alive) if alive else alive_before
            work.mover = NO_PLAYER
            return True
        total = len(work.systems)
        core = work.systems.get(CORE)
        if core is not None and core.owner != NO_PLAYER:
            held = sum(1 for s in work.systems.values() if s.owner == core.owner)
            if 4 * held > 3 * total:
                work.phase = "over"
                work.victory = "domination"
                work.winners = (core.owner,)
                work.mover = NO_PLAYER
                return True
        return False

    def _after_trim(self, work: _Work, rng: random.Random) -> None:
        """Discards are settled when nobody holds too many cards: draw and pass the turn."""
        ships = work.ships_in_play()
        if any(len(h) > n for h, n in zip(work.hands, ships, strict=True)):
            work.phase = "trim"
            return
        count = work.players
        for k in range(count):
            p = (work.mover + k) % count
            while len(work.hands[p]) < ships[p]:
                card = work.draw(rng)
                if card is None:
                    break
                work.hands[p].append(card)
        work.turn += 1
        limit = self.params.max_turns
        if limit is not None and work.turn >= limit:
            work.phase = "over"
            work.victory = "unfinished"
            work.winners = ()
            work.mover = NO_PLAYER
            return
        for k in range(1, count + 1):
            p = (work.mover + k) % count
            if ships[p] > 0:
                self._start_turn(work, p)
                return

    # ------------------------------------------------------------------ explaining refusals

    def _why_illegal(self, state: State, move: Move) -> str:
        """A short reason why ``move`` is not legal in ``state``."""
        wanted = _PHASE_OF.get(move.kind, ())
        missing = [f for f in _FIELDS.get(move.kind, ()) if getattr(move, f) is None]
        if missing:
            return f"a {move.kind} move needs its {' and '.join(missing)}"
        if state.phase == "over":
            return "the game is over"
        if state.phase not in wanted:
            return f"{move.kind!r} is not a move of the {state.phase} phase"
        player = self.current_player(state)
        name = self.player_names(state)[player]
        hand = state.hands[player]
        if move.card is not None and move.card not in hand:
            return f"{move.card} is not in {name}'s hand"
        if move.kind == "pass":
            return "a player holding cards must act"
        if move.kind == "core":
            return "the Core must be the placer's highest card"
        for cell in (move.cell, move.target):
            if cell is None:
                continue
            if move.kind == "place":
                if cell in state.index:
                    return f"{cell_name(cell)} is already taken"
            elif cell not in state.index:
                return f"there is no system at {cell_name(cell)}"
        if move.kind == "place":
            return f"{move.card} would not connect to a neighbouring card"
        if move.kind == "home":
            return f"{cell_name(move.cell or CORE)} is the Core or already a Home Base"
        if move.kind == "skip":
            return "no free Scout is due"
        assert move.cell is not None
        here = state.index[move.cell]
        if move.kind == "scout":
            if self.core_holder(state) != player:
                return f"{name} does not hold the Core"
            if here.owner != player:
                return f"{name} has no ship at {cell_name(move.cell)}"
            if here.card.suit == "C":
                return "no ship can be placed on a club"
            return f"{name} has no Scout token left"
        if here.owner != player:
            return f"{name} has no ship at {cell_name(move.cell)}"
        assert move.card is not None
        if move.kind == "build":
            if here.card.suit == "C":
                return "no ship can be built on a club"
            if move.card.discard_value <= here.card.table_value:
                return f"{move.card} is not higher than {here.card}"
            return f"{name} has no token left for that ship"
        if move.ship is not None:
            have = here.dreadnoughts if move.ship == "dreadnought" else here.scouts
            if not have:
                return f"{name} has no {move.ship} at {cell_name(move.cell)}"
        if move.kind in ("move", "battle") and move.target is not None:
            there = state.index[move.target]
            if move.target not in self.connections(state, move.cell):
                return (f"{here.card} at {cell_name(move.cell)} does not connect to "
                        f"{cell_name(move.target)}")
            enemy = there.owner not in (NO_PLAYER, player)
            if move.kind == "move":
                if enemy:
                    return f"{cell_name(move.target)} is held by enemy ships (battle instead)"
                if move.card.discard_value <= there.card.table_value:
                    return f"{move.card} is not higher than {there.card}"
            elif not enemy:
                return f"there are no enemy ships at {cell_name(move.target)}"
        return "it is not among the legal moves"

    # ------------------------------------------------------------------ move notation

    def format_move(self, state: State, move: Move) -> str:
        parts: list[str] = [move.kind]
        if move.card is not None:
            parts.append(str(move.card))
        if move.cell is not None:
            if move.target is not None:
                parts.append(f"{cell_name(move.cell)}>{cell_name(move.target)}")
            else:
                parts.append(cell_name(move.cell))
        if move.ship is not None:
            parts.append(move.ship)
        if move.flips is not None:
            parts.append(f"flips={move.flips}")
        return " ".join(parts)

    def parse_move(self, state: State, text: str) -> Move:
        tokens = [(m.group(), m.start()) for m in _MOVE_TOKEN.finditer(text)]
        if not tokens:
            raise NotationError.at("empty move", text, 0)
        pos = 0

        def take(what: str) -> tuple[str, int]:
            nonlocal pos
            if pos >= len(tokens):
                raise NotationError.at(f"expected {what} here", text, len(text.rstrip()))
            token = tokens[pos]
            pos += 1
            return token

        def card() -> Card:
            word, at = take("a card such as 9H")
            found = parse_card(word)
            if found is None:
                raise NotationError.at(f"{word!r} is not a card (write e.g. 9H, 10S, AD)",
                                       text, at)
            return found

        def cell() -> Cell:
            word, at = take("a cell such as E1 or core")
            found = parse_cell(word)
            if found is None:
                raise NotationError.at(
                    f"{word!r} is not a cell (write core, E1, N2, W1S3 ...)", text, at)
            return found

        def arrow() -> None:
            word, at = take("'>'")
            if word != ">":
                raise NotationError.at(f"expected '>' between two cells, not {word!r}", text, at)

        def ship() -> ShipKind:
            word, at = take("dreadnought or scout")
            low = word.lower()
            if low in ("dreadnought", "d"):
                return "dreadnought"
            if low in ("scout", "s"):
                return "scout"
            raise NotationError.at(f"{word!r} is not a ship (dreadnought or scout)", text, at)

        word, at = take("a move")
        kind = word.lower()
        move: Move
        if kind == "core":
            move = Move("core", card=card())
        elif kind == "place":
            c = card()
            move = Move("place", card=c, cell=cell())
        elif kind == "home":
            move = Move("home", cell=cell())
        elif kind == "scout":
            move = Move("scout", cell=cell())
        elif kind == "skip":
            move = _SKIP
        elif kind == "pass":
            move = _PASS
        elif kind == "build":
            c = card()
            move = Move("build", card=c, cell=cell())
        elif kind == "move":
            c = card()
            source = cell()
            arrow()
            target = cell()
            move = Move("move", c, source, target, ship())
        elif kind == "battle":
            c = card()
            source = cell()
            arrow()
            target = cell()
            flips: str | None = None
            if pos < len(tokens):
                word, at = take("flips=...")
                if word.lower() != "flips":
                    raise NotationError.at(f"expected flips=..., not {word!r}", text, at)
                word, at = take("'='")
                if word != "=":
                    raise NotationError.at(f"expected '=' after flips, not {word!r}", text, at)
                word, at = take("coin results such as HTTH")
                flips = word.upper()
                bad = re.search(r"[^HT]", flips)
                if bad is not None:
                    raise NotationError.at(
                        f"{word[bad.start()]!r} is not a coin result (H or T)",
                        text, at + bad.start())
            move = Move("battle", card=c, cell=source, target=target, flips=flips)
        elif kind == "reconstruct":
            c = card()
            where = cell()
            move = Move("reconstruct", card=c, cell=where, ship=ship())
        elif kind == "discard":
            move = Move("discard", card=card())
        else:
            raise NotationError.at(
                f"unknown move {word!r}" + did_you_mean(kind, _PHASE_OF), text, at)
        if pos < len(tokens):
            word, at = tokens[pos]
            raise NotationError.at(f"unexpected {word!r} after the move", text, at)
        return move

    # ------------------------------------------------------------------ position notation

    def format_state(self, state: State) -> str:
        return "\n".join(self._state_lines(state, viewer=None))

    def view(self, state: State, player: Player) -> str:
        return "\n".join(self._state_lines(state, viewer=player))

    def _state_lines(self, state: State, viewer: Player | None) -> list[str]:
        names = self.player_names(state)
        lines = [f"phase: {state.phase}"]
        if state.phase != "over":
            lines.append(f"player: {names[state.mover]}")
        if state.turn:
            lines.append(f"turn: {state.turn}")
        if state.battles:
            lines.append(f"battles: {state.battles}")
        lines.append("galaxy:" if state.galaxy else "galaxy: -")
        lines.extend("  " + row for row in self._galaxy_rows(state))
        homes = [f"{names[p]}={cell_name(h)}" for p, h in enumerate(state.homes) if h is not None]
        if homes:
            lines.append("homes: " + " ".join(homes))
        for p, hand in enumerate(state.hands):
            if viewer is None or viewer == p:
                lines.append(f"hand {names[p]}: {_cards_text(hand)}")
            else:
                lines.append(f"hand {names[p]}: {len(hand)} card(s)")
        if viewer is None:
            lines.append(f"stock: {self._stock_text(state.stock)}")
        else:
            lines.append(f"stock: {len(state.stock)} card(s)")
        lines.append(f"discards: {_cards_text(state.discards)}")
        if state.phase == "over":
            if state.victory == "unfinished" or state.victory is None:
                lines.append("result: unfinished")
            else:
                who = " ".join(names[p] for p in state.winners)
                lines.append(f"result: {who} {state.victory}")
        return lines

    @staticmethod
    def _stock_text(stock: tuple[Card, ...]) -> str:
        """The stock, ending in ``...`` where its tail is in the order ``...`` stands for."""
        start = len(stock)
        while start > 0 and (start == len(stock) or stock[start - 1] <= stock[start]):
            start -= 1
        if len(stock) - start < 3:
            return _cards_text(stock)
        return " ".join([*(str(c) for c in stock[:start]), "..."])

    @staticmethod
    def _galaxy_rows(state: State) -> list[str]:
        if not state.galaxy:
            return []
        names = [chr(ord("A") + i) for i in range(len(state.hands))]
        xs = [s.cell[0] for s in state.galaxy]
        ys = [s.cell[1] for s in state.galaxy]
        cols = range(min(xs), max(xs) + 1)
        grid: list[list[str]] = []
        for y in range(max(ys), min(ys) - 1, -1):
            row = []
            for x in cols:
                s = state.index.get((x, y))
                row.append("." if s is None else _system_text(s, names))
            grid.append(row)
        widths = [max(len(row[i]) for row in grid) for i in range(len(cols))]
        return [
            "  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in grid
        ]

    def parse_state(self, text: str) -> State:
        return _PositionReader(self, text).read()

    # ------------------------------------------------------------------ claims and figures

    def claims(self) -> Mapping[str, Claim[State]]:
        return {
            "systems_held": Claim(self._claim_systems_held,
                                  "systems occupied by each player's ships"),
            "core_holder": Claim(self._claim_core_holder,
                                 "the player whose ships are on the Core, or null"),
            "connections": Claim(self._claim_connections,
                                 "the systems the system at CELL connects to",
                                 unordered=True, takes_argument=True),
            "legal_builds": Claim(self._claim_legal_builds,
                                  "for the player to move discarding CARD: {cell: ship built}",
                                  takes_argument=True),
            "legal_moves_from": Claim(self._claim_moves_from,
                                      "cells a ship at CELL can legally move to this turn",
                                      unordered=True, takes_argument=True),
            "battle_targets": Claim(self._claim_battle_targets,
                                    "enemy-held systems the ships at CELL may attack",
                                    unordered=True, takes_argument=True),
            "victory": Claim(self._claim_victory,
                             "null, elimination, domination or unfinished"),
            "hand_size_due": Claim(self._claim_hand_size_due,
                                   "the hand each player is brought to: ships in play"),
            "survival": Claim(self._claim_survival,
                              "chance (a fraction) that the system at CELL keeps a ship "
                              "through a battle", takes_argument=True),
            "supply": Claim(self._claim_supply,
                            "tokens each player has left: {dreadnoughts, scouts}, or null"),
            "home_bases": Claim(self._claim_home_bases, "each player's Home Base cell or null"),
        }

    def _named(self, state: State, values: Sequence[object]) -> dict[str, object]:
        return dict(zip(self.player_names(state), values, strict=True))

    def _claim_systems_held(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        return self._named(state, self.systems_held(state))

    def _claim_core_holder(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        holder = self.core_holder(state)
        return None if holder == NO_PLAYER else self.player_names(state)[holder]

    def _claim_connections(self, state: State, arg: str | None) -> object:
        cell = _system_argument(state, arg)
        return [cell_name(c) for c in self.connections(state, cell)]

    def _claim_legal_builds(self, state: State, arg: str | None) -> object:
        if arg is None or parse_card(arg.strip()) is None:
            raise ValueError(f"legal_builds needs a card such as 9H, not {arg!r}")
        card = parse_card(arg.strip())
        assert card is not None
        player = state.mover
        found: dict[str, object] = {}
        if player == NO_PLAYER:
            return found
        for s in state.galaxy:
            if s.owner == player and card.discard_value > s.card.table_value:
                kind = self.build_kind(s.card, card)
                if kind is not None and self._has_token(state, player, kind):
                    found[cell_name(s.cell)] = kind
        return found

    def _claim_moves_from(self, state: State, arg: str | None) -> object:
        cell = _system_argument(state, arg)
        targets = {m.target for m in self.legal_moves(state)
                   if m.kind == "move" and m.cell == cell and m.target is not None}
        return [cell_name(c) for c in sorted(targets, key=reading_order)]

    def _claim_battle_targets(self, state: State, arg: str | None) -> object:
        cell = _system_argument(state, arg)
        here = state.index[cell]
        if here.owner == NO_PLAYER:
            return []
        return [cell_name(c) for c in self.connections(state, cell)
                if state.index[c].owner not in (NO_PLAYER, here.owner)]

    def _claim_victory(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        return state.victory

    def _claim_hand_size_due(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        return self._named(state, state.ships_in_play)

    def _claim_survival(self, state: State, arg: str | None) -> object:
        cell = _system_argument(state, arg)
        here = state.index[cell]
        if here.ships == 0:
            raise ValueError(f"there are no ships at {cell_name(cell)}")
        lost = Fraction(1, 2) ** here.scouts * Fraction(1, 4) ** here.dreadnoughts
        return str(1 - lost)

    def _claim_supply(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        if self.params.ships_per_player is None:
            return None
        values = []
        for p in range(len(state.hands)):
            dreads, scouts = self.supply(state, p)
            values.append({"dreadnoughts": dreads, "scouts": scouts})
        return self._named(state, values)

    def _claim_home_bases(self, state: State, arg: str | None) -> object:
        _no_argument(arg)
        return self._named(state, [None if h is None else cell_name(h) for h in state.homes])

    def figures(self, history: Sequence[State]) -> Mapping[str, float]:
        if not history:
            return {}
        last = history[-1]
        return {
            "elimination wins": float(last.victory == "elimination"),
            "domination wins": float(last.victory == "domination"),
            "unfinished": float(last.victory == "unfinished"),
            "battles": float(last.battles),
            "turns of play": float(last.turn),
        }

    def heuristic(self, state: State, player: Player) -> float:
        if state.phase == "over":
            if player in state.winners:
                return 1000.0
            return -1000.0 if state.winners else 0.0
        held = self.systems_held(state)
        ships = state.ships_in_play
        holder = self.core_holder(state)

        def worth(p: Player) -> float:
            return 3.0 * held[p] + ships[p] + (5.0 if holder == p else 0.0)

        others = [worth(p) for p in range(len(state.hands)) if p != player]
        return worth(player) - (max(others) if others else 0.0)


# --------------------------------------------------------------------------- helpers

_PHASE_OF: dict[str, tuple[Phase, ...]] = {
    "core": ("core",),
    "place": ("galaxy",),
    "home": ("home",),
    "scout": ("bonus",),
    "skip": ("bonus",),
    "build": ("action",),
    "move": ("action",),
    "battle": ("action",),
    "reconstruct": ("action",),
    "pass": ("action",),
    "discard": ("trim",),
}


_FIELDS: dict[str, tuple[str, ...]] = {
    "core": ("card",),
    "place": ("card", "cell"),
    "home": ("cell",),
    "scout": ("cell",),
    "build": ("card", "cell"),
    "move": ("card", "cell", "target", "ship"),
    "battle": ("card", "cell", "target"),
    "reconstruct": ("card", "cell", "ship"),
    "discard": ("card",),
}


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """The different cards among ``cards`` (several decks give duplicates), sorted."""
    return sorted(set(cards))


def _system_text(system: System, names: Sequence[str]) -> str:
    text = str(system.card) + ("*" if system.cell == CORE else "")
    if system.owner != NO_PLAYER:
        counts = ""
        if system.dreadnoughts:
            counts += f"{system.dreadnoughts}D"
        if system.scouts:
            counts += f"{system.scouts}S"
        text += f"[{names[system.owner]}:{counts}]"
    return text


def _no_argument(arg: str | None) -> None:
    if arg is not None:
        raise ValueError(f"this claim takes no argument, not {arg!r}")


def _system_argument(state: State, arg: str | None) -> Cell:
    if arg is None:
        raise ValueError("this claim needs a cell such as E1 or core")
    cell = parse_cell(arg.strip())
    if cell is None:
        raise ValueError(f"{arg!r} is not a cell (write core, E1, N2, W1S3 ...)")
    if cell not in state.index:
        raise ValueError(f"there is no system at {cell_name(cell)}")
    return cell


# --------------------------------------------------------------------------- position reader


class _PositionReader:
    """Reads the position notation described in the module docstring."""

    def __init__(self, game: StarBattle, text: str) -> None:
        self.game = game
        self.text = text
        self.names = tuple(chr(ord("A") + i) for i in range(game.params.players))

    def error(self, message: str, offset: int) -> NotationError:
        return NotationError.at(message, self.text, offset)

    def words(self, start: int, end: int) -> Iterator[tuple[str, int]]:
        """Whitespace-separated words of text[start:end] with their offsets."""
        for m in re.finditer(r"\S+", self.text[start:end]):
            yield m.group(), start + m.start()

    def player(self, word: str, at: int) -> Player:
        name = word.upper()
        if name not in self.names:
            raise self.error(
                f"{word!r} is not a player of this {len(self.names)}-player game "
                f"({', '.join(self.names)})", at)
        return self.names.index(name)

    def cards(self, start: int, end: int, allow_rest: bool = False) -> tuple[
            list[tuple[Card, int]], bool]:
        words = list(self.words(start, end))
        if len(words) == 1 and words[0][0] == "-":
            return [], False
        found: list[tuple[Card, int]] = []
        rest = False
        for i, (word, at) in enumerate(words):
            if allow_rest and word == "..." and i == len(words) - 1:
                rest = True
                continue
            card = parse_card(word)
            if card is None:
                hint = " ('...' may only end the stock)" if word == "..." else ""
                raise self.error(f"{word!r} is not a card (write e.g. 9H, 10S, AD){hint}", at)
            found.append((card, at))
        return found, rest

    def lines(self) -> Iterator[tuple[int, int]]:
        """(start, end) offsets of each line with its comment removed."""
        start = 0
        for line in self.text.split("\n"):
            hash_at = line.find("#")
            yield start, start + (len(line) if hash_at < 0 else hash_at)
            start += len(line) + 1

    def read(self) -> State:
        text = self.text
        values: dict[str, tuple[int, int, int]] = {}  # key -> (key offset, value start, end)
        hands_at: dict[Player, tuple[int, int, int]] = {}
        rows: list[tuple[int, int]] = []
        in_galaxy = False
        for start, end in self.lines():
            line = text[start:end]
            if not line.strip():
                continue
            m = _KEY_LINE.match(line)
            if m is None:
                if in_galaxy:
                    rows.append((start, end))
                    continue
                first = start + len(line) - len(line.lstrip())
                raise self.error(
                    f"expected a 'key: value' line here, not {line.strip()!r}", first)
            key_at = start + m.start(1)
            key = " ".join(m.group(1).split()).lower()
            value = (key_at, start + m.end(), end)
            in_galaxy = False
            if key.startswith("hand "):
                name = m.group(1).split()[-1]
                who = self.player(key[5:], key_at + m.group(1).rindex(name))
                if who in hands_at:
                    raise self.error(f"a second line for hand {self.names[who]}", key_at)
                hands_at[who] = value
                continue
            if key == "hand":
                raise self.error("name the player whose hand this is, e.g. 'hand A:'", key_at)
            if key not in _KEYS:
                raise self.error(f"unknown key {m.group(1)!r}" + did_you_mean(key, _KEYS),
                                 key_at)
            if key in values:
                raise self.error(f"a second {key!r} line", key_at)
            values[key] = value
            if key == "galaxy":
                in_galaxy = True
                rest = list(self.words(value[1], value[2]))
                if (rest and rest[0][0] != "-") or len(rest) > 1:
                    raise self.error("write the galaxy on the lines below 'galaxy:' "
                                     "('-' when it is empty)", rest[-1][1])
        return self.build(values, hands_at, rows)

    def single(self, values: Mapping[str, tuple[int, int, int]], key: str) -> tuple[str, int]:
        _, start, end = values[key]
        words = list(self.words(start, end))
        if len(words) != 1:
            at = words[1][1] if words else start
            raise self.error(f"'{key}:' takes exactly one value", at)
        return words[0]

    def number(self, values: Mapping[str, tuple[int, int, int]], key: str) -> int:
        if key not in values:
            return 0
        word, at = self.single(values, key)
        if not word.isdigit():
            raise self.error(f"{key} must be a whole number, not {word!r}", at)
        return int(word)

    def build(self, values: Mapping[str, tuple[int, int, int]],
              hands_at: Mapping[Player, tuple[int, int, int]],
              rows: Sequence[tuple[int, int]]) -> State:
        game = self.game
        params = game.params
        count = len(self.names)
        seen: Counter[Card] = Counter()

        def count_card(card: Card, at: int) -> None:
            seen[card] += 1
            if seen[card] > params.decks:
                copies = "once" if params.decks == 1 else f"{params.decks} times"
                raise self.error(f"{card} appears more often than the deck holds it "
                                 f"({copies})", at)

        # the galaxy
        systems: dict[Cell, System] = {}
        placed: list[tuple[int, int, System]] = []  # row, column, system (cell set later)
        core_at: tuple[int, int] | None = None
        supply_used = [[0, 0] for _ in range(count)]
        for r, (start, end) in enumerate(rows):
            for c, (word, at) in enumerate(self.words(start, end)):
                if word == ".":
                    continue
                m = _SYSTEM_TOKEN.fullmatch(word)
                if m is None:
                    raise self.error(
                        f"{word!r} is not a galaxy cell ('.', or a card such as KD with an "
                        "optional '*' for the Core and ships like [A:1D2S])", at)
                card = parse_card(m.group("card"))
                assert card is not None
                count_card(card, at)
                owner, dreads, scouts = NO_PLAYER, 0, 0
                if m.group("fleet") is not None:
                    owner, dreads, scouts = self.fleet(m.group("fleet"), at + m.start("fleet"))
                    supply_used[owner][0] += dreads
                    supply_used[owner][1] += scouts
                if m.group("core"):
                    if core_at is not None:
                        raise self.error("a second Core ('*'); the galaxy has one", at)
                    core_at = (r, c)
                placed.append((r, c, System(CORE, card, owner, dreads, scouts)))
        if placed and core_at is None:
            raise self.error("mark the Core with '*' after its card", rows[0][0])
        for r, c, system in placed:
            assert core_at is not None
            cell = (c - core_at[1], core_at[0] - r)
            systems[cell] = system._replace(cell=cell)
        limit = params.ships_per_player
        if limit is not None:
            for p, (dreads, scouts) in enumerate(supply_used):
                if max(dreads, scouts) > limit:
                    raise self.error(f"player {self.names[p]} has more ships of a kind than "
                                     f"the {limit} tokens of the supply", values["galaxy"][0])

        # hands, discards, stock
        hands: list[list[Card]] = [[] for _ in range(count)]
        for p, (_, start, end) in hands_at.items():
            cards, _ = self.cards(start, end)
            for card, at in cards:
                count_card(card, at)
                hands[p].append(card)
        discards: list[Card] = []
        if "discards" in values:
            cards, _ = self.cards(values["discards"][1], values["discards"][2])
            for card, at in cards:
                count_card(card, at)
                discards.append(card)
        stock: list[Card] = []
        rest = True
        if "stock" in values:
            cards, rest = self.cards(values["stock"][1], values["stock"][2], allow_rest=True)
            for card, at in cards:
                count_card(card, at)
                stock.append(card)
        missing = sorted((Counter(game._full_deck) - seen).elements())
        if rest:
            stock.extend(missing)
        elif missing:
            shown = " ".join(str(c) for c in missing[:6]) + (" ..." if len(missing) > 6 else "")
            raise self.error(f"{len(missing)} card(s) are nowhere ({shown}); end the stock "
                             "with '...' to put the rest there", values["stock"][1])

        # homes
        homes: list[Cell | None] = [None] * count
        if "homes" in values:
            _, start, end = values["homes"]
            body = self.text[start:end]
            for m in re.finditer(r"\s*(\S+?)\s*=\s*([^\s=]+)|\s*(\S+)", body):
                at = start + m.start()
                if m.group(3) is not None:
                    raise self.error(f"write a Home Base as NAME=CELL, not {m.group(3)!r}",
                                     start + m.start(3))
                who = self.player(m.group(1), start + m.start(1))
                home = parse_cell(m.group(2))
                home_at = start + m.start(2)
                if home is None or home not in systems:
                    raise self.error(f"{m.group(2)!r} is not a system of the galaxy", home_at)
                if home == CORE or home in homes:
                    raise self.error(f"{m.group(2)} is the Core or already a Home Base", home_at)
                if homes[who] is not None:
                    raise self.error(f"a second Home Base for {self.names[who]}", at)
                homes[who] = home

        # phase, player, counters, result
        victory: Victory | None = None
        winners: tuple[Player, ...] = ()
        if "result" in values:
            victory, winners = self.result(values["result"])
        if "phase" in values:
            word, at = self.single(values, "phase")
            if word.lower() not in PHASES:
                raise self.error(f"unknown phase {word!r} (one of {', '.join(PHASES)})"
                                 + did_you_mean(word.lower(), PHASES), at)
            phase = PHASES[PHASES.index(word.lower())]
        else:
            phase = "over" if "result" in values else ("action" if systems else "core")
        phase_at = values["phase"][0] if "phase" in values else 0
        if phase == "over" and "result" not in values:
            raise self.error("a finished game needs a 'result:' line", phase_at)
        if phase != "over" and "result" in values:
            raise self.error("only a finished game ('phase: over') has a result",
                             values["result"][0])
        mover = NO_PLAYER
        if "player" in values:
            word, at = self.single(values, "player")
            if phase == "over":
                raise self.error("a finished game has no player to move", at)
            mover = self.player(word, at)
        elif phase != "over":
            raise self.error("say whose turn it is with a 'player:' line", phase_at)

        galaxy = tuple(sorted(systems.values(), key=lambda s: reading_order(s.cell)))
        state = State(
            phase=phase,
            mover=mover,
            galaxy=galaxy,
            homes=tuple(homes),
            hands=tuple(tuple(sorted(h)) for h in hands),
            stock=tuple(stock),
            discards=tuple(sorted(discards)),
            turn=self.number(values, "turn"),
            battles=self.number(values, "battles"),
            victory=victory,
            winners=winners,
        )
        self.check_phase(state, phase_at)
        return state

    def fleet(self, body: str, at: int) -> tuple[Player, int, int]:
        m = _FLEET.fullmatch(body)
        if m is None:
            raise self.error(f"write ships as [A:1D2S], not [{body}]", at)
        owner = self.player(m.group("owner"), at + m.start("owner"))
        counts = m.group("counts").strip()
        offset = at + m.start("counts") + (len(m.group("counts")) - len(m.group("counts").lstrip()))
        found = {"D": 0, "S": 0}
        pos = 0
        while pos < len(counts):
            c = _COUNT.match(counts, pos)
            if c is None:
                raise self.error(f"{counts[pos:]!r} is not a ship count such as 1D or 2S",
                                 offset + pos)
            kind = c.group(2).upper()
            number = int(c.group(1)) if c.group(1) else 1
            if found[kind] or number == 0:
                raise self.error(f"{c.group()!r}: give each kind once, with a positive count",
                                 offset + pos)
            found[kind] = number
            pos = c.end()
        if not found["D"] and not found["S"]:
            raise self.error("a fleet needs at least one ship, e.g. [A:1S]", at)
        return owner, found["D"], found["S"]

    def result(self, value: tuple[int, int, int]) -> tuple[Victory, tuple[Player, ...]]:
        _, start, end = value
        words = list(self.words(start, end))
        if not words:
            raise self.error("write the result as 'A domination', 'A elimination' or "
                             "'unfinished'", start)
        last, last_at = words[-1]
        kind = last.lower()
        if kind == "unfinished":
            if len(words) > 1:
                raise self.error("an unfinished game has no winners", words[0][1])
            return "unfinished", ()
        if kind not in ("elimination", "domination"):
            raise self.error(f"{last!r} is not elimination, domination or unfinished", last_at)
        if len(words) == 1:
            raise self.error("name the winner(s) before the kind of victory", last_at)
        winners = sorted({self.player(w, at) for w, at in words[:-1]})
        victory: Victory = "elimination" if kind == "elimination" else "domination"
        return victory, tuple(winners)

    def check_phase(self, state: State, at: int) -> None:
        """Refuse positions from which the engine could not go on sensibly."""
        phase = state.phase
        name = self.names[state.mover] if state.mover != NO_PLAYER else ""
        if phase == "core":
            if state.galaxy:
                raise self.error("the Core is laid first: the galaxy must be empty ('-')", at)
            if not state.hands[state.mover]:
                raise self.error(f"{name} has no card to lay as the Core", at)
        elif not state.galaxy:
            raise self.error(f"a position in the {phase} phase needs a galaxy with its Core",
                             at)
        if phase == "galaxy" and not state.hands[state.mover]:
            raise self.error(f"{name} has no card left to lay", at)
        if phase == "home" and state.homes[state.mover] is not None:
            raise self.error(f"{name} already has a Home Base", at)
        if phase in ("bonus", "action") and state.ships_in_play[state.mover] == 0:
            raise self.error(f"{name} has no ships in play and cannot take a turn", at)
        if phase == "trim" and self.game._trimmer(state) == NO_PLAYER:
            raise self.error("nobody holds more cards than ships, so there is nothing to trim",
                             at)
