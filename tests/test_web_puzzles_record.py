"""The stored puzzle progress: rating and streak updates, and the queue of your own mistakes."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

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
    assert data["rating"] == after and data["solved"] == ["p0001"] and data["streak"] == 2


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
    data = record.empty()
    run = best = 0
    for pid, solved in answers:
        if pid == "m":
            record.add_mistake(data, "code")
            record.answer_mistake(data, "code", solved, DAY)
        else:
            record.answer(data, pid, 1500, solved)
        run = run + 1 if solved else 0
        best = max(best, run)
    assert (data["streak"], data["best"], data["answered"]) == (run, best, len(answers))
    assert record.validate(data)[1] == []


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
