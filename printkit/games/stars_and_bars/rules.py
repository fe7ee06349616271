"""Stars and Bars: two players lay attribute cards on a grid of stacks and score differences.

Every card has one value of each attribute (by default shape, colour, size and number, two
values each, sixteen kinds in four copies).  Two cards *differ* in as many ways as they have
attributes with different values.  A card laid on the board is compared with the top card
of each face-up neighbour; each relation scores only when the difference count is exactly
the one the relation asks for:

============  ==========================  ===========  ======
relation      neighbour                   differences  points
============  ==========================  ===========  ======
stacking      the card it covers          1            1
horizontal    left and right              2            2
diagonal      the four corners            3            3
vertical      above and below             4            4
============  ==========================  ===========  ======

All of these numbers, the attribute table, the board size and the centre region are
parameters.  On a *centre* space any card may be laid; on an *outer* space every face-up
relation must score and at least one must exist.  Face-down stacks take no cards and are
never compared.

Housekeeping: a centre stack that reaches ``stack_limit`` cards is turned face down; when
every centre space holds a face-down stack they all go to the discard pile; an outer stack
that reaches the limit goes to the discard pile.  By default this happens by itself.  With
``manual_housekeeping`` the player who laid the card may leave it undone (the move
``srl1 b2 leave``), and the opponent may then, before laying a card, *claim* it for points:
``turn b2`` (2), ``remove a1`` (2) and ``clear`` (4).  Turning the last centre stack and
then clearing is the seed's six-point case: the two claims add up to 6.  Anything still
undone when a turn ends may be claimed by the next player, whoever left it.

Setup: the deck is shuffled and the players draw in turn, P1 first.  The first draws go face
up on the centre spaces (in reading order), the rest into the open hands until each holds
``hand_size`` cards.  The first player to draw a starred card begins; if nobody drew one,
P2 (the second drawer) begins.  After each card laid the player draws one if the stock has
any.  A round is the beginner's turn and then the other player's.

End: after each round a score over ``win_score`` with a lead of at least ``win_margin``
wins, a lead over ``runaway_margin`` wins, and two scores over ``win_score`` less than
``win_margin`` apart tie.  When both hands are empty the game ends: the same test applies,
and failing it a lead of at least ``win_margin`` wins, anything less ties.

Rulings of this engine: a player whose hand is empty passes (``pass``, after any claims)
while the other still has cards.  A player holding a card always has a move: some centre
space is open, or (manual housekeeping only) every centre stack is face down and the
``clear`` claim, then the only move, opens them.  ``pass`` is also generated, as a
safeguard, whenever there would otherwise be no legal move at all.

Notation.  Cards are written with one code per attribute, in table order: ``srl1`` is a
star, red, large, one-symbol card.  A value's code is its first letter unless the table
writes ``value:code`` (the default table gives ``one:1`` and ``two:2``).  ``S-R-L-1`` and
``star-red-large-one`` read the same.  Spaces are a column letter and a row number counted
from the top: ``b2``.  A position::

    +   a     b     c            d
    1   .     .     .            .
    2   .     srl1  [bbs2 brs1]  .
    3   .     #4    bbl2         .
    4   .     .     .            .
    P1 score 12 hand srl1 brl1 bbs1 sbs2
    P2 score 7 hand -
    stock 40
    discard 12
    P1 began
    round 5, P2 to move

Stacks list their cards bottom to top: ``.`` is empty, ``srl1`` one card, ``[a b]`` several,
``#4`` a face-down stack of four (``#[a b c d]`` when its cards are known).  The column
header line (``+`` and the letters) is optional.  ``stock`` and ``discard`` take a count
(cards not named; a draw from such a stock takes a random card among all those the
position does not name) or a bracketed list (the stock top first).  Every line may be left
out: a hand is then empty, the stock holds every card not accounted for (or, when the stock
is given, the discard pile does), and the game is in round 1 with the beginner (by default
P1) to move.  A finished game ends with ``game over after turn N``.  Commas, colons and
semicolons read as spaces.  Moves: ``srl1 b2``, ``srl1 b2 leave``, ``turn b2``,
``remove a1``, ``clear``, ``pass``.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from printkit.rules.base import (
    NO_PLAYER,
    Claim,
    Game,
    IllegalMoveError,
    NotationError,
    Player,
)

RELATIONS = ("stacking", "horizontal", "diagonal", "vertical")
STACKING, HORIZONTAL, DIAGONAL, VERTICAL = range(4)
PLAYER_NAMES = ("P1", "P2")

Card = int
"""A card kind: an index into the engine's table of attribute combinations."""

Space = int
"""A board space, numbered in reading order (row by row from the top left)."""


# --------------------------------------------------------------------------- parameters


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
    #: players do housekeeping themselves and may claim what the opponent forgot
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


# --------------------------------------------------------------------------- state and moves


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
class State:
    """A position of Stars and Bars.

    ``stock`` (top first) and ``discard`` are tuples of cards, or a count when a written
    position does not say which cards they are.  ``turn`` counts the turns completed
    (placements and passes; housekeeping claims do not end a turn); the beginner moves on
    even turns.  Hands are kept sorted.
    """

    board: tuple[Stack, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    scores: tuple[int, int]
    stock: tuple[Card, ...] | int
    discard: tuple[Card, ...] | int
    beginner: Player
    turn: int = 0
    over: bool = False

    @property
    def to_move(self) -> Player:
        if self.over:
            return NO_PLAYER
        return self.beginner if self.turn % 2 == 0 else 1 - self.beginner

    @property
    def stock_size(self) -> int:
        return self.stock if isinstance(self.stock, int) else len(self.stock)

    @property
    def discard_size(self) -> int:
        return self.discard if isinstance(self.discard, int) else len(self.discard)


@dataclass(frozen=True, slots=True)
class Place:
    """Lay ``card`` from the hand on ``space``; ``tidy=False`` leaves housekeeping undone."""

    card: Card
    space: Space
    tidy: bool = True


@dataclass(frozen=True, slots=True)
class Housekeep:
    """Claim housekeeping the opponent left undone (``space`` is ``None`` for a clear)."""

    action: Literal["turn", "remove", "clear"]
    space: Space | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """No card to lay: the turn passes."""


Move = Place | Housekeep | Pass
PASS = Pass()

_TOKEN = re.compile(r"#\d+|#|\[|\]|[^\s\[\]#,:;]+")


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[tuple[str, int]]:
    """Tokens of ``text[start:end]`` with their offsets in ``text``."""
    stop = len(text) if end is None else end
    return [(m.group(), m.start()) for m in _TOKEN.finditer(text, start, stop)]


def _lines(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) offsets of each line of ``text``."""
    start = 0
    for line in text.split("\n"):
        yield start, start + len(line)
        start += len(line) + 1


# --------------------------------------------------------------------------- the engine

#: the names of :meth:`StarsAndBars.figures`, each counted once per finished game
FIGURES = (
    "threshold wins", "runaway wins", "end wins", "ties", "beginner wins",
    "ended by empty hands", "stacks turned", "centre clears", "outer stacks removed",
    "housekeeping claims", "passes",
)



class StarsAndBars(Game[State, Move, StarsAndBarsParams]):
    """The Stars and Bars rules engine (see the module notes for rules and notation)."""

    name = "stars-and-bars"
    title = "Stars and Bars"
    Params = StarsAndBarsParams

    def __init__(self, params: StarsAndBarsParams | None = None) -> None:
        super().__init__(params)
        p: StarsAndBarsParams = self.params
        self.attributes = read_attributes(p.attributes)
        values = [range(len(a.values)) for a in self.attributes]
        #: value indices of each card kind, in the order of the attribute table
        self.kinds: tuple[tuple[int, ...], ...] = tuple(itertools.product(*values))
        self.codes: tuple[str, ...] = tuple(
            "".join(a.codes[v] for a, v in zip(self.attributes, kind, strict=True))
            for kind in self.kinds
        )
        self._code_index = {code: i for i, code in enumerate(self.codes)}
        self._kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        stars = read_starred(p.starred, self.attributes)
        self.starred: tuple[bool, ...] = tuple(
            any(kind[a] == v for a, v in stars) for kind in self.kinds
        )
        count = len(self.kinds)
        self.diff: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(x != y for x, y in zip(a, b, strict=True)) for b in self.kinds)
            for a in self.kinds
        )
        self.needed = tuple(getattr(p, f"{r}_differences") for r in RELATIONS)
        self.points = tuple(getattr(p, f"{r}_points") for r in RELATIONS)
        # gain[relation][card][other]: points scored, or -1 when the relation fails
        self._gain: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(self.points[r] if self.diff[a][b] == self.needed[r] else -1
                      for b in range(count))
                for a in range(count)
            )
            for r in range(4)
        )
        # fits[relation][other]: the cards scoring against ``other``, as a bit mask
        self._fits: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << a for a in range(count) if self._gain[r][a][b] >= 0)
                  for b in range(count))
            for r in range(4)
        )
        self._every = (1 << count) - 1
        self.spaces = p.rows * p.columns
        if p.centre is None:
            self.centre: tuple[Space, ...] = inner_spaces(p.rows, p.columns)
        else:
            centre = [read_space(n, p.rows, p.columns) for n in p.centre]
            self.centre = tuple(s for s in centre if s is not None)
        self.is_centre = tuple(s in self.centre for s in range(self.spaces))
        self._place = tuple(tuple(Place(c, s) for s in range(self.spaces)) for c in range(count))
        self._around = tuple(self._neighbours(s) for s in range(self.spaces))
        self._around_fits = tuple(
            tuple((other, self._fits[relation]) for other, relation in around)
            for around in self._around
        )
        self.deck_size = count * p.copies
        self._manual = p.manual_housekeeping
        self._limit = p.stack_limit

    def _neighbours(self, space: Space) -> tuple[tuple[Space, int], ...]:
        """Each neighbour of ``space`` with its relation, in a fixed order."""
        p: StarsAndBarsParams = self.params
        row, column = divmod(space, p.columns)
        steps = (
            (0, -1, HORIZONTAL), (0, 1, HORIZONTAL),
            (-1, 0, VERTICAL), (1, 0, VERTICAL),
            (-1, -1, DIAGONAL), (-1, 1, DIAGONAL), (1, -1, DIAGONAL), (1, 1, DIAGONAL),
        )
        out = []
        for dr, dc, relation in steps:
            r, c = row + dr, column + dc
            if 0 <= r < p.rows and 0 <= c < p.columns:
                out.append((r * p.columns + c, relation))
        return tuple(out)

    # ---- small helpers

    def card_name(self, card: Card) -> str:
        return self.codes[card]

    def space_name(self, space: Space) -> str:
        return space_name(space, self.params.columns)

    @staticmethod
    def _tops(board: tuple[Stack, ...]) -> list[int]:
        """Per space: the face-up top card, ``-1`` when empty, ``-2`` when face down."""
        return [
            -2 if stack.face_down else stack.cards[-1] if stack.cards else -1
            for stack in board
        ]

    def _allowed_at(self, tops: list[int], space: Space) -> int:
        """The card kinds that may be laid on ``space``, as a bit mask (bit ``card``).

        This is the one statement of where a card may go: ``legal_moves`` and ``apply``
        both ask it.  A face-down stack takes nothing, a centre space anything, and an
        outer space only the cards that score on every face-up relation (and none when it
        has no face-up relation at all).
        """
        top = tops[space]
        if top == -2:
            return 0
        allowed = self._every
        if self.is_centre[space]:
            return allowed
        compared = False
        if top >= 0:
            compared = True
            allowed &= self._fits[STACKING][top]
        for other, fits in self._around_fits[space]:
            neighbour = tops[other]
            if neighbour >= 0:
                compared = True
                allowed &= fits[neighbour]
        return allowed if compared else 0

    def _allowed(self, board: tuple[Stack, ...], space: Space) -> int:
        """:meth:`_allowed_at` for one space of ``board``."""
        return self._allowed_at(self._tops(board), space)

    def _points(self, board: tuple[Stack, ...], card: Card, space: Space) -> int:
        """What ``card`` laid on ``space`` scores, legal or not."""
        return sum(got for _, _, _, got in self.comparisons(board, card, space) if got > 0)

    def comparisons(
        self, board: tuple[Stack, ...], card: Card, space: Space
    ) -> list[tuple[int, Space, Card, int]]:
        """Every face-up relation of a card laid on ``space``: (relation, space, top card,
        points or -1), the stacking one first."""
        out = []
        stack = board[space]
        if stack.cards and not stack.face_down:
            top = stack.cards[-1]
            out.append((STACKING, space, top, self._gain[STACKING][card][top]))
        for other, relation in self._around[space]:
            neighbour = board[other]
            if neighbour.cards and not neighbour.face_down:
                top = neighbour.cards[-1]
                out.append((relation, other, top, self._gain[relation][card][top]))
        return out

    def _why_not(self, board: tuple[Stack, ...], card: Card, space: Space) -> str:
        """Why laying ``card`` on ``space`` is forbidden (assumes it is)."""
        where = self.space_name(space)
        if board[space].face_down:
            return f"{where} holds a face-down stack"
        found = self.comparisons(board, card, space)
        if not found:
            return f"{where} is an outer space with no face-up card next to it"
        for relation, other, top, got in found:
            if got < 0:
                name = RELATIONS[relation]
                return (
                    f"{where} is an outer space and the {name} relation to "
                    f"{self.codes[top]} on {self.space_name(other)} does not score "
                    f"({self.diff[card][top]} differences, {self.needed[relation]} needed)"
                )
        return f"{where} cannot take {self.codes[card]}"  # pragma: no cover - unreachable

    def _claims_open(self, state: State) -> list[Housekeep]:
        """Housekeeping left undone that the player to move may claim, in a fixed order."""
        out: list[Housekeep] = []
        board = state.board
        limit = self._limit
        for space in range(self.spaces):
            stack = board[space]
            if stack.face_down or stack.size < limit:
                continue
            out.append(Housekeep("turn" if self.is_centre[space] else "remove", space))
        if all(board[s].face_down for s in self.centre):
            out.append(Housekeep("clear"))
        return out

    def _placements(self, state: State, player: Player) -> list[Place]:
        """Every legal placement of ``player``, by card and then space."""
        out: list[Place] = []
        hand = state.hands[player]
        if not hand:
            return out
        board = state.board
        held = 0
        for card in hand:
            held |= 1 << card
        tops = self._tops(board)
        open_spaces = [
            (space, allowed) for space in range(self.spaces)
            if (allowed := self._allowed_at(tops, space) & held)
        ]
        places = self._place
        full = self._limit - 1 if self._manual else None
        for card in sorted(set(hand)):
            row = places[card]
            for space, allowed in open_spaces:
                if allowed >> card & 1:
                    out.append(row[space])
                    if full is not None and board[space].size >= full:
                        out.append(Place(card, space, tidy=False))
        return out

    # ---- play

    def initial_state(self, rng: random.Random) -> State:
        p: StarsAndBarsParams = self.params
        deck = [card for card in range(len(self.kinds)) for _ in range(p.copies)]
        rng.shuffle(deck)
        board = [EMPTY] * self.spaces
        hands: list[list[Card]] = [[], []]
        beginner: Player | None = None
        drawn = 0
        drawer = 0
        for space in self.centre:
            card = deck[drawn]
            board[space] = Stack((card,))
            if beginner is None and self.starred[card]:
                beginner = drawer
            drawn += 1
            drawer = 1 - drawer
        while len(hands[0]) < p.hand_size or len(hands[1]) < p.hand_size:
            if len(hands[drawer]) < p.hand_size:
                card = deck[drawn]
                hands[drawer].append(card)
                if beginner is None and self.starred[card]:
                    beginner = drawer
                drawn += 1
            drawer = 1 - drawer
        return State(
            board=tuple(board),
            hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
            scores=(0, 0),
            stock=tuple(deck[drawn:]),
            discard=(),
            beginner=1 if beginner is None else beginner,
        )

    def current_player(self, state: State) -> Player:
        return state.to_move

    def legal_moves(self, state: State) -> Sequence[Move]:
        if state.over:
            return []
        moves: list[Move] = []
        if self._manual:
            moves.extend(self._claims_open(state))
        placements = self._placements(state, state.to_move)
        if not placements and (not moves or not state.hands[state.to_move]):
            moves.append(PASS)
        moves.extend(placements)
        return moves

    def _refusal(self, state: State, move: Move) -> str | None:
        """Why ``move`` is not legal in ``state``, or ``None`` when it is."""
        if state.over:
            return "the game is over"
        player = state.to_move
        if isinstance(move, Place):
            if not (0 <= move.card < len(self.kinds) and 0 <= move.space < self.spaces):
                return "no such card or space"
            if move.card not in state.hands[player]:
                return f"{PLAYER_NAMES[player]} holds no {self.codes[move.card]}"
            if not self._allowed(state.board, move.space) >> move.card & 1:
                return self._why_not(state.board, move.card, move.space)
            if not move.tidy:
                if not self._manual:
                    return "housekeeping is automatic (manual_housekeeping is off)"
                if state.board[move.space].size + 1 < self._limit:
                    return "this placement leaves no housekeeping to do"
            return None
        if isinstance(move, Housekeep):
            if not self._manual:
                return "housekeeping is automatic (manual_housekeeping is off)"
            if move not in self._claims_open(state):
                return "there is no such housekeeping left undone"
            return None
        if self._placements(state, player):
            return "a card can be laid, so the turn cannot pass"
        if state.hands[player] and self._manual and self._claims_open(state):
            return "housekeeping can be claimed to make room, so the turn cannot pass"
        return None

    def illegal_reason(self, state: State, move: Move) -> str | None:
        return self._refusal(state, move)

    def refusal(self, state: State, move: Move) -> IllegalMoveError:
        why = self._refusal(state, move) or "it is not one of the legal moves"
        try:
            text = self.format_move(state, move)
        except (ValueError, IndexError):
            text = repr(move)
        return IllegalMoveError(f"illegal move {text!r}: {why}")

    def _play(self, state: State, move: Move, rng: random.Random) -> State:
        why = self._refusal(state, move)
        if why is not None:
            try:
                text = self.format_move(state, move)
            except (ValueError, IndexError):
                text = repr(move)
            raise IllegalMoveError(f"illegal move {text!r}: {why}")
        if isinstance(move, Housekeep):
            return self._housekeep(state, move)
        player = state.to_move
        scores = list(state.scores)
        hands = list(state.hands)
        stock = state.stock
        discard = state.discard
        if isinstance(move, Place):
            board = list(state.board)
            scores[player] += self._points(state.board, move.card, move.space)
            hand = list(hands[player])
            hand.remove(move.card)
            stack = Stack((*board[move.space].cards, move.card))
            board[move.space] = stack
            if move.tidy and stack.size >= self._limit:
                discard = self._tidy(board, move.space, discard)
            if stock:
                card, stock = self._draw(state, stock, rng)
                hand.append(card)
                hand.sort()
            hands[player] = tuple(hand)
            new_board = tuple(board)
        else:
            new_board = state.board
        turn = state.turn + 1
        final = (scores[0], scores[1])
        over = turn % 2 == 0 and self._round_decision(final) is not None
        if not hands[0] and not hands[1]:
            over = True
        return State(new_board, (hands[0], hands[1]), final, stock, discard,
                     state.beginner, turn, over)

    def _tidy(
        self, board: list[Stack], space: Space, discard: tuple[Card, ...] | int
    ) -> tuple[Card, ...] | int:
        """Turn or remove the full stack on ``space`` (and clear a face-down centre)."""
        stack = board[space]
        if not self.is_centre[space]:
            board[space] = EMPTY
            return _add(discard, stack)
        board[space] = Stack(stack.cards, True, stack.hidden)
        if all(board[s].face_down for s in self.centre):
            for s in self.centre:
                discard = _add(discard, board[s])
                board[s] = EMPTY
        return discard

    def _housekeep(self, state: State, move: Housekeep) -> State:
        p: StarsAndBarsParams = self.params
        board = list(state.board)
        discard = state.discard
        if move.action == "clear":
            for s in self.centre:
                discard = _add(discard, board[s])
                board[s] = EMPTY
            gained = p.clear_claim_points
        elif move.action == "turn":
            assert move.space is not None
            stack = board[move.space]
            board[move.space] = Stack(stack.cards, True, stack.hidden)
            gained = p.turn_claim_points
        else:
            assert move.space is not None
            discard = _add(discard, board[move.space])
            board[move.space] = EMPTY
            gained = p.remove_claim_points
        scores = list(state.scores)
        scores[state.to_move] += gained
        return State(tuple(board), state.hands, (scores[0], scores[1]), state.stock, discard,
                     state.beginner, state.turn, state.over)

    def _draw(
        self, state: State, stock: tuple[Card, ...] | int, rng: random.Random
    ) -> tuple[Card, tuple[Card, ...] | int]:
        """The card drawn and the stock left.  A stock of unknown cards yields a random one
        of the cards the position does not show (the unknown stock, face-down stacks and
        discards together)."""
        if isinstance(stock, tuple):
            return stock[0], stock[1:]
        unseen = self.unseen(state)
        pick = rng.randrange(sum(unseen.values()))
        for card in sorted(unseen):
            pick -= unseen[card]
            if pick < 0:
                break
        left = stock - 1
        return card, (left if left else ())

    def unseen(self, state: State) -> Counter[Card]:
        """The cards of the deck the position does not name, with their multiplicity."""
        counts = Counter({card: self.params.copies for card in range(len(self.kinds))})
        counts.subtract(self._named(state))
        return +counts

    @staticmethod
    def _named(state: State) -> Iterator[Card]:
        """Every card the position names, wherever it lies."""
        for hand in state.hands:
            yield from hand
        for stack in state.board:
            yield from stack.cards
        if isinstance(state.stock, tuple):
            yield from state.stock
        if isinstance(state.discard, tuple):
            yield from state.discard

    def card_count(self, state: State) -> int:
        """How many cards the position holds in all (the deck size when consistent)."""
        return (
            sum(len(h) for h in state.hands)
            + sum(stack.size for stack in state.board)
            + state.stock_size
            + state.discard_size
        )

    def _round_decision(self, scores: tuple[int, int]) -> tuple[Player, ...] | None:
        """What the end-of-round test decides for these scores (``None``: play on)."""
        p: StarsAndBarsParams = self.params
        for me in (0, 1):
            mine, theirs = scores[me], scores[1 - me]
            if mine > p.win_score and mine - theirs >= p.win_margin:
                return (me,)
            if mine - theirs > p.runaway_margin:
                return (me,)
        if min(scores) > p.win_score and abs(scores[0] - scores[1]) < p.win_margin:
            return (0, 1)
        return None

    def _final_decision(self, scores: tuple[int, int]) -> tuple[Player, ...]:
        """The result when the cards have run out."""
        decided = self._round_decision(scores)
        if decided is not None:
            return decided
        lead = scores[0] - scores[1]
        if abs(lead) >= self.params.win_margin:
            return (0,) if lead > 0 else (1,)
        return (0, 1)

    def is_terminal(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: State) -> tuple[Player, ...]:
        if not state.over:
            return ()
        return self._final_decision(state.scores)

    def num_players(self, state: State) -> int:
        return 2

    def turn_number(self, state: State) -> int:
        return state.turn

    def player_names(self, state: State) -> tuple[str, ...]:
        return PLAYER_NAMES

    # ---- notation: writing

    def format_card(self, card: Card) -> str:
        return self.codes[card]

    def _format_cards(self, cards: Sequence[Card]) -> str:
        return "[" + " ".join(self.codes[c] for c in cards) + "]"

    def _format_stack(self, stack: Stack, masked: bool) -> str:
        if stack.face_down:
            if masked or not stack.cards:
                return f"#{stack.size}"
            if stack.hidden:  # pragma: no cover - positions never mix the two
                raise ValueError("a face-down stack mixes listed and unlisted cards")
            return "#" + self._format_cards(stack.cards)
        if not stack.cards:
            return "."
        if len(stack.cards) == 1:
            return self.codes[stack.cards[0]]
        return self._format_cards(stack.cards)

    def _format(self, state: State, masked: bool) -> str:
        p: StarsAndBarsParams = self.params
        cells = [
            [self._format_stack(state.board[r * p.columns + c], masked)
             for c in range(p.columns)]
            for r in range(p.rows)
        ]
        widths = [max(len(row[c]) for row in cells) for c in range(p.columns)]
        label = len(str(p.rows))
        header = "+".ljust(label) + "  " + "  ".join(
            chr(ord("a") + c).ljust(widths[c]) for c in range(p.columns))
        lines = [header.rstrip()]
        for r, row in enumerate(cells):
            body = "  ".join(cell.ljust(widths[c]) for c, cell in enumerate(row))
            lines.append(f"{r + 1:>{label}}  {body}".rstrip())
        for player in (0, 1):
            hand = " ".join(self.codes[c] for c in state.hands[player]) or "-"
            lines.append(f"{PLAYER_NAMES[player]} score {state.scores[player]} hand {hand}")
        for word, pile in (("stock", state.stock), ("discard", state.discard)):
            if isinstance(pile, int) or masked or not pile:
                count = pile if isinstance(pile, int) else len(pile)
                lines.append(f"{word} {count}")
            else:
                lines.append(f"{word} {self._format_cards(pile)}")
        lines.append(f"{PLAYER_NAMES[state.beginner]} began")
        if state.over:
            lines.append(f"game over after turn {state.turn}")
        else:
            lines.append(f"round {state.turn // 2 + 1}, {PLAYER_NAMES[state.to_move]} to move")
        return "\n".join(lines) + "\n"

    def format_state(self, state: State) -> str:
        return self._format(state, masked=False)

    def view(self, state: State, player: Player) -> str:
        """Hands are open in this game: a player sees all but the stock, the discards and
        the faces of face-down stacks, which are shown as counts."""
        return self._format(state, masked=True)

    def format_move(self, state: State, move: Move) -> str:
        if isinstance(move, Place):
            text = f"{self.codes[move.card]} {self.space_name(move.space)}"
            return text if move.tidy else text + " leave"
        if isinstance(move, Housekeep):
            if move.space is None:
                return move.action
            return f"{move.action} {self.space_name(move.space)}"
        return "pass"

    # ---- notation: reading

    def parse_card(self, token: str, text: str | None = None, offset: int = 0) -> Card:
        """The card written ``token`` (``srl1``, ``S-R-L-1`` or ``star-red-large-one``)."""
        where = token if text is None else text
        low = token.lower()
        attrs = self.attributes
        if "-" in low:
            parts = low.split("-")
            if len(parts) != len(attrs):
                raise NotationError.at(
                    f"card {token!r} needs {len(attrs)} parts, one per attribute "
                    f"({', '.join(a.name for a in attrs)})", where, offset)
            kind = []
            at = offset
            for attribute, part in zip(attrs, parts, strict=True):
                if part in attribute.codes:
                    kind.append(attribute.codes.index(part))
                elif part in attribute.values:
                    kind.append(attribute.values.index(part))
                else:
                    raise NotationError.at(
                        f"{part!r} in card {token!r} is not a {attribute.name} "
                        f"({self._choices(attribute)})", where, at)
                at += len(part) + 1
            return self._kind_index[tuple(kind)]
        found = self._code_index.get(low)
        if found is not None:
            return found
        if len(low) != len(attrs):
            raise NotationError.at(
                f"{token!r} is not a card: a card has {len(attrs)} codes, one per attribute "
                f"({', '.join(a.name for a in attrs)}), like {self.codes[0]!r}", where, offset)
        for i, (attribute, char) in enumerate(zip(attrs, low, strict=True)):
            if char not in attribute.codes:
                raise NotationError.at(
                    f"{char!r} in card {token!r} is not a {attribute.name} code "
                    f"({self._choices(attribute)})", where, offset + i)
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def _choices(attribute: Attribute) -> str:
        return ", ".join(f"{c} = {v}" for c, v in zip(attribute.codes, attribute.values,
                                                     strict=True))

    def _parse_space(self, token: str, text: str, offset: int) -> Space:
        p: StarsAndBarsParams = self.params
        space = read_space(token, p.rows, p.columns)
        if space is None:
            last = chr(ord("a") + p.columns - 1)
            raise NotationError.at(
                f"{token!r} is not a space: write a column a-{last} and a row 1-{p.rows}, "
                f"like b2", text, offset)
        return space

    def parse_move(self, state: State, text: str) -> Move:
        tokens = _tokens(text)
        if not tokens:
            raise NotationError.at("empty move", text, 0)
        first, at = tokens[0]
        word = first.lower()

        def done(count: int) -> None:
            if len(tokens) > count:
                extra, where = tokens[count]
                raise NotationError.at(f"unexpected {extra!r} after the move", text, where)

        def need(index: int, what: str) -> tuple[str, int]:
            if len(tokens) <= index:
                raise NotationError.at(f"{what} expected after {first!r}", text, len(text))
            return tokens[index]

        if word == "pass":
            done(1)
            return PASS
        if word == "clear":
            done(1)
            return Housekeep("clear")
        if word in ("turn", "remove"):
            token, where = need(1, "a space")
            done(2)
            action: Literal["turn", "remove"] = "turn" if word == "turn" else "remove"
            return Housekeep(action, self._parse_space(token, text, where))
        card = self.parse_card(first, text, at)
        index = 1
        if index < len(tokens) and tokens[index][0].lower() == "on":
            index += 1
        token, where = need(index, "a space")
        space = self._parse_space(token, text, where)
        tidy = True
        if index + 1 < len(tokens) and tokens[index + 1][0].lower() == "leave":
            tidy = False
            index += 1
        done(index + 1)
        return Place(card, space, tidy)

    def parse_state(self, text: str) -> State:
        return _Reader(self, text).read()

    # ---- claims

    def claims(self) -> Mapping[str, Claim[State]]:
        def given(argument: str | None) -> str:
            if argument is None or not argument.strip():
                raise ValueError("this claim needs an argument")
            return argument

        def card(argument: str | None) -> Card:
            text = given(argument)
            tokens = _tokens(text)
            if len(tokens) != 1:
                raise NotationError.at("one card expected", text, tokens[1][1] if tokens else 0)
            return self.parse_card(tokens[0][0], text, tokens[0][1])

        def space(argument: str | None) -> Space:
            text = given(argument)
            return self._parse_space(text.strip(), text, len(text) - len(text.lstrip()))

        def differences(state: State, argument: str | None) -> object:
            text = given(argument)
            tokens = _tokens(text)
            if len(tokens) != 2:
                raise NotationError.at("two cards expected, like srl1,bbs2", text, 0)
            a, b = (self.parse_card(t, text, at) for t, at in tokens)
            return self.diff[a][b]

        def placement(state: State, argument: str | None) -> Place:
            text = given(argument)
            move = self.parse_move(state, text)
            if not isinstance(move, Place):
                raise ValueError(f"{text!r} does not lay a card")
            if state.board[move.space].face_down:
                raise ValueError(f"{self.space_name(move.space)} holds a face-down stack")
            return move

        def by_relation(state: State, argument: str | None) -> dict[str, int]:
            place = placement(state, argument)
            out = dict.fromkeys(RELATIONS, 0)
            for relation, _, _, got in self.comparisons(state.board, place.card, place.space):
                if got > 0:
                    out[RELATIONS[relation]] += got
            return out

        def points(state: State, argument: str | None) -> object:
            move = self.parse_move(state, given(argument))
            if isinstance(move, Housekeep):
                return int(getattr(self.params, f"{move.action}_claim_points"))
            if isinstance(move, Pass):
                return 0
            place = placement(state, argument)
            return self._points(state.board, place.card, place.space)

        def is_starred(state: State, argument: str | None) -> object:
            return self.starred[card(argument)]

        def legal_spaces(state: State, argument: str | None) -> object:
            c = card(argument)
            return [self.space_name(s) for s in range(self.spaces)
                    if self._allowed(state.board, s) >> c & 1]

        def best_points(state: State) -> object:
            if state.over:
                return None
            found = [self._points(state.board, m.card, m.space)
                     for m in self._placements(state, state.to_move)]
            return max(found) if found else None

        def outcome(state: State) -> object:
            decided = (self._final_decision(state.scores) if state.over
                       else self._round_decision(state.scores))
            if decided is None:
                return "continue"
            return "tie" if len(decided) == 2 else "win"

        def stack_size(state: State, argument: str | None) -> object:
            return state.board[space(argument)].size

        def face_down(state: State, argument: str | None) -> object:
            return state.board[space(argument)].face_down

        def top(state: State, argument: str | None) -> object:
            stack = state.board[space(argument)]
            if stack.face_down or not stack.cards:
                return None
            return self.codes[stack.cards[-1]]

        def hand(state: State, argument: str | None) -> object:
            name = given(argument).strip().upper()
            if name not in PLAYER_NAMES:
                raise ValueError(f"no player {argument!r} (P1 or P2)")
            return [self.codes[c] for c in state.hands[PLAYER_NAMES.index(name)]]

        def pending(state: State) -> object:
            if state.over:
                return []
            return [self.format_move(state, m) for m in self._claims_open(state)]

        def plain(
            compute: Callable[[State], object], description: str, *, unordered: bool = False
        ) -> Claim[State]:
            def run(state: State, argument: str | None) -> object:
                if argument is not None:
                    raise ValueError("this claim takes no argument")
                return compute(state)

            return Claim(run, description, unordered=unordered)

        def with_argument(
            compute: Callable[[State, str | None], object], description: str, *,
            unordered: bool = False,
        ) -> Claim[State]:
            return Claim(compute, description, unordered=unordered, takes_argument=True)

        return {
            "differences": with_argument(differences, "how many attributes two cards differ in"),
            "is_starred": with_argument(is_starred, "whether a card is starred"),
            "points": with_argument(points, "the points a move scores (for a placement: every "
                                    "relation together, legal or not)"),
            "points_by_relation": with_argument(by_relation, "a placement's points, by relation"),
            "legal_spaces": with_argument(legal_spaces, "the spaces the rules let a card go to",
                                          unordered=True),
            "best_points": plain(best_points, "the most a legal placement scores now"),
            "outcome": plain(outcome, "the end test on these scores: continue, win or tie"),
            "stack_size": with_argument(stack_size, "how many cards a space holds"),
            "face_down": with_argument(face_down, "whether a space holds a face-down stack"),
            "top": with_argument(top, "the face-up card on top of a space, or null"),
            "hand": with_argument(hand, "a player's hand", unordered=True),
            "stock_size": plain(lambda s: s.stock_size, "how many cards are left to draw"),
            "discard_size": plain(lambda s: s.discard_size, "how many cards were discarded"),
            "round": plain(lambda s: s.turn // 2 + 1, "the round being played"),
            "beginner": plain(lambda s: PLAYER_NAMES[s.beginner], "the player who began"),
            "housekeeping_claims": plain(pending, "housekeeping the player to move may claim",
                                         unordered=True),
        }

    # ---- figures

    def figures(self, history: Sequence[State]) -> Mapping[str, float]:
        p: StarsAndBarsParams = self.params
        out = dict.fromkeys(FIGURES, 0.0)
        for before, after in itertools.pairwise(history):
            cleared = any(before.board[s].face_down and not after.board[s].face_down
                          for s in self.centre)
            for s in self.centre:
                was, now = before.board[s], after.board[s]
                if not was.face_down and (now.face_down or (cleared and was.size)):
                    out["stacks turned"] += 1
            out["centre clears"] += cleared
            out["outer stacks removed"] += sum(
                1 for s in range(self.spaces)
                if not self.is_centre[s] and before.board[s].size and not after.board[s].size
            )
            if after.turn == before.turn:
                out["housekeeping claims"] += 1
            elif after.board == before.board:
                out["passes"] += 1
        final = history[-1]
        if final.over:
            won = self._final_decision(final.scores)
            if len(won) == 2:
                out["ties"] += 1
            else:
                me = won[0]
                mine, theirs = final.scores[me], final.scores[1 - me]
                if mine > p.win_score and mine - theirs >= p.win_margin:
                    out["threshold wins"] += 1
                elif mine - theirs > p.runaway_margin:
                    out["runaway wins"] += 1
                else:
                    out["end wins"] += 1
                out["beginner wins"] += me == final.beginner
            out["ended by empty hands"] += not final.hands[0] and not final.hands[1]
        return out



def _add(pile: tuple[Card, ...] | int, stack: Stack) -> tuple[Card, ...] | int:
    """``pile`` with the cards of ``stack`` added (a count once anything is unknown)."""
    if isinstance(pile, int) or stack.hidden:
        size = pile if isinstance(pile, int) else len(pile)
        return size + stack.size
    return pile + stack.cards


# --------------------------------------------------------------------------- position reader


class _Reader:
    """Reads one position, keeping offsets so that errors point into the text."""

    def __init__(self, game: StarsAndBars, text: str) -> None:
        self.game = game
        self.text = text
        p: StarsAndBarsParams = game.params
        self.rows: list[tuple[Stack, ...] | None] = [None] * p.rows
        self.row_at: list[int] = [0] * p.rows
        self.hands: list[tuple[Card, ...]] = [(), ()]
        self.scores = [0, 0]
        self.stock: tuple[Card, ...] | int | None = None
        self.discard: tuple[Card, ...] | int | None = None
        self.beginner: Player | None = None
        self.mover: Player | None = None
        self.round: int | None = None
        self.over_turn: int | None = None
        self.seen: dict[str, int] = {}
        #: every card token read, with its offset (for the "too many copies" check)
        self.cards: list[tuple[Card, int]] = []
        self.stacks_at: dict[Space, int] = {}

    def fail(self, message: str, offset: int) -> NotationError:
        return NotationError.at(message, self.text, offset)

    def once(self, key: str, offset: int) -> None:
        if key in self.seen:
            raise self.fail(f"{key} is given twice", offset)
        self.seen[key] = offset

    def number(self, tokens: list[tuple[str, int]], index: int, what: str) -> int:
        if index >= len(tokens):
            end = tokens[-1][1] + len(tokens[-1][0]) if tokens else 0
            raise self.fail(f"{what} expected", end)
        token, at = tokens[index]
        if not token.isdigit():
            raise self.fail(f"{what} expected, not {token!r}", at)
        return int(token)

    def card(self, token: str, at: int) -> Card:
        card = self.game.parse_card(token, self.text, at)
        self.cards.append((card, at))
        return card

    def bracket(self, tokens: list[tuple[str, int]], index: int) -> tuple[tuple[Card, ...], int]:
        """Cards between ``[`` at ``index`` and its ``]``; returns them and the next index."""
        out = []
        i = index + 1
        while i < len(tokens) and tokens[i][0] != "]":
            token, at = tokens[i]
            if token in ("[", "#") or token.startswith("#"):
                raise self.fail(f"{token!r} inside a bracketed list of cards", at)
            out.append(self.card(token, at))
            i += 1
        if i >= len(tokens):
            raise self.fail("'[' is never closed on this line", tokens[index][1])
        return tuple(out), i + 1

    def read(self) -> State:
        for start, end in _lines(self.text):
            tokens = _tokens(self.text, start, end)
            if tokens:
                self.line(tokens)
        return self.finish()

    def line(self, tokens: list[tuple[str, int]]) -> None:
        game = self.game
        p: StarsAndBarsParams = game.params
        first, at = tokens[0]
        word = first.lower()
        letters = [chr(ord("a") + c) for c in range(p.columns)]
        if first.isdigit():
            self.board_row(tokens)
        elif word == "+" or [t.lower() for t, _ in tokens] == letters:
            self.header(tokens)
        elif word in ("stock", "discard"):
            self.once(word, at)
            pile: tuple[Card, ...] | int
            if len(tokens) > 1 and tokens[1][0] == "[":
                pile, after = self.bracket(tokens, 1)
            else:
                pile, after = self.number(tokens, 1, f"a {word} count or [cards]"), 2
            if after < len(tokens):
                raise self.fail(f"unexpected {tokens[after][0]!r}", tokens[after][1])
            if word == "stock":
                self.stock = pile
            else:
                self.discard = pile
        elif word == "round":
            self.once("the round", at)
            self.round = self.number(tokens, 1, "a round number")
            if self.round < 1:
                raise self.fail("rounds are counted from 1", tokens[1][1])
            if len(tokens) > 2:
                self.player_line(tokens[2:])
        elif word == "game":
            if len(tokens) < 2 or tokens[1][0].lower() != "over":
                raise self.fail("'game over' expected", at)
            self.once("game over", at)
            self.over_turn = 0
            if len(tokens) > 2:
                words = [t.lower() for t, _ in tokens[2:4]]
                if words != ["after", "turn"]:
                    raise self.fail("'after turn N' expected", tokens[2][1])
                self.over_turn = self.number(tokens, 4, "a turn count")
                if len(tokens) > 5:
                    raise self.fail(f"unexpected {tokens[5][0]!r}", tokens[5][1])
        elif first.upper() in PLAYER_NAMES:
            self.player_line(tokens)
        else:
            raise self.fail(
                f"unexpected {first!r}: a line is a board row (its number first), a player "
                f"(P1, P2), stock, discard, round or game over", at)

    def header(self, tokens: list[tuple[str, int]]) -> None:
        """The column letters over the board: checked, then ignored."""
        p: StarsAndBarsParams = self.game.params
        if tokens[0][0] == "+":
            tokens = tokens[1:]
        letters = [chr(ord("a") + c) for c in range(p.columns)]
        for i, (token, at) in enumerate(tokens):
            if i >= len(letters) or token.lower() != letters[i]:
                raise self.fail(
                    f"the column header reads {' '.join(letters)}, not {token!r} here", at)
        if len(tokens) < len(letters):
            end = tokens[-1][1] + 1 if tokens else 0
            raise self.fail(f"the column header reads {' '.join(letters)}", end)

    def board_row(self, tokens: list[tuple[str, int]]) -> None:
        p: StarsAndBarsParams = self.game.params
        label, at = tokens[0]
        row = int(label) - 1
        if not 0 <= row < p.rows:
            raise self.fail(f"row {label} is not on the board (rows 1-{p.rows})", at)
        if self.rows[row] is not None:
            raise self.fail(f"row {label} is given twice", at)
        stacks: list[Stack] = []
        i = 1
        while i < len(tokens):
            token, where = tokens[i]
            space = row * p.columns + len(stacks)
            if len(stacks) == p.columns:
                raise self.fail(f"row {label} has more than {p.columns} spaces", where)
            self.stacks_at[space] = where
            if token == ".":
                stacks.append(EMPTY)
                i += 1
            elif token == "[":
                cards, i = self.bracket(tokens, i)
                stacks.append(Stack(cards))
            elif token == "#":
                if i + 1 >= len(tokens) or tokens[i + 1][0] != "[":
                    raise self.fail("'#' is followed by a count or [cards]", where)
                cards, i = self.bracket(tokens, i + 1)
                if not cards:
                    raise self.fail("a face-down stack holds at least one card", where)
                stacks.append(Stack(cards, True))
            elif token.startswith("#"):
                count = int(token[1:])
                if count < 1:
                    raise self.fail("a face-down stack holds at least one card", where)
                stacks.append(Stack((), True, count))
                i += 1
            elif token == "]":
                raise self.fail("']' without '['", where)
            else:
                stacks.append(Stack((self.card(token, where),)))
                i += 1
        if len(stacks) < p.columns:
            end = tokens[-1][1] + len(tokens[-1][0])
            raise self.fail(
                f"row {label} has {len(stacks)} spaces, the board has {p.columns}", end)
        self.rows[row] = tuple(stacks)
        self.row_at[row] = at

    def player_line(self, tokens: list[tuple[str, int]]) -> None:
        name, at = tokens[0]
        if name.upper() not in PLAYER_NAMES:
            raise self.fail(f"a player (P1 or P2) expected, not {name!r}", at)
        player = PLAYER_NAMES.index(name.upper())
        i = 1
        if i >= len(tokens):
            raise self.fail(f"'score', 'hand', 'began' or 'to move' expected after {name!r}",
                            at + len(name))
        while i < len(tokens):
            token, where = tokens[i]
            word = token.lower()
            if word == "score":
                self.once(f"the score of {name.upper()}", where)
                self.scores[player] = self.number(tokens, i + 1, "a score")
                i += 2
            elif word == "hand":
                self.once(f"the hand of {name.upper()}", where)
                rest = tokens[i + 1:]
                if [t for t, _ in rest] == ["-"]:
                    rest = []
                self.hands[player] = tuple(sorted(self.card(t, a) for t, a in rest))
                i = len(tokens)
            elif word in ("began", "begins", "begin"):
                self.once("who began", where)
                self.beginner = player
                i += 1
            elif word == "to" and i + 1 < len(tokens) and tokens[i + 1][0].lower() == "move":
                self.once("who is to move", where)
                self.mover = player
                i += 2
            else:
                raise self.fail(
                    f"unexpected {token!r}: 'score N', 'hand CARDS', 'began' or 'to move' "
                    f"expected", where)

    def finish(self) -> State:
        game = self.game
        p: StarsAndBarsParams = game.params
        end = len(self.text.rstrip())
        given = [r for r in self.rows if r is not None]
        if given and len(given) != p.rows:
            missing = self.rows.index(None) + 1
            first = min(at for at, row in zip(self.row_at, self.rows, strict=True) if row)
            raise self.fail(f"row {missing} of the board is missing", first)
        board = tuple(s for row in self.rows for s in (row or (EMPTY,) * p.columns))
        counts: Counter[Card] = Counter()
        for card, at in self.cards:
            counts[card] += 1
            if counts[card] > p.copies:
                raise self.fail(
                    f"one {game.codes[card]} too many: the deck has {p.copies}", at)
        named = (sum(len(h) for h in self.hands) + sum(s.size for s in board)
                 + _size(self.stock) + _size(self.discard))
        if named > game.deck_size:
            where = self.seen.get("stock", self.seen.get("discard", end))
            raise self.fail(f"the position holds {named} cards, the deck only "
                            f"{game.deck_size}", where)
        rest = game.deck_size - named
        stock = self.stock
        discard = self.discard
        if stock is None:
            stock = rest
            rest = 0
        if discard is None:
            discard = rest
            rest = 0
        if rest:
            raise self.fail(
                f"the position holds {named} cards, the deck {game.deck_size}: "
                f"{rest} are missing", self.seen["stock"])
        self.check_housekeeping(board, automatic=not p.manual_housekeeping)
        beginner = 0 if self.beginner is None else self.beginner
        if self.over_turn is not None:
            if self.mover is not None or self.round is not None:
                raise self.fail("a finished game has no round or player to move",
                                self.seen["game over"])
            turn = self.over_turn
        else:
            mover = beginner if self.mover is None else self.mover
            turn = 2 * ((self.round or 1) - 1) + (mover != beginner)
        return State(
            board,
            (self.hands[0], self.hands[1]),
            (self.scores[0], self.scores[1]),
            stock if stock else (),
            discard if discard else (),
            beginner,
            turn,
            self.over_turn is not None,
        )

    def check_housekeeping(self, board: tuple[Stack, ...], *, automatic: bool) -> None:
        """Only centre stacks are ever face down; automatic housekeeping moreover never
        leaves a full face-up stack or an all face-down centre."""
        game = self.game
        for space, stack in enumerate(board):
            if automatic and not stack.face_down and stack.size >= game.params.stack_limit:
                raise self.fail(
                    f"a face-up stack of {stack.size} on {game.space_name(space)} would "
                    f"have been {'turned' if game.is_centre[space] else 'removed'} "
                    f"(housekeeping is automatic)", self.stacks_at[space])
            if stack.face_down and not game.is_centre[space]:
                raise self.fail(
                    f"{game.space_name(space)} is an outer space: only centre stacks "
                    f"are turned face down", self.stacks_at[space])
        if automatic and all(board[s].face_down for s in game.centre):
            raise self.fail(
                "every centre stack is face down, so they would have been cleared "
                "(housekeeping is automatic)", self.stacks_at[game.centre[-1]])


def _size(pile: tuple[Card, ...] | int | None) -> int:
    if pile is None:
        return 0
    return pile if isinstance(pile, int) else len(pile)
