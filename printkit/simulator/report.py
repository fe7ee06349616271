"""The balance report of a simulation as text and JSON.

:func:`analyse` (:mod:`printkit.simulator.analysis`) turns a
:class:`~printkit.simulator.summary.Summary` into a :class:`Report`: the share of finished games,
each seat's win share, the first player's advantage, how games ended, the game length
distribution and the game's own figures, each share with its 95% Wilson interval and each
mean with a normal interval.  Text, JSON and HTML (:mod:`printkit.simulator.report_html`) are
all written from it, with the findings of :mod:`printkit.simulator.balance`, so they always
agree.  Nothing here depends on a clock, so the same run always gives the same report.
"""

from __future__ import annotations

from typing import Any

from printkit.simulator.analysis import (
    Mean,
    Report,
    Share,
    analyse,
    number,
    percent,
    quantile,
    span,
)
from printkit.simulator.balance import balance_warnings, format_warnings
from printkit.simulator.summary import Summary
from printkit.simulator.tally import NO_WINNER, SHARED, WIN

# --------------------------------------------------------------------------- text


def table(rows: list[list[str]], right: list[bool]) -> list[str]:
    """Rows of cells in aligned columns (right-aligned where ``right`` says so)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [cell.rjust(w) if r else cell.ljust(w)
                 for cell, w, r in zip(row, widths, right, strict=True)]
        out.append("  " + "   ".join(cells).rstrip())
    return out


def headline(summary: Summary) -> list[str]:
    """The first lines: what was run."""
    s = summary
    part = ""
    if s.start or (s.stop is not None and s.stop != s.games):
        part = f" (games {s.start + 1} to {s.stop} of them)"
    plural = "s" * (s.games != 1)
    lines = [f"{s.title}: {s.games} game{plural}{part}, {s.agent} agent, seed {s.seed}"]
    if s.parameters:
        lines.append("parameters: " + ", ".join(f"{k}={v}" for k, v in s.parameters))
    return lines


def format_report(summary: Summary) -> str:
    """The balance report as aligned plain text; the same run always gives the same text."""
    r = analyse(summary)
    s, t = summary, summary.tally
    lines = [*headline(s), ""]
    lines.append(f"finished: {t.finished} of {t.games} ({percent(r.finished.value)}, 95% CI "
                 f"{span(r.finished.interval)})")
    if t.capped_moves:
        lines.append(f"  {t.capped_moves} game{'s' * (t.capped_moves != 1)} stopped "
                     f"unfinished after {s.max_moves} moves")
    if t.capped_deals:
        lines.append(f"  {t.capped_deals} game{'s' * (t.capped_deals != 1)} stopped "
                     f"unfinished after {s.max_deals} deals")
    if t.stalled:
        lines.append(f"  {t.stalled} game{'s' * (t.stalled != 1)} stopped as stalemates "
                     f"({percent(t.stalled / t.games)}): {s.stall_bound} moves without "
                     "progress")
    if t.capped_moves or t.capped_deals:
        lines.append("  (caps bound the simulation, they are not rules; every figure below "
                     "is over the finished games)")
    elif t.stalled:
        lines.append("  (every figure below is over the finished games)")
    lines += ["", *format_warnings(balance_warnings(r))]
    if not t.finished:
        lines.append("no game finished")
        return "\n".join(lines) + "\n"
    lines += ["", "wins by seat (95% Wilson intervals; a win shared by k players counts 1/k)"]
    rows = [["seat", "wins", "share", "95% CI"]]
    rows += [[name, number(sh.count), percent(sh.value), span(sh.interval)]
             for name, sh in r.seats]
    lines += table(rows, [False, True, True, True])
    adv, low, high = r.advantage
    lines.append(f"  first player (the first to decide) won {percent(r.first.value)} "
                 f"(95% CI {span(r.first.interval)}) against a fair {percent(r.fair)}")
    lines.append(f"  first-player advantage: {100 * adv:+.1f} points (95% CI {100 * low:+.1f} "
                 f"to {100 * high:+.1f})")
    lines += ["", "how the games ended"]
    rows = [["result", "how", "games", "share"]]
    names = {WIN: "one winner", SHARED: "shared win", NO_WINNER: "no winner"}
    rows += [[names[o], cause, str(k), percent(k / t.finished)] for o, cause, k in r.endings]
    lines += table(rows, [False, False, True, True])
    lines.append(f"  shared wins {r.shared.count:.0f} ({percent(r.shared.value)}, 95% CI "
                 f"{span(r.shared.interval)}); draws (every player shares) {r.draws}; "
                 f"no winner {r.no_winner.count:.0f}")
    lines += ["", f"game length in turns over {t.finished} finished games"]
    lo, hi = r.length.interval
    lines += table([["mean", "95% CI", "sd", *(q for q, _ in r.quantiles)],
                    [f"{r.length.mean:.1f}", f"{lo:.1f}-{hi:.1f}", f"{r.length.sd:.1f}",
                     *(str(v) for _, v in r.quantiles)]], [True] * (3 + len(r.quantiles)))
    if r.shares:
        lines += ["", "shares (pooled over the run, 95% Wilson intervals)"]
        rows = [[label, percent(sh.value), f"of {number(sh.n)} {bottom}", span(sh.interval)]
                for label, bottom, sh in r.shares]
        lines += table(rows, [False, True, False, True])
    if r.figures:
        lines += ["", "per game (mean over the finished games, 95% CI)"]
        rows = [[name, f"{m.mean:.3f}", f"{m.interval[0]:.3f}-{m.interval[1]:.3f}"]
                for name, m in r.figures]
        lines += table(rows, [False, True, True])
    return "\n".join(lines) + "\n"


def report_json(summary: Summary) -> dict[str, Any]:
    """The report as plain JSON data, for scripts (the tally included, so a script can
    merge or re-analyse it)."""
    r = analyse(summary)
    s = summary
    adv, low, high = r.advantage
    return {
        "game": s.game,
        "title": s.title,
        "parameters": dict(s.values) if s.values else dict(s.parameters),
        "agent": s.agent,
        "seed": s.seed,
        "games": s.games,
        "start": s.start,
        "stop": s.games if s.stop is None else s.stop,
        "max_moves": s.max_moves,
        "max_deals": s.max_deals,
        "finished": r.finished.json(),
        "unfinished": {"moves": s.tally.capped_moves, "deals": s.tally.capped_deals},
        "stall_bound": s.stall_bound,
        "stalemates": s.tally.stalled,
        "warnings": [w.json() for w in balance_warnings(r)],
        "seats": {name: sh.json() for name, sh in r.seats},
        "first_player": {**r.first.json(), "fair": r.fair,
                         "advantage": {"value": adv, "low": low, "high": high}},
        "shared_wins": r.shared.json(),
        "draws": r.draws,
        "no_winner": r.no_winner.json(),
        "endings": [{"result": o, "how": c, "games": k} for o, c, k in r.endings],
        "length": {**r.length.json(), **dict(r.quantiles),
                   "histogram": [[length, k] for length, k in r.lengths]},
        "shares": {label: {**sh.json(), "of": bottom} for label, bottom, sh in r.shares},
        "figures": {name: m.json() for name, m in r.figures},
        "tally": s.tally.to_json(),
    }


__all__ = [
    "Mean",
    "Report",
    "Share",
    "analyse",
    "format_report",
    "headline",
    "number",
    "percent",
    "quantile",
    "report_json",
    "span",
    "table",
]
