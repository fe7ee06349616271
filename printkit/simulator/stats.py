"""The statistics of a balance report: intervals for shares and tests for differences.

Only the standard library: a share is a count of successes over a number of trials (a
shared win counts its fraction, so counts need not be whole), intervals are 95% Wilson
score intervals, and two runs are compared with the two-proportion z-test (pooled, two
sided) or, for means such as game length, Welch's z-test; the p-values of one comparison
are then adjusted together by Holm's step-down method, so "significant" keeps its 5%
meaning over a whole table of rows and not only for one.

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> round(two_proportions(60, 100, 40, 100).p_value, 4)
0.0047
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

ALPHA = 0.05
"""The family-wise error rate a comparison is judged at."""

PROPORTION_TEST = "two-proportion z-test (pooled, two-sided)"
ADVANTAGE_TEST = ("each side's win share less its own fair share (1 / players), compared "
                  "by a two-proportion z-test (unpooled when the fair shares differ)")
MEAN_TEST = "Welch's z-test (unequal variances, normal approximation)"
ADJUSTMENT = "Holm's step-down adjustment over the rows of the comparison"


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share: it stays inside [0, 1] and behaves at 0% and
    100% and for few trials, where the textbook p +- z*sqrt(p(1-p)/n) does not."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The normal-approximation interval of a mean over ``n`` games."""
    if n <= 1:
        return (mean, mean)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


def normal_p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class Test:
    """One difference between two runs: the estimates, the statistic and its p-value
    (``adjusted`` is set by :func:`holm`)."""

    first: float
    second: float
    statistic: float
    p_value: float
    adjusted: float = 1.0

    @property
    def difference(self) -> float:
        return self.second - self.first

    @property
    def significant(self) -> bool:
        """Whether the adjusted p-value is under :data:`ALPHA`."""
        return self.adjusted < ALPHA


def two_proportions(x1: float, n1: float, x2: float, n2: float) -> Test:
    """Compare the share ``x1/n1`` with ``x2/n2`` (pooled standard error under the null
    hypothesis that both are equal)."""
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    if not n1 or not n2:
        return Test(p1, p2, 0.0, 1.0, 1.0)
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return Test(p1, p2, 0.0, 1.0, 1.0)
    z = (p2 - p1) / se
    p = normal_p_value(z)
    return Test(p1, p2, z, p, p)


def two_advantages(x1: float, n1: float, fair1: float, x2: float, n2: float,
                   fair2: float) -> Test:
    """Compare how far the share ``x1/n1`` lies from ``fair1`` with how far ``x2/n2``
    lies from ``fair2`` (a seat's win share against its own fair share, which differs
    between player counts).  With equal fair shares this is :func:`two_proportions`;
    otherwise the difference of the two advantages over its unpooled standard error
    (the null hypothesis no longer makes the shares equal, so nothing is pooled).
    ``first`` and ``second`` are the advantages (share minus fair share)."""
    if fair1 == fair2:
        test = two_proportions(x1, n1, x2, n2)
        return Test(test.first - fair1, test.second - fair2, test.statistic, test.p_value,
                    test.adjusted)
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    if not n1 or not n2:
        return Test(p1 - fair1, p2 - fair2, 0.0, 1.0, 1.0)
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    difference = (p2 - fair2) - (p1 - fair1)
    if se == 0:
        same = difference == 0
        return Test(p1 - fair1, p2 - fair2, 0.0 if same else math.inf,
                    1.0 if same else 0.0, 1.0 if same else 0.0)
    z = difference / se
    p = normal_p_value(z)
    return Test(p1 - fair1, p2 - fair2, z, p, p)


def two_means(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int) -> Test:
    """Compare two means (Welch's statistic; its normal approximation is sound for the
    hundreds of games a balance question needs)."""
    if n1 < 2 or n2 < 2:
        return Test(m1, m2, 0.0, 1.0, 1.0)
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    if se == 0:
        same = m1 == m2
        return Test(m1, m2, 0.0 if same else math.inf, 1.0 if same else 0.0,
                    1.0 if same else 0.0)
    z = (m2 - m1) / se
    p = normal_p_value(z)
    return Test(m1, m2, z, p, p)


def holm(tests: Sequence[Test]) -> list[Test]:
    """The same tests with Holm-adjusted p-values (in the given order)."""
    order = sorted(range(len(tests)), key=lambda i: tests[i].p_value)
    adjusted = [1.0] * len(tests)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(tests) - rank) * tests[i].p_value))
        adjusted[i] = running
    return [Test(t.first, t.second, t.statistic, t.p_value, a)
            for t, a in zip(tests, adjusted, strict=True)]


__all__ = [
    "ADJUSTMENT",
    "ADVANTAGE_TEST",
    "ALPHA",
    "MEAN_TEST",
    "PROPORTION_TEST",
    "Z95",
    "Test",
    "holm",
    "mean_interval",
    "normal_p_value",
    "two_advantages",
    "two_means",
    "two_proportions",
    "wilson",
]
