"""Two runs side by side, and which of their differences are more than chance.

Both runs play the same seeds (game *i* of each is dealt from the same generators), but
once their rules or agents differ their games go their own ways, so the two samples are
treated as independent.  A seat's wins and the first player's are measured against the
fair share of their own run (1 / players), so runs with different player counts compare
advantages, not raw shares (50% of two players against 33% of three); seats are aligned by
position, and a seat only one run has gets a row with no test.  Other shares (finished
games, shared wins, the engine's pooled shares) are compared with the two-proportion
z-test, means (game length, the game's figures per game) with Welch's z-test, and the
p-values of the whole table are Holm-adjusted: a row marked significant differs at the
5% level even though many rows were tested at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printkit.simulator.report import (
    Mean,
    Report,
    Share,
    analyse,
    headline,
    percent,
    report_json,
    table,
)
from printkit.simulator.stats import (
    ADJUSTMENT,
    ADVANTAGE_TEST,
    ALPHA,
    MEAN_TEST,
    PROPORTION_TEST,
    Test,
    holm,
    two_advantages,
    two_means,
    two_proportions,
)

if TYPE_CHECKING:
    from printkit.simulator.simulate import Summary

Row = tuple[str, str, Test | None]
"""(measure, kind "share", "advantage" or "mean", its test: None for a seat only one run
has, whose value is then in :func:`lone_seats`)."""


def _share(a: Share, b: Share) -> Test:
    return two_proportions(a.count, a.n, b.count, b.n)


def _mean(a: Mean, b: Mean) -> Test:
    return two_means(a.mean, a.sd, a.n, b.mean, b.sd, b.n)


def rows(a: Report, b: Report) -> list[Row]:
    """Every measure both reports have, tested and Holm-adjusted together."""
    found: list[tuple[str, str, Test]] = [("finished games", "share",
                                           _share(a.finished, b.finished))]
    ta, tb = a.summary.tally, b.summary.tally
    if ta.stalled or tb.stalled:
        found.append(("stalemates", "share", two_proportions(ta.stalled, ta.games,
                                                             tb.stalled, tb.games)))
    for (name, sh), (_, theirs) in zip(a.seats, b.seats, strict=False):
        found.append((f"{name} wins", "advantage", two_advantages(
            sh.count, sh.n, a.fair, theirs.count, theirs.n, b.fair)))
    found.append(("first player wins", "advantage", two_advantages(
        a.first.count, a.first.n, a.fair, b.first.count, b.first.n, b.fair)))
    found.append(("shared wins", "share", _share(a.shared, b.shared)))
    if a.no_winner.count or b.no_winner.count:
        found.append(("no winner", "share", _share(a.no_winner, b.no_winner)))
    shares_b = {label: sh for label, _, sh in b.shares}
    found += [(label, "share", _share(sh, shares_b[label]))
              for label, _, sh in a.shares if label in shares_b]
    found.append(("game length (turns)", "mean", _mean(a.length, b.length)))
    figures_b = dict(b.figures)
    for name, m in a.figures:
        other = figures_b.get(name)
        if other is None:
            continue
        if m.share_interval is not None and other.share_interval is not None:
            # a figure that is 0 or 1 in every game is a share of the games
            test = two_proportions(m.mean * m.n, m.n, other.mean * other.n, other.n)
            found.append((f"{name} (share of games)", "share", test))
        else:
            found.append((f"{name} per game", "mean", _mean(m, other)))
    adjusted = holm([test for _, _, test in found])
    out: list[Row] = [(name, kind, test)
                      for (name, kind, _), test in zip(found, adjusted, strict=True)]
    # the seats only one run has go right after the seats both have
    both = 1 + bool(ta.stalled or tb.stalled) + min(len(a.seats), len(b.seats))
    extra = a.seats[len(b.seats):] + b.seats[len(a.seats):]
    out[both:both] = [(f"{name} wins", "advantage", None) for name, _ in extra]
    return out


def lone_seats(a: Report, b: Report) -> dict[str, tuple[float | None, float | None]]:
    """Each seat only one run has: its advantage over its fair share in A and in B (None
    for the run without it)."""
    out: dict[str, tuple[float | None, float | None]] = {}
    for name, sh in a.seats[len(b.seats):]:
        out[f"{name} wins"] = (sh.value - a.fair, None)
    for name, sh in b.seats[len(a.seats):]:
        out[f"{name} wins"] = (None, sh.value - b.fair)
    return out


def value_text(kind: str, value: float | None) -> str:
    """A row's value as a table shows it (an advantage in points over the fair share)."""
    if value is None:
        return "-"
    if kind == "advantage":
        return f"{100 * value:+.1f} pts"
    return percent(value) if kind == "share" else f"{value:.2f}"


def _difference(kind: str, value: float) -> str:
    return f"{100 * value:+.1f} pts" if kind != "mean" else f"{value:+.2f}"


def p_text(value: float) -> str:
    """A p-value as a table shows it."""
    return "<0.0001" if value < 0.0001 else f"{value:.4f}"


def format_comparison(a: Summary, b: Summary, labels: tuple[str, str]) -> str:
    """The two runs and their differences as plain text."""
    ra, rb = analyse(a), analyse(b)
    lines = [f"A: {labels[0]}", *("   " + line for line in headline(a)),
             f"B: {labels[1]}", *("   " + line for line in headline(b)), ""]
    lines.append(f"wins: {ADVANTAGE_TEST}; shares: {PROPORTION_TEST}; means: {MEAN_TEST}; "
                 f"p-values: {ADJUSTMENT}; * marks a difference significant at {ALPHA:.0%}")
    if ra.fair != rb.fair:
        lines.append(f"fair share: A {percent(ra.fair)}, B {percent(rb.fair)} (win rows are "
                     "points above or below each run's own fair share)")
    table_rows = [["measure", "A", "B", "B - A", "p", "adjusted p", ""]]
    lone = lone_seats(ra, rb)
    found = rows(ra, rb)
    for name, kind, test in found:
        if test is None:
            va, vb = lone[name]
            table_rows.append([name, value_text(kind, va), value_text(kind, vb), "-", "-",
                               "-", ""])
            continue
        table_rows.append([name, value_text(kind, test.first), value_text(kind, test.second),
                           _difference(kind, test.difference), p_text(test.p_value),
                           p_text(test.adjusted), "*" if test.significant else ""])
    lines += table(table_rows, [False, True, True, True, True, True, False])
    significant = [name for name, _, test in found if test is not None and test.significant]
    lines.append("")
    lines.append("significant: " + (", ".join(significant) if significant else "none"))
    return "\n".join(lines) + "\n"


def compare_json(a: Summary, b: Summary, labels: tuple[str, str]) -> dict[str, Any]:
    """The comparison as plain JSON data, both reports included."""
    ra, rb = analyse(a), analyse(b)
    lone = lone_seats(ra, rb)
    return {
        "a": {"label": labels[0], **report_json(a)},
        "b": {"label": labels[1], **report_json(b)},
        "methods": {"advantage": ADVANTAGE_TEST, "share": PROPORTION_TEST,
                    "mean": MEAN_TEST, "adjustment": ADJUSTMENT, "alpha": ALPHA},
        "differences": [_difference_json(name, kind, test, lone)
                        for name, kind, test in rows(ra, rb)],
    }


def _difference_json(name: str, kind: str, test: Test | None,
                     lone: dict[str, tuple[float | None, float | None]]) -> dict[str, Any]:
    if test is None:
        va, vb = lone[name]
        return {"measure": name, "kind": kind, "a": va, "b": vb, "difference": None,
                "statistic": None, "p": None, "adjusted_p": None, "significant": False}
    return {"measure": name, "kind": kind, "a": test.first, "b": test.second,
            "difference": test.difference,
            "statistic": test.statistic if math.isfinite(test.statistic) else None,
            "p": test.p_value, "adjusted_p": test.adjusted, "significant": test.significant}


__all__ = ["compare_json", "format_comparison", "lone_seats", "p_text", "rows", "value_text"]
