"""Stars and Bars' vocabulary: attributes and cards, spaces, the parameters, moves and state.

A card is one combination of attribute values; the attribute table is data (any number of
attributes, each with two or more values), so a card is an index into the engine's table
of combinations.  A space is a square of the board, numbered in reading order.  The rules
and rulings are described in :mod:`printkit.games.stars_and_bars.rules`, the notation in
:mod:`printkit.games.stars_and_bars.notation`.

>>> [a.codes for a in read_attributes((("shape", "star", "bar"), ("number", "one:1", "two:2")))]
[('s', 'b'), ('1', '2')]
>>> space_name(5, columns=4), read_space("b2", rows=4, columns=4), inner_spaces(4, 4)
('b2', 5, (5, 6, 9, 10))
>>> Housekeep(Chore.TURN, 5)
Housekeep(chore=<Chore.TURN: 'turn'>, space=5)
>>> StarsAndBarsParams().claim_points(Chore.CLEAR)
4
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum

from printkit.rules.base import NO_PLAYER, Player

# --------------------------------------------------------------------------- constants

RELATIONS = ("stacking", "horizontal", "diagonal", "vertical")
"""The four relations of a laid card, in the order of their difference counts."""
STACKING, HORIZONTAL, DIAGONAL, VERTICAL = range(4)
PLAYER_NAMES = ("P1", "P2")

Card = int
"""A card kind: an index into the engine's table of attribute combinations."""

Space = int
"""A board space, numbered in reading order (row by row from the top left)."""

Pile = tuple[Card, ...] | int
"""The stock (top first) or the discard pile: its cards, or only their count when a written
position does not say which cards they are."""


# --------------------------------------------------------------------------- attributes and spaces


@dataclass(frozen=True)
class Attribute:
    """One attribute of the deck: its name, its values and their one-letter codes."""

    name: str
    values: tuple[str, ...]
    codes: tuple[str, ...]


def read_attributes(table: tuple[tuple[str, ...], ...]) -> tuple[Attribute, ...]:
    """The attribute table as :class:`Attribute` values; ``ValueError`` when malformed."""
    if not table:
        raise ValueError("attributes: the deck needs at least one attribute")
    out: list[Attribute] = []
    for row in table:
        if len(row) < 3:
            raise ValueError(f"attributes: {row!r} needs a name and at least two values")
        name = row[0].strip().lower()
        if not name or any(a.name == name for a in out):
            raise ValueError(f"attributes: attribute names must be distinct, not {row[0]!r}")
        values: list[str] = []
        codes: list[str] = []
        for item in row[1:]:
            value, _, code = item.partition(":")
            value = value.strip().lower()
            code = (code.strip() or value[:1]).lower()
            if not value or value in values:
                raise ValueError(f"attributes: {name} has a blank or repeated value {item!r}")
            if len(code) != 1 or not code.isalnum():
                raise ValueError(
                    f"attributes: the code of {name} {value!r} must be one letter or digit"
                )
            if code in codes:
                other = values[codes.index(code)]
                raise ValueError(
                    f"attributes: {name} values {other!r} and {value!r} share the code "
                    f"{code!r}; give one its own as '{value}:x'"
                )
            values.append(value)
            codes.append(code)
        out.append(Attribute(name, tuple(values), tuple(codes)))
    return tuple(out)


def read_starred(text: str, attributes: Sequence[Attribute]) -> tuple[tuple[int, int], ...]:
    """``shape=star|colour=red`` as (attribute index, value index) pairs; any one matches."""
    pairs: list[tuple[int, int]] = []
    for term in text.split("|"):
        if not term.strip():
            continue
        name, eq, value = term.partition("=")
        name, value = name.strip().lower(), value.strip().lower()
        names = [a.name for a in attributes]
        if not eq or name not in names:
            raise ValueError(
                f"starred: {term.strip()!r} must read attribute=value with an attribute "
                f"among {', '.join(names)}"
            )
        attribute = attributes[names.index(name)]
        if value not in attribute.values:
            raise ValueError(
                f"starred: {value!r} is not a {name} ({', '.join(attribute.values)})"
            )
        pairs.append((names.index(name), attribute.values.index(value)))
    return tuple(pairs)


def space_name(space: Space, columns: int) -> str:
    """``b2`` for the second column of the second row."""
    row, column = divmod(space, columns)
    return f"{chr(ord('a') + column)}{row + 1}"


def read_space(text: str, rows: int, columns: int) -> Space | None:
    """The space named ``text`` (like ``b2``), or ``None`` when it names none."""
    match = re.fullmatch(r"([a-zA-Z])(\d{1,3})", text.strip())
    if match is None:
        return None
    column = ord(match.group(1).lower()) - ord("a")
    row = int(match.group(2)) - 1
    if not (0 <= column < columns and 0 <= row < rows):
        return None
    return row * columns + column


def inner_spaces(rows: int, columns: int) -> tuple[Space, ...]:
    """Every space not on the edge of the board, in reading order."""
    return tuple(
        r * columns + c for r in range(1, rows - 1) for c in range(1, columns - 1)
    )


_NEIGHBOUR_STEPS = (
    (0, -1, HORIZONTAL), (0, 1, HORIZONTAL),
    (-1, 0, VERTICAL), (1, 0, VERTICAL),
    (-1, -1, DIAGONAL), (-1, 1, DIAGONAL), (1, -1, DIAGONAL), (1, 1, DIAGONAL),
)


def neighbours(space: Space, rows: int, columns: int) -> tuple[tuple[Space, int], ...]:
    """Each neighbour of ``space`` with its relation: left, right, above, below, then the
    four corners."""
    row, column = divmod(space, columns)
    return tuple(
        ((row + dr) * columns + column + dc, relation)
        for dr, dc, relation in _NEIGHBOUR_STEPS
        if 0 <= row + dr < rows and 0 <= column + dc < columns
    )


# --------------------------------------------------------------------------- parameters


class Chore(Enum):
    """Housekeeping: what happens to a full stack, and to a centre that is all face down.

    The value is the word of the notation (``turn b2``, ``remove a1``, ``clear``).
    """

    TURN = "turn"
    """A centre stack that reached the stack limit is turned face down."""
    REMOVE = "remove"
    """An outer stack that reached the stack limit goes to the discard pile."""
    CLEAR = "clear"
    """Every centre stack is face down: all of them go to the discard pile."""


@dataclass(frozen=True)
class StarsAndBarsParams:
    """Options of Stars and Bars; the defaults are the rulings of the rules specification."""

    #: one row per attribute: its name, then its values (``value:code`` sets the code)
    attributes: tuple[tuple[str, ...], ...] = (
        ("shape", "star", "bar"),
        ("colour", "red", "blue"),
        ("size", "large", "small"),
        ("number", "one:1", "two:2"),
    )
    #: how many copies of each attribute combination the deck holds
    copies: int = 4
    #: which cards are starred: ``attribute=value`` terms joined by ``|`` (empty: none)
    starred: str = "shape=star"
    rows: int = 4
    columns: int = 4
    #: the centre spaces by name (``b2``); ``None`` means every space off the board's edge
    centre: tuple[str, ...] | None = None
    #: cards in each open hand after the setup draws
    hand_size: int = 4
    #: a stack reaching this many cards is turned (centre) or removed (outer)
    stack_limit: int = 4
    stacking_differences: int = 1
    stacking_points: int = 1
    horizontal_differences: int = 2
    horizontal_points: int = 2
    diagonal_differences: int = 3
    diagonal_points: int = 3
    vertical_differences: int = 4
    vertical_points: int = 4
    #: players do housekeeping themselves; the opponent may claim, at the start of their
    #: turn, what was left undone (what they do not claim is then done for no points)
    manual_housekeeping: bool = False
    turn_claim_points: int = 2
    clear_claim_points: int = 4
    remove_claim_points: int = 2
    #: a score over this with a lead of at least ``win_margin`` wins after a round
    win_score: int = 200
    win_margin: int = 15
    #: a lead over this wins after a round
    runaway_margin: int = 50

    def __post_init__(self) -> None:
        attributes = read_attributes(self.attributes)
        read_starred(self.starred, attributes)
        if self.copies < 1:
            raise ValueError("copies: must be at least 1")
        if not 1 <= self.rows <= 99:
            raise ValueError("rows: must be 1 to 99")
        if not 1 <= self.columns <= 26:
            raise ValueError("columns: must be 1 to 26")
        if self.centre is None:
            if not inner_spaces(self.rows, self.columns):
                raise ValueError("centre: this board has no inner spaces; name the centre ones")
        else:
            seen: set[Space] = set()
            for name in self.centre:
                space = read_space(name, self.rows, self.columns)
                if space is None:
                    raise ValueError(f"centre: {name!r} is not a space of the board")
                if space in seen:
                    raise ValueError(f"centre: {name!r} is named twice")
                seen.add(space)
            if not seen:
                raise ValueError("centre: the board needs at least one centre space")
        if self.hand_size < 1:
            raise ValueError("hand_size: must be at least 1")
        if self.stack_limit < 2:
            raise ValueError("stack_limit: must be at least 2")
        for relation in RELATIONS:
            needed = getattr(self, f"{relation}_differences")
            if not 0 <= needed <= len(attributes):
                raise ValueError(
                    f"{relation}_differences: must be 0 to {len(attributes)} "
                    f"(the cards have {len(attributes)} attributes)"
                )
            if getattr(self, f"{relation}_points") < 0:
                raise ValueError(f"{relation}_points: must not be negative")
        for name in ("turn_claim_points", "clear_claim_points", "remove_claim_points",
                     "win_score", "win_margin", "runaway_margin"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name}: must not be negative")
        kinds = 1
        for attribute in attributes:
            kinds *= len(attribute.values)
        centre = len(self.centre) if self.centre is not None else len(
            inner_spaces(self.rows, self.columns))
        if kinds * self.copies < centre + 2 * self.hand_size:
            raise ValueError(
                f"copies: {kinds * self.copies} cards cannot fill {centre} centre spaces "
                f"and two hands of {self.hand_size}"
            )

    @property
    def relations(self) -> tuple[tuple[int, int], ...]:
        """(differences needed, points) of each relation, in the order of :data:`RELATIONS`."""
        return (
            (self.stacking_differences, self.stacking_points),
            (self.horizontal_differences, self.horizontal_points),
            (self.diagonal_differences, self.diagonal_points),
            (self.vertical_differences, self.vertical_points),
        )

    def claim_points(self, chore: Chore) -> int:
        """What claiming ``chore`` left undone by the opponent scores."""
        if chore is Chore.TURN:
            return self.turn_claim_points
        if chore is Chore.REMOVE:
            return self.remove_claim_points
        return self.clear_claim_points


@dataclass(frozen=True)
class Deck:
    """The cards of a deck built from the attribute table: every combination of values,
    in table order, ``copies`` times.

    >>> deck = Deck.of(StarsAndBarsParams())
    >>> len(deck.kinds), deck.size, deck.codes[:3], deck.diff[0][15]
    (16, 64, ('srl1', 'srl2', 'srs1'), 4)
    """

    attributes: tuple[Attribute, ...]
    kinds: tuple[tuple[int, ...], ...]
    """The value index of each attribute, per card."""
    codes: tuple[str, ...]
    """How the notation writes each card (``srl1``)."""
    starred: tuple[bool, ...]
    diff: tuple[tuple[int, ...], ...]
    """``diff[a][b]``: in how many attributes cards ``a`` and ``b`` differ."""
    copies: int

    @classmethod
    def of(cls, params: StarsAndBarsParams) -> Deck:
        attributes = read_attributes(params.attributes)
        kinds = tuple(itertools.product(*(range(len(a.values)) for a in attributes)))
        codes = tuple("".join(a.codes[v] for a, v in zip(attributes, kind, strict=True))
                      for kind in kinds)
        stars = read_starred(params.starred, attributes)
        starred = tuple(any(kind[a] == v for a, v in stars) for kind in kinds)
        diff = tuple(tuple(sum(x != y for x, y in zip(a, b, strict=True)) for b in kinds)
                     for a in kinds)
        return cls(attributes, kinds, codes, starred, diff, params.copies)

    @functools.cached_property
    def code_index(self) -> dict[str, Card]:
        """The card of each code."""
        return {code: i for i, code in enumerate(self.codes)}

    @functools.cached_property
    def kind_index(self) -> dict[tuple[int, ...], Card]:
        """The card of each combination of value indices."""
        return {kind: i for i, kind in enumerate(self.kinds)}

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return len(self.kinds) * self.copies

    def unseen(self, state: StarsAndBarsState) -> Counter[Card]:
        """The cards of the deck ``state`` does not name, with their multiplicity."""
        counts = Counter({card: self.copies for card in range(len(self.kinds))})
        counts.subtract(named_cards(state))
        return +counts


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Place:
    """Lay ``card`` from the hand on ``space``; ``tidy=False`` leaves housekeeping undone."""

    card: Card
    space: Space
    tidy: bool = True


@dataclass(frozen=True, slots=True)
class Housekeep:
    """Claim housekeeping the opponent left undone: turn or remove the stack on ``space``,
    or clear the centre (``space`` is then ``None``)."""

    chore: Chore
    space: Space | None = None

    def __post_init__(self) -> None:
        if (self.space is None) != (self.chore is Chore.CLEAR):
            needs = "no" if self.chore is Chore.CLEAR else "a"
            raise ValueError(f"{self.chore.value} takes {needs} space, not {self.space!r}")


@dataclass(frozen=True, slots=True)
class Pass:
    """No card to lay: the turn passes."""


StarsAndBarsMove = Place | Housekeep | Pass
"""A move of Stars and Bars: one small value per kind of move."""

PASS = Pass()
CLEAR = Housekeep(Chore.CLEAR)


class MoveList(list[StarsAndBarsMove]):
    """The legal moves of one position: a list with a fast membership test for placements.

    ``allowed`` gives, per space, the cards of the hand that may go there (a bit mask, bit
    ``card``) and ``leave`` the spaces where a placement may leave housekeeping undone; the
    engine fills the list with exactly the placements these describe, so ``in`` need not
    search it.
    """

    __slots__ = ("_allowed", "_leave")

    def __init__(self, moves: list[StarsAndBarsMove], allowed: Sequence[int],
                 leave: Collection[Space]) -> None:
        super().__init__(moves)
        self._allowed = allowed
        self._leave = leave

    def __contains__(self, move: object) -> bool:
        if type(move) is Place:
            space = move.space
            if type(space) is not int or not 0 <= space < len(self._allowed):
                return False
            card = move.card
            if type(card) is not int or card < 0 or not self._allowed[space] >> card & 1:
                return False
            return move.tidy is True or (move.tidy is False and space in self._leave)
        return super().__contains__(move)


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Stack:
    """What lies on one space: cards bottom to top, face up unless ``face_down``.

    A face-down stack whose cards a written position does not list has them counted in
    ``hidden`` instead (``cards`` is then empty).
    """

    cards: tuple[Card, ...] = ()
    face_down: bool = False
    hidden: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.hidden


EMPTY = Stack()


@dataclass(frozen=True, slots=True)
class StarsAndBarsState:
    """A position of Stars and Bars.

    ``stock`` (top first) and ``discard`` are tuples of cards, or a count when a written
    position does not say which cards they are.  ``turn`` counts the turns completed
    (placements and passes; housekeeping claims do not end a turn); the beginner moves on
    even turns.  Hands are kept sorted.
    """

    board: tuple[Stack, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    scores: tuple[int, int]
    stock: Pile
    discard: Pile
    beginner: Player
    turn: int = 0
    over: bool = False
    packed: tuple[int, int] | None = field(
        default=None, init=False, repr=False, compare=False)
    """The engine's packed description of ``board`` (:mod:`.fast`), kept by a placement;
    ``None`` until it is first needed (it is never copied by ``dataclasses.replace``)."""

    @property
    def to_move(self) -> Player:
        if self.over:
            return NO_PLAYER
        return self.beginner if self.turn % 2 == 0 else 1 - self.beginner

    @property
    def stock_size(self) -> int:
        return pile_size(self.stock)

    @property
    def discard_size(self) -> int:
        return pile_size(self.discard)


# --------------------------------------------------------------------------- helpers


def pile_size(pile: Pile | None) -> int:
    """How many cards ``pile`` holds (none when it is not given)."""
    if pile is None:
        return 0
    return pile if isinstance(pile, int) else len(pile)


def add_to_pile(pile: Pile, stack: Stack) -> Pile:
    """``pile`` with the cards of ``stack`` added (a count once anything is unknown)."""
    if isinstance(pile, int) or stack.hidden:
        return pile_size(pile) + stack.size
    return pile + stack.cards


def named_cards(state: StarsAndBarsState) -> Iterator[Card]:
    """Every card the position names, wherever it lies."""
    for hand in state.hands:
        yield from hand
    for stack in state.board:
        yield from stack.cards
    if isinstance(state.stock, tuple):
        yield from state.stock
    if isinstance(state.discard, tuple):
        yield from state.discard

