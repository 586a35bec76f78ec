"""Background jobs (web/ginweb/kit/background.py, pure): each runs once, a slice per step, in order."""

from __future__ import annotations

import sys
from collections.abc import Generator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from ginweb.kit.background import Jobs, while_current


def counting(n: int, log: list[str], name: str) -> Generator[object, None, int]:
    for k in range(n):
        log.append(f"{name}{k}")
        yield k
    return n * 10


def test_jobs_run_one_slice_per_step_in_order_and_once():
    jobs, log, results = Jobs(), [], []
    assert jobs.add("a", counting(2, log, "a"), results.append)
    assert jobs.add("b", counting(1, log, "b"), results.append)
    assert not jobs.add("a", counting(5, log, "x"), results.append), "the same job twice"
    steps = 0
    while jobs.step():
        steps += 1
    assert log == ["a0", "a1", "b0"] and results == [20, 10]
    assert not jobs.add("a", counting(5, log, "x"), results.append), "a finished job is not redone"
    assert steps == 4


def test_a_job_no_longer_current_stops_at_its_next_slice_unreported_and_not_done():
    jobs, log, results, current = Jobs(), [], [], [True]
    jobs.add("m1/h1", while_current(counting(3, log, "a"), lambda: current[0]), results.append)
    jobs.add("m2/h1", counting(1, log, "b"), results.append)
    jobs.step()
    current[0] = False  # its match was left
    while jobs.step():
        pass
    assert log == ["a0", "b0"] and results == [10]
    assert jobs.finished == {"m2/h1"}
    assert jobs.add("m1/h1", while_current(counting(1, log, "c"), lambda: True), results.append)
    while jobs.step():
        pass
    assert log[-1] == "c0" and results == [10, 10], "queued again, it runs to its end"


def test_a_shared_key_is_worked_once_and_every_asker_is_told():
    """The tutor and the hint share the job of a turn's verdicts (its key names the turn): the
    second asker is told when it is done (once, however often it asks), a later one at once."""
    jobs, log, tutor, hint, later = Jobs(), [], [], [], []
    assert jobs.add("turn", counting(2, log, "a"), tutor.append)
    assert not jobs.add("turn", counting(2, log, "x"), hint.append)
    assert not jobs.add("turn", counting(2, log, "x"), hint.append)
    while jobs.step():
        pass
    assert log == ["a0", "a1"] and tutor == [20] and hint == [20]
    assert not jobs.add("turn", counting(2, log, "x"), later.append)
    assert later == [20] and jobs.result("turn") == 20 and log == ["a0", "a1"]


def test_a_job_waited_for_runs_first_and_only_the_last_results_are_kept():
    from ginweb.kit.background import KEPT, MISSING

    jobs, log, results = Jobs(), [], []
    jobs.add("review", counting(2, log, "r"), results.append)
    jobs.add("turn", counting(1, log, "t"), results.append)
    jobs.first("turn")
    while jobs.step():
        pass
    assert log == ["t0", "r0", "r1"]
    for k in range(KEPT):
        jobs.add(f"k{k}", counting(1, log, "k"), results.append)
    while jobs.step():
        pass
    assert jobs.result("turn") is MISSING and jobs.result(f"k{KEPT - 1}") == 10
