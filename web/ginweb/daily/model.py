"""What the page shows of the daily deal, built from data: the line on the table while a daily
is played, the daily's result with the expert's line hand by hand, the text to share, the
daily part of the statistics and the chart of daily results.

Pure (no ``js``): the writer (ui.py) copies these into the DOM; tested in CPython
(tests/test_web_daily_play.py).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gin_core import HandRecord, MatchResult
from gin_core.analysis import HandComparison

from ..kit.frozen import Frozen
from . import record as daily
from .record import Attempt, DailiesRecord

if TYPE_CHECKING:  # imported after the first paint (warmup.py)
    from ..kit.charts import Chart


def verdict(you: int, computer: int) -> str:
    return "won" if you > computer else "lost" if you < computer else "drawn"


def against(difference: int) -> str:
    """``+12 against the expert on the same cards`` (a minus sign for a negative figure)."""
    return f"{difference:+d}".replace("-", "\u2212") + " against the expert on the same cards"


def bar(day: datetime.date | None, attempt: Attempt | None) -> str | None:
    """The line on the table while a daily is played (None for an ordinary match)."""
    if day is None:
        return None
    head = f"Daily #{daily.number(day)}, {day.isoformat()}"
    if attempt == Attempt.COUNTED:
        rules = "no undo, no hint, no tutor, no going over a hand before its end"
        return f"{head}: your attempt of the day, it counts ({rules})."
    return f"{head}: practice, it does not count."


class HandRow(Frozen):
    """One hand of the daily: your net points, the expert's on the same cards (None: still
    being replayed, or not computed for practice) and the difference."""

    number: int
    you: int
    expert: int | None

    @property
    def difference(self) -> int | None:
        return None if self.expert is None else self.you - self.expert


class DailyResult(Frozen):
    title: str
    note: str
    rows: tuple[HandRow, ...]
    total: str  # the difference in words, or how far the expert has got
    complete: bool  # every hand compared
    behind: bool  # complete, and you scored less than the expert on the same cards
    share: str | None  # the text to share (a counted daily only)
    link: str


def result(
    day: datetime.date,
    attempt: Attempt | None,
    records: Sequence[HandRecord],
    match_result: MatchResult,
    compared: Sequence[HandComparison],
    base: str,
) -> DailyResult:
    """The finished daily: totals, each hand against the expert, the share text and link."""
    by_number = {h.number: h.expert_net for h in compared}
    rows = tuple(
        HandRow(r.number, r.points[daily.SEAT] - r.points[1 - daily.SEAT], by_number.get(r.number))
        for r in records
    )
    you, cpu = match_result.totals[daily.SEAT], match_result.totals[1 - daily.SEAT]
    title = f"Daily #{daily.number(day)}: you {verdict(you, cpu)} {you}\u2013{cpu}"
    link = daily.link(base, day)
    if attempt != Attempt.COUNTED:
        note = "Practice: this attempt does not count, and the expert's line is kept for your first attempt."
        return DailyResult(title, note, rows, "", False, False, None, link)
    done = [r.difference for r in rows if r.difference is not None]
    complete = len(done) == len(rows)
    diff = sum(done) if complete else None
    if complete:
        total = against(sum(done))
    else:
        total = f"The expert is replaying your hands on the same cards: {len(done)} of {len(rows)} done\u2026"
    outcome = daily.outcome(tuple(records), match_result, diff)
    note = "Your attempt of the day: it counts for your streak."
    behind = diff is not None and diff < 0
    return DailyResult(title, note, rows, total, complete, behind, daily.share_text(day, outcome, link), link)


# ----- the statistics ---------------------------------------------------------------------------


class DayRow(Frozen):
    day: str  # ISO date: the "play again as practice" button's value
    label: str
    outcome: str


class DailyStats(Frozen):
    streak: str
    rows: tuple[DayRow, ...]
    first: str  # the calendar's range: Daily #1's date to today's
    today: str


def daily_stats(record: DailiesRecord, today: datetime.date) -> DailyStats:
    """Streaks and the history of dailies (newest first) for the statistics dialog."""
    s = daily.streaks(record, today)
    streak = f"Current streak: {_days(s.current)}. Best: {_days(s.best)}."
    rows = tuple(
        DayRow(e.day.isoformat(), f"Daily #{e.number}, {e.day.isoformat()}", _outcome(e.outcome))
        for e in daily.history(record)
    )
    return DailyStats(streak, rows, daily.FIRST_DAY.isoformat(), today.isoformat())


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def _outcome(o: daily.Outcome | None) -> str:
    if o is None:
        return "not finished"
    text = f"{verdict(o.you, o.computer)} {o.you}\u2013{o.computer}"
    return text if o.duplicate is None else f"{text}, {against(o.duplicate)}"


# ----- the chart of daily results ----------------------------------------------------------------


def results_chart(entries: Sequence[daily.DayEntry]) -> Chart:
    """Each finished daily's margin (your total minus the computer's), oldest first, with the
    duplicate difference in the table."""
    from ..kit import charts  # deferred: warmup.py imports it after the first paint

    title = "Daily results"
    header = ("Daily", "Date", "Result", "Against the expert")
    done = sorted((e for e in entries if e.outcome is not None), key=lambda e: e.day)
    if not done:
        return charts.empty_chart("dailies", title, "No daily finished yet", header)
    rows, margins, labels = [], [], []
    for e in done:
        row, margin, label = _result(e)
        rows.append(row)
        margins.append(margin)
        labels.append(label)
    wins = sum(1 for e in done if e.outcome is not None and e.outcome.won)
    summary = f"{wins} of {len(done)} dailies won."
    return charts.Chart(
        charts.bars("dailies", title, margins, labels), charts.ChartTable(title, header, tuple(rows)), summary
    )


def _result(e: daily.DayEntry) -> tuple[tuple[str, str, str, str], int, str]:
    """A finished daily's table row, its margin (the bar) and the bar's spoken label."""
    o = e.outcome
    assert o is not None  # only finished dailies are charted
    word = "won" if o.won else "lost" if o.you < o.computer else "drawn"
    dup = "not computed" if o.duplicate is None else f"{o.duplicate:+d}"
    row = (f"#{e.number}", e.day.isoformat(), f"{word} {o.you}\u2013{o.computer}", dup)
    label = f"Daily #{e.number}: {word} {o.you}\u2013{o.computer}, {dup} against the expert"
    return row, o.you - o.computer, label
