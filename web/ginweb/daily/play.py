"""The daily deal as the session plays it: the day's match, whether this attempt counts, its
outcome in the record of dailies, and the expert's replay of each finished hand (duplicate
scoring) as background work.

record.py holds the fixed mapping and the record's rules; this module applies them to the match
on the table and keeps the record in storage (``dailies``), read again before every change.
Each hand of a counted daily is replayed by the expert as soon as it ends (a job for
background.py, run while the table is idle), and each replay is stored with the record at once,
so a reload never computes it again and the total is ready moments after the last hand.
Pure: no ``js``.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from gin_core import Match, make_bot, preset
from gin_core.analysis import EXPERT, HandComparison, dealt_hands, expert_seed, replay_hand

from ..kit.background import SLICE_MS
from ..storage.savefmt import Game
from ..table.port import Job
from . import record as daily

if TYPE_CHECKING:
    from ..storage.vault import Vault

PART = "daily"  # the stored match's key for the day it is the daily of (ISO date)


def day_of_game(game: Game) -> datetime.date | None:
    """The date of the daily ``game`` is, or None for an ordinary match (or a stored value that
    is not a daily's date: such a match plays on as an ordinary one)."""
    return daily.as_day(game.parts.get(PART))


def daily_game(day: datetime.date, uid: str, started: str, target: int | None = None) -> Game:
    """A just-dealt daily: the day's seed, classic rules, the standard opponent with the seed
    every match gives it; ``target`` shortens the match (a test option, see params.py)."""
    rules = preset(daily.PRESET)
    if target is not None:
        rules = rules.replace(target=target)
    m = Match(rules, seed=daily.match_seed(day))
    return Game(m, uid, daily.LEVEL, daily.bot_seed(day), started, parts={PART: day.isoformat()})


class Dailies:
    """The record of dailies, kept in storage under ``dailies`` after every change."""

    def __init__(self, keep: Vault, level: str = EXPERT) -> None:
        self.keep = keep
        self.level = level  # who replays your seat (CPython tests take a quicker level)
        self.record = self.load() or daily.empty()

    def today(self) -> datetime.date:
        return datetime.date.fromisoformat(self.keep.now()[:10])

    def save(self) -> None:
        self.keep.put("dailies", json.dumps(self.record, separators=(",", ":")))

    def load(self) -> daily.DailiesRecord | None:
        """The record as stored (None: none, or set aside as unreadable); days that cannot be
        read are dropped, said once, and the rest stored back."""
        today = self.today()
        found = self.keep.read("dailies", lambda data: daily.validate(data, today), "record of dailies")
        if found is None:
            return None
        data: daily.DailiesRecord = found[0]
        if found[1]:
            dropped = ", ".join(found[1][:5])
            self.keep.notify(f"Some days of the daily record could not be read and were dropped: {dropped}.")
            self.keep.put("dailies", json.dumps(data, separators=(",", ":")))
        return data

    def refresh(self) -> None:
        """Read the record as stored now: another tab may have started or finished a daily
        since, and a change made from a stale copy would erase it (issue 32)."""
        stored = self.load()
        if stored is not None:
            self.record = stored

    def attempt(self, game: Game) -> daily.Attempt | None:
        """Whether ``game`` counts as its day's daily (recorded on its first start); None for
        an ordinary match. Practice: a day after today (the clock went back), rules changed by
        a test option (``target``), or a browser that keeps nothing (every reload would be
        another first attempt)."""
        day = day_of_game(game)
        if day is None:
            return None
        if game.match.rules != preset(daily.PRESET) or not self.keep.lasting():
            return daily.Attempt.PRACTICE
        self.refresh()
        before = json.dumps(self.record["days"].get(day.isoformat()))
        try:
            attempt = daily.begin(self.record, day, self.today(), game.uid)
        except daily.DailyDateError:
            return daily.Attempt.PRACTICE
        if json.dumps(self.record["days"].get(day.isoformat())) != before:
            self.save()
        return attempt

    def finish(self, game: Game) -> None:
        """Record the finished counted daily ``game`` once (and its streak)."""
        day, result = day_of_game(game), game.match.result
        if day is None or result is None:
            return
        self.refresh()
        if daily.finish(self.record, day, game.uid, daily.outcome(tuple(game.match.records), result)):
            self.complete(game)
            self.save()

    def compared(self, game: Game) -> tuple[HandComparison, ...]:
        day = day_of_game(game)
        return () if day is None else daily.compared(self.record, day, game.uid)

    def add(self, game: Game, hand: HandComparison) -> None:
        """Keep the expert's replay of one hand (and the total once every hand is compared)."""
        day = day_of_game(game)
        if day is None:
            return
        self.refresh()
        if daily.add_compared(self.record, day, game.uid, hand):
            self.complete(game)
            self.save()

    def complete(self, game: Game) -> None:
        """Once the daily is over and every hand compared, the difference goes with its outcome."""
        day, line = day_of_game(game), self.compared(game)
        m = game.match
        if day is not None and m.result is not None and len(line) == len(m.records):
            daily.set_duplicate(self.record, day, game.uid, sum(h.difference for h in line))

    def jobs(self, game: Game, known: Callable[[str], bool]) -> list[Job]:
        """The expert's replays still to run for the finished hands of counted daily ``game``
        (their keys: ``duplicate:<uid>:<hand>``; ``known`` keys are queued or done)."""
        day = day_of_game(game)
        if day is None:
            return []
        done = {h.number for h in self.compared(game)}
        m = game.match
        out: list[Job] = []
        for hand in dealt_hands(m.records, daily.SEAT):
            key = f"duplicate:{game.uid}:{hand.number}"
            if hand.number in done or known(key):
                continue
            expert = make_bot(self.level, expert_seed(daily.match_seed(day), hand.number), SLICE_MS)
            rival = make_bot(*daily.opponent(day), SLICE_MS)
            work = replay_hand(m.rules, hand, daily.SEAT, expert, rival)
            out.append((key, work, partial(self.add, game)))
        return out
