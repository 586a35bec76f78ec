"""The daily's replay times (scripts/bench_duplicate.py, run in Pyodide by
scripts/bench_duplicate_pyodide.mjs): the page's slices, the levels on the same hands."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import bench_duplicate  # a script, found on the path set above, as the page's package is
from ginweb.daily import record as daily
from ginweb.kit.background import SLICE_MS

from gin_core.bots import ExpertBot
from gin_core.tools.opponents import QuarterExpert


def test_the_replays_think_as_the_page_s_and_the_arena_s_experts_do():
    """A level of the page or an arena-only expert (the baseline), each in the page's slices."""
    page, baseline = bench_duplicate.replayer("expert", 7), bench_duplicate.replayer("expert1x", 7)
    assert type(page) is ExpertBot and type(baseline) is QuarterExpert
    assert page.slice_ms == baseline.slice_ms == SLICE_MS


def test_each_level_replays_the_same_hands_and_the_first_is_the_baseline():
    times = bench_duplicate.measure([daily.FIRST_DAY], "standard", ["beginner", "standard"], hands=2)
    assert [len(t.thinking) for t in times.values()] == [2, 2]
    for t in times.values():
        assert all(n > 0 for n in t.slices)
        assert all(0 < longest <= thinking for longest, thinking in zip(t.longest, t.thinking, strict=True))
    lines = bench_duplicate.report(times, 1).splitlines()
    assert lines[1].startswith("beginner | 2 | ") and lines[1].count("(1.00x)") == 4
    assert lines[2].startswith("standard | 2 | ")
