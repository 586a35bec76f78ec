"""The daily deal plugged into the table: its controls and handlers, whether your match counts
(a daily played as practice does not) and may be taken back (a counted daily may not), its
link (``?daily=``, ``data-daily``), its line on the table, its result instead of the ordinary
match result, its part of the statistics and its chart, and the expert's replays as background
jobs. Everything of the daily lives in this folder; app.py registers it (table/port.py: the
roles it plays are its bases)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from gin_core import whole_number

from ..table.port import (
    Acts,
    Background,
    Charts,
    Counted,
    Draws,
    Feature,
    FeatureIntent,
    Guards,
    Handler,
    Job,
    Links,
    MatchPart,
    Question,
    Results,
    Statistics,
    Watches,
)
from . import model, record
from .intents import DuplicateDone, OpenDaily, ShareDaily
from .play import PART, Dailies, daily_game, day_of_game
from .record import Attempt

if TYPE_CHECKING:
    from ..kit.charts import Chart
    from ..storage.savefmt import Game
    from ..storage.vault import Vault
    from ..table.params import Params
    from .ui import DailyUI

DATE_WORDS = {
    record.DateProblem.MALFORMED: "That is not a date (YYYY-MM-DD).",
    record.DateProblem.BEFORE_FIRST: f"The first daily was on {record.FIRST_DAY.isoformat()}.",
    record.DateProblem.FUTURE: "That day's daily is not open yet.",
}
TARGET_MAX = 500


class DailyFeature(  # one base per role it plays (table/port.py)
    Feature, Acts, Links, MatchPart, Guards, Counted, Draws, Results, Statistics, Charts, Background, Watches
):
    link_names = ("daily", "target")
    part_keys = (PART,)

    def __init__(self, keep: Vault, ui: DailyUI, level: str | None = None) -> None:
        """``keep``: storage and the clock; ``ui``: the writer; ``level``: who replays your
        seat (the expert; CPython tests take a quicker level)."""
        self.dailies = Dailies(keep) if level is None else Dailies(keep, level)
        self.ui = ui
        self.attempt: Attempt | None = None  # your match as a daily: counted or practice

    # ----- input ---------------------------------------------------------------------------------

    def control(self, act: str, data: Mapping[str, str]) -> FeatureIntent | None:
        if act == "daily":
            return OpenDaily()
        if act == "daily-share":
            return ShareDaily()
        if act == "daily-play":  # a day of the history, or the calendar's date field
            return OpenDaily(data.get("day") or data.get("value") or None)
        return None

    def handlers(self) -> Mapping[type, Handler]:
        return {OpenDaily: self.open_daily, ShareDaily: self.share, DuplicateDone: self.duplicate_done}

    # ----- the match on the table ----------------------------------------------------------------

    def table_set(self, game: Game, fresh: bool) -> None:
        self.attempt = self.dailies.attempt(game)

    def counts(self) -> bool:
        return self.attempt != Attempt.PRACTICE

    def undo_off(self) -> str | None:
        """A counted daily is played without undo: it would show the next stock card and probe
        the computer's reply (issue 32)."""
        return "Undo is off in a counted daily." if self.attempt == Attempt.COUNTED else None

    def help_off(self) -> str | None:
        """A counted daily is played without the hint, the tutor and going over its earlier hands
        (the best moves shown): its "against the expert" line would measure them, not you (issue 43,
        item 4)."""
        if self.attempt != Attempt.COUNTED:
            return None
        return "No hint, no tutor and no going over its hands in a counted daily until its end."

    def counted(self, game: Game) -> None:
        if self.attempt == Attempt.COUNTED and game.match.result is not None:
            self.dailies.finish(game)

    def refuses_start(self, seed: int | None, deal: str | None) -> str | None:
        return record.refused_start(seed, deal, self.dailies.today())

    def link_match(self, link: Params, stored: Game | None) -> tuple[Game | None, list[str]]:
        """The daily a link asks for, unless it is the stored match and unfinished (it resumes)
        or the date is not an open daily (said). ``target`` (a test option, with ``fast=1``)
        shortens it, as practice."""
        options = dict(link.options)
        text = options.get("daily")
        target, problems = _target(options.get("target"), link.fast)
        if text is None:
            return None, problems
        try:
            day = record.parse_day(text, self.dailies.today())
        except record.DailyDateError as e:
            return None, [*problems, f"daily: {DATE_WORDS[e.problem]}"]
        if stored is not None and day_of_game(stored) == day and stored.match.result is None:
            return None, problems
        keep = self.dailies.keep
        return daily_game(day, keep.new_uid(), keep.now(), target), problems

    # ----- the screen and the work behind it -----------------------------------------------------

    def day(self) -> datetime.date | None:
        """The day of the daily on the table (None: an ordinary match or a practice hand)."""
        t = self.table
        return None if t.practicing else day_of_game(t.game)

    def draw(self) -> None:
        self.ui.bar(model.bar(self.day(), self.attempt))

    def shows_result(self) -> bool:
        result = self.result()
        if result is not None:
            self.ui.result(result)
        return result is not None

    def statistics_opened(self) -> None:
        self.ui.show_daily_statistics(model.daily_stats(self.dailies.record, self.dailies.today()))

    def chart(self, name: str) -> Chart | None:
        return model.results_chart(record.history(self.dailies.record)) if name == "dailies" else None

    def jobs(self, known: Callable[[str], bool]) -> list[Job]:
        """The expert's replays still to run for the counted daily on the table."""
        t = self.table
        if t.practicing or self.attempt != Attempt.COUNTED:
            return []
        return [
            (key, work, partial(self.replayed, done)) for key, work, done in self.dailies.jobs(t.game, known)
        ]

    def replayed(self, keep: Callable[[Any], None], value: Any) -> None:
        keep(value)
        self.table(DuplicateDone())

    def stored_changed(self, name: str) -> None:
        if name == "dailies":
            self.dailies.refresh()

    # ----- handlers ------------------------------------------------------------------------------

    def open_daily(self, it: OpenDaily) -> None:
        """Deal a daily: today's (counted on the first attempt) or an earlier day's (practice);
        a match in progress is abandoned only once the player says so."""
        t = self.table
        today = self.dailies.today()
        try:
            day = today if it.day is None else record.parse_day(it.day, today)
        except record.DailyDateError as e:
            t.notice(DATE_WORDS[e.problem], "rule", 4000)
            return
        if self.day() == day and t.game.match.result is None:
            t.close_dialogs()
            t.notice(f"You are playing Daily #{record.number(day)}.", "info", 3000)
            return
        leaving = t.leaving()
        if leaving is not None:
            t.ask(
                Question(f"Play Daily #{record.number(day)}?", leaving, "Play the daily"),
                lambda _: self.deal(day),
            )
        else:
            self.deal(day)

    def deal(self, day: datetime.date) -> None:
        self.table.replace_match(self.new_daily(day))
        text = model.bar(day, self.attempt)
        if text is not None:
            self.table.notice(text, "info", 4000)

    def new_daily(self, day: datetime.date, target: int | None = None) -> Game:
        keep = self.dailies.keep
        return daily_game(day, keep.new_uid(), keep.now(), target)

    def result(self) -> model.DailyResult | None:
        g = self.table.game
        day, result = self.day(), g.match.result
        if day is None or result is None:
            return None
        compared = self.dailies.compared(g)
        return model.result(day, self.attempt, g.match.records, result, compared, self.ui.base())

    def share(self, _: ShareDaily) -> None:
        found = self.result()
        if found is not None and found.share is not None:
            self.ui.share(found.share)

    def duplicate_done(self, _: DuplicateDone) -> None:
        """One more hand replayed: the open result shows it; the total is said when complete."""
        found = self.result()
        if found is None:
            return
        if self.ui.result_open():
            self.ui.result(found)
        if found.complete:
            self.table.announce(f"Daily result: {found.total}.")


def _target(text: str | None, fast: bool) -> tuple[int | None, list[str]]:
    """A daily's test target: a number from 1 to TARGET_MAX, and only with fast=1."""
    if text is None:
        return None, []
    if not fast:
        return None, ["target is a test option and needs fast=1"]
    target = whole_number(text, TARGET_MAX, 1)
    if target is not None:
        return target, []
    return None, [f"target must be a number from 1 to {TARGET_MAX}"]
