"""The page's decision times per level (scripts/page_think.py, run in Pyodide by
scripts/page_think_pyodide.mjs): the page's slices, the levels on the same deals."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import page_think  # a script, found on the path set above, as the page's package is
from ginweb.kit.background import SLICE_MS


def test_the_slices_are_the_pages():
    assert page_think.page_slice_ms() == SLICE_MS


def test_each_level_is_timed_on_its_searched_decisions_against_hards():
    times = page_think.measure(["hard", "expert"], 2, seed=5)
    assert [len(t.thinking) for t in times.values()] == [2, 2]
    for t in times.values():
        assert all(0 < longest <= thinking for longest, thinking in zip(t.longest, t.thinking, strict=True))
    lines = page_think.report(times).splitlines()
    assert lines[1].startswith("hard | 2 | ") and lines[1].count("(1.00x)") == 5
    assert lines[2].startswith("expert | 2 | ")
