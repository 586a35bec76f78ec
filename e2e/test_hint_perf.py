"""The hint's work in the page: how long from the click to the moves shown, and that no frame froze.

The hint lists the verdicts the hand's analysis will give each of your moves
(``gin_core.analysis.think_decision``, ``table/judgement.py``): the tutor's background job of the
turn, shared by key. Asked before that job has run (the tutor off), the hint runs it first, in
slices of ``SLICE_MS`` (kit/background.py), saying what it does meanwhile; asked once the tutor has
it, the hint shows it at once. Measured with the long-task observers of scripts/frames.py, from
the click on Hint to its first row, on a few positions (cold: the tutor off), and once with the
tutor's job done (warm). Printed, and kept in artifacts/e2e/hint-timing.json.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import pytest
from gin_e2e import ARTIFACTS, ROOT, wait_ready
from test_comfort import BROKEN_RUN_DEAL, take_the_thrown_8c
from test_game import FAST, wait_turn

sys.path.insert(0, str(ROOT / "scripts"))
import frames

pytestmark = pytest.mark.alone  # its figures are the page's own: no other test beside it

SEEDS = ("31", "44", "57", "70")
"""The deals timed cold: pass the upcard, draw from the stock, then ask (eleven cards: every
discard judged)."""


def shown_after_click(page) -> float:
    """Seconds from the click on Hint to its first row shown (the dialog closed after)."""
    t0 = time.monotonic()
    page.click("#btn-hint")
    page.wait_for_selector("#dlg-hint[open] .hints li", timeout=120_000)
    took = time.monotonic() - t0
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-hint:not([open])", state="attached")
    return took


def to_discard(page, seed: str) -> None:
    page.goto(f"{site(page)}?seed={seed}&dealer=1&{FAST}")
    wait_ready(page, 60)
    page.click("#btn-pass")
    wait_turn(page)
    page.click("#stock")
    page.wait_for_function("document.querySelectorAll('#my-hand .card').length === 11")


def site(page) -> str:
    return page.url.split("?")[0]


def test_the_hint_shows_the_analysis_verdicts_without_freezing_a_frame(page, site_url, capsys):
    page.add_init_script(frames.OBSERVER_JS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url)
    wait_ready(page, 60)
    cold = []
    long_tasks = 0
    for seed in SEEDS:
        to_discard(page, seed)
        page.evaluate(frames.RESET_JS)
        cold.append(shown_after_click(page))
        long_tasks += frames.summary(page.evaluate(frames.READ_JS))["long_tasks"]
    # warm: the tutor's job of the turn done, the hint shows it
    page.goto(f"{site_url}{BROKEN_RUN_DEAL}&{FAST}")
    wait_ready(page, 60)
    take_the_thrown_8c(page)
    page.click("[data-act=settings]")
    page.wait_for_selector("#dlg-settings[open]")
    page.check("#set-tutor")
    page.click("[data-act=settings-save]")
    page.wait_for_selector("[data-tutor=ready]", timeout=120_000)
    page.evaluate(frames.RESET_JS)
    warm = shown_after_click(page)
    long_tasks += frames.summary(page.evaluate(frames.READ_JS))["long_tasks"]
    ordered = sorted(cold)
    row = {
        "cold_s": [round(s, 2) for s in cold],
        "cold_p50_s": round(statistics.median(cold), 2),
        "cold_max_s": round(ordered[-1], 2),
        "warm_s": round(warm, 2),
        "long_tasks": long_tasks,
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "hint-timing.json").write_text(json.dumps(row, indent=1) + "\n")
    with capsys.disabled():
        print(f"\nhint: {row}")
    if frames.STRICT:  # a wall-clock budget: measured above, asserted on a quiet machine only
        assert long_tasks == 0, f"the hint's work froze the page: {row}"
