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
from gin_e2e import ARTIFACTS, wait_ready

LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""
RESULTS: dict[str, dict] = {}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def play(page, decisions: int, limit_s: float = 240) -> list[dict]:
    """Play simply (stock, discard the highest deadwood, knock when offered, next hand) until
    the computer has made ``decisions`` decisions."""
    import time

    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        perf = json.loads(page.evaluate("window.ginPerfJSON || '[]'"))
        if len(perf) >= decisions:
            return perf
        page.wait_for_function(
            """() => { const t = document.getElementById('table');
                       return t.dataset.turn === 'you' || t.dataset.phase.endsWith('_over'); }""",
            timeout=120_000,
        )
        phase = page.evaluate("document.getElementById('table').dataset.phase")
        if phase == "match_over":
            page.click("#dlg-match [data-act=match-new]")
        elif phase == "hand_over":
            page.click("#btn-next")
        elif phase in ("offer", "wall"):
            page.click("#btn-pass")
        elif phase == "draw":
            page.click("#stock")
            page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")
        else:
            if page.is_visible("#btn-knock") or page.is_visible("#btn-gin"):
                page.click("#btn-gin" if page.is_visible("#btn-gin") else "#btn-knock")
                page.click("#confirm-ok")
            else:
                cards = page.query_selector_all("#my-hand .card.dw:not(.locked)") or page.query_selector_all(
                    "#my-hand .card:not(.locked)")
                cards[-1].click()
        page.wait_for_timeout(20)
    return json.loads(page.evaluate("window.ginPerfJSON || '[]'"))


@pytest.mark.parametrize("level,decisions", [("beginner", 30), ("standard", 30), ("hard", 30), ("expert", 24)])
def test_computer_decision_time(page, site_url, level, decisions, boot_timings, capsys):
    page.add_init_script(LONGTASKS)
    page.goto(f"{site_url}?seed=2024&level={level}&fast=1")
    wait_ready(page, 60)
    page.evaluate("window.__longtasks = []")  # start-up is not the computer's doing
    perf = play(page, decisions)
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
