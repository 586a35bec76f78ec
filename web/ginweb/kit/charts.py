"""Charts as SVG text, drawn by our own code: the scoreboard over a match and the statistics.

Each chart comes with a table holding the same figures (header and rows, as data) and a short
summary for screen readers. The SVG scales by its ``viewBox``; colours come from CSS classes
(``chart-you``, ``chart-computer``, ``chart-target``, ``chart-up``, ``chart-down``, ``chart-grid``,
``chart-label``, ``chart-dead``), so the page's style sheet themes them. Every text inside is escaped. With no
data a chart says so (class ``chart-empty``) rather than drawing empty axes. Pure: no ``js``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from gin_core import HandRecord

from .frozen import Frozen

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22  # the plot area's margins (axis labels live there)
NAMES = ("You", "Computer")
SERIES = ("chart-you", "chart-computer")
ENDINGS = ("Gin", "Knock", "Undercut", "Dead")
KIND_WORDS = {"gin": "gin", "big_gin": "big gin", "knock": "a knock", "undercut": "an undercut"}


class ChartTable(Frozen):
    """The chart's figures for those who cannot see it: a caption, a header and rows."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Chart(Frozen):
    svg: str
    table: ChartTable
    summary: str


# ----- drawing ---------------------------------------------------------------------------------


def _svg(name: str, title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-{name}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="group" aria-label="{escape(title)}"><title>{escape(title)}</title>{"".join(body)}</svg>'
    )


def empty_chart(name: str, title: str, message: str, header: tuple[str, ...]) -> Chart:
    """A chart with nothing to show: the message in place of the plot, and an empty table."""
    body = [
        f'<text class="chart-empty chart-label" x="{WIDTH / 2:g}" y="{HEIGHT / 2:g}" '
        f'text-anchor="middle">{escape(message)}</text>'
    ]
    return Chart(_svg(name, title, body), ChartTable(title, header, ()), message)


def _x(i: int, count: int) -> float:
    """The x of the i-th of ``count`` evenly spaced positions across the plot."""
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * i / (count - 1) if count > 1 else span / 2)


def _y(value: float, low: float, high: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)


def _nice(value: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... at least ``value`` (an axis' top)."""
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= value:
                return step * m
        step *= 10


def _grid(low: float, high: float, labels: Sequence[float], suffix: str = "") -> list[str]:
    """Horizontal lines at ``labels`` with their values on the left."""
    out = []
    for v in labels:
        y = _y(v, low, high)
        text = f'<text class="chart-label" x="{LEFT - 4}" y="{y + 3:.1f}" text-anchor="end">'
        out.append(f"{_hline('chart-grid', y)}{text}{v:g}{suffix}</text>")
    return out


def _focusable(label: str, shapes: str) -> str:
    """Shapes that take the focus, with ``label`` as their title and aria-label."""
    text = escape(label)
    return (
        f'<g class="chart-point" tabindex="0" role="img" aria-label="{text}">'
        f"<title>{text}</title>{shapes}</g>"
    )


def _point(x: float, ys: Sequence[tuple[float, str]], label: str) -> str:
    """A focusable point: one circle per series."""
    return _focusable(label, "".join(f'<circle class="{c}" cx="{x:.1f}" cy="{y:.1f}" r="3"/>' for y, c in ys))


def _rect(cls: str, x: float, y: float, width: float, height: float) -> str:
    return (
        f'<rect class="{cls}" x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{max(height, 0.5):.1f}"/>'
    )


def _hline(cls: str, y: float) -> str:
    return f'<line class="{cls}" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'


def _polyline(cls: str, xy: Sequence[tuple[float, float]]) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    return f'<polyline class="{cls}" fill="none" points="{points}"/>'


# ----- the scoreboard --------------------------------------------------------------------------


def hand_result(record: HandRecord, names: Sequence[str] = NAMES) -> str:
    """How one hand ended, in words: who won it, how and for how many points."""
    s = record.settlement
    if s is None:
        return "dead hand, no points"
    if s.winner is None:
        return "equal counts, no points"
    return f"{names[s.winner]} won with {KIND_WORDS.get(s.kind, s.kind)}, {s.points} points"


def scoreboard(records: Sequence[HandRecord], target: int | None, names: Sequence[str] = NAMES) -> Chart:
    """Both players' running totals over the hands, with the target line."""
    title = "Running totals by hand"
    header = ("Hand", "Result", names[0], names[1])
    if not records:
        return empty_chart("score", title, "No hand finished yet", header)
    totals, rows, labels = _running(records, names)
    body = _score_lines(totals, labels, target)
    last = totals[-1]
    goal = "" if target is None else f"; target {target}"
    summary = f"After {_count(len(records), 'hand')}: {names[0]} {last[0]}, {names[1]} {last[1]}{goal}."
    return Chart(_svg("score", title, body), ChartTable(title, header, tuple(rows)), summary)


def _running(
    records: Sequence[HandRecord], names: Sequence[str]
) -> tuple[list[tuple[int, int]], list[tuple[str, str, str, str]], list[str]]:
    """Both totals before the first hand and after each, with each hand's table row and its
    point's spoken label."""
    totals, rows, labels = [(0, 0)], [], []
    for r in records:
        t = (totals[-1][0] + r.points[0], totals[-1][1] + r.points[1])
        totals.append(t)
        how = hand_result(r, names)
        labels.append(f"Hand {r.number}: {how}; {names[0]} {t[0]}, {names[1]} {t[1]}")
        rows.append((str(r.number), how, str(t[0]), str(t[1])))
    return totals, rows, labels


def _score_lines(totals: Sequence[tuple[int, int]], labels: Sequence[str], target: int | None) -> list[str]:
    """The scoreboard's drawing: a scale with room above the higher of the totals and the
    target, the target line, a line per player and a focusable point per hand."""
    high = _nice(max(max(max(t) for t in totals), target or 0) * 1.1 or 1)
    n = len(totals)
    body = _grid(0, high, (0, high / 2, high))
    if target is not None:
        body.append(_hline("chart-target", _y(target, 0, high)))
    for p in (0, 1):
        body.append(_polyline(SERIES[p], [(_x(i, n), _y(t[p], 0, high)) for i, t in enumerate(totals)]))
    for i, label in enumerate(labels, start=1):
        body.append(_point(_x(i, n), [(_y(totals[i][p], 0, high), SERIES[p]) for p in (0, 1)], label))
    return body


# ----- statistics ------------------------------------------------------------------------------


def rolling_wins(won: Sequence[bool], window: int = 10) -> Chart:
    """The share of matches won among the last ``window``, after each match (oldest first)."""
    title = f"Matches won, last {window}"
    header = ("Match", "Result", f"Won of last {window}")
    if not won:
        return empty_chart("wins", title, "No match finished yet", header)
    shares, rows = [], []
    for i, w in enumerate(won):
        recent = won[max(0, i + 1 - window) : i + 1]
        shares.append(100 * sum(recent) / len(recent))
        rows.append((str(i + 1), "won" if w else "not won", f"{sum(recent)} of {len(recent)}"))
    n = len(won)
    body = _grid(0, 100, (0, 50, 100), "%")
    body.append(_polyline("chart-you", [(_x(i, n), _y(s, 0, 100)) for i, s in enumerate(shares)]))
    for i, s in enumerate(shares):
        body.append(_point(_x(i, n), [(_y(s, 0, 100), "chart-you")], f"Match {i + 1}: {rows[i][2]} won"))
    share = round(shares[-1])
    summary = f"{rows[-1][2]} of the latest matches won ({share}%); {_count(n, 'match', 'matches')} in all."
    return Chart(_svg("wins", title, body), ChartTable(title, header, tuple(rows)), summary)


def bars(name: str, title: str, values: Sequence[float], labels: Sequence[str]) -> str:
    """Bars up (``chart-up``) and down (``chart-down``) from a zero line, one per value."""
    top = _nice(max(1, *(abs(v) for v in values)))
    low = -top if min(values) < 0 else 0
    body = _grid(low, top, sorted({low, 0, top}))
    span = (WIDTH - LEFT - RIGHT) / len(values)
    zero = _y(0, low, top)
    for i, (v, label) in enumerate(zip(values, labels, strict=True)):
        y = _y(v, low, top)
        cls = "chart-up" if v >= 0 else "chart-down"
        body.append(
            _focusable(label, _rect(cls, LEFT + (i + 0.15) * span, min(y, zero), span * 0.7, abs(zero - y)))
        )
    return _svg(name, title, body)


def lines_by_label(  # 6 parameters: the chart, its points, their lines' order, and the scale
    name: str,
    title: str,
    points: Sequence[tuple[str, float, str]],
    order: Sequence[str],
    low: float,
    high: float,
) -> str:
    """One line per label (class ``chart-line-<k>``, k its place in ``order``) through its
    points, each point at its place among all (oldest first); ``points``: (label, value, spoken
    text). A legend under the plot names the lines; they also differ in dash, not only colour."""
    n = len(points)
    body = _grid(low, high, (low, (low + high) / 2, high), "%")
    shown = [lb for lb in order if any(p[0] == lb for p in points)]
    for k, lb in enumerate(shown):
        cls = f"chart-line-{order.index(lb)}"
        mine = [(_x(i, n), _y(v, low, high)) for i, (at, v, _) in enumerate(points) if at == lb]
        body.append(_polyline(cls, mine))
        x = LEFT + k * (WIDTH - LEFT - RIGHT) / max(len(shown), 1)
        body.append(
            f'<line class="{cls}" x1="{x:.1f}" y1="{HEIGHT - 6}" x2="{x + 14:.1f}" y2="{HEIGHT - 6}"/>'
            f'<text class="chart-label" x="{x + 18:.1f}" y="{HEIGHT - 3}">{escape(lb)}</text>'
        )
    for i, (lb, v, spoken) in enumerate(points):
        body.append(_point(_x(i, n), [(_y(v, low, high), f"chart-line-{order.index(lb)}")], spoken))
    return _svg(name, title, body)


def points_per_hand(nets: Sequence[int]) -> Chart:
    """Your net points in each of the latest hands (positive: you scored)."""
    title = "Points per hand"
    header = ("Hand", "Net points")
    if not nets:
        return empty_chart("points", title, "No hand finished yet", header)
    labels = [f"Hand {i + 1}: {v:+d}" for i, v in enumerate(nets)]
    rows = tuple((str(i + 1), f"{v:+d}") for i, v in enumerate(nets))
    mean = sum(nets) / len(nets)
    summary = f"{_count(len(nets), 'hand')}, {mean:+.1f} points a hand on average."
    return Chart(bars("points", title, nets, labels), ChartTable(title, header, rows), summary)


def endings_from_stats(stats: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """How hands ended, from the stored statistics (stats.py): for each ending, (your hands,
    the computer's); a dead hand is nobody's, so it is counted once, in the first place."""
    you, comp = stats["you"], stats["computer"]
    return {
        "Gin": (you["gins"] + you["big_gins"], comp["gins"] + comp["big_gins"]),
        "Knock": (you["knocks_won"], comp["knocks_won"]),
        "Undercut": (you["undercuts"], comp["undercuts"]),
        "Dead": (stats["hands"]["dead"], 0),
    }


def hand_endings(counts: Mapping[str, tuple[int, int]], names: Sequence[str] = NAMES) -> Chart:
    """Bars for each way a hand ended (:data:`ENDINGS`), a pair per ending: won by you, by the
    computer (dead hands are nobody's: one bar, and empty cells in the table)."""
    title = "How hands ended"
    header = ("Ending", names[0], names[1], "All")
    pairs = [counts.get(e, (0, 0)) for e in ENDINGS]
    rows = tuple(
        (e, *((str(a), str(b)) if e != "Dead" else ("", "")), str(a + b))
        for e, (a, b) in zip(ENDINGS, pairs, strict=True)
    )
    total = sum(a + b for a, b in pairs)
    if not total:
        return empty_chart("endings", title, "No hand finished yet", header)
    top = _nice(max(max(pair) for pair in pairs))
    body = _grid(0, top, (0, top))
    for i, (e, pair) in enumerate(zip(ENDINGS, pairs, strict=True)):
        body += _ending_bars(i, e, pair, top, names)
    each = ", ".join(f"{e.lower()} {a + b}" for e, (a, b) in zip(ENDINGS, pairs, strict=True))
    summary = f"{_count(total, 'hand')}: {each}."
    return Chart(_svg("endings", title, body), ChartTable(title, header, rows), summary)


def _ending_bars(i: int, ending: str, pair: tuple[int, int], top: int, names: Sequence[str]) -> list[str]:
    """The i-th ending's bars (one per player; one for dead hands) and its name under them."""
    span = (WIDTH - LEFT - RIGHT) / len(ENDINGS)
    out = []
    for p in (0, 1) if ending != "Dead" else (0,):
        y = _y(pair[p], 0, top)
        label = f"{ending}: {pair[p]}" + ("" if ending == "Dead" else f" won by {names[p]}")
        x = LEFT + (i + 0.1 + 0.4 * p + (0.2 if ending == "Dead" else 0)) * span
        cls = SERIES[p] if ending != "Dead" else "chart-dead"
        out.append(_focusable(label, _rect(cls, x, y, span * 0.38, _y(0, 0, top) - y)))
    out.append(
        f'<text class="chart-label" x="{LEFT + (i + 0.5) * span:.1f}" y="{HEIGHT - 6}" '
        f'text-anchor="middle">{escape(ending)}</text>'
    )
    return out


def _count(n: int, one: str, many: str = "") -> str:
    """ "1 hand", "2 hands": a count with its noun."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
