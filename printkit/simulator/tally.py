"""What a run of simulated games adds up to, kept exactly so runs can be split and merged.

A :class:`Tally` holds counts and sums only, never a list of games, so a run of ten million
games stays small.  Every number in it is exact: counts are ints, a win shared by ``k``
players is counted in a table by ``k`` (not as a float 1/k), and the game's figures are
summed as ints, or as fractions when a figure is not whole.  Adding tallies is therefore
associative and commutative: any split of the games into chunks, processes, shards or
cluster tasks, merged in any order, gives the very same tally as one process playing
them all.  :meth:`Tally.to_json` and :meth:`Tally.from_json` carry it between machines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

Exact = int | Fraction
"""A sum kept without rounding."""

WIN = "win"
SHARED = "shared"
NO_WINNER = "no winner"
OUTCOMES = (WIN, SHARED, NO_WINNER)
"""How a finished game ended: one winner, several, or none."""


def exact(value: float) -> Exact:
    """``value`` as an exact number (whole numbers stay ints, the fast case)."""
    if isinstance(value, int):
        return value
    if value.is_integer():
        return int(value)
    return Fraction(value)


def _dump(value: Exact) -> int | str:
    return value if isinstance(value, int) else f"{value.numerator}/{value.denominator}"


def _load(value: object) -> Exact:
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        result = Fraction(value)
        return result.numerator if result.denominator == 1 else result
    raise ValueError(f"not a number: {value!r}")


@dataclass
class Tally:
    """Counts and sums over a set of games (see the module notes)."""

    seats: list[str] = field(default_factory=list)
    games: int = 0
    #: games stopped by the move cap, and by the deal cap
    capped_moves: int = 0
    capped_deals: int = 0
    #: games stopped as stalemates (no progress over the engine's bound)
    stalled: int = 0
    #: finished games by length in turns
    lengths: Counter[int] = field(default_factory=Counter)
    #: (seat, k): games a seat won together with k - 1 others (k = 1: alone)
    wins: Counter[tuple[int, int]] = field(default_factory=Counter)
    #: finished games in which each seat made the first decision
    first_games: Counter[int] = field(default_factory=Counter)
    #: k: games the first player won together with k - 1 others
    first_wins: Counter[int] = field(default_factory=Counter)
    #: (outcome, cause): how finished games ended (see :data:`OUTCOMES`)
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: each figure's sum and sum of squares over the finished games
    figures: dict[str, list[Exact]] = field(default_factory=dict)

    # ---- adding games

    def add_seats(self, names: Sequence[str]) -> None:
        """Make room for the seats ``names`` (a game may have more players than earlier
        ones; seats keep their first names)."""
        if len(names) > len(self.seats):
            self.seats.extend(names[len(self.seats):])

    def add_capped(self, by_deals: bool) -> None:
        """Count a game stopped before its end."""
        self.games += 1
        if by_deals:
            self.capped_deals += 1
        else:
            self.capped_moves += 1

    def add_stalled(self) -> None:
        """Count a game stopped as a stalemate."""
        self.games += 1
        self.stalled += 1

    def add_finished(self, turns: int, winners: Sequence[int], first: int, cause: str,
                     figures: Mapping[str, float]) -> None:
        """Count a finished game."""
        self.games += 1
        self.lengths[turns] += 1
        k = len(winners)
        for seat in winners:
            self.wins[seat, k] += 1
        self.first_games[first] += 1
        if first in winners:
            self.first_wins[k] += 1
        outcome = WIN if k == 1 else SHARED if k else NO_WINNER
        self.endings[outcome, cause] += 1
        sums = self.figures
        for name, value in figures.items():
            v = exact(value)
            total = sums.get(name)
            if total is None:
                sums[name] = [v, v * v]
            else:
                total[0] += v
                total[1] += v * v

    def merge(self, other: Tally) -> Tally:
        """Add ``other`` into this tally (in place) and return it."""
        self.add_seats(other.seats)
        self.games += other.games
        self.capped_moves += other.capped_moves
        self.capped_deals += other.capped_deals
        self.stalled += other.stalled
        self.lengths.update(other.lengths)
        self.wins.update(other.wins)
        self.first_games.update(other.first_games)
        self.first_wins.update(other.first_wins)
        self.endings.update(other.endings)
        for name, (total, squares) in other.figures.items():
            mine = self.figures.get(name)
            if mine is None:
                self.figures[name] = [total, squares]
            else:
                mine[0] += total
                mine[1] += squares
        return self

    # ---- reading it

    @property
    def finished(self) -> int:
        """Games that reached their end."""
        return self.games - self.capped_moves - self.capped_deals - self.stalled

    def seat_wins(self, seat: int) -> Fraction:
        """Wins of ``seat``, a win shared by k players counting 1/k."""
        return sum((Fraction(n, k) for (s, k), n in self.wins.items() if s == seat),
                   Fraction(0))

    def first_player_wins(self) -> Fraction:
        """Wins of whoever made the first decision, shared wins split."""
        return sum((Fraction(n, k) for k, n in self.first_wins.items()), Fraction(0))

    def outcome_count(self, outcome: str) -> int:
        """Finished games that ended with ``outcome``."""
        return sum(n for (o, _), n in self.endings.items() if o == outcome)

    def draws(self) -> int:
        """Shared wins in which every player shared."""
        everyone = len(self.seats)
        return sum(n for (_, k), n in self.wins.items() if k == everyone and everyone > 1
                   ) // max(1, everyone)

    # ---- between machines

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (sorted, so the same tally always writes the same text)."""
        return {
            "seats": list(self.seats),
            "games": self.games,
            "capped_moves": self.capped_moves,
            "capped_deals": self.capped_deals,
            "stalled": self.stalled,
            "lengths": [[k, v] for k, v in sorted(self.lengths.items())],
            "wins": [[s, k, v] for (s, k), v in sorted(self.wins.items())],
            "first_games": [[s, v] for s, v in sorted(self.first_games.items())],
            "first_wins": [[k, v] for k, v in sorted(self.first_wins.items())],
            "endings": [[o, c, v] for (o, c), v in sorted(self.endings.items())],
            "figures": {name: [_dump(t), _dump(q)] for name, (t, q) in self.figures.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """The tally :meth:`to_json` wrote; ``ValueError`` or ``KeyError`` when malformed."""
        def count(value: object) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"not a count: {value!r}")
            return value

        seats = data["seats"]
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError("seats must be a list of names")
        tally = cls(
            seats=list(seats),
            games=count(data["games"]),
            capped_moves=count(data["capped_moves"]),
            capped_deals=count(data["capped_deals"]),
            stalled=count(data.get("stalled", 0)),
        )
        tally.lengths.update({count(k): count(v) for k, v in data["lengths"]})
        tally.wins.update({(count(s), count(k)): count(v) for s, k, v in data["wins"]})
        tally.first_games.update({count(s): count(v) for s, v in data["first_games"]})
        tally.first_wins.update({count(k): count(v) for k, v in data["first_wins"]})
        for outcome, cause, n in data["endings"]:
            if outcome not in OUTCOMES or not isinstance(cause, str):
                raise ValueError(f"not an ending: {outcome!r}, {cause!r}")
            tally.endings[outcome, cause] += count(n)
        figures = data["figures"]
        if not isinstance(figures, dict):
            raise ValueError("figures must be a mapping")
        for name, (total, squares) in figures.items():
            tally.figures[str(name)] = [_load(total), _load(squares)]
        if sum(tally.lengths.values()) != tally.finished:
            raise ValueError("the game lengths do not add up to the finished games")
        return tally


__all__ = ["NO_WINNER", "OUTCOMES", "SHARED", "WIN", "Exact", "Tally", "exact"]
