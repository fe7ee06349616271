"""The balance report as one self-contained HTML page, its charts drawn as inline SVG.

Two charts: each seat's win share as a bar with its 95% interval as an error bar and the
fair share (one over the players) as a dashed line, and the histogram of game lengths.
A comparison draws both runs in each chart and adds the table of tested differences.  The
page needs no script, no font and no network, prints well, and is the same bytes for the
same run.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from printkit.simulator.balance import balance_warnings
from printkit.simulator.compare import lone_seats, rows, value_text
from printkit.simulator.compare import p_text as _p
from printkit.simulator.report import Report, analyse, headline, number, percent, span
from printkit.simulator.stats import ADJUSTMENT, ADVANTAGE_TEST, ALPHA, MEAN_TEST, PROPORTION_TEST
from printkit.simulator.tally import NO_WINNER, SHARED, WIN

if TYPE_CHECKING:
    from printkit.simulator.simulate import Summary

COLOURS = ("#0072b2", "#d55e00")
"""Run A and run B (colour-blind safe, and told apart in grey by their hatching)."""

STYLE = """
body { font-family: sans-serif; max-width: 60em; margin: 2em auto; color: #222;
       line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.8em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child, .text { text-align: left; }
.note { color: #555; font-size: 0.9em; }
svg text { font-family: sans-serif; }
"""


def _f(value: float) -> str:
    """A coordinate with at most two decimals."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def seat_chart(reports: list[Report], names: list[str]) -> str:
    """Horizontal bars of each seat's win share with 95% error bars, one bar per run."""
    seats = [name for name, _ in reports[0].seats]
    runs = len(reports)
    bar, gap, left, width = 18.0, 12.0, 90.0, 420.0
    top = 28.0
    height = top + len(seats) * (runs * bar + gap) + 30
    highest = max(sh.interval[1] for r in reports for _, sh in r.seats)
    scale = max(0.1, math.ceil(highest * 10) / 10)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(left + width + 80)}" '
             f'height="{_f(height)}" role="img" aria-label="win share by seat with 95% '
             f'intervals">']
    for k in range(0, 11):
        value = scale * k / 10
        x = left + width * k / 10
        parts.append(f'<line x1="{_f(x)}" y1="{_f(top - 6)}" x2="{_f(x)}" '
                     f'y2="{_f(height - 24)}" stroke="#e4e4e4"/>')
        if k % 2 == 0:
            parts.append(f'<text x="{_f(x)}" y="{_f(height - 8)}" font-size="11" '
                         f'text-anchor="middle">{100 * value:.0f}%</text>')
    fairs = sorted({r.fair for r in reports})
    for k, fair in enumerate(fairs):  # one line per number of players
        fx = left + width * fair / scale
        colour = "#333" if len(fairs) == 1 else COLOURS[
            [r.fair for r in reports].index(fair) % 2]
        parts.append(f'<line x1="{_f(fx)}" y1="{_f(top - 10)}" x2="{_f(fx)}" '
                     f'y2="{_f(height - 24)}" stroke="{colour}" stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{_f(fx + (-4 if k == 0 and len(fairs) > 1 else 0))}" '
                     f'y="{_f(top - 14)}" font-size="11" text-anchor="'
                     f'{"end" if k == 0 and len(fairs) > 1 else "start" if k else "middle"}" '
                     f'fill="{colour}">fair {percent(fair)}</text>')
    y = top
    for seat in seats:
        parts.append(f'<text x="{_f(left - 8)}" y="{_f(y + runs * bar / 2 + 4)}" font-size="12" '
                     f'text-anchor="end">{escape(seat)}</text>')
        for i, report in enumerate(reports):
            share = dict(report.seats).get(seat)
            if share is not None:
                w = width * share.value / scale
                low, high = share.interval
                mid = y + bar / 2
                parts.append(f'<rect x="{_f(left)}" y="{_f(y + 2)}" width="{_f(w)}" '
                             f'height="{_f(bar - 4)}" fill="{COLOURS[i % 2]}" '
                             f'fill-opacity="0.8"><title>{escape(names[i])}: '
                             f'{percent(share.value)} ({span(share.interval)})</title></rect>')
                x1, x2 = left + width * low / scale, left + width * high / scale
                parts.append(f'<path d="M{_f(x1)} {_f(mid)}H{_f(x2)}M{_f(x1)} {_f(mid - 5)}'
                             f'V{_f(mid + 5)}M{_f(x2)} {_f(mid - 5)}V{_f(mid + 5)}" '
                             'stroke="#111" stroke-width="1.5" fill="none"/>')
                parts.append(f'<text x="{_f(x2 + 5)}" y="{_f(mid + 4)}" font-size="11">'
                             f'{percent(share.value)}</text>')
            y += bar
        y += gap
    parts.append("</svg>")
    return "".join(parts)


def length_chart(reports: list[Report], names: list[str]) -> str:
    """The histogram of game lengths, the runs' bars side by side in shared bins."""
    every = [length for r in reports for length, _ in r.lengths]
    if not every:
        return ""
    low, high = min(every), max(every)
    bins = min(30, high - low + 1)
    step = max(1, math.ceil((high - low + 1) / bins))
    bins = (high - low) // step + 1
    counts = [[0.0] * bins for _ in reports]
    for i, r in enumerate(reports):
        total = sum(k for _, k in r.lengths) or 1
        for length, k in r.lengths:
            counts[i][(length - low) // step] += k / total
    left, width, plot, top = 50.0, 460.0, 160.0, 10.0
    tallest = math.ceil(10 * max(max(c) for c in counts)) / 10 or 1.0  # a round top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(left + width + 20)}" '
             f'height="{_f(top + plot + 40)}" role="img" aria-label="histogram of game '
             f'lengths">']
    base = top + plot
    parts.append(f'<line x1="{_f(left)}" y1="{_f(base)}" x2="{_f(left + width)}" '
                 f'y2="{_f(base)}" stroke="#333"/>')
    for k in range(0, 5):
        value = tallest * k / 4
        yy = base - plot * k / 4
        parts.append(f'<text x="{_f(left - 6)}" y="{_f(yy + 4)}" font-size="10" '
                     f'text-anchor="end">{100 * value:.0f}%</text>')
    slot = width / bins
    for b in range(bins):
        for i in range(len(reports)):
            h = plot * counts[i][b] / tallest
            w = slot / len(reports)
            x = left + b * slot + i * w
            first = low + b * step
            label = f"{first}" if step == 1 else f"{first}-{first + step - 1}"
            parts.append(f'<rect x="{_f(x + 0.5)}" y="{_f(base - h)}" '
                         f'width="{_f(max(0.5, w - 1))}" height="{_f(h)}" '
                         f'fill="{COLOURS[i % 2]}" fill-opacity="0.8"><title>'
                         f'{escape(names[i])}: {label} turns, {percent(counts[i][b])}'
                         '</title></rect>')
    for b in range(0, bins, max(1, bins // 6)):
        x = left + (b + 0.5) * slot
        parts.append(f'<text x="{_f(x)}" y="{_f(base + 16)}" font-size="10" '
                     f'text-anchor="middle">{low + b * step}</text>')
    parts.append(f'<text x="{_f(left + width / 2)}" y="{_f(base + 34)}" font-size="11" '
                 'text-anchor="middle">turns per game</text>')
    parts.append("</svg>")
    return "".join(parts)


def _legend(names: list[str]) -> str:
    if len(names) < 2:
        return ""
    items = "".join(f'<span style="color:{COLOURS[i % 2]}">&#9632;</span> {escape(n)} '
                    for i, n in enumerate(names))
    return f'<p class="note">{items}</p>'


def _tables(report: Report) -> str:
    s = report.summary
    t = s.tally
    out = [f"<p>Finished {t.finished} of {t.games} games ({percent(report.finished.value)}, "
           f"95% CI {span(report.finished.interval)})."]
    if t.capped_moves or t.capped_deals:
        out.append(f" Stopped unfinished: {t.capped_moves} after {s.max_moves} moves, "
                   f"{t.capped_deals} after {s.max_deals} deals (simulator bounds, not "
                   "rules); every figure is over the finished games.")
    if t.stalled:
        out.append(f" Stalemates: {t.stalled} ({percent(t.stalled / t.games)}), stopped "
                   f"after {s.stall_bound} moves without progress; every figure is over "
                   "the finished games.")
    out.append("</p>")
    warnings = balance_warnings(report)
    out.append("<h3>Balance warnings</h3>")
    if warnings:
        out.append('<ul class="warnings">' + "".join(
            f"<li>{escape(w.message)}</li>" for w in warnings) + "</ul>")
    else:
        out.append("<p>None: ties, stalemates, unfinished games, seat advantage and game "
                   "length are within the bounds.</p>")
    if not t.finished:
        return "".join(out)
    out.append("<table><tr><th>seat</th><th>wins</th><th>share</th><th>95% CI</th></tr>")
    out += [f"<tr><td>{escape(n)}</td><td>{number(sh.count)}</td><td>{percent(sh.value)}</td>"
            f"<td>{span(sh.interval)}</td></tr>" for n, sh in report.seats]
    adv, lo, hi = report.advantage
    out.append(f"</table><p>First player won {percent(report.first.value)} (95% CI "
               f"{span(report.first.interval)}) against a fair {percent(report.fair)}: an "
               f"advantage of {100 * adv:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f}).</p>")
    names = {WIN: "one winner", SHARED: "shared win", NO_WINNER: "no winner"}
    out.append('<table><tr><th>result</th><th class="text">how</th><th>games</th>'
               "<th>share</th></tr>")
    out += [f'<tr><td>{names[o]}</td><td class="text">{escape(c)}</td><td>{k}</td>'
            f"<td>{percent(k / t.finished)}</td></tr>" for o, c, k in report.endings]
    out.append("</table><table><tr>")
    out += [f"<th>{q}</th>" for q, _ in report.quantiles]
    out.append("<th>mean</th><th>sd</th></tr><tr>")
    out += [f"<td>{v}</td>" for _, v in report.quantiles]
    out.append(f"<td>{report.length.mean:.1f}</td><td>{report.length.sd:.1f}</td></tr></table>")
    if report.shares:
        out.append("<table><tr><th>share</th><th>value</th><th>of</th><th>95% CI</th></tr>")
        out += [f"<tr><td>{escape(label)}</td><td>{percent(sh.value)}</td><td>{sh.n} "
                f"{escape(bottom)}</td><td>{span(sh.interval)}</td></tr>"
                for label, bottom, sh in report.shares]
        out.append("</table>")
    if report.figures:
        out.append("<table><tr><th>per game</th><th>mean</th><th>95% CI</th></tr>")
        out += [f"<tr><td>{escape(name)}</td><td>{m.mean:.3f}</td>"
                f"<td>{m.interval[0]:.3f}-{m.interval[1]:.3f}</td></tr>"
                for name, m in report.figures]
        out.append("</table>")
    return "".join(out)


def _page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def report_html(summary: Summary) -> str:
    """The report of one run as an HTML page."""
    report = analyse(summary)
    lines = headline(summary)
    body = [f"<h1>{escape(lines[0])}</h1>"]
    body += [f'<p class="note">{escape(line)}</p>' for line in lines[1:]]
    if summary.tally.finished:
        body += ["<h2>Win share by seat (95% Wilson intervals)</h2>",
                 seat_chart([report], [summary.agent]),
                 "<h2>Game length</h2>", length_chart([report], [summary.agent])]
    body += ["<h2>Figures</h2>", _tables(report)]
    return _page(lines[0], body)


def comparison_html(a: Summary, b: Summary, labels: tuple[str, str]) -> str:
    """Two runs and their tested differences as an HTML page."""
    ra, rb = analyse(a), analyse(b)
    names = [f"A: {labels[0]}", f"B: {labels[1]}"]
    title = f"{a.title}: {labels[0]} against {labels[1]}"
    body = [f"<h1>{escape(title)}</h1>", _legend(names)]
    if a.tally.finished and b.tally.finished:
        body += ["<h2>Win share by seat (95% Wilson intervals)</h2>",
                 seat_chart([ra, rb], names), "<h2>Game length</h2>",
                 length_chart([ra, rb], names)]
    body.append(f'<h2>Differences</h2><p class="note">Wins: {ADVANTAGE_TEST}; shares: '
                f"{PROPORTION_TEST}; means: {MEAN_TEST}; {ADJUSTMENT}. Marked rows differ "
                f"at {ALPHA:.0%}.</p>")
    body.append("<table><tr><th>measure</th><th>A</th><th>B</th><th>adjusted p</th>"
                "<th>significant</th></tr>")
    lone = lone_seats(ra, rb)
    for name, kind, test in rows(ra, rb):
        if test is None:
            va, vb = lone[name]
            body.append(f"<tr><td>{escape(name)}</td><td>{value_text(kind, va)}</td>"
                        f"<td>{value_text(kind, vb)}</td><td>-</td><td></td></tr>")
            continue
        body.append(f"<tr><td>{escape(name)}</td><td>{value_text(kind, test.first)}</td>"
                    f"<td>{value_text(kind, test.second)}</td><td>{_p(test.adjusted)}</td>"
                    f"<td>{'yes' if test.significant else ''}</td></tr>")
    body.append("</table>")
    for name, summary, report in ((names[0], a, ra), (names[1], b, rb)):
        body.append(f"<h2>{escape(name)}</h2>")
        body += [f'<p class="note">{escape(line)}</p>' for line in headline(summary)]
        body.append(_tables(report))
    return _page(title, body)


__all__ = ["comparison_html", "length_chart", "report_html", "seat_chart"]
