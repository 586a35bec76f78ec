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
