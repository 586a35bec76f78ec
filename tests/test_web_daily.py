"""The daily deal (web/ginweb/daily.py, pure): dates to numbers and seeds fixed forever, the
link form, the record of dailies (one counted attempt a day, streaks) and the share text."""

from __future__ import annotations

import datetime
import hashlib
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gin_core import HandRecord, Match, Settlement, preset
from gin_core.results import match_result

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import record as daily
from ginweb.daily.record import Attempt, DateProblem, HandMark, Outcome

D = datetime.date


@pytest.mark.parametrize(
    ("iso", "number", "seed"),
    [
        ("2026-11-23", 1, 1072861510922263205),
        ("2026-12-31", 39, 2269159730086614737),
        ("2027-01-01", 40, 764601478739786534),
        ("2028-02-29", 464, 5834338842081450731),
        ("2028-03-01", 465, 6623233031878398457),
    ],
)
def test_dates_give_numbers_and_seeds_fixed_forever(iso, number, seed):
    day = D.fromisoformat(iso)
    assert daily.number(day) == number
    assert daily.day_of(number) == day
    assert daily.match_seed(day) == seed
    # the documented recipe, spelt out again
    assert seed == int(hashlib.sha256(f"gin-rummy daily {iso}".encode()).hexdigest()[:16], 16)
    assert daily.opponent(day) == ("standard", seed % 1_000_003)
    assert Match(preset(daily.PRESET), seed=seed).seed == seed  # a seed the engine takes


def test_the_day_is_the_utc_day():
    late = datetime.datetime(2026, 11, 23, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-5)))
    assert daily.utc_day(late) == D(2026, 11, 24)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("2026-11-22", DateProblem.BEFORE_FIRST),
        ("2026-12-02", DateProblem.FUTURE),
        ("2026-02-30", DateProblem.MALFORMED),
        ("2026-1-5", DateProblem.MALFORMED),
        ("20261201", DateProblem.MALFORMED),
        ("2026-12-01T00:00", DateProblem.MALFORMED),
        ("", DateProblem.MALFORMED),
    ],
)
def test_links_to_days_without_a_daily_are_refused(text, problem):
    with pytest.raises(daily.DailyDateError) as e:
        daily.parse_day(text, today=D(2026, 12, 1))
    assert e.value.problem is problem


def test_a_link_opens_its_day():
    day = D(2026, 11, 30)
    url = daily.link("https://gin.example/play/", day)
    assert url == "https://gin.example/play/?daily=2026-11-30"
    assert daily.parse_day(url.rpartition("=")[2], today=day) == day


# ----- the record ------------------------------------------------------------------------------

TODAY = D(2026, 12, 5)
WON = Outcome(156, 87, (HandMark.GIN, HandMark.WON, HandMark.LOST, HandMark.DEAD, HandMark.WON))


def played(days, record=None):
    """A record with each of ``days`` played and finished on the day."""
    record = daily.empty() if record is None else record
    for day in days:
        assert daily.begin(record, day, day, f"daily-{day}") is Attempt.COUNTED
        assert daily.finish(record, day, f"daily-{day}", WON)
    return record


def test_the_first_attempt_counts_and_resumes_later_ones_are_practice():
    record = daily.empty()
    assert daily.begin(record, TODAY, TODAY, "a") is Attempt.COUNTED
    assert daily.begin(record, TODAY, TODAY, "a") is Attempt.COUNTED  # a reload resumes it
    assert daily.begin(record, TODAY, TODAY, "b") is Attempt.PRACTICE
    assert not daily.finish(record, TODAY, "b", WON)  # practice is not recorded
    assert daily.finish(record, TODAY, "a", WON)
    assert not daily.finish(record, TODAY, "a", WON)  # once
    assert daily.begin(record, TODAY, TODAY, "a") is Attempt.COUNTED
    [entry] = daily.history(record)
    assert (entry.day, entry.number, entry.outcome) == (TODAY, 13, WON)


def test_older_days_are_practice_and_future_ones_refused():
    record = daily.empty()
    assert daily.begin(record, TODAY - datetime.timedelta(days=1), TODAY, "a") is Attempt.PRACTICE
    assert record == daily.empty()
    with pytest.raises(daily.DailyDateError):
        daily.begin(record, TODAY + datetime.timedelta(days=1), TODAY, "a")


def test_a_daily_started_before_midnight_counts_when_finished_after():
    record = daily.empty()
    daily.begin(record, TODAY, TODAY, "a")
    assert daily.finish(record, TODAY, "a", WON)
    assert daily.streaks(record, TODAY + datetime.timedelta(days=1)) == daily.Streaks(1, 1)


def test_streaks_run_over_consecutive_days_and_a_gap_breaks_them():
    days = [D(2026, 11, 28), D(2026, 11, 29), D(2026, 11, 30), D(2026, 12, 2), D(2026, 12, 3)]
    record = played(days)
    assert daily.streaks(record, D(2026, 12, 3)) == daily.Streaks(2, 3)
    assert daily.streaks(record, D(2026, 12, 4)) == daily.Streaks(2, 3)  # today's is still open
    assert daily.streaks(record, D(2026, 12, 5)) == daily.Streaks(0, 3)  # a day was missed
    played([D(2026, 12, 4), D(2026, 12, 5), D(2026, 12, 6)], record)
    assert daily.streaks(record, D(2026, 12, 6)) == daily.Streaks(5, 5)


def test_a_started_but_unfinished_daily_does_not_extend_the_streak():
    record = played([D(2026, 12, 1)])
    daily.begin(record, D(2026, 12, 2), D(2026, 12, 2), "x")
    assert daily.streaks(record, D(2026, 12, 3)) == daily.Streaks(0, 1)
    assert [e.outcome for e in daily.history(record)] == [None, WON]


def test_the_duplicate_difference_is_added_to_the_counted_outcome():
    record = daily.empty()
    daily.begin(record, TODAY, TODAY, "a")
    assert not daily.set_duplicate(record, TODAY, "a", 12)  # not finished yet
    daily.finish(record, TODAY, "a", WON)
    assert not daily.set_duplicate(record, TODAY, "b", 12)
    assert daily.set_duplicate(record, TODAY, "a", 12)
    assert daily.history(record)[0].outcome == Outcome(156, 87, WON.hands, 12)


def test_the_history_is_small():
    first = D(2026, 11, 23)
    record = played([first + datetime.timedelta(days=i) for i in range(daily.KEEP_DAYS + 5)])
    entries = daily.history(record)
    assert len(entries) == daily.KEEP_DAYS
    assert entries[0].number == daily.KEEP_DAYS + 5 and entries[-1].number == 6
    assert daily.streaks(record, entries[0].day).best == daily.KEEP_DAYS + 5


def test_a_record_round_trips_through_json():
    record = played([D(2026, 12, 1), D(2026, 12, 2)])
    daily.begin(record, TODAY, TODAY, "open")
    text = json.dumps(record)
    assert daily.validate(json.loads(text), TODAY) == (record, [])


@pytest.mark.parametrize(
    ("change", "reset"),
    [
        (lambda r: r.update(days=[]), ["days"]),
        (lambda r: r["days"].update({"2026-11-01": {"id": "a", "result": None}}), ["days.2026-11-01"]),
        (lambda r: r["days"].update({"2026-12-7": {"id": "a", "result": None}}), ["days.2026-12-7"]),
        (lambda r: r["days"].update({"2026-12-07": {"id": 3, "result": None}}), ["days.2026-12-07"]),
        (lambda r: r["days"]["2026-12-01"].update(result={"you": "1"}), ["days.2026-12-01"]),
        (lambda r: r["days"]["2026-12-01"]["result"].update(hands="gwx"), ["days.2026-12-01"]),
        (lambda r: r["days"]["2026-12-01"]["result"].update(duplicate=1.5), ["days.2026-12-01"]),
        (lambda r: r["streak"].update(current=-1), ["streak"]),
        (lambda r: r["streak"].update(last="yesterday"), ["streak"]),
        (lambda r: r.update(best=None), ["best"]),
    ],
)
def test_bad_stored_fields_are_reset_and_named(change, reset):
    record = played([D(2026, 12, 1), D(2026, 12, 2)])
    change(record)
    checked, bad = daily.validate(json.loads(json.dumps(record)), TODAY)
    assert bad == reset
    assert daily.validate(checked, TODAY) == (checked, [])  # what is left is a good record
    assert reset == ["days"] or "2026-12-02" in checked["days"]  # the good days are kept


@pytest.mark.parametrize(
    "data", [None, [], {"format": "gin-rummy.stats", "version": 1}, {"format": daily.FORMAT, "version": "1"}]
)
def test_what_is_not_a_record_is_refused(data):
    with pytest.raises(ValueError):
        daily.validate(data, TODAY)


def test_a_newer_record_is_left_alone():
    with pytest.raises(daily.NewerDailiesError):
        daily.validate(daily.empty() | {"version": daily.VERSION + 1}, TODAY)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
        max_leaves=20,
    )
)
def test_any_json_under_the_record_keys_is_validated_or_refused(junk):
    data = {"format": daily.FORMAT, "version": 1, "days": junk, "streak": junk, "best": junk}
    checked, _ = daily.validate(data, TODAY)
    assert daily.validate(checked, TODAY) == (checked, [])


# ----- outcome and share text ------------------------------------------------------------------


def settlement(kind: str, winner: int | None) -> Settlement:
    from gin_core import best_arrangement, parse_cards

    arr = best_arrangement(parse_cards("AC 2C 3C"))
    return Settlement(0, kind, winner, 25, 0, 1, arr, arr, (), 0, 0)


def test_each_hand_is_marked_from_the_players_side():
    hands = [("gin", 0), ("big_gin", 0), ("knock", 0), ("undercut", 0), ("gin", 1), ("knock", None)]
    records = [
        HandRecord(i + 1, 0, "000-0000", settlement(k, w), (25, 0) if w == 0 else (0, 25 * (w == 1)))
        for i, (k, w) in enumerate(hands)
    ] + [HandRecord(7, 0, "000-0000", None, (0, 0))]
    assert [daily.mark(r).value for r in records] == list("ggwwldd")
    result = daily.outcome(tuple(records), match_result(preset("classic"), records), duplicate=-3)
    assert (result.you, result.computer, result.duplicate) == (300, 50, -3)  # totals, bonuses in
    assert "".join(m.value for m in result.hands) == "ggwwldd"


def test_the_share_text_has_a_stable_format():
    text = daily.share_text(
        D(2026, 12, 4), Outcome(156, 87, WON.hands, 12), "https://gin.example/?daily=2026-12-04"
    )
    assert text == (
        "Gin rummy Daily #12\n"
        "Won 156\u201387\n"
        "+12 against the expert on the same cards\n"
        "\u2b50\U0001f7e9\U0001f7e5\u2b1c\U0001f7e9\n"
        "https://gin.example/?daily=2026-12-04"
    )
    lost = daily.share_text(D(2026, 12, 4), Outcome(40, 140, (HandMark.LOST,), -7))
    assert (
        lost == "Gin rummy Daily #12\nLost 40\u2013140\n-7 against the expert on the same cards\n\U0001f7e5"
    )
    pending = daily.share_text(D(2026, 12, 4), Outcome(100, 100, ()))
    assert pending == "Gin rummy Daily #12\nDrawn 100\u2013100\n"


def test_outcomes_round_trip_and_bad_ones_are_refused():
    assert Outcome.from_data(json.loads(json.dumps(WON.to_data()))) == WON
    for bad in (
        None,
        {"you": 1, "computer": 2, "hands": "q"},
        {"you": 1.0, "computer": 2, "hands": ""},
        {"you": 1, "computer": 2, "hands": "", "duplicate": "3"},
    ):
        with pytest.raises(ValueError):
            Outcome.from_data(bad)
