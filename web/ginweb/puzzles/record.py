"""The player's puzzle progress as stored (``puzzles``, its own key: never the match's nor the
statistics'): the Glicko-2 rating, the puzzles' own ratings as your results moved them
(``puzzle_ratings``: id -> rating, deviation, volatility; a record without it loads as new),
the streak of puzzles solved in a row and the best, the ids of the shipped puzzles solved, the
days whose puzzle was answered, and the queue of your own mistakes.

The mistakes queue holds position codes from your flagged decisions, each with the seed the
hand's analysis drew its guesses of the hidden cards with (``seed``, version 3: the puzzle then
judges every move with the analysis's own values; a mistake queued before has none), and once
the background has valued it, its values (``values``, version 4: the moves ranked with the
figures shown, in the form of valued.py; about 450 bytes for a discard's eleven moves, for at
most ``KEEP_MISTAKES``).
They are your own view's values (a position code holds only what you saw), stored in clear like
the rest of this record. A mistake you solve
drops out for good (its code is kept in ``cleared``: it stays flagged in your match); one you miss
comes back after ``AGAIN_AFTER`` other puzzles answered or on the next day, whichever comes
first. Mistakes do not change the rating (they come back until solved, so they would only
inflate it), nor does a shipped puzzle solved before. Pure: no ``js``, no storage, no clock
(callers pass ``today``).

Version 2 keys shipped puzzles by their stable ids (a digest of position and answer, issue 41):
version 1 keyed them by line number, and the envelope's step up (:func:`_renumbered`) maps those
ids to the stable ones (also for puzzles retired since, so a solved count never shrinks).
Version 3 lets a queued mistake carry its analysis's seed; a version 2 record reads as it is.
Version 4 lets it carry its values; a version 3 record reads as it is (its mistakes unvalued).
Values of the wrong shape are dropped on reading, the mistake kept, without a notice: nothing
you did is lost, they are worked out again (as are values whose moves do not parse, or are not
the position's: those are not shown, play.py).
"""

from __future__ import annotations

import datetime
from typing import Any, NotRequired, TypedDict, cast

from gin_core.puzzles.glicko import PUZZLE_DEVIATION, PlayerRating, in_bounds, play
from gin_core.puzzles.puzzle import current_id

from ..kit.safejson import NewerVersionError
from ..storage.envelope import Envelope, Stamped
from . import valued

FORMAT = "gin-rummy.puzzles"
VERSION = 4
LINE_NUMBERED = 1  # the version whose puzzle ids were line numbers of the set
SEEDLESS = 2  # the version whose queued mistakes had no analysis seed
UNVALUED = 3  # the version whose queued mistakes had no values
AGAIN_AFTER = 5  # a missed mistake comes back after this many other puzzles (or the next day)
KEEP_SOLVED = 5000
KEEP_DAYS = 60
KEEP_MISTAKES = 100
KEEP_RATED = 2000  # the puzzles whose local rating is kept (the latest answered)
MAX_CODE = 400  # longer text is not a position code
MAX_COUNT = (1 << 31) - 1  # counts stop here (a stored count is read up to it)


class NewerPuzzlesError(NewerVersionError):
    """The record was written by a newer version of the page."""


def _renumbered(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: the puzzle ids (line numbers of the set as it was) as stable ids; a field
    of the wrong shape is left as it is, for its check."""
    out = dict(record)
    solved, rated = record.get("solved"), record.get("puzzle_ratings")
    if isinstance(solved, list):
        out["solved"] = [current_id(pid) if isinstance(pid, str) else pid for pid in solved]
    if isinstance(rated, dict):
        out["puzzle_ratings"] = {
            current_id(pid) if isinstance(pid, str) else pid: v for pid, v in rated.items()
        }
    return out


ENVELOPE = Envelope(
    FORMAT,
    VERSION,
    "a gin rummy record of puzzles",
    steps={LINE_NUMBERED: _renumbered, SEEDLESS: dict, UNVALUED: dict},
    newer=NewerPuzzlesError,
)


class Mistake(TypedDict):
    """One of your mistakes queued: its position code, when it comes back (after that many
    puzzles answered, or on that day), the seed of its analysis's guesses (absent: queued
    before it was kept), and its values (absent: not valued yet; valued.py's stored form)."""

    code: str
    after: int
    day: str | None
    seed: NotRequired[int]
    values: NotRequired[dict[str, Any]]


class PuzzleRecord(Stamped):
    """The puzzle progress as stored (see the module text)."""

    rating: list[float]  # rating, deviation, volatility
    streak: int
    best: int
    answered: int
    solved: list[str]
    days: dict[str, bool]
    mistakes: list[Mistake]
    cleared: list[str]
    puzzle_ratings: dict[str, list[float]]


def empty() -> PuzzleRecord:
    start = PlayerRating()
    return {
        **ENVELOPE.head(),
        "rating": [start.rating, start.deviation, start.volatility],
        "streak": 0,
        "best": 0,
        "answered": 0,
        "solved": [],
        "days": {},
        "mistakes": [],
        "cleared": [],
        "puzzle_ratings": {},
    }


def rating(data: PuzzleRecord) -> PlayerRating:
    return PlayerRating(*data["rating"])


def local_rating(data: PuzzleRecord, pid: str, shipped: float) -> PlayerRating:
    """Puzzle ``pid``'s rating here: as your results moved it, else as shipped."""
    local = data["puzzle_ratings"].get(pid)
    return PlayerRating(shipped, PUZZLE_DEVIATION) if local is None else PlayerRating(*local)


def answered_before(data: PuzzleRecord, pid: str) -> bool:
    """Whether shipped puzzle ``pid`` was answered here before (solved, or rated by a miss)."""
    return pid in data["solved"] or pid in data["puzzle_ratings"]


def answer(data: PuzzleRecord, pid: str, puzzle_rating: float, solved: bool) -> bool:
    """Record the first answer to shipped puzzle ``pid``: the streak, your rating and the
    puzzle's local one. A puzzle counts once: a later answer (the puzzle of the day opened
    again, the same puzzle in another tab) changes nothing. Returns whether it counted."""
    if answered_before(data, pid):
        return False
    after, puzzle = play(rating(data), local_rating(data, pid, puzzle_rating), solved)
    _streak(data, solved)
    if solved:
        data["solved"] = [*data["solved"], pid][-KEEP_SOLVED:]
    data["rating"] = [after.rating, after.deviation, after.volatility]
    rated = {k: v for k, v in data["puzzle_ratings"].items() if k != pid}
    rated[pid] = [puzzle.rating, puzzle.deviation, puzzle.volatility]
    data["puzzle_ratings"] = dict(list(rated.items())[-KEEP_RATED:])
    return True


def answer_day(data: PuzzleRecord, day: datetime.date, solved: bool) -> None:
    """The puzzle of ``day`` was answered (the first answer is kept)."""
    data["days"].setdefault(day.isoformat(), solved)
    for old in sorted(data["days"])[:-KEEP_DAYS]:
        del data["days"][old]


def _streak(data: PuzzleRecord, solved: bool) -> None:
    data["answered"] = min(data["answered"] + 1, MAX_COUNT)
    data["streak"] = min(data["streak"] + 1, MAX_COUNT) if solved else 0
    data["best"] = max(data["best"], data["streak"])


def add_mistake(data: PuzzleRecord, code: str, seed: int | None = None) -> bool:
    """Queue the position ``code`` (due at once) with its analysis's ``seed``; False if it is
    queued already or was solved (it stays flagged in your match: a solved mistake must not
    come back)."""
    if code in data["cleared"] or any(m["code"] == code for m in data["mistakes"]):
        return False
    due: Mistake = {"code": code, "after": 0, "day": None}
    if seed is not None:
        due["seed"] = seed
    data["mistakes"] = [*data["mistakes"], due][-KEEP_MISTAKES:]
    return True


def answer_mistake(data: PuzzleRecord, code: str, solved: bool, today: datetime.date) -> bool:
    """Your mistake ``code`` was tried: solved, it drops out; missed, it comes back after
    AGAIN_AFTER other puzzles or tomorrow. False (nothing counted) if it is no longer queued
    (solved meanwhile in another tab)."""
    if not any(m["code"] == code for m in data["mistakes"]):
        return False
    _streak(data, solved)
    seed = seed_of(data, code)
    kept = [m for m in data["mistakes"] if m["code"] != code]
    if solved and code not in data["cleared"]:
        data["cleared"] = [*data["cleared"], code][-KEEP_MISTAKES:]
    if not solved:
        tomorrow = (today + datetime.timedelta(days=1)).isoformat()
        after = min(data["answered"] + AGAIN_AFTER, MAX_COUNT)
        again: Mistake = {"code": code, "after": after, "day": tomorrow}
        if seed is not None:
            again["seed"] = seed
        values = values_of(data, code)
        if values is not None:
            again["values"] = values
        kept.append(again)
    data["mistakes"] = kept
    return True


def due_mistakes(data: PuzzleRecord, today: datetime.date) -> list[str]:
    """The codes of your mistakes to try now, oldest first."""
    iso = today.isoformat()
    return [
        m["code"]
        for m in data["mistakes"]
        if m["after"] <= data["answered"] or (m["day"] is not None and m["day"] <= iso)
    ]


def seed_of(data: PuzzleRecord, code: str) -> int | None:
    """The analysis's seed of your queued mistake ``code`` (None: not queued, or queued without)."""
    found = next((m for m in data["mistakes"] if m["code"] == code), None)
    return None if found is None else found.get("seed")


def values_of(data: PuzzleRecord, code: str) -> dict[str, Any] | None:
    """The values kept with your queued mistake ``code`` (None: not queued, or not valued yet)."""
    found = next((m for m in data["mistakes"] if m["code"] == code), None)
    return None if found is None else found.get("values")


def keep_values(data: PuzzleRecord, code: str, seed: int | None, values: dict[str, Any]) -> bool:
    """Keep ``values`` (valued.py's stored form) with your mistake ``code`` queued with ``seed``;
    False if it is not queued so (solved meanwhile)."""
    found = next((m for m in data["mistakes"] if m["code"] == code and m.get(SEED) == seed), None)
    if found is None:
        return False
    found["values"] = values
    return True


def waiting_mistakes(data: PuzzleRecord, today: datetime.date) -> int:
    """How many of your mistakes come back later."""
    return len(data["mistakes"]) - len(due_mistakes(data, today))


def validate(data: Any) -> tuple[PuzzleRecord, list[str]]:
    """A stored record checked field by field: (the record, the fields that were reset).
    Raises ValueError if it is not a puzzle record, NewerPuzzlesError for a newer version."""
    data = _unvalued_if_damaged(ENVELOPE.open(data))
    out: dict[str, Any] = dict(empty())
    bad = []
    for key, check in CHECKS.items():
        if key in OPTIONAL and key not in data:
            continue  # a record from before the field: it starts empty, nothing was lost
        value = data.get(key)
        if check(value):
            out[key] = value
        else:
            bad.append(key)
    record = cast(PuzzleRecord, out)  # each field of the shape checked above, or as empty() made it
    record["best"] = max(record["best"], record["streak"])
    return record, bad


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _rating(value: Any) -> bool:
    """A rating, deviation and volatility within the ranges Glicko-2 computes with (a rating of
    9,000 or a volatility of 1e-300 is finite, and breaks every later answer)."""
    return isinstance(value, list) and in_bounds(value)


def _ratings(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and len(k) <= 20 and _rating(v) for k, v in value.items()
    )


def _ids(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and len(v) <= 20 for v in value)


def _codes(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and 0 < len(v) <= MAX_CODE for v in value)


def _days(value: Any) -> bool:
    return isinstance(value, dict) and all(_iso(k) and type(v) is bool for k, v in value.items())


def _iso(text: Any) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return False
    return isinstance(text, str)


MISTAKE_KEYS = frozenset({"code", "after", "day"})  # each read by due_mistakes
SEED = "seed"  # and this one, if present, by seed_of
VALUES = "values"  # and this one, if present, by values_of (checked apart: _unvalued_if_damaged)
MAX_SEED = (1 << 32) - 1  # a analysis's seed is four bytes of a digest (decision_seed)


def _mistakes(value: Any) -> bool:
    return isinstance(value, list) and all(_mistake(m) for m in value)


def _mistake(m: Any) -> bool:
    return (
        isinstance(m, dict)
        and set(m) - {SEED, VALUES} == MISTAKE_KEYS
        and (SEED not in m or (type(m[SEED]) is int and 0 <= m[SEED] <= MAX_SEED))
        and isinstance(m["code"], str)
        and 0 < len(m["code"]) <= MAX_CODE
        and _count(m["after"])
        and (m["day"] is None or _iso(m["day"]))
    )


def _unvalued_if_damaged(data: dict[str, Any]) -> dict[str, Any]:
    """The record with the values of each queued mistake that cannot be read dropped (the
    mistake kept, to be valued again); anything else as it is, for its check."""
    mistakes = data.get("mistakes")
    if not isinstance(mistakes, list):
        return data
    kept = [
        {k: v for k, v in m.items() if k != VALUES}
        if isinstance(m, dict) and VALUES in m and not valued.well_formed(m[VALUES])
        else m
        for m in mistakes
    ]
    return data | {"mistakes": kept}


CHECKS = {
    "rating": _rating,
    "streak": _count,
    "best": _count,
    "answered": _count,
    "solved": _ids,
    "days": _days,
    "mistakes": _mistakes,
    "cleared": _codes,
    "puzzle_ratings": _ratings,
}
OPTIONAL = ("puzzle_ratings",)  # fields added after version 1: a record may lack them
