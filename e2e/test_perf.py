"""How long the computer thinks in the page, and how long it may block the main thread.

Measured, printed and kept (artifacts/e2e/decisions.json), never asserted on timing: the
numbers depend on the machine. The page records every decision of the computer in
``window.ginPerfJSON``: ``ms`` from the first slice to the decision (slices are separated by
yields to the browser), ``busy_ms`` the time spent computing, ``max_slice_ms`` the longest
slice, i.e. the longest the page was frozen by that decision. A PerformanceObserver also
records every long task (> 50 ms) of the main thread while the computer plays.

The one thing asserted is the design: a level that thinks longer than one slice does yield
(more than one slice), so its thinking never runs as one long block.
"""

from __future__ import annotations

import json
import statistics

import pytest
from gin_e2e import ARTIFACTS, pct, play_for_decisions, wait_ready

LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""
RESULTS: dict[str, dict] = {}


@pytest.mark.parametrize("level,decisions", [("beginner", 30), ("standard", 30), ("hard", 30), ("expert", 24)])
def test_computer_decision_time(page, site_url, level, decisions, boot_timings, capsys):
    page.add_init_script(LONGTASKS)
    page.goto(f"{site_url}?seed=2024&level={level}&fast=1")
    wait_ready(page, 60)
    page.evaluate("window.__longtasks = []")  # start-up is not the computer's doing
    perf = play_for_decisions(page, decisions)
    assert perf, "the page recorded no decision"
    ms = [d["ms"] for d in perf]
    busy = [d["busy_ms"] for d in perf]
    slices = [d["max_slice_ms"] for d in perf]
    longtasks = page.evaluate("window.__longtasks")
    row = {
        "decisions": len(perf),
        "ms_p50": round(pct(ms, .5), 1), "ms_p95": round(pct(ms, .95), 1), "ms_max": round(max(ms), 1),
        "busy_p50": round(pct(busy, .5), 1), "busy_p95": round(pct(busy, .95), 1),
        "slice_p50": round(pct(slices, .5), 1), "slice_p95": round(pct(slices, .95), 1),
        "slice_max": round(max(slices), 1),
        "slices_per_decision": round(statistics.mean(d["slices"] for d in perf), 1),
        "longtasks": len(longtasks), "longtask_max": round(max(longtasks, default=0), 1),
    }
    RESULTS[level] = row
    with capsys.disabled():
        print(f"\n{level}: {len(perf)} decisions; decision time p50 {row['ms_p50']} ms, p95 {row['ms_p95']} ms "
              f"(max {row['ms_max']}); longest slice p50 {row['slice_p50']} ms, p95 {row['slice_p95']} ms "
              f"(max {row['slice_max']}); {row['slices_per_decision']} slices per decision; "
              f"main-thread long tasks while playing: {row['longtasks']}, longest {row['longtask_max']} ms")
    boot_timings.append((f"computer ({level}) decision p50", row["ms_p50"] / 1000))
    boot_timings.append((f"computer ({level}) decision p95", row["ms_p95"] / 1000))
    boot_timings.append((f"computer ({level}) longest slice p95", row["slice_p95"] / 1000))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "decisions.json").write_text(json.dumps(RESULTS, indent=2) + "\n")
    # the design: long thinking is cut into slices with the browser running in between
    long = [d for d in perf if d["busy_ms"] > 2 * max(d["max_slice_ms"], 1)]
    assert all(d["slices"] > 1 for d in long)
