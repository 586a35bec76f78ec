"""The daily deal: the same match for everyone each UTC day, its record, and the text to share.

The mapping from a date to its match is fixed forever (the same date gives the same deals in
every browser and every release): the match seed is the first 64 bits, big-endian, of
``SHA-256("gin-rummy daily " + ISO date)``; the preset is ``classic``, the opponent ``standard``
with the seed the page gives every match (match seed mod 1,000,003), the player in seat 0, and
the dealer chosen by the cut. Daily #1 is 2026-11-23.

The record of dailies is plain JSON (checked like the statistics): for each day played, the id
of the one attempt that counts (the first started on that day; later ones and older days are
practice), its outcome once finished, and the expert's line hand by hand (``line``, rows of
gin_core's :meth:`DuplicateLine.to_data`) as each hand's replay ends, so a reload
never computes it again; the current and best streak of days in a row whose counted daily was
finished. Pure: no ``js``, no storage, no clock (callers pass ``today``).
"""

from __future__ import annotations

import datetime
import enum
import functools
import hashlib
import re
from typing import Any, NotRequired, TypedDict

from gin_core import HandRecord, MatchResult, deal_seed, encode_deal_code
from gin_core.analysis import DuplicateError, DuplicateLine, HandComparison

from ..kit.frozen import Frozen
from ..kit.safejson import NewerVersionError
from ..storage.envelope import Envelope, Stamped

FIRST_DAY = datetime.date(2026, 11, 23)
PRESET = "classic"
LEVEL = "standard"
SEAT = 0
SEED_TEXT = "gin-rummy daily "
BOT_SEED_MODULUS = 1_000_003  # the page's opponent seed for every match (controller.new_match)
FORMAT = "gin-rummy.dailies"
VERSION = 1
KEEP_DAYS = 60
LEEWAY = datetime.timedelta(days=1)  # a record dated up to a day ahead of the clock is kept
GUARDED_DAYS = 3650  # seeds of the dailies from today this many days on are refused as links
GUARDED_HANDS = 100  # deal codes of today's daily's first hands are refused as links
_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class DateProblem(enum.Enum):
    """Why a date is not a daily that can be opened."""

    MALFORMED = "malformed"
    BEFORE_FIRST = "before_first"
    FUTURE = "future"


class DailyDateError(ValueError):
    """A date that is not an open daily; ``problem`` says why (the page words it)."""

    def __init__(self, problem: DateProblem, text: str):
        super().__init__(f"{text[:40]!r} is not a daily's date ({problem.value})")
        self.problem = problem


class NewerDailiesError(NewerVersionError):
    """A record of dailies written by a newer version of this page (left as it is)."""


class Attempt(enum.Enum):
    """Whether playing a daily now counts for the record or is practice."""

    COUNTED = "counted"
    PRACTICE = "practice"


class HandMark(enum.Enum):
    """One hand from the player's side, for the share strip."""

    GIN = "g"  # the player won it with gin or big gin
    WON = "w"
    LOST = "l"
    DEAD = "d"  # dead, or nobody was credited


SYMBOLS = {
    HandMark.GIN: "\u2b50",
    HandMark.WON: "\U0001f7e9",
    HandMark.LOST: "\U0001f7e5",
    HandMark.DEAD: "\u2b1c",
}


# ----- dates ---------------------------------------------------------------------------------


def number(day: datetime.date) -> int:
    """The daily's number: 1 on :data:`FIRST_DAY`."""
    return (day - FIRST_DAY).days + 1


def day_of(n: int) -> datetime.date:
    """The date of Daily #n."""
    return FIRST_DAY + datetime.timedelta(days=n - 1)


def utc_day(now: datetime.datetime) -> datetime.date:
    """The UTC date of an aware moment (the day whose daily is open)."""
    return now.astimezone(datetime.UTC).date()


def match_seed(day: datetime.date) -> int:
    """The day's match seed (64 bits; see the module text)."""
    digest = hashlib.sha256((SEED_TEXT + day.isoformat()).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_seed(day: datetime.date) -> int:
    """The opponent's seed in the day's match."""
    return match_seed(day) % BOT_SEED_MODULUS


def opponent(day: datetime.date) -> tuple[str, int]:
    """(level, seed) of the day's opponent, as duplicate scoring replays it."""
    return LEVEL, bot_seed(day)


def as_day(text: object) -> datetime.date | None:
    """The date ``text`` writes as YYYY-MM-DD in ASCII digits from Daily #1 on, else None
    (``2026-02-30``, full-width digits and year 0 included: what a flipped bit makes)."""
    if not (isinstance(text, str) and _ISO.fullmatch(text)):
        return None
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        return None
    return day if day >= FIRST_DAY else None


def parse_day(text: str, today: datetime.date) -> datetime.date:
    """The date of a ``?daily=YYYY-MM-DD`` link; :class:`DailyDateError` for anything that is
    not a date from Daily #1 to ``today``."""
    if not isinstance(text, str) or not _ISO.fullmatch(text):
        raise DailyDateError(DateProblem.MALFORMED, str(text))
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise DailyDateError(DateProblem.MALFORMED, text) from None
    if day < FIRST_DAY:
        raise DailyDateError(DateProblem.BEFORE_FIRST, text)
    if day > today:
        raise DailyDateError(DateProblem.FUTURE, text)
    return day


def refused_start(seed: int | None, deal: str | None, today: datetime.date) -> str | None:
    """Why a seed or deal code may not start an ordinary match, or None: today's and coming
    dailies are played only as the daily, so their seeds (and the deal codes of today's
    hands) cannot rehearse them move for move (issue 32). Reading the source still can."""
    if seed is not None and seed in _guarded_seeds(today):
        return "that seed is a daily deal's that is not over yet: play it as the daily"
    if deal is not None and deal in _todays_deals(today):
        return "that deal is in today's daily: play it as the daily"
    return None


@functools.cache
def _guarded_seeds(today: datetime.date) -> frozenset[int]:
    return frozenset(match_seed(today + datetime.timedelta(days=k)) for k in range(GUARDED_DAYS))


@functools.cache
def _todays_deals(today: datetime.date) -> frozenset[str]:
    seed = match_seed(today)
    return frozenset(encode_deal_code(deal_seed(seed, k)) for k in range(GUARDED_HANDS))


def link(base: str, day: datetime.date) -> str:
    """The address that opens the day's daily (``base``: the page's address without a query)."""
    return f"{base}?daily={day.isoformat()}"


# ----- a finished daily ----------------------------------------------------------------------


class OutcomeData(TypedDict):
    """A finished daily as stored (:meth:`Outcome.to_data`): the hands are marks, one letter each."""

    you: int
    computer: int
    hands: str
    duplicate: int | None


LineRow = list[int | str]
"""One hand of the expert's line as stored: number, deal code, your net, the expert's, its end
(gin_core's ``DuplicateLine.to_data`` row, read back by :func:`_line`)."""


class DayRecord(TypedDict):
    """One day played: the id of the attempt that counts, its outcome once finished, and the
    hands the expert has replayed so far (absent: none yet)."""

    id: str
    result: OutcomeData | None
    line: NotRequired[list[LineRow]]


class Streak(TypedDict):
    current: int
    last: str | None  # the day (ISO) of the last counted daily finished


class DailiesRecord(Stamped):
    """The record of dailies as stored (see the module text)."""

    days: dict[str, DayRecord]
    streak: Streak
    best: int


class Outcome(Frozen):
    """A finished daily from the player's side: final totals, each hand's mark, and the
    duplicate difference once computed."""

    you: int
    computer: int
    hands: tuple[HandMark, ...]
    duplicate: int | None = None

    @property
    def won(self) -> bool:
        return self.you > self.computer

    def to_data(self) -> OutcomeData:
        return {
            "you": self.you,
            "computer": self.computer,
            "hands": "".join(m.value for m in self.hands),
            "duplicate": self.duplicate,
        }

    @classmethod
    def from_data(cls, data: Any) -> Outcome:
        """The outcome stored by :meth:`to_data`; ValueError for anything else."""
        if not isinstance(data, dict):
            raise ValueError("an outcome is an object")
        you, computer = _points(data.get("you")), _points(data.get("computer"))
        hands, dup = data.get("hands"), data.get("duplicate")
        if not (isinstance(hands, str) and len(hands) <= 200 and set(hands) <= {m.value for m in HandMark}):
            raise ValueError("an outcome's hands are marks g, w, l or d")
        return cls(you, computer, tuple(HandMark(c) for c in hands), None if dup is None else _points(dup))


def _points(v: Any) -> int:
    if type(v) is not int or abs(v) >= 1 << 31:
        raise ValueError(f"an outcome's points are whole numbers, not {v!r:.20}")
    return v


def mark(record: HandRecord, seat: int = SEAT) -> HandMark:
    """How one hand went for ``seat``."""
    s = record.settlement
    if s is None or s.winner is None:
        return HandMark.DEAD
    if s.winner != seat:
        return HandMark.LOST
    return HandMark.GIN if s.kind in ("gin", "big_gin") else HandMark.WON


def outcome(records: tuple[HandRecord, ...], result: MatchResult, duplicate: int | None = None) -> Outcome:
    """The outcome of a finished daily (the player in :data:`SEAT`)."""
    return Outcome(result.totals[SEAT], result.totals[1 - SEAT], tuple(mark(r) for r in records), duplicate)


def share_text(day: datetime.date, result: Outcome, url: str | None = None) -> str:
    """The text to share: day number, won/lost and the totals, the duplicate difference if
    known, one symbol a hand, and the link if given. Nothing about the player."""
    verdict = "Won" if result.won else "Lost" if result.you < result.computer else "Drawn"
    lines = [f"Gin rummy Daily #{number(day)}", f"{verdict} {result.you}\u2013{result.computer}"]
    if result.duplicate is not None:
        lines.append(f"{result.duplicate:+d} against the expert on the same cards")
    lines.append("".join(SYMBOLS[m] for m in result.hands))
    if url is not None:
        lines.append(url)
    return "\n".join(lines)


# ----- the record of dailies -----------------------------------------------------------------


class Streaks(Frozen):
    current: int
    best: int


class DayEntry(Frozen):
    """One day of the history: ``outcome`` is ``None`` while its counted attempt is unfinished."""

    day: datetime.date
    number: int
    outcome: Outcome | None


ENVELOPE = Envelope(FORMAT, VERSION, "a gin rummy record of dailies", newer=NewerDailiesError)


def empty() -> DailiesRecord:
    return {**ENVELOPE.head(), "days": {}, "streak": {"current": 0, "last": None}, "best": 0}


def begin(data: DailiesRecord, day: datetime.date, today: datetime.date, uid: str) -> Attempt:
    """Start (or resume) playing ``day``'s daily as match ``uid``: counted if it is today's and
    no other attempt was started today, else practice. Records a new counted attempt."""
    parse_day(day.isoformat(), today)
    entry = data["days"].get(day.isoformat())
    if entry is not None:
        return Attempt.COUNTED if entry["id"] == uid else Attempt.PRACTICE
    if day != today:
        return Attempt.PRACTICE
    data["days"][day.isoformat()] = {"id": uid, "result": None}
    _trim(data["days"])
    return Attempt.COUNTED


def finish(data: DailiesRecord, day: datetime.date, uid: str, result: Outcome) -> bool:
    """Record the outcome of ``day``'s counted attempt ``uid`` once, and the streak it makes.
    Returns False (nothing changed) for practice or an outcome already recorded."""
    entry = data["days"].get(day.isoformat())
    if entry is None or entry["id"] != uid or entry["result"] is not None:
        return False
    entry["result"] = result.to_data()
    streak, last = data["streak"], data["streak"]["last"]
    if last != day.isoformat():
        follows = last is not None and datetime.date.fromisoformat(last) == day - datetime.timedelta(days=1)
        streak["current"] = streak["current"] + 1 if follows else 1
        streak["last"] = day.isoformat()
    data["best"] = max(data["best"], streak["current"])
    return True


def set_duplicate(data: DailiesRecord, day: datetime.date, uid: str, difference: int) -> bool:
    """Add the duplicate difference to ``day``'s finished counted attempt ``uid``."""
    entry = data["days"].get(day.isoformat())
    if entry is None or entry["id"] != uid or entry["result"] is None:
        return False
    entry["result"]["duplicate"] = difference
    return True


def compared(data: DailiesRecord, day: datetime.date, uid: str) -> tuple[HandComparison, ...]:
    """The hands of ``day``'s counted attempt ``uid`` the expert has replayed so far."""
    entry = data["days"].get(day.isoformat())
    if entry is None or entry["id"] != uid:
        return ()
    return _line(entry.get("line", [])) or ()


def add_compared(data: DailiesRecord, day: datetime.date, uid: str, hand: HandComparison) -> bool:
    """Keep the expert's replay of one hand of ``day``'s counted attempt ``uid`` (once)."""
    entry = data["days"].get(day.isoformat())
    if entry is None or entry["id"] != uid:
        return False
    line = entry.setdefault("line", [])
    if any(row[0] == hand.number for row in line):
        return False
    line.append([hand.number, hand.deal_code, hand.player_net, hand.expert_net, hand.expert_end])
    line.sort()
    return True


def _line(rows: Any) -> tuple[HandComparison, ...] | None:
    """The stored rows of an expert line, or None if they are not one."""
    try:
        return DuplicateLine.from_data({"seat": SEAT, "opponent": LEVEL, "hands": rows}).hands
    except DuplicateError:
        return None


def streaks(data: DailiesRecord, today: datetime.date) -> Streaks:
    """The current streak (alive while the last counted daily finished was today's or
    yesterday's) and the best."""
    last = data["streak"]["last"]
    alive = last is not None and 0 <= (today - datetime.date.fromisoformat(last)).days <= 1
    return Streaks(data["streak"]["current"] if alive else 0, data["best"])


def history(data: DailiesRecord) -> list[DayEntry]:
    """The days played, newest first."""
    out = []
    for iso, entry in sorted(data["days"].items(), reverse=True):
        day = datetime.date.fromisoformat(iso)
        res = None if entry["result"] is None else Outcome.from_data(entry["result"])
        out.append(DayEntry(day, number(day), res))
    return out


def _trim(days: dict[str, DayRecord]) -> None:
    for old in sorted(days)[:-KEEP_DAYS]:
        del days[old]


def validate(data: Any, today: datetime.date) -> tuple[DailiesRecord, list[str]]:
    """A stored record checked field by field: (the record, the fields that were reset); a day
    after ``today`` (beyond a day's leeway for the clock) is dropped, so it neither counts nor
    keeps a streak alive. Raises ValueError if it is not a record of dailies,
    NewerDailiesError for a newer version."""
    data = ENVELOPE.open(data)
    out, bad = empty(), list[str]()
    days = data.get("days")
    if not isinstance(days, dict):
        bad.append("days")
        days = {}
    for iso, entry in days.items():
        checked = _entry(iso, entry, today)
        if checked is None:
            bad.append(f"days.{str(iso)[:20]}")
        else:
            out["days"][iso] = checked
    _trim(out["days"])
    _streak(data, out, bad, today)
    return out, bad


def _entry(iso: Any, entry: Any, today: datetime.date) -> DayRecord | None:
    day = as_day(iso)
    if day is None or day > today + LEEWAY:
        return None
    if not (isinstance(entry, dict) and isinstance(entry.get("id"), str) and len(entry["id"]) <= 80):
        return None
    try:
        res = None if entry.get("result") is None else Outcome.from_data(entry["result"]).to_data()
    except ValueError:
        return None
    out: DayRecord = {"id": entry["id"], "result": res}
    line = _line(entry.get("line", []))
    if line:
        out["line"] = [[h.number, h.deal_code, h.player_net, h.expert_net, h.expert_end] for h in line]
    return out


def _streak(data: dict[str, Any], out: DailiesRecord, bad: list[str], today: datetime.date) -> None:
    streak, best = data.get("streak"), data.get("best")
    last = streak.get("last") if isinstance(streak, dict) else None
    current = streak.get("current") if isinstance(streak, dict) else None
    if (
        type(current) is int
        and 0 <= current < 1 << 31
        and (last is None or _entry(last, {"id": ""}, today) is not None)
    ):
        out["streak"] = {"current": current, "last": last}
    else:
        bad.append("streak")
    if type(best) is int and 0 <= best < 1 << 31:
        out["best"] = max(best, out["streak"]["current"])
    else:
        bad.append("best")
        out["best"] = out["streak"]["current"]
