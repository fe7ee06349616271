"""The Star Battle beginner's action: each distinct action rated once, then paid for.

A long game's list of actions repeats every build, move, battle and reconstruction once
for each card of the hand that pays for it, so rating the list move by move weighs the
same action over and over.  Here the actions are read from the position itself (the
mover's systems and the links out of them) and each is rated once; the card is chosen
afterwards, the cheapest one that pays for it (for a build, the cheapest of each suit
that gives a different ship).  The facts every rating needs (the systems next to an
enemy, each system's distance to the front, the lone ships beside an empty system, the
systems that would open a Core nobody reaches) are worked out once per position.

The move made is the one the rules of thumb in :mod:`printkit.games.star_battle.agents`
(with the values below) rate highest, ties going to the move the engine lists first
(its order is by card, then builds, moves, battles and reconstructions, each by the
mover's systems in reading order); it is one of the legal moves, built from the same
rules the engine's :mod:`~printkit.games.star_battle.actions` follows.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import TYPE_CHECKING, Any

from printkit.games.star_battle.state import (
    CORE,
    REACH,
    Battle,
    Build,
    Card,
    Cell,
    MoveShip,
    Reconstruct,
    ShipKind,
    StarBattleMove,
    StarBattleState,
    System,
)
from printkit.rules.base import NO_PLAYER

if TYPE_CHECKING:
    from printkit.games.star_battle.rules import StarBattle

SHIP = 10.0
"""A new ship (a Scout)."""
DREADNOUGHT = 5.0
"""What a Dreadnought is worth beyond a Scout."""
FRONT = 3.0
"""Building next to enemy ships."""
GROW = 8.0
"""Building on a system whose only ship links to an empty system, or moving a ship there:
the ship that was alone is then free to take that system (a lone ship never leaves its
system, so without this, empty systems stay empty while the fleets grow elsewhere)."""
SYSTEM = 20.0
"""A system gained or lost."""
CORE_WORTH = 25.0
"""Reaching the Galactic Core (the free Scout each turn, and domination needs it)."""
KILL = 10.0
"""An enemy ship destroyed, or one of its own lost (in expectation)."""
WIPE_OUT = 40.0
"""Destroying an enemy's last ships."""
REINFORCE = 2.0
"""Moving a ship between its own systems, one step nearer a system it does not hold."""
USEFUL = 1.0
"""Below this, the best move is only shuffling ships about: a bored beginner fights its
least bad battle instead (without this, two fleets that hold their ground never end)."""
FAR = 1_000
"""The distance of a system from which no system of another player can be reached."""
PRESSURE = 4.0
"""A beginner would rather fight an even battle than shuffle ships about (but builds
first): without it, two fleets that can no longer build stare at each other for ever."""
CARD = 0.05
"""The worth of a card's value: the cheapest card that does the job is spent."""
LAST_RESORT = -100.0
"""A reconstruction (it scraps one of its own ships)."""
OPEN_CORE = 20.0
"""A reconstruction that turns a system next to the Galactic Core into one linking to it,
when no system of the player's links to a Core it does not hold: otherwise a Core whose
neighbours all point away from it can never be attacked nor entered, and a fleet sitting
on it keeps the others from domination for ever."""

Order = tuple[int, ...]
"""Where a move stands in the engine's list: card, kind of action, then the mover's
systems and links in reading order."""


def loss(system: System) -> float:
    """Ships a battle is expected to destroy on ``system``."""
    return 0.5 * system.scouts + 0.25 * system.dreadnoughts


def cleared(system: System) -> float:
    """The chance a battle leaves ``system`` without ships."""
    return 0.5 ** system.scouts * 0.25 ** system.dreadnoughts


def worth(cell: Cell) -> float:
    """What holding the system at ``cell`` is worth."""
    return SYSTEM + (CORE_WORTH if cell == CORE else 0.0)


def battle_value(state: StarBattleState, mine: System, theirs: System) -> float:
    """A battle's worth before the card paying for it."""
    value = PRESSURE + KILL * (loss(theirs) - loss(mine))
    gone = cleared(theirs)
    value += gone * worth(theirs.cell)
    if state.ships_in_play[theirs.owner] == theirs.ships:
        value += gone * WIPE_OUT
    value -= cleared(mine) * worth(mine.cell)
    return value


def shift_value(mine: System, target: System, player: int, ahead: dict[Cell, int],
                lonely: Set[Cell]) -> float:
    """A ship's move from ``mine`` to ``target`` (empty or its own) before the card;
    ``lonely`` are the player's systems whose only ship links to an empty system."""
    value = 0.0
    if mine.ships == 1:  # the system would be left empty
        value -= worth(mine.cell)
    if target.cell in lonely:  # company for a ship that can then take a system
        return value + GROW
    if target.owner == player:  # worth something only on the way to the front
        closer = ahead.get(target.cell, FAR) < ahead.get(mine.cell, FAR)
        return value + (REINFORCE if closer else 0.0)
    return value + worth(target.cell)


def build_value(dreadnought: bool, front: bool, grow: bool = False) -> float:
    """A build's worth before the card: ``front`` next to enemy ships, ``grow`` on a lone
    ship that links to an empty system."""
    value = SHIP + (DREADNOUGHT if dreadnought else 0.0)
    return value + (FRONT if front else 0.0) + (GROW if grow else 0.0)


def core_openings(state: StarBattleState, player: int) -> dict[Cell, tuple[str, ...]]:
    """The player's systems next to the Galactic Core that a reconstruction would link
    to it, each with the suits that would: only when the Core is not the player's and no
    system of the player's links to it, and only systems with a ship to spare."""
    index = state.index
    core = index.get(CORE)
    if core is None or core.owner == player:
        return {}
    found: dict[Cell, tuple[str, ...]] = {}
    for step in REACH["D"]:
        s = index.get(step)
        if s is None or s.owner != player:
            continue
        back = (-step[0], -step[1])
        if back in REACH[s.card.suit]:
            return {}  # the player can reach the Core already
        if s.ships > 1:
            found[step] = tuple(suit for suit in "CDHS" if back in REACH[suit])
    return found


def scrapped(system: System) -> ShipKind:
    """The ship a reconstruction opening the Core scraps: a Scout when there is one."""
    return "scout" if system.scouts else "dreadnought"


def distances(state: StarBattleState, player: int) -> dict[Cell, int]:
    """For each system ``player`` holds, the fewest moves a ship there needs to reach a
    system the player does not hold (following the links, through its own systems); the
    systems it does not hold are at 0, and a system of its own missing from the answer
    reaches none."""
    index = state.index
    into: dict[Cell, list[Cell]] = {}  # a cell -> the player's systems linking to it
    for cell, s in index.items():
        if s.owner == player:
            x, y = cell
            for dx, dy in REACH[s.card.suit]:
                other = (x + dx, y + dy)
                if other in index:
                    into.setdefault(other, []).append(cell)
    found = {cell: 0 for cell, s in index.items() if s.owner != player}
    todo = list(found)
    for cell in todo:  # breadth first: ``todo`` grows while it is walked
        for source in into.get(cell, ()):
            if source not in found:
                found[source] = found[cell] + 1
                todo.append(source)
    return found


_READING: dict[str, tuple[Cell, ...]] = {
    suit: tuple(sorted(steps, key=lambda step: (-step[1], step[0])))
    for suit, steps in REACH.items()}
"""The steps each suit connects to, in reading order (north to south, then west to
east): the order of :meth:`StarBattleState.connections`."""


def links(state: StarBattleState, system: System) -> list[System]:
    """The systems ``system`` connects to, in reading order."""
    index = state.index
    x, y = system.cell
    return [index[c] for dx, dy in _READING[system.card.suit]
            if (c := (x + dx, y + dy)) in index]


def next_to_enemy(state: StarBattleState, player: int, system: System) -> bool:
    """Whether a system beside ``system`` (linked or not) holds another player's ships."""
    index = state.index
    x, y = system.cell
    for c in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)):
        other = index.get(c)
        if other is not None and other.owner != NO_PLAYER and other.owner != player:
            return True
    return False


class Cards:
    """The distinct cards of a hand in the engine's order, and the cheapest that pays."""

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self.cards = sorted(set(hand))
        self.cost = [14 if c.rank == 1 else c.rank for c in self.cards]
        # cheapest first; among equal values the one the engine lists first
        self.cheap = sorted(range(len(self.cards)), key=lambda i: (self.cost[i], i))
        self.known: dict[tuple[int, str | None, str | None], int | None] = {}

    def cheapest(self, above: int = 0, suit: str | None = None,
                 not_suit: str | None = None) -> int | None:
        """The position of the cheapest card worth more than ``above`` (of ``suit``, or
        not of ``not_suit``, when given), or None."""
        key = (above, suit, not_suit)
        if key in self.known:
            return self.known[key]
        cards, cost = self.cards, self.cost
        found = None
        for i in self.cheap:
            if cost[i] > above:
                card_suit = cards[i].suit
                if (suit is None or card_suit == suit) and card_suit != not_suit:
                    found = i
                    break
        self.known[key] = found
        return found


class Choice:
    """The best move offered so far (highest value, then first in the engine's list)."""

    __slots__ = ("move", "order", "value")

    def __init__(self) -> None:
        self.value = float("-inf")
        self.order: Order = ()
        self.move: StarBattleMove | None = None

    def offer(self, value: float, order: Order, make: Callable[..., StarBattleMove],
              *parts: Any) -> None:
        """Keep the move ``make(*parts)`` if it is better than the best so far (it is
        made only then)."""
        if value > self.value or (value == self.value and order < self.order):
            self.value, self.order, self.move = value, order, make(*parts)


def choose_action(engine: StarBattle, state: StarBattleState) -> StarBattleMove | None:
    """The beginner's action in ``state`` (its action phase, a hand not empty), or None
    when the rules give it no action (the engine then lists only a pass)."""
    player = state.mover
    params = engine.params
    hand = Cards(state.hands[player])
    cards, cost = hand.cards, hand.cost
    own = [s for s in state.galaxy if s.owner == player]
    ahead = distances(state, player)
    dreadnoughts, scouts = engine.supply(state, player)
    tokens = {True: dreadnoughts is None or dreadnoughts > 0,
              False: scouts is None or scouts > 0}
    best, fight = Choice(), Choice()
    battle_card = hand.cheapest()
    outs = [links(state, s) for s in own]
    lonely = {s.cell for s, out in zip(own, outs, strict=True)
              if s.ships == 1 and any(t.owner == NO_PLAYER for t in out)}
    for si, s in enumerate(own):
        rank, suit, cell = s.card.rank, s.card.suit, s.cell
        out = outs[si]
        if suit != "C":
            front = next_to_enemy(state, player, s)
            grow = cell in lonely
            if params.revision1:
                choices = [(suit == "D", hand.cheapest(rank))]
            else:
                choices = [(True, hand.cheapest(rank, suit=suit)),
                           (False, hand.cheapest(rank, not_suit=suit))]
            for dreadnought, i in choices:
                if i is not None and tokens[dreadnought]:
                    best.offer(build_value(dreadnought, front, grow) - CARD * cost[i],
                               (i, 0, si), Build, cards[i], cell)
        for ti, t in enumerate(out):
            if t.owner == NO_PLAYER or t.owner == player:
                i = hand.cheapest(t.card.rank)
                if i is not None:
                    best.offer(shift_value(s, t, player, ahead, lonely) - CARD * cost[i],
                               (i, 1, si, ti), MoveShip, cards[i], cell, t.cell, s.kinds[0])
            elif battle_card is not None:
                value = battle_value(state, s, t) - CARD * cost[battle_card]
                card = cards[battle_card]
                best.offer(value, (battle_card, 2, si, ti), Battle, card, cell, t.cell)
                fight.offer(value, (si, ti), Battle, card, cell, t.cell)
    openings = core_openings(state, player)
    for si, s in enumerate(own):
        suits = openings.get(s.cell)
        if suits:
            found = [i for suit in suits if (i := hand.cheapest(suit=suit)) is not None]
            if found:
                i = min(found, key=lambda i: (cost[i], i))
                kind = scrapped(s)
                best.offer(OPEN_CORE - CARD * cost[i], (i, 3, si, int(kind == "scout")),
                           Reconstruct, cards[i], s.cell, kind)
    keep_last = not params.allow_self_elimination and state.ships_in_play[player] == 1
    if own and battle_card is not None and not keep_last:
        first = own[0]
        best.offer(LAST_RESORT - CARD * cost[battle_card], (battle_card, 3, 0, 0), Reconstruct,
                   cards[battle_card], first.cell, first.kinds[0])
    if fight.move is not None and best.value < USEFUL:
        return fight.move  # nothing useful to do: fight rather than shuffle ships about
    return best.move
