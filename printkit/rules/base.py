"""The one interface every rules engine implements.

An engine is a :class:`Game` built from immutable parameters (a frozen dataclass).  States
are immutable values; ``legal_moves`` is the single source of legality and ``apply``
rejects anything it does not generate.  Chance (shuffles, deals, exchanges, coin flips)
comes only from the ``random.Random`` passed in, so a seed replays a game exactly.

Each engine also has a text notation for positions and moves (``parse_state`` /
``format_state`` / ``parse_move`` / ``format_move``) that round-trips, and a table of
*claims*: named questions about a position (``followers``, ``legal_placements(6*4)``,
``winner`` ...) whose answers the example checker compares with what a booklet states.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar, final, get_args, get_origin

from printkit.errors import did_you_mean

Player = int
"""Players are numbered 0..P-1 in seating order."""

NO_PLAYER: Player = -1
"""``current_player`` of a terminal state."""


class IllegalMoveError(ValueError):
    """``apply`` was given a move that ``legal_moves`` does not generate."""


class NotationError(ValueError):
    """Text in a game's notation could not be read.

    ``line`` and ``column`` are 1-based and relative to the text that was parsed, so a
    caller that knows where that text sits in a file can point at the exact spot.
    """

    def __init__(self, message: str, text: str, line: int = 1, column: int = 1) -> None:
        self.message = message
        self.text = text
        self.line = line
        self.column = column
        super().__init__(f"{message} (line {line}, column {column} of {text!r})")

    @classmethod
    def at(cls, message: str, text: str, offset: int) -> NotationError:
        """An error at a character offset of ``text``."""
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return cls(message, text, line, column)


class ParamsError(ValueError):
    """Parameters were wrong; ``problems`` pairs each offending key with a message."""

    def __init__(self, problems: Sequence[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{k}: {m}" for k, m in self.problems))


# --------------------------------------------------------------------------- parameters

P = TypeVar("P")


def _coerce(name: str, hint: Any, value: object) -> object:
    """Check (and, for text from ``--set``, convert) one parameter value against its hint."""
    origin = get_origin(hint)
    if origin is Literal:
        choices = get_args(hint)
        if value in choices:
            return value
        shown = ", ".join(repr(c) for c in choices)
        raise ValueError(f"must be one of {shown}, not {value!r}" + did_you_mean(
            str(value), [str(c) for c in choices]))
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arm in get_args(hint):
            if arm is type(None):
                if value is None or value in ("none", "null", "auto"):
                    return None
                continue
            try:
                return _coerce(name, arm, value)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(" or ".join(errors))
    if origin is tuple:
        args = get_args(hint)
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"must be a list, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(name, args[0], v) for v in value)
        if len(args) != len(value):
            raise ValueError(f"must have {len(args)} items, not {len(value)}")
        return tuple(_coerce(name, a, v) for a, v in zip(args, value, strict=True))
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"must be true or false, not {value!r}")
    if hint is int:
        if isinstance(value, bool):
            raise ValueError(f"must be a whole number, not {value!r}")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise ValueError(f"must be a whole number, not {value!r}")
    if hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
        raise ValueError(f"must be a number, not {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise ValueError(f"must be text, not {value!r}")
    raise TypeError(f"parameter {name}: unsupported type {hint!r}")  # a programming error


@functools.cache
def _fields(cls: type) -> tuple[dict[str, Any], list[str]]:
    """The type of each field of a parameters class, and the fields in order (resolving the
    hints is slower than the rest of reading a set of parameters, and they never change)."""
    return typing.get_type_hints(cls), [f.name for f in dataclasses.fields(cls)]


def make_params(cls: type[P], values: Mapping[str, object], *, base: P | None = None) -> P:
    """Build a frozen parameters dataclass from plain data, checking every key.

    Unknown keys (with a "did you mean"), wrong types and values outside a ``Literal``'s
    choices are all collected into one :class:`ParamsError`.  ``base`` supplies the values
    not given (default: the dataclass defaults).  Text values such as ``"2"`` or ``"true"``
    from ``--set`` are converted to the field's type.  After construction the class's
    ``__post_init__`` may raise ``ValueError`` for cross-field checks; its message is
    reported against the key named before the first colon if it has one.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    hints, names = _fields(cls)
    problems: list[tuple[str, str]] = []
    converted: dict[str, object] = {}
    for key, value in values.items():
        if key not in hints or key not in names:
            problems.append((key, f"unknown parameter {key!r}" + did_you_mean(key, names)))
            continue
        try:
            converted[key] = _coerce(key, hints[key], value)
        except ValueError as exc:
            problems.append((key, f"{key} {exc}"))
    if problems:
        raise ParamsError(problems)
    try:
        if base is not None:
            return typing.cast(P, dataclasses.replace(typing.cast(Any, base), **converted))
        return cls(**converted)
    except ValueError as exc:
        text = str(exc)
        key = text.split(":", 1)[0] if ":" in text else ""
        raise ParamsError([(key if key in names else "", text)]) from None


# --------------------------------------------------------------------------- claims

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Claim(Generic[S]):
    """A named question about a position, answered by the engine.

    ``compute(state, argument)`` returns plain data (int, str, bool, None, list, dict of
    those) in the same form an example file writes it.  ``argument`` is the text inside
    the parentheses of a claim key such as ``legal_placements(6*4)``; claims that take no
    argument receive ``None`` and must reject a non-``None`` one with ``ValueError``.
    ``unordered`` lists are compared as multisets.
    """

    compute: Callable[[S, str | None], object]
    description: str
    unordered: bool = False
    takes_argument: bool = False


# --------------------------------------------------------------------------- the game


def score_lead(scores: Sequence[int], player: Player) -> float:
    """``player``'s score less the best other score (the score itself when alone): the
    default heuristic of :meth:`Game.heuristic`, for a game's own heuristic to build on.

    >>> score_lead((5, 9, 2), 1), score_lead((5, 9, 2), 0)
    (4.0, -4.0)
    """
    others = [s for i, s in enumerate(scores) if i != player]
    return float(scores[player] - (max(others) if others else 0))


class Game(ABC, Generic[S, M, P]):
    """A rules engine: immutable parameters plus pure functions over immutable states.

    ``S`` is the state type, ``M`` the move type and ``P`` the frozen parameters dataclass.
    Legality has one source: :meth:`legal_moves`.  :meth:`apply` (final) accepts exactly
    the moves it generates and only then hands them to :meth:`_play`;
    :meth:`illegal_reason` merely puts a refusal into words.
    """

    #: registry name, the same as the deck file's stem: "stars-and-stripes"
    name: ClassVar[str]
    #: the human title: "Stars and Stripes"
    title: ClassVar[str]
    #: the frozen dataclass of this game's parameters (every option with its default)
    Params: ClassVar[type[Any]]

    def __init__(self, params: P | None = None) -> None:
        self.params: P = params if params is not None else self.Params()

    @classmethod
    def scale(cls, params: Any) -> Mapping[str, tuple[int, str]]:
        """How big a game these parameters make, before the engine is built: for each
        measure printkit limits (``"board"``: squares along a side, ``"cards"``), its value
        and the parameter that sets it.  printkit refuses parameters over its limits, naming
        that parameter, so a typo such as ``board_size: 999`` cannot build an engine of
        gigabytes.  The default reports nothing."""
        del params
        return {}

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Self:
        """An engine whose parameters are the defaults overridden by ``options``."""
        return cls(make_params(cls.Params, options))

    # ---- play
    @abstractmethod
    def initial_state(self, rng: random.Random) -> S:
        """Shuffle, deal and set up; the first player to act is ``current_player``."""

    @abstractmethod
    def current_player(self, state: S) -> Player:
        """Whose decision it is, or :data:`NO_PLAYER` when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move, in a deterministic order; empty only when terminal."""

    @final
    def apply(self, state: S, move: M, rng: random.Random) -> S:
        """The state after ``move``.

        Raises :class:`IllegalMoveError` (worded by :meth:`illegal_reason`) unless
        :meth:`legal_moves` generates the move, chance outcome aside (see
        :meth:`without_outcome`).
        """
        if self.without_outcome(state, move) not in self.legal_moves(state):
            raise self.refusal(state, move)
        return self._play(state, move, rng)

    @abstractmethod
    def _play(self, state: S, move: M, rng: random.Random) -> S:
        """The state after ``move``, which :meth:`apply` has found legal (nothing is
        checked here)."""

    def illegal_reason(self, state: S, move: M) -> str | None:
        """Why ``move`` is not legal in ``state``, in words; ``None`` when it is legal.

        This only explains a refusal: whether a move is legal is decided by
        :meth:`legal_moves` alone.  Engines override it to say more than the default.
        """
        if self.without_outcome(state, move) in self.legal_moves(state):
            return None
        return "it is not one of the legal moves"

    def refusal(self, state: S, move: M) -> IllegalMoveError:
        """The error :meth:`apply` raises for an illegal ``move``."""
        try:
            text = self.format_move(state, move)
        except ValueError:
            text = repr(move)
        reason = self.illegal_reason(state, move) or "it is not one of the legal moves"
        return IllegalMoveError(f"illegal move {text!r}: {reason}")

    def without_outcome(self, state: S, move: M) -> M:
        """``move`` as ``legal_moves`` generates it, without any chance outcome it states.

        A game whose notation lets an example fix the result of chance (the coin flips of a
        battle, say) returns the plain move here, so legality is still decided by
        ``legal_moves`` alone; ``_play`` then uses the stated outcome instead of the random
        source.  Games without such moves keep this default.
        """
        del state
        return move

    @abstractmethod
    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score as the game counts it now (final when terminal)."""

    @abstractmethod
    def winners(self, state: S) -> tuple[Player, ...]:
        """The winners of a terminal state (several on a shared win or draw)."""

    @abstractmethod
    def num_players(self, state: S) -> int:
        """How many players are in this game."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """How many turns (decisions) have been taken so far."""

    def player_names(self, state: S) -> tuple[str, ...]:
        """How notation and claims name the players (default ``P1``, ``P2`` ...)."""
        return tuple(f"P{i + 1}" for i in range(self.num_players(state)))

    def hidden_from(self, state: S, player: Player) -> Collection[str]:
        """What ``player`` may not see in ``state``, as tokens of the notation (the cards
        in other hands, face-down cards, the stock...).

        :meth:`view` must show none of them; the conformance kit
        (:func:`printkit.testing.check_engine`) checks that.  Leave out any text the player
        can also see legitimately somewhere else (a second copy of a card in their own
        hand, say).  The default, for games of perfect information, is empty.
        """
        del state, player
        return ()

    def determinize(self, state: S, player: Player, rng: random.Random) -> S:
        """A position ``player`` cannot tell apart from ``state``: everything
        :meth:`hidden_from` them (other hands, the stock's order) redrawn at random from the
        cards they have not seen, each hand and pile keeping its size.  The skilled agent
        searches such positions so that it never plays on cards it could not know.

        The default returns ``state`` itself, right for a game of perfect information; a
        game with hidden cards that keeps it lets the skilled agent see them.
        """
        del player, rng
        return state

    # ---- notation
    @abstractmethod
    def parse_state(self, text: str) -> S:
        """Read a position; raises :class:`NotationError` pointing into ``text``."""

    @abstractmethod
    def format_state(self, state: S) -> str:
        """Write a position so that ``parse_state`` gives it back."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Read a move in the context of ``state`` (the move need not be legal)."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """Write a move so that ``parse_move`` gives it back."""

    @abstractmethod
    def view(self, state: S, player: Player) -> str:
        """The position as ``player`` sees it: other hands and hidden cards masked."""

    # ---- claims and figures
    @abstractmethod
    def claims(self) -> Mapping[str, Claim[S]]:
        """The questions example files may ask about a position of this game."""

    def figures(self, history: Sequence[S]) -> Mapping[str, float]:
        """Game-specific figures for one finished game (``history`` from start to end).

        Values are summed over games by the simulator and shown as rates; e.g.
        ``{"trump captured": 1.0}``.  The default has none.
        """
        return {}

    # ---- optional hooks for the simulator (the defaults mean "this engine has none")
    def deal_number(self, state: S) -> int | None:
        """Which deal (hand) ``state`` is in, 1 for the first, for a game played in deals;
        ``printkit simulate --max-deals`` stops a game about to start one deal too many.
        The default, ``None``, says the game has no deals (only ``--max-moves`` bounds it).
        """
        return None

    def result_cause(self, state: S) -> str | None:
        """How the finished game ``state`` was decided, in a few words ("elimination",
        "both fleets destroyed in one battle"); the simulation report counts games by
        them.  The default, ``None``, lets the report say "nobody won", "equal top
        scores" or "highest score" from the winners."""
        return None

    def progress_key(self, state: S) -> Hashable | None:
        """A summary of how near ``state`` is to an end, for spotting a stalled game: the
        simulator counts a move as progress when it reaches a key this game has not had
        before, and stops a game that goes :meth:`stall_bound` moves without progress,
        counting it as a stalemate.  A move that ends the game must reach a new key (a
        winning position is one the game never had), so a sound key never cuts a game
        that was about to end.  The default, ``None``, says the engine has no such key."""
        return None

    def stall_bound(self) -> int | None:
        """Moves without progress (see :meth:`progress_key`) after which a game is
        declared stalled.  The default, ``None``, never declares one."""
        return None

    def figure_shares(self) -> Mapping[str, tuple[str, str]]:
        """Shares among this engine's :meth:`figures`, each pooled over a whole run:
        label -> (numerator figure, denominator figure), e.g. ``{"contracts made":
        ("contracts made", "hands")}``.  The default has none."""
        return {}

    def heuristic(self, state: S, player: Player) -> float:
        """How good ``state`` looks for ``player``; the greedy agent maximises it."""
        return score_lead(self.scores(state), player)
