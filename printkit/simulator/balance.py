"""Balance warnings: the findings of a simulation a designer should act on, in words.

Each warning is checked on a :class:`~printkit.simulator.analysis.Report` and says what was
seen, with its figure, and what it means for the rules.  The rules (thresholds are
constants below, documented in docs/simulation.md):

* ties: more than :data:`TIE_LIMIT` of the finished games end without a single winner
  (a shared win or nobody winning);
* stalemates: more than :data:`STOP_LIMIT` of all games stalled (no progress over the
  engine's bound);
* unfinished: more than :data:`STOP_LIMIT` of all games stopped by the move or deal cap;
* seat advantage: a seat's 95% Wilson interval of its win share lies wholly above or
  below its fair share (1 / players), or the first player's does;
* very short games: more than :data:`TAIL_LIMIT` of the finished games last less than
  :data:`SHORT` of the median length;
* very long games: more than :data:`TAIL_LIMIT` of the finished games last more than
  :data:`LONG` times the median length.

Everything is computed from the report alone, so the same run gives the same warnings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.simulator.analysis import Report, Share, percent, quantile, span

TIE_LIMIT = 0.20
"""Share of finished games without a single winner above which ties are a finding."""
STOP_LIMIT = 0.05
"""Share of all games stalled, or cut by a cap, above which that is a finding."""
TAIL_LIMIT = 0.05
"""Share of finished games in a length tail above which the tail is a finding."""
SHORT = 0.25
"""A game shorter than this fraction of the median length is very short."""
LONG = 4.0
"""A game longer than this multiple of the median length is very long."""


@dataclass(frozen=True)
class BalanceWarning:
    """One finding: its kind (``ties``, ``stalemates``, ``unfinished``, ``seat``,
    ``first player``, ``short games``, ``long games``), the figure it is about, and a
    sentence saying what was seen and what to look at."""

    kind: str
    value: float
    message: str

    def json(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "message": self.message}


def _games(n: float) -> str:
    return f"{n:.0f} game{'s' * (n != 1)}"


def balance_warnings(report: Report) -> tuple[BalanceWarning, ...]:
    """The warnings of ``report``, in a fixed order (see the module notes)."""
    s = report.summary
    t = s.tally
    found: list[BalanceWarning] = []
    if t.games and t.stalled / t.games > STOP_LIMIT:
        found.append(BalanceWarning(
            "stalemates", t.stalled / t.games,
            f"{percent(t.stalled / t.games)} of the games ({t.stalled} of {t.games}) "
            f"stalled: {s.stall_bound} moves passed without progress, so the players "
            "could no longer force an end; a rule that ends or breaks such a deadlock "
            "would finish them."))
    capped = t.capped_moves + t.capped_deals
    if t.games and capped / t.games > STOP_LIMIT:
        found.append(BalanceWarning(
            "unfinished", capped / t.games,
            f"{percent(capped / t.games)} of the games ({capped} of {t.games}) had not "
            "ended at the simulator's cap; check whether they can end at all, or raise "
            "--max-moves / --max-deals to see how long they run."))
    n = t.finished
    if not n:
        return tuple(found)
    ties = Share(report.shared.count + report.no_winner.count, n)
    if ties.value > TIE_LIMIT:
        found.append(BalanceWarning(
            "ties", ties.value,
            f"{percent(ties.value)} of the finished games (95% CI {span(ties.interval)}) "
            "end without a single winner; a tie-breaker, or scoring that separates "
            "close players, would decide more of them."))
    for name, share in report.seats:
        found += _advantage("seat", f"{name} wins", share, report.fair)
    found += _advantage("first player", "the first player wins", report.first, report.fair)
    lengths = list(report.lengths)
    median = quantile(lengths, 0.5)
    short = sum(k for length, k in lengths if length < SHORT * median)
    if short / n > TAIL_LIMIT:
        found.append(BalanceWarning(
            "short games", short / n,
            f"{percent(short / n)} of the finished games ({_games(short)}) last under "
            f"{SHORT:.0%} of the median {median} turns; look at how they end so early "
            "(an opening that decides the game, or an early elimination)."))
    long = sum(k for length, k in lengths if length > LONG * median)
    if long / n > TAIL_LIMIT:
        found.append(BalanceWarning(
            "long games", long / n,
            f"{percent(long / n)} of the finished games ({_games(long)}) last over "
            f"{LONG:g} times the median {median} turns; a game that drags on that long "
            "may need a rule that speeds its end."))
    return tuple(found)


def _advantage(kind: str, what: str, share: Share, fair: float) -> list[BalanceWarning]:
    """A warning when ``share``'s 95% interval lies wholly on one side of ``fair``."""
    low, high = share.interval
    if not share.n or low <= fair <= high:
        return []
    side = "more" if low > fair else "less"
    return [BalanceWarning(
        kind, share.value - fair,
        f"{what} {percent(share.value)} of the finished games (95% CI {span((low, high))}), "
        f"{side} than the fair {percent(fair)}: a difference beyond chance; compensate "
        "that seat (turn order, a starting bonus) and simulate again.")]


def format_warnings(warnings: tuple[BalanceWarning, ...]) -> list[str]:
    """The text report's "balance warnings" section."""
    lines = ["balance warnings"]
    if not warnings:
        return [*lines, "  none (ties, stalemates, unfinished games, seat advantage and "
                        "game length are within the bounds in docs/simulation.md)"]
    return lines + [f"  - {w.message}" for w in warnings]


__all__ = [
    "LONG",
    "SHORT",
    "STOP_LIMIT",
    "TAIL_LIMIT",
    "TIE_LIMIT",
    "BalanceWarning",
    "balance_warnings",
    "format_warnings",
]
