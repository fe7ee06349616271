"""Two runs side by side, and which of their differences are more than chance.

Both runs play the same seeds (game *i* of each is dealt from the same generators), but
once their rules or agents differ their games go their own ways, so the two samples are
treated as independent.  Shares (finished games, each seat's wins, the first player's
wins, shared wins, the engine's pooled shares) are compared with the two-proportion
z-test, means (game length, the game's figures per game) with Welch's z-test, and the
p-values of the whole table are Holm-adjusted: a row marked significant differs at the
5% level even though many rows were tested at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printkit.rules.report import (
    Mean,
    Report,
    Share,
    analyse,
    headline,
    percent,
    report_json,
    table,
)
from printkit.rules.stats import (
    ADJUSTMENT,
    ALPHA,
    MEAN_TEST,
    PROPORTION_TEST,
    Test,
    holm,
    two_means,
    two_proportions,
)

if TYPE_CHECKING:
    from printkit.rules.simulate import Summary

Row = tuple[str, str, Test]
"""(measure, kind "share" or "mean", its test)."""


def _share(a: Share, b: Share) -> Test:
    return two_proportions(a.count, a.n, b.count, b.n)


def _mean(a: Mean, b: Mean) -> Test:
    return two_means(a.mean, a.sd, a.n, b.mean, b.sd, b.n)


def rows(a: Report, b: Report) -> list[Row]:
    """Every measure both reports have, tested and Holm-adjusted together."""
    found: list[tuple[str, str, Test]] = [("finished games", "share",
                                           _share(a.finished, b.finished))]
    seats_b = dict(b.seats)
    found += [(f"{name} wins", "share", _share(sh, seats_b[name]))
              for name, sh in a.seats if name in seats_b]
    found.append(("first player wins", "share", _share(a.first, b.first)))
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
    return [(name, kind, test) for (name, kind, _), test in zip(found, adjusted, strict=True)]


def _value(kind: str, value: float) -> str:
    return percent(value) if kind == "share" else f"{value:.2f}"


def _difference(kind: str, value: float) -> str:
    return f"{100 * value:+.1f} pts" if kind == "share" else f"{value:+.2f}"


def p_text(value: float) -> str:
    """A p-value as a table shows it."""
    return "<0.0001" if value < 0.0001 else f"{value:.4f}"


def format_comparison(a: Summary, b: Summary, labels: tuple[str, str]) -> str:
    """The two runs and their differences as plain text."""
    ra, rb = analyse(a), analyse(b)
    lines = [f"A: {labels[0]}", *("   " + line for line in headline(a)),
             f"B: {labels[1]}", *("   " + line for line in headline(b)), ""]
    lines.append(f"shares: {PROPORTION_TEST}; means: {MEAN_TEST}; p-values: {ADJUSTMENT}; "
                 f"* marks a difference significant at {ALPHA:.0%}")
    table_rows = [["measure", "A", "B", "B - A", "p", "adjusted p", ""]]
    for name, kind, test in rows(ra, rb):
        table_rows.append([name, _value(kind, test.first), _value(kind, test.second),
                           _difference(kind, test.difference), p_text(test.p_value),
                           p_text(test.adjusted), "*" if test.significant else ""])
    lines += table(table_rows, [False, True, True, True, True, True, False])
    found = [name for name, _, test in rows(ra, rb) if test.significant]
    lines.append("")
    lines.append("significant: " + (", ".join(found) if found else "none"))
    return "\n".join(lines) + "\n"


def compare_json(a: Summary, b: Summary, labels: tuple[str, str]) -> dict[str, Any]:
    """The comparison as plain JSON data, both reports included."""
    return {
        "a": {"label": labels[0], **report_json(a)},
        "b": {"label": labels[1], **report_json(b)},
        "methods": {"share": PROPORTION_TEST, "mean": MEAN_TEST, "adjustment": ADJUSTMENT,
                    "alpha": ALPHA},
        "differences": [
            {"measure": name, "kind": kind, "a": test.first, "b": test.second,
             "difference": test.difference,
             "statistic": test.statistic if math.isfinite(test.statistic) else None,
             "p": test.p_value, "adjusted_p": test.adjusted,
             "significant": test.significant}
            for name, kind, test in rows(analyse(a), analyse(b))
        ],
    }


__all__ = ["compare_json", "format_comparison", "p_text", "rows"]
