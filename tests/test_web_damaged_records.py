"""Every stored record the page reads, damaged but still JSON (issue 43 items 8-10, 15, 17): a
huge finite number, NaN, a negative count, a superscript digit, a wrong type, a key that is not
a number, nesting. Each reader either refuses the record with a ValueError (the store sets it
aside with a notice naming the reason) or loads what its next steps can take: those steps (an
answer rated, a hand counted, the record written and read back) never raise, and what is written
back reads again with no field reset."""

from __future__ import annotations

import copy
import datetime
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_core import Match, preset
from gin_core.analysis import HandReview, think_review
from gin_core.analysis.coach import Strength
from gin_core.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.daily import record as daily
from ginweb.kit import safejson
from ginweb.lessons import record as lessons
from ginweb.puzzles import model as puzzles_model
from ginweb.puzzles import record as puzzles
from ginweb.review import record as reviews
from ginweb.storage import seal, stats
from ginweb.storage import seatrecord as seats
from ginweb.storage import settings as page_settings
from test_api_misuse import a_table

KEY = "0123456789abcdef0123456789abcdef"
DAY = datetime.date(2026, 11, 26)
LIGHT = Strength(4, 300)  # a quick coach: only the shape of its review matters here


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


DAMAGE: list[Any] = [1e308, -1e308, -1e25, -1e20, 1e20, float("nan"), -1, -5, 10**20, 1 << 63, 0.5]
DAMAGE += ["²", "1:²", "7", "", "x" * 300, None, True, [], {}, {"a": 1}, nested(5), nested(40)]
KEYS = ["²", "1:²", "²:1", "-1", "99999999999999999999", "1:99", "0", ""]


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the root excluded)."""
    found = [at] if at else []
    if len(at) > 12:
        return found
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        found += paths(v, (*at, k))
    return found


def damaged(good: Any) -> st.SearchStrategy[Any]:
    """``good`` with one or two places replaced by damage, or a key renamed."""

    @st.composite
    def one(draw: st.DrawFn) -> Any:
        data = json.loads(json.dumps(good))
        for _ in range(draw(st.integers(1, 2))):
            where = draw(st.sampled_from(paths(data)))
            parent = data
            for k in where[:-1]:
                parent = parent[k]
            if isinstance(parent, dict) and draw(st.booleans()):
                parent[draw(st.sampled_from(KEYS))] = parent.pop(where[-1])
            else:
                parent[where[-1]] = copy.deepcopy(draw(st.sampled_from(DAMAGE)))  # DAMAGE stays as it is
        return data

    return one()


def stored(data: Any) -> Any:
    """``data`` as the page reads it back: its JSON text measured and parsed (safejson)."""
    return safejson.loads(json.dumps(data))


# ----- good records, made by play -----------------------------------------------------------------


@cache
def finished() -> Match:
    m = Match(preset("classic").replace(target=None), seed=11)
    bots = [make_bot("simple", 1), make_bot("simple", 2)]
    while m.phase != "match_over":
        m.apply(bots[m.to_move].decide(m.view(m.to_move)).action)
    return m


@cache
def a_review() -> HandReview:
    thinking = think_review(finished(), 1, strength=LIGHT)
    while True:
        try:
            next(thinking)
        except StopIteration as end:
            review: HandReview = end.value
            return review


def good_puzzles() -> dict[str, Any]:
    data = puzzles.empty()
    puzzles.answer(data, "p0003", 1600, True)
    puzzles.add_mistake(data, "code-a")
    puzzles.answer_mistake(data, "code-a", False, DAY)
    puzzles.answer_day(data, DAY, True)
    return data


def good_stats() -> dict[str, Any]:
    data = stats.empty({"coach": reviews.check_counts})
    m = finished()
    for r in m.records:
        stats.count_hand(data, "u1", r)
    assert m.result is not None
    stats.count_match(data, "u1", m.result, "standard", m.rules, "2026-11-26")
    reviews.count_review(data, "u1", a_review(), "standard", (1.5, 3))
    return data


# ----- each reader and its next steps ---------------------------------------------------------


def use_puzzles(raw: Any) -> None:
    data, _ = puzzles.validate(raw)
    puzzles.due_mistakes(data, DAY)
    puzzles.waiting_mistakes(data, DAY)
    puzzles_model.progress(data, puzzles.rating(data))
    for code in [m["code"] for m in data["mistakes"]]:
        puzzles.answer_mistake(data, code, False, DAY)
    puzzles.answer(data, "p0001", 2400, False)
    puzzles.answer(data, "p0002", 726, True)
    puzzles.answer_day(data, DAY, True)
    assert puzzles.validate(stored(data))[1] == []


def use_stats(raw: Any) -> None:
    parts = {"coach": reviews.check_counts}
    data, _ = stats.validate(raw, parts)
    m = finished()
    for r in m.records:
        stats.count_hand(data, "u2", r)
    assert m.result is not None
    stats.count_match(data, "u2", m.result, "expert", m.rules, "2026-11-27")
    reviews.count_review(data, "u2", a_review(), "expert", (-2.5, -7))
    stats.kind_rows(data)
    reviews.match_play(data["coach"])
    reviews.given_away_by_match(data["coach"])
    assert stats.validate(stored(data), parts)[1] == []


def use_settings(raw: Any) -> None:
    s, _ = page_settings.from_record(raw)
    assert page_settings.from_record(stored(page_settings.to_record(s)))[1] == []


def use_dailies(raw: Any) -> None:
    data, _ = daily.validate(raw, DAY)
    daily.streaks(data, DAY)
    daily.history(data)
    assert daily.validate(stored(data), DAY)[1] == []


def use_lessons(raw: Any) -> None:
    assert lessons.read(stored(json.loads(lessons.write(lessons.read(raw))))) is not None


def use_reviews(raw: Any) -> None:
    """The reviews kept with a match (sealed in a match of two people)."""
    records = finished().records
    for found in (
        reviews.read_reviews(raw, records),
        reviews.read_reviews(seal.seal(json.dumps(raw), KEY), records, KEY),
    ):
        data = stats.empty({"coach": reviews.check_counts})
        for seat in found:
            for n, review in seat.items():
                reviews.count_review(data, "u", review, "standard", (0.0, 0))
                assert (
                    reviews.read_reviews(reviews.reviews_part(found), records)[seat == found[1]][n] == review
                )
        assert stats.validate(stored(data), {"coach": reviews.check_counts})[1] == []


def use_seats(raw: Any) -> None:
    """A seated table's record, its analyses damaged inside their seal."""
    record = json.loads(seats.dumps(seats.Seated(a_table(), "standard", seats.alone(3)), KEY))
    record["analyses"] = seal.seal(json.dumps(raw), KEY)
    seated = seats.parse(stored(record), KEY)
    for (hand, seat), review in seated.analyses.items():
        assert 0 < hand <= len(seated.table.hands) and 0 <= seat < seated.table.seats
        assert review.deal_code


def good_analyses() -> dict[str, Any]:
    return {"1:1": a_review().to_data(), "1:2": a_review().to_data()}


READERS: dict[str, tuple[Callable[[], Any], Callable[[Any], None]]] = {
    "puzzles": (good_puzzles, use_puzzles),
    "stats": (good_stats, use_stats),
    "settings": (lambda: page_settings.to_record(page_settings.Settings()), use_settings),
    "dailies": (daily.empty, use_dailies),
    "lessons": (lambda: json.loads(lessons.write(frozenset({"cards"}))), use_lessons),
    "reviews": (lambda: reviews.reviews_part(({1: a_review()}, {})), use_reviews),
    "seats analyses": (good_analyses, use_seats),
}


@pytest.mark.parametrize("name", list(READERS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_damaged_record_is_refused_or_loads_what_its_next_steps_take(
    name: str, data: st.DataObject
) -> None:
    good, use = READERS[name]
    raw = data.draw(damaged(good()))
    try:
        text = json.dumps(raw)
        loaded = safejson.loads(text)
    except ValueError:
        return  # too deep or a huge number: set aside before any reader sees it
    try:
        use(loaded)
    except ValueError as e:  # the whole record refused: set aside, the notice naming why
        assert name not in ("reviews", "seats analyses"), f"an analysis loses only itself: {e}"
        assert str(e)


DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "bad",
    ['"1:²": "x"', '"²:1": {}', '"1:99999999999999999999": {}', '"1:2": ' + DEEP, "DEEP"],
)
def test_one_unreadable_analysis_loses_only_itself_not_the_table(bad: str) -> None:
    """Issue 43 item 10: a key "1:²" passed ``isdigit()`` and ``int()`` raised outside the
    ``try``; nesting 5,000 deep raised RecursionError: the whole seated table was lost."""
    record = json.loads(seats.dumps(seats.Seated(a_table(), "standard", seats.alone(3)), KEY))
    good = json.dumps(a_review().to_data())
    text = DEEP if bad == "DEEP" else "{" + bad + ', "1:1": ' + good + "}"
    record["analyses"] = seal.seal(text, KEY)
    seated = seats.parse(record, KEY)
    assert seated.table.hands == a_table().hands


def test_two_peoples_reviews_nested_deep_are_dropped_not_raised() -> None:
    """Issue 43 item 10 (``review/record.read_reviews`` for two people)."""
    assert reviews.read_reviews(seal.seal("[" * 5000 + "]" * 5000, KEY), finished().records, KEY) == ({}, {})


@pytest.mark.parametrize("value", [-1e308, -1e25, -1e20, 1e308])
def test_a_stored_review_with_a_huge_value_is_refused_not_counted(value: float) -> None:
    """Issue 43 item 9: ``played_value`` -1e308 crashed the coach's count, -1e25 wrote a 27-digit
    count (the next load set the whole statistics aside), -1e20 reset a counter silently."""
    data = a_review().to_data()
    assert data["verdicts"], "the hand has decisions"
    data["verdicts"][0]["played_value"] = value
    assert reviews.read_reviews({"1": data}, finished().records) == ({}, {})
