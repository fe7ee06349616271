"""Rules engine for "I vant to be alone", David Parlett's two-player avoid-matching game.

Thirty-two cards are laid out in a 4 x 4 square (level one), then played on top of the
square's cards (level two).  Whoever plays a card gives points to the *other* player for
every match: a neighbouring card (in any of the eight directions) of the same suit, and a
card of the same rank anywhere on the same row, column or diagonal.  At level two the card
underneath costs ten times the matching value on top of that.

The layout is kept *translation-free*: its bounding box always starts at the top-left
corner of a 4 x 4 frame, so two layouts that differ only in where they lie on the table
are the same state; a card played above or left of the box shifts the frame.  Hands hold
the cards a position knows about plus a count of unknown ones, so a booklet may leave
hands out.  The stock is never listed: it is whatever is neither on the table nor in a
known hand, and deals draw from those unseen cards with the ``random.Random`` handed to
:meth:`IVantToBeAlone.apply`.

A position in the notation (``#`` starts a comment; keys ignore case)::

    dealer: P2
    to move: P1
    scores: P1 0, P2 12
    layout:
      7S  9D  .
      JH  8C  AH
    P1: 10H JS ? ?
    P2: ? ? ? ?

Rows of the layout follow ``layout:``, ``.`` marking an empty cell; a level-two cell is
``QS/10H``, the card on top first, the face-down card after the slash.  ``?`` is a card
of a hand that the position does not show; a hand line may be left out or list only some
cards.  More keys: ``leader`` (who leads level two; found from the scores when it can
be), ``pending`` (points the player to move may still claim, ``strict_claims`` only) and
``turn`` (decisions taken, written only when claims made it differ from the cards played).

Moves: ``10H`` (the first card; ``10H anywhere`` also reads), ``10H below 8C`` (or
``above``, ``left of``, ``right of``; or ``at b3``, ``a1`` being the top-left cell of the
layout as written), ``QS on 10H`` at level two, and ``claim`` / ``pass`` with
``strict_claims``.

Rulings the spec leaves open: the non-dealer ``P1`` plays first and ``P2`` deals; a card
can never match the card it covers by both suit and rank (the pack holds each card once),
so the penalty is for one or the other; with ``strict_claims`` a claim takes all the
pending points or none, is its own decision before the next card (playing a card instead
gives the points up) and, after the last card of a level, is ``claim`` or ``pass``; the
leader of level two is chosen once that claim is settled.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from printkit.errors import did_you_mean
from printkit.rules.base import NO_PLAYER, Claim, Game, IllegalMoveError, NotationError, Player

# --------------------------------------------------------------------------- cards

Card = int
"""A card as ``suit * 8 + rank``; suits S H C D, ranks 7 8 9 10 J Q K A (ascending)."""

SUIT_LETTERS = ("S", "H", "C", "D")
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")
DECK: frozenset[Card] = frozenset(range(32))
PLAYER_NAMES = ("P1", "P2")
"""``P1`` is the non-dealer of the shipped start and plays first; ``P2`` deals."""

_SUIT_READ = {"S": 0, "H": 1, "C": 2, "D": 3, "♠": 0, "♥": 1, "♣": 2, "♦": 3,
              "♤": 0, "♡": 1, "♧": 2, "♢": 3}
_RANK_READ = {name: i for i, name in enumerate(RANK_NAMES)} | {"T": 3}
_CARD_HELP = "a card is a rank (7, 8, 9, 10, J, Q, K, A) then a suit (S, H, C, D), e.g. 10H"


def card_name(card: Card) -> str:
    """``10H`` for the Ten of hearts."""
    return RANK_NAMES[card & 7] + SUIT_LETTERS[card >> 3]


def read_card(token: str) -> Card | None:
    """The card a token names (``10h``, ``TH`` and ``10♥`` all work), or ``None``."""
    text = token.strip().upper()
    if len(text) < 2:
        return None
    suit = _SUIT_READ.get(text[-1])
    rank = _RANK_READ.get(text[:-1])
    if suit is None or rank is None:
        return None
    return suit * 8 + rank


# --------------------------------------------------------------------------- parameters

Visibility = Literal["played_card_visible", "cell_dead"]


@dataclass(frozen=True)
class VantParams:
    """Every option of the game; the defaults are the spec's rulings and reconstruction.

    ``suit_values`` lists spades, hearts, clubs, diamonds in that order; ``rank_values``
    lists 7, 8, 9, 10, J, Q, K, A.  The point table of the original is lost: these defaults
    are a reconstruction that a deck file may replace.
    """

    suit_values: tuple[int, ...] = (1, 2, 3, 4)
    rank_values: tuple[int, ...] = (7, 8, 9, 10, 11, 12, 13, 14)
    #: the opponent must claim a score before the next card is played, or lose it
    strict_claims: bool = False
    #: at level two, does a covering card count for later plays, or is its cell dead?
    level2_visibility: Visibility = "played_card_visible"

    def __post_init__(self) -> None:
        if len(self.suit_values) != 4:
            raise ValueError("suit_values: give 4 values (spades, hearts, clubs, diamonds), "
                             f"not {len(self.suit_values)}")
        if len(self.rank_values) != 8:
            raise ValueError("rank_values: give 8 values (7, 8, 9, 10, J, Q, K, A), "
                             f"not {len(self.rank_values)}")
        for key, values in (("suit_values", self.suit_values), ("rank_values", self.rank_values)):
            if any(v < 0 for v in values):
                raise ValueError(f"{key}: a value cannot be negative")


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Place:
    """Play ``card`` to the cell (``row``, ``col``) of the current frame.

    At level one the row and column may be -1 (just above or left of the layout); the
    layout is shifted after the card lands.  At level two the cell is one of the square's.
    """

    card: Card
    row: int
    col: int


@dataclass(frozen=True)
class Decision:
    """``claim`` the pending points, or ``pass`` them up (``strict_claims`` only)."""

    kind: Literal["claim", "pass"]


CLAIM = Decision("claim")
PASS = Decision("pass")

Move = Place | Decision

_PLACES: dict[tuple[Card, int, int], Place] = {
    (card, r, c): Place(card, r, c) for card in range(32) for r in range(-1, 5)
    for c in range(-1, 5)
}
"""One shared :class:`Place` per card and cell, so move generation allocates nothing."""


# --------------------------------------------------------------------------- state

Cells = tuple[Card | None, ...]
"""Sixteen cells of the 4 x 4 frame, row by row."""

EMPTY_CELLS: Cells = (None,) * 16


@dataclass(frozen=True)
class VantState:
    """A position: the two levels of the layout, hands, scores and whose turn it is.

    ``lower`` holds the level-one cards with the layout's bounding box at the frame's
    top-left; ``upper`` the level-two cards on top of them.  ``hands`` are the cards known
    to be held and ``hidden`` how many more each player holds unseen.  ``leader`` is known
    once level two can begin.  ``pending`` is what the player to move may still claim
    (``strict_claims`` only); ``turn`` counts decisions taken.
    """

    lower: Cells = EMPTY_CELLS
    upper: Cells = EMPTY_CELLS
    hands: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    hidden: tuple[int, int] = (0, 0)
    scores: tuple[int, int] = (0, 0)
    dealer: Player = 1
    leader: Player | None = None
    pending: int = 0
    turn: int = 0
    #: cards at level one (derived)
    placed: int = field(init=False, repr=False, compare=False)
    #: cards at level two (derived)
    covered: int = field(init=False, repr=False, compare=False)
    #: bit ``i`` set when frame cell ``i`` holds a level-one card (derived)
    filled: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "placed", 16 - self.lower.count(None))
        object.__setattr__(self, "covered", 16 - self.upper.count(None))
        object.__setattr__(self, "filled", _mask(self.lower))

    def table(self) -> frozenset[Card]:
        """Every card on the table, face up or face down."""
        return frozenset(c for c in self.lower + self.upper if c is not None)


def hand_size(placed: int, covered: int, player: Player, dealer: Player,
              leader: Player | None) -> int:
    """How many cards ``player`` holds once this many cards are on the table."""
    if placed < 16:
        played = placed // 2 if player == dealer else (placed + 1) // 2
        return (4 if placed < 8 else 12) - played
    played = (covered + 1) // 2 if player == leader else covered // 2
    return 8 - played


def stock_size(placed: int) -> int:
    """Cards still in the stock."""
    return 24 if placed < 8 else 8 if placed < 16 else 0


def leader_by_rule(scores: tuple[int, int], dealer: Player) -> Player:
    """Level two is led by the higher score after level one, on a tie by the dealer."""
    if scores[0] == scores[1]:
        return dealer
    return 0 if scores[0] > scores[1] else 1


# --------------------------------------------------------------------------- geometry

_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_STEPS = ((-1, 0, "below"), (0, -1, "right of"), (0, 1, "left of"), (1, 0, "above"))
"""Neighbour offsets of an empty cell, with the word that names the cell from it."""


def _inside(row: int, col: int) -> bool:
    return 0 <= row < 4 and 0 <= col < 4


@dataclass(frozen=True)
class _Reach:
    """The frame cells a card at some cell is compared with."""

    around: tuple[int, ...]  # the eight surrounding cells (suit matches)
    lines: tuple[int, ...]  # its row, column and both diagonals (rank matches)


def _reach(row: int, col: int) -> _Reach:
    around = tuple((row + dr) * 4 + col + dc for dr, dc in _DIRECTIONS
                   if _inside(row + dr, col + dc))
    lines = tuple((row + k * dr) * 4 + col + k * dc for dr, dc in _DIRECTIONS
                  for k in range(1, 6) if _inside(row + k * dr, col + k * dc))
    return _Reach(around, lines)


_REACH: dict[tuple[int, int], _Reach] = {
    (r, c): _reach(r, c) for r in range(-1, 5) for c in range(-1, 5)
}


def _mask(cells: Cells) -> int:
    return sum(1 << i for i, card in enumerate(cells) if card is not None)


@cache
def _open_cells(mask: int) -> tuple[tuple[tuple[int, int], ...], frozenset[tuple[int, int]]]:
    """Where the next level-one card may go (in order, and as a set) for these cells."""
    cells = _open_cells_of(mask)
    return cells, frozenset(cells)


def _open_cells_of(mask: int) -> tuple[tuple[int, int], ...]:
    if mask == 0:
        return ((0, 0),)
    filled = [(i // 4, i % 4) for i in range(16) if mask >> i & 1]
    height = max(r for r, _ in filled) + 1
    width = max(c for _, c in filled) + 1
    found: set[tuple[int, int]] = set()
    for r, c in filled:
        for dr, dc, _ in _STEPS:
            row, col = r + dr, c + dc
            if _inside(row, col) and mask >> (row * 4 + col) & 1:
                continue
            new_height = height + 1 if row < 0 else max(height, row + 1)
            new_width = width + 1 if col < 0 else max(width, col + 1)
            if new_height <= 4 and new_width <= 4:
                found.add((row, col))
    return tuple(sorted(found))


def _shifted(cells: Cells, row: int, col: int) -> Cells:
    """The frame moved one row down if ``row`` is -1 and one column right if ``col`` is."""
    if row < 0:
        cells = EMPTY_CELLS[:4] + cells[:12]
    if col < 0:
        cells = tuple(None if i % 4 == 0 else cells[i - 1] for i in range(16))
    return cells


def _connected(cells: Cells) -> set[int]:
    """Indices of the filled cells orthogonally connected to the first filled one."""
    filled = {i for i, c in enumerate(cells) if c is not None}
    if not filled:
        return set()
    seen = {min(filled)}
    todo = [min(filled)]
    while todo:
        i = todo.pop()
        r, c = divmod(i, 4)
        for dr, dc, _ in _STEPS:
            j = (r + dr) * 4 + c + dc
            if _inside(r + dr, c + dc) and j in filled and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


# --------------------------------------------------------------------------- the engine


class IVantToBeAlone(Game[VantState, Move, VantParams]):
    """Two players; the non-dealer ``P1`` plays first, ``P2`` deals."""

    name = "i-vant-to-be-alone"
    title = "I vant to be alone"
    Params = VantParams

    def __init__(self, params: VantParams | None = None) -> None:
        super().__init__(params)
        self.rules: VantParams = self.params
        suits, ranks = self.rules.suit_values, self.rules.rank_values
        self._suit_value = tuple(suits[c >> 3] for c in range(32))
        self._rank_value = tuple(ranks[c & 7] for c in range(32))
        self._strict = self.rules.strict_claims
        self._dead = self.rules.level2_visibility == "cell_dead"

    # ---- helpers over states

    def _to_move(self, s: VantState) -> Player:
        if s.placed < 16 or s.leader is None:
            return 1 - s.dealer if s.placed % 2 == 0 else s.dealer
        return s.leader if s.covered % 2 == 0 else 1 - s.leader

    def _unknown(self, s: VantState) -> frozenset[Card]:
        """Cards neither on the table nor in a known hand (hidden hands and the stock)."""
        return DECK - s.table() - s.hands[0] - s.hands[1]

    def _available(self, s: VantState, player: Player) -> list[Card]:
        """The cards ``player`` may play: known ones, and any unknown one if some are."""
        cards = set(s.hands[player])
        if s.hidden[player]:
            cards |= self._unknown(s)
        return sorted(cards)

    def _holds(self, s: VantState, player: Player, card: Card) -> bool:
        if card in s.hands[player]:
            return True
        return bool(s.hidden[player]) and card in self._unknown(s)

    def _visible(self, s: VantState) -> Cells:
        """What each cell shows to a level-two card being scored."""
        if self._dead:
            return tuple(lo if up is None else None for lo, up in zip(s.lower, s.upper,
                                                                        strict=True))
        return tuple(lo if up is None else up for lo, up in zip(s.lower, s.upper, strict=True))

    def _open_targets(self, s: VantState) -> Sequence[tuple[int, int]]:
        """The cells a card may be played to now (empty while a claim must be settled)."""
        settling = (s.placed == 16 and s.leader is None) or s.covered == 16
        if self.is_terminal(s) or (s.pending and settling):
            return ()
        if s.placed < 16:
            return _open_cells(s.filled)[0]
        return [divmod(i, 4) for i in range(16) if s.upper[i] is None]

    def _gift(self, s: VantState, card: Card, row: int, col: int) -> tuple[int, int]:
        """(points for matching cards in the layout, covered-card penalty) for a play."""
        suit, rank = card >> 3, card & 7
        suit_points, rank_points = self._suit_value[card], self._rank_value[card]
        reach = _REACH[(row, col)]
        cells = s.lower if s.placed < 16 else self._visible(s)
        points = 0
        for i in reach.around:
            other = cells[i]
            if other is not None and other >> 3 == suit:
                points += suit_points
        for i in reach.lines:
            other = cells[i]
            if other is not None and other & 7 == rank:
                points += rank_points
        penalty = 0
        if s.placed == 16:
            beneath = s.lower[row * 4 + col]
            if beneath is not None and beneath >> 3 == suit:
                penalty = 10 * suit_points
            elif beneath is not None and beneath & 7 == rank:
                penalty = 10 * rank_points
        return points, penalty

    def _matches(self, s: VantState, move: Place) -> list[str]:
        """The cards a play would match (the covered card included)."""
        card, row, col = move.card, move.row, move.col
        reach = _REACH[(row, col)]
        cells = s.lower if s.placed < 16 else self._visible(s)
        found = [c for i in reach.around if (c := cells[i]) is not None and c >> 3 == card >> 3]
        found += [c for i in reach.lines if (c := cells[i]) is not None and c & 7 == card & 7]
        if s.placed == 16:
            beneath = s.lower[row * 4 + col]
            if beneath is not None and (beneath >> 3 == card >> 3 or beneath & 7 == card & 7):
                found.append(beneath)
        return [card_name(c) for c in found]

    def _why_illegal(self, s: VantState, move: Move) -> str | None:
        """Why ``move`` is not legal in ``s`` (``None`` when it is)."""
        if self.is_terminal(s):
            return "the game is over"
        player = self._to_move(s)
        name = PLAYER_NAMES[player]
        if isinstance(move, Decision):
            if not s.pending:
                return "there are no points to claim"
            if move.kind == "pass" and self._open_targets(s):
                return f"{name} may simply play a card (which gives up the points)"
            return None
        if not self._open_targets(s):
            return f"{name} must first claim or pass the {s.pending} pending points"
        if not self._holds(s, player, move.card):
            return f"{card_name(move.card)} is not in {name}'s hand"
        if s.placed < 16:
            if (move.row, move.col) not in _open_cells(s.filled)[1]:
                if _inside(move.row, move.col) and s.lower[move.row * 4 + move.col] is not None:
                    return "that cell is taken"
                return "a card must go next to one already placed, inside a 4 x 4 square"
            return None
        if not _inside(move.row, move.col):
            return "level two plays on top of a card of the square"
        if s.upper[move.row * 4 + move.col] is not None:
            return "that card is already covered"
        return None

    # ---- play

    def initial_state(self, rng: random.Random) -> VantState:
        deck = list(range(32))
        rng.shuffle(deck)
        return VantState(hands=(frozenset(deck[0:4]), frozenset(deck[4:8])), dealer=1)

    def current_player(self, state: VantState) -> Player:
        return NO_PLAYER if self.is_terminal(state) else self._to_move(state)

    def legal_moves(self, state: VantState) -> Sequence[Move]:
        targets = self._open_targets(state)
        moves: list[Move] = []
        if state.pending:
            moves.append(CLAIM)
            if not targets:
                moves.append(PASS)
        if targets:
            places = _PLACES
            moves += [places[card, r, c] for card in self._available(state, self._to_move(state))
                      for r, c in targets]
        return moves

    def illegal_reason(self, state: VantState, move: Move) -> str | None:
        return self._why_illegal(state, move)

    def refusal(self, state: VantState, move: Move) -> IllegalMoveError:
        why = self._why_illegal(state, move) or "it is not one of the legal moves"
        return IllegalMoveError(f"{self._move_text(state, move)!r}: {why}")

    def _play(self, state: VantState, move: Move, rng: random.Random) -> VantState:
        why = self._why_illegal(state, move)
        if why is not None:
            raise IllegalMoveError(f"{self._move_text(state, move)!r}: {why}")
        player = self._to_move(state)
        if isinstance(move, Decision):
            scores = state.scores
            if move.kind == "claim":
                scores = _added(scores, player, state.pending)
            leader = state.leader
            if state.placed == 16 and leader is None:
                leader = leader_by_rule(scores, state.dealer)
            return replace(state, scores=scores, pending=0, leader=leader, turn=state.turn + 1)

        card, row, col = move.card, move.row, move.col
        points, penalty = self._gift(state, card, row, col)
        hands = list(state.hands)
        hidden = list(state.hidden)
        if card in hands[player]:
            hands[player] = hands[player] - {card}
        else:
            hidden[player] -= 1
        lower, upper, leader = state.lower, state.upper, state.leader
        level_one = state.placed < 16
        if level_one:
            lower = _shifted(lower, row, col)
            i = max(row, 0) * 4 + max(col, 0)
            lower = (*lower[:i], card, *lower[i + 1:])
        else:
            i = row * 4 + col
            upper = (*upper[:i], card, *upper[i + 1:])
        scores, pending = state.scores, 0
        if self._strict:
            pending = points + penalty
        else:
            scores = _added(scores, 1 - player, points + penalty)
        placed = state.placed + level_one
        if level_one and placed in (8, 16):
            pool = sorted(DECK - {c for c in lower if c is not None} - hands[0] - hands[1])
            for p in (1 - state.dealer, state.dealer):
                drawn = rng.sample(pool, 8 if placed == 8 else 4)
                hands[p] = hands[p] | frozenset(drawn)
                pool = [c for c in pool if c not in drawn]
            if placed == 16 and not pending:
                leader = leader_by_rule(scores, state.dealer)
        return VantState(lower, upper, (hands[0], hands[1]), (hidden[0], hidden[1]), scores,
                         state.dealer, leader, pending, state.turn + 1)

    def is_terminal(self, state: VantState) -> bool:
        return state.covered == 16 and not state.pending

    def scores(self, state: VantState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: VantState) -> tuple[Player, ...]:
        if not self.is_terminal(state):
            return ()
        first, second = state.scores
        if first == second:
            return (0, 1)
        return (0,) if first > second else (1,)

    def num_players(self, state: VantState) -> int:
        return 2

    def turn_number(self, state: VantState) -> int:
        return state.turn

    def player_names(self, state: VantState) -> tuple[str, ...]:
        return PLAYER_NAMES

    # ---- notation: moves

    def _cell_phrase(self, state: VantState, row: int, col: int) -> str | None:
        """How a move names the cell (``below 8C``, ``on 10H``, ``at b3``), or ``None``."""
        if state.placed == 0:
            return "anywhere" if (row, col) == (0, 0) else None
        if state.placed == 16 and _inside(row, col):
            i = row * 4 + col
            shown = state.lower[i] if state.upper[i] is None else state.upper[i]
            return f"on {card_name(shown)}" if shown is not None else None
        for dr, dc, word in _STEPS:
            r, c = row + dr, col + dc
            if _inside(r, c) and (near := state.lower[r * 4 + c]) is not None:
                return f"{word} {card_name(near)}"
        if _inside(row, col):
            return f"at {'abcd'[col]}{row + 1}"
        return None

    def _move_text(self, state: VantState, move: Move) -> str:
        if isinstance(move, Decision):
            return move.kind
        phrase = self._cell_phrase(state, move.row, move.col)
        name = card_name(move.card)
        if phrase is None:
            return f"{name} at row {move.row}, column {move.col}"
        return name if phrase == "anywhere" else f"{name} {phrase}"

    def format_move(self, state: VantState, move: Move) -> str:
        if isinstance(move, Place) and self._cell_phrase(state, move.row, move.col) is None:
            raise ValueError(f"the cell ({move.row}, {move.col}) cannot be named in this layout")
        return self._move_text(state, move)

    def parse_move(self, state: VantState, text: str) -> Move:
        tokens = _tokens(text, 0, len(text))
        if not tokens:
            raise NotationError.at("expected a move such as '10H below 8C'", text, 0)
        first, at = tokens[0]
        word = first.lower()
        if word in ("claim", "pass"):
            if len(tokens) > 1:
                raise NotationError.at(f"unexpected {tokens[1][0]!r} after {first!r}",
                                       text, tokens[1][1])
            return CLAIM if word == "claim" else PASS
        card = _card(first, at, text)
        rest = tokens[1:]
        if not rest or (len(rest) == 1 and rest[0][0].lower() == "anywhere"):
            if state.placed:
                raise NotationError.at(f"say where {card_name(card)} goes, e.g. "
                                       f"'{card_name(card)} below 8C'", text, len(text.rstrip()))
            return Place(card, 0, 0)
        word, at = rest[0][0].lower(), rest[0][1]
        rest = rest[1:]
        if word in ("left-of", "right-of"):
            word = word.replace("-", " ")
        elif word in ("left", "right"):
            if rest and rest[0][0].lower() == "of":
                rest = rest[1:]
            word += " of"
        if word == "at":
            if len(rest) != 1:
                raise NotationError.at("expected a cell such as 'b3' after 'at'", text,
                                       rest[1][1] if rest else len(text.rstrip()))
            name, name_at = rest[0]
            match = re.fullmatch(r"([a-dA-D])([1-4])", name)
            if match is None:
                raise NotationError.at(f"{name!r} is not a cell: columns a-d, rows 1-4",
                                       text, name_at)
            return Place(card, int(match.group(2)) - 1, "abcd".index(match.group(1).lower()))
        words = ("below", "above", "left of", "right of", "on")
        if word not in words:
            raise NotationError.at(
                f"expected one of {', '.join(words)} or at, found {word!r}"
                + did_you_mean(word, [*words, "at"]), text, at)
        if word != "on" and state.placed == 16:
            raise NotationError.at(f"at level two a card goes on top of another: write "
                                   f"'{card_name(card)} on' and the card it covers", text, at)
        if not rest:
            raise NotationError.at(f"expected a card after {word!r}", text, len(text.rstrip()))
        if len(rest) > 1:
            raise NotationError.at(f"unexpected {rest[1][0]!r}", text, rest[1][1])
        near = _card(rest[0][0], rest[0][1], text)
        cell = next((i for i in range(16) if near in (state.lower[i], state.upper[i])), None)
        if cell is None:
            raise NotationError.at(f"{card_name(near)} is not in the layout", text, rest[0][1])
        row, col = divmod(cell, 4)
        if word == "on":
            return Place(card, row, col)
        dr, dc = {"below": (1, 0), "above": (-1, 0), "left of": (0, -1), "right of": (0, 1)}[word]
        return Place(card, row + dr, col + dc)

    # ---- notation: positions

    def format_state(self, state: VantState) -> str:
        return self._write(state, state.hands, state.hidden)

    def view(self, state: VantState, player: Player) -> str:
        other = 1 - player
        hands = list(state.hands)
        hidden = list(state.hidden)
        hidden[other] += len(hands[other])
        hands[other] = frozenset()
        return self._write(state, (hands[0], hands[1]), (hidden[0], hidden[1]))

    def _write(self, state: VantState, hands: tuple[frozenset[Card], frozenset[Card]],
               hidden: tuple[int, int]) -> str:
        names = self.player_names(state)
        lines = [f"dealer: {names[state.dealer]}"]
        if state.leader is not None:
            lines.append(f"leader: {names[state.leader]}")
        if not self.is_terminal(state):
            lines.append(f"to move: {names[self._to_move(state)]}")
        lines.append(f"scores: {names[0]} {state.scores[0]}, {names[1]} {state.scores[1]}")
        if state.pending:
            lines.append(f"pending: {state.pending}")
        if state.turn != state.placed + state.covered:
            lines.append(f"turn: {state.turn}")
        if state.placed:
            lines.append("layout:")
            lines.extend(_layout_rows(state))
        for p in (0, 1):
            shown = [card_name(c) for c in sorted(hands[p])] + ["?"] * hidden[p]
            lines.append(f"{names[p]}: {' '.join(shown) if shown else '-'}")
        return "\n".join(lines) + "\n"

    def parse_state(self, text: str) -> VantState:
        return _Reader(self, text).state()

    # ---- claims and figures

    def claims(self) -> Mapping[str, Claim[VantState]]:
        return {
            "points": Claim(self._claim_points, "points the opponent gets if the player to "
                            "move plays MOVE (covered-card penalty included)",
                            takes_argument=True),
            "penalty": Claim(self._claim_penalty, "the covered-card part of those points "
                             "(0 at level one)", takes_argument=True),
            "matches": Claim(self._claim_matches, "the cards MOVE would match",
                             unordered=True, takes_argument=True),
            "legal_cells": Claim(self._claim_cells, "where the player to move may put CARD "
                                 "(as a move names it: 'below 8C', 'on 10H', 'anywhere')",
                                 unordered=True, takes_argument=True),
            "level": Claim(_no_argument(lambda s: 1 if s.placed < 16 else 2),
                           "1 until the square holds 16 cards, then 2"),
            "leader": Claim(_no_argument(lambda s: None if s.leader is None
                                         else self.player_names(s)[s.leader]),
                            "who leads level two (null until known)"),
            "card_value": Claim(self._claim_value, "a card's suit and rank values: "
                                "{suit: N, rank: N}", takes_argument=True),
            "pending": Claim(_no_argument(lambda s: s.pending),
                             "points the player to move may still claim"),
            "stock": Claim(_no_argument(lambda s: stock_size(s.placed)),
                           "cards left in the stock"),
        }

    def _legal_place(self, state: VantState, argument: str | None) -> Place:
        move = self.parse_move(state, _required(argument))
        if not isinstance(move, Place):
            raise ValueError("the argument must be a card play")
        why = self._why_illegal(state, move)
        if why is not None:
            raise ValueError(f"{self._move_text(state, move)!r} is not legal here: {why}")
        return move

    def _claim_points(self, state: VantState, argument: str | None) -> object:
        move = self._legal_place(state, argument)
        return sum(self._gift(state, move.card, move.row, move.col))

    def _claim_penalty(self, state: VantState, argument: str | None) -> object:
        move = self._legal_place(state, argument)
        return self._gift(state, move.card, move.row, move.col)[1]

    def _claim_matches(self, state: VantState, argument: str | None) -> object:
        return self._matches(state, self._legal_place(state, argument))

    def _claim_cells(self, state: VantState, argument: str | None) -> object:
        text = _required(argument)
        card = _card(text.strip(), len(text) - len(text.lstrip()), text)
        if self.is_terminal(state) or not self._holds(state, self._to_move(state), card):
            return []
        phrases = (self._cell_phrase(state, r, c) for r, c in self._open_targets(state))
        return [p for p in phrases if p is not None]

    def _claim_value(self, state: VantState, argument: str | None) -> object:
        text = _required(argument)
        card = _card(text.strip(), len(text) - len(text.lstrip()), text)
        return {"suit": self._suit_value[card], "rank": self._rank_value[card]}

    def figures(self, history: Sequence[VantState]) -> Mapping[str, float]:
        """Points given away per level, covered-card penalties, forfeits, draws, leader wins."""
        given = [0, 0]
        penalties = penalty_points = 0
        for before, after in itertools.pairwise(history):
            if after.placed + after.covered == before.placed + before.covered:
                continue  # a claim or a pass
            points = after.pending if self._strict else sum(after.scores) - sum(before.scores)
            level = 0 if after.placed > before.placed else 1
            given[level] += points
            if level:
                i = next(i for i in range(16) if before.upper[i] != after.upper[i])
                card = after.upper[i]
                if card is not None:
                    penalty = self._gift(before, card, i // 4, i % 4)[1]
                    penalties += penalty > 0
                    penalty_points += penalty
        final = history[-1]
        won = self.winners(final)
        return {
            "level-one points": float(given[0]),
            "level-two points": float(given[1]),
            "level-two penalties": float(penalties),
            "penalty points": float(penalty_points),
            "points forfeited": float(sum(given) - sum(final.scores)),
            "draws": float(len(won) == 2),
            "leader wins": float(len(won) == 1 and won[0] == final.leader),
        }

    def heuristic(self, state: VantState, player: Player) -> float:
        """Own score minus the other's, pending points counted for whoever may claim them."""
        scores = list(state.scores)
        if state.pending:
            scores[self._to_move(state)] += state.pending
        return float(scores[player] - scores[1 - player])


# --------------------------------------------------------------------------- helpers


def _added(scores: tuple[int, int], player: Player, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if player == 0 else (scores[0], scores[1] + points)


def _layout_rows(state: VantState) -> list[str]:
    filled = [i for i in range(16) if state.lower[i] is not None]
    height = max(i // 4 for i in filled) + 1
    width = max(i % 4 for i in filled) + 1
    grid: list[list[str]] = []
    for r in range(height):
        row = []
        for c in range(width):
            lo, up = state.lower[r * 4 + c], state.upper[r * 4 + c]
            text = "." if lo is None else card_name(lo)
            if up is not None:
                text = f"{card_name(up)}/{text}"
            row.append(text)
        grid.append(row)
    widths = [max(len(row[c]) for row in grid) for c in range(width)]
    return ["  " + "  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in grid]


def _tokens(text: str, start: int, end: int) -> list[tuple[str, int]]:
    """Words of ``text[start:end]`` (split at spaces and commas) with their offsets."""
    return [(m.group(), start + m.start()) for m in re.finditer(r"[^\s,]+", text[start:end])]


def _card(token: str, at: int, text: str) -> Card:
    card = read_card(token)
    if card is None:
        raise NotationError.at(f"{token!r} is not a card: {_CARD_HELP}", text, at)
    return card


def _required(argument: str | None) -> str:
    if argument is None or not argument.strip():
        raise ValueError("this claim needs an argument")
    return argument


def _no_argument(compute: Callable[[VantState], object]) -> Callable[[VantState, str | None],
                                                                      object]:
    def run(state: VantState, argument: str | None) -> object:
        if argument is not None:
            raise ValueError("this claim takes no argument")
        return compute(state)
    return run


# --------------------------------------------------------------------------- reading positions

_KEYS = ("dealer", "leader", "to move", "scores", "pending", "turn", "layout", "p1", "p2")


class _Reader:
    """Reads one position, remembering where each part was so errors can point at it."""

    def __init__(self, game: IVantToBeAlone, text: str) -> None:
        self.game = game
        self.text = text
        self.fields: dict[str, tuple[list[tuple[str, int]], int]] = {}
        self.rows: list[list[tuple[str, int]]] = []
        self.seen: dict[Card, int] = {}

    def fail(self, message: str, offset: int) -> NotationError:
        return NotationError.at(message, self.text, offset)

    def split(self) -> None:
        in_layout = False
        offset = 0
        for line in self.text.split("\n"):
            start = offset
            offset += len(line) + 1
            body = line.split("#", 1)[0]
            if not body.strip():
                continue
            indent = start + len(body) - len(body.lstrip())
            colon = body.find(":")
            if colon < 0:
                if not in_layout:
                    raise self.fail(f"expected 'key: value', found {body.strip()!r}", indent)
                self.rows.append(_tokens(self.text, start, start + len(body)))
                continue
            raw = body[:colon]
            key = " ".join(raw.replace("_", " ").replace("-", " ").lower().split())
            if key not in _KEYS:
                raise self.fail(f"unknown key {raw.strip()!r}" + did_you_mean(key, _KEYS), indent)
            if key in self.fields:
                raise self.fail(f"{raw.strip()!r} is given twice", indent)
            values = _tokens(self.text, start + colon + 1, start + len(body))
            self.fields[key] = (values, indent)
            in_layout = key == "layout"
            if in_layout and values and values[0][0].lower() not in ("empty", "-"):
                raise self.fail("put the rows of the layout on the lines below 'layout:'",
                                values[0][1])

    def one(self, key: str) -> tuple[str, int] | None:
        if key not in self.fields:
            return None
        values, at = self.fields[key]
        if len(values) != 1:
            raise self.fail(f"'{key}' takes one value", values[1][1] if values else at)
        return values[0]

    def player(self, token: str, at: int) -> Player:
        names = [n.lower() for n in PLAYER_NAMES]
        if token.lower() not in names:
            raise self.fail(f"{token!r} is not a player (P1 or P2)"
                            + did_you_mean(token.upper(), ["P1", "P2"]), at)
        return names.index(token.lower())

    def number(self, token: str, at: int) -> int:
        if not re.fullmatch(r"\d+", token):
            raise self.fail(f"expected a whole number, found {token!r}", at)
        return int(token)

    def card(self, token: str, at: int) -> Card:
        card = _card(token, at, self.text)
        if card in self.seen:
            raise self.fail(f"{card_name(card)} appears twice", at)
        self.seen[card] = at
        return card

    def layout(self) -> tuple[Cells, Cells, dict[int, int]]:
        """The two levels, in the frame, and where each filled cell was written."""
        if not self.rows:
            return EMPTY_CELLS, EMPTY_CELLS, {}
        width = len(self.rows[0])
        grid: list[list[tuple[Card | None, Card | None, int]]] = []
        for written in self.rows:
            if len(written) != width:
                raise self.fail(f"this row has {len(written)} cells but the first has {width}",
                                written[0][1])
            cells: list[tuple[Card | None, Card | None, int]] = []
            for token, at in written:
                if token in (".", "-"):
                    cells.append((None, None, at))
                    continue
                above, slash, below = token.partition("/")
                if slash:
                    cover = self.card(above, at)
                    cells.append((self.card(below, at + len(above) + 1), cover, at))
                else:
                    cells.append((self.card(token, at), None, at))
            grid.append(cells)
        used_rows = [r for r, row in enumerate(grid) if any(c[0] is not None for c in row)]
        used_cols = [c for c in range(width) if any(row[c][0] is not None for row in grid)]
        if not used_rows:
            return EMPTY_CELLS, EMPTY_CELLS, {}
        top, left = used_rows[0], used_cols[0]
        height, wide = used_rows[-1] - top + 1, used_cols[-1] - left + 1
        if height > 4 or wide > 4:
            raise self.fail(f"the layout spans {height} rows and {wide} columns; "
                            "it must fit in 4 x 4", self.fields["layout"][1])
        lower: list[Card | None] = [None] * 16
        upper: list[Card | None] = [None] * 16
        where: dict[int, int] = {}
        for r in range(height):
            for c in range(wide):
                first, second, written_at = grid[top + r][left + c]
                lower[r * 4 + c], upper[r * 4 + c] = first, second
                if first is not None:
                    where[r * 4 + c] = written_at
        return tuple(lower), tuple(upper), where

    def state(self) -> VantState:
        self.split()
        game = self.game
        lower, upper, where = self.layout()
        placed = 16 - lower.count(None)
        covered = 16 - upper.count(None)
        reached = _connected(lower)
        loose = [i for i in where if i not in reached]
        if loose:
            raise self.fail(f"{card_name(lower[loose[0]] or 0)} is not joined to the rest of "
                            "the layout", where[loose[0]])
        if covered and placed < 16:
            first = next(i for i in range(16) if upper[i] is not None)
            raise self.fail("level two starts only when the square holds 16 cards",
                            where[first])

        dealer = 1
        if (token := self.one("dealer")) is not None:
            dealer = self.player(*token)
        scores = (0, 0)
        if "scores" in self.fields:
            scores = self.read_scores()
        pending = 0
        if (token := self.one("pending")) is not None:
            pending = self.number(*token)
            if pending and not game.rules.strict_claims:
                raise self.fail("pending points exist only with strict_claims", token[1])
            if pending and not placed:
                raise self.fail("nothing has been played yet", token[1])
        to_move: Player | None = None
        told = self.one("to move")
        if told is not None and told[0].lower() not in ("-", "none", "nobody"):
            to_move = self.player(*told)
        leader = self.read_leader(placed, covered, pending, scores, dealer, to_move)
        turn = placed + covered
        if (token := self.one("turn")) is not None:
            turn = self.number(*token)
            if not placed + covered <= turn <= 2 * (placed + covered):
                raise self.fail(f"after {placed + covered} cards the turn is between "
                                f"{placed + covered} and {2 * (placed + covered)}", token[1])

        hands: list[frozenset[Card]] = []
        hidden: list[int] = []
        for p, key in enumerate(("p1", "p2")):
            size = hand_size(placed, covered, p, dealer, leader)
            known, unknown = self.read_hand(key)
            if len(known) > size or (unknown is not None and len(known) + unknown != size):
                at = self.fields[key][1]
                raise self.fail(f"{key.upper()} holds {size} cards at this point, not "
                                f"{len(known) + (unknown or 0)}", at)
            hands.append(frozenset(known))
            hidden.append(size - len(known))
        state = VantState(lower, upper, (hands[0], hands[1]), (hidden[0], hidden[1]), scores,
                          dealer, leader, pending, turn)
        if told is not None:
            actual = None if game.is_terminal(state) else game.current_player(state)
            if actual != to_move:
                said = "nobody (the game is over)" if actual is None else \
                    game.player_names(state)[actual]
                raise self.fail(f"the player to move here is {said}", told[1])
        return state

    def read_scores(self) -> tuple[int, int]:
        values, at = self.fields["scores"]
        if len(values) == 2 and all(v.isdigit() for v, _ in values):
            return int(values[0][0]), int(values[1][0])
        if len(values) == 4:
            got: dict[Player, int] = {}
            for (name, name_at), (value, value_at) in (values[0:2], values[2:4]):
                p = self.player(name, name_at)
                if p in got:
                    raise self.fail(f"{name} is scored twice", name_at)
                got[p] = self.number(value, value_at)
            return got[0], got[1]
        raise self.fail("write the scores as 'P1 3, P2 0' (or '3 0')",
                        values[0][1] if values else at)

    def read_leader(self, placed: int, covered: int, pending: int, scores: tuple[int, int],
                    dealer: Player, to_move: Player | None) -> Player | None:
        given = self.one("leader")
        said = None if given is None else self.player(*given)
        if placed < 16 or (covered == 0 and pending):
            if given is not None:
                raise self.fail("the leader is not known yet: level one is not settled",
                                given[1])
            return None
        if covered == 0:
            rule = leader_by_rule(scores, dealer)
            if said is not None and said != rule:
                raise self.fail(f"by the scores and the dealer, {'P1' if rule == 0 else 'P2'} "
                                "leads level two", given[1] if given else 0)
            return rule
        implied = None
        if to_move is not None:
            implied = to_move if covered % 2 == 0 else 1 - to_move
        if said is None:
            if implied is None:
                raise self.fail("level two has begun: say who led it ('leader: P1')",
                                self.fields["layout"][1])
            return implied
        if implied is not None and implied != said:
            raise self.fail(f"with {'P1' if said == 0 else 'P2'} leading, the player to move "
                            "would be the other one", given[1] if given else 0)
        return said

    def read_hand(self, key: str) -> tuple[list[Card], int | None]:
        if key not in self.fields:
            return [], None
        values, _ = self.fields[key]
        known: list[Card] = []
        unknown: int | None = None
        for token, at in values:
            if token == "?":
                unknown = (unknown or 0) + 1
            elif token != "-":
                known.append(self.card(token, at))
        return known, unknown
