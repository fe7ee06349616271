"""The numbers of a balance report, with their intervals, and the words for a share.

:func:`analyse` turns a :class:`~printkit.simulator.summary.Summary` into a :class:`Report`;
:mod:`printkit.simulator.report` writes it as text and JSON and :mod:`printkit.simulator.balance`
reads its findings from it.  Kept apart from both so that the report can print the
findings without the findings importing the report.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from printkit.simulator.stats import mean_interval, wilson
from printkit.simulator.summary import Summary
from printkit.simulator.tally import NO_WINNER, OUTCOMES, SHARED, Tally

QUANTILES = (("min", 0.0), ("10%", 0.1), ("25%", 0.25), ("median", 0.5), ("75%", 0.75),
             ("90%", 0.9), ("max", 1.0))
"""The points of the length distribution a report gives."""


@dataclass(frozen=True)
class Share:
    """``count`` of ``n`` with its 95% interval (a count may be fractional: shared wins)."""

    count: float
    n: int

    @property
    def value(self) -> float:
        return self.count / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.n)

    def json(self) -> dict[str, float]:
        low, high = self.interval
        return {"count": self.count, "n": self.n, "share": self.value, "low": low,
                "high": high}


@dataclass(frozen=True)
class Mean:
    """A mean over ``n`` games with its standard deviation and 95% interval (a Wilson
    interval when every game counted 0 or 1, the normal one otherwise)."""

    mean: float
    sd: float
    n: int
    share_interval: tuple[float, float] | None = None

    @property
    def interval(self) -> tuple[float, float]:
        if self.share_interval is not None:
            return self.share_interval
        return mean_interval(self.mean, self.sd, self.n)

    def json(self) -> dict[str, float]:
        low, high = self.interval
        return {"mean": self.mean, "sd": self.sd, "n": self.n, "low": low, "high": high}


@dataclass(frozen=True)
class Report:
    """Every number of a balance report (see the module notes)."""

    summary: Summary
    finished: Share
    seats: tuple[tuple[str, Share], ...]
    first: Share
    #: the share a seat would win if seats did not matter (1 / players)
    fair: float
    shared: Share
    draws: int
    no_winner: Share
    #: (outcome, cause, games), most frequent first within each outcome
    endings: tuple[tuple[str, str, int], ...]
    length: Mean
    quantiles: tuple[tuple[str, int], ...]
    lengths: tuple[tuple[int, int], ...]
    figures: tuple[tuple[str, Mean], ...]
    shares: tuple[tuple[str, str, Share], ...]

    @property
    def advantage(self) -> tuple[float, float, float]:
        """The first player's win share minus the fair share, with its interval."""
        low, high = self.first.interval
        return (self.first.value - self.fair, low - self.fair, high - self.fair)


def _mean(total: Fraction | int, squares: Fraction | int, n: int) -> Mean:
    if not n:
        return Mean(0.0, 0.0, 0)
    if total == squares and 0 <= total <= n:  # every game 0 or 1: a share
        low, high = wilson(float(total), n)
        return Mean(float(Fraction(total) / n), _sd(total, squares, n), n, (low, high))
    return Mean(float(Fraction(total) / n), _sd(total, squares, n), n)


def _sd(total: Fraction | int, squares: Fraction | int, n: int) -> float:
    """The sample standard deviation from a sum and a sum of squares (exact until the
    square root)."""
    mean = Fraction(total) / n
    variance = Fraction(squares) / n - mean * mean
    return math.sqrt(float(variance) * n / (n - 1)) if n > 1 and variance > 0 else 0.0


def quantile(lengths: list[tuple[int, int]], q: float) -> int:
    """The length at quantile ``q`` of a sorted (length, count) histogram (the lowest
    length whose cumulative share reaches ``q``)."""
    total = sum(n for _, n in lengths)
    if not total:
        return 0
    need = max(1, math.ceil(q * total))
    seen = 0
    for length, n in lengths:
        seen += n
        if seen >= need:
            return length
    return lengths[-1][0]


def analyse(summary: Summary) -> Report:
    """The report of ``summary``."""
    t: Tally = summary.tally
    n = t.finished
    seats = tuple((name, Share(float(t.seat_wins(i)), n)) for i, name in enumerate(t.seats))
    order = {o: i for i, o in enumerate(OUTCOMES)}
    endings = tuple(sorted(((o, c, k) for (o, c), k in t.endings.items()),
                           key=lambda e: (order[e[0]], -e[2], e[1])))
    lengths = sorted(t.lengths.items())
    total = sum(Fraction(length * k) for length, k in lengths)
    squares = sum(Fraction(length * length * k) for length, k in lengths)
    figures = tuple((name, _mean(s, q, n)) for name, (s, q) in t.figures.items())
    shares = []
    for label, top, bottom in summary.shares:
        if top in t.figures and bottom in t.figures:
            count = float(t.figures[top][0])
            trials = int(t.figures[bottom][0])
            shares.append((label, bottom, Share(count, trials)))
    return Report(
        summary=summary,
        finished=Share(n, t.games),
        seats=seats,
        first=Share(float(t.first_player_wins()), n),
        fair=1 / len(t.seats) if t.seats else 0.0,
        shared=Share(t.outcome_count(SHARED), n),
        draws=t.draws(),
        no_winner=Share(t.outcome_count(NO_WINNER), n),
        endings=endings,
        length=_mean(total, squares, n),
        quantiles=tuple((label, quantile(lengths, q)) for label, q in QUANTILES),
        lengths=tuple(lengths),
        figures=figures,
        shares=tuple(shares),
    )


# --------------------------------------------------------------------------- words


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def span(interval: tuple[float, float]) -> str:
    """An interval of shares as ``48.5-54.7%``."""
    return f"{100 * interval[0]:.1f}-{100 * interval[1]:.1f}%"


def number(value: float) -> str:
    """A count that may be fractional (shared wins): whole numbers without decimals."""
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


__all__ = ["QUANTILES", "Mean", "Report", "Share", "analyse", "number", "percent", "quantile",
           "span"]
