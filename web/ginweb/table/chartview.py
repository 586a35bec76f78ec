"""The charts a player opens, as HTML: the match's scoreboard and the statistics' charts
(charts.py draws them), each with its figures as a table (the table alternative). A feature
adds its own through ``port.Charts.chart``. Pure (no ``js``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from gin_core import HandRecord

from ..storage import stats

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from ..kit import charts

CHARTS = ("score", "endings", "wins", "points")
"""The table's charts: the match's scoreboard and the statistics'."""


def score(records: Sequence[HandRecord], target: int | None) -> charts.Chart:
    """The match's scoreboard chart, hand by hand."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    return charts.scoreboard(records, target)


def chart(
    name: str,
    stats_data: stats.StatsRecord,
    records: Sequence[HandRecord],
    target: int | None,
) -> charts.Chart:
    """Chart ``name`` (one of :data:`CHARTS`) from the statistics or the match on the table."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    if name == "score":
        return score(records, target)
    if name == "endings":
        return charts.hand_endings(charts.endings_from_stats(stats_data))
    if name == "wins":
        return charts.rolling_wins(stats.won_history(stats_data))
    if name == "points":
        return charts.points_per_hand(stats.hand_nets(stats_data)[-40:])
    raise ValueError(f"no chart named {name[:20]!r}")


def chart_html(c: charts.Chart) -> str:
    """The chart, its summary, and its figures as a table in a <details> (the table alternative)."""
    t = c.table
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in t.header)
    body = (
        "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in t.rows)
        or f'<tr><td colspan="{len(t.header)}">{escape(c.summary)}</td></tr>'
    )
    return (
        f'<div class="chart-figure">{c.svg}</div><p class="chart-summary">{escape(c.summary)}</p>'
        f'<details class="chart-table"><summary>Table of figures</summary><table class="stats">'
        f"<caption>{escape(t.caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
        "</table></details>"
    )
