"""The stored puzzle progress: rating and streak updates, and the queue of your own mistakes."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.puzzles import record

DAY = datetime.date(2026, 11, 26)


def test_solving_raises_the_rating_and_the_streak() -> None:
    data = record.empty()
    assert record.answer(data, "p0001", 1500, True)
    assert record.rating(data).rating > 1500
    assert (data["streak"], data["best"], data["solved"]) == (1, 1, ["p0001"])


def test_a_miss_lowers_the_rating_and_ends_the_streak_but_keeps_the_best() -> None:
    data = record.empty()
    record.answer(data, "p0001", 1500, True)
    record.answer(data, "p0002", 1500, True)
    before = record.rating(data).rating
    assert record.answer(data, "p0003", 1500, False)
    assert record.rating(data).rating < before
    assert (data["streak"], data["best"]) == (0, 2)
    assert "p0003" not in data["solved"]


def test_a_puzzle_solved_before_does_not_move_the_rating_again() -> None:
    data = record.empty()
    record.answer(data, "p0001", 1500, True)
    after = list(data["rating"])
    assert not record.answer(data, "p0001", 1500, True)
    assert (
        data["rating"] == after and data["solved"] == ["p0001"] and data["streak"] == 1
    )  # counted once (issue 43 item 16)


def test_a_solved_mistake_drops_out() -> None:
    data = record.empty()
    assert record.add_mistake(data, "code-a") and not record.add_mistake(data, "code-a")
    assert record.due_mistakes(data, DAY) == ["code-a"]
    record.answer_mistake(data, "code-a", True, DAY)
    assert record.due_mistakes(data, DAY) == [] and data["mistakes"] == []
    assert not record.add_mistake(data, "code-a"), "the review flags it still: it stays out"


def test_a_missed_mistake_comes_back_after_other_puzzles() -> None:
    data = record.empty()
    record.add_mistake(data, "code-a")
    record.answer_mistake(data, "code-a", False, DAY)
    assert record.due_mistakes(data, DAY) == [] and record.waiting_mistakes(data, DAY) == 1
    for n in range(record.AGAIN_AFTER):
        assert record.due_mistakes(data, DAY) == []
        record.answer(data, f"p{n:04d}", 1500, True)
    assert record.due_mistakes(data, DAY) == ["code-a"]


def test_a_missed_mistake_comes_back_the_next_day() -> None:
    data = record.empty()
    record.add_mistake(data, "code-a")
    record.answer_mistake(data, "code-a", False, DAY)
    assert record.due_mistakes(data, DAY + datetime.timedelta(days=1)) == ["code-a"]


def test_the_puzzle_of_the_day_keeps_its_first_answer() -> None:
    data = record.empty()
    record.answer_day(data, DAY, False)
    record.answer_day(data, DAY, True)
    assert data["days"] == {DAY.isoformat(): False}


def test_a_record_round_trips_through_json() -> None:
    data = record.empty()
    record.answer(data, "p0001", 1700, True)
    record.add_mistake(data, "code-a")
    record.answer_mistake(data, "code-a", False, DAY)
    record.answer_day(data, DAY, True)
    assert record.validate(json.loads(json.dumps(data))) == (data, [])


def test_bad_fields_are_reset_and_named() -> None:
    data = record.empty() | {"rating": [1500, -3, 0.06], "streak": "x", "mistakes": [{"code": 5}]}
    out, bad = record.validate(data)
    assert bad == ["rating", "streak", "mistakes"]
    assert out["rating"] == record.empty()["rating"] and out["mistakes"] == []


def test_a_newer_record_is_left_alone_and_a_foreign_one_refused() -> None:
    with pytest.raises(record.NewerPuzzlesError):
        record.validate(record.empty() | {"version": record.VERSION + 1})
    with pytest.raises(ValueError, match="not a gin rummy record of puzzles"):
        record.validate({"format": "other"})


@given(st.lists(st.tuples(st.sampled_from(["p1", "p2", "p3", "m"]), st.booleans()), max_size=40))
def test_the_best_streak_is_the_longest_run_of_solved(answers: list[tuple[str, bool]]) -> None:
    """Each puzzle counts once (its first answer); a mistake counts until it is solved."""
    data = record.empty()
    run = best = counted = 0
    seen: set[str] = set()
    for pid, solved in answers:
        if pid == "m":
            record.add_mistake(data, "code")
            record.answer_mistake(data, "code", solved, DAY)
        else:
            record.answer(data, pid, 1500, solved)
        if pid in seen:
            continue
        if solved or pid != "m":
            seen.add(pid)
        counted += 1
        run = run + 1 if solved else 0
        best = max(best, run)
    assert (data["streak"], data["best"], data["answered"]) == (run, best, counted)
    assert record.validate(data)[1] == []


def test_a_puzzle_answered_again_counts_once() -> None:
    """Issue 43 item 16: the puzzle of the day answered, opened again and answered again made
    the streak 1, 2, 3 (and another tab answering it made 2)."""
    data = record.empty()
    assert record.answer(data, "p0001", 1500, True)
    once = json.dumps(data)
    assert not record.answer(data, "p0001", 1500, True)
    assert not record.answer(data, "p0001", 1500, False)
    assert json.dumps(data) == once and data["streak"] == 1
    missed = record.empty()
    record.answer(missed, "p0002", 1500, False)
    assert not record.answer(missed, "p0002", 1500, True) and missed["streak"] == 0


def test_a_mistake_solved_in_another_tab_counts_once() -> None:
    data = record.empty()
    record.add_mistake(data, "code-a")
    other = json.loads(json.dumps(data))
    assert record.answer_mistake(data, "code-a", True, DAY)
    assert not record.answer_mistake(data, "code-a", True, DAY) and data["streak"] == 1
    assert record.answer_mistake(other, "code-a", True, DAY)


BREAKING = {  # each passed the checks, then crashed every later answer (issue 43 items 8, 15)
    "rating": [[9000, 350, 0.06], [-200_000, 350, 0.06], [1500, 1e200, 0.06], [1500, 350, 1e-300]]
    + [
        [1e308, 350, 0.06],
        [float("nan"), 350, 0.06],
        [1500, -5, 0.06],
        ["1500", 350, 0.06],
        [True, 350, 0.06],
    ],
    "streak": [-1, 1 << 40, 2.0, "3"],
    "answered": [-5, 1e3],
    "mistakes": [[{"code": "abc", "after": 0}], [{"code": "abc", "after": -1, "day": None}]],
    "puzzle_ratings": [{"p0001": [9000, 350, 0.06]}, {"p0001": [1500, 60, 1e-300]}],
}


@pytest.mark.parametrize(("field", "value"), [(f, v) for f, vs in BREAKING.items() for v in vs])
def test_a_value_the_next_steps_cannot_take_is_reset_and_named(field: str, value: Any) -> None:
    """Issue 43 item 8: a mistake without ``day`` passed, then ``due_mistakes`` raised KeyError on
    every puzzle shown; a 9,000 rating passed as "finite", then Glicko-2 divided by zero."""
    stored = json.loads(json.dumps(record.empty() | {field: value}))
    data, bad = record.validate(stored)
    assert bad == [field]
    record.due_mistakes(data, DAY)
    record.answer(data, "p0001", 2400, False)
    record.answer(data, "p0002", 726, True)
    assert record.validate(json.loads(json.dumps(data)))[1] == []


def test_your_results_move_the_puzzles_local_rating() -> None:
    data = record.empty()
    assert record.local_rating(data, "p0001", 1600).rating == 1600
    record.answer(data, "p0001", 1600, False)
    missed = record.local_rating(data, "p0001", 1600).rating
    record.answer(data, "p0002", 1600, True)
    assert missed > 1600 > record.local_rating(data, "p0002", 1600).rating
    record.answer(data, "p0002", 1600, False)  # solved before: rates nothing again
    assert record.local_rating(data, "p0002", 1600).rating < 1600


def test_a_record_from_before_the_puzzle_ratings_loads_whole() -> None:
    old = record.empty()
    del old["puzzle_ratings"]
    record.answer(old | {"puzzle_ratings": {}}, "p0001", 1500, True)
    out, bad = record.validate(old)
    assert bad == [] and out["puzzle_ratings"] == {}
    broken = record.empty() | {"puzzle_ratings": {"p0001": [1500, -1, 0.06]}}
    assert record.validate(broken)[1] == ["puzzle_ratings"]


def test_a_record_keyed_by_line_numbers_keeps_every_answer_under_the_stable_ids() -> None:
    """Issue 41: version 1 named shipped puzzles by their line in the set; pruning the set would
    have pointed those ids at other puzzles. They are read as the stable ids of the puzzles they
    named, solved and rated alike, and the answers count as before (nothing answered again)."""
    from gin_core.puzzles import puzzle_by_id

    old = record.empty() | {"version": record.LINE_NUMBERED}
    record.answer(old, "p0001", 1500, True)
    record.answer(old, "p0007", 1500, False)
    out, bad = record.validate(json.loads(json.dumps(old)))
    first, second = puzzle_by_id("p0001").id, puzzle_by_id("p0007").id
    assert bad == [] and (first, second) == ("p53dl4f", "pfp3zih")
    assert out["solved"] == [first] and set(out["puzzle_ratings"]) == {first, second}
    assert out["puzzle_ratings"][second] == old["puzzle_ratings"]["p0007"]
    assert (out["answered"], out["streak"], out["rating"]) == (old["answered"], old["streak"], old["rating"])
    assert not record.answer(out, first, 1500, True) and not record.answer(out, second, 1500, True)
    again, _ = record.validate(json.loads(json.dumps(out)))
    assert again == out  # a version 2 record is not renumbered again


def test_a_version_that_is_not_a_number_is_refused() -> None:
    for version in (True, "1", 1.0, None):
        with pytest.raises(ValueError, match="not read here"):
            record.validate(record.empty() | {"version": version})
