"""The tutor's work in the page: how long its verdicts take to be ready, and that no frame froze.

The tutor judges every legal move of your turn as the review will judge the move played
(``gin_core.analysis.think_decision``): about ten of the review's verdicts a discard, where it
used to run one hint's search. It runs as a background job in slices of ``SLICE_MS`` while the
table is idle (kit/background.py), so its cost moves when the question is ready, never how long
the page freezes. Measured here with the long-task observers of scripts/frames.py from the
moment the tutor is turned on to ``data-tutor=ready``, on the position of e2e/test_comfort.py's
question (deal 000-3C8J: eleven cards, ten discards to judge). Printed, and kept in
artifacts/e2e/tutor-timing.json.
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from gin_e2e import ARTIFACTS, ROOT, wait_ready
from test_comfort import BROKEN_RUN_DEAL, take_the_thrown_8c
from test_game import FAST

sys.path.insert(0, str(ROOT / "scripts"))
import frames

pytestmark = pytest.mark.alone  # its figures are the page's own: no other test beside it


def test_the_tutor_s_work_freezes_no_frame(page, site_url, capsys):
    page.add_init_script(frames.OBSERVER_JS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}{BROKEN_RUN_DEAL}&{FAST}")
    wait_ready(page, 60)
    take_the_thrown_8c(page)
    page.click("[data-act=settings]")
    page.wait_for_selector("#dlg-settings[open]")
    page.check("#set-tutor")
    page.evaluate(frames.RESET_JS)  # from the click that turns the tutor on
    t0 = time.monotonic()
    page.click("[data-act=settings-save]")
    page.wait_for_selector("[data-tutor=ready]", timeout=120_000)
    ready_s = time.monotonic() - t0
    frozen = frames.summary(page.evaluate(frames.READ_JS))
    row = {"ready_s": round(ready_s, 2), **frozen}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "tutor-timing.json").write_text(json.dumps(row, indent=1) + "\n")
    with capsys.disabled():
        print(f"\ntutor: verdicts ready {ready_s:.2f} s after it was turned on; {frames.describe(frozen)}")
    if frames.STRICT:  # a wall-clock budget: measured above, asserted on a quiet machine only
        assert frozen["long_tasks"] == 0, f"the tutor's work froze the page: {frames.describe(frozen)}"
