"""Tuning a game's parameters towards goals: which settings bring ties, seat advantage or
game length where a designer wants them.

A search is a grid of settings (each ``--vary NAME=LOW..HIGH`` a range of whole numbers,
``LOW..HIGH/STEP`` with a step, or ``a,b,c`` a list of values) judged against goals
(``ties<10%``, ``advantage<=5%``, ``length>=30``...).  Every setting plays the same seeds,
so settings are compared on the same deals.  A small grid is played in full; a larger one by
successive halving: every setting plays a first slice of games, the better half plays on with
twice the games, and so on until the games asked for, so that most of the work goes to the
settings worth it.  A setting's *miss* is how far its figures fall short of the goals (0 when
all are met), each in the goal's own units relative to its target; the best setting misses
least and, among those that meet every goal, holds the widest margin on its tightest goal.

Nothing here runs games: :class:`Tuner` asks a ``play`` function for more games of a
setting, so the command can play them on every core or on a Dask cluster.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from printkit.simulator.analysis import Report, Share, analyse
from printkit.simulator.summary import Summary

METRICS: dict[str, str] = {
    "ties": "share of finished games without a single winner",
    "advantage": "the first player's win share less the fair share (1 / players), either way",
    "seat": "the largest gap between a seat's win share and the fair share",
    "first": "the first player's win share",
    "length": "mean length of a finished game, in turns",
    "stalemates": "share of games stopped as stalemates",
    "unfinished": "share of games not finished (stalemates and games at the move cap)",
}
"""What a goal may be about, and what each measures."""

_SHARES = frozenset(METRICS) - {"length"}
_GOAL = re.compile(r"^\s*([a-z]+)\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)\s*(%?)\s*$")
_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)(?:/(\d+))?$")
SMALL_GRID = 8
"""A grid of at most this many settings is played in full, without halving."""
FIRST_SLICE = 20
"""The fewest games a setting plays in the first round of successive halving."""


class TuneError(ValueError):
    """A ``--vary`` or ``--goal`` that cannot be read, in words for the command line."""


@dataclass(frozen=True)
class Goal:
    """``metric op target``: e.g. ties < 0.1 (shares are fractions, lengths turns)."""

    metric: str
    op: str
    target: float
    text: str

    def miss(self, value: float) -> float:
        """How far ``value`` falls short, relative to the target's scale (0 when met)."""
        scale = 1.0 if self.metric in _SHARES else max(1.0, abs(self.target))
        gap = value - self.target if self.op in ("<", "<=") else self.target - value
        strict = self.op in ("<", ">")
        if gap < 0 or (gap == 0 and not strict):
            return 0.0
        return (gap if gap > 0 else 1e-9) / scale

    def margin(self, value: float) -> float:
        """How far ``value`` is inside the goal, relative like :meth:`miss` (negative when
        it is missed)."""
        scale = 1.0 if self.metric in _SHARES else max(1.0, abs(self.target))
        room = self.target - value if self.op in ("<", "<=") else value - self.target
        return room / scale


def parse_goal(text: str) -> Goal:
    """A goal as written on the command line (``ties<10%``, ``length >= 30``)."""
    match = _GOAL.match(text)
    if match is None:
        raise TuneError(f"--goal {text!r}: write METRIC<VALUE (or <=, >, >=), e.g. ties<10% "
                        f"or length>=30; the metrics are: {', '.join(METRICS)}")
    metric, op, number, percent = match.groups()
    if metric not in METRICS:
        raise TuneError(f"--goal {text!r}: no metric {metric!r}; the metrics are: "
                        f"{', '.join(METRICS)}")
    value = float(number)
    if metric in _SHARES:
        value = value / 100 if percent else value
        if not 0 <= value <= 1:
            raise TuneError(f"--goal {text!r}: a share lies between 0% and 100%")
    elif percent:
        raise TuneError(f"--goal {text!r}: {metric} is counted in turns, not a percentage")
    return Goal(metric, op, value, text.strip())


@dataclass(frozen=True)
class Vary:
    """One parameter's values to try."""

    name: str
    values: tuple[str, ...]


def parse_vary(text: str, most: int) -> Vary:
    """``NAME=LOW..HIGH``, ``NAME=LOW..HIGH/STEP`` or ``NAME=a,b,c``; at most ``most``
    values (the ``integer`` limit's business is numbers, this is the grid's size)."""
    name, equals, values = text.partition("=")
    name = name.strip()
    if not equals or not name or not values.strip():
        raise TuneError(f"--vary {text!r}: write NAME=LOW..HIGH, NAME=LOW..HIGH/STEP or "
                        "NAME=a,b,c")
    match = _RANGE.match(values.strip())
    if match is not None:
        low, high, step = int(match[1]), int(match[2]), int(match[3] or 1)
        if step < 1 or high < low:
            raise TuneError(f"--vary {text!r}: the range must run upwards with a step of "
                            "at least 1")
        count = (high - low) // step + 1
        if count > most:
            raise TuneError(f"--vary {text!r}: {count} values, more than the {most} a "
                            "search takes; use a step (LOW..HIGH/STEP)")
        return Vary(name, tuple(str(v) for v in range(low, high + 1, step)))
    listed = tuple(v.strip() for v in values.split(","))
    if any(not v for v in listed):
        raise TuneError(f"--vary {text!r}: an empty value in the list")
    return Vary(name, tuple(dict.fromkeys(listed)))


def grid(varies: Sequence[Vary]) -> list[dict[str, str]]:
    """Every combination of the values, in order (the first ``--vary`` slowest)."""
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise TuneError("--vary: a parameter is varied twice")
    return [dict(zip(names, combo, strict=True))
            for combo in itertools.product(*(v.values for v in varies))]


Estimate = tuple[float, tuple[float, float]]
"""A figure and its 95% interval."""


@dataclass(frozen=True)
class Figures:
    """What goals are judged on, for one setting: each metric's figure and interval."""

    estimates: Mapping[str, Estimate]

    def value(self, metric: str) -> float:
        return self.estimates[metric][0]

    def interval(self, metric: str) -> tuple[float, float]:
        return self.estimates[metric][1]


def _share(share: Share) -> Estimate:
    return share.value, share.interval


def _gap(share: Share, fair: float) -> Estimate:
    """How far a share lies from the fair share, either way, with that distance's interval
    (0 at its low end when the share's interval holds the fair share)."""
    low, high = share.interval
    ends = (abs(low - fair), abs(high - fair))
    return abs(share.value - fair), (0.0 if low <= fair <= high else min(ends), max(ends))


def figures(summary: Summary) -> Figures:
    """The goal metrics of a run."""
    report: Report = analyse(summary)
    t = summary.tally
    n = t.finished
    fair = report.fair
    seats = [_gap(share, fair) for _, share in report.seats] or [(0.0, (0.0, 0.0))]
    return Figures({
        "ties": _share(Share(report.shared.count + report.no_winner.count, n)),
        "first": _share(report.first),
        "advantage": _gap(report.first, fair),
        "seat": max(seats, key=lambda e: e[0]),
        "stalemates": _share(Share(t.stalled, t.games)),
        "unfinished": _share(Share(t.games - n, t.games)),
        "length": (report.length.mean, report.length.interval),
    })


@dataclass
class Candidate:
    """One setting and what it has played so far."""

    setting: dict[str, str]
    summary: Summary | None = None
    rounds: int = 0
    figures: Figures | None = None
    miss: float = math.inf
    margin: float = -math.inf

    def judge(self, goals: Sequence[Goal]) -> None:
        assert self.summary is not None
        self.figures = found = figures(self.summary)
        self.miss = sum(g.miss(found.value(g.metric)) for g in goals)
        self.margin = min((g.margin(found.value(g.metric)) for g in goals), default=0.0)

    @property
    def games(self) -> int:
        return self.summary.tally.games if self.summary is not None else 0

    def rank(self) -> tuple[float, float]:
        """Lower is better: the miss, then the margin on the tightest goal."""
        return (self.miss, -self.margin)


Play = Callable[[dict[str, str], int, int, Summary | None], Summary]
"""``play(setting, start, stop, so_far)``: games ``start`` to ``stop - 1`` of a setting,
merged into ``so_far`` (None for the first slice)."""


def rounds_for(settings: int, games: int) -> list[int]:
    """The games every surviving setting has played after each round: the last round
    reaches ``games``; each earlier one has half as many (at least :data:`FIRST_SLICE`),
    as many rounds as halving the settings to two needs."""
    if settings <= SMALL_GRID:
        return [games]
    halvings = max(1, math.ceil(math.log2(settings / 2)))
    plan = [max(min(FIRST_SLICE, games), games >> (halvings - r)) for r in range(halvings)]
    plan.append(games)
    return sorted(set(plan))


def planned_games(settings: int, games: int) -> int:
    """Every game the plan plays, for progress and for judging the time it needs."""
    total, alive, done = 0, settings, 0
    for target in rounds_for(settings, games):
        total += alive * (target - done)
        done = target
        alive = max(2, math.ceil(alive / 2)) if settings > SMALL_GRID else alive
    return total


@dataclass
class Tuner:
    """A search over ``settings`` towards ``goals`` (see the module notes)."""

    settings: list[dict[str, str]]
    goals: Sequence[Goal]
    games: int
    candidates: list[Candidate] = field(init=False)

    def __post_init__(self) -> None:
        self.candidates = [Candidate(s) for s in self.settings]

    def run(self, play: Play) -> list[Candidate]:
        """Play the plan; the candidates best first (those cut early after the others)."""
        alive = list(self.candidates)
        done = 0
        for target in rounds_for(len(self.settings), self.games):
            for candidate in alive:
                candidate.summary = play(candidate.setting, done, target, candidate.summary)
                candidate.rounds += 1
                candidate.judge(self.goals)
            done = target
            alive.sort(key=Candidate.rank)
            if len(self.settings) > SMALL_GRID and target < self.games:
                alive = alive[:max(2, math.ceil(len(alive) / 2))]
        return sorted(self.candidates, key=lambda c: (-c.games, *c.rank()))


__all__ = ["FIRST_SLICE", "METRICS", "SMALL_GRID", "Candidate", "Estimate", "Figures", "Goal",
           "Play", "TuneError", "Tuner", "Vary", "figures", "grid", "parse_goal", "parse_vary",
           "planned_games", "rounds_for"]
