"""Toy Nim's rules engine: a small Nim variant that tests everything on the engine interface.

Players take 1..``max_take`` pebbles from one pile and score what they take; the player who
empties the last pile earns ``last_bonus`` extra points.  With ``rolls`` on, a player may
instead *roll* at a pile: a random number of pebbles (1..``max_take``, at most the pile) is
taken, which gives the checker and the simulator some chance to replay from a seed.

Notation (whitespace between tokens is free, blank lines are ignored)::

    piles: 3 4 5
    scores: 0 0
    to move: P1        # the seat that would move next, even once the game is over
    turn: 0            # optional, default 0

Moves: ``take 2 from 3`` (piles numbered from 1) and ``roll 3``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printkit.rules.base import (
    NO_PLAYER,
    Claim,
    Game,
    NotationError,
    Player,
)


@dataclass(frozen=True)
class ToyParams:
    """Options of the toy game."""

    players: int = 2
    piles: int = 3
    max_take: int = 3
    rolls: bool = True
    last_bonus: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 4:
            raise ValueError("players: must be 1 to 4")
        if self.piles < 1:
            raise ValueError("piles: must be at least 1")
        if self.max_take < 1:
            raise ValueError("max_take: must be at least 1")


@dataclass(frozen=True)
class ToyState:
    piles: tuple[int, ...]
    scores: tuple[int, ...]
    to_move: Player
    turn: int = 0


@dataclass(frozen=True)
class ToyMove:
    pile: int  # 0-based
    count: int  # 0 means a roll


_TAKE = re.compile(r"\s*take\s+(\d+)\s+from\s+(\d+)\s*$")
_ROLL = re.compile(r"\s*roll\s+(\d+)\s*$")


class ToyNim(Game[ToyState, ToyMove, ToyParams]):
    name = "toy-nim"
    title = "Toy Nim"
    Params = ToyParams

    # ---- play
    def initial_state(self, rng: random.Random) -> ToyState:
        piles = tuple(rng.randint(1, 6) for _ in range(self.params.piles))
        return ToyState(piles, (0,) * self.params.players, rng.randrange(self.params.players))

    def current_player(self, state: ToyState) -> Player:
        return NO_PLAYER if self.is_terminal(state) else state.to_move

    def legal_moves(self, state: ToyState) -> Sequence[ToyMove]:
        moves: list[ToyMove] = []
        for i, size in enumerate(state.piles):
            moves.extend(ToyMove(i, n) for n in range(1, min(size, self.params.max_take) + 1))
            if size and self.params.rolls:
                moves.append(ToyMove(i, 0))
        return moves

    def illegal_reason(self, state: ToyState, move: ToyMove) -> str | None:
        if move in self.legal_moves(state):
            return None
        return (f"pile {move.pile + 1} has "
                f"{state.piles[move.pile] if 0 <= move.pile < len(state.piles) else 'no'} "
                f"pebbles and at most {self.params.max_take} may be taken")

    def _play(self, state: ToyState, move: ToyMove, rng: random.Random) -> ToyState:
        size = state.piles[move.pile]
        count = move.count or min(size, rng.randint(1, self.params.max_take))
        piles = list(state.piles)
        piles[move.pile] -= count
        scores = list(state.scores)
        scores[state.to_move] += count
        if not any(piles):
            scores[state.to_move] += self.params.last_bonus
        nxt = (state.to_move + 1) % len(scores)
        return ToyState(tuple(piles), tuple(scores), nxt, state.turn + 1)

    def is_terminal(self, state: ToyState) -> bool:
        return not any(state.piles)

    def scores(self, state: ToyState) -> tuple[int, ...]:
        return state.scores

    def winners(self, state: ToyState) -> tuple[Player, ...]:
        return _leaders(state) if self.is_terminal(state) else ()

    def num_players(self, state: ToyState) -> int:
        return len(state.scores)

    def turn_number(self, state: ToyState) -> int:
        return state.turn

    # ---- notation
    def parse_state(self, text: str) -> ToyState:
        fields: dict[str, tuple[str, int]] = {}
        numbers: dict[str, tuple[int, ...]] = {}
        offset = 0
        for line in text.splitlines(keepends=True):
            body = line.strip()
            if body:
                start = offset + line.index(body)
                label, colon, value = body.partition(":")
                label = label.strip()
                if not colon or label not in ("piles", "scores", "to move", "turn"):
                    raise NotationError.at(f"unexpected line {body!r}", text, start)
                fields[label] = (value, start + body.index(":") + 1)
                if label != "to move":
                    numbers[label] = self._numbers(text, *fields[label])
            offset += len(line)
        for needed in ("piles", "scores", "to move"):
            if needed not in fields:
                raise NotationError.at(f"missing '{needed}:' line", text, len(text))
        names = [f"P{i + 1}" for i in range(len(numbers["scores"]))]
        value, at = fields["to move"]
        who = value.strip()
        if who not in names:
            raise NotationError.at(f"unknown player {who!r}", text, at + value.index(who[:1]))
        turn = numbers["turn"][0] if numbers.get("turn") else 0
        return ToyState(numbers["piles"], numbers["scores"], names.index(who), turn)

    @staticmethod
    def _numbers(text: str, value: str, at: int) -> tuple[int, ...]:
        out = []
        for match in re.finditer(r"\S+", value):
            if not match.group().isdigit():
                raise NotationError.at(f"not a number: {match.group()!r}", text, at + match.start())
            out.append(int(match.group()))
        return tuple(out)

    def format_state(self, state: ToyState) -> str:
        return (
            f"piles: {' '.join(map(str, state.piles))}\n"
            f"scores: {' '.join(map(str, state.scores))}\n"
            f"to move: P{state.to_move + 1}\n"
            f"turn: {state.turn}\n"
        )

    def parse_move(self, state: ToyState, text: str) -> ToyMove:
        take = _TAKE.match(text)
        if take:
            return ToyMove(int(take.group(2)) - 1, int(take.group(1)))
        roll = _ROLL.match(text)
        if roll:
            return ToyMove(int(roll.group(1)) - 1, 0)
        first = re.search(r"\S", text)
        raise NotationError.at(f"cannot read the move {text.strip()!r}", text,
                               first.start() if first else 0)

    def format_move(self, state: ToyState, move: ToyMove) -> str:
        if move.count:
            return f"take {move.count} from {move.pile + 1}"
        return f"roll {move.pile + 1}"

    def view(self, state: ToyState, player: Player) -> str:
        return self.format_state(state)

    # ---- claims and figures
    def claims(self) -> Mapping[str, Claim[ToyState]]:
        return {
            "total": Claim(self._total, "pebbles left on the table"),
            "pile": Claim(self._pile, "pebbles in pile N", takes_argument=True),
            "moves_from": Claim(self._moves_from, "legal moves at pile N",
                                unordered=True, takes_argument=True),
            "leader": Claim(self._leader, "the players with the top score", unordered=True),
            "pebbles": Claim(self._pebbles, "each player's points by name"),
        }

    def _total(self, state: ToyState, argument: str | None) -> object:
        return sum(state.piles)

    def _pile_index(self, state: ToyState, argument: str | None) -> int:
        text = argument or ""
        body = text.strip()
        if not body.isdigit() or not 1 <= int(body) <= len(state.piles):
            raise NotationError.at(f"no pile {body!r}", text, text.find(body[:1]) if body else 0)
        return int(body) - 1

    def _pile(self, state: ToyState, argument: str | None) -> object:
        return state.piles[self._pile_index(state, argument)]

    def _moves_from(self, state: ToyState, argument: str | None) -> object:
        pile = self._pile_index(state, argument)
        return [self.format_move(state, m) for m in self.legal_moves(state) if m.pile == pile]

    def _leader(self, state: ToyState, argument: str | None) -> object:
        names = self.player_names(state)
        return [names[i] for i in _leaders(state)]

    def _pebbles(self, state: ToyState, argument: str | None) -> object:
        return dict(zip(self.player_names(state), state.scores, strict=True))

    def figures(self, history: Sequence[ToyState]) -> Mapping[str, float]:
        last = history[-1]
        last_taker = (last.to_move - 1) % len(last.scores)
        return {
            "points scored": float(sum(last.scores)),
            "last taker wins": float(last_taker in self.winners(last)),
        }


def _leaders(state: ToyState) -> tuple[Player, ...]:
    """The seats with the top score."""
    best = max(state.scores)
    return tuple(i for i, s in enumerate(state.scores) if s == best)
